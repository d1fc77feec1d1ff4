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
 *	fast.h, fast.c	masks of legal starts and captures, word-parallel
 *	notation.c	hole names, moves, position strings, rendering
 *	explain.c	why a move is illegal, who passed (ABI 1.2)
 *	narrate.c	what a move does, told by the engine (ABI 1.3)
 *	key.c		position keys for solving (ABI 1.3)
 *	dense.c		positions numbered by men on the board (ABI 1.4)
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

/*
 * Everything declared here is private to the plugin: hidden, so that the
 * compiler may call and inline it directly instead of through the
 * dynamic linker (only tablero_plugin() is exported).
 */
#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

#define MAXN 32			/* holes per row */
#define MAXR 4			/* rows */
#define MAXH (MAXR * MAXN)	/* holes on the board */
#define NOHOLE 0xFF
#define SCRATCH MAXH		/* pad counts SCRATCH .. SCRATCH + 7, always 0
				   outside a lap: "no hole" to add to
				   (below 256 - 8: a byte names them) */
#define MAXRING 64		/* holes on one player's circuit */
#define MAXCOUNT 9999		/* men in one hole in a position string */
#define MAXMEN 30000		/* men in all (below 32768: mc_count_mask) */
#define BYTE_ZERO 40		/* a byte of the playouts' byte boards, always 0 */

#define MV_HOLE 0x000u
#define MV_TRANSFER 0x100u
#define MV_EXTRA 0x200u
#define MV_DROP 0x300u		/* chance: the distributor drops a man */
#define MV_BOARD 0x400u		/* | 0 accept the board, | 1 turn it */
#define MV_KIND 0xF00u
#define MV_WHERE 0x0FFu

enum player { P = 0, Q = 1, NOBODY = 2 };

/* Option values.  The order of each enum is the order of its choices. */
enum start { ST_HUS, ST_MARUBA, ST_FULL };
enum singles { SG_NEVER, SG_MARUBA, SG_ALWAYS };
enum trigger { CT_OCCUPIED, CT_EMPTY, CT_NONE };
enum captured { CD_SOW, CD_REMOVE };
enum extra { EX_NONE, EX_HOLE, EX_PAIR };
enum endless { EN_STOP, EN_DRAW };
enum stuck { SK_LOSE, SK_END, SK_PASS };
enum leftover { LO_NONE, LO_OWNER };
enum cycles { CY_DRAW, CY_OWN };
enum takes { TK_NONE, TK_FOUR, TK_TWO_FOUR };
enum chain { CH_NONE, CH_OWN, CH_BOTH };
enum setup { SU_NONE, SU_WISE, SU_WISE_ENDS, SU_IGNORANTS };

/* The end of a game: who won and why. */
enum over { OV_NO, OV_P, OV_Q, OV_DRAW };
enum why {
	WHY_NONE, WHY_STUCK, WHY_LIMIT, WHY_ENDLESS, WHY_GIVEN, WHY_MATCH
};

extern const char *const mc_player_names[];

struct pos;

