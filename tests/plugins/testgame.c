/*
 * testgame.c - a tiny dice race that exercises every part of the host:
 * a chance point each turn, a turn of several decisions, and an option of
 * each type.
 *
 * Two runners, A and B, start at cell 0 of a track of `size` cells.  A
 * turn: the die is rolled (a chance point, 1..3 or 1..6 by `die`), then
 * the runner to move advances by any amount from 0 to the roll ("+2").
 * With `bonus`, a runner who advanced by the die's highest face decides
 * once more in the same turn: "+1" or "+0" (typed together: "+3+1").
 * Reaching the last cell wins.  `label` is drawn in front of the track.
 *
 * Position string: "A,B SIDE PHASE", e.g. "0,0 A roll", "2,5 B move=3",
 * "4,1 A bonus", "9,3 - over".
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "tablero.h"

enum { OPT_SIZE, OPT_DIE, OPT_BONUS, OPT_LABEL };
enum phase { ROLL, MOVE, BONUS, OVER };

static const char *const die_choices[] = { "d3", "d6", NULL };

static const struct tbl_option options[] = {
	{ "size", TBL_OPT_INT, "10", 3, 40, NULL, "cells on the track" },
	{ "die", TBL_OPT_ENUM, "d3", 0, 0, die_choices, "the die rolled each turn" },
	{ "bonus", TBL_OPT_BOOL, "no", 0, 0, NULL,
	  "advancing by the top face earns a second decision" },
	{ "label", TBL_OPT_STRING, "track", 0, 0, NULL,
	  "word drawn before the track (letters only)" },
};

struct tbl_state {
	const struct tbl_host *host;
	int size, faces, bonus;
	char label[16];
	int pos[2];
	int turn;
	enum phase phase;
	int roll;
};

TBL_FLAT_STATE_FUNCTIONS(tg)

/* Moves: advance k is k (0..6); roll r is 100 + r. */
#define ROLLMOVE(r) ((tbl_move)(100 + (r)))

static const char *const names[] = { "A", "B" };
static const char *const phases[] = { "roll", "move", "bonus", "over" };

static struct tbl_state *
tg_create(const struct tbl_host *host, const struct tbl_optval *o,
    uint64_t seed, char *err, size_t errlen)
{
	struct tbl_state *s;
	const char *p;

	(void)seed;
	for (p = o[OPT_LABEL].s; p && *p; p++)
		if (!isalpha((unsigned char)*p)) {
			tbl_error(err, errlen, "option 'label' takes letters only, "
			    "not '%s'", o[OPT_LABEL].s);
			return NULL;
		}
	if (o[OPT_LABEL].s && strlen(o[OPT_LABEL].s) > 15) {
		tbl_error(err, errlen, "option 'label' is longer than 15 letters");
		return NULL;
	}
	s = host->calloc(sizeof *s);
	s->host = host;
	s->size = (int)o[OPT_SIZE].i;
	s->faces = o[OPT_DIE].i == 0 ? 3 : 6;
	s->bonus = (int)o[OPT_BONUS].i;
	strcpy(s->label, o[OPT_LABEL].s ? o[OPT_LABEL].s : "");
	s->phase = ROLL;
	return s;
}




static int
tg_players(const struct tbl_state *s)
{
	(void)s;
	return 2;
}

static const char *
tg_player_name(const struct tbl_state *s, int p)
{
	(void)s;
	return p == 0 || p == 1 ? names[p] : "?";
}

static int
tg_to_move(const struct tbl_state *s)
{
	return s->phase == OVER ? TBL_END : s->phase == ROLL ? TBL_CHANCE : s->turn;
}

static int
tg_legal_moves(const struct tbl_state *s, tbl_move *out, int cap)
{
	int k, n = 0, top;

	if (s->phase == MOVE)
		top = s->roll;
	else if (s->phase == BONUS)
		top = 1;
	else
		return 0;
	for (k = 0; k <= top; k++) {
		if (n < cap)
			out[n] = (tbl_move)k;
		n++;
	}
	return n;
}

