/*
 * game.c - the Recuay gaming board of Pashash (the "Schaedel Stone")
 * with the two games reconstructed for it in "Recuay Gaming Boards: A
 * Preliminary Study": a race with throws of 0-3 (ruleset = race) and a
 * game without dice in which the jaguar kills (ruleset = jaguar).
 *
 * This file: the descriptor, the options, create, and the turn machine
 * (whose turn, chance points, apply).  The rules are in race.c and
 * jaguar.c, the notation in notation.c, the board file in board.c.
 */
#include <stdlib.h>
#include <string.h>

#include "recuay.h"

static const char *const ruleset_choices[] = { "race", "jaguar", NULL };
static const char *const dice_choices[] = { "sticks", "uniform", NULL };
static const char *const zero_choices[] = { "any", "mover", NULL };

enum { O_RULESET, O_DICE, O_ZERO, O_BOARD, O_QUIET_LIMIT, O_COUNT };

static const struct tbl_option options[O_COUNT] = {
	{ "ruleset", TBL_OPT_ENUM, "race", 0, 0, ruleset_choices,
	  "race: the first reconstruction (throws of 0-3); jaguar: the second (no dice, the jaguar kills)" },
	{ "dice", TBL_OPT_ENUM, "sticks", 0, 0, dice_choices,
	  "race: three two-sided sticks (0-3 as 1:3:3:1) or a uniform 0-3" },
	{ "zero", TBL_OPT_ENUM, "any", 0, 0, zero_choices,
	  "race: a throw of 0 removes any man on the centre, or only the thrower's" },
	{ "board", TBL_OPT_STRING, NULL, 0, 0, NULL,
	  "a board file (tablero-recuay(7), BOARD FILES); unset: the built-in Schaedel Stone" },
	{ "quiet_limit", TBL_OPT_INT, "100", 0, 100000, NULL,
	  "jaguar: a draw after this many moves without a kill (0: never)" },
};

static struct tbl_state *
rc_create(const struct tbl_host *host, const struct tbl_optval *opts,
    uint64_t seed, char *err, size_t errlen)
{
	struct tbl_state *s = host->calloc(sizeof *s);
	const char *file = tbl_opt_str_or(opts, O_BOARD, NULL);
	int rc;

	(void)seed;
	s->host = host;
	s->ruleset = (uint8_t)opts[O_RULESET].i;
	s->dice = (uint8_t)opts[O_DICE].i;
	s->zero_mover = (uint8_t)opts[O_ZERO].i;
	s->quiet_limit = (uint16_t)opts[O_QUIET_LIMIT].i;
	if (file != NULL && *file != '\0')
		rc = rc_board_open(&s->b, file, host, err, errlen);
	else {
		rc = rc_board_parse(&s->b, rc_default_board,
		    "built-in schaedel.board", err, errlen);
		s->builtin = 1;
	}
	if (rc != 0) {
		host->free(s);
		return NULL;
	}
	if (s->ruleset == RC_RACE)
		rc_race_start(s);
	else
		rc_jaguar_start(s);
	return s;
}

TBL_FLAT_STATE_FUNCTIONS(rc)

static int
rc_players(const struct tbl_state *s)
{
	(void)s;
	return 2;
}

static const char *
rc_player_name(const struct tbl_state *s, int p)
{
	(void)s;
	return p == 0 ? "P" : "Q";
}

static int
rc_to_move(const struct tbl_state *s)
{
	if (s->why != RC_GOING)
		return TBL_END;
	if (s->ruleset == RC_RACE && s->throwv < 0)
		return TBL_CHANCE;
	return s->side;
}

static int
rc_legal_moves(const struct tbl_state *s, tbl_move *out, int cap)
{
	if (s->ruleset == RC_RACE)
		return rc_race_moves(s, out, cap);
	return rc_jaguar_moves(s, out, cap);
}

/*
 * The throw: "a system that randomly selects values of 0, 1, 2, 3".
 * Three two-sided sticks count the flat sides up: 1, 3, 3, 1 in 8.
 */
static int
rc_chance_outcomes(const struct tbl_state *s, tbl_move *out, double *prob,
    int cap)
{
	static const double sticks[4] = { 0.125, 0.375, 0.375, 0.125 };
	int v;

	if (rc_to_move(s) != TBL_CHANCE)
		return 0;
	for (v = 0; v < 4 && v < cap; v++) {
		out[v] = RC_THROW + (tbl_move)v;
		if (prob != NULL)
			prob[v] = s->dice == RC_STICKS ? sticks[v] : 0.25;
	}
	return 4;
}

