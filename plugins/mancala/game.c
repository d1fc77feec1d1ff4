/*
 * game.c - the mancala plugin's options, the defaults each variant
 * supplies, and the descriptor.  Wagner's mancala family (P. A. Wagner,
 * "A contribution to our knowledge of the national game of skill of
 * Africa", Trans. Roy. Soc. S. Afr. 6, 1917) as one Tablero plugin; see
 * mancala.h for the files and the rule table.
 */
#include <string.h>

#include "fast.h"

/*
 * play_random() and playout() find the k-th legal start by pdep where it
 * is fast (mancala.h's MC_BMI2), chosen at run time by the SDK's
 * tbl_pdep_fast(): Intel, AMD from family 19h (Zen 3) on.
 */
#ifdef MC_BMI2
static void mc_choose_select(void);
#endif

/* ------------------------------------------------------------------ */
/* Options                                                             */
/* ------------------------------------------------------------------ */

enum variant {
	V_HUS, V_MARUBA, V_MOFUBA, V_TSCHUBA, V_TSCHUBA2, V_CHUBA,
	V_ANNANA, V_DJAMO, V_POO, V_KALE, V_MANKALAH, V_MANGALA, V_GABATTA,
	V_COUNT
};

enum {
	O_VARIANT, O_HOLES, O_START, O_SEEDS, O_OUTER_SEEDS, O_FIRST,
	O_TRANSFER, O_SINGLETONS, O_RELAY, O_CAPTURE, O_CAPTURED, O_EXTRA,
	O_SKIP_START, O_ENDLESS, O_LAP_LIMIT, O_STUCK, O_LEFTOVER,
	O_TURN_LIMIT, O_ROWS, O_TAKE, O_TAKE_OPP, O_CHAIN, O_PASSING,
	O_SETUP, O_MATCH, O_CYCLES, O_COUNT
};

static const char *const variant_names[] = {
	"hus", "maruba", "mofuba", "tschuba", "tschuba2", "chuba",
	"annana", "djamo", "poo", "kale", "mankalah", "mangala", "gabatta",
	NULL
};
static const char *const start_names[] = { "hus", "maruba", "full", NULL };
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
static const char *const cycles_names[] = { "draw", "own", NULL };
static const char *const take_names[] = {
	"none", "four", "two_four", NULL
};
static const char *const chain_names[] = { "none", "own", "both", NULL };
static const char *const setup_names[] = {
	"none", "wise", "wise_ends", "ignorants", NULL
};

