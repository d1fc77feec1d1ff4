/*
 * key.c - position keys for exact solving (ABI 1.3): a position packed
 * into a few bytes, and back.
 *
 * Every count is written in the bits the position's men need (b bits:
 * enough for all the men of the game, on the board, in hand, credited
 * or still to deal), least significant bit first:
 *
 *	each hole's men, row by row		b bits each
 *	the men credited to P, to Q		b bits each
 *	the player to move			1 bit
 *	the end (enum over) and why (enum why)	2 + 3 bits
 *	opening_transfer: who may still transfer	2 bits
 *	an extra capture: pending, the hole the sowing resumes after,
 *	    the men in hand, the laps sown	1 + 8 + b + bits of lap_limit
 *	setup=ignorants: men to deal, the board to accept	b + 1 bits
 *	match_target: the leader, each side's gains	1 + 16 + 16 bits
 *
 * so that a two-row board of 8 men fits in 6 bytes.  The width b is
 * the widest whose key fits in the length the host hands back (which
 * key_size() chose from the men of the position it was asked about), so
 * that writing and reading agree on it from that length alone.  The turn count is
 * left out: it serves only turn_limit, which must be 0 (solve sets it, as
 * `unlimited` says).  Laps are kept only where a choice interrupts a move
 * (the extra capture); elsewhere a move starts from no laps.
 */
#include <string.h>

#include "fast.h"

/* What solve sets for a key to stand for a position: no turn limit. */
const char *const mc_unlimited[] = { "turn_limit=0", NULL };

/* Bits needed for the numbers 0 .. v. */
static int
bits_for(unsigned long v)
{
	int b = 1;

	while (b < 32 && (v >> b) != 0)
		b++;
	return b;
}

/* All the men of the position: on the board, in hand, credited, to deal. */
static unsigned long
men_of(const struct rules *r, const struct pos *q)
{
	unsigned long t = (unsigned long)q->credit[P] + q->credit[Q] +
	    q->hand + q->deal;
	int h;

	for (h = 0; h < r->nh; h++)
		t += q->c[h];
	return t;
}

/* The widths of the key's fields for counts of b bits. */
struct layout {
	int b;		/* a count of men */
	int lapbits;	/* laps (extra capture games), else 0 */
	int total;	/* bits in all */
};

static struct layout
layout_of(const struct rules *r, int b)
{
	struct layout l;

	l.b = b;
	l.lapbits = r->extra != EX_NONE ? bits_for(r->lap_limit) : 0;
	l.total = (r->nh + 2) * l.b + 1 + 5;
	if (r->transfer)
		l.total += 2;
	if (r->extra != EX_NONE)
		l.total += 1 + 8 + l.b + l.lapbits;
	if (r->setup == SU_IGNORANTS)
		l.total += l.b + 1;
	if (r->match_target)
		l.total += 1 + 32;
	return l;
}

/* A bit cursor over a key: 64 bits at a time in `acc`. */
struct bits {
	unsigned char *k;
	const unsigned char *rk;
	size_t at;		/* bytes written or read */
	uint64_t acc;		/* bits not yet written, or read ahead */
	int nacc;		/* how many */
	size_t len;		/* key bytes */
};

/* Flush whole bytes of the accumulator into the key. */
static void
flush(struct bits *w)
{
	while (w->nacc >= 8) {
		if (w->at < w->len)
			w->k[w->at] = (unsigned char)w->acc;
		w->at++;
		w->acc >>= 8;
		w->nacc -= 8;
	}
}

/* Write v in n bits: 1 to 20, no field is empty (laps: bits_for() >= 1). */
static void
put(struct bits *w, unsigned long v, int n)
{
	w->acc |= (uint64_t)(v & ((1ul << n) - 1)) << w->nacc;
	w->nacc += n;
	flush(w);
}

/* Write the last, partial byte. */
static void
put_end(struct bits *w)
{
	if (w->nacc > 0 && w->at < w->len)
		w->k[w->at++] = (unsigned char)w->acc;
	w->nacc = 0;
}

static unsigned long
get(struct bits *w, int n)
{
	unsigned long v;

	while (w->nacc < n) {
		uint64_t byte = w->at < w->len ? w->rk[w->at] : 0;
		w->acc |= byte << w->nacc;
		w->at++;
		w->nacc += 8;
	}
	v = (unsigned long)(w->acc & ((1ull << n) - 1));
	w->acc >>= n;
	w->nacc -= n;
	return v;
}

