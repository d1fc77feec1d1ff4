/*
 * game.c - the mancala plugin's options, the defaults each variant
 * supplies, and the descriptor.  Wagner's mancala family (P. A. Wagner,
 * "A contribution to our knowledge of the national game of skill of
 * Africa", Trans. Roy. Soc. S. Afr. 6, 1917) as one Tablero plugin; see
 * mancala.h for the files and the rule table.
 */
#include <string.h>

#include "mancala.h"

/* ------------------------------------------------------------------ */
/* Options                                                             */
/* ------------------------------------------------------------------ */

enum variant { V_HUS, V_MARUBA, V_MOFUBA, V_TSCHUBA, V_TSCHUBA2, V_CHUBA };

enum {
	O_VARIANT, O_HOLES, O_START, O_SEEDS, O_OUTER_SEEDS, O_FIRST,
	O_TRANSFER, O_SINGLETONS, O_RELAY, O_CAPTURE, O_CAPTURED, O_EXTRA,
	O_SKIP_START, O_ENDLESS, O_LAP_LIMIT, O_STUCK, O_LEFTOVER,
	O_TURN_LIMIT, O_COUNT
};

static const char *const variant_names[] = {
	"hus", "maruba", "mofuba", "tschuba", "tschuba2", "chuba", NULL
};
static const char *const start_names[] = { "hus", "maruba", "full", NULL };
const char *const mc_player_names[] = { "P", "Q", NULL };
static const char *const singles_names[] = {
	"never", "maruba", "always", NULL
};
static const char *const trigger_names[] = {
	"occupied", "empty", "none", NULL
};
static const char *const captured_names[] = { "sow", "remove", NULL };
static const char *const extra_names[] = { "none", "hole", "pair", NULL };
static const char *const endless_names[] = { "stop", "draw", NULL };
static const char *const stuck_names[] = { "lose", "end", "pass", NULL };
static const char *const leftover_names[] = { "none", "owner", NULL };

static const struct tbl_option options[O_COUNT] = {
	{ "variant", TBL_OPT_ENUM, "hus", 0, 0, variant_names,
	  "the game: hus, maruba, mofuba, tschuba, tschuba2 or chuba; "
	  "supplies the defaults of the options below" },
	{ "holes", TBL_OPT_INT, NULL, 4, MAXN, NULL,
	  "holes in each row (variant: hus 12, chuba 11, others 8)" },
	{ "start", TBL_OPT_ENUM, NULL, 0, 0, start_names,
	  "start layout: hus (outer rows and right half of inner rows), "
	  "maruba (left-most inner hole empty, next one 1), full" },
	{ "seeds", TBL_OPT_INT, NULL, 1, 20, NULL,
	  "men in each filled inner hole at the start (variant: 2)" },
	{ "outer_seeds", TBL_OPT_INT, NULL, 0, 20, NULL,
	  "men in each outer hole at the start (variant: chuba 1, "
	  "others as seeds)" },
	{ "first", TBL_OPT_ENUM, NULL, 0, 0, mc_player_names,
	  "who moves first (variant: tschuba and tschuba2 Q, others P)" },
	{ "opening_transfer", TBL_OPT_BOOL, NULL, 0, 0, NULL,
	  "a player's first move may sow the outer hole behind the middle "
	  "inner hole into the inner row (variant: hus yes)" },
	{ "singletons", TBL_OPT_ENUM, NULL, 0, 0, singles_names,
	  "start from a single man: never (hus), maruba (only when every "
	  "occupied hole holds one, into an empty hole), always" },
	{ "relay", TBL_OPT_BOOL, NULL, 0, 0, NULL,
	  "a last man into an occupied hole lifts its men and sows on "
	  "(variant: yes)" },
	{ "capture", TBL_OPT_ENUM, NULL, 0, 0, trigger_names,
	  "the last man captures when it falls into an own inner hole that "
	  "was occupied (hus) or empty (maruba) and faces an occupied hole" },
	{ "captured", TBL_OPT_ENUM, NULL, 0, 0, captured_names,
	  "captured men are sown on from the next hole (hus) or removed and "
	  "credited to the capturer (maruba)" },
	{ "extra", TBL_OPT_ENUM, NULL, 0, 0, extra_names,
	  "after a capture the mover also takes one opponent hole (hole) or "
	  "column pair (pair) of his choice, or nothing (none)" },
	{ "skip_start", TBL_OPT_BOOL, "no", 0, 0, NULL,
	  "a hand that goes round the whole circuit skips the hole it was "
	  "lifted from" },
	{ "endless", TBL_OPT_ENUM, "stop", 0, 0, endless_names,
	  "a move reaching lap_limit laps ends where it is (stop) or ends "
	  "the game in a draw (draw)" },
	{ "lap_limit", TBL_OPT_INT, "2000", 1, 1000000, NULL,
	  "most laps (sowings of one hand) in one move" },
	{ "stuck", TBL_OPT_ENUM, NULL, 0, 0, stuck_names,
	  "a player who cannot move loses (hus), ends the game to be scored "
	  "(end), or passes (pass)" },
	{ "leftover", TBL_OPT_ENUM, NULL, 0, 0, leftover_names,
	  "when the game is scored, men still on the board count for nobody "
	  "(none) or for the owner of their hole (owner)" },
	{ "turn_limit", TBL_OPT_INT, "1000", 0, 1000000, NULL,
	  "the game ends and is scored after this many turns (0: no limit)" },
};