static const struct tbl_option options[O_COUNT] = {
	{ "variant", TBL_OPT_ENUM, "hus", 0, 0, variant_names,
	  "the game: hus, maruba, mofuba, tschuba, tschuba2, chuba (four "
	  "rows), annana (djamo, poo, kale), mankalah, mangala (two rows) "
	  "or gabatta (three rows); supplies the defaults of the options "
	  "below" },
	{ "holes", TBL_OPT_INT, NULL, 4, MAXN, NULL,
	  "holes in each row (variant: hus 12, chuba 11, maruba and "
	  "tschuba 8, mangala 7, annana, mankalah and gabatta 6)" },
	{ "start", TBL_OPT_ENUM, NULL, 0, 0, start_names,
	  "start layout: hus (outer rows and right half of inner rows), "
	  "maruba (left-most inner hole empty, next one 1), full" },
	{ "seeds", TBL_OPT_INT, NULL, 1, 20, NULL,
	  "men in each filled inner hole at the start; on two and three "
	  "rows in every hole, and with a setup the men a hole on average "
	  "(variant: 2; annana 4, mankalah 6, mangala 7, gabatta 3)" },
	{ "outer_seeds", TBL_OPT_INT, NULL, 0, 20, NULL,
	  "men in each outer hole at the start (variant: chuba 1, "
	  "others as seeds)" },
	{ "first", TBL_OPT_ENUM, NULL, 0, 0, mc_player_names,
	  "who moves first (variant: tschuba, tschuba2 and annana Q, "
	  "others P)" },
	{ "opening_transfer", TBL_OPT_BOOL, NULL, 0, 0, NULL,
	  "a player's first move may sow the outer hole behind the middle "
	  "inner hole into the inner row (variant: hus yes)" },
	{ "singletons", TBL_OPT_ENUM, NULL, 0, 0, singles_names,
	  "start from a single man: never (hus), maruba (only when every "
	  "occupied hole holds one, into an empty hole), always (two and "
	  "three rows)" },
	{ "relay", TBL_OPT_BOOL, NULL, 0, 0, NULL,
	  "a last man into an occupied hole lifts its men and sows on "
	  "(variant: yes)" },
	{ "capture", TBL_OPT_ENUM, NULL, 0, 0, trigger_names,
	  "the last man captures when it falls into an own inner hole that "
	  "was occupied (hus) or empty (maruba) and faces an occupied hole; "
	  "none (two and three rows)" },
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
	{ "rows", TBL_OPT_INT, NULL, 2, 4, NULL,
	  "rows of holes: 4 (P a, b; Q c, d), 2 (P a, Q b, one circuit) or "
	  "3 (P a, shared b, Q c) (variant: gabatta 3, annana, mankalah and "
	  "mangala 2, others 4)" },
	{ "take", TBL_OPT_ENUM, NULL, 0, 0, take_names,
	  "a last man that makes four (four) or two or four (two_four) "
	  "takes them and ends the move (variant: annana and gabatta four, "
	  "mankalah and mangala two_four, others none)" },
	{ "take_opposite", TBL_OPT_BOOL, NULL, 0, 0, NULL,
	  "a take also empties the facing hole (variant: mankalah and "
	  "mangala yes)" },
	{ "chain", TBL_OPT_ENUM, NULL, 0, 0, chain_names,
	  "a take also takes the directly preceding holes of such a count: "
	  "none, on the mover's own row (own: mankalah, mangala) or on "
	  "both rows (both)" },
	{ "passing", TBL_OPT_BOOL, NULL, 0, 0, NULL,
	  "a four formed by a man other than the last goes at once to the "
	  "owner of its row (variant: annana and gabatta yes)" },
	{ "setup", TBL_OPT_ENUM, NULL, 0, 0, setup_names,
	  "Lane's distribution of the men on two rows: none (seeds in each "
	  "hole), wise (a3-a6 and b1-b4), wise_ends (a6 and b1) or "
	  "ignorants (dealt by chance, then accepted or turned) (variant: "
	  "mankalah wise)" },
	{ "match_target", TBL_OPT_INT, "0", 0, 10000, NULL,
	  "play games until one side's gains (his excess of men in a game) "
	  "reach this (Lane: 60); 0 plays one game" },
	{ "cycles", TBL_OPT_ENUM, "draw", 0, 0, cycles_names,
	  "how solve values play that never ends: a draw (draw), or each "
	  "side takes the men on its own side (own, as in Awari's solution)" },
};

/*
 * The defaults each variant supplies for the options declared with NULL
 * (outer_seeds AS_SEEDS: as many as seeds).
 */
#define AS_SEEDS 0xFF
struct variant_def {
	uint8_t holes, start, seeds, outer_seeds, first, transfer;
	uint8_t singletons, relay, capture, captured, extra, stuck, leftover;
	uint8_t rows, take, take_opp, chain, passing, setup;
};

#define FOUR_ROWS 4, TK_NONE, 0, CH_NONE, 0, SU_NONE
#define ANNANA { 6, ST_FULL, 4, AS_SEEDS, Q, 0, SG_ALWAYS, 1, CT_NONE, \
	CD_REMOVE, EX_NONE, SK_END, LO_NONE, 2, TK_FOUR, 0, CH_NONE, 1, \
	SU_NONE }

