/*
 * board.c - the boards of the mancala family as data: rows, the holes each
 * player owns, each player's circuit as a "next hole" table, the holes a
 * last man may capture from and what faces them, and the start layout.
 * The sowing engine (rules.c) reads only these tables.
 */
#include <string.h>

#include "mancala.h"

/* The four-row board: P owns a (outer) and b (inner), Q owns c and d. */
static void
build_four_rows(struct rules *r)
{
	int n = r->n, k;

	r->rows = 4;
	r->nh = (uint8_t)(4 * n);
	r->lo[P] = 0;
	r->hi[P] = (uint8_t)(2 * n);
	r->lo[Q] = (uint8_t)(2 * n);
	r->hi[Q] = (uint8_t)(4 * n);
	for (k = 0; k < n; k++) {
		int a = mc_hole(r, 0, k), b = mc_hole(r, 1, k);
		int c = mc_hole(r, 2, k), d = mc_hole(r, 3, k);

		r->own[a] = r->own[b] = P;
		r->own[c] = r->own[d] = Q;

		/* P: b1 -> bn -> an -> a1 -> b1. */
		r->next[P][b] = (uint8_t)(k < n - 1 ? b + 1 :
		    mc_hole(r, 0, n - 1));
		r->next[P][a] = (uint8_t)(k > 0 ? a - 1 : mc_hole(r, 1, 0));
		/* Q: cn -> c1 -> d1 -> dn -> cn. */
		r->next[Q][c] = (uint8_t)(k > 0 ? c - 1 : mc_hole(r, 3, 0));
		r->next[Q][d] = (uint8_t)(k < n - 1 ? d + 1 :
		    mc_hole(r, 2, n - 1));
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
	r->tr_from[P] = (uint8_t)mc_hole(r, 0, n / 2 - 1);
	r->tr_origin[P] = (uint8_t)mc_hole(r, 1, n / 2 - 1);
	r->tr_from[Q] = (uint8_t)mc_hole(r, 3, n - n / 2);
	r->tr_origin[Q] = (uint8_t)mc_hole(r, 2, n - n / 2);
}

/*
 * The two-row board (Annana, Mankal'ah, Mangala): P owns a (top), Q owns
 * b; both sow the one circuit b1 -> bn -> an -> a1 -> b1, and ak faces
 * bk.
 */
static void
build_two_rows(struct rules *r)
{
	int n = r->n, k;

	r->rows = 2;
	r->nh = (uint8_t)(2 * n);
	r->lo[P] = 0;
	r->hi[P] = (uint8_t)n;
	r->lo[Q] = (uint8_t)n;
	r->hi[Q] = (uint8_t)(2 * n);
	for (k = 0; k < n; k++) {
		int a = mc_hole(r, 0, k), b = mc_hole(r, 1, k);

		r->own[a] = P;
		r->own[b] = Q;
		r->next[P][b] = r->next[Q][b] = (uint8_t)(k < n - 1 ? b + 1 :
		    mc_hole(r, 0, n - 1));
		r->next[P][a] = r->next[Q][a] = (uint8_t)(k > 0 ? a - 1 :
		    mc_hole(r, 1, 0));
		r->capt[P][a] = 1;
		r->capt[Q][b] = 1;
		r->opp[a] = (uint8_t)b;
		r->opp[b] = (uint8_t)a;
	}
}

/*
 * The three-row board of Gabatta (our reconstruction, see the man page):
 * P owns a, Q owns c, and the middle row b is shared: either player may
 * start from it.  Each sows round his own row and the middle row, counter-
 * clockwise as he sits: P b1 -> bn -> an -> a1 -> b1, Q bn -> b1 -> c1 ->
 * cn -> bn.  ak faces ck across the middle row.
 */
static void
build_three_rows(struct rules *r)
{
	int n = r->n, k;

	r->rows = 3;
	r->nh = (uint8_t)(3 * n);
	r->lo[P] = 0;
	r->hi[P] = (uint8_t)(2 * n);
	r->lo[Q] = (uint8_t)n;
	r->hi[Q] = (uint8_t)(3 * n);
	for (k = 0; k < n; k++) {
		int a = mc_hole(r, 0, k), b = mc_hole(r, 1, k);
		int c = mc_hole(r, 2, k);

		r->own[a] = P;
		r->own[b] = NOBODY;
		r->own[c] = Q;
		r->next[P][b] = (uint8_t)(k < n - 1 ? b + 1 :
		    mc_hole(r, 0, n - 1));
		r->next[P][a] = (uint8_t)(k > 0 ? a - 1 : mc_hole(r, 1, 0));
		r->next[Q][b] = (uint8_t)(k > 0 ? b - 1 : mc_hole(r, 2, 0));
		r->next[Q][c] = (uint8_t)(k < n - 1 ? c + 1 :
		    mc_hole(r, 1, n - 1));
		r->capt[P][a] = 1;
		r->capt[Q][c] = 1;
		r->opp[a] = (uint8_t)c;
		r->opp[c] = (uint8_t)a;
	}
}

/*
 * Tables derived from the circuits: each player's ring (his circuit in
 * sowing order, twice over, from his lowest hole), the place of a hole
 * on it, the previous hole, and who takes a four formed in passing (the
 * owner of the row; the mover in a shared row).
 */
static void
build_rings(struct rules *r)
{
	int p, h, k;

	for (p = P; p <= Q; p++) {
		k = r->hi[p] - r->lo[p];
		r->span[p] = k < 64 ? ((uint64_t)1 << k) - 1 : ~(uint64_t)0;
		h = r->lo[p];
		for (k = 0; k < MAXRING; k++) {
			r->ring[p][k] = (uint8_t)h;
			r->at_ring[p][h] = (uint8_t)k;
			r->prev[p][r->next[p][h]] = (uint8_t)h;
			h = r->next[p][h];
			if (h == r->lo[p])
				break;
		}
		r->len[p] = (uint8_t)(k + 1);
		memcpy(r->ring[p] + r->len[p], r->ring[p], r->len[p]);
		for (k = 0; k < r->len[p]; k++) {
			uint64_t a = 0;
			int j;

			h = r->ring[p][k];
			for (j = 7; j >= 0; j--)
				a = a << 8 | r->ring[p][(k + 1 + j) % r->len[p]];
			r->ahead[p][h] = a;
		}
		for (h = 0; h < r->nh; h++) {
			r->fourto[p][h] = (uint8_t)(r->own[h] == NOBODY ? p :
			    r->own[h]);
			r->facing[p][h] = (uint8_t)(r->capt[p][h] &&
			    r->opp[h] != NOHOLE ? r->opp[h] : SCRATCH);
		}
	}
}

/* Fill the rule table's board from r->rows and r->n. */
void
mc_build_board(struct rules *r)
{
	memset(r->next, NOHOLE, sizeof r->next);
	memset(r->prev, NOHOLE, sizeof r->prev);
	memset(r->capt, 0, sizeof r->capt);
	memset(r->opp, NOHOLE, sizeof r->opp);
	memset(r->behind, SCRATCH, sizeof r->behind);
	memset(r->front, NOHOLE, sizeof r->front);
	memset(r->own, NOBODY, sizeof r->own);
	if (r->rows == 2)
		build_two_rows(r);
	else if (r->rows == 3)
		build_three_rows(r);
	else
		build_four_rows(r);
	build_rings(r);
}

/* The four-row start layouts: hus, maruba and full. */
static void
four_row_layout(const struct rules *r, struct pos *q)
{
	int n = r->n, k;

	for (k = 0; k < n; k++) {
		q->c[mc_hole(r, 0, k)] = r->outer_seeds;
		q->c[mc_hole(r, 3, k)] = r->outer_seeds;
		switch (r->start) {
		case ST_HUS:
			/* The right half of each inner row: b1.., ..cn. */
			q->c[mc_hole(r, 1, k)] = k < n / 2 ? r->seeds : 0;
			q->c[mc_hole(r, 2, k)] = k >= n - n / 2 ? r->seeds : 0;
			break;
		default:
			q->c[mc_hole(r, 1, k)] = r->seeds;
			q->c[mc_hole(r, 2, k)] = r->seeds;
			break;
		}
	}
	if (r->start == ST_MARUBA) {
		/* Each player's extreme left inner hole empty, the next 1. */
		q->c[mc_hole(r, 1, n - 1)] = 0;
		q->c[mc_hole(r, 1, n - 2)] = 1;
		q->c[mc_hole(r, 2, 0)] = 0;
		q->c[mc_hole(r, 2, 1)] = 1;
	}
}

/*
 * Lane's distributions of the men (seeds a hole in all) on two rows.
 * The wise: half the men in a3..an, half in b1..b(n-2), as evenly as
 * they go (Wagner: "a-3, a-4, a-5, a-6 and b-1, b-2, b-3, b-4"); the
 * wise, ends: half in an, half in b1; the ignorants: four a hole, the
 * rest dealt at chance points.
 */
static void
two_row_setup(const struct rules *r, struct pos *q)
{
	int n = r->n, k, m = n - 2;
	unsigned total = (unsigned)r->seeds * r->nh, half = total / 2;
	unsigned base = r->seeds < 4 ? r->seeds : 4;

	switch (r->setup) {
	case SU_WISE:
		for (k = 0; k < m; k++) {
			q->c[mc_hole(r, 0, n - 1 - k)] = (uint16_t)(half / m +
			    (k < (int)(half % m)));
			q->c[mc_hole(r, 1, k)] = (uint16_t)((total - half) / m +
			    (k < (int)((total - half) % m)));
		}
		break;
	case SU_WISE_ENDS:
		q->c[mc_hole(r, 0, n - 1)] = (uint16_t)half;
		q->c[mc_hole(r, 1, 0)] = (uint16_t)(total - half);
		break;
	default:	/* SU_IGNORANTS */
		for (k = 0; k < r->nh; k++)
			q->c[k] = (uint16_t)base;
		q->deal = (uint16_t)(total - base * r->nh);
		break;
	}
}

/* Fill the start layout of a new game led by `lead`; gains are kept. */
void
mc_next_game(const struct rules *r, struct pos *q, int lead)
{
	uint16_t gains[2] = { q->gains[P], q->gains[Q] };
	int k;

	memset(q, 0, sizeof *q);
	q->gains[P] = gains[P];
	q->gains[Q] = gains[Q];
	if (r->setup != SU_NONE)
		two_row_setup(r, q);
	else if (r->rows == 4)
		four_row_layout(r, q);
	else
		for (k = 0; k < r->nh; k++)
			q->c[k] = r->seeds;
	q->side = (uint8_t)lead;
	q->lead = (uint8_t)lead;
	q->open = r->transfer ? 3 : 0;
	/* The ignorants: the leader may turn the board once it is dealt. */
	q->decide = r->setup == SU_IGNORANTS && q->deal == 0;
}

/* Fill the start layout. */
void
mc_start_layout(const struct rules *r, struct pos *q)
{
	memset(q, 0, sizeof *q);
	mc_next_game(r, q, r->first);
}

/* Turn the board round: each hole changes places with its mirror. */
void
mc_turn_board(const struct rules *r, struct pos *q)
{
	int h, t;

	for (h = 0; h < r->nh / 2; h++) {
		t = q->c[h];
		q->c[h] = q->c[r->nh - 1 - h];
		q->c[r->nh - 1 - h] = (uint16_t)t;
	}
}

/*
 * May the distributor drop his next man into h?  Any hole, except that
 * the last man may not make the distribution equal (Lane: "unequally").
 */
int
mc_deal_allowed(const struct rules *r, const struct pos *q, int h)
{
	int k;

	if (q->deal != 1)
		return 1;
	for (k = 0; k < r->nh; k++)
		if (q->c[k] + (k == h) != q->c[h] + 1)
			return 1;
	return 0;
}
