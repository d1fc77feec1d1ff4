/*
 * solve_bound.h - at once, before a solve by the hash solver (solve.h),
 * the least number of positions it must hold, from random positions of
 * the game: a lower bound that cannot overstate, so that a game whose
 * positions cannot fit in the memory cap is refused before minutes and
 * gigabytes are spent finding it out.
 */
#ifndef TABLERO_SOLVE_BOUND_H
#define TABLERO_SOLVE_BOUND_H

#include <stddef.h>
#include <stdint.h>

#include "tablero.h"

struct solver;

struct solve_bound {
	uint64_t samples;	/* random positions drawn */
	uint64_t twice;		/* pairs of them with the same key */
	uint64_t distinct;	/* keys among them */
	double positions;	/* the lower bound */
	size_t each;		/* the least bytes the solver holds a
				 * position in, keys of klen bytes */
};

/*
 * Draw positions reachable from root (play at random to a depth between
 * half and the whole length of a random game; one position a game) and
 * count the pairs of them with the same key, until the bound times
 * `each` passes cap, the pairs are enough to measure (64) or a million
 * are drawn.  With collision probability q (the chance two draws are
 * the same position; q >= 1/positions for any way of drawing), pairs
 * seen twice estimate q * N(N-1)/2; the bound is N(N-1)/2 over the 95%
 * upper bound of that count (Poisson: twice + 2 sqrt(twice) + 3), and
 * at least the distinct keys seen.  Keys are the solver's: klen bytes,
 * the flat state when `flat`, else get_key().  Returns 0, or -1 when a
 * key could not be taken (the solver says why itself).
 */
int solve_bound(const struct tbl_game *g, const struct tbl_state *root,
    size_t klen, int flat, size_t cap, struct solve_bound *out);

/* Does the bound alone pass the cap?  Then a message for err. */
int solve_bound_refuses(const struct solve_bound *b, const char *game,
    size_t cap, char *err, size_t errlen);

/*
 * Before solver_run(): does a solve of g from root by sv (made for root
 * with this cap) need more than the cap by the bound?  1 with a message
 * naming the bound and the cap; 0 when it may fit.
 */
int solve_too_many(const struct tbl_game *g, const struct tbl_state *root,
    const struct solver *sv, size_t cap, char *err, size_t errlen);

#endif /* TABLERO_SOLVE_BOUND_H */
