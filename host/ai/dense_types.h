/*
 * dense_types.h - the types every file of the dense solver shares, and
 * its callers see through dense.h: a run's figures, the progress call,
 * and the transport of several processes (base/procs.h).  Below dense.h and
 * dense_level.h, so that the files a level is solved in (dense_sweep.c,
 * dense_share.c, dense_ask.c) take nothing from dense.c, which calls
 * them.
 */
#ifndef TABLERO_DENSE_TYPES_H
#define TABLERO_DENSE_TYPES_H

#include <stddef.h>
#include <stdint.h>

#include "base/procs.h"

/* The figures of a run. */
struct dense_stats {
	int levels;		/* levels held, 0 .. levels - 1 */
	uint64_t positions;	/* numbered positions in them */
	uint64_t evaluated;	/* positions evaluated, over every sweep */
	uint64_t loaded;	/* positions read from a database */
	unsigned sweeps;	/* sweeps over the levels, in all */
	size_t bytes;		/* the tables' bytes */
	size_t peak;		/* the most held at once: the tables and the
				   moves kept while a level is solved */
	size_t scratch;		/* the most of those moves kept at once in
				   a scratch file instead (dense_sweep.c) */
	int threads;
	double seconds;		/* wall clock */
	double cpu;		/* processor time, every thread (every
				   process, when shared) */
	int processes;		/* 1, or the processes sharing the levels */
	const uint64_t *proc;	/* shared: 3 a process, by rank: its table
				   bytes, its peak (as `peak`), its peak
				   resident size (getrusage) */
};

/* Called about 5 times a second: the level, its sweep, how far. */
typedef void (*dense_progress_fn)(void *arg, int level, int levels,
    unsigned sweep, uint64_t done, uint64_t total);

#endif /* TABLERO_DENSE_TYPES_H */