static int
tg_chance_outcomes(const struct tbl_state *s, tbl_move *out, double *prob,
    int cap)
{
	int r, n = 0;

	if (s->phase != ROLL)
		return 0;
	for (r = 1; r <= s->faces; r++) {
		if (n < cap) {
			out[n] = ROLLMOVE(r);
			if (prob)
				prob[n] = 1.0 / s->faces;
		}
		n++;
	}
	return n;
}

static void
advance(struct tbl_state *s, int k)
{
	s->pos[s->turn] += k;
	if (s->pos[s->turn] >= s->size - 1) {
		s->pos[s->turn] = s->size - 1;
		s->phase = OVER;
	}
}

static int
tg_apply(struct tbl_state *s, tbl_move m)
{
	switch (s->phase) {
	case ROLL:
		if (m < ROLLMOVE(1) || m > ROLLMOVE(s->faces))
			return -1;
		s->roll = (int)m - 100;
		s->phase = MOVE;
		return 0;
	case MOVE:
		if (m > (tbl_move)s->roll)
			return -1;
		advance(s, (int)m);
		if (s->phase == OVER)
			return 0;
		if (s->bonus && (int)m == s->faces) {
			s->phase = BONUS;
			return 0;
		}
		break;
	case BONUS:
		if (m > 1)
			return -1;
		advance(s, (int)m);
		if (s->phase == OVER)
			return 0;
		break;
	case OVER:
		return -1;
	}
	s->turn ^= 1;
	s->phase = ROLL;
	s->roll = 0;
	return 0;
}

static int
tg_parse_move(const struct tbl_state *s, const char *text, tbl_move *m,
    size_t *used, char *err, size_t errlen)
{
	const char *p = text;

	while (*p == ' ')
		p++;
	if (s->phase == ROLL) {
		if (*p >= '1' && *p <= '9' && !isdigit((unsigned char)p[1])) {
			*m = ROLLMOVE(*p - '0');
			*used = (size_t)(p + 1 - text);
			return 0;
		}
		tbl_error(err, errlen, "'%s' is not a roll: expected a face 1-%d",
		    text, s->faces);
		return -1;
	}
	if (*p == '+' && isdigit((unsigned char)p[1]) &&
	    !isdigit((unsigned char)p[2])) {
		*m = (tbl_move)(p[1] - '0');
		*used = (size_t)(p + 2 - text);
		return 0;
	}
	tbl_error(err, errlen, "'%s' is not a move: expected +N", text);
	return -1;
}

static int
tg_format_move(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	size_t n = 0;

	(void)s;
	if (m >= 100)
		tbl_bprintf(buf, len, &n, "%u", (unsigned)(m - 100));
	else
		tbl_bprintf(buf, len, &n, "+%u", (unsigned)m);
	return (int)n;
}

static int
tg_render(const struct tbl_state *s, char *buf, size_t len)
{
	size_t n = 0;
	int p, c;

	for (p = 0; p < 2; p++) {
		tbl_bprintf(buf, len, &n, "%s %s: ", s->label, names[p]);
		for (c = 0; c < s->size; c++)
			tbl_bprintf(buf, len, &n, "%c", c == s->pos[p] ? names[p][0] : '.');
		tbl_bprintf(buf, len, &n, "\n");
	}
	if (s->phase == MOVE)
		tbl_bprintf(buf, len, &n, "rolled %d\n", s->roll);
	return (int)n;
}

static int
tg_get_position(const struct tbl_state *s, char *buf, size_t len)
{
	size_t n = 0;

	tbl_bprintf(buf, len, &n, "%d,%d %s %s", s->pos[0], s->pos[1],
	    s->phase == OVER ? "-" : names[s->turn], phases[s->phase]);
	if (s->phase == MOVE)
		tbl_bprintf(buf, len, &n, "=%d", s->roll);
	return (int)n;
}

