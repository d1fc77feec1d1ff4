/*
 * game.c - the Tuknanavuhpi plugin's descriptor and options: the house
 * rules, creating a game at its start position, the players and the
 * result.  See tuknanavuhpi.h for the files of the plugin by role.
 */
#include <stdint.h>
#include <string.h>

#include "tuknanavuhpi.h"

/* ------------------------------------------------------------------ */
/* Options                                                            */
/* ------------------------------------------------------------------ */

/* The options, in the order of options[]. */
enum {
	O_VARIANT, O_OPENING, O_FIRST, O_CAPTURE, O_SHRINK, O_EDGE, O_MULLAH,
	O_QUIET, O_COUNT
};

static const char *const variant_choices[] = {
	"tuknanavuhpi", "aiyawatstani", "kharbaga", NULL
};
static const char *const opening_choices[] = { "right", "left", NULL };
static const char *const first_choices[] = { "white", "black", NULL };
static const char *const capture_choices[] = {
	"compulsory", "longest", "optional", "huff", NULL
};
static const char *const edge_choices[] = { "current", "original", NULL };
static const char *const mullah_choices[] = { "flying", "short", NULL };

static const struct tbl_option options[O_COUNT] = {
	{ "variant", TBL_OPT_ENUM, "tuknanavuhpi", 0, 0, variant_choices,
	  "tuknanavuhpi (alias aiyawatstani) or kharbaga" },
	{ "opening", TBL_OPT_ENUM, "right", 0, 0, opening_choices,
	  "which rank-5 points each side holds: the two on its right or left" },
	{ "first", TBL_OPT_ENUM, "white", 0, 0, first_choices,
	  "the side that moves first" },
	{ "capture", TBL_OPT_ENUM, NULL, 0, 0, capture_choices,
	  "compulsory, longest (most counters), optional or huff; "
	  "default compulsory, longest for kharbaga" },
	{ "shrink", TBL_OPT_BOOL, NULL, 0, 0, NULL,
	  "a player may wipe an empty edge square before moving; "
	  "default yes, no for kharbaga" },
	{ "shrink_edge", TBL_OPT_ENUM, "current", 0, 0, edge_choices,
	  "a wiped square must touch the edge of what is left or of the "
	  "original board" },
	{ "mullah_moves", TBL_OPT_ENUM, "flying", 0, 0, mullah_choices,
	  "kharbaga: a mullah's non-capturing move goes any distance or "
	  "one step" },
	{ "quiet_limit", TBL_OPT_INT, "50", 0, 10000, NULL,
	  "turns without a capture after which the side with more counters "
	  "wins (0 = off)" },
};

/* ------------------------------------------------------------------ */
/* Creating a game                                                    */
/* ------------------------------------------------------------------ */

static void
start_position(struct tbl_state *s)
{
	uint64_t ac5 = BIT(18) | BIT(19), gi5 = BIT(21) | BIT(22);

	s->side[0] = ((UINT64_C(1) << 18) - 1) | (s->r.opening ? ac5 : gi5);
	s->side[1] = (ALL & ~((UINT64_C(1) << 23) - 1)) |
	    (s->r.opening ? gi5 : ac5);
	s->mull = 0;
	s->dead = 0;
	s->huff = 0;
	s->wiped = 0;
	s->turn = (int8_t)s->r.first;
	s->chain = -1;
	s->done = 0;
	s->quiet = 0;
	tk_update_status(s);
}

static struct tbl_state *
tk_create(const struct tbl_host *host, const struct tbl_optval *o,
    uint64_t seed, char *err, size_t errlen)
{
	struct tbl_state *s;
	struct rules r;

	(void)seed;
	(void)err;
	(void)errlen;
	memset(&r, 0, sizeof r);
	/*
	 * The host has checked every value against the declarations above
	 * (a choice of each list, quiet_limit within 0..10000).
	 */
	r.variant = (uint8_t)o[O_VARIANT].i;
	r.khar = r.variant == V_KHAR;
	r.opening = (uint8_t)(o[O_OPENING].i != 0);
	r.first = (uint8_t)(o[O_FIRST].i != 0);
	r.capture = (uint8_t)tbl_opt_or(o, O_CAPTURE,
	    r.khar ? CAP_LONGEST : CAP_COMPULSORY);
	r.shrink = (uint8_t)(tbl_opt_or(o, O_SHRINK, !r.khar) != 0);
	r.edge_original = (uint8_t)(o[O_EDGE].i != 0);
	r.flying = (uint8_t)(o[O_MULLAH].i == 0);
	r.quiet_limit = (uint16_t)o[O_QUIET].i;
	r.mode = (uint8_t)(!r.khar && r.capture == CAP_COMPULSORY ?
	    MODE_PLAIN : r.khar && r.capture == CAP_LONGEST && !r.shrink ?
	    MODE_KHAR : MODE_ANY);
	s = host->calloc(sizeof *s);
	s->host = host;
	s->r = r;
	start_position(s);
	return s;
}

