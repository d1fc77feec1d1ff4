/*
 * game.c - the Zuni game of the stone warriors, for two or four:
 * the options (house rules), creating a game, and the descriptor.
 *
 * Rules after Culin (1907) as reported by Bell, Murray and Parlett; every
 * point the source leaves open is an option (see tablero-awithlaknakwe(7)).
 * The state and the other files are described in awithlaknakwe.h.
 */
#include "awithlaknakwe.h"

static const char *const seat_name4[4] = {
	"South (team S-E)", "West (team N-W)", "North (team N-W)",
	"East (team S-E)"
};

/* ------------------------------------------------------------------ */
/* Options                                                            */
/* ------------------------------------------------------------------ */

static const char *const players_choices[] = { "2", "4", NULL };
static const char *const scoring_choices[] = {
	"combined", "captures", "race", NULL
};
static const char *const entry_choices[] = { "next_turn", "any_turn", NULL };
static const char *const team_priest_choices[] = { "one", "each", NULL };
static const char *const flank_choices[] = { "team", "own", NULL };
static const char *const arrived_choices[] = { "frozen", "slide", NULL };
static const char *const partners_choices[] = {
	"separate", "combined", NULL
};
static const char *const order_choices[] = {
	"clockwise", "anticlockwise", NULL
};
static const char *const first_choices[] = {
	"south", "west", "north", "east", "random", NULL
};

static const struct tbl_option options[O_COUNT] = {
	{ "players", TBL_OPT_ENUM, "2", 0, 0, players_choices,
	  "2: North v South; 4: North and West v South and East" },
	{ "scoring", TBL_OPT_ENUM, "combined", 0, 0, scoring_choices,
	  "winner on arrivals plus captures, on captures alone, or a race" },
	{ "race_target", TBL_OPT_INT, "6", 1, 14, NULL,
	  "scoring=race: pieces a side (team) must bring to its goal rank" },
	{ "priest_entry", TBL_OPT_ENUM, "next_turn", 0, 0, entry_choices,
	  "the earned priest must enter on the owner's next turn, or when chosen" },
	{ "team_priest", TBL_OPT_ENUM, "one", 0, 0, team_priest_choices,
	  "four players: one priest per team, or one per seat" },
	{ "flank", TBL_OPT_ENUM, "team", 0, 0, flank_choices,
	  "the far flank of a capture may be a partner's piece, or only one's own" },
	{ "arrived", TBL_OPT_ENUM, "frozen", 0, 0, arrived_choices,
	  "pieces on the goal rank never move, or an arrived priest may slide" },
	{ "quiet_limit", TBL_OPT_INT, "20", 1, 1000, NULL,
	  "the game ends after this many turns without a capture or forward move" },
	{ "partners", TBL_OPT_ENUM, "separate", 0, 0, partners_choices,
	  "four players: each seat moves its own six, or any piece of its team" },
	{ "order", TBL_OPT_ENUM, "clockwise", 0, 0, order_choices,
	  "four players: turn order S, W, N, E (clockwise) or S, E, N, W" },
	{ "first", TBL_OPT_ENUM, "south", 0, 0, first_choices,
	  "the side that moves first (random: drawn at a chance point)" },
};

/* ------------------------------------------------------------------ */
/* Life cycle                                                         */
/* ------------------------------------------------------------------ */

