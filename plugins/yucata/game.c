/*
 * game.c - Yucata', Sun Temple of the Mayas (Stefan Dorra, 1995): the
 * options (house rules), creating a game, and the descriptor.  The state
 * and the other files are described in yucata.h.
 */
#include "yucata.h"

/* ------------------------------------------------------------------ */
/* Options                                                            */
/* ------------------------------------------------------------------ */

static const char *const first_choices[] = { "1", "2", "3", "4", "random",
	NULL };
static const char *const fq_choices[] = { "forbidden", "one", "zero",
	NULL };
static const char *const shortfall_choices[] = { "negative", "zero", NULL };
static const char *const ties_choices[] = { "shared", "fewer_dark", NULL };
static const char *const stones_choices[] = { "standard", "custom", NULL };

enum { O_PLAYERS, O_LAYOUT, O_STONES, O_FIRST, O_FQ, O_SHORTFALL, O_TIES,
	O_COUNT };

static const struct tbl_option options[O_COUNT] = {
	{ "players", TBL_OPT_INT, "2", 2, 4, NULL,
	  "number of players, 2 to 4" },
	{ "layout", TBL_OPT_STRING, "tablero", 0, 0, NULL,
	  "stone layout: tablero (= standard), random, 35 letters p/d/r for "
	  "spaces 5-39, a layout name or a .layout file" },
	{ "stones", TBL_OPT_ENUM, "standard", 0, 0, stones_choices,
	  "standard: a layout holds exactly 25 pale, 9 dark, 1 red; custom: "
	  "any counts, '.' leaves a space empty" },
	{ "first", TBL_OPT_ENUM, "1", 0, 0, first_choices,
	  "the starting player, or random (drawn after the stones are placed)" },
	{ "first_question", TBL_OPT_ENUM, "forbidden", 0, 0, fq_choices,
	  "a ? as the first card of the game: forbidden, acts as one, or "
	  "moves zero spaces" },
	{ "shortfall", TBL_OPT_ENUM, "negative", 0, 0, shortfall_choices,
	  "pale stones owed beyond those held: negative counts them against "
	  "the player, zero stops the score at 0" },
	{ "ties", TBL_OPT_ENUM, "shared", 0, 0, ties_choices,
	  "equal scores: shared win, or fewer_dark (fewer dark stones kept "
	  "wins, then shared)" },
};

/* ------------------------------------------------------------------ */
/* Life cycle                                                         */
/* ------------------------------------------------------------------ */

static struct tbl_state *
yu_create(const struct tbl_host *host, const struct tbl_optval *opts,
    uint64_t seed, char *err, size_t errlen)
{
	struct tbl_state *s;
	uint8_t track[YU_SPACES + 1];
	const char *lay = tbl_opt_str_or(opts, O_LAYOUT, "tablero");
	char label[40];
	int custom = opts[O_STONES].i == 1;
	long np = opts[O_PLAYERS].i;

	(void)seed;
	if (np < 2 || np > MAXP) {
		tbl_error(err, errlen, "players = %ld: Yucata' is for 2 to 4 "
		    "players", np);
		return NULL;
	}
	if (opts[O_FIRST].i != FIRST_RANDOM && opts[O_FIRST].i >= np) {
		tbl_error(err, errlen, "first = %ld, but players = %ld",
		    opts[O_FIRST].i + 1, np);
		return NULL;
	}
	if (yu_layout_option(lay, custom, track, label, sizeof label, host,
	    err, errlen) != 0)
		return NULL;
	s = host->calloc(sizeof *s);
	s->host = host;
	s->nplayers = (uint8_t)np;
	s->first = (uint8_t)opts[O_FIRST].i;
	s->fq = (uint8_t)opts[O_FQ].i;
	s->shortfall = (uint8_t)opts[O_SHORTFALL].i;
	s->ties = (uint8_t)opts[O_TIES].i;
	s->custom = (uint8_t)custom;
	memcpy(s->label, label, sizeof s->label);
	memcpy(s->track, track, sizeof s->track);
	yu_reset_players(s);
	if (s->track[YU_SPACES] == ST_UNSET) {
		s->turn = TBL_CHANCE;	/* layout = random */
		s->todraw = YU_RED + YU_DARK;
	} else
		yu_start_play(s);
	return s;
}

TBL_FLAT_STATE_FUNCTIONS(yu)

static int
yu_players(const struct tbl_state *s)
{
	return s->nplayers;
}

static const char *
yu_player_name(const struct tbl_state *s, int p)
{
	(void)s;
	return p >= 0 && p < MAXP ? yu_player_names[p] : "?";
}

/* Yucata' has no limit of its own: every end is by the rules. */
static int
yu_end_kind(const struct tbl_state *s)
{
	(void)s;
	return TBL_END_RULES;
}

/* ------------------------------------------------------------------ */
/* The descriptor                                                     */
/* ------------------------------------------------------------------ */

static const struct tbl_game yucata_game = {
	.name = "yucata",
	.title = "Yucata', Sun Temple of the Mayas",
	.version = "1.0",
	.rules =
	    "Yucata' (Stefan Dorra, 1995), 2 to 4 players.  The amulets race\n"
	    "from space 0 along 39 spaces; spaces 5-39 hold 25 pale, 9 dark and\n"
	    "1 red stone.  Each turn play one of your cards: 1-5 moves that far,\n"
	    "knife moves to the space just in front of the leading amulet (one\n"
	    "space if you lead), ? moves as the previous player's card did.  You\n"
	    "may not play the card the previous player just played unless it is\n"
	    "your last; after seven cards you pick them all up.  An amulet takes\n"
	    "every stone it reaches or passes.  When all stones are taken, red\n"
	    "cancels one dark stone of its holder and each player pays 1+2+..+d\n"
	    "pale stones for d dark stones.  Most pale stones left wins.\n"
	    "Moves: 1 2 3 4 5 knife (k) ? (q).\n"
	    "See tablero-yucata(7).",
	.options = options,
	.noptions = O_COUNT,
	.create = yu_create,
	.clone = yu_clone,
	.copy = yu_copy,
	.destroy = yu_destroy,
	.players = yu_players,
	.player_name = yu_player_name,
	.to_move = yu_to_move,
	.legal_moves = yu_legal_moves,
	.chance_outcomes = yu_chance_outcomes,
	.apply = yu_apply,
	.parse_move = yu_parse_move,
	.format_move = yu_format_move,
	.render = yu_render,
	.get_position = yu_get_position,
	.set_position = yu_set_position,
	.result = yu_result,
	.describe_result = yu_describe_result,
	.evaluate = yu_evaluate,
	.explain_illegal = yu_explain_illegal,
	.narrate = yu_narrate,
	.end_kind = yu_end_kind,
	.diagram = yu_diagram,
};

TABLERO_PLUGIN(yucata_game)
