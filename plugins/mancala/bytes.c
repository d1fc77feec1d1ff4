/*
 * bytes.c - the byte boards of random playouts for ||Hus and the games
 * sown as it is (sow_occupied_sown, four rows of at most 16 holes): the
 * tables derived from the rule table after mc_engine(), and playouts on
 * two boards of bytes, each player's holes in the order of his circuit,
 * a lap sown as two 16-byte vector adds.  The same moves and games as
 * rules.c plays them (test_mancala test_playout).
 */
#include <string.h>

#include "fast.h"

/*
 * The order of p's byte board: his places counted from place rot of his
 * circuit (*rot), such that his first row (his holes from lo[p]) is one
 * half of them from its last place back and his second row the other
 * half forwards: returns 0 when the first row is the upper half, 1 when
 * it is the lower (bytes_starts()); -1 when no rot does.
 */
static int
bytes_order(const struct rules *r, int p, int *rot)
{
	int n = r->n, len = r->len[p], j, f, t;

	for (t = 0; t < len; t++)
		for (f = 0; f <= 1; f++) {
			for (j = 0; j < 2 * n; j++) {
				int pl = (r->at_ring[p][r->lo[p] + j] - t + len) %
				    len;
				int want = j < n ? (f ? n - 1 - j : 2 * n - 1 - j) :
				    (f ? j : j - n);

				if (pl != want)
					break;
			}
			if (j == 2 * n) {
				*rot = t;
				return f;
			}
		}
	return -1;
}

/*
 * The byte boards' tables (struct rules, bytes .. back), after
 * mc_engine() (r->sown).
 */
void
mc_bytes_tables(struct rules *r)
{
	int p, j, h, f, rot = 0, len;

	r->bytes = r->rows == 4 && r->n <= 16 && r->sown &&
	    r->singletons == SG_NEVER && r->lap_limit > 0 &&
	    r->len[P] == 2 * r->n && r->len[Q] == 2 * r->n;
	memset(r->place, 100, sizeof r->place);
	memset(r->face, BYTE_ZERO, sizeof r->face);
	memset(r->back, BYTE_ZERO, sizeof r->back);
	for (p = P; r->bytes && p <= Q; p++) {
		if ((f = bytes_order(r, p, &rot)) < 0) {
			r->bytes = 0;
			break;
		}
		r->flip[p] = (uint8_t)f;
		r->rot[p] = (uint8_t)rot;
	}
	for (p = P; r->bytes && p <= Q; p++) {
		len = r->len[p];
		for (j = 0; j < len; j++) {
			h = r->ring[p][j + r->rot[p]];
			f = r->facing[p][h];
			r->place[p][h - r->lo[p]] = (uint8_t)j;
			if (f == SCRATCH)
				continue;
			r->face[p][j] = (uint8_t)((r->at_ring[!p][f] -
			    r->rot[!p] + len) % len);
			if (r->behind[f] != SCRATCH)
				r->back[p][j] = (uint8_t)((r->at_ring[!p]
				    [r->behind[f]] - r->rot[!p] + len) % len);
		}
	}
}

#if defined(__SSE2__)
/*
 * The byte boards: each player's men by place on his circuit (at most
 * 32), then zeros (BYTE_ZERO among them), so that a board may be loaded
 * as two vectors of sixteen.
 */
struct bytes {
	uint8_t b[2][48] __attribute__((aligned(16)));
};

/*
 * One lap of a byte board b: place `lift` (100: none) emptied, then one
 * man into each of the `hand` (1 .. len) places after place s - 1 round
 * the circuit of len places: thirty-two places at once, without a branch
 * on the hand.
 */
