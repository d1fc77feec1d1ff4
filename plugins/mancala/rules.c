/*
 * rules.c - the rules of a turn, written to be read: the sowing engine
 * (relay sowing, captures, the lap limit), the end of a turn and of the
 * game, the legal moves and applying a move.  Every rule is read from the
 * rule table (struct rules); nothing here asks which variant is played.
 */
#include <string.h>

#include "fast.h"

/* Men on p's own holes. */
unsigned
mc_men_on_side(const struct rules *r, const struct pos *q, int p)
{
	unsigned t = 0;
	int h;

	for (h = 0; h < r->nh; h++)
		t += r->own[h] == p ? q->c[h] : 0;
	return t;
}

/* The score of p when the game is scored. */
unsigned
mc_score(const struct rules *r, const struct pos *q, int p)
{
	return q->credit[p] +
	    (r->leftover == LO_OWNER ? mc_men_on_side(r, q, p) : 0);
}

/*
 * The game is over.  In a match (match_target), the winner books the
 * excess of his men over the adversary's as gains (Lane: "the one who
 * has most reckons the excess of his above his adversary's number as
 * his gains"); unless that wins the match, the next game begins, led by
 * the winner ("the winner is entitled to play first in the next
 * contest"; after a drawn game the same player leads again).
 */
static void
game_over(const struct rules *r, struct pos *q, int over, int why)
{
	unsigned sp, sq, gp = q->gains[P], gq = q->gains[Q];
	int w;

	q->over = (uint8_t)over;
	q->why = (uint8_t)why;
	q->legal = 0;
	q->plain = 0;
	if (r->match_target == 0)
		return;
	sp = mc_score(r, q, P);
	sq = mc_score(r, q, Q);
	w = over == OV_P ? P : over == OV_Q ? Q : q->lead;
	if (over == OV_P && sp > sq)
		q->gains[P] = (uint16_t)(q->gains[P] + sp - sq);
	if (over == OV_Q && sq > sp)
		q->gains[Q] = (uint16_t)(q->gains[Q] + sq - sp);
	if (r->tell != NULL)
		mc_told_game_end(r->tell, over, sp, sq);
	if (q->gains[P] >= r->match_target || q->gains[Q] >= r->match_target) {
		q->over = q->gains[P] >= r->match_target ? OV_P : OV_Q;
		q->why = WHY_MATCH;
		return;
	}
	/*
	 * A game over as it was set up (no one could move before the first
	 * turn) that booked nothing would be set up again as it was, for
	 * ever (seeds=1): the match cannot go on and ends with this game.
	 */
	if (why == WHY_STUCK && q->turn == 0 && q->gains[P] == gp &&
	    q->gains[Q] == gq)
		return;
	mc_next_game(r, q, w);
	mc_settle(r, q);
}

/* End the game by the score. */
static void
finish_by_score(const struct rules *r, struct pos *q, int why)
{
	unsigned sp = mc_score(r, q, P), sq = mc_score(r, q, Q);

	game_over(r, q, sp > sq ? OV_P : sq > sp ? OV_Q : OV_DRAW, why);
}

/*
 * The player to move cannot move, or the turn limit is reached: q->legal
 * is 0 and the game ends (or, by stuck = pass, the other player moves).
 */
