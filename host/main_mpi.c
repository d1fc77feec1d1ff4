/*
 * main_mpi.c - tablero-mpi: tablero under MPI (Open MPI), for solving a
 * game by the dense solver on several processes, on one machine or many
 * (`mpirun -np 4 tablero-mpi solve GAME ... --json`).  Every process runs
 * the same command line; the dense solves share their levels (each
 * process holds and solves its block of each level, and the processes
 * exchange the values that cross blocks: ai/dense_share.c); only rank 0
 * prints on standard output and writes --db.  Built by configure where
 * mpicc is found.
 *
 * main() owns the run's struct procs (base/procs.h): made after
 * MPI_Init, lent to the host for the whole run, ended by MPI_Finalize.
 */
#include "config.h"

#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "base/procs.h"
#include "base/util.h"

/* The host's main() as host_main(argc, argv, procs). */
#define TABLERO_MAIN_MPI
#include "main.c"

/*
 * Wait for the collective r without spinning.  Open MPI's own waits
 * poll the transport without a pause (with mpi_yield_when_idle, around
 * sched_yield(), which still takes a core when it is free), so that a
 * process waiting for the others takes processor time from them when
 * there are more processes than cores, and its processor time counts
 * the waits.  Here: MPI_Test, then a sleep doubling from 10 us to at
 * most 320 us.
 */
static void
wait_quietly(MPI_Request *r)
{
	struct timespec ts = { 0, 10000 };
	int done = 0;

	for (MPI_Test(r, &done, MPI_STATUS_IGNORE); !done;
	    MPI_Test(r, &done, MPI_STATUS_IGNORE)) {
		nanosleep(&ts, NULL);
		if (ts.tv_nsec < 320000)
			ts.tv_nsec *= 2;
	}
}

/* Each collective is counted, and the bytes it sends to others. */
static void
note(struct procs *p, uint64_t sent)
{
	p->calls++;
	p->sent += sent;
}

static int
mpi_counts(void *ctx, const uint64_t *send, uint64_t *recv)
{
	struct procs *p = ctx;
	MPI_Request r;

	note(p, (uint64_t)(p->size - 1) * sizeof *send);
	MPI_Ialltoall(send, 1, MPI_UINT64_T, recv, 1, MPI_UINT64_T,
	    MPI_COMM_WORLD, &r);
	wait_quietly(&r);
	return 0;
}

static int
mpi_reduce(void *ctx, uint64_t *v, int n, int sum)
{
	MPI_Request r;

	note(ctx, (uint64_t)n * sizeof *v);
	MPI_Iallreduce(MPI_IN_PLACE, v, n, MPI_UINT64_T, sum ? MPI_SUM :
	    MPI_MAX, MPI_COMM_WORLD, &r);
	wait_quietly(&r);
	return 0;
}

/* Counts and offsets (in elements) as MPI takes them: 0, or 1 when one
 * passes an int. */
static uint64_t
mpi_offsets(const uint64_t *count, int size, int *cnt, int *off)
{
	uint64_t at = 0;
	int r;

	for (r = 0; r < size; r++) {
		if (count[r] > INT_MAX || at > INT_MAX)
			return 1;
		cnt[r] = (int)count[r];
		off[r] = (int)at;
		at += count[r];
	}
	return 0;
}

/* Every process agrees first that the counts fit, so all go on or none. */
static int
mpi_exchange(void *ctx, const void *send, const uint64_t *scount,
    void *recv, const uint64_t *rcount, size_t width)
{
	struct procs *p = ctx;
	int *v = xcalloc(4 * (size_t)p->size, sizeof *v), r;
	uint64_t bad, out = 0;
	MPI_Datatype t;
	MPI_Request req;

	bad = mpi_offsets(scount, p->size, v, v + p->size) |
	    mpi_offsets(rcount, p->size, v + 2 * p->size, v + 3 * p->size);
	mpi_reduce(p, &bad, 1, 0);
	if (!bad) {
		for (r = 0; r < p->size; r++)
			out += r == p->rank ? 0 : scount[r] * width;
		note(p, out);
		MPI_Type_contiguous((int)width, MPI_BYTE, &t);
		MPI_Type_commit(&t);
		MPI_Ialltoallv(send, v, v + p->size, t, recv, v + 2 * p->size,
		    v + 3 * p->size, t, MPI_COMM_WORLD, &req);
		wait_quietly(&req);
		MPI_Type_free(&t);
	}
	free(v);
	return bad ? -1 : 0;
}

int
main(int argc, char **argv)
{
	struct procs procs = { 0 };
	int rc, provided;

	MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
	MPI_Comm_rank(MPI_COMM_WORLD, &procs.rank);
	MPI_Comm_size(MPI_COMM_WORLD, &procs.size);
	procs.counts = mpi_counts;
	procs.exchange = mpi_exchange;
	procs.reduce = mpi_reduce;
	procs.ctx = &procs;
	if (procs.rank != 0 && freopen("/dev/null", "w", stdout) == NULL)
		MPI_Abort(MPI_COMM_WORLD, 1);
	rc = host_main(argc, argv, &procs);
	MPI_Finalize();
	return rc;
}