static const struct variant_def variant_defs[V_COUNT] = {
	[V_HUS] = { 12, ST_HUS, 2, AS_SEEDS, P, 1, SG_NEVER, 1, CT_OCCUPIED,
	    CD_SOW, EX_NONE, SK_LOSE, LO_OWNER, FOUR_ROWS },
	[V_MARUBA] = { 8, ST_MARUBA, 2, AS_SEEDS, P, 0, SG_MARUBA, 1,
	    CT_EMPTY, CD_REMOVE, EX_HOLE, SK_END, LO_NONE, FOUR_ROWS },
	[V_MOFUBA] = { 8, ST_MARUBA, 2, AS_SEEDS, P, 0, SG_MARUBA, 1,
	    CT_EMPTY, CD_REMOVE, EX_HOLE, SK_END, LO_NONE, FOUR_ROWS },
	[V_TSCHUBA] = { 8, ST_FULL, 2, AS_SEEDS, Q, 0, SG_MARUBA, 1,
	    CT_EMPTY, CD_REMOVE, EX_HOLE, SK_END, LO_NONE, FOUR_ROWS },
	[V_TSCHUBA2] = { 8, ST_FULL, 2, AS_SEEDS, Q, 0, SG_MARUBA, 1,
	    CT_EMPTY, CD_REMOVE, EX_PAIR, SK_END, LO_NONE, FOUR_ROWS },
	[V_CHUBA] = { 11, ST_MARUBA, 2, 1, P, 0, SG_MARUBA, 1, CT_EMPTY,
	    CD_REMOVE, EX_PAIR, SK_END, LO_NONE, FOUR_ROWS },
	[V_ANNANA] = ANNANA,
	[V_DJAMO] = ANNANA,
	[V_POO] = ANNANA,
	[V_KALE] = ANNANA,
	[V_MANKALAH] = { 6, ST_FULL, 6, AS_SEEDS, P, 0, SG_ALWAYS, 1,
	    CT_NONE, CD_REMOVE, EX_NONE, SK_END, LO_NONE, 2, TK_TWO_FOUR, 1,
	    CH_OWN, 0, SU_WISE },
	[V_MANGALA] = { 7, ST_FULL, 7, AS_SEEDS, P, 0, SG_ALWAYS, 1,
	    CT_NONE, CD_REMOVE, EX_NONE, SK_END, LO_NONE, 2, TK_TWO_FOUR, 1,
	    CH_OWN, 0, SU_NONE },
	[V_GABATTA] = { 6, ST_FULL, 3, AS_SEEDS, P, 0, SG_ALWAYS, 1,
	    CT_NONE, CD_REMOVE, EX_NONE, SK_END, LO_NONE, 3, TK_FOUR, 0,
	    CH_NONE, 1, SU_NONE },
};

/* The counts a last man takes at, by the take option. */
static const uint8_t take_sets[] = {
	[TK_NONE] = 0, [TK_FOUR] = 1 << 4, [TK_TWO_FOUR] = 1 << 2 | 1 << 4
};

/* ------------------------------------------------------------------ */
/* The descriptor                                                      */
/* ------------------------------------------------------------------ */

static struct tbl_state *
m_clone(const struct tbl_state *s)
{
	struct tbl_state *c = s->host->alloc(sizeof *c);

	memcpy(c, s, sizeof *c);
	return c;
}

/*
 * The whole state when the rule tables differ; only the position (a
 * tenth of it) when dst has src's table, as when a playout starts again
 * from the start position it was cloned from.
 */
static void
m_copy(struct tbl_state *dst, const struct tbl_state *src)
{
	if (src->r.id != 0 && dst->r.id == src->r.id)
		dst->p = src->p;
	else
		memcpy(dst, src, sizeof *dst);
}

static void
m_destroy(struct tbl_state *s)
{
	if (s != NULL)
		s->host->free(s);
}

