/*
 * dense.c - the dense numbering of positions (ABI 1.4), for solving a
 * game level by level: the level of a position is the men on the board
 * (a move only ever sows them round or takes them off), and within a
 * level a position is numbered by
 *
 *	index = (holes * transfers + open) * 2 + side
 *
 * where `holes` is the rank of the board's counts among all the ways of
 * putting `level` men into the nh holes (the combinatorial number system
 * over the places of the nh - 1 bars between the holes, as in stars and
 * bars: C(level + nh - 1, nh - 1) boards), `open` who may still make the
 * opening transfer (transfers = 4 with opening_transfer, else 1) and
 * `side` the player to move.  The men taken (the credits) are left out:
 * they are `taken` in struct tbl_dense, so that one table serves every
 * score.  The turn count is left out as by the keys (turn_limit=0).
 *
 * With cycles=own a position in play also gives, in `margin`, the men on
 * P's side less Q's, and `cycle` set: a solver scores play that never
 * ends from it so (each side takes the men on its own side).
 *
 * Options that make a position carry more than this are not numbered:
 * an extra capture pending (extra), men still to deal (setup=ignorants)
 * and a match's gains (match_target).
 */
#include <string.h>

#include "fast.h"

/* Binomials C(n, k) for n < DN, saturating at BIG. */
#define DN 256
#define BIG ((uint64_t)1 << 62)
static uint64_t binom[DN][DN / 2 + 1];
static int binom_ready;

/*
 * Fill the table once, as the plugin is loaded (a constant after that:
 * the plugin keeps no mutable state); where the compiler has no
 * constructors, dense_levels() fills it, which the host calls first,
 * from one thread.
 */
#if defined(__GNUC__)
__attribute__((constructor))
#endif
static void
fill_binom(void)
{
	int n, k;

	if (binom_ready)
		return;
	for (n = 0; n < DN; n++) {
		binom[n][0] = 1;
		for (k = 1; k <= DN / 2; k++) {
			uint64_t v = n == 0 ? 0 : binom[n - 1][k] +
			    binom[n - 1][k - 1];
			binom[n][k] = k > n ? 0 : v > BIG ? BIG : v;
		}
	}
	binom_ready = 1;
}

static uint64_t
choose(int n, int k)
{
	return n < 0 || k < 0 || k > n ? 0 : binom[n][k];
}

/* Boards of `men` men in r's holes. */
static uint64_t
boards(const struct rules *r, int men)
{
	return choose(men + r->nh - 1, r->nh - 1);
}

/* Positions of a level for each board: side, and who may transfer. */
static uint64_t
per_board(const struct rules *r)
{
	return r->transfer ? 8 : 2;
}

int
mc_dense_levels(const struct tbl_state *s, char *err, size_t errlen)
{
	const struct rules *r = &s->r;
	const struct pos *q = &s->p;
	unsigned long men = (unsigned long)q->credit[P] + q->credit[Q] +
	    q->hand + q->deal;
	int h;

	fill_binom();
	for (h = 0; h < r->nh; h++)
		men += q->c[h];
	if (r->turn_limit != 0)
		tbl_error(err, errlen, "turn_limit=%u ends the game by a turn "
		    "count the numbering leaves out: set turn_limit=0",
		    (unsigned)r->turn_limit);
	else if (r->extra != EX_NONE)
		tbl_error(err, errlen, "extra=%s: the choice of an extra "
		    "capture is not numbered (set extra=none)",
		    r->extra == EX_HOLE ? "hole" : "pair");
	else if (r->setup == SU_IGNORANTS)
		tbl_error(err, errlen, "setup=ignorants deals the men by "
		    "chance, which the numbering leaves out");
	else if (r->match_target != 0)
		tbl_error(err, errlen, "match_target=%u: a match's gains are "
		    "not numbered (set match_target=0)",
		    (unsigned)r->match_target);
	else if (men + r->nh > DN || boards(r, (int)men) >= BIG / 8)
		tbl_error(err, errlen, "%lu men in %d holes are more positions "
		    "than the numbering counts", men, r->nh);
	else
		return (int)men + 1;
	return -1;
}

uint64_t
mc_dense_size(const struct tbl_state *s, int level)
{
	const struct rules *r = &s->r;

	if (level < 0 || level + r->nh > DN)
		return 0;
	return boards(r, level) * per_board(r);
}

/*
 * The board of rank k among those of `men` men into c[0 .. nh-1]: the
 * bars' places p[j] (p[0] < ... < p[nh-2] < men + nh - 1), each the
 * largest whose binomial C(p, j + 1) fits in what is left of k, from the
 * last down; hole j holds the men between bar j - 1 and bar j.
 */
static void
unrank(const struct rules *r, int men, uint64_t k, uint16_t *c)
{
	int nb = r->nh - 1, top = men + nb, j, p = top;

	for (j = nb; j >= 1; j--) {
		int place;

		for (p = p - 1; choose(p, j) > k; p--)
			;
		k -= choose(p, j);
		place = p;
		c[j] = (uint16_t)(top - place - 1);
		top = place;
	}
	c[0] = (uint16_t)top;
}

/* The rank of board c of `men` men (unrank()'s inverse). */
static uint64_t
rank(const struct rules *r, const uint16_t *c)
{
	uint64_t k = 0;
	int j, place = -1;

	for (j = 0; j < r->nh - 1; j++) {
		place += c[j] + 1;
		k += choose(place, j + 1);
	}
	return k;
}

int
mc_dense_set(struct tbl_state *s, int level, uint64_t index)
{
	const struct rules *r = &s->r;
	uint64_t per = per_board(r);
	struct pos q;

	if (index >= mc_dense_size(s, level))
		return -1;
	memset(&q, 0, sizeof q);
	q.side = (uint8_t)(index & 1);
	if (r->transfer)
		q.open = (uint8_t)((index >> 1) & 3);
	unrank(r, level, index / per, q.c);
	s->p = q;
	mc_settle(r, &s->p);
	return 0;
}

/* An ended game in *out: how it was decided. */
static void
dense_end(const struct rules *r, const struct pos *q, struct tbl_dense *out)
{
	if (q->why == WHY_ENDLESS)
		out->end = TBL_DENSE_DRAW;
	else if (q->why == WHY_STUCK && r->stuck == SK_LOSE)
		out->end = q->over == OV_P ? TBL_DENSE_WON0 : TBL_DENSE_WON1;
	else {
		out->end = TBL_DENSE_SCORE;
		out->margin = r->leftover == LO_OWNER ?
		    (int)mc_men_on_side(r, q, P) - (int)mc_men_on_side(r, q, Q) :
		    0;
	}
}

int
mc_dense_index(const struct tbl_state *s, struct tbl_dense *out)
{
	const struct rules *r = &s->r;
	const struct pos *q = &s->p;
	int h, men = 0;

	memset(out, 0, sizeof *out);
	out->taken = (int)q->credit[P] - (int)q->credit[Q];
	if (q->over != OV_NO) {
		dense_end(r, q, out);
		return 0;
	}
	if (q->deal || q->decide || q->pending || q->hand)
		return -1;
	for (h = 0; h < r->nh; h++)
		men += q->c[h];
	if (men + r->nh > DN)
		return -1;
	out->end = TBL_DENSE_PLAY;
	if (r->cycles == CY_OWN) {
		out->cycle = 1;
		out->margin = (int)mc_men_on_side(r, q, P) -
		    (int)mc_men_on_side(r, q, Q);
	}
	out->level = men;
	out->index = (rank(r, q->c) * per_board(r) / 2 +
	    (r->transfer ? q->open : 0)) * 2 + q->side;
	return 0;
}