/* The rule table: everything the options decide, fixed for a state. */
struct rules {
	uint8_t rows, n, nh;		/* nh = rows * n holes */
	uint8_t start, seeds, outer_seeds, first, transfer, singletons;
	uint8_t relay, capture, captured, extra, skip_start, endless;
	uint8_t stuck, leftover;
	uint8_t take;			/* bit k: a last man making k takes */
	uint8_t take_opp;		/* a take empties the facing hole too */
	uint8_t chain;			/* enum chain: preceding 2s and 4s */
	uint8_t passing;		/* a four formed in passing is taken */
	uint8_t setup;			/* enum setup: Lane's distributions */
	uint8_t cycles;			/* enum cycles: endless play in solve */
	uint32_t lap_limit, turn_limit, match_target;
	uint8_t lo[2], hi[2];		/* holes p may start from: [lo, hi) */
	uint64_t span[2];		/* a mask of p's hi - lo holes */
	uint32_t turn_end;		/* turn_limit, or no limit: UINT32_MAX */
	uint8_t len[2];			/* holes on p's circuit */
	uint8_t own[MAXH];		/* owner of a hole: P, Q or NOBODY */
	uint8_t fourto[2][MAXH];	/* who gets a four formed in passing */
	uint8_t next[2][MAXH];		/* next hole on a player's circuit */
	uint8_t prev[2][MAXH];		/* previous hole on it */
	uint8_t ring[2][2 * MAXRING];	/* p's circuit twice, sowing order */
	uint8_t at_ring[2][MAXH];	/* a hole's place on ring[p] */
	uint64_t ahead[2][MAXH];	/* the next 8 holes on p's circuit,
					   a byte each, the next lowest */
	uint8_t capt[2][MAXH];		/* 1: a last man here may capture */
	uint8_t facing[2][MAXH];	/* capt ? opp : SCRATCH (always 0):
					   the count that decides a capture */
	uint8_t opp[MAXH];		/* the facing hole (four rows: inner) */
	uint8_t behind[MAXH + 1];	/* inner hole: the outer hole behind;
					   SCRATCH behind others and itself */
	uint8_t front[MAXH];		/* outer hole: the inner hole before */
	uint8_t tr_from[2];		/* opening transfer: the outer hole */
	uint8_t tr_origin[2];		/* ... sown as if from this hole */
	/*
	 * The sowing engine specialised on this table's flags (mc_engine():
	 * the same rules, with the tests that cannot succeed dropped):
	 * player p sows `hand` men from the hole after h.
	 */
	void (*sow)(const struct rules *r, struct pos *q, int p, int h,
	    unsigned hand);
	uint8_t sown;		/* sow is sow_occupied_sown (||Hus and its like) */
	/*
	 * The byte boards of random playouts (bytes.c, playout_bytes()),
	 * set by mc_bytes_tables(): bytes is 1 for four rows of at most 16 holes
	 * played by sow_occupied_sown with singletons=never, where each
	 * player's circuit is his one row one way and his other row the
	 * other way.  A byte board holds a player's men by place: place 0
	 * is place rot[p] of his circuit (ring[p]); flip[p] says where his
	 * rows lie on it (bytes_order()); place[p][j] is the place of hole
	 * lo[p] + j; face[p][i] and back[p][i] are the opponent's places a
	 * last man at p's place i captures, BYTE_ZERO where he cannot.
	 */
	uint8_t bytes, flip[2], rot[2];
	uint8_t place[2][32];
	uint8_t face[2][32], back[2][32];
	/*
	 * The narration sink, NULL but in the copy narrate() plays a move
	 * on (with mc_tell_engine(): the engine that reports to it).
	 */
	struct mc_tell *tell;
	/*
	 * The table's number, given by create() and kept by its clones:
	 * states of one number have the same table, so that copy() need
	 * copy only the position (0: a table changed since, copied whole).
	 */
	uint64_t id;
};

/*
 * A narration sink: what the rules did in one move, as they did it.  ev
 * is 'C' (a capture of holes a and b, `men` in all, by the last man in
 * hole `more`), 'T' (a take: the last man made `men` in hole a, taken
 * with the facing hole b or NOHOLE, `more` men in all), 'X' (an extra
 * capture of a, and b or NOHOLE, `men` in all), 'F' (a four formed in
 * passing in hole a went to player b), 'L' (the lap limit stopped the
 * move in hole a), 'E' (the move ended in hole a, which holds `men`).
 * Relays are counted apart (the first four and the last kept).
 */
#define MC_TELL_MAX 32
struct mc_event {
	uint8_t ev, a, b;
	unsigned men, more;
};
struct mc_tell {
	uint32_t laps;
	int relays, n, lost;
	uint8_t relay_at[4], last_relay;
	struct mc_event e[MC_TELL_MAX];
	/* A game of a match ended: its result (enum over) and scores. */
	uint8_t game_end, end_over;
	unsigned end_score[2];
};