TBL_FLAT_STATE_FUNCTIONS(tk)

/* ------------------------------------------------------------------ */
/* Players and the result                                             */
/* ------------------------------------------------------------------ */

static int
tk_players(const struct tbl_state *s)
{
	(void)s;
	return 2;
}

static const char *
tk_player_name(const struct tbl_state *s, int p)
{
	(void)s;
	return p == 0 ? "White" : p == 1 ? "Black" : "?";
}

static int
tk_to_move(const struct tbl_state *s)
{
	return s->status == ST_PLAY ? s->turn : TBL_END;
}

static int
tk_chance_outcomes(const struct tbl_state *s, tbl_move *out, double *prob,
    int cap)
{
	(void)s;
	(void)out;
	(void)prob;
	(void)cap;
	return 0;
}

static int
tk_result(const struct tbl_state *s, double *out)
{
	switch (s->status) {
	case ST_WIN_W: out[0] = 1; out[1] = 0; return 0;
	case ST_WIN_B: out[0] = 0; out[1] = 1; return 0;
	case ST_DRAW: out[0] = 0.5; out[1] = 0.5; return 0;
	default: return -1;
	}
}

/*
 * A cheap estimate for the AI players: each side's share of the material,
 * a counter worth 1 and a mullah 3.
 */
static int
tk_evaluate(const struct tbl_state *s, double *out)
{
	double w, b;

	if (s->status != ST_PLAY)
		return tk_result(s, out);
	w = tbl_popcount64(s->side[0]) +
	    2 * tbl_popcount64(s->side[0] & s->mull);
	b = tbl_popcount64(s->side[1]) +
	    2 * tbl_popcount64(s->side[1] & s->mull);
	out[0] = w / (w + b);
	out[1] = b / (w + b);
	return 0;
}

/* ------------------------------------------------------------------ */
/* The descriptor                                                     */
/* ------------------------------------------------------------------ */

/* The value in effect of the options the variant decides (ABI 1.2). */
static int
tk_option_value(const struct tbl_state *s, int opt, char *buf, size_t len)
{
	size_t n = 0;

	if (len > 0)
		buf[0] = '\0';
	if (opt == O_CAPTURE)
		tbl_bprintf(buf, len, &n, "%s", capture_choices[s->r.capture]);
	else if (opt == O_SHRINK)
		tbl_bprintf(buf, len, &n, "%s", s->r.shrink ? "yes" : "no");
	return (int)n;
}

static const struct tbl_game tuknanavuhpi_game = {
	.name = "tuknanavuhpi",
	.title = "Tuknanavuhpi, Aiyawatstani and Kharbaga",
	.version = "1.0",
	.rules =
	    "Tuknanavuhpi (Hopi, Oraibi; Culin) and its Keres "
	    "twin Aiyawatstani:\n"
	    "twenty counters a side on a 4 x 4 block of squares with both\n"
	    "diagonals (41 points), only the centre e5 empty.  "
	    "A counter steps\n"
	    "along a line to a neighbouring empty point, or jumps an adjacent\n"
	    "enemy counter to the empty point beyond and takes it; jumps may\n"
	    "chain, changing direction.  Before moving a player may wipe an\n"
	    "empty square on the edge of the board (wipe b4), so the board\n"
	    "shrinks.  Take every enemy counter or leave the "
	    "enemy without a move\n"
	    "to win.  variant=kharbaga: counters step forward "
	    "only, captures go\n"
	    "any way and the longest is compulsory, and a "
	    "counter that steps onto\n"
	    "the far rank becomes a mullah that flies and "
	    "captures by long jump.\n"
	    "Moves: c3-d4, c3xg3xg7, stop, wipe b4, huff c3.\n"
	    "See 'options' and tablero-tuknanavuhpi(7).",
	.options = options,
	.noptions = O_COUNT,
	.init = NULL,
	.create = tk_create,
	.clone = tk_clone,
	.copy = tk_copy,
	.destroy = tk_destroy,
	.players = tk_players,
	.player_name = tk_player_name,
	.to_move = tk_to_move,
	.legal_moves = tk_legal_moves,
	.chance_outcomes = tk_chance_outcomes,
	.apply = tk_apply,
	.parse_move = tk_parse_move,
	.format_move = tk_format_move,
	.render = tk_render,
	.get_position = tk_get_position,
	.set_position = tk_set_position,
	.result = tk_result,
	.describe_result = tk_describe_result,
	.evaluate = tk_evaluate,
	.explain_illegal = tk_explain_illegal,
	.option_value = tk_option_value,
	.passes = NULL,
	.narrate = tk_narrate,
	.end_kind = tk_end_kind,
	.diagram = tk_diagram,
	.play_random = tk_play_random,
};

TABLERO_PLUGIN(tuknanavuhpi_game)
