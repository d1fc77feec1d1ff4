/*
 * rules.c - the rules of a turn, written to be read: the sowing engine
 * (relay sowing, captures, the lap limit), the end of a turn and of the
 * game, the legal moves and applying a move.  Every rule is read from the
 * rule table (struct rules); nothing here asks which variant is played.
 */
#include <string.h>

#include "mancala.h"

/* May p make the opening transfer now? */
int
mc_may_transfer(const struct rules *r, const struct pos *q, int p)
{
	return r->transfer && (q->open & (1 << p)) &&
	    q->c[r->tr_from[p]] >= 2;
}

/* Men on p's own holes. */
unsigned
mc_men_on_side(const struct rules *r, const struct pos *q, int p)
{
	unsigned t = 0;
	int h;

	for (h = r->lo[p]; h < r->hi[p]; h++)
		t += q->c[h];
	return t;
}

/* The score of p when the game is scored. */
unsigned
mc_score(const struct rules *r, const struct pos *q, int p)
{
	return q->credit[p] +
	    (r->leftover == LO_OWNER ? mc_men_on_side(r, q, p) : 0);
}

/* End the game by the score. */
static void
finish_by_score(const struct rules *r, struct pos *q, int why)
{
	unsigned sp = mc_score(r, q, P), sq = mc_score(r, q, Q);

	q->over = sp > sq ? OV_P : sq > sp ? OV_Q : OV_DRAW;
	q->why = (uint8_t)why;
}

/*
 * After a turn, or after a position was set: end the game if the turn
 * limit is reached or the player to move cannot move (by the `stuck`
 * rule), and note the legal moves of the player to move in q->legal.
 */
void
mc_settle(const struct rules *r, struct pos *q)
{
	int p = q->side;
	uint64_t m;

	q->legal = 0;
	if (q->over != OV_NO)
		return;
	if (q->pending) {
		q->legal = mc_extra_mask(r, q, p);
		return;
	}
	if (r->turn_limit && q->turn >= r->turn_limit) {
		finish_by_score(r, q, WHY_LIMIT);
		return;
	}
	m = mc_start_mask(r, q, p);
	if (m || mc_may_transfer(r, q, p)) {
		q->legal = m;
		return;
	}
	switch (r->stuck) {
	case SK_LOSE:
		q->over = p == P ? OV_Q : OV_P;
		q->why = WHY_STUCK;
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
	mc_settle(r, q);
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
			    (q->legal = mc_extra_mask(r, q, p)) != 0) {
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
		    (q->legal = mc_extra_mask(r, q, p)) != 0) {
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


int
mc_legal_moves(const struct rules *r, const struct pos *q, tbl_move *out,
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
			out[k++] = base + (tbl_move)tbl_lowbit64(m);
	} else {
		for (; m; m &= m - 1) {
			if (k < cap)
				out[k] = base + (tbl_move)tbl_lowbit64(m);
			k++;
		}
	}
	if (!q->pending && mc_may_transfer(r, q, p)) {
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