/* A new number for a rule table (never 0; shared by threads). */
static uint64_t
new_table_id(void)
{
#if defined(__GNUC__)
	static uint64_t last;

	return __atomic_add_fetch(&last, 1, __ATOMIC_RELAXED);
#else
	return 0;	/* copied whole */
#endif
}

/*
 * The rule table from the options and the variant's defaults.  The host
 * has checked each value against its declaration above (a choice of the
 * list, a number within min..max), and the variants' defaults are within
 * the same bounds.
 */
static void
read_rules(const struct tbl_optval *o, struct rules *r)
{
	const struct variant_def *v = &variant_defs[o[O_VARIANT].i];

	memset(r, 0, sizeof *r);
	r->n = (uint8_t)tbl_opt_or(o, O_HOLES, v->holes);
	r->rows = (uint8_t)tbl_opt_or(o, O_ROWS, v->rows);
	r->start = (uint8_t)tbl_opt_or(o, O_START, v->start);
	r->seeds = (uint8_t)tbl_opt_or(o, O_SEEDS, v->seeds);
	r->outer_seeds = (uint8_t)tbl_opt_or(o, O_OUTER_SEEDS,
	    v->outer_seeds == AS_SEEDS ? r->seeds : v->outer_seeds);
	r->first = (uint8_t)tbl_opt_or(o, O_FIRST, v->first);
	r->transfer = (uint8_t)tbl_opt_or(o, O_TRANSFER, v->transfer);
	r->singletons = (uint8_t)tbl_opt_or(o, O_SINGLETONS, v->singletons);
	r->relay = (uint8_t)tbl_opt_or(o, O_RELAY, v->relay);
	r->capture = (uint8_t)tbl_opt_or(o, O_CAPTURE, v->capture);
	r->captured = (uint8_t)tbl_opt_or(o, O_CAPTURED, v->captured);
	r->extra = (uint8_t)tbl_opt_or(o, O_EXTRA, v->extra);
	r->skip_start = (uint8_t)(o[O_SKIP_START].i != 0);
	r->endless = (uint8_t)o[O_ENDLESS].i;
	r->lap_limit = (uint32_t)o[O_LAP_LIMIT].i;
	r->stuck = (uint8_t)tbl_opt_or(o, O_STUCK, v->stuck);
	r->leftover = (uint8_t)tbl_opt_or(o, O_LEFTOVER, v->leftover);
	r->turn_limit = (uint32_t)o[O_TURN_LIMIT].i;
	r->turn_end = r->turn_limit ? r->turn_limit : UINT32_MAX;
	r->take = take_sets[tbl_opt_or(o, O_TAKE, v->take) % 3];
	r->take_opp = (uint8_t)tbl_opt_or(o, O_TAKE_OPP, v->take_opp);
	r->chain = (uint8_t)tbl_opt_or(o, O_CHAIN, v->chain);
	r->passing = (uint8_t)tbl_opt_or(o, O_PASSING, v->passing);
	r->setup = (uint8_t)tbl_opt_or(o, O_SETUP, v->setup);
	r->match_target = (uint32_t)o[O_MATCH].i;
	r->cycles = (uint8_t)o[O_CYCLES].i;
}

/* Options that do not go together. */
static int
check_rules(const struct rules *r, char *err, size_t errlen)
{
	if (r->start == ST_HUS && r->n % 2) {
		tbl_error(err, errlen, "holes=%d: the hus start fills half of "
		    "each inner row and needs an even number of holes", r->n);
		return -1;
	}
	if (r->rows != 4 && (r->start != ST_FULL || r->transfer ||
	    r->extra == EX_PAIR)) {
		tbl_error(err, errlen, "rows=%d: start=hus, start=maruba, "
		    "opening_transfer and extra=pair need four rows", r->rows);
		return -1;
	}
	if (r->setup != SU_NONE && r->rows != 2) {
		tbl_error(err, errlen, "setup=%s: Lane's distributions are for "
		    "two rows", setup_names[r->setup]);
		return -1;
	}
	return 0;
}

