/*
 * rng.c - xoshiro256** (Blackman and Vigna), seeded through splitmix64.
 */
#include "config.h"

#include "base/rng.h"

static uint64_t
splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void
rng_seed(struct rng *r, uint64_t seed)
{
	int i;

	for (i = 0; i < 4; i++)
		r->g.s[i] = splitmix64(&seed);
}

double
rng_double(struct rng *r)
{
	return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

int
rng_pick(struct rng *r, const double *prob, int n)
{
	double x = rng_double(r), acc = 0;
	int i;

	for (i = 0; i < n - 1; i++) {
		acc += prob[i];
		if (x < acc)
			return i;
	}
	return n - 1;
}
