/*
 * rng.h - the host's seeded generator (xoshiro256**, seeded by
 * splitmix64).  Every chance point and every random player draws from a
 * struct rng the caller owns, so a seed reproduces a game exactly.  The
 * generator itself is the SDK's (struct tbl_rng, tbl_rng_next,
 * tbl_rng_below in tablero.h), so that a plugin's playout() hook, handed
 * &r->g, draws exactly as the host does.
 */
#ifndef TABLERO_RNG_H
#define TABLERO_RNG_H

#include <stdint.h>

#include "tablero.h"

struct rng {
	struct tbl_rng g;
};

void rng_seed(struct rng *r, uint64_t seed);

/*
 * The next 64 bits.  Inline, with rng_below(), because a random playout
 * draws once a move: a call would cost as much as the draw.
 */
static inline uint64_t
rng_next(struct rng *r)
{
	return tbl_rng_next(&r->g);
}

/*
 * Uniform in [0, n), n > 0, without modulo bias (tbl_rng_below(): Lemire's
 * multiply-shift).  All of it inline, so that a caller may keep a struct
 * rng of its own in registers.
 */
static inline uint32_t
rng_below(struct rng *r, uint32_t n)
{
	return tbl_rng_below(&r->g, n);
}

/* Uniform in [0, 1). */
double rng_double(struct rng *r);
/* An index drawn with the given probabilities (n > 0). */
int rng_pick(struct rng *r, const double *prob, int n);

#endif /* TABLERO_RNG_H */