/*
 * The defaults each variant supplies for the options declared with NULL
 * (outer_seeds AS_SEEDS: as many as seeds).
 */
#define AS_SEEDS 0xFF
struct variant_def {
	uint8_t holes, start, seeds, outer_seeds, first, transfer;
	uint8_t singletons, relay, capture, captured, extra, stuck, leftover;
};

static const struct variant_def variant_defs[] = {
	/* holes start      seeds outer first tr  singles    relay capture */
	[V_HUS] = { 12, ST_HUS, 2, AS_SEEDS, P, 1, SG_NEVER, 1, CT_OCCUPIED,
	    CD_SOW, EX_NONE, SK_LOSE, LO_OWNER },
	[V_MARUBA] = { 8, ST_MARUBA, 2, AS_SEEDS, P, 0, SG_MARUBA, 1, CT_EMPTY,
	    CD_REMOVE, EX_HOLE, SK_END, LO_NONE },
	[V_MOFUBA] = { 8, ST_MARUBA, 2, AS_SEEDS, P, 0, SG_MARUBA, 1, CT_EMPTY,
	    CD_REMOVE, EX_HOLE, SK_END, LO_NONE },
	[V_TSCHUBA] = { 8, ST_FULL, 2, AS_SEEDS, Q, 0, SG_MARUBA, 1, CT_EMPTY,
	    CD_REMOVE, EX_HOLE, SK_END, LO_NONE },
	[V_TSCHUBA2] = { 8, ST_FULL, 2, AS_SEEDS, Q, 0, SG_MARUBA, 1, CT_EMPTY,
	    CD_REMOVE, EX_PAIR, SK_END, LO_NONE },
	[V_CHUBA] = { 11, ST_MARUBA, 2, 1, P, 0, SG_MARUBA, 1, CT_EMPTY,
	    CD_REMOVE, EX_PAIR, SK_END, LO_NONE },
};

/* ------------------------------------------------------------------ */
/* The descriptor                                                      */
/* ------------------------------------------------------------------ */

TBL_FLAT_STATE_FUNCTIONS(m)

