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

/*
 * The next 64 bits.  Inline, with rng_below(), because a random playout
 * draws once a move: a call would cost as much as the draw.
 */
static inline uint64_t
rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t x = s[1] * 5;
	uint64_t result = ((x << 7) | (x >> 57)) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = (s[3] << 45) | (s[3] >> 19);
	return result;
}

/*
 * Uniform in [0, n), n > 0, without modulo bias: Lemire's multiply-shift,
 * rejecting the biased low range (rarely entered).  All of it inline, so
 * that a caller may keep a struct rng of its own in registers.
 */
static inline uint32_t
rng_below(struct rng *r, uint32_t n)
{
	uint64_t m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;

	if ((uint32_t)m < n) {
		uint32_t t = (uint32_t)(-n) % n;

		while ((uint32_t)m < t)
			m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
	}
	return (uint32_t)(m >> 32);
}

/* Uniform in [0, 1). */
double rng_double(struct rng *r);
/* An index drawn with the given probabilities (n > 0). */
int rng_pick(struct rng *r, const double *prob, int n);

#endif /* TABLERO_RNG_H */
