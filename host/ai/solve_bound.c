/*
 * solve_bound.c - the least number of positions a solve must hold (see
 * solve_bound.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/solve.h"
#include "ai/solve_bound.h"
#include "base/movebuf.h"
#include "base/rng.h"
#include "base/util.h"
#include "core/game.h"

#define FIRST 4096		/* draws before the first count */
#define MOST (1u << 20)		/* draws at most */
#define ENOUGH 64		/* pairs seen twice that measure q well */
#define PILOTS 15		/* random games whose median length is taken */
#define LONGEST 10000		/* moves of a random game at most */

struct draw {
	const struct tbl_game *g;
	const struct tbl_state *root;
	struct tbl_state *st;
	struct movebuf mb;
	struct rng rng;
	unsigned char *key;
	size_t klen;
	int flat;
};

/* Play d at random from the root: the moves played (an end or a chance
 * point stops it). */
static long
play(struct draw *d, long depth)
{
	long i;
	int who, n;

	d->g->copy(d->st, d->root);
	for (i = 0; i < depth; i++) {
		if ((who = game_to_move(d->g, d->st)) < 0)
			break;
		if ((n = movebuf_fill(&d->mb, d->g, d->st, who)) <= 0)
			break;
		d->g->apply(d->st, d->mb.m[rng_below(&d->rng, (uint32_t)n)]);
	}
	return i;
}

static int
by_value(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The hash of d's key of its position: 0, or -1. */
static int
key_hash(struct draw *d, uint64_t *h)
{
	size_t i;

	if (d->flat)
		memcpy(d->key, (const void *)d->st, d->klen);
	else if (d->g->get_key(d->st, d->key, d->klen) != 0)
		return -1;
	*h = 0xCBF29CE484222325ull;
	for (i = 0; i < d->klen; i++)
		*h = (*h ^ d->key[i]) * 0x100000001B3ull;
	*h ^= *h >> 31;
	*h *= 0xBF58476D1CE4E5B9ull;
	*h ^= *h >> 29;
	return 0;
}

/* Count h[0..n): pairs the same, distinct values, into b; the bound. */
static void
count(const uint64_t *h, uint64_t n, uint64_t *sorted, struct solve_bound *b)
{
	uint64_t i, run = 1;
	double pairs = (double)n * (double)(n - 1) / 2, up;

	memcpy(sorted, h, (size_t)n * sizeof *h);
	qsort(sorted, (size_t)n, sizeof *sorted, by_value);
	b->samples = n;
	b->twice = 0;
	b->distinct = n > 0;
	for (i = 1; i < n; i++) {
		if (sorted[i] == sorted[i - 1]) {
			b->twice += run++;
			continue;
		}
		run = 1;
		b->distinct++;
	}
	up = (double)b->twice + 2 * sqrt((double)b->twice) + 3;
	b->positions = pairs / up;
	if (b->positions < (double)b->distinct)
		b->positions = (double)b->distinct;
}

/* The median length of PILOTS random games from the root. */
static long
typical_length(struct draw *d)
{
	long len[PILOTS], t;
	int i, j;

	for (i = 0; i < PILOTS; i++) {
		len[i] = play(d, LONGEST);
		for (j = i; j > 0 && len[j - 1] > len[j]; j--) {
			t = len[j];
			len[j] = len[j - 1];
			len[j - 1] = t;
		}
	}
	return len[PILOTS / 2];
}

int
solve_bound(const struct tbl_game *g, const struct tbl_state *root,
    size_t klen, int flat, size_t cap, struct solve_bound *out)
{
	struct draw d;
	uint64_t *h = NULL, *sorted = NULL, n = 0, upto = FIRST;
	long len, lo;
	int rc = 0;

	memset(&d, 0, sizeof d);
	d.g = g;
	d.root = root;
	d.st = g->clone(root);
	d.key = xmalloc(klen);
	d.klen = klen;
	d.flat = flat;
	memset(out, 0, sizeof *out);
	out->each = klen + 17;	/* key, who and count, 4/3 slot, an edge */
	movebuf_init(&d.mb);
	rng_seed(&d.rng, 1);
	len = typical_length(&d);
	lo = len / 2;
	while (rc == 0) {
		h = xrealloc(h, (size_t)upto * sizeof *h);
		sorted = xrealloc(sorted, (size_t)upto * sizeof *sorted);
		for (; n < upto && rc == 0; n++) {
			play(&d, lo + (long)rng_below(&d.rng, (uint32_t)(len - lo
			    + 1)));
			rc = key_hash(&d, &h[n]);
		}
		if (rc != 0)
			break;
		count(h, n, sorted, out);
		if (out->positions * (double)out->each > (double)cap ||
		    out->twice >= ENOUGH || n >= MOST)
			break;
		upto = 2 * n;
	}
	movebuf_free(&d.mb);
	g->destroy(d.st);
	free(d.key);
	free(h);
	free(sorted);
	return rc;
}

int
solve_bound_refuses(const struct solve_bound *b, const char *game,
    size_t cap, char *err, size_t errlen)
{
	double need = b->positions * (double)b->each;
	char a[32], c[32];

	if (need <= (double)cap)
		return 0;
	format_bytes(need < 1e18 ? (size_t)need : (size_t)1e18, a, sizeof a);
	format_bytes(cap, c, sizeof c);
	snprintf(err, errlen, "%s has at least %.3g positions to hold (a "
	    "lower bound from %llu random positions, %llu pairs of them the "
	    "same), at least %zu bytes each: %s, more than the memory cap of "
	    "%s (--memory); nothing solved", game, b->positions,
	    (unsigned long long)b->samples, (unsigned long long)b->twice,
	    b->each, a, c);
	return 1;
}

int
solve_too_many(const struct tbl_game *g, const struct tbl_state *root,
    const struct solver *sv, size_t cap, char *err, size_t errlen)
{
	struct solve_bound b;
	int hooks = g->key_size != NULL && g->get_key != NULL &&
	    g->set_key != NULL;

	return solve_bound(g, root, solver_stats(sv)->key_bytes, !hooks, cap,
	    &b) == 0 && solve_bound_refuses(&b, g->name, cap, err, errlen);
}