/* Key bytes for counts of b bits. */
static size_t
bytes_for(const struct rules *r, int b)
{
	return (size_t)(layout_of(r, b).total + 7) / 8;
}

/*
 * The count width of a key of len bytes: the widest (at most 16) whose
 * key fits, so that get_key() and set_key() agree on it from len alone.
 * The layout's bits grow by `per` for each bit of width; 0 when none
 * fits.
 */
static int
width_for(const struct rules *r, size_t len)
{
	int per = layout_of(r, 2).total - layout_of(r, 1).total;
	int fixed = layout_of(r, 1).total - per;
	long b = ((long)len * 8 - fixed) / per;

	return b < 1 ? 0 : b > 16 ? 16 : (int)b;
}

int
mc_key_size(const struct tbl_state *s, char *err, size_t errlen)
{
	const struct rules *r = &s->r;

	if (r->turn_limit != 0) {
		tbl_error(err, errlen, "turn_limit=%u ends the game by a turn "
		    "count that a position key leaves out: set turn_limit=0",
		    (unsigned)r->turn_limit);
		return -1;
	}
	return (int)bytes_for(r, bits_for(men_of(r, &s->p)));
}

int
mc_get_key(const struct tbl_state *s, unsigned char *key, size_t len)
{
	const struct rules *r = &s->r;
	const struct pos *q = &s->p;
	int b = width_for(r, len);
	struct layout l = layout_of(r, b);
	struct bits w = { key, NULL, 0, 0, 0, len };
	unsigned long lim = (1ul << b) - 1;
	int h;

	if (b == 0)
		return -1;
	for (h = 0; h < r->nh; h++) {
		if (q->c[h] > lim)
			return -1;
		put(&w, q->c[h], b);
	}
	if (q->credit[P] > lim || q->credit[Q] > lim || q->hand > lim ||
	    q->deal > lim)
		return -1;
	put(&w, q->credit[P], b);
	put(&w, q->credit[Q], b);
	put(&w, q->side, 1);
	put(&w, q->over, 2);
	put(&w, q->why, 3);
	if (r->transfer)
		put(&w, q->open, 2);
	if (r->extra != EX_NONE) {
		put(&w, q->pending, 1);
		put(&w, q->at, 8);
		put(&w, q->hand, b);
		put(&w, q->laps, l.lapbits);
	}
	if (r->setup == SU_IGNORANTS) {
		put(&w, q->deal, b);
		put(&w, q->decide, 1);
	}
	if (r->match_target) {
		put(&w, q->lead, 1);
		put(&w, q->gains[P], 16);
		put(&w, q->gains[Q], 16);
	}
	put_end(&w);
	while (w.at < len)
		key[w.at++] = 0;
	return 0;
}

int
mc_set_key(struct tbl_state *s, const unsigned char *key, size_t len)
{
	const struct rules *r = &s->r;
	int b = width_for(r, len);
	struct layout l = layout_of(r, b);
	struct bits w = { NULL, key, 0, 0, 0, len };
	struct pos q;
	int h;

	if (b == 0)
		return -1;
	memset(&q, 0, sizeof q);
	for (h = 0; h < r->nh; h++)
		q.c[h] = (uint16_t)get(&w, b);
	q.credit[P] = (uint16_t)get(&w, b);
	q.credit[Q] = (uint16_t)get(&w, b);
	q.side = (uint8_t)get(&w, 1);
	q.over = (uint8_t)get(&w, 2);
	q.why = (uint8_t)get(&w, 3);
	if (r->transfer)
		q.open = (uint8_t)get(&w, 2);
	if (r->extra != EX_NONE) {
		q.pending = (uint8_t)get(&w, 1);
		q.at = (uint8_t)get(&w, 8);
		q.hand = (uint16_t)get(&w, b);
		q.laps = (uint32_t)get(&w, l.lapbits);
	}
	if (r->setup == SU_IGNORANTS) {
		q.deal = (uint16_t)get(&w, b);
		q.decide = (uint8_t)get(&w, 1);
	}
	if (r->match_target) {
		q.lead = (uint8_t)get(&w, 1);
		q.gains[P] = (uint16_t)get(&w, 16);
		q.gains[Q] = (uint16_t)get(&w, 16);
	}
	if (q.side > Q || q.over > OV_DRAW || q.why > WHY_MATCH ||
	    (q.pending && q.at >= r->nh) || men_of(r, &q) > MAXMEN)
		return -1;
	s->p = q;
	mc_settle(r, &s->p);
	return 0;
}
