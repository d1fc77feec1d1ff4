/*
 * dense_level.h - what the level-by-level solver's two files share
 * (dense.c: the tables, the run, the values; dense_sweep.c: solving one
 * level on several threads).  Private to them.
 */
#ifndef TABLERO_DENSE_LEVEL_H
#define TABLERO_DENSE_LEVEL_H

#include "ai/dense.h"

#define NEG (-128)
#define POS 127
#define MAX_LEVELS 121		/* finite thresholds within +-122 */
#define CHUNK 4096		/* positions a thread takes at a time */
#define UNKNOWN ((uint16_t)((NEG + 128) | (POS + 128) << 8))

struct dense {
	const struct tbl_game *g;
	struct tbl_state *root;
	int nlevels, rootlevel, threads;
	uint64_t *size;
	uint16_t **tab;
	uint8_t *solved;
	size_t cap;
	struct dense_stats st;
	const struct dense_comm *comm;	/* NULL: one process */
	int cycles;		/* endless play scored by the men on each
				   side (struct tbl_dense's cycle) */
};

static inline uint16_t
enc(int a, int b)
{
	return (uint16_t)((a + 128) | (b + 128) << 8);
}

static inline int
lo_of(uint16_t v)
{
	return (int)(v & 0xFF) - 128;
}

static inline int
hi_of(uint16_t v)
{
	return (int)(v >> 8) - 128;
}

/* Threshold t of a child that took d (player 0's less player 1's). */
static inline int
shift(int t, int d)
{
	if (t == NEG || t == POS)
		return t;
	t -= d;
	return t < NEG + 1 ? NEG + 1 : t > POS - 1 ? POS - 1 : t;
}

/* The thresholds of an end, seen from a position that took nothing. */
static inline void
end_value(const struct tbl_dense *e, int *a, int *b)
{
	switch (e->end) {
	case TBL_DENSE_WON0: *a = NEG; *b = NEG; break;
	case TBL_DENSE_WON1: *a = POS; *b = POS; break;
	case TBL_DENSE_DRAW: *a = NEG; *b = POS; break;
	default:		/* won by taken + margin > 0 */
		*a = shift(-e->margin, e->taken);
		*b = shift(1 - e->margin, e->taken);
		break;
	}
}

/*
 * Solve `level` of d (its table held) to its fixed point on d->threads
 * threads, the levels below it solved.  0; 1 when Ctrl-C stopped it; -1
 * with a message.
 */
int dense_solve_level(struct dense *d, int level, dense_progress_fn fn,
    void *arg, char *err, size_t errlen);

#endif /* TABLERO_DENSE_LEVEL_H */