static void
settle_end(const struct rules *r, struct pos *q, int p)
{
	uint64_t m;

	q->legal = 0;
	if (q->turn >= r->turn_end) {
		finish_by_score(r, q, WHY_LIMIT);
		return;
	}
	switch (r->stuck) {
	case SK_LOSE:
		game_over(r, q, p == P ? OV_Q : OV_P, WHY_STUCK);
		break;
	case SK_PASS:
		m = mc_start_mask(r, q, !p);
		if (m || mc_may_transfer(r, q, !p)) {
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

/*
 * mc_settle() in play: no game over, no chance point, no board to accept
 * and no pending choice.  End the game if the turn limit is reached or
 * the player to move cannot move (by the `stuck` rule, in settle_end()),
 * and note the legal moves of the player to move in q->legal.
 */
MC_INLINE void
settle_play(const struct rules *r, struct pos *q)
{
	int p = q->side;
	uint64_t m;

	q->plain = 1;
	if (q->turn >= r->turn_end) {
		settle_end(r, q, p);
		return;
	}
	m = mc_start_mask(r, q, p);
	q->legal = m;
	if (m == 0 && !mc_may_transfer(r, q, p))
		settle_end(r, q, p);
}

/*
 * After a turn, or after a position was set: the legal moves of the
 * player to move in q->legal (none when the game is over or at a chance
 * point), and the end of the game by the turn limit or `stuck`.
 */
void
mc_settle(const struct rules *r, struct pos *q)
{
	q->legal = 0;
	q->plain = 0;
	if (q->over != OV_NO || q->deal)
		return;
	if (q->decide) {
		q->legal = 3;	/* accept, turn */
		return;
	}
	if (q->pending) {
		q->legal = mc_extra_mask(r, q, q->side);
		return;
	}
	settle_play(r, q);
}

/*
 * The turn of p is over: the other player decides next.  Inline where a
 * move ends in the sowing engines (once a move: no call, no second frame).
 */
MC_INLINE void
turn_over(const struct rules *r, struct pos *q, int p)
{
	q->pending = 0;
	q->hand = 0;
	q->at = 0;
	q->laps = 0;
	q->open &= (uint8_t)~(1u << p);
	q->turn++;
	q->side = (uint8_t)!p;
	/*
	 * A move was sown, so the game was not over and there was no
	 * chance point or board to accept (is_legal() allows a hole only
	 * then); the pending choice was cleared above.
	 */
	settle_play(r, q);
}

/* turn_over(), called where a move ends off the common path. */
static void
end_turn(const struct rules *r, struct pos *q, int p)
{
	turn_over(r, q, p);
}

/* The lap limit was reached in hole h: apply the `endless` rule. */
void
mc_endless_move(const struct rules *r, struct pos *q, int p, int h)
{
	TRACE('L', h, NOHOLE, 0);
	TELL(r->tell != NULL, 'L', h, NOHOLE, 0, 0);
	if (r->endless == EN_DRAW) {
		q->pending = 0;
		q->hand = 0;
		q->laps = 0;
		game_over(r, q, OV_DRAW, WHY_ENDLESS);
		return;
	}
	end_turn(r, q, p);
}

/*
 * The last man of a lap made a count of the take set in hole h: the mover
 * takes the hole and (take_opp) the facing hole, and (chain) each
 * directly preceding hole of such a count with its facing hole, walking
 * back along his circuit, each judged after the takes before it; the
 * chain stops at a hole of any other count, (chain = own) at a hole not
 * his own, and never goes round the whole circuit (Wagner on Mankal'ah:
 * "If one or more of the holes preceding the one in which the move ends
 * also contain two or four pieces, no hole with any other number
 * intervening, he is moreover entitled to take the contents of these
 * holes together with the contents of those opposite").
 */
static void
take_at(const struct rules *r, struct pos *q, int p, int h)
{
	uint16_t *c = q->c;
	unsigned got = 0, men;
	int k, o;

	for (k = 0; k < r->len[p]; k++, h = r->prev[p][h]) {
		unsigned made = men = c[h];

		if (k > 0 && (r->chain == CH_NONE || men >= 8 ||
		    !((r->take >> men) & 1) ||
		    (r->chain == CH_OWN && r->own[h] != p)))
			break;
		c[h] = 0;
		o = r->take_opp ? r->opp[h] : NOHOLE;
		if (o != NOHOLE) {
			men += c[o];
			c[o] = 0;
		}
		TRACE('T', h, o, men);
		TELL(r->tell != NULL, 'T', h, o, made, men);
		got += men;
	}
	q->credit[p] = (uint16_t)(q->credit[p] + got);
}

/*
 * Sow `hand` men one a hole from the hole after h along p's circuit, one
 * man at a time, for the rules that judge every man: skip_start (a hand
 * that goes round skips the hole it was lifted from) and passing (a four
 * formed by a man other than the last goes at once to the owner of the
 * row: "If, during a move, four pieces should collect in any hole other
 * than that at which the move ends, these go to the player if the hole
 * or holes are on his side of the board and to his adversary if ... on
 * the opposite side").  Returns the hole of the last man.
 */
static int
drop_each(const struct rules *r, struct pos *q, int p, int h,
    unsigned hand)
{
	const uint8_t *nx = r->next[p];
	uint16_t *c = q->c;
	int origin = h;

	do {
		h = nx[h];
		if (h == origin && r->skip_start)
			h = nx[h];
		if (++c[h] == 4 && hand > 1 && r->passing) {
			TRACE('F', h, r->fourto[p][h], 4);
			TELL(r->tell != NULL, 'F', h, r->fourto[p][h], 4, 0);
			q->credit[r->fourto[p][h]] += 4;
			c[h] = 0;
		}
	} while (--hand);
	return h;
}

/*
 * The eight holes a hand of 1 .. 8 men is dropped into: the next eight
 * holes `a` (a byte each, the next lowest), those past the hand replaced
 * by the pad counts SCRATCH + j.
 */
MC_INLINE uint64_t
next_eight(uint64_t a, unsigned hand)
{
	const uint64_t pads = 0x0101010101010101ull * SCRATCH +
	    0x0706050403020100ull;
	uint64_t keep = ~(uint64_t)0 >> (64 - 8 * hand);

	return (a & keep) | (pads & ~keep);
}

/*
 * One man into each of the eight holes named by the bytes of `to`.  Each
 * hole is taken from the word by shifts (the compiler reads the second
 * byte as a byte register), not stored and read back a byte a load:
 * that costs fewer instructions, but each load waits for the store to be
 * forwarded, on the path from one lap to the next (measured: 6% slower
 * ||Hus playouts).
 */
MC_INLINE void
drop_eight(uint16_t *c, uint64_t to)
{
	c[to & 0xFF]++;
	c[(to >> 8) & 0xFF]++;
	c[(to >> 16) & 0xFF]++;
	c[(to >> 24) & 0xFF]++;
	c[(to >> 32) & 0xFF]++;
	c[(to >> 40) & 0xFF]++;
	c[(to >> 48) & 0xFF]++;
	c[to >> 56]++;
}

/*
 * Sow `hand` men one a hole from the hole after h along p's circuit.
 * Returns the hole of the last man, and its men in *men.  A hand of more
 * than a circuit of L holes first gives every hole of the circuit
 * (hand - 1) / L men at once (lap arithmetic, along p's ring); then, while
 * more than eight men are left, eight go to the next eight holes (one
 * word of r->ahead); the last eight or fewer (nearly every hand is no
 * more) are sown from one word too, without a branch on their number:
 * the holes past the hand are replaced by eight pad counts (SCRATCH +
 * j), every one of the eight is given a man, and the pads are cleared
 * again.  A circuit has at least eight holes, so they are distinct.
 */
MC_INLINE int
drop_fast(const struct rules *r, uint16_t *c, int p, int h, unsigned hand,
    unsigned *men)
{
	uint64_t a;
	int last;

	if (hand > 8) {
		if (hand > r->len[p]) {
			const uint8_t *ring = r->ring[p];
			unsigned len = r->len[p], laps = (hand - 1) / len, k;

			for (k = 0; k < len; k++)
				c[ring[k]] = (uint16_t)(c[ring[k]] + laps);
			hand -= laps * len;
		}
		for (; hand > 8; hand -= 8) {
			a = r->ahead[p][h];
			drop_eight(c, a);
			h = (int)(a >> 56);
		}
	}
	a = r->ahead[p][h];
	last = (int)((a >> (8 * (hand - 1))) & 0xFF);
	/* Read before the stores: no wait for them to reach it. */
	*men = c[last] + 1u;
	drop_eight(c, next_eight(a, hand));
	memset(c + SCRATCH, 0, 8 * sizeof *c);
	return last;
}

/*
 * The capture of the four-row games: the last man in hole h, an inner
 * hole of p, takes the facing inner hole and the outer hole behind it.
 * Returns the men to sow on (captured = sow), or 0 when the move stopped
 * (the turn ended, or a choice of extra capture is pending).
 */
MC_INLINE unsigned
capture(const struct rules *r, struct pos *q, int p, int h, uint32_t laps,
    const int tell)
{
	uint16_t *c = q->c;
	int o = r->opp[h], b = r->behind[o];
	unsigned take = c[o] + c[b];

	c[o] = 0;
	c[b] = 0;
	TRACE('C', o, b, take);
	TELL(tell, 'C', o, b, take, (unsigned)h);
	if (r->captured == CD_REMOVE) {
		q->credit[p] = (uint16_t)(q->credit[p] + take);
		TRACE('E', h, NOHOLE, 0);
		take = 0;
	}
	if (r->extra != EX_NONE && (q->legal = mc_extra_mask(r, q, p)) != 0) {
		/*
		 * Sown captured men wait for the choice in hand=, with the
		 * hole they are sown on from and the laps so far.  Removed
		 * ones end the move at the choice: the hole and the laps are
		 * then no part of the position (its string, its key).
		 */
		q->pending = 1;
		q->plain = 0;
		q->hand = (uint16_t)take;
		q->at = r->captured == CD_SOW ? (uint8_t)h : 0;
		q->laps = r->captured == CD_SOW ? laps : 0;
		return 0;
	}
	if (take == 0)
		end_turn(r, q, p);
	return take;
}

/*
 * The last man of a lap in hole h (men there, two or more) captures if
 * the hole facing it is occupied, else he is lifted to sow on: both
 * without a branch, for the engines whose captured men are sown on with
 * no extra capture.  A hole that cannot capture faces the pad count
 * SCRATCH (always 0), and SCRATCH lies behind SCRATCH.  Returns the men
 * to sow on from h.
 */
MC_INLINE unsigned
capture_or_relay(const struct rules *r, uint16_t *c, const uint8_t *facing,
    int h, unsigned men)
{
	int f = facing[h], b = r->behind[f];
	unsigned o = c[f], ob = c[b];

	if (o)
		TRACE('C', f, b, o + ob);
	else
		TRACE('S', h, NOHOLE, men);
	c[b] = (uint16_t)(o ? 0 : ob);
	c[f] = 0;
	c[h] = (uint16_t)(o ? men : 0);
	return o ? o + ob : men;
}

/*
 * The sowing engine, given the rule flags it judges by (the engines below
 * pass them from the rule table).  Player p holds `hand` men (hand >= 1)
 * that are sown one a hole from the hole after h along p's circuit; the
 * last man is then judged by the rules (relay, take, capture, end) until
 * the move ends, a choice of the mover is needed, or the lap limit stops
 * it.  q->laps counts the laps already sown in this turn; this lap is the
 * next one.
 */
MC_INLINE void
sow_by(const struct rules *r, struct pos *q, int p, int h, unsigned hand,
    const int on_empty, const int on_occupied, const int relay,
    const int each, const unsigned takes, const int tell, const int sown)
{
	/*
	 * The rule fields are copied to locals: the tables are uint8_t,
	 * which may alias the board, so the compiler would reload them
	 * after every man dropped.
	 */
	const uint8_t *facing = r->facing[p];
	uint16_t *c = q->c;
	uint32_t laps = q->laps, lap_limit = r->lap_limit;
	unsigned men;

	for (;;) {
		laps++;
		if (tell)
			r->tell->laps = laps;
		if (each) {
			h = drop_each(r, q, p, h, hand);
			men = c[h];
		} else
			h = drop_fast(r, c, p, h, hand, &men);
		TRACE_LAP(c);
		/* Judge the last man. */
		if (men == 1) {
			if (on_empty && c[facing[h]])
				goto capture;
			break;
		}
		if (men < 8 && ((takes >> men) & 1)) {
			take_at(r, q, p, h);
			break;
		}
		if (sown) {	/* on_occupied, relay, captured = sow, no extra */
			if (laps >= lap_limit)
				goto limit;
			hand = capture_or_relay(r, c, facing, h, men);
			continue;
		}
		if (on_occupied && c[facing[h]])
			goto capture;
		if (!relay)
			break;
		if (laps >= lap_limit)
			goto limit;
		/* Relay: lift the hole and sow on. */
		TRACE('S', h, NOHOLE, men);
		TELL(tell, 'S', h, NOHOLE, men, 0);
		hand = men;
		c[h] = 0;
		continue;
capture:
		if (r->captured == CD_SOW && laps >= lap_limit)
			goto limit;
		if ((hand = capture(r, q, p, h, laps, tell)) == 0)
			return;
	}
	TRACE('E', h, NOHOLE, 0);
	TELL(tell, 'E', h, NOHOLE, c[h], 0);
	turn_over(r, q, p);
	return;
limit:
	q->laps = laps;
	mc_endless_move(r, q, p, h);
}

/* The engines, each its own function (its own registers and spills). */
static void
sow_occupied(const struct rules *r, struct pos *q, int p, int h,
    unsigned hand)
{
	sow_by(r, q, p, h, hand, 0, 1, 1, 0, 0, 0, 0);
}

/* The same, when captured men are sown on and there is no extra capture. */
static void
sow_occupied_sown(const struct rules *r, struct pos *q, int p, int h,
    unsigned hand)
{
	sow_by(r, q, p, h, hand, 0, 1, 1, 0, 0, 0, 1);
}

static void
sow_empty(const struct rules *r, struct pos *q, int p, int h,
    unsigned hand)
{
	sow_by(r, q, p, h, hand, 1, 0, 1, 0, 0, 0, 0);
}

static void
sow_any(const struct rules *r, struct pos *q, int p, int h, unsigned hand)
{
	sow_by(r, q, p, h, hand, r->capture == CT_EMPTY,
	    r->capture == CT_OCCUPIED, r->relay, 0, r->take, 0, 0);
}

/* Any rules that judge every man (skip_start, passing). */
static void
sow_each(const struct rules *r, struct pos *q, int p, int h, unsigned hand)
{
	sow_by(r, q, p, h, hand, r->capture == CT_EMPTY,
	    r->capture == CT_OCCUPIED, r->relay, 1, r->take, 0, 0);
}

/*
 * The engine narrate() plays a move with: the same rules as the engine
 * mc_engine() chose (whether every man is judged on its own too), and
 * every event told to r->tell.
 */
static void
sow_told(const struct rules *r, struct pos *q, int p, int h, unsigned hand)
{
	sow_by(r, q, p, h, hand, r->capture == CT_EMPTY,
	    r->capture == CT_OCCUPIED, r->relay, r->skip_start || r->passing,
	    r->take, 1, 0);
}

/* Play the moves of r with the engine that tells t what it does. */
void
mc_tell_engine(struct rules *r, struct mc_tell *t)
{
	r->sow = sow_told;
	r->tell = t;
	r->id = 0;
}

/*
 * The engine for the rule table's flags, in r->sow (one indirect call a
 * move).  The flags are passed from the table; for the two common sets of
 * four-row captures (the last man into an occupied or an empty inner
 * hole, relay sowing, no take by count, no man judged on his own) they
 * are passed as constants, so that the compiler drops the tests that
 * cannot succeed; the rules that judge every man (skip_start, passing)
 * and the others each have an engine of their own, so that neither pays
 * for the other's registers.  The same rules either way.
 */
void
mc_engine(struct rules *r)
{
	r->sow = r->skip_start || r->passing ? sow_each : sow_any;
	if (r->relay && !r->take && !r->skip_start && !r->passing) {
		if (r->capture == CT_OCCUPIED)
			r->sow = r->captured == CD_SOW && r->extra == EX_NONE ?
			    sow_occupied_sown : sow_occupied;
		else if (r->capture == CT_EMPTY)
			r->sow = sow_empty;
	}
	r->sown = r->sow == sow_occupied_sown;
}


/*
 * Random moves for the playout hook (SDK ABI 1.4) in ordinary play once
 * no opening transfer is left: play_random()'s move again and again (the
 * k-th start of the legal mask, k = tbl_rng_below() over their number),
 * with the generator in registers, stored back once, and, for the engine
 * of ||Hus and its like (`sown`: sow_occupied_sown), the sowing inline:
 * no call a move.  Stops where play_random() returns 0, or after cap
 * moves; returns the moves played.
 */
MC_INLINE long
playout_by(const struct rules *r, struct pos *q, struct tbl_rng *g,
    long cap, const int sown, unsigned (*count)(uint64_t, uint64_t *),
    int (*kth)(uint64_t, uint64_t, unsigned))
{
	struct tbl_rng lr = *g;
	long len = 0;

	while (len < cap && q->plain && !q->open) {
		uint64_t m = q->legal, pre;
		unsigned n = count(m, &pre), hand;
		int p = q->side, h;

		if (n == 0)
			break;
		h = r->lo[p] + kth(m, pre, tbl_rng_below(&lr, n));
		hand = q->c[h];
		q->c[h] = 0;
		q->laps = 0;
		TRACE('S', h, NOHOLE, hand);
		if (sown)
			sow_by(r, q, p, h, hand, 0, 1, 1, 0, 0, 0, 1);
		else
			r->sow(r, q, p, h, hand);
		len++;
	}
	*g = lr;
	return len;
}


static long
playout_sown(const struct rules *r, struct pos *q, struct tbl_rng *g,
    long cap)
{
	return playout_by(r, q, g, cap, 1, starts_portable, nth_portable);
}

static long
playout_any(const struct rules *r, struct pos *q, struct tbl_rng *g,
    long cap)
{
	return playout_by(r, q, g, cap, 0, starts_portable, nth_portable);
}

#ifdef MC_BMI2
__attribute__((target("popcnt,bmi2"))) static long
playout_sown_bmi2(const struct rules *r, struct pos *q, struct tbl_rng *g,
    long cap)
{
	return playout_by(r, q, g, cap, 1, starts_bmi2, nth_bmi2);
}

__attribute__((target("popcnt,bmi2"))) static long
playout_any_bmi2(const struct rules *r, struct pos *q, struct tbl_rng *g,
    long cap)
{
	return playout_by(r, q, g, cap, 0, starts_bmi2, nth_bmi2);
}
#endif

long
mc_playout(const struct rules *r, struct pos *q, struct tbl_rng *g,
    long cap, int bmi2)
{
	int sown = r->sown;

#ifdef MC_BMI2
	if (bmi2)
		return sown ? playout_sown_bmi2(r, q, g, cap) :
		    playout_any_bmi2(r, q, g, cap);
#else
	(void)bmi2;
#endif
	return sown ? playout_sown(r, q, g, cap) : playout_any(r, q, g, cap);
}

int
mc_legal_moves(const struct rules *r, const struct pos *q, tbl_move *out,
    int cap)
{
	int p = q->side, k = 0, bits;
	uint64_t m = q->legal;
	tbl_move base;

	if ((k = mc_plain_moves(r, q, out, cap)) >= 0)
		return k;
	k = 0;
	if (q->plain) {
		base = MV_HOLE | r->lo[p];
		bits = r->hi[p] - r->lo[p];
	} else if (q->over != OV_NO) {
		return 0;
	} else if (q->decide) {
		base = MV_BOARD;
		bits = 2;
	} else if (q->pending) {
		base = MV_EXTRA | r->lo[!p];
		bits = r->hi[!p] - r->lo[!p];
	} else {
		return 0;	/* a chance point: no moves, legal is 0 */
	}
	if (cap >= 72) {
		/* Room for any mask and the table's overrun. */
		k = mc_mask_moves(m, bits, base, out);
	} else {
		for (; m; m &= m - 1) {
			if (k < cap)
				out[k] = base + (tbl_move)tbl_lowbit64(m);
			k++;
		}
	}
	if (q->plain && mc_may_transfer(r, q, p)) {
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
	if (q->deal)
		return (m & MV_KIND) == MV_DROP && mc_deal_allowed(r, q, h);
	if (q->decide)
		return (m & MV_KIND) == MV_BOARD && h <= 1;
	switch (m & MV_KIND) {
	case MV_HOLE:
		if (q->pending || h < r->lo[p] || h >= r->hi[p])
			return 0;
		return (int)(q->legal >> (h - r->lo[p])) & 1;
	case MV_TRANSFER:
		return !q->pending && h == r->tr_from[p] &&
		    mc_may_transfer(r, q, p);
	case MV_EXTRA:
		if (!q->pending || h < r->lo[!p] || h >= r->hi[!p])
			return 0;
		return (int)(q->legal >> (h - r->lo[!p])) & 1;
	default:
		return 0;
	}
}

int
mc_apply(const struct rules *r, struct pos *q, tbl_move m)
{
	int p = q->side, h = (int)(m & MV_WHERE);
	unsigned hand, take;

	if (mc_plain_start(r, q, m)) {
		mc_start_move(r, q, h);
		return 0;
	}
	if (!is_legal(r, q, m))
		return -1;
	switch (m & MV_KIND) {
	case MV_HOLE:
		hand = q->c[h];
		q->c[h] = 0;
		q->laps = 0;
		TRACE('S', h, NOHOLE, hand);
		r->sow(r, q, p, h, hand);
		break;
	case MV_TRANSFER:
		hand = q->c[h];
		q->c[h] = 0;
		q->laps = 0;
		TRACE('S', h, NOHOLE, hand);
		r->sow(r, q, p, r->tr_origin[p], hand);
		break;
	case MV_DROP:
		q->c[h]++;
		if (--q->deal == 0)
			q->decide = 1;
		mc_settle(r, q);
		break;
	case MV_BOARD:
		if (h == 1)
			mc_turn_board(r, q);
		q->decide = 0;
		mc_settle(r, q);
		break;
	default:	/* MV_EXTRA */
		take = q->c[h];
		q->c[h] = 0;
		if (r->extra == EX_PAIR) {
			int b = r->behind[h];

			take += q->c[b];
			q->c[b] = 0;
			TRACE('X', h, b, take);
			TELL(r->tell != NULL, 'X', h, b, take, 0);
		} else {
			TRACE('X', h, NOHOLE, take);
			TELL(r->tell != NULL, 'X', h, NOHOLE, take, 0);
		}
		q->pending = 0;
		if (r->captured == CD_REMOVE) {
			q->credit[p] = (uint16_t)(q->credit[p] + take);
			end_turn(r, q, p);
			break;
		}
		hand = q->hand + take;
		q->hand = 0;
		r->sow(r, q, p, q->at, hand);
		break;
	}
	return 0;
}


/*
 * At the ignorants' chance point: the distributor drops his next man into
 * any hole, all alike (Lane: he "does not count how many he places").
 */
int
mc_chance_outcomes(const struct rules *r, const struct pos *q,
    tbl_move *out, double *prob, int cap)
{
	int h, k = 0;

	if (q->over != OV_NO || q->deal == 0)
		return 0;
	for (h = 0; h < r->nh; h++) {
		if (!mc_deal_allowed(r, q, h))
			continue;
		if (k < cap)
			out[k] = MV_DROP | (tbl_move)h;
		k++;
	}
	for (h = 0; prob != NULL && h < k && h < cap; h++)
		prob[h] = 1.0 / k;
	return k;
}
