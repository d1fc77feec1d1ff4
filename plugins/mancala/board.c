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

/* Fill the rule table's board from r->n (and the later board options). */
void
mc_build_board(struct rules *r)
{
	memset(r->next, NOHOLE, sizeof r->next);
	memset(r->capt, 0, sizeof r->capt);
	memset(r->opp, NOHOLE, sizeof r->opp);
	memset(r->behind, NOHOLE, sizeof r->behind);
	memset(r->front, NOHOLE, sizeof r->front);
	build_four_rows(r);
}

/* Fill the start layout. */
void
mc_start_layout(const struct rules *r, struct pos *q)
{
	int n = r->n, k;

	memset(q, 0, sizeof *q);
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
	q->side = r->first;
	q->open = r->transfer ? 3 : 0;
}