MC_INLINE void
bytes_lap(uint8_t *b, int lift, unsigned s, unsigned hand, unsigned len)
{
	const __m128i i0 = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
	    11, 12, 13, 14, 15);
	const __m128i i1 = _mm_setr_epi8(16, 17, 18, 19, 20, 21, 22, 23, 24,
	    25, 26, 27, 28, 29, 30, 31);
	const __m128i ss = _mm_set1_epi8((char)s), n = _mm_set1_epi8((char)hand);
	const __m128i l = _mm_set1_epi8((char)lift), z = _mm_setzero_si128();
	const __m128i ln = _mm_set1_epi8((char)len);
	const __m128i top = _mm_set1_epi8((char)(len - 1));
	__m128i *p = (__m128i *)(void *)b;
	__m128i d0 = _mm_sub_epi8(i0, ss), d1 = _mm_sub_epi8(i1, ss);
	/* Places from len on are never sown (they are not on the circuit). */
	__m128i off0 = _mm_cmpgt_epi8(i0, top), off1 = _mm_cmpgt_epi8(i1, top);
	__m128i b0 = _mm_andnot_si128(_mm_cmpeq_epi8(i0, l), _mm_load_si128(p));
	__m128i b1 = _mm_andnot_si128(_mm_cmpeq_epi8(i1, l),
	    _mm_load_si128(p + 1));

	d0 = _mm_add_epi8(d0, _mm_and_si128(ln, _mm_cmpgt_epi8(z, d0)));
	d1 = _mm_add_epi8(d1, _mm_and_si128(ln, _mm_cmpgt_epi8(z, d1)));
	_mm_store_si128(p, _mm_sub_epi8(b0,
	    _mm_andnot_si128(off0, _mm_cmpgt_epi8(n, d0))));
	_mm_store_si128(p + 1, _mm_sub_epi8(b1,
	    _mm_andnot_si128(off1, _mm_cmpgt_epi8(n, d1))));
}

/* k men into each of the len places of byte board b: k whole laps. */
MC_INLINE void
bytes_laps(uint8_t *b, unsigned k, unsigned len)
{
	const __m128i i0 = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
	    11, 12, 13, 14, 15);
	const __m128i i1 = _mm_add_epi8(i0, _mm_set1_epi8(16));
	const __m128i top = _mm_set1_epi8((char)(len - 1));
	const __m128i kk = _mm_set1_epi8((char)k);
	__m128i *p = (__m128i *)(void *)b;

	_mm_store_si128(p, _mm_add_epi8(_mm_load_si128(p),
	    _mm_andnot_si128(_mm_cmpgt_epi8(i0, top), kk)));
	_mm_store_si128(p + 1, _mm_add_epi8(_mm_load_si128(p + 1),
	    _mm_andnot_si128(_mm_cmpgt_epi8(i1, top), kk)));
}

/* The low n bits of x (n <= 16) in reverse order. */
MC_INLINE uint32_t
rev_bits(uint32_t x, unsigned n)
{
	x = ((x >> 1) & 0x5555) | ((x & 0x5555) << 1);
	x = ((x >> 2) & 0x3333) | ((x & 0x3333) << 2);
	x = ((x >> 4) & 0x0F0F) | ((x & 0x0F0F) << 4);
	x = ((x >> 8) & 0x00FF) | ((x & 0x00FF) << 8);
	return x >> (16 - n);
}

/*
 * The places of byte board b holding two or more (bit i: place i), and
 * the same as a mask over the player's holes (bit j: hole lo + j), by
 * the order bytes_order() found.
 */
MC_INLINE uint64_t
bytes_starts(const uint8_t *b, unsigned n, int flip)
{
	const __m128i one = _mm_set1_epi8(1);
	__m128i lo = _mm_load_si128((const __m128i *)(const void *)b);
	__m128i hi = _mm_load_si128((const __m128i *)(const void *)(b + 16));
	uint32_t m = (uint32_t)_mm_movemask_epi8(_mm_cmpgt_epi8(lo, one)) |
	    (uint32_t)_mm_movemask_epi8(_mm_cmpgt_epi8(hi, one)) << 16;
	uint32_t low = m & ((1u << n) - 1), up = (m >> n) & ((1u << n) - 1);

	return flip ? rev_bits(low, n) | up << n : rev_bits(up, n) | low << n;
}

/*
 * The move of p from place i (sow_by() with the flags of
 * sow_occupied_sown, on the byte boards me and op): the laps, each
 * judged by its last man as capture_or_relay() judges him.  Returns 0
 * when the turn ended by the rules, else the place where the lap limit
 * stopped the move (after *laps laps), + 1.
 */