static inline void
mc_told(struct mc_tell *t, int ev, int a, int b, unsigned men,
    unsigned more)
{
	struct mc_event *e;

	if (ev == 'S') {
		if (t->relays < 4)
			t->relay_at[t->relays] = (uint8_t)a;
		t->relays++;
		t->last_relay = (uint8_t)a;
		return;
	}
	if (t->n >= MC_TELL_MAX) {
		t->lost++;
		return;
	}
	e = &t->e[t->n++];
	e->ev = (uint8_t)ev;
	e->a = (uint8_t)a;
	e->b = (uint8_t)b;
	e->men = men;
	e->more = more;
}

/* A game of a match ended with result `over` and scores sp, sq. */
static inline void
mc_told_game_end(struct mc_tell *t, int over, unsigned sp, unsigned sq)
{
	t->game_end = 1;
	t->end_over = (uint8_t)over;
	t->end_score[0] = sp;
	t->end_score[1] = sq;
}

/* Tell the sink when `on` (a constant in the sowing engines). */
#define TELL(on, ev, a, b, men, more) do {				\
		if (on)							\
			mc_told(r->tell, (ev), (a), (b), (men), (more));	\
	} while (0)

/* The position: everything a position string holds. */
struct pos {
	uint16_t c[MAXH + 16];		/* men in each hole; 16 pad counts */
	uint16_t credit[2];		/* men removed and credited */
	uint16_t hand;			/* men to sow after a pending choice */
	uint8_t side;			/* player to move (deciding) */
	uint8_t open;			/* bit p: p may still transfer */
	uint8_t pending;		/* 1: an extra capture is to be chosen */
	uint8_t at;			/* hole the pending sowing resumes after */
	uint8_t over, why;		/* enum over, enum why */
	uint32_t laps;			/* laps sown so far in this turn */
	uint32_t turn;			/* turns completed */
	uint16_t deal;			/* men still to deal (chance point) */
	uint8_t decide;			/* 1: accept or turn the board */
	uint8_t lead;			/* who leads this game of a match */
	uint16_t gains[2];		/* a match's gains so far */
	/*
	 * Derived, not part of the position string, set by mc_settle():
	 * the legal moves of the player to move as a mask over his holes
	 * (over the opponent's holes while an extra capture is pending),
	 * and `plain`, 1 when legal is the mask of his start holes in
	 * ordinary play: no game over, chance point, board to accept or
	 * pending choice (one test for the common case of applying and
	 * listing moves).
	 */
	uint64_t legal;
	uint8_t plain;
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
 * move in hole a), 'T' (a last man's take, or a chain's: hole a and the
 * facing hole b, or NOHOLE; `men` in all), 'F' (a four formed in passing
 * in hole a goes to player b).
 */
void mancala_trace(int ev, int n, int a, int b, unsigned men);
#define TRACE(ev, a, b, men) mancala_trace((ev), r->n, (a), (b), (men))
/* ... and the board after every lap (nh counts, rows of n). */
void mancala_lap(const uint16_t *c, int rows, int n);
#define TRACE_LAP(c) mancala_lap((c), r->rows, r->n)
#else
#define TRACE(ev, a, b, men) ((void)0)
#define TRACE_LAP(c) ((void)0)
#endif

/*
 * x86-64 processors with BMI2 and POPCNT (GCC and Clang): the random
 * playouts count the legal starts with popcnt and find the k-th with
 * pdep, two instructions on the path from one move to the next where the
 * portable code takes some twenty (mc_byte_prefix, mc_nth_bit).  Chosen
 * at run time, only on processors where pdep is fast (game.c).
 */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#define MC_BMI2 1
#include <immintrin.h>
#endif

/* A function the compiler must inline (to specialise it on constants). */
#if defined(__GNUC__)
#define MC_INLINE static inline __attribute__((always_inline))
#else
#define MC_INLINE static inline
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
void mc_next_game(const struct rules *r, struct pos *q, int lead);
void mc_turn_board(const struct rules *r, struct pos *q);
int mc_deal_allowed(const struct rules *r, const struct pos *q, int h);

/* fast.h, fast.c: masks over a player's holes (bit i: hole lo[p] + i). */
uint64_t mc_extra_mask(const struct rules *r, const struct pos *q, int p);

