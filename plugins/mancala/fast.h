/*
 * fast.h - the masks of legal starts, computed sixteen or four holes at a
 * time: inline, as the engine asks for them once a turn.  The readable
 * rule each function implements is stated above it.
 */
#ifndef MANCALA_FAST_H
#define MANCALA_FAST_H

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "mancala.h"

/*
 * A mask of the counts c[0 .. len-1] (len <= 64) that reach a threshold:
 * bit i is set when (c[i] ^ x) >= k, inverted when `invert` is set; the
 * bits from len up are left as they come (the caller masks them).  So
 *	x 0, k 2		c[i] >= 2
 *	x 0, k 1		c[i] != 0 (inverted: c[i] == 0)
 *	x 1, k 1, invert	c[i] == 1
 * With SSE2, sixteen counts are compared at once (counts are below 32768,
 * MAXMEN, so the signed compare is exact) and their results gathered by
 * movemask; on other little-endian machines four counts are tested at
 * once in a 64-bit word: a count below 32768 plus 0x8000 - k sets the
 * lane's top bit exactly when it is k or more, without carrying into the
 * next lane.  c must have fifteen readable counts past len (struct pos
 * pads the board, and a player's holes end at most at MAXH).
 */
static inline uint64_t
count_mask(const uint16_t *c, int len, unsigned x, unsigned k, int invert)
{
	uint64_t m = 0;
	int i;

#if defined(__SSE2__)
	const __m128i xx = _mm_set1_epi16((short)x);
	const __m128i kk = _mm_set1_epi16((short)(k - 1));

	for (i = 0; i < len; i += 16) {
		__m128i a = _mm_loadu_si128((const __m128i *)(const void *)(c + i));
		__m128i b = _mm_loadu_si128((const __m128i *)(const void *)
		    (c + i + 8));

		a = _mm_cmpgt_epi16(_mm_xor_si128(a, xx), kk);
		b = _mm_cmpgt_epi16(_mm_xor_si128(b, xx), kk);
		m |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_packs_epi16(a, b))
		    << i;
	}
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
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
	return invert ? ~m : m;
}

/*
 * The holes player p may start a move from, as a mask over p's holes
 * (bit i: hole lo[p] + i): any hole of two or more; a single man only
 * by the `singletons` rule (always; or, Maruba, when no hole holds two
 * and the next hole on the circuit is empty).
 */
MC_INLINE uint64_t
mc_start_mask(const struct rules *r, const struct pos *q, int p)
{
	const uint16_t *c = q->c + r->lo[p];
	const uint8_t *nx = r->next[p];
	int i, len = r->hi[p] - r->lo[p], lo = r->lo[p];
	uint64_t m = 0;

	if (r->singletons == SG_ALWAYS)
		return count_mask(c, len, 0, 1, 0) & r->span[p];
	m = count_mask(c, len, 0, 2, 0) & r->span[p];
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

			return one & next_empty & r->span[p];
		}
		for (i = 0; i < len; i++)
			m |= (uint64_t)((c[i] == 1) &
			    (q->c[nx[lo + i]] == 0)) << i;
	}
	return m;
}

/* fast.c: the set bits of each byte value (lowest first), their number. */
extern const uint8_t mc_bit_index[256][8];
extern const uint8_t mc_bit_count[256];

/*
 * The moves base + i for each set bit i of m, a mask of `bits` bits (1 to
 * 64), in ascending order; returns their number.  out must have room for
 * 72 moves: each byte of the mask is turned into its moves by one table
 * row, eight stored at once (SSE2), the count advanced by the bits of the
 * byte; stores past the count are overwritten or lie past the end.  The
 * loop runs over every byte of the mask, set or not, so that it ends
 * after the same number of rounds each time (a branch well predicted).
 */