static int
tg_set_position(struct tbl_state *s, const char *pos, char *err,
    size_t errlen)
{
	struct tbl_state t = *s;
	char side[8], phase[16];
	int a, b, used = 0, i;

	if (sscanf(pos, " %d,%d %7s %15s%n", &a, &b, side, phase, &used) != 4 ||
	    pos[used] != '\0') {
		tbl_error(err, errlen, "expected 'A,B SIDE PHASE' like '0,0 A roll', "
		    "not '%s'", pos);
		return -1;
	}
	if (a < 0 || b < 0 || a >= s->size || b >= s->size) {
		tbl_error(err, errlen, "runner positions must be 0..%d", s->size - 1);
		return -1;
	}
	t.pos[0] = a;
	t.pos[1] = b;
	t.roll = 0;
	if (strncmp(phase, "move=", 5) == 0) {
		t.roll = atoi(phase + 5);
		if (t.roll < 1 || t.roll > s->faces) {
			tbl_error(err, errlen, "roll must be 1..%d, not '%s'",
			    s->faces, phase + 5);
			return -1;
		}
		t.phase = MOVE;
	} else {
		for (i = 0; i < 4; i++)
			if (strcmp(phase, phases[i]) == 0)
				break;
		if (i == 4 || i == MOVE) {
			tbl_error(err, errlen, "unknown phase '%s' (roll, move=N, "
			    "bonus, over)", phase);
			return -1;
		}
		t.phase = (enum phase)i;
	}
	if (t.phase == BONUS && !s->bonus) {
		tbl_error(err, errlen, "phase 'bonus' needs the option bonus=yes");
		return -1;
	}
	if ((a == s->size - 1 || b == s->size - 1) != (t.phase == OVER) ||
	    (a == s->size - 1 && b == s->size - 1)) {
		tbl_error(err, errlen, "the game is over exactly when one runner "
		    "is on cell %d", s->size - 1);
		return -1;
	}
	if (t.phase == OVER) {
		if (strcmp(side, "-") != 0) {
			tbl_error(err, errlen, "side must be '-' when the game is over");
			return -1;
		}
		t.turn = a == s->size - 1 ? 0 : 1;
	} else if (strcmp(side, "A") == 0 || strcmp(side, "B") == 0) {
		t.turn = side[0] - 'A';
	} else {
		tbl_error(err, errlen, "side to move must be A or B, not '%s'", side);
		return -1;
	}
	*s = t;
	return 0;
}

static int
tg_result(const struct tbl_state *s, double *out)
{
	if (s->phase != OVER)
		return -1;
	out[0] = s->turn == 0;
	out[1] = s->turn == 1;
	return 0;
}

/* The runner further along is more likely to win. */
static int
tg_evaluate(const struct tbl_state *s, double *out)
{
	double a = s->pos[0] + 1, b = s->pos[1] + 1;

	if (s->phase == OVER)
		return tg_result(s, out);
	out[0] = a / (a + b);
	out[1] = b / (a + b);
	return 0;
}

static const struct tbl_game game = {
	.name = "testgame",
	.title = "dice race for the host's tests",
	.version = "1.0",
	.rules = "Roll, then advance 0..roll cells; first to the end wins.",
	.options = options,
	.noptions = 4,
	.create = tg_create,
	.clone = tg_clone,
	.copy = tg_copy,
	.destroy = tg_destroy,
	.players = tg_players,
	.player_name = tg_player_name,
	.to_move = tg_to_move,
	.legal_moves = tg_legal_moves,
	.chance_outcomes = tg_chance_outcomes,
	.apply = tg_apply,
	.parse_move = tg_parse_move,
	.format_move = tg_format_move,
	.render = tg_render,
	.get_position = tg_get_position,
	.set_position = tg_set_position,
	.result = tg_result,
	.describe_result = NULL,
	.evaluate = tg_evaluate,
};

TABLERO_PLUGIN(game)