static int
rc_apply(struct tbl_state *s, tbl_move m)
{
	tbl_move buf[TBL_MOVES_HINT];
	int n, i;

	if (rc_to_move(s) == TBL_CHANCE) {
		if (m < RC_THROW || m > RC_THROW + 3)
			return -1;
		rc_race_throw(s, (int)(m - RC_THROW));
		return 0;
	}
	n = rc_legal_moves(s, buf, TBL_MOVES_HINT);
	for (i = 0; i < n && i < TBL_MOVES_HINT; i++)
		if (buf[i] == m)
			break;
	if (i >= n || i >= TBL_MOVES_HINT)
		return -1;
	if (s->ruleset == RC_RACE)
		rc_race_apply(s, m);
	else
		rc_jaguar_apply(s, m);
	return 0;
}

static int
rc_result(const struct tbl_state *s, double *out)
{
	if (s->why == RC_GOING)
		return -1;
	if (s->winner < 0) {
		out[0] = out[1] = 0.5;
	} else {
		out[s->winner] = 1.0;
		out[1 - s->winner] = 0.0;
	}
	return 0;
}

static int
rc_evaluate(const struct tbl_state *s, double *out)
{
	double v;

	if (rc_result(s, out) == 0)
		return 0;
	v = s->ruleset == RC_RACE ? rc_race_eval(s) : rc_jaguar_eval(s);
	out[0] = v;
	out[1] = 1.0 - v;
	return 0;
}

/* The jaguar game's quiet_limit is the game's own limit. */
static int
rc_end_kind(const struct tbl_state *s)
{
	return s->why == RC_QUIET ? TBL_END_LIMIT : TBL_END_RULES;
}

/* A race throw that no man could use passed by itself (race.c). */
static int
rc_passes(const struct tbl_state *before, tbl_move m,
    const struct tbl_state *after, int *out, int cap)
{
	if (before->ruleset != RC_RACE || before->throwv >= 0 ||
	    m < RC_THROW || after->why != RC_GOING ||
	    after->side == before->side)
		return 0;
	if (cap > 0)
		out[0] = before->side;
	return 1;
}

/*
 * What `options` shows for an option left to the game: only the board
 * has no written default (the built-in Schaedel Stone, whose text is the
 * installed schaedel.board).
 */
static int
rc_option_value(const struct tbl_state *s, int opt, char *buf, size_t len)
{
	/* No value to show is the empty text, terminated as snprintf does. */
	return snprintf(buf, len, "%s", opt == O_BOARD && s->builtin ?
	    "built-in schaedel.board" : "");
}

static const struct tbl_game recuay_game = {
	.name = "recuay",
	.title = "Recuay gaming board (the Schaedel Stone of Pashash)",
	.version = "1.0",
	.rules =
	    "The Schaedel Stone: two sets of seven small compartments, a\n"
	    "centre, two neutral out-sized compartments and two homes, each a\n"
	    "lower level of four places and a raised compartment for the\n"
	    "jaguar.  ruleset=race: throw 0-3, enter your four soldiers at\n"
	    "your first square and run counter-clockwise; win with three men\n"
	    "on the lower level of the opponent's home and the fourth on the\n"
	    "centre.  ruleset=jaguar: soldiers step and bump, jaguars move two\n"
	    "and kill; kill or trap the enemy jaguar.  Moves: @p2 (enter),\n"
	    "p3-c, p3-c>q4 (bump to q4), Jq4-c (jaguar leaves its soldier),\n"
	    "Sq4-q5 (soldier leaves its jaguar), pass (race: no man can\n"
	    "use the throw); throws t0-t3.\n"
	    "See tablero-recuay(7).",
	.options = options,
	.noptions = O_COUNT,
	.create = rc_create,
	.clone = rc_clone,
	.copy = rc_copy,
	.destroy = rc_destroy,
	.players = rc_players,
	.player_name = rc_player_name,
	.to_move = rc_to_move,
	.legal_moves = rc_legal_moves,
	.chance_outcomes = rc_chance_outcomes,
	.apply = rc_apply,
	.parse_move = rc_parse_move,
	.format_move = rc_format_move,
	.render = rc_render,
	.get_position = rc_get_position,
	.set_position = rc_set_position,
	.result = rc_result,
	.describe_result = rc_describe_result,
	.evaluate = rc_evaluate,
	.explain_illegal = rc_explain_illegal,
	.option_value = rc_option_value,
	.passes = rc_passes,
	.narrate = rc_narrate,
	.end_kind = rc_end_kind,
	.diagram = rc_diagram,	/* diagram.c */
};

TABLERO_PLUGIN(recuay_game)
