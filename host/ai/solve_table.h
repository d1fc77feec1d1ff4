/*
 * solve_table.h - the hash solver's tables and what its two passes
 * share (solve.c: the keys and the enumeration; solve_retro.c: the
 * retrograde pass): the struct, the codes of info[], the memory counted
 * against the cap, a position restored from its key, the progress tick.
 * Both call down to solve_table.c; solve.c alone calls solve_retro.c.
 * Private to the hash solver.
 */
#ifndef TABLERO_SOLVE_TABLE_H
#define TABLERO_SOLVE_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "ai/solve.h"
#include "tablero.h"

#define INFO_END 2		/* info & 3: the game is over here */
#define INFO_HELD 3		/* info & 3: a draw the cycles rule settled */
#define WIN_SHIFT 2		/* info >> 2: 0 unsolved, 1 + winner */
#define MAX_DEPTH 0xFFFF

struct solver {
	const struct tbl_game *g;
	struct tbl_state *root, *cur, *child;
	size_t klen;		/* key bytes */
	int flat;		/* keys are the flat state */
	unsigned char *kbuf;	/* one key */
	unsigned char *pkey;	/* the key of the position being expanded */
	tbl_move *mv;
	int mvcap;

	unsigned char *key;	/* klen bytes a position */
	uint8_t *info;
	uint16_t *cnt;
	uint64_t n, ncap;	/* positions, room for */
	uint64_t *slot;
	uint64_t nslot;		/* a power of two */
	uint32_t *fwd;		/* children, position by position */
	uint64_t nfwd, fwdcap;
	uint32_t *rev, *rev_off, *queue;

	size_t used, cap;	/* bytes held, most allowed */
	struct solve_stats st;
	char *err;
	size_t errlen;
};

/* Report progress about 5 times a second; 1 when Ctrl-C stops the run. */
struct ticker {
	solve_progress_fn fn;
	void *arg;
	double next;
};

/*
 * Resize *pp from `old` to `new` bytes, charged against the cap: 0, or
 * -1 with a message naming the cap (or the allocator's refusal).
 */
int solve_resize(struct solver *sv, void *pp, size_t old, size_t new,
    const char *what);

/* Restore the position of key k (position i) into s: 0 or -1. */
int solve_restore(struct solver *sv, struct tbl_state *s,
    const unsigned char *k, uint64_t i);

/* Report progress; 1 when Ctrl-C stops the run. */
int solve_tick(struct ticker *t, enum solve_phase ph, uint64_t done,
    uint64_t total);

#endif /* TABLERO_SOLVE_TABLE_H */
