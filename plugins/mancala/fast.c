/*
 * fast.c - the mask of the extra captures open to a player, by the
 * word-parallel count masks of fast.h.
 */
#include "fast.h"

/*
 * The extra captures open to p, as a mask over the opponent's holes: any
 * occupied hole, or (column pairs) each inner hole whose column holds a
 * man.
 */
uint64_t
mc_extra_mask(const struct rules *r, const struct pos *q, int p)
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
