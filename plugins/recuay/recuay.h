/*
 * recuay.h - the state of a Recuay game and the functions the plugin's
 * files share.  Private to the recuay plugin.
 *
 * Files by role: game.c (descriptor, options, create, the turn
 * machine), race.c and jaguar.c (the rules of the two reconstructions),
 * notation.c (moves, position strings, the drawing), explain.c (why a
 * move is illegal), board.c (the board file).
 */
#ifndef RECUAY_H
#define RECUAY_H

#include "tablero.h"
#include "board.h"

enum { RC_RACE, RC_JAGUAR };
enum { RC_STICKS, RC_UNIFORM };

/* What a space holds: p is the player, 0 (P) or 1 (Q). */
#define RC_EMPTY	0
#define RC_SOLD(p)	(1 + (p))
#define RC_JAG(p)	(3 + (p))
#define RC_JAGC(p)	(5 + (p))	/* a jaguar carrying one of its soldiers */
#define RC_OWNER(c)	(((c) - 1) & 1)
#define RC_ISJAG(c)	((c) >= 3)

/* A pending forced jaguar move: who attacked it (a jaguar carrying). */
enum { RC_NOFORCE, RC_BYSOLDIER, RC_BYJAGUAR, RC_BYJAGUARC };

/* Why the game ended. */
enum { RC_GOING, RC_WON_RACE, RC_KILLED, RC_TRAPPED, RC_STUCK, RC_QUIET };

/*
 * Moves.  Bits 0-4 the from space (RC_OFF: a man entering), 5-9 the to
 * space, 10-14 the space a bumped soldier goes to (RC_NOBUMP: none),
 * bit 15 the jaguar moving alone and leaving the soldier it carries, bit
 * 16 the carried soldier moving alone and leaving its jaguar.  A
 * throw of the sticks is RC_THROW + value.
 */
#define RC_OFF		31
#define RC_NOBUMP	31
#define RC_MOVE(f, t, u, j) \
	((tbl_move)(f) | (tbl_move)(t) << 5 | (tbl_move)(u) << 10 | \
	 (tbl_move)(j) << 15)
#define RC_FROM(m)	((int)((m) & 31))
#define RC_TO(m)	((int)((m) >> 5 & 31))
#define RC_BUMP(m)	((int)((m) >> 10 & 31))
#define RC_ALONE(m)	((int)((m) >> 15 & 1))
#define RC_SOLDIER(m)	((int)((m) >> 16 & 1))
#define RC_SOLDIER_BIT(x)	((tbl_move)(x) << 16)
#define RC_THROW	0x100000u
#define RC_PASS		RC_MOVE(RC_OFF, RC_OFF, RC_NOBUMP, 0)	/* race: no man can move */
#define RC_MEN		4


struct tbl_state {
	const struct tbl_host *host;
	struct tbl_tell *tell;	/* NULL but while narrate() plays (TBL_TELL) */
	uint8_t ruleset;	/* RC_RACE or RC_JAGUAR */
	uint8_t dice;		/* RC_STICKS or RC_UNIFORM */
	uint8_t zero_mover;	/* a 0 clears only the thrower's man */
	uint8_t side;		/* 0 (P) or 1 (Q): whose turn */
	int8_t throwv;		/* race: the throw to use (0-3), -1 before it */
	uint8_t forced;		/* jaguar: RC_NOFORCE, RC_BYSOLDIER, RC_BYJAGUAR */
	uint8_t why;		/* RC_GOING or why the game ended */
	int8_t winner;		/* 0, 1, or -1 for a draw (when ended) */
	uint16_t quiet;		/* jaguar: plies without a kill */
	uint16_t quiet_limit;	/* 0: no limit */
	uint8_t builtin;	/* the board is the built-in Schaedel Stone */
	uint8_t cell[RC_MAXSP];
	struct rc_board b;
};

/* Race (race.c). */
int rc_race_moves(const struct tbl_state *s, tbl_move *out, int cap);
void rc_race_apply(struct tbl_state *s, tbl_move m);
int rc_race_throw(struct tbl_state *s, int v);
void rc_race_start(struct tbl_state *s);
int rc_race_won(const struct tbl_state *s, int p);
int rc_race_off(const struct tbl_state *s, int p);
int rc_race_home(const struct tbl_state *s, int p);
double rc_race_eval(const struct tbl_state *s);

/* Jaguar (jaguar.c). */
int rc_jaguar_moves(const struct tbl_state *s, tbl_move *out, int cap);
void rc_jaguar_apply(struct tbl_state *s, tbl_move m);
void rc_jaguar_settle(struct tbl_state *s);
void rc_jaguar_start(struct tbl_state *s);
int rc_jaguar_at(const struct tbl_state *s, int p);
double rc_jaguar_eval(const struct tbl_state *s);

/* Shared helpers. */
/* Copy n sorted moves into out (at most cap); return n. */
static inline int
rc_sort_moves(tbl_move *buf, int n, tbl_move *out, int cap)
{
	int i, j;

	for (i = 1; i < n; i++) {
		tbl_move m = buf[i];

		for (j = i; j > 0 && buf[j - 1] > m; j--)
			buf[j] = buf[j - 1];
		buf[j] = m;
	}
	for (i = 0; i < n && i < cap; i++)
		out[i] = buf[i];
	return n;
}

/* Notation (notation.c). */
int rc_parse_move(const struct tbl_state *s, const char *text,
    tbl_move *m, size_t *used, char *err, size_t errlen);
int rc_format_move(const struct tbl_state *s, tbl_move m, char *buf,
    size_t len);
int rc_render(const struct tbl_state *s, char *buf, size_t len);
int rc_get_position(const struct tbl_state *s, char *buf, size_t len);
int rc_set_position(struct tbl_state *s, const char *pos, char *err,
    size_t errlen);
int rc_describe_result(const struct tbl_state *s, char *buf, size_t len);

/* What a move does (narrate.c). */
int rc_narrate(const struct tbl_state *s, tbl_move m, char *buf,
    size_t len);

/* The picture (diagram.c). */
int rc_diagram(const struct tbl_state *s, const struct tbl_state *before,
    tbl_move m, const struct tbl_draw *d);

/* Why a move is illegal (explain.c). */
int rc_explain_illegal(const struct tbl_state *s, tbl_move m, char *buf,
    size_t len);

#endif /* RECUAY_H */