static struct tbl_state *
m_create(const struct tbl_host *host, const struct tbl_optval *o,
    uint64_t seed, char *err, size_t errlen)
{
	struct tbl_state *s;
	struct rules r;

	(void)seed;
	read_rules(o, &r);
	if (check_rules(&r, err, errlen) != 0)
		return NULL;
	mc_build_board(&r);
	mc_engine(&r);
	mc_bytes_tables(&r);
	s = host->calloc(sizeof *s);
	s->host = host;
	s->r = r;
	s->r.id = new_table_id();
#ifdef MC_BMI2
	mc_choose_select();
#endif
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
	return s->p.over != OV_NO ? TBL_END : s->p.deal ? TBL_CHANCE :
	    s->p.side;
}

/*
 * The common cases (ordinary play) are decided here, inline, and the
 * rest in rules.c: one call a move instead of two.
 */
static int
m_legal_moves(const struct tbl_state *s, tbl_move *out, int cap)
{
	int k = mc_plain_moves(&s->r, &s->p, out, cap);

	return k >= 0 ? k : mc_legal_moves(&s->r, &s->p, out, cap);
}

static int
m_chance_outcomes(const struct tbl_state *s, tbl_move *out, double *prob,
    int cap)
{
	return mc_chance_outcomes(&s->r, &s->p, out, prob, cap);
}

static int
m_apply(struct tbl_state *s, tbl_move m)
{
	if (mc_plain_start(&s->r, &s->p, m)) {
		mc_start_move(&s->r, &s->p, (int)m);
		return 0;
	}
	return mc_apply(&s->r, &s->p, m);
}

/*
 * A random move (SDK ABI 1.3) in ordinary play once no opening transfer is
 * left: the moves mc_plain_moves() would list are the start holes of the
 * legal mask, in order, so the one drawn is the mask's k-th bit, played as
 * m_apply() plays it.  The rest goes to legal_moves() and apply().
 */
static int
play_random_portable(struct tbl_state *s,
    uint32_t (*below)(void *, uint32_t), void *rng)
{
	struct pos *q = &s->p;
	uint64_t m = q->legal, pre = mc_byte_prefix(m);
	unsigned n = (unsigned)(pre >> 56);

	if (!q->plain || q->open || n == 0)
		return 0;
	mc_start_move(&s->r, q, s->r.lo[q->side] +
	    mc_nth_bit(m, pre, below(rng, n)));
	return (int)n;
}

#ifdef MC_BMI2
/* 1: play_random_bmi2() (set by create: mc_choose_select()). */
static int use_bmi2;
/* Test builds: 1 keeps the portable code (mancala_portable_select()). */
static int portable_only;

/* The same move, the k-th set bit found by pdep and counted by popcnt. */
__attribute__((target("popcnt,bmi2"))) static int
play_random_bmi2(struct tbl_state *s, uint32_t (*below)(void *, uint32_t),
    void *rng)
{
	struct pos *q = &s->p;
	uint64_t m = q->legal;
	unsigned n = (unsigned)__builtin_popcountll(m);

	if (!q->plain || q->open || n == 0)
		return 0;
	mc_start_move(&s->r, q, s->r.lo[q->side] +
	    (int)__builtin_ctzll(_pdep_u64((uint64_t)1 << below(rng, n), m)));
	return (int)n;
}

/* Does this processor have a fast pdep and popcnt? */
static void
mc_choose_select(void)
{
	int fast;

	fast = tbl_pdep_fast();
	__atomic_store_n(&use_bmi2, fast && !portable_only, __ATOMIC_RELAXED);
}

#ifdef MANCALA_TRACE
/* Test builds: play_random() keeps to the portable code when on is 1. */
void mancala_portable_select(int on);
void
mancala_portable_select(int on)
{
	portable_only = on;
	mc_choose_select();
}
#endif
#endif /* MC_BMI2 */

