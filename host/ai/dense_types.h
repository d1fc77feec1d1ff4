/*
 * dense_types.h - the types every file of the dense solver shares, and
 * its callers see through dense.h: a run's figures, the progress call,
 * and the transport of several processes.  Below dense.h and
 * dense_level.h, so that the files a level is solved in (dense_sweep.c,
 * dense_share.c, dense_ask.c) take nothing from dense.c, which calls
 * them.
 */
#ifndef TABLERO_DENSE_TYPES_H
#define TABLERO_DENSE_TYPES_H

#include <stddef.h>
#include <stdint.h>

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

/*
 * Several processes (MPI, host/main_mpi.c, dense_share.c): each holds
 * its own block (dense_block()) of every level and solves it, and the
 * processes exchange the values that cross blocks.  The calls are
 * collective: every process makes them, in the same order.
 * counts(): process r is sent send[r] (one a process) and receives
 * recv[r] from r.  exchange(): process r is sent scount[r] elements of
 * `width` bytes, in rank order from send, and receives rcount[r] from r
 * into recv, in rank order.  reduce(): v[0 .. n) made the greatest (sum
 * 0) or the sum (sum 1) over the processes.  Each 0, or -1 when the
 * counts pass what the transport takes.
 */
struct dense_comm {
	int rank, size;
	int (*counts)(void *ctx, const uint64_t *send, uint64_t *recv);
	int (*exchange)(void *ctx, const void *send, const uint64_t *scount,
	    void *recv, const uint64_t *rcount, size_t width);
	int (*reduce)(void *ctx, uint64_t *v, int n, int sum);
	void *ctx;
};

#endif /* TABLERO_DENSE_TYPES_H */