static struct tbl_state *
m_create(const struct tbl_host *host, const struct tbl_optval *o,
    uint64_t seed, char *err, size_t errlen)
{
	struct tbl_state *s;
	struct rules r;
	const struct variant_def *v;
	long holes;

	(void)seed;
	memset(&r, 0, sizeof r);
	if (o[O_VARIANT].i < 0 || o[O_VARIANT].i > V_CHUBA) {
		tbl_error(err, errlen, "variant: unknown value %ld",
		    o[O_VARIANT].i);
		return NULL;
	}
	v = &variant_defs[o[O_VARIANT].i];
	holes = tbl_opt_or(o, O_HOLES, v->holes);
	if (holes < 4 || holes > MAXN) {
		tbl_error(err, errlen, "holes=%ld: must be 4 to %d", holes, MAXN);
		return NULL;
	}
	r.n = (uint8_t)holes;
	r.start = (uint8_t)tbl_opt_or(o, O_START, v->start);
	r.seeds = (uint8_t)tbl_opt_or(o, O_SEEDS, v->seeds);
	r.outer_seeds = (uint8_t)tbl_opt_or(o, O_OUTER_SEEDS,
	    v->outer_seeds == AS_SEEDS ? r.seeds : v->outer_seeds);
	r.first = (uint8_t)tbl_opt_or(o, O_FIRST, v->first);
	r.transfer = (uint8_t)tbl_opt_or(o, O_TRANSFER, v->transfer);
	r.singletons = (uint8_t)tbl_opt_or(o, O_SINGLETONS, v->singletons);
	r.relay = (uint8_t)tbl_opt_or(o, O_RELAY, v->relay);
	r.capture = (uint8_t)tbl_opt_or(o, O_CAPTURE, v->capture);
	r.captured = (uint8_t)tbl_opt_or(o, O_CAPTURED, v->captured);
	r.extra = (uint8_t)tbl_opt_or(o, O_EXTRA, v->extra);
	r.skip_start = (uint8_t)(o[O_SKIP_START].i != 0);
	r.endless = (uint8_t)o[O_ENDLESS].i;
	r.lap_limit = (uint32_t)o[O_LAP_LIMIT].i;
	r.stuck = (uint8_t)tbl_opt_or(o, O_STUCK, v->stuck);
	r.leftover = (uint8_t)tbl_opt_or(o, O_LEFTOVER, v->leftover);
	r.turn_limit = (uint32_t)o[O_TURN_LIMIT].i;
	if (r.seeds < 1 || r.seeds > 20 || r.outer_seeds > 20 ||
	    o[O_LAP_LIMIT].i < 1 || o[O_LAP_LIMIT].i > 1000000 ||
	    o[O_TURN_LIMIT].i < 0 || o[O_TURN_LIMIT].i > 1000000) {
		tbl_error(err, errlen, "seeds, outer_seeds, lap_limit or "
		    "turn_limit out of range");
		return NULL;
	}
	if (r.start == ST_HUS && r.n % 2) {
		tbl_error(err, errlen, "holes=%d: the hus start fills half of "
		    "each inner row and needs an even number of holes", r.n);
		return NULL;
	}
	mc_build_board(&r);
	s = host->calloc(sizeof *s);
	s->host = host;
	s->r = r;
	mc_start_layout(&s->r, &s->p);
	mc_settle(&s->r, &s->p);
	return s;
}

static int
m_players(const struct tbl_state *s)
{
	(void)s;
	return 2;
}

static const char *
m_player_name(const struct tbl_state *s, int p)
{
	(void)s;
	return p == Q ? "Q" : "P";
}

static int
m_to_move(const struct tbl_state *s)
{
	return s->p.over != OV_NO ? TBL_END : s->p.side;
}

static int
m_legal_moves(const struct tbl_state *s, tbl_move *out, int cap)
{
	return mc_legal_moves(&s->r, &s->p, out, cap);
}

static int
m_chance_outcomes(const struct tbl_state *s, tbl_move *out, double *prob,
    int cap)
{
	(void)s;
	(void)out;
	(void)prob;
	(void)cap;
	return 0;
}

static int
m_apply(struct tbl_state *s, tbl_move m)
{
	return mc_apply(&s->r, &s->p, m);
}

static int
m_parse_move(const struct tbl_state *s, const char *text, tbl_move *m,
    size_t *used, char *err, size_t errlen)
{
	return mc_parse_move(&s->r, text, m, used, err, errlen);
}

static int
m_format_move(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	return mc_format_move(&s->r, m, buf, len);
}

static int
m_render(const struct tbl_state *s, char *buf, size_t len)
{
	return mc_render(&s->r, &s->p, buf, len);
}

static int
m_get_position(const struct tbl_state *s, char *buf, size_t len)
{
	return mc_get_position(&s->r, &s->p, buf, len);
}

static int
m_set_position(struct tbl_state *s, const char *pos, char *err,
    size_t errlen)
{
	if (pos == NULL) {
		tbl_error(err, errlen, "no position given");
		return -1;
	}
	return mc_set_position(&s->r, &s->p, pos, err, errlen);
}

static int
m_result(const struct tbl_state *s, double *out)
{
	switch (s->p.over) {
	case OV_P:
		out[P] = 1;
		out[Q] = 0;
		return 0;
	case OV_Q:
		out[P] = 0;
		out[Q] = 1;
		return 0;
	case OV_DRAW:
		out[P] = out[Q] = 0.5;
		return 0;
	default:
		return -1;
	}
}