static int
m_play_random(struct tbl_state *s, uint32_t (*below)(void *, uint32_t),
    void *rng)
{
#ifdef MC_BMI2
	if (__atomic_load_n(&use_bmi2, __ATOMIC_RELAXED))
		return play_random_bmi2(s, below, rng);
#endif
	return play_random_portable(s, below, rng);
}

/*
 * Random moves (SDK ABI 1.4): in ordinary play the byte boards' run
 * (mc_playout_bytes()) where they take the position, else mc_playout();
 * the opening transfers, pending choices and boards to accept listed and
 * applied here, drawn the same way; stops at the end, at a chance point
 * or after cap moves.
 */
static long
m_playout(struct tbl_state *s, struct tbl_rng *g, long cap)
{
	tbl_move mv[MAXH + 8];	/* 72 and more: m_legal_moves' fast path */
	struct pos *q = &s->p;
	long len = 0, run;
	int bmi2 = 0, n;

#ifdef MC_BMI2
	bmi2 = __atomic_load_n(&use_bmi2, __ATOMIC_RELAXED);
#endif
	while (len < cap) {
		run = mc_playout_bytes(&s->r, q, g, cap - len, bmi2);
		len += run >= 0 ? run : mc_playout(&s->r, q, g, cap - len, bmi2);
		if (len >= cap || q->over != OV_NO || q->deal)
			break;
		n = m_legal_moves(s, mv, (int)(sizeof mv / sizeof mv[0]));
		if (n <= 0 || n > (int)(sizeof mv / sizeof mv[0]))
			break;
		m_apply(s, mv[tbl_rng_below(g, (uint32_t)n)]);
		len++;
	}
	return len;
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
	case WHY_MATCH:
		tbl_bprintf(buf, len, &n, "%s the match, gains %u to %u "
		    "(target %u)", q->over == OV_Q ? "Q wins" : "P wins",
		    q->gains[q->over == OV_Q ? Q : P],
		    q->gains[q->over == OV_Q ? P : Q], r->match_target);
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

static int
m_explain_illegal(const struct tbl_state *s, tbl_move m, char *buf,
    size_t len)
{
	return mc_explain(&s->r, &s->p, m, buf, len);
}

static int
m_passes(const struct tbl_state *before, tbl_move m,
    const struct tbl_state *after, int *out, int cap)
{
	(void)m;
	return mc_passes(&before->p, &after->p, out, cap);
}

static int
m_narrate(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	return mc_narrate(s, m, buf, len);
}

/* The turn limit and the lap limit (endless = draw) are the game's own. */
static int
m_end_kind(const struct tbl_state *s)
{
	return s->p.why == WHY_LIMIT || s->p.why == WHY_ENDLESS ?
	    TBL_END_LIMIT : TBL_END_RULES;
}

/* The value in effect of option `opt`, from the rule table. */
static int
m_option_value(const struct tbl_state *s, int opt, char *buf, size_t len)
{
	const struct rules *r = &s->r;
	const char *t = NULL;
	long v = -1;
	size_t n = 0;

	if (len > 0)
		buf[0] = '\0';
	switch (opt) {
	case O_HOLES: v = r->n; break;
	case O_START: t = start_names[r->start]; break;
	case O_SEEDS: v = r->seeds; break;
	case O_OUTER_SEEDS: v = r->outer_seeds; break;
	case O_FIRST: t = mc_player_names[r->first]; break;
	case O_TRANSFER: t = r->transfer ? "yes" : "no"; break;
	case O_SINGLETONS: t = singles_names[r->singletons]; break;
	case O_RELAY: t = r->relay ? "yes" : "no"; break;
	case O_CAPTURE: t = trigger_names[r->capture]; break;
	case O_CAPTURED: t = captured_names[r->captured]; break;
	case O_EXTRA: t = extra_names[r->extra]; break;
	case O_SKIP_START: t = r->skip_start ? "yes" : "no"; break;
	case O_ENDLESS: t = endless_names[r->endless]; break;
	case O_LAP_LIMIT: v = (long)r->lap_limit; break;
	case O_STUCK: t = stuck_names[r->stuck]; break;
	case O_LEFTOVER: t = leftover_names[r->leftover]; break;
	case O_TURN_LIMIT: v = (long)r->turn_limit; break;
	case O_ROWS: v = r->rows; break;
	case O_TAKE:
		t = r->take == take_sets[TK_FOUR] ? take_names[TK_FOUR] :
		    r->take == take_sets[TK_TWO_FOUR] ? take_names[TK_TWO_FOUR] :
		    take_names[TK_NONE];
		break;
	case O_TAKE_OPP: t = r->take_opp ? "yes" : "no"; break;
	case O_CHAIN: t = chain_names[r->chain]; break;
	case O_PASSING: t = r->passing ? "yes" : "no"; break;
	case O_SETUP: t = setup_names[r->setup]; break;
	case O_MATCH: v = (long)r->match_target; break;
	case O_CYCLES: t = cycles_names[r->cycles]; break;
	default: return 0;
	}
	if (t)
		tbl_bprintf(buf, len, &n, "%s", t);
	else
		tbl_bprintf(buf, len, &n, "%ld", v);
	return (int)n;
}

static const struct tbl_game mancala_game = {
	.name = "mancala",
	.title = "Wagner's mancala family (Hus, Maruba, Tschuba, Chuba, "
	    "Annana, Mankal'ah, Mangala, Gabatta)",
	.version = "1.1",
	.rules =
	    "Mancala games after P. A. Wagner (1917).  A move is the hole it\n"
	    "starts from (b6); the men are sown one a hole counter-clockwise,\n"
	    "and a last man falling into an occupied hole lifts its men and\n"
	    "sows on (relay sowing).\n"
	    "Four rows (P: a outer, b inner; Q: c inner, d outer), each player\n"
	    "sowing round his own two rows.  ||Hus (variant=hus): a last man\n"
	    "into an occupied inner hole facing an occupied hole captures that\n"
	    "hole and the one behind it and sows the captured men on; a player\n"
	    "who cannot move (no hole of two men) loses.  Maruba, Mofuba,\n"
	    "Tschuba, Chuba: a last man into an empty inner hole facing an\n"
	    "occupied hole kills that hole and the one behind it, then takes\n"
	    "one more hole (x and a hole: xd6) or column pair (tschuba2,\n"
	    "chuba); whoever takes more wins.\n"
	    "Two rows (P: a, Q: b, one circuit b1..b6 a6..a1).  Annana (djamo,\n"
	    "poo, kale): a last man making four takes the four; a four formed\n"
	    "in passing goes to the owner of its row.  Mankal'ah (mankalah),\n"
	    "Mangala: a last man making two or four takes them, the facing\n"
	    "hole and the directly preceding 2s and 4s with theirs; Lane's\n"
	    "set-ups (setup=wise, wise_ends, ignorants: dealt by chance, then\n"
	    "'accept' or 'turn') and match to 60 (match_target=60).\n"
	    "Three rows: Gabatta, our reconstruction (see the man page).\n"
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
	.explain_illegal = m_explain_illegal,
	.option_value = m_option_value,
	.passes = m_passes,
	.narrate = m_narrate,
	.end_kind = m_end_kind,
	.diagram = mc_diagram,
	.unlimited = mc_unlimited,
	.key_size = mc_key_size,
	.get_key = mc_get_key,
	.set_key = mc_set_key,
	.play_random = m_play_random,
	.match_game_end = mc_match_game_end,
	.dense_levels = mc_dense_levels,
	.dense_size = mc_dense_size,
	.dense_set = mc_dense_set,
	.dense_index = mc_dense_index,
	.playout = m_playout,
};

TABLERO_PLUGIN(mancala_game)