/* May p make the opening transfer now? */
static inline int
mc_may_transfer(const struct rules *r, const struct pos *q, int p)
{
	return r->transfer && (q->open & (1 << p)) &&
	    q->c[r->tr_from[p]] >= 2;
}

/* rules.c: the turn. */
void mc_engine(struct rules *r);
int mc_chance_outcomes(const struct rules *r, const struct pos *q,
    tbl_move *out, double *prob, int cap);
unsigned mc_men_on_side(const struct rules *r, const struct pos *q, int p);
unsigned mc_score(const struct rules *r, const struct pos *q, int p);
void mc_settle(const struct rules *r, struct pos *q);
int mc_legal_moves(const struct rules *r, const struct pos *q,
    tbl_move *out, int cap);
int mc_apply(const struct rules *r, struct pos *q, tbl_move m);
void mc_tell_engine(struct rules *r, struct mc_tell *t);
/*
 * Random moves in ordinary play once no transfer is left, at most cap
 * (the playout hook's fast part; bmi2: pdep is fast here).
 */
long mc_playout(const struct rules *r, struct pos *q, struct tbl_rng *g,
    long cap, int bmi2);
/* The lap limit was reached in hole h: apply the `endless` rule. */
void mc_endless_move(const struct rules *r, struct pos *q, int p, int h);

/* bytes.c: the byte boards of ||Hus-like playouts. */
void mc_bytes_tables(struct rules *r);
/*
 * mc_playout() on the byte boards where they take q (r->bytes, fewer
 * than 128 men): the moves played; -1 when they do not take it (then
 * mc_playout() plays).
 */
long mc_playout_bytes(const struct rules *r, struct pos *q,
    struct tbl_rng *g, long cap, int bmi2);

/* Play the start hole h of the player to move (mc_plain_start()). */
static inline void
mc_start_move(const struct rules *r, struct pos *q, int h)
{
	unsigned hand = q->c[h];

	q->c[h] = 0;
	q->laps = 0;
	TRACE('S', h, NOHOLE, hand);
	r->sow(r, q, q->side, h, hand);
}

/*
 * Is m a start hole of the player to move in ordinary play?  One test of
 * pos.plain and the legal mask (which has no bit past his holes; m names
 * a hole only below MV_TRANSFER), so that the common move is accepted
 * (then played by mc_start_move()) without the rest of mc_apply().
 */
static inline int
mc_plain_start(const struct rules *r, const struct pos *q, tbl_move m)
{
	uint32_t i = m - r->lo[q->side];

	return q->plain && i < 64 && ((q->legal >> i) & 1);
}

/* explain.c: why a move is illegal; who passed. */
int mc_explain(const struct rules *r, const struct pos *q, tbl_move m,
    char *buf, size_t len);
int mc_passes(const struct pos *before, const struct pos *after, int *out,
    int cap);

/* narrate.c: what a legal move does, in one line. */
int mc_match_game_end(const struct tbl_state *s, tbl_move m, char *buf,
    size_t len);
int mc_narrate(const struct tbl_state *s, tbl_move m, char *buf,
    size_t len);

/* diagram.c: the board as a diagram (the descriptor's diagram hook). */
int mc_diagram(const struct tbl_state *s, const struct tbl_state *before,
    tbl_move last, const struct tbl_draw *d);

/* key.c: position keys (the descriptor's key hooks). */
extern const char *const mc_unlimited[];
int mc_key_size(const struct tbl_state *s, char *err, size_t errlen);
int mc_get_key(const struct tbl_state *s, unsigned char *key, size_t len);
int mc_set_key(struct tbl_state *s, const unsigned char *key, size_t len);

/* dense.c: the dense numbering by men on the board (ABI 1.4). */
int mc_dense_levels(const struct tbl_state *s, char *err, size_t errlen);
uint64_t mc_dense_size(const struct tbl_state *s, int level);
int mc_dense_set(struct tbl_state *s, int level, uint64_t index);
int mc_dense_index(const struct tbl_state *s, struct tbl_dense *out);

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

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif /* MANCALA_H */