MC_INLINE int
bytes_move(const struct rules *r, uint8_t *me, uint8_t *op, int p, int i,
    uint32_t *laps)
{
	const uint8_t *face = r->face[p], *back = r->back[p];
	unsigned len = r->len[p], hand = me[i], last;
	int lift = i;

	for (*laps = 1;; ++*laps) {
		unsigned men, f, bk, oi, ob, cap;

		if (hand > len) {	/* whole laps: seldom */
			unsigned k = (hand - 1) / len;

			if (lift < 32)
				me[lift] = 0;
			lift = 100;
			bytes_laps(me, k, len);
			hand -= k * len;
		}
		last = (unsigned)i + hand;
		last -= last >= len ? len : 0;
		/* Read before the lap's stores: no wait for them. */
		men = ((int)last == lift ? 0u : me[last]) + 1;
		bytes_lap(me, lift, (unsigned)i + 1, hand, len);
		if (men == 1)
			return 0;
		if (*laps >= r->lap_limit)
			return (int)last + 1;
		f = face[last];
		bk = back[last];
		oi = op[f];
		ob = op[bk];
		cap = oi != 0;
		hand = cap ? oi + ob : men;
		op[f] = 0;
		op[bk] = (uint8_t)(cap ? 0 : ob);
		lift = cap ? 100 : (int)last;
		i = (int)last;
	}
}

/*
 * playout_by() for sow_occupied_sown on the byte boards, when no hole can
 * reach 128 men (all of them below): the position copied to bytes once,
 * the moves played there, and copied back when the run stops (a player
 * without a start, the turn limit, the lap limit, the cap); mc_settle()
 * then settles the position as turn_over() would have.
 */
MC_INLINE long
playout_bytes(const struct rules *r, struct pos *q, struct tbl_rng *g,
    long cap, unsigned (*count)(uint64_t, uint64_t *),
    int (*kth)(uint64_t, uint64_t, unsigned))
{
	struct bytes bb;
	struct tbl_rng lr = *g;
	uint32_t turn = q->turn, laps = 0;
	long len = 0;
	int p = q->side, j, stop = 0;
	uint64_t m = q->legal, pre;

	if (m == 0 || turn >= r->turn_end)
		return 0;	/* settled already: the end is the rules' */
	memset(&bb, 0, sizeof bb);
	for (j = 0; j < r->len[P]; j++) {
		bb.b[P][j] = (uint8_t)q->c[r->ring[P][j + r->rot[P]]];
		bb.b[Q][j] = (uint8_t)q->c[r->ring[Q][j + r->rot[Q]]];
	}
	while (len < cap && m != 0 && turn < r->turn_end) {
		j = kth(m, pre, tbl_rng_below(&lr, count(m, &pre)));
		len++;
		if ((stop = bytes_move(r, bb.b[p], bb.b[!p], p,
		    r->place[p][j], &laps)) != 0)
			break;
		turn++;
		p = !p;
		m = bytes_starts(bb.b[p], r->n, r->flip[p]);
	}
	*g = lr;
	for (j = 0; j < r->len[P]; j++) {
		q->c[r->ring[P][j + r->rot[P]]] = bb.b[P][j];
		q->c[r->ring[Q][j + r->rot[Q]]] = bb.b[Q][j];
	}
	q->side = (uint8_t)p;
	q->turn = turn;
	if (stop) {
		q->laps = laps;
		mc_endless_move(r, q, p, r->ring[p][stop - 1 + r->rot[p]]);
	} else
		mc_settle(r, q);
	return len;
}

/* May the byte boards take q (every hole below 128 men)? */
static int
bytes_fit(const struct rules *r, const struct pos *q)
{
	unsigned men = 0;
	int h;

	if (!r->bytes || !q->plain || q->open)
		return 0;
	for (h = 0; h < r->nh; h++)
		men += q->c[h];
	return men < 128;
}

#ifdef MC_BMI2
__attribute__((target("popcnt,bmi2"))) static long
playout_bytes_bmi2(const struct rules *r, struct pos *q, struct tbl_rng *g,
    long cap)
{
	return playout_bytes(r, q, g, cap, starts_bmi2, nth_bmi2);
}
#endif

long
mc_playout_bytes(const struct rules *r, struct pos *q, struct tbl_rng *g,
    long cap, int bmi2)
{
	if (!bytes_fit(r, q))
		return -1;
#ifdef MC_BMI2
	if (bmi2)
		return playout_bytes_bmi2(r, q, g, cap);
#else
	(void)bmi2;
#endif
	return playout_bytes(r, q, g, cap, starts_portable, nth_portable);
}
#else	/* no SSE2: no byte boards */
long
mc_playout_bytes(const struct rules *r, struct pos *q, struct tbl_rng *g,
    long cap, int bmi2)
{
	(void)r, (void)q, (void)g, (void)cap, (void)bmi2;
	return -1;
}
#endif
