/*
 * mancala.h - the private header of the mancala plugin (Wagner's mancala
 * family, P. A. Wagner 1917): the rule table, the position, and the
 * functions the plugin's files share.  Nothing outside plugins/mancala
 * includes it.
 *
 * The files, by role:
 *	game.c		options, the variants' defaults, the descriptor
 *	board.c		board geometry (rows, owners, circuits) and start
 *	rules.c		the sowing engine and the turn: readable rules
 *	fast.c		masks of legal starts and captures, word-parallel
 *	notation.c	hole names, moves, position strings, rendering
 *
 * One sowing engine plays every game.  It is driven by a rule table
 * (struct rules) built once from the options: the board (rows x holes),
 * who owns which hole, each player's circuit as a "next hole" table, the
 * start layout, which holes a move may start from, relay sowing, the
 * capture trigger, what becomes of captured men, the extra capture, the
 * end of the game and the score.  The variants only supply defaults for
 * these options; no code path asks which variant is being played.
 *
 * Holes are numbered row * n + column, rows top to bottom (a, b, c, d),
 * columns 0 .. n-1 for Wagner's 1 .. n.
 *
 * A turn is one start move (a hole, or the Hus opening transfer) followed,
 * where the rules give the mover a choice, by further decisions of the
 * same player (the extra capture, written x + hole).  Moves are encoded as
 *
 *	hole			start a move from that hole
 *	MV_TRANSFER | hole	the opening transfer from that outer hole
 *	MV_EXTRA | hole		the extra capture of that hole (of the
 *				column whose opponent inner hole it is, in
 *				the column-pair form)
 *
 * so that legal moves come out in ascending order by scanning holes.
 */
#ifndef MANCALA_H
#define MANCALA_H

#include <stddef.h>
#include <stdint.h>

#include "tablero.h"

#define MAXN 32			/* holes per row */
#define MAXR 4			/* rows */
#define MAXH (MAXR * MAXN)	/* holes on the board */
#define NOHOLE 0xFF
#define MAXCOUNT 9999		/* men in one hole in a position string */
#define MAXMEN 30000		/* men in all (below 32768: mc_count_mask) */

#define MV_HOLE 0x000u
#define MV_TRANSFER 0x100u
#define MV_EXTRA 0x200u
#define MV_KIND 0xF00u
#define MV_WHERE 0x0FFu

enum player { P = 0, Q = 1 };

/* Option values.  The order of each enum is the order of its choices. */
enum start { ST_HUS, ST_MARUBA, ST_FULL };
enum singles { SG_NEVER, SG_MARUBA, SG_ALWAYS };
enum trigger { CT_OCCUPIED, CT_EMPTY, CT_NONE };
enum captured { CD_SOW, CD_REMOVE };
enum extra { EX_NONE, EX_HOLE, EX_PAIR };
enum endless { EN_STOP, EN_DRAW };
enum stuck { SK_LOSE, SK_END, SK_PASS };
enum leftover { LO_NONE, LO_OWNER };

/* The end of a game: who won and why. */
enum over { OV_NO, OV_P, OV_Q, OV_DRAW };
enum why { WHY_NONE, WHY_STUCK, WHY_LIMIT, WHY_ENDLESS, WHY_GIVEN };

extern const char *const mc_player_names[];

/* The rule table: everything the options decide, fixed for a state. */
struct rules {
	uint8_t rows, n, nh;		/* nh = rows * n holes */
	uint8_t start, seeds, outer_seeds, first, transfer, singletons;
	uint8_t relay, capture, captured, extra, skip_start, endless;
	uint8_t stuck, leftover;
	uint32_t lap_limit, turn_limit;
	uint8_t lo[2], hi[2];		/* a player's own holes: [lo, hi) */
	uint8_t next[2][MAXH];		/* next hole on a player's circuit */
	uint8_t capt[2][MAXH];		/* 1: a last man here may capture */
	uint8_t opp[MAXH];		/* inner hole: the facing inner hole */
	uint8_t behind[MAXH];		/* inner hole: the outer hole behind */
	uint8_t front[MAXH];		/* outer hole: the inner hole before */
	uint8_t tr_from[2];		/* opening transfer: the outer hole */
	uint8_t tr_origin[2];		/* ... sown as if from this hole */
};

/* The position: everything a position string holds. */
struct pos {
	uint16_t c[MAXH + 4];		/* men in each hole; 4 pad counts */
	uint16_t credit[2];		/* men removed and credited */
	uint16_t hand;			/* men to sow after a pending choice */
	uint8_t side;			/* player to move (deciding) */
	uint8_t open;			/* bit p: p may still transfer */
	uint8_t pending;		/* 1: an extra capture is to be chosen */
	uint8_t at;			/* hole the pending sowing resumes after */
	uint8_t over, why;		/* enum over, enum why */
	uint32_t laps;			/* laps sown so far in this turn */
	uint32_t turn;			/* turns completed */
	/*
	 * Derived, not part of the position string: the legal moves of the
	 * player to move as a mask over his holes (over the opponent's
	 * holes while an extra capture is pending), set by mc_settle().
	 */
	uint64_t legal;
};

struct tbl_state {
	const struct tbl_host *host;
	struct rules r;
	struct pos p;
};

#ifdef MANCALA_TRACE
/*
 * Test builds only: every lap, capture and end of a move is reported to a
 * function the test program defines, so that a test can compare the laps
 * with Wagner's prose.  ev is 'S' (sow `men` lifted from hole a), 'C'
 * (capture holes a and b, `men` in all; sown captured men follow without
 * an event of their own), 'X' (extra capture of a, and of b unless b is
 * NOHOLE), 'E' (the move ended in hole a), 'L' (the lap limit stopped the
 * move in hole a).
 */
void mancala_trace(int ev, int n, int a, int b, unsigned men);
#define TRACE(ev, a, b, men) mancala_trace((ev), r->n, (a), (b), (men))
#else
#define TRACE(ev, a, b, men) ((void)0)
#endif

/* Hole index of row `row`, column `col` (both from 0). */
static inline int
mc_hole(const struct rules *r, int row, int col)
{
	return row * r->n + col;
}

/* board.c: geometry and start. */
void mc_build_board(struct rules *r);
void mc_start_layout(const struct rules *r, struct pos *q);

/* fast.c: masks over a player's holes (bit i: hole lo[p] + i). */
uint64_t mc_start_mask(const struct rules *r, const struct pos *q, int p);
uint64_t mc_extra_mask(const struct rules *r, const struct pos *q, int p);

/* rules.c: the turn. */
int mc_may_transfer(const struct rules *r, const struct pos *q, int p);
unsigned mc_men_on_side(const struct rules *r, const struct pos *q, int p);
unsigned mc_score(const struct rules *r, const struct pos *q, int p);
void mc_settle(const struct rules *r, struct pos *q);
int mc_legal_moves(const struct rules *r, const struct pos *q,
    tbl_move *out, int cap);
int mc_apply(const struct rules *r, struct pos *q, tbl_move m);

/* notation.c: text. */
int mc_parse_move(const struct rules *r, const char *text, tbl_move *m,
    size_t *used, char *err, size_t errlen);
int mc_format_move(const struct rules *r, tbl_move m, char *buf,
    size_t len);
int mc_get_position(const struct rules *r, const struct pos *q, char *buf,
    size_t len);
int mc_set_position(const struct rules *r, struct pos *out, const char *pos,
    char *err, size_t errlen);
int mc_render(const struct rules *r, const struct pos *q, char *buf,
    size_t len);

#endif /* MANCALA_H */