static struct tbl_state *
awk_create(const struct tbl_host *host, const struct tbl_optval *o,
    uint64_t seed, char *err, size_t errlen)
{
	struct tbl_state *s;
	int players = o[O_PLAYERS].i == 1 ? 4 : 2, side;

	(void)seed;
	if (players == 2 && (o[O_FIRST].i == S_WEST ||
	    o[O_FIRST].i == S_EAST)) {
		tbl_error(err, errlen, "first=%s needs players=4 (two play "
		    "North against South)", first_choices[o[O_FIRST].i]);
		return NULL;
	}
	s = host->calloc(sizeof *s);
	s->host = host;
	s->nplayers = (uint8_t)players;
	s->scoring = (uint8_t)o[O_SCORING].i;
	s->race_target = (uint8_t)o[O_RACE_TARGET].i;
	s->entry_any = (uint8_t)(o[O_PRIEST_ENTRY].i == 1);
	s->team_one = (uint8_t)(players == 4 && o[O_TEAM_PRIEST].i == 0);
	s->flank_own = (uint8_t)(o[O_FLANK].i == 1);
	s->slide = (uint8_t)(o[O_ARRIVED].i == 1);
	s->combined = (uint8_t)(players == 4 && o[O_PARTNERS].i == 1);
	s->slow = (uint8_t)(s->scoring == SC_RACE || s->combined);
	s->step = (uint8_t)(players == 2 ? 2 : o[O_ORDER].i == 1 ? 3 : 1);
	s->first = (uint8_t)o[O_FIRST].i;
	s->quiet_limit = (uint16_t)o[O_QUIET_LIMIT].i;
	for (side = 0; side < 4; side++) {
		struct awk_ctl *c = &s->seat_ctl[side];

		c->turn = (int8_t)side;
		c->over = END_NO;
		c->blocked = 0;
		c->tomove = (int8_t)player_of(s, side);
		c->mode = s->combined ? MODE_TEAM : MODE_STEPS;
		c->wmask = (uint8_t)movers(s, side);
		c->next = (uint8_t)((side + s->step) & 3);
	}
	awk_start_position(s);
	return s;
}

TBL_FLAT_STATE_FUNCTIONS(awk)

static int
awk_players(const struct tbl_state *s)
{
	return s->nplayers;
}

static const char *
awk_player_name(const struct tbl_state *s, int p)
{
	if (p < 0 || p >= s->nplayers)
		return "?";
	return s->nplayers == 2 ? side_name[p << 1] : seat_name4[p];
}

/* The quiet limit is the game's own limit (an option). */
static int
awk_end_kind(const struct tbl_state *s)
{
	return s->ctl.over == END_QUIET ? TBL_END_LIMIT : TBL_END_RULES;
}

/* ------------------------------------------------------------------ */
/* The descriptor                                                     */
/* ------------------------------------------------------------------ */

static const struct tbl_game awithlaknakwe_game = {
	.name = "awithlaknakwe",
	.title = "Awithlaknakwe, the Zuni stone warriors",
	.version = "1.0",
	.rules =
	    "On a cross of 168 squares (a 12 x 12 core and an arm of six on each\n"
	    "side) each side starts with six warriors on its home rank.  A warrior\n"
	    "steps one square diagonally forward.  An enemy piece held between the\n"
	    "moved piece and a friendly one on a diagonal is captured; moving\n"
	    "between two enemies is safe.  A side's first captured warrior is\n"
	    "replaced by its priest of the bow, entered on its home rank, which\n"
	    "steps one square left, right, forward or diagonally forward.  Pieces\n"
	    "that reach the opposite home rank stay there.  A side that cannot\n"
	    "move passes (\"pass\").  Two play North v South; four play North and\n"
	    "West v South and East.  Moves: f1-g2, P@g1, pass.  Scoring and every\n"
	    "rule the source leaves open are options.\n"
	    "See 'options' and tablero-awithlaknakwe(7).",
	.options = options,
	.noptions = O_COUNT,
	.create = awk_create,
	.clone = awk_clone,
	.copy = awk_copy,
	.destroy = awk_destroy,
	.players = awk_players,
	.player_name = awk_player_name,
	.to_move = awk_to_move,
	.legal_moves = awk_legal_moves,
	.chance_outcomes = awk_chance_outcomes,
	.apply = awk_apply,
	.parse_move = awk_parse_move,
	.format_move = awk_format_move,
	.render = awk_render,
	.get_position = awk_get_position,
	.set_position = awk_set_position,
	.result = awk_result,
	.describe_result = awk_describe_result,
	.evaluate = awk_evaluate,
	.explain_illegal = awk_explain_illegal,
	.narrate = awk_narrate,
	.end_kind = awk_end_kind,
	.diagram = awk_diagram,
};

TABLERO_PLUGIN(awithlaknakwe_game)