static inline int
mc_mask_moves(uint64_t m, int bits, tbl_move base, tbl_move *out)
{
	int k = 0, i;

#if defined(__SSE2__)
	const __m128i zero = _mm_setzero_si128();
	__m128i b = _mm_set1_epi32((int)base);
	const __m128i eight = _mm_set1_epi32(8);

	for (i = 0; i < bits; i += 8) {
		unsigned byte = (unsigned)(m >> i) & 0xFF;
		__m128i w = _mm_loadl_epi64((const __m128i *)(const void *)
		    mc_bit_index[byte]);

		w = _mm_unpacklo_epi8(w, zero);
		_mm_storeu_si128((__m128i *)(void *)(out + k),
		    _mm_add_epi32(_mm_unpacklo_epi16(w, zero), b));
		_mm_storeu_si128((__m128i *)(void *)(out + k + 4),
		    _mm_add_epi32(_mm_unpackhi_epi16(w, zero), b));
		k += mc_bit_count[byte];
		b = _mm_add_epi32(b, eight);
	}
#else
	for (i = 0; i < bits; i += 8) {
		unsigned byte = (unsigned)(m >> i) & 0xFF;
		int j;

		for (j = 0; j < 8; j++)
			out[k + j] = base + (tbl_move)(i + mc_bit_index[byte][j]);
		k += mc_bit_count[byte];
	}
#endif
	return k;
}

/*
 * The bits of m counted a byte at a time: byte i of the result is the
 * number of set bits in bytes 0 to i (so the top byte is all of them).
 */
static inline uint64_t
mc_byte_prefix(uint64_t m)
{
	m -= (m >> 1) & 0x5555555555555555ull;
	m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
	m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0full;
	return m * 0x0101010101010101ull;
}

/*
 * The index of the k-th (from 0) set bit of m, k below the count, given
 * pre = mc_byte_prefix(m), without a branch on k: the first byte whose
 * running count passes k holds it (a byte of pre, at most 64, with its
 * top bit set, less k + 1 keeps the top bit exactly when the count is
 * k + 1 or more, and borrows from no other byte), and mc_bit_index
 * finds it within the byte.
 */
static inline int
mc_nth_bit(uint64_t m, uint64_t pre, unsigned k)
{
	const uint64_t ones = 0x0101010101010101ull, tops = ones << 7;
	int i = tbl_lowbit64(((pre | tops) - ones * (k + 1)) & tops) & ~7;
	unsigned before = (unsigned)((pre << 8) >> i) & 0xFF;

	return i + mc_bit_index[(m >> i) & 0xFF][k - before];
}

/*
 * The legal moves in ordinary play once no opening transfer is left (the
 * common case, listed from the mask alone), when out has room for 72
 * moves; -1 in every other case (mc_legal_moves() lists those).
 */
static inline int
mc_plain_moves(const struct rules *r, const struct pos *q, tbl_move *out,
    int cap)
{
	int p = q->side;

	if (!q->plain || q->open || cap < 72)
		return -1;
	return mc_mask_moves(q->legal, r->hi[p] - r->lo[p], MV_HOLE | r->lo[p],
	    out);
}

/*
 * The number of legal starts in the mask m and the place of the k-th
 * (from 0), for the playouts (rules.c, bytes.c): by the byte counts above (any
 * processor), or by popcnt and pdep (built for them, called only where
 * pdep is fast: game.c decides).
 */
MC_INLINE unsigned
starts_portable(uint64_t m, uint64_t *pre)
{
	*pre = mc_byte_prefix(m);
	return (unsigned)(*pre >> 56);
}

MC_INLINE int
nth_portable(uint64_t m, uint64_t pre, unsigned k)
{
	return mc_nth_bit(m, pre, k);
}

#ifdef MC_BMI2
__attribute__((target("popcnt,bmi2"))) MC_INLINE unsigned
starts_bmi2(uint64_t m, uint64_t *pre)
{
	(void)pre;
	return (unsigned)__builtin_popcountll(m);
}

__attribute__((target("popcnt,bmi2"))) MC_INLINE int
nth_bmi2(uint64_t m, uint64_t pre, unsigned k)
{
	(void)pre;
	return (int)__builtin_ctzll(_pdep_u64((uint64_t)1 << k, m));
}
#endif

#endif /* MANCALA_FAST_H */
