/*
 * main_mpi.c - tablero-mpi: tablero under MPI (Open MPI), for solving a
 * game by the dense solver on several processes, on one machine or many
 * (`mpirun -np 4 tablero-mpi solve GAME ... --json`).  Every process runs
 * the same command line; the dense solves share their levels (each
 * process holds and solves its block of each level, and the processes
 * exchange the values that cross blocks: ai/dense_share.c); only rank 0
 * prints on standard output and writes --db.  Built by configure where mpicc is found.
 */
#include "config.h"

#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "ai/dense.h"
#include "cmd/solve_dense.h"

/* The host's main(), under another name. */
int tablero_main(int argc, char **argv);
#define main tablero_main
#include "main.c"
#undef main

static int
mpi_counts(void *ctx, const uint64_t *send, uint64_t *recv)
{
	(void)ctx;
	return MPI_Alltoall(send, 1, MPI_UINT64_T, recv, 1, MPI_UINT64_T,
	    MPI_COMM_WORLD) == MPI_SUCCESS ? 0 : -1;
}

/* Counts and offsets (in elements) as MPI takes them: 0, or -1 when one
 * passes an int. */
static int
mpi_offsets(const uint64_t *count, int size, int *cnt, int *off)
{
	uint64_t at = 0;
	int r;

	for (r = 0; r < size; r++) {
		if (count[r] > INT_MAX || at > INT_MAX)
			return -1;
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
	struct dense_comm *c = ctx;
	int *v = calloc(4 * (size_t)c->size, sizeof *v), bad, rc = -1;
	MPI_Datatype t;

	if (v == NULL)
		MPI_Abort(MPI_COMM_WORLD, 1);
	bad = mpi_offsets(scount, c->size, v, v + c->size) != 0 ||
	    mpi_offsets(rcount, c->size, v + 2 * c->size,
	    v + 3 * c->size) != 0;
	MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
	if (!bad) {
		MPI_Type_contiguous((int)width, MPI_BYTE, &t);
		MPI_Type_commit(&t);
		rc = MPI_Alltoallv(send, v, v + c->size, t, recv,
		    v + 2 * c->size, v + 3 * c->size, t,
		    MPI_COMM_WORLD) == MPI_SUCCESS ? 0 : -1;
		MPI_Type_free(&t);
	}
	free(v);
	return rc;
}

static int
mpi_reduce(void *ctx, uint64_t *v, int n, int sum)
{
	(void)ctx;
	return MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_UINT64_T,
	    sum ? MPI_SUM : MPI_MAX, MPI_COMM_WORLD) == MPI_SUCCESS ? 0 : -1;
}

int
main(int argc, char **argv)
{
	struct dense_comm comm;
	int rc, provided;

	MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
	MPI_Comm_rank(MPI_COMM_WORLD, &comm.rank);
	MPI_Comm_size(MPI_COMM_WORLD, &comm.size);
	comm.counts = mpi_counts;
	comm.exchange = mpi_exchange;
	comm.reduce = mpi_reduce;
	comm.ctx = &comm;
	solve_dense_use_comm(&comm);
	if (comm.rank != 0 && freopen("/dev/null", "w", stdout) == NULL)
		MPI_Abort(MPI_COMM_WORLD, 1);
	rc = tablero_main(argc, argv);
	MPI_Finalize();
	return rc;
}
