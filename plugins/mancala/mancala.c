/*
 * mancala.c - Wagner's mancala family (P. A. Wagner, "A contribution to our
 * knowledge of the national game of skill of Africa", Trans. Roy. Soc. S.
 * Afr. 6, 1917) as one Tablero plugin.
 *
 * One sowing engine plays every game.  It is driven by a rule table
 * (struct rules) built once from the options: the board (rows x holes),
 * who owns which hole, each player's circuit as a "next hole" table, the
 * start layout, which holes a move may start from, relay sowing, the
 * capture trigger, what becomes of captured men, the extra capture, the
 * end of the game and the score.  The variants (hus, maruba, mofuba,
 * tschuba, tschuba2, chuba) only supply defaults for these options; no
 * code path asks which variant is being played.
 *
 * Board geometry.  Holes are numbered row * n + column, rows top to bottom
 * (a, b, c, d), columns 0 .. n-1 for Wagner's 1 .. n.  In the four-row
 * games P owns rows a (outer) and b (inner), Q owns c (inner) and d
 * (outer); P sows b1 -> bn -> an -> a1 -> b1, Q sows cn -> c1 -> d1 -> dn
 * -> cn.  The two- and three-row games (a later part) add their own
 * geometry builder: the engine reads only the tables.
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
#include <ctype.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tablero.h"

#define MAXN 32			/* holes per row */
#define MAXR 4			/* rows */
#define MAXH (MAXR * MAXN)	/* holes on the board */
#define NOHOLE 0xFF
#define MAXCOUNT 9999		/* men in one hole in a position string */
#define MAXMEN 30000		/* men in all (below 32768: count_mask) */

#define MV_HOLE 0x000u
#define MV_TRANSFER 0x100u
#define MV_EXTRA 0x200u
#define MV_KIND 0xF00u
#define MV_WHERE 0x0FFu

enum player { P = 0, Q = 1 };

/* Option values.  The order of each enum is the order of its choices. */
enum variant { V_HUS, V_MARUBA, V_MOFUBA, V_TSCHUBA, V_TSCHUBA2, V_CHUBA };
enum start { ST_HUS, ST_MARUBA, ST_FULL };
enum singles { SG_NEVER, SG_MARUBA, SG_ALWAYS };
enum trigger { CT_OCCUPIED, CT_EMPTY, CT_NONE };
enum captured { CD_SOW, CD_REMOVE };
enum extra { EX_NONE, EX_HOLE, EX_PAIR };
enum endless { EN_STOP, EN_DRAW };
enum stuck { SK_LOSE, SK_END, SK_PASS };
enum leftover { LO_NONE, LO_OWNER };

/* The end of a game: who won and why. */
enum over { OV_NO, OV_P, OV_Q, OV_DRAW };
enum why { WHY_NONE, WHY_STUCK, WHY_LIMIT, WHY_ENDLESS, WHY_GIVEN };

