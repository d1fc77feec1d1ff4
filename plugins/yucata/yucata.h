/*
 * yucata.h - the state and the private interface of the Yucata' plugin,
 * Sun Temple of the Mayas (Stefan Dorra, 1995).
 *
 * The plugin's files, by role:
 *	game.c		the descriptor and the options (house rules)
 *	rules.c		the rules: the cards a player may play, a card's
 *			move and the stones it takes, the random layout and
 *			first player as chance points, scoring (a move is a
 *			handful of integer operations: there is no separate
 *			fast path)
 *	notation.c	cards as text, the position string, the result in
 *			words and the board drawn for the REPL
 *	explain.c	why a card may not be played now (SDK ABI 1.2)
 *	narrate.c	what a card does, told by rules.c (ABI 1.3)
 *	layout.c	stone layouts: names, files, inline strings and the
 *			layout rules (layout.h)
 *
 * A race of 2 to 4 amulets along a track of 39 spaces after the start.
 * Spaces 5 to 39 each carry one stone (25 pale, 9 dark, 1 red); the
 * leading amulet takes every stone it reaches or passes.  Every player
 * holds the same seven cards (1 to 5, knife, ?), so the game has no hidden
 * information.  See man/tablero-yucata.7 for the rules as we read them.
 *
 * The state is flat and small: `copy` is a memcpy and a move is a handful
 * of integer operations.
 */
#ifndef YUCATA_YUCATA_H
#define YUCATA_YUCATA_H

#include <stdint.h>
#include <string.h>

#include "tablero.h"
#include "layout.h"

#define MAXP		4
#define FULL_HAND	0x7f	/* all seven cards */

/* Cards, which are also the move tokens of the players. */
#define C_KNIFE		6
#define C_QUESTION	7
/* Effects a card can have ("how the move resolved"). */
#define E_ZERO		0	/* a first `?` under first_question = zero */
#define E_KNIFE		6

/* Chance outcomes: the random layout and the random first player. */
#define M_RED		0x100	/* | space: the red stone goes there */
#define M_DARK		0x200	/* | space: a dark stone goes there */
#define M_FIRST		0x300	/* | player: that player starts */
#define M_KIND(m)	((m) & 0xf00u)
#define M_ARG(m)	((m) & 0xffu)

enum { FQ_FORBIDDEN, FQ_ONE, FQ_ZERO };
enum { SF_NEGATIVE, SF_ZERO };
enum { TI_SHARED, TI_FEWER_DARK };
#define FIRST_RANDOM	4

struct tbl_state {
	const struct tbl_host *host;
	/* Options, fixed at create(). */
	uint8_t nplayers;
	uint8_t first;		/* 0..3, or FIRST_RANDOM */
	uint8_t fq;		/* FQ_* */
	uint8_t shortfall;	/* SF_* */
	uint8_t ties;		/* TI_* */
	uint8_t custom;		/* stones = custom */
	char label[40];		/* the layout's name, for render */
	/* The position. */
	int8_t turn;		/* player, TBL_CHANCE or TBL_END */
	uint8_t lead;		/* space of the leading amulet */
	uint8_t left;		/* stones still on the track */
	uint8_t todraw;		/* random layout: stones still to draw */
	uint8_t track[YU_SPACES + 1];	/* ST_* per space 0..39 */
	uint8_t pos[MAXP];
	uint8_t hand[MAXP];	/* bit c-1 set: card c in hand */
	uint8_t last[MAXP];	/* last card played, 0 for none yet */
	uint8_t lasteff[MAXP];	/* what that card acted as (1-5, knife, 0) */
	uint8_t held[MAXP][3];	/* pale, dark, red stones taken */
};

static const char *const yu_player_names[MAXP] = { "P1", "P2", "P3", "P4" };
static const char yu_card_chars[8] = { '-', '1', '2', '3', '4', '5', 'k', '?' };

/* What a card did (rules.c tells it to narrate.c). */
struct yu_tell {
	int eff, from, to;	/* what the card acted as; the amulet's move */
	int took[3];		/* pale, dark, red stones taken */
	int picked_up;		/* the last card: the hand is picked up */
};

/* rules.c */
int yu_play(struct tbl_state *s, tbl_move m, struct yu_tell *t);
int yu_count_track(const struct tbl_state *s, int st);
int yu_score_of(const struct tbl_state *s, int p, int *darkp);
void yu_start_play(struct tbl_state *s);
void yu_reset_players(struct tbl_state *s);
int yu_drawing_layout(const struct tbl_state *s);
unsigned yu_winners(const struct tbl_state *s);

/* The descriptor's functions, by file. */
int yu_to_move(const struct tbl_state *s);
int yu_legal_moves(const struct tbl_state *s, tbl_move *out, int cap);
int yu_chance_outcomes(const struct tbl_state *s, tbl_move *out,
    double *prob, int cap);
int yu_apply(struct tbl_state *s, tbl_move m);
int yu_result(const struct tbl_state *s, double *out);
int yu_evaluate(const struct tbl_state *s, double *out);
int yu_parse_move(const struct tbl_state *s, const char *text, tbl_move *m,
    size_t *used, char *err, size_t errlen);
int yu_format_move(const struct tbl_state *s, tbl_move m, char *buf,
    size_t len);
int yu_render(const struct tbl_state *s, char *buf, size_t len);
int yu_get_position(const struct tbl_state *s, char *buf, size_t len);
int yu_set_position(struct tbl_state *s, const char *pos, char *err,
    size_t errlen);
int yu_explain_illegal(const struct tbl_state *s, tbl_move m, char *buf,
    size_t len);
int yu_describe_result(const struct tbl_state *s, char *buf, size_t len);
int yu_narrate(const struct tbl_state *s, tbl_move m, char *buf,
    size_t len);
int yu_diagram(const struct tbl_state *s, const struct tbl_state *before,
    tbl_move m, const struct tbl_draw *d);

#endif /* YUCATA_YUCATA_H */