static int
m_describe_result(const struct tbl_state *s, char *buf, size_t len)
{
	const struct rules *r = &s->r;
	const struct pos *q = &s->p;
	size_t n = 0;
	const char *who = q->over == OV_P ? "P wins" : q->over == OV_Q ?
	    "Q wins" : "drawn";
	unsigned sp = mc_score(r, q, P), sq = mc_score(r, q, Q);

	if (len > 0)
		buf[0] = '\0';
	switch (q->over == OV_NO ? WHY_NONE : q->why) {
	case WHY_NONE:
		tbl_bprintf(buf, len, &n, "the game is not over");
		break;
	case WHY_STUCK:
		if (r->stuck == SK_LOSE)
			tbl_bprintf(buf, len, &n, "%s: %s cannot move", who,
			    mc_player_names[q->side]);
		else
			tbl_bprintf(buf, len, &n, "%s, %u to %u (%s cannot "
			    "move)", who, q->over == OV_Q ? sq : sp,
			    q->over == OV_Q ? sp : sq, mc_player_names[q->side]);
		break;
	case WHY_LIMIT:
		tbl_bprintf(buf, len, &n, "%s, %u to %u (turn limit %u)", who,
		    q->over == OV_Q ? sq : sp, q->over == OV_Q ? sp : sq,
		    r->turn_limit);
		break;
	case WHY_ENDLESS:
		tbl_bprintf(buf, len, &n, "%s: a move reached the lap limit "
		    "(%u laps)", who, r->lap_limit);
		break;
	default:
		tbl_bprintf(buf, len, &n, "%s (as set up)", who);
		break;
	}
	return (int)n;
}

/*
 * A cheap estimate for the generic AI: each side's share of the men it
 * holds on its own rows or has taken.  Men taken win the removal games;
 * men at home are the mobility that wins ||Hus.
 */
static int
m_evaluate(const struct tbl_state *s, double *out)
{
	const struct rules *r = &s->r;
	const struct pos *q = &s->p;
	double a, b;

	if (q->over != OV_NO)
		return m_result(s, out);
	a = (double)q->credit[P] + mc_men_on_side(r, q, P);
	b = (double)q->credit[Q] + mc_men_on_side(r, q, Q);
	if (a + b <= 0)
		return -1;
	out[P] = a / (a + b);
	out[Q] = 1.0 - out[P];
	return 0;
}

static const struct tbl_game mancala_game = {
	.name = "mancala",
	.title = "Wagner's mancala family (Hus, Maruba, Tschuba, Chuba)",
	.version = "1.0",
	.rules =
	    "Four-row mancala games after P. A. Wagner (1917).  Each player\n"
	    "owns two\n"
	    "rows (P: a outer, b inner; Q: c inner, d outer) and sows his men\n"
	    "one a\n"
	    "hole, counter-clockwise round his own two rows.  A move is the\n"
	    "hole it\n"
	    "starts from (b6).  A last man falling into an occupied hole\n"
	    "lifts its\n"
	    "men and sows on (relay sowing).\n"
	    "||Hus (variant=hus): a last man into an occupied inner hole\n"
	    "facing an\n"
	    "occupied hole captures that hole and the one behind it and sows\n"
	    "the\n"
	    "captured men on; a player who cannot move (no hole of two men)\n"
	    "loses.\n"
	    "Maruba, Mofuba, Tschuba, Chuba: a last man into an empty inner\n"
	    "hole\n"
	    "facing an occupied hole kills that hole and the one behind it,\n"
	    "then\n"
	    "takes one more hole (x and a hole: xd6) or column pair\n"
	    "(tschuba2, chuba)\n"
	    "of the mover's choice; the men taken leave the board and whoever\n"
	    "takes\n"
	    "more wins.\n"
	    "See 'options' and tablero-mancala(7).",
	.options = options,
	.noptions = O_COUNT,
	.init = NULL,
	.create = m_create,
	.clone = m_clone,
	.copy = m_copy,
	.destroy = m_destroy,
	.players = m_players,
	.player_name = m_player_name,
	.to_move = m_to_move,
	.legal_moves = m_legal_moves,
	.chance_outcomes = m_chance_outcomes,
	.apply = m_apply,
	.parse_move = m_parse_move,
	.format_move = m_format_move,
	.render = m_render,
	.get_position = m_get_position,
	.set_position = m_set_position,
	.result = m_result,
	.describe_result = m_describe_result,
	.evaluate = m_evaluate,
};

TABLERO_PLUGIN(mancala_game)
