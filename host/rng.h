/*
 * rng.h - the host's seeded generator (xoshiro256**, seeded by
 * splitmix64).  Every chance point and every random player draws from a
 * struct rng the caller owns, so a seed reproduces a game exactly.
 */
#ifndef TABLERO_RNG_H
#define TABLERO_RNG_H

#include <stdint.h>

struct rng {
	uint64_t s[4];
};

void rng_seed(struct rng *r, uint64_t seed);
uint64_t rng_next(struct rng *r);
/* Uniform in [0, n), n > 0, without modulo bias. */
uint32_t rng_below(struct rng *r, uint32_t n);
/* Uniform in [0, 1). */
double rng_double(struct rng *r);
/* An index drawn with the given probabilities (n > 0). */
int rng_pick(struct rng *r, const double *prob, int n);

#endif /* TABLERO_RNG_H */