/* ------------------------------------------------------------------ */
/* Options                                                             */
/* ------------------------------------------------------------------ */

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
static const char *const player_names[] = { "P", "Q", NULL };
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
	{ "first", TBL_OPT_ENUM, NULL, 0, 0, player_names,
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

/* The defaults each variant supplies for the options declared with NULL. */
struct variant_def {
	uint8_t holes, start, seeds, outer_seeds, first, transfer;
	uint8_t singletons, relay, capture, captured, extra, stuck, leftover;
};

static const struct variant_def variant_defs[] = {
	/* holes start      seeds outer first tr  singles    relay capture */
	[V_HUS] = { 12, ST_HUS, 2, 2, P, 1, SG_NEVER, 1, CT_OCCUPIED,
	    CD_SOW, EX_NONE, SK_LOSE, LO_OWNER },
	[V_MARUBA] = { 8, ST_MARUBA, 2, 2, P, 0, SG_MARUBA, 1, CT_EMPTY,
	    CD_REMOVE, EX_HOLE, SK_END, LO_NONE },
	[V_MOFUBA] = { 8, ST_MARUBA, 2, 2, P, 0, SG_MARUBA, 1, CT_EMPTY,
	    CD_REMOVE, EX_HOLE, SK_END, LO_NONE },
	[V_TSCHUBA] = { 8, ST_FULL, 2, 2, Q, 0, SG_MARUBA, 1, CT_EMPTY,
	    CD_REMOVE, EX_HOLE, SK_END, LO_NONE },
	[V_TSCHUBA2] = { 8, ST_FULL, 2, 2, Q, 0, SG_MARUBA, 1, CT_EMPTY,
	    CD_REMOVE, EX_PAIR, SK_END, LO_NONE },
	[V_CHUBA] = { 11, ST_MARUBA, 2, 1, P, 0, SG_MARUBA, 1, CT_EMPTY,
	    CD_REMOVE, EX_PAIR, SK_END, LO_NONE },
};

/* ------------------------------------------------------------------ */
/* State                                                               */
/* ------------------------------------------------------------------ */

/* The rule table: everything the options decide, fixed for a state. */
struct rules {
	uint8_t variant, rows, n, nh;	/* nh = rows * n holes */
	uint8_t start, seeds, outer_seeds, first, transfer, singletons;
	uint8_t relay, capture, captured, extra, skip_start, endless;
	uint8_t stuck, leftover;
	uint32_t lap_limit, turn_limit;
	uint8_t lo[2], hi[2];		/* a player's own holes: [lo, hi) */
	uint8_t next[2][MAXH];		/* next hole on a player's circuit */
	uint8_t capt[2][MAXH];		/* 1: a last man here may capture */
	uint8_t opp[MAXH];		/* inner hole: the facing inner hole */
	uint8_t behind[MAXH];		/* inner hole: the outer hole behind */
	uint8_t front[MAXH];		/* outer hole: the inner hole before */
	uint8_t tr_from[2];		/* opening transfer: the outer hole */
	uint8_t tr_origin[2];		/* ... sown as if from this hole */
};

/* The position: everything a position string holds. */
struct pos {
	uint16_t c[MAXH + 4];		/* men in each hole; 4 pad counts */
	uint16_t credit[2];		/* men removed and credited */
	uint16_t hand;			/* men to sow after a pending choice */
	uint8_t side;			/* player to move (deciding) */
	uint8_t open;			/* bit p: p may still transfer */
	uint8_t pending;		/* 1: an extra capture is to be chosen */
	uint8_t at;			/* hole the pending sowing resumes after */
	uint8_t over, why;		/* enum over, enum why */
	uint32_t laps;			/* laps sown so far in this turn */
	uint32_t turn;			/* turns completed */
	/*
	 * Derived, not part of the position string: the legal moves of the
	 * player to move as a mask over his holes (over the opponent's
	 * holes while an extra capture is pending), set by settle().
	 */
	uint64_t legal;
};

struct tbl_state {
	const struct tbl_host *host;
	struct rules r;
	struct pos p;
};

TBL_FLAT_STATE_FUNCTIONS(m)

#ifdef MANCALA_TRACE
/*
 * Test builds only: every lap, capture and end of a move is reported to a
 * function the test program defines, so that a test can compare the laps
 * with Wagner's prose.  ev is 'S' (sow `men` lifted from hole a), 'C'
 * (capture holes a and b, `men` in all; sown captured men follow without
 * an event of their own), 'X' (extra capture of a, and of b unless b is
 * NOHOLE), 'E' (the move ended in hole a), 'L' (the lap limit stopped the
 * move in hole a).
 */
void mancala_trace(int ev, int n, int a, int b, unsigned men);
#define TRACE(ev, a, b, men) mancala_trace((ev), r->n, (a), (b), (men))
#else
#define TRACE(ev, a, b, men) ((void)0)
#endif

/* ------------------------------------------------------------------ */
/* Geometry                                                            */
/* ------------------------------------------------------------------ */

/* Hole index of row `row`, column `col` (both from 0). */
static int
hole(const struct rules *r, int row, int col)
{
	return row * r->n + col;
}

/* The four-row board: P owns a (outer) and b (inner), Q owns c and d. */
static void
build_four_rows(struct rules *r)
{
	int n = r->n, k;

	r->rows = 4;
	r->nh = (uint8_t)(4 * n);
	memset(r->next, NOHOLE, sizeof r->next);
	memset(r->capt, 0, sizeof r->capt);
	memset(r->opp, NOHOLE, sizeof r->opp);
	memset(r->behind, NOHOLE, sizeof r->behind);
	memset(r->front, NOHOLE, sizeof r->front);
	r->lo[P] = 0;
	r->hi[P] = (uint8_t)(2 * n);
	r->lo[Q] = (uint8_t)(2 * n);
	r->hi[Q] = (uint8_t)(4 * n);
	for (k = 0; k < n; k++) {
		int a = hole(r, 0, k), b = hole(r, 1, k);
		int c = hole(r, 2, k), d = hole(r, 3, k);

		/* P: b1 -> bn -> an -> a1 -> b1. */
		r->next[P][b] = (uint8_t)(k < n - 1 ? b + 1 : hole(r, 0, n - 1));
		r->next[P][a] = (uint8_t)(k > 0 ? a - 1 : hole(r, 1, 0));
		/* Q: cn -> c1 -> d1 -> dn -> cn. */
		r->next[Q][c] = (uint8_t)(k > 0 ? c - 1 : hole(r, 3, 0));
		r->next[Q][d] = (uint8_t)(k < n - 1 ? d + 1 : hole(r, 2, n - 1));
		r->capt[P][b] = 1;
		r->capt[Q][c] = 1;
		r->opp[b] = (uint8_t)c;
		r->opp[c] = (uint8_t)b;
		r->behind[b] = (uint8_t)a;
		r->behind[c] = (uint8_t)d;
		r->front[a] = (uint8_t)b;
		r->front[d] = (uint8_t)c;
	}
	/*
	 * The Hus opening transfer (Wagner Fig. 1 IIa): P lifts a6 and sows
	 * it as if from b6, into b7 and b8.  Q's mirror, d7 sown as if from
	 * c7 into c6 and c5, is our extrapolation.
	 */
	r->tr_from[P] = (uint8_t)hole(r, 0, n / 2 - 1);
	r->tr_origin[P] = (uint8_t)hole(r, 1, n / 2 - 1);
	r->tr_from[Q] = (uint8_t)hole(r, 3, n - n / 2);
	r->tr_origin[Q] = (uint8_t)hole(r, 2, n - n / 2);
}

/* Fill the start layout. */
static void
start_layout(const struct rules *r, struct pos *q)
{
	int n = r->n, k;

	memset(q, 0, sizeof *q);
	for (k = 0; k < n; k++) {
		q->c[hole(r, 0, k)] = r->outer_seeds;
		q->c[hole(r, 3, k)] = r->outer_seeds;
		switch (r->start) {
		case ST_HUS:
			/* The right half of each inner row: b1.., ..cn. */
			q->c[hole(r, 1, k)] = k < n / 2 ? r->seeds : 0;
			q->c[hole(r, 2, k)] = k >= n - n / 2 ? r->seeds : 0;
			break;
		default:
			q->c[hole(r, 1, k)] = r->seeds;
			q->c[hole(r, 2, k)] = r->seeds;
			break;
		}
	}
	if (r->start == ST_MARUBA) {
		/* Each player's extreme left inner hole empty, the next 1. */
		q->c[hole(r, 1, n - 1)] = 0;
		q->c[hole(r, 1, n - 2)] = 1;
		q->c[hole(r, 2, 0)] = 0;
		q->c[hole(r, 2, 1)] = 1;
	}
	q->side = r->first;
	q->open = r->transfer ? 3 : 0;
}

/* ------------------------------------------------------------------ */
/* Rules                                                               */
/* ------------------------------------------------------------------ */

/* The lowest set bit of a non-zero mask. */
static int
lowest_bit(uint64_t m)
{
#if defined(__GNUC__)
	return __builtin_ctzll(m);
#else
	int i = 0;

	while (!(m & 1)) {
		m >>= 1;
		i++;
	}
	return i;
#endif
}

/*
 * A mask of the counts c[0 .. len-1] (len <= 64) that reach a threshold:
 * bit i is set when (c[i] ^ x) >= k, inverted when `invert` is set.  So
 *	x 0, k 2		c[i] >= 2
 *	x 0, k 1		c[i] != 0 (inverted: c[i] == 0)
 *	x 1, k 1, invert	c[i] == 1
 * On little-endian machines four counts are tested at once in a 64-bit
 * word: a count below 32768 (MAXMEN) plus 0x8000 - k sets the lane's top
 * bit exactly when it is k or more, without carrying into the next lane.
 * c must have three readable counts past len (struct pos pads the board).
 */
static inline uint64_t
count_mask(const uint16_t *c, int len, unsigned x, unsigned k, int invert)
{
	uint64_t m = 0;
	int i;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	const uint64_t ones = 0x0001000100010001ull;
	const uint64_t xx = ones * x, add = ones * (0x8000u - k);

	for (i = 0; i < len; i += 4) {
		uint64_t w, t;

		memcpy(&w, c + i, sizeof w);
		t = ((w ^ xx) + add) & 0x8000800080008000ull;
		/* Bits 15, 31, 47 and 63 gathered into bits 0..3. */
		t >>= 15;
		t = (t | t >> 15 | t >> 30 | t >> 45) & 0xF;
		m |= t << i;
	}
#else
	for (i = 0; i < len; i++)
		m |= (uint64_t)((c[i] ^ x) >= k) << i;
#endif
	if (invert)
		m = ~m;
	if (len < 64)
		m &= ((uint64_t)1 << len) - 1;
	return m;
}

/*
 * The holes player p may start a move from, as a mask over p's holes
 * (bit i: hole lo[p] + i).  Called once a turn, by settle().
 */
static uint64_t
start_mask(const struct rules *r, const struct pos *q, int p)
{
	const uint16_t *c = q->c + r->lo[p];
	const uint8_t *nx = r->next[p];
	int i, len = r->hi[p] - r->lo[p], lo = r->lo[p];
	uint64_t m = 0;

	if (r->singletons == SG_ALWAYS)
		return count_mask(c, len, 0, 1, 0);
	m = count_mask(c, len, 0, 2, 0);
	/*
	 * Maruba: with no hole of two, a single man may start when the
	 * hole after it is empty.
	 */
	if (m == 0 && r->singletons == SG_MARUBA) {
		if (r->rows == 4) {
			/*
			 * Four rows: a player's mask holds his upper row
			 * (P's a, Q's c), then his lower row (P's b, Q's
			 * d), each from column 1.  The upper row is sown
			 * towards column 1 (the next hole of bit i is bit
			 * i-1), the lower towards column n (bit i+1), and
			 * the two ends cross over: bit 0 to bit n, bit 2n-1
			 * to bit n-1.
			 */
			int n = r->n;
			uint64_t e = count_mask(c, len, 0, 1, 1);
			uint64_t one = count_mask(c, len, 1, 1, 1);
			uint64_t up = (((uint64_t)1 << n) - 1) & ~(uint64_t)1;
			uint64_t down = ((((uint64_t)1 << (2 * n - 1)) - 1) >>
			    n) << n;
			uint64_t next_empty = ((e << 1) & up) |
			    ((e >> 1) & down) | ((e >> n) & 1) |
			    (((e >> (n - 1)) & 1) << (2 * n - 1));

			return one & next_empty;
		}
		for (i = 0; i < len; i++)
			m |= (uint64_t)((c[i] == 1) &
			    (q->c[nx[lo + i]] == 0)) << i;
	}
	return m;
}

/*
 * The extra captures open to p, as a mask over the opponent's holes: any
 * occupied hole, or (column pairs) each inner hole whose column holds a
 * man.
 */
static uint64_t
extra_mask(const struct rules *r, const struct pos *q, int p)
{
	int o = !p, lo = r->lo[o], len = r->hi[o] - r->lo[o], i;
	const uint16_t *c = q->c;
	uint64_t m = 0;

	if (r->extra == EX_PAIR) {
		for (i = 0; i < len; i++)
			if (r->capt[o][lo + i])
				m |= (uint64_t)((c[lo + i] |
				    c[r->behind[lo + i]]) != 0) << i;
	} else {
		m = count_mask(c + lo, len, 0, 1, 0);
	}
	return m;
}

/* May p make the opening transfer now? */
static int
may_transfer(const struct rules *r, const struct pos *q, int p)
{
	return r->transfer && (q->open & (1 << p)) &&
	    q->c[r->tr_from[p]] >= 2;
}

/* Men on p's own holes. */
static unsigned
men_on_side(const struct rules *r, const struct pos *q, int p)
{
	unsigned t = 0;
	int h;

	for (h = r->lo[p]; h < r->hi[p]; h++)
		t += q->c[h];
	return t;
}

/* The score of p when the game is scored. */
static unsigned
score(const struct rules *r, const struct pos *q, int p)
{
	return q->credit[p] +
	    (r->leftover == LO_OWNER ? men_on_side(r, q, p) : 0);
}

/* End the game by the score. */
static void
finish_by_score(const struct rules *r, struct pos *q, int why)
{
	unsigned sp = score(r, q, P), sq = score(r, q, Q);

	q->over = sp > sq ? OV_P : sq > sp ? OV_Q : OV_DRAW;
	q->why = (uint8_t)why;
}

/*
 * After a turn, or after a position was set: end the game if the turn
 * limit is reached or the player to move cannot move (by the `stuck`
 * rule), and note the legal moves of the player to move in q->legal.
 */
static void
settle(const struct rules *r, struct pos *q)
{
	int p = q->side;
	uint64_t m;

	q->legal = 0;
	if (q->over != OV_NO)
		return;
	if (q->pending) {
		q->legal = extra_mask(r, q, p);
		return;
	}
	if (r->turn_limit && q->turn >= r->turn_limit) {
		finish_by_score(r, q, WHY_LIMIT);
		return;
	}
	m = start_mask(r, q, p);
	if (m || may_transfer(r, q, p)) {
		q->legal = m;
		return;
	}
	switch (r->stuck) {
	case SK_LOSE:
		q->over = p == P ? OV_Q : OV_P;
		q->why = WHY_STUCK;
		break;
	case SK_PASS:
		m = start_mask(r, q, !p);
		if (m || may_transfer(r, q, !p)) {
			q->side = (uint8_t)!p;
			q->legal = m;
			break;
		}
		finish_by_score(r, q, WHY_STUCK);
		break;
	default:
		finish_by_score(r, q, WHY_STUCK);
		break;
	}
}

/* The turn of p is over: the other player decides next. */
static void
end_turn(const struct rules *r, struct pos *q, int p)
{
	q->pending = 0;
	q->hand = 0;
	q->at = 0;
	q->laps = 0;
	q->open &= (uint8_t)~(1u << p);
	q->turn++;
	q->side = (uint8_t)!p;
	settle(r, q);
}

/* The lap limit was reached in hole h: apply the `endless` rule. */
static void
endless_move(const struct rules *r, struct pos *q, int p, int h)
{
	TRACE('L', h, NOHOLE, 0);
	(void)h;
	if (r->endless == EN_DRAW) {
		q->pending = 0;
		q->hand = 0;
		q->laps = 0;
		q->over = OV_DRAW;
		q->why = WHY_ENDLESS;
		q->legal = 0;
		return;
	}
	end_turn(r, q, p);
}

/*
 * The sowing engine.  Player p holds `hand` men (hand >= 1) that are sown
 * one a hole from the hole after h along p's circuit; the last man is then
 * judged by the rules (relay, capture, end) until the move ends, a choice
 * of the mover is needed, or the lap limit stops it.  q->laps counts the
 * laps already sown in this turn; this lap is the next one.
 */
static void
sow(const struct rules *r, struct pos *q, int p, int h, unsigned hand)
{
	/*
	 * The rule fields are copied to locals: the tables are uint8_t,
	 * which may alias the board, so the compiler would reload them
	 * after every man dropped.
	 */
	const uint8_t *nx = r->next[p];
	const uint8_t *capt = r->capt[p];
	const uint8_t *opp = r->opp;
	uint16_t *c = q->c;
	uint32_t laps = q->laps, lap_limit = r->lap_limit;
	const int on_empty = r->capture == CT_EMPTY;
	const int on_occupied = r->capture == CT_OCCUPIED;
	const int relay = r->relay, skip = r->skip_start;

	for (;;) {
		int origin = h, o, b;
		unsigned men, take;

		laps++;
		/* Drop the men one a hole. */
		if (skip) {
			do {
				h = nx[h];
				if (h == origin)
					h = nx[h];
				c[h]++;
			} while (--hand);
		} else {
			do {
				h = nx[h];
				c[h]++;
			} while (--hand);
		}
		men = c[h];
		/* Judge the last man. */
		if (men == 1) {
			if (on_empty && capt[h] && c[opp[h]])
				goto capture;
			break;
		}
		if (on_occupied && capt[h] && c[opp[h]])
			goto capture;
		if (!relay)
			break;
		if (laps >= lap_limit) {
			q->laps = laps;
			endless_move(r, q, p, h);
			return;
		}
		/* Relay: lift the hole and sow on. */
		TRACE('S', h, NOHOLE, men);
		hand = men;
		c[h] = 0;
		continue;
capture:
		if (r->captured == CD_SOW && laps >= lap_limit) {
			q->laps = laps;
			endless_move(r, q, p, h);
			return;
		}
		o = opp[h];
		b = r->behind[o];
		take = c[o] + c[b];
		c[o] = 0;
		c[b] = 0;
		TRACE('C', o, b, take);
		if (r->captured == CD_REMOVE) {
			q->credit[p] = (uint16_t)(q->credit[p] + take);
			TRACE('E', h, NOHOLE, 0);
			if (r->extra != EX_NONE &&
			    (q->legal = extra_mask(r, q, p)) != 0) {
				q->pending = 1;
				q->hand = 0;
				q->at = (uint8_t)h;
				q->laps = laps;
				return;
			}
			end_turn(r, q, p);
			return;
		}
		/* Sow the captured men on from the next hole. */
		if (r->extra != EX_NONE &&
		    (q->legal = extra_mask(r, q, p)) != 0) {
			q->pending = 1;
			q->hand = (uint16_t)take;
			q->at = (uint8_t)h;
			q->laps = laps;
			return;
		}
		hand = take;
	}
	TRACE('E', h, NOHOLE, 0);
	end_turn(r, q, p);
}

/* ------------------------------------------------------------------ */
/* Moves                                                               */
/* ------------------------------------------------------------------ */

static int
legal_moves_pos(const struct rules *r, const struct pos *q, tbl_move *out,
    int cap)
{
	int p = q->side, k = 0;
	uint64_t m = q->legal;
	tbl_move base;

	if (q->over != OV_NO)
		return 0;
	if (q->pending) {
		base = MV_EXTRA | r->lo[!p];
	} else {
		base = MV_HOLE | r->lo[p];
	}
	if (cap > 64) {
		/* Room for any mask: no bound check in the loop. */
		for (; m; m &= m - 1)
			out[k++] = base + (tbl_move)lowest_bit(m);
	} else {
		for (; m; m &= m - 1) {
			if (k < cap)
				out[k] = base + (tbl_move)lowest_bit(m);
			k++;
		}
	}
	if (!q->pending && may_transfer(r, q, p)) {
		if (k < cap)
			out[k] = MV_TRANSFER | r->tr_from[p];
		k++;
	}
	return k;
}

static int
is_legal(const struct rules *r, const struct pos *q, tbl_move m)
{
	int p = q->side, h = (int)(m & MV_WHERE);

	if (q->over != OV_NO || (m & ~(MV_KIND | MV_WHERE)) || h >= r->nh)
		return 0;
	switch (m & MV_KIND) {
	case MV_HOLE:
		if (q->pending || h < r->lo[p] || h >= r->hi[p])
			return 0;
		return (int)(q->legal >> (h - r->lo[p])) & 1;
	case MV_TRANSFER:
		return !q->pending && h == r->tr_from[p] &&
		    may_transfer(r, q, p);
	case MV_EXTRA:
		if (!q->pending || h < r->lo[!p] || h >= r->hi[!p])
			return 0;
		return (int)(q->legal >> (h - r->lo[!p])) & 1;
	default:
		return 0;
	}
}

static int
apply_pos(const struct rules *r, struct pos *q, tbl_move m)
{
	int p = q->side, h = (int)(m & MV_WHERE);
	unsigned hand, take;

	if (!is_legal(r, q, m))
		return -1;
	switch (m & MV_KIND) {
	case MV_HOLE:
		hand = q->c[h];
		q->c[h] = 0;
		q->laps = 0;
		TRACE('S', h, NOHOLE, hand);
		sow(r, q, p, h, hand);
		break;
	case MV_TRANSFER:
		hand = q->c[h];
		q->c[h] = 0;
		q->laps = 0;
		TRACE('S', h, NOHOLE, hand);
		sow(r, q, p, r->tr_origin[p], hand);
		break;
	default:	/* MV_EXTRA */
		take = q->c[h];
		q->c[h] = 0;
		if (r->extra == EX_PAIR) {
			int b = r->behind[h];

			take += q->c[b];
			q->c[b] = 0;
			TRACE('X', h, b, take);
		} else {
			TRACE('X', h, NOHOLE, take);
		}
		q->pending = 0;
		if (r->captured == CD_REMOVE) {
			q->credit[p] = (uint16_t)(q->credit[p] + take);
			end_turn(r, q, p);
			break;
		}
		hand = q->hand + take;
		q->hand = 0;
		sow(r, q, p, q->at, hand);
		break;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Text: holes, moves                                                  */
/* ------------------------------------------------------------------ */

/* Write hole h as "b6". */
static void
put_hole(const struct rules *r, char *buf, size_t len, size_t *n, int h)
{
	tbl_bprintf(buf, len, n, "%c%d", 'a' + h / r->n, h % r->n + 1);
}

/*
 * Read a hole name ("b6", "B6", "b-6") at s.  Returns the number of bytes
 * read and the hole in *h, 0 when s does not start with a row letter, or
 * -1 when it names no hole of this board (message in err).
 */
static int
get_hole(const struct rules *r, const char *s, int *h, char *err,
    size_t errlen)
{
	int row, col = 0, i = 1, digits = 0;

	if (!isalpha((unsigned char)s[0]))
		return 0;
	row = tolower((unsigned char)s[0]) - 'a';
	if (s[i] == '-')
		i++;
	while (isdigit((unsigned char)s[i]) && digits < 4) {
		col = col * 10 + (s[i] - '0');
		i++;
		digits++;
	}
	if (digits == 0) {
		tbl_error(err, errlen, "'%.*s' is not a hole (expected a row "
		    "letter and a column, like b6)", i + 1, s);
		return -1;
	}
	if (row < 0 || row >= r->rows || col < 1 || col > r->n) {
		tbl_error(err, errlen, "no hole '%.*s' on this board (rows a-%c, "
		    "columns 1-%d)", i, s, 'a' + r->rows - 1, r->n);
		return -1;
	}
	*h = row * r->n + col - 1;
	return i;
}

static int
parse_move_pos(const struct rules *r, const char *text, tbl_move *m,
    size_t *used, char *err, size_t errlen)
{
	const char *s = text;
	int h, h2, k, extra = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == 'x' || *s == 'X') {
		extra = 1;
		s++;
	}
	k = get_hole(r, s, &h, err, errlen);
	if (k < 0)
		return -1;
	if (k == 0) {
		tbl_error(err, errlen, "'%.8s' is not a move (expected a hole "
		    "like b6, x and a hole like xd6, or a transfer like a6>b7)",
		    text);
		return -1;
	}
	s += k;
	if (extra) {
		/* In the column-pair form either hole names the pair. */
		if (r->extra == EX_PAIR && r->front[h] != NOHOLE)
			h = r->front[h];
		*m = MV_EXTRA | (tbl_move)h;
	} else if (*s == '>') {
		s++;
		k = get_hole(r, s, &h2, err, errlen);
		if (k < 0)
			return -1;
		if (k == 0) {
			tbl_error(err, errlen, "'%.8s': a transfer needs the "
			    "hole it sows into after '>'", text);
			return -1;
		}
		s += k;
		if ((h != r->tr_from[P] ||
		    h2 != r->next[P][r->tr_origin[P]]) &&
		    (h != r->tr_from[Q] ||
		    h2 != r->next[Q][r->tr_origin[Q]])) {
			tbl_error(err, errlen, "'%.*s' is not an opening "
			    "transfer (P's is a%d>b%d, Q's d%d>c%d)",
			    (int)(s - text), text,
			    r->tr_from[P] % r->n + 1,
			    r->next[P][r->tr_origin[P]] % r->n + 1,
			    r->tr_from[Q] % r->n + 1,
			    r->next[Q][r->tr_origin[Q]] % r->n + 1);
			return -1;
		}
		*m = MV_TRANSFER | (tbl_move)h;
	} else {
		*m = MV_HOLE | (tbl_move)h;
	}
	*used = (size_t)(s - text);
	return 0;
}

static int
format_move_pos(const struct rules *r, tbl_move m, char *buf, size_t len)
{
	size_t n = 0;
	int h = (int)(m & MV_WHERE);

	if (len > 0)
		buf[0] = '\0';
	if (h >= r->nh)
		h = 0;
	switch (m & MV_KIND) {
	case MV_EXTRA:
		tbl_bprintf(buf, len, &n, "x");
		put_hole(r, buf, len, &n, h);
		break;
	case MV_TRANSFER:
		put_hole(r, buf, len, &n, h);
		tbl_bprintf(buf, len, &n, ">");
		put_hole(r, buf, len, &n,
		    r->next[h < r->hi[P] ? P : Q][r->tr_origin[h < r->hi[P] ?
		    P : Q]]);
		break;
	default:
		put_hole(r, buf, len, &n, h);
		break;
	}
	return (int)n;
}

/* ------------------------------------------------------------------ */
/* Position strings                                                    */
/* ------------------------------------------------------------------ */

static int
get_position_pos(const struct rules *r, const struct pos *q, char *buf,
    size_t len)
{
	size_t n = 0;
	int row, col;

	if (len > 0)
		buf[0] = '\0';
	for (row = 0; row < r->rows; row++) {
		for (col = 0; col < r->n; col++)
			tbl_bprintf(buf, len, &n, "%s%u", col ? "," : "",
			    q->c[hole(r, row, col)]);
		if (row < r->rows - 1)
			tbl_bprintf(buf, len, &n, "/");
	}
	tbl_bprintf(buf, len, &n, " %s P:%u Q:%u", player_names[q->side],
	    q->credit[P], q->credit[Q]);
	if (q->open)
		tbl_bprintf(buf, len, &n, " open=%s%s", q->open & 1 ? "P" : "",
		    q->open & 2 ? "Q" : "");
	if (q->turn)
		tbl_bprintf(buf, len, &n, " turn=%u", q->turn);
	if (q->pending) {
		tbl_bprintf(buf, len, &n, " choice=extra");
		if (q->hand) {
			tbl_bprintf(buf, len, &n, " hand=%u at=", q->hand);
			put_hole(r, buf, len, &n, q->at);
			tbl_bprintf(buf, len, &n, " laps=%u", q->laps);
		}
	}
	if (q->why == WHY_ENDLESS || q->why == WHY_GIVEN)
		tbl_bprintf(buf, len, &n, " over=%s", q->over == OV_P ? "P" :
		    q->over == OV_Q ? "Q" : "draw");
	return (int)n;
}

/*
 * Read an unsigned decimal number of at most `max` from s; returns the
 * bytes read, 0 when s does not start with a digit, -1 when too large.
 */
static int
get_number(const char *s, unsigned long max, unsigned long *v)
{
	unsigned long x = 0;
	int i = 0;

	if (!isdigit((unsigned char)s[0]))
		return 0;
	while (isdigit((unsigned char)s[i])) {
		x = x * 10 + (unsigned long)(s[i] - '0');
		if (x > max)
			return -1;
		i++;
	}
	*v = x;
	return i;
}

/* The length of the word at s (up to a blank or the end). */
static size_t
word_len(const char *s)
{
	size_t k = 0;

	while (s[k] && s[k] != ' ' && s[k] != '\t' && s[k] != '\n')
		k++;
	return k;
}

/* Parse the board field ("2,2,.../..."); fills q->c. */
static int
parse_board(const struct rules *r, const char *s, size_t wl, struct pos *q,
    char *err, size_t errlen)
{
	size_t i = 0;
	int row = 0, col = 0, rows = 1;
	unsigned long total = 0, v;

	for (i = 0; i < wl; i++)
		if (s[i] == '/')
			rows++;
	if (rows != r->rows) {
		tbl_error(err, errlen, "the board has %d row%s, expected %d "
		    "(rows a-%c separated by '/')", rows, rows == 1 ? "" : "s",
		    r->rows, 'a' + r->rows - 1);
		return -1;
	}
	i = 0;
	for (row = 0; row < r->rows; row++) {
		for (col = 0;; col++) {
			int k;

			if (s[i] == '-') {
				tbl_error(err, errlen, "row %c hole %d: negative "
				    "count '%.*s'", 'a' + row, col + 1,
				    (int)strcspn(s + i, ",/ \t"), s + i);
				return -1;
			}
			k = get_number(s + i, MAXCOUNT, &v);
			if (k <= 0) {
				int bad = (int)strcspn(s + i, ",/ \t");

				if (k < 0)
					tbl_error(err, errlen, "row %c hole %d: "
					    "count '%.*s' is too large (at most "
					    "%d)", 'a' + row, col + 1, bad,
					    s + i, MAXCOUNT);
				else
					tbl_error(err, errlen, "row %c hole %d: "
					    "'%.*s' is not a count of men",
					    'a' + row, col + 1, bad, s + i);
				return -1;
			}
			if (col < r->n)
				q->c[hole(r, row, col)] = (uint16_t)v;
			total += v;
			i += (size_t)k;
			if (s[i] != ',')
				break;
			i++;
		}
		if (col + 1 != r->n) {
			tbl_error(err, errlen, "row %c has %d hole%s, expected %d",
			    'a' + row, col + 1, col ? "s" : "", r->n);
			return -1;
		}
		if (row < r->rows - 1) {
			if (s[i] != '/') {
				tbl_error(err, errlen, "row %c: unexpected '%c' "
				    "after hole %d", 'a' + row, s[i], col + 1);
				return -1;
			}
			i++;
		}
	}
	if (i != wl) {
		tbl_error(err, errlen, "row %c: unexpected '%c' after hole %d",
		    'a' + r->rows - 1, s[i], r->n);
		return -1;
	}
	if (total > MAXMEN) {
		tbl_error(err, errlen, "%lu men on the board, at most %d",
		    total, MAXMEN);
		return -1;
	}
	return 0;
}

static int
set_position_pos(const struct rules *r, struct pos *out, const char *pos,
    char *err, size_t errlen)
{
	struct pos q;
	const char *s = pos;
	size_t wl;
	unsigned long v, hand = 0, laps = 0;
	int at = -1, seen_credit[2] = { 0, 0 }, seen_hand = 0, seen_laps = 0;
	int seen_open = 0, seen_turn = 0, seen_over = 0;
	unsigned long total;

	memset(&q, 0, sizeof q);
	while (*s == ' ' || *s == '\t')
		s++;
	wl = word_len(s);
	if (wl == 0) {
		tbl_error(err, errlen, "empty position (expected the rows, the "
		    "side to move and P:n Q:n)");
		return -1;
	}
	if (parse_board(r, s, wl, &q, err, errlen) != 0)
		return -1;
	s += wl;
	while (*s == ' ' || *s == '\t')
		s++;
	wl = word_len(s);
	if (wl == 0) {
		tbl_error(err, errlen, "the side to move (P or Q) is missing "
		    "after the board");
		return -1;
	}
	if (wl != 1 || (s[0] != 'P' && s[0] != 'Q')) {
		tbl_error(err, errlen, "side to move '%.*s' is not P or Q",
		    (int)wl, s);
		return -1;
	}
	q.side = s[0] == 'P' ? P : Q;
	s += wl;
	for (;;) {
		const char *eq, *val;
		int k, vlen;

		while (*s == ' ' || *s == '\t')
			s++;
		wl = word_len(s);
		if (wl == 0)
			break;
		if ((s[0] == 'P' || s[0] == 'Q') && s[1] == ':') {
			int p = s[0] == 'P' ? P : Q;

			k = get_number(s + 2, MAXMEN, &v);
			if (k <= 0 || (size_t)k + 2 != wl) {
				tbl_error(err, errlen, "'%.*s': expected %c: and "
				    "the men credited to %c", (int)wl, s,
				    s[0], s[0]);
				return -1;
			}
			if (seen_credit[p]++) {
				tbl_error(err, errlen, "%c: given twice", s[0]);
				return -1;
			}
			q.credit[p] = (uint16_t)v;
			s += wl;
			continue;
		}
		eq = memchr(s, '=', wl);
		if (eq == NULL) {
			tbl_error(err, errlen, "unexpected '%.*s' (expected P:n, "
			    "Q:n or key=value)", (int)wl, s);
			return -1;
		}
		val = eq + 1;
		vlen = (int)(wl - (size_t)(val - s));
#define KEY(name) ((size_t)(eq - s) == strlen(name) && \
	    strncmp(s, name, strlen(name)) == 0)
		if (KEY("open")) {
			int i;

			if (seen_open++) {
				tbl_error(err, errlen, "open= given twice");
				return -1;
			}
			if (!r->transfer) {
				tbl_error(err, errlen, "open= given but the "
				    "option opening_transfer is off");
				return -1;
			}
			for (i = 0; i < vlen; i++) {
				if (val[i] == 'P' && !(q.open & 1))
					q.open |= 1;
				else if (val[i] == 'Q' && !(q.open & 2))
					q.open |= 2;
				else if (!(val[i] == '-' && vlen == 1)) {
					tbl_error(err, errlen, "open=%.*s: expected "
					    "P, Q, PQ or -", vlen, val);
					return -1;
				}
			}
		} else if (KEY("turn")) {
			k = get_number(val, 100000000UL, &v);
			if (seen_turn++ || k <= 0 || k != vlen) {
				tbl_error(err, errlen, "turn=%.*s: expected the "
				    "number of turns played, once", vlen, val);
				return -1;
			}
			q.turn = (uint32_t)v;
		} else if (KEY("choice")) {
			if (q.pending || vlen != 5 ||
			    strncmp(val, "extra", 5) != 0) {
				tbl_error(err, errlen, "choice=%.*s: the only "
				    "pending choice is choice=extra", vlen, val);
				return -1;
			}
			q.pending = 1;
		} else if (KEY("hand")) {
			k = get_number(val, MAXMEN, &v);
			if (seen_hand++ || k <= 0 || k != vlen || v == 0) {
				tbl_error(err, errlen, "hand=%.*s: expected the "
				    "men in hand (at least 1), once", vlen, val);
				return -1;
			}
			hand = v;
		} else if (KEY("at")) {
			int h;

			k = get_hole(r, val, &h, err, errlen);
			if (k < 0)
				return -1;
			if (at >= 0 || k == 0 || k != vlen) {
				tbl_error(err, errlen, "at=%.*s: expected one "
				    "hole, like b8", vlen, val);
				return -1;
			}
			at = h;
		} else if (KEY("laps")) {
			k = get_number(val, r->lap_limit, &v);
			if (seen_laps++ || k == 0 || k != vlen) {
				tbl_error(err, errlen, "laps=%.*s: expected the "
				    "laps sown in this turn, at most lap_limit "
				    "(%u)", vlen, val, r->lap_limit);
				return -1;
			}
			laps = v;
		} else if (KEY("over")) {
			if (seen_over++) {
				tbl_error(err, errlen, "over= given twice");
				return -1;
			}
			if (vlen == 1 && val[0] == 'P')
				q.over = OV_P;
			else if (vlen == 1 && val[0] == 'Q')
				q.over = OV_Q;
			else if (vlen == 4 && strncmp(val, "draw", 4) == 0)
				q.over = OV_DRAW;
			else {
				tbl_error(err, errlen, "over=%.*s: expected P, Q "
				    "or draw", vlen, val);
				return -1;
			}
			q.why = WHY_GIVEN;
		} else {
			tbl_error(err, errlen, "unknown key '%.*s' (known: open, "
			    "turn, choice, hand, at, laps, over)",
			    (int)(eq - s), s);
			return -1;
		}
#undef KEY
		s += wl;
	}
	total = q.credit[P] + q.credit[Q] + hand;
	for (int h = 0; h < r->nh; h++)
		total += q.c[h];
	if (total > MAXMEN) {
		tbl_error(err, errlen, "%lu men in all, at most %d", total,
		    MAXMEN);
		return -1;
	}
	/* The pending choice and the sowing it interrupts. */
	if ((hand || at >= 0 || seen_laps) && !q.pending) {
		tbl_error(err, errlen, "hand=, at= and laps= belong to a pending "
		    "choice (choice=extra)");
		return -1;
	}
	if (q.pending) {
		if (q.over != OV_NO) {
			tbl_error(err, errlen, "a finished game (over=) has no "
			    "pending choice");
			return -1;
		}
		if (r->extra == EX_NONE) {
			tbl_error(err, errlen, "choice=extra given but the "
			    "option extra is none");
			return -1;
		}
		if (extra_mask(r, &q, q.side) == 0) {
			tbl_error(err, errlen, "choice=extra but %s has no men "
			    "to take", player_names[!q.side]);
			return -1;
		}
		if (r->captured == CD_SOW) {
			if (!hand || at < 0) {
				tbl_error(err, errlen, "choice=extra needs hand= "
				    "and at= (the captured men to sow on and the "
				    "capturing hole) when captured men are sown");
				return -1;
			}
		} else if (hand || at >= 0 || seen_laps) {
			tbl_error(err, errlen, "hand=, at= and laps= are only "
			    "used when captured men are sown on "
			    "(captured=sow)");
			return -1;
		}
		if (at >= 0 && !r->capt[q.side][at]) {
			char name[8];
			size_t n = 0;

			put_hole(r, name, sizeof name, &n, at);
			tbl_error(err, errlen, "at=%s is not an inner hole of %s",
			    name, player_names[q.side]);
			return -1;
		}
		q.hand = (uint16_t)hand;
		q.at = (uint8_t)(at >= 0 ? at : 0);
		q.laps = (uint32_t)laps;
	}
	settle(r, &q);
	*out = q;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Rendering                                                           */
/* ------------------------------------------------------------------ */

static int
render_pos(const struct rules *r, const struct pos *q, char *buf,
    size_t len)
{
	static const char *const owners[] = { "P", " ", "Q", " " };
	size_t n = 0;
	int row, col;

	if (len > 0)
		buf[0] = '\0';
	tbl_bprintf(buf, len, &n, "    ");
	for (col = 0; col < r->n; col++)
		tbl_bprintf(buf, len, &n, "%3d", col + 1);
	tbl_bprintf(buf, len, &n, "\n");
	for (row = 0; row < r->rows; row++) {
		if (row == 2) {
			tbl_bprintf(buf, len, &n, "    ");
			for (col = 0; col < r->n; col++)
				tbl_bprintf(buf, len, &n, "---");
			tbl_bprintf(buf, len, &n, "\n");
		}
		tbl_bprintf(buf, len, &n, "%s %c", owners[row], 'a' + row);
		tbl_bprintf(buf, len, &n, " ");
		for (col = 0; col < r->n; col++) {
			unsigned m = q->c[hole(r, row, col)];

			if (m)
				tbl_bprintf(buf, len, &n, "%3u", m);
			else
				tbl_bprintf(buf, len, &n, "  .");
		}
		tbl_bprintf(buf, len, &n, "\n");
	}
	tbl_bprintf(buf, len, &n, "Men on the board: P %u, Q %u.  "
	    "Taken: P %u, Q %u.\n", men_on_side(r, q, P), men_on_side(r, q, Q),
	    q->credit[P], q->credit[Q]);
	if (q->over != OV_NO)
		tbl_bprintf(buf, len, &n, "Game over: %s.\n",
		    q->over == OV_P ? "P wins" : q->over == OV_Q ? "Q wins" :
		    "drawn");
	else if (q->pending)
		tbl_bprintf(buf, len, &n, "%s to choose the extra capture "
		    "(x and a %s).\n", player_names[q->side],
		    r->extra == EX_PAIR ? "hole of a column pair" : "hole");
	return (int)n;
}

/* ------------------------------------------------------------------ */
/* The descriptor                                                      */
/* ------------------------------------------------------------------ */

/* Pick an option's value: the user's, or the variant's. */
static long
pick(const struct tbl_optval *o, int i, long dflt)
{
	return o[i].set ? o[i].i : dflt;
}

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
	r.variant = (uint8_t)o[O_VARIANT].i;
	v = &variant_defs[r.variant];
	holes = pick(o, O_HOLES, v->holes);
	if (holes < 4 || holes > MAXN) {
		tbl_error(err, errlen, "holes=%ld: must be 4 to %d", holes, MAXN);
		return NULL;
	}
	r.n = (uint8_t)holes;
	r.start = (uint8_t)pick(o, O_START, v->start);
	r.seeds = (uint8_t)pick(o, O_SEEDS, v->seeds);
	r.outer_seeds = (uint8_t)pick(o, O_OUTER_SEEDS,
	    r.variant == V_CHUBA ? v->outer_seeds : r.seeds);
	r.first = (uint8_t)pick(o, O_FIRST, v->first);
	r.transfer = (uint8_t)pick(o, O_TRANSFER, v->transfer);
	r.singletons = (uint8_t)pick(o, O_SINGLETONS, v->singletons);
	r.relay = (uint8_t)pick(o, O_RELAY, v->relay);
	r.capture = (uint8_t)pick(o, O_CAPTURE, v->capture);
	r.captured = (uint8_t)pick(o, O_CAPTURED, v->captured);
	r.extra = (uint8_t)pick(o, O_EXTRA, v->extra);
	r.skip_start = (uint8_t)(o[O_SKIP_START].i != 0);
	r.endless = (uint8_t)o[O_ENDLESS].i;
	r.lap_limit = (uint32_t)o[O_LAP_LIMIT].i;
	r.stuck = (uint8_t)pick(o, O_STUCK, v->stuck);
	r.leftover = (uint8_t)pick(o, O_LEFTOVER, v->leftover);
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
	build_four_rows(&r);
	s = host->calloc(sizeof *s);
	s->host = host;
	s->r = r;
	start_layout(&s->r, &s->p);
	settle(&s->r, &s->p);
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
	return legal_moves_pos(&s->r, &s->p, out, cap);
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
	return apply_pos(&s->r, &s->p, m);
}

static int
m_parse_move(const struct tbl_state *s, const char *text, tbl_move *m,
    size_t *used, char *err, size_t errlen)
{
	return parse_move_pos(&s->r, text, m, used, err, errlen);
}

static int
m_format_move(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	return format_move_pos(&s->r, m, buf, len);
}

static int
m_render(const struct tbl_state *s, char *buf, size_t len)
{
	return render_pos(&s->r, &s->p, buf, len);
}

static int
m_get_position(const struct tbl_state *s, char *buf, size_t len)
{
	return get_position_pos(&s->r, &s->p, buf, len);
}

static int
m_set_position(struct tbl_state *s, const char *pos, char *err,
    size_t errlen)
{
	if (pos == NULL) {
		tbl_error(err, errlen, "no position given");
		return -1;
	}
	return set_position_pos(&s->r, &s->p, pos, err, errlen);
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
	unsigned sp = score(r, q, P), sq = score(r, q, Q);

	if (len > 0)
		buf[0] = '\0';
	switch (q->over == OV_NO ? WHY_NONE : q->why) {
	case WHY_NONE:
		tbl_bprintf(buf, len, &n, "the game is not over");
		break;
	case WHY_STUCK:
		if (r->stuck == SK_LOSE)
			tbl_bprintf(buf, len, &n, "%s: %s cannot move", who,
			    player_names[q->side]);
		else
			tbl_bprintf(buf, len, &n, "%s, %u to %u (%s cannot "
			    "move)", who, q->over == OV_Q ? sq : sp,
			    q->over == OV_Q ? sp : sq, player_names[q->side]);
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
	a = (double)q->credit[P] + men_on_side(r, q, P);
	b = (double)q->credit[Q] + men_on_side(r, q, Q);
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
