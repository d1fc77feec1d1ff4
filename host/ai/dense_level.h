/*
 * dense_level.h - what the files of the level-by-level solver share,
 * private to them: the solver's state, the encoding of a value, and the
 * calls dense.c (the tables, the run, the values) makes down to the
 * files that solve a level: dense_sweep.c (on several threads),
 * dense_share.c (shared by processes) and dense_ask.c (who holds what,
 * and the asks between processes).  Those include this header and
 * dense_types.h only, never dense.h: they take nothing from dense.c.
 */
#ifndef TABLERO_DENSE_LEVEL_H
#define TABLERO_DENSE_LEVEL_H

#include "tablero.h"
#include "ai/dense_types.h"

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
	const struct procs *comm;	/* NULL: one process */
	int cycles;		/* endless play scored by the men on each
				   side (struct tbl_dense's cycle) */
	uint64_t *base;		/* shared: a level's first position held */
	uint64_t *pin;		/* shared: positions fetched (dense_share_pin), */
	uint16_t *pinval;	/* ... level << 56 | index, and their values */
	int npin;
	uint64_t *proc;		/* shared: the figures of every process */
	uint64_t slots;		/* shared: a process numbers fewer of a
				   level's positions and its children
				   (dense_share.c): UINT32_MAX, the room
				   of a 32-bit slot; a test's is smaller */
};

/* The block [*lo, *hi) of n positions that process rank of size holds. */
void dense_block(uint64_t n, int rank, int size, uint64_t *lo,
    uint64_t *hi);

/* The positions of level this process holds: [*lo, *hi) (all of them
 * with one process). */
void dense_share(const struct dense *d, int level, uint64_t *lo,
    uint64_t *hi);

/* A position's key among the levels: its level and index. */
#define KEY(level, index) ((uint64_t)(level) << 56 | (uint64_t)(index))
#define KEY_LEVEL(k) ((int)((k) >> 56))
#define KEY_INDEX(k) ((k) & (((uint64_t)1 << 56) - 1))

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

/* Fold threshold pair (ca, cb) into (*a, *b) for the side `who`. */
static inline void
fold(int who, int ca, int cb, int *a, int *b)
{
	if (who == 0) {
		*a = ca < *a ? ca : *a;
		*b = cb < *b ? cb : *b;
	} else {
		*a = ca > *a ? ca : *a;
		*b = cb > *b ? cb : *b;
	}
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

/*
 * Solve `level` of d shared by processes (dense_share.c): this process's
 * block held, the levels below solved.  Collective.  0; 1 when Ctrl-C
 * stopped it (in any process); -1 with a message.
 */
int dense_share_level(struct dense *d, int level, dense_progress_fn fn,
    void *arg, char *err, size_t errlen);

/* Keys sent to their owners (sorted within each owner's run). */
struct ask {
	uint64_t *key;		/* by owner, then key */
	uint64_t *scount;	/* a process: keys sent to it */
	uint64_t *got;		/* keys others sent this process */
	uint64_t *rcount;	/* a process: keys it sent here */
	uint64_t *start;	/* a process: where its keys start in key */
	size_t nkey, ngot;
};

/* The process (of size) holding position j of a level of n positions. */
int dense_owner(uint64_t n, int size, uint64_t j);

/*
 * Send the n keys k[] (KEY(); sorted, no two alike) to their owners:
 * a->key the same keys by owner, a->got what the others sent here.
 * Takes k.  Collective.  0 or -1.
 */
int dense_ask(struct dense *d, uint64_t *k, size_t n, struct ask *a);
void dense_ask_free(struct ask *a);

/* Where key is in a->key (it must be there). */
size_t dense_ask_find(const struct dense *d, const struct ask *a,
    uint64_t key);

/* Sort u[0 .. n) and keep one of each key: the count kept. */
size_t dense_uniq(uint64_t *u, size_t n);

/* Where key is in the sorted u[0 .. n) (it must be there). */
size_t dense_find(const uint64_t *u, size_t n, uint64_t key);

/*
 * The values of the positions keys[0 .. n) (KEY(), on solved levels,
 * held anywhere) into val[0 .. n).  Collective.  0 or -1.
 */
int dense_fetch(struct dense *d, const uint64_t *keys, size_t n,
    uint16_t *val);

/* Shared: rc (0, 1 or -1) agreed by the processes: the worst of theirs
 * (err says so when it was another's).  Collective. */
int dense_share_agree(struct dense *d, int rc, char *err, size_t errlen);

/* Shared: the figures of every process gathered into d (collective). */
void dense_share_figures(struct dense *d);

#endif /* TABLERO_DENSE_LEVEL_H */
