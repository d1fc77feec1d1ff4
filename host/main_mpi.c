/*
 * main_mpi.c - tablero-mpi: tablero under MPI (Open MPI), for solving a
 * game by the dense solver on several processes, on one machine or many
 * (`mpirun -np 4 tablero-mpi solve GAME ... --json`).  Every process runs
 * the same command line; the dense solves share their levels (each
 * process sweeps its block of each level, and the blocks are gathered
 * after every sweep); only rank 0 prints on standard output and writes
 * --db.  Built by configure where mpicc is found.
 */
#include "config.h"

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

/* Gather every block of tab (n values); agree on the state of the sweep. */
static int
mpi_sync(void *ctx, uint16_t *tab, uint64_t n, int state)
{
	struct dense_comm *c = ctx;
	int in[2] = { state > 0, state < 0 }, out[2], r, *cnt, *off;
	uint64_t lo, hi;

	MPI_Allreduce(in, out, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
	if (out[1])
		return -1;
	cnt = calloc((size_t)c->size, sizeof *cnt);
	off = calloc((size_t)c->size, sizeof *off);
	if (cnt == NULL || off == NULL || n > 0x7FFFFFFF) {
		free(cnt);
		free(off);
		MPI_Abort(MPI_COMM_WORLD, 1);
		return -1;
	}
	for (r = 0; r < c->size; r++) {
		dense_block(n, r, c->size, &lo, &hi);
		off[r] = (int)lo;
		cnt[r] = (int)(hi - lo);
	}
	MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, tab, cnt, off,
	    MPI_UINT16_T, MPI_COMM_WORLD);
	free(cnt);
	free(off);
	return out[0];
}

int
main(int argc, char **argv)
{
	struct dense_comm comm;
	int rc, provided;

	MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
	MPI_Comm_rank(MPI_COMM_WORLD, &comm.rank);
	MPI_Comm_size(MPI_COMM_WORLD, &comm.size);
	comm.sync = mpi_sync;
	comm.ctx = &comm;
	solve_dense_use_comm(&comm);
	if (comm.rank != 0 && freopen("/dev/null", "w", stdout) == NULL)
		MPI_Abort(MPI_COMM_WORLD, 1);
	rc = tablero_main(argc, argv);
	MPI_Finalize();
	return rc;
}
