/*
 * procs.h - the processes a run is one of, and the collective calls
 * between them, for work that several processes share (the dense
 * solver's levels: ai/dense_share.c).  It knows no game and no MPI: the
 * transport is its maker's.
 *
 * Who owns it: host/main_mpi.c's main() makes the one struct procs of a
 * run under MPI, after MPI_Init, and lends it to the host for the whole
 * run (struct host's procs, core/host.h); it ends with MPI_Finalize,
 * after the host has returned.  Whoever is given it (the solve
 * subcommand, a dense solve) only borrows it, for as long as the host
 * runs.  A run of one process has none (NULL).
 */
#ifndef TABLERO_PROCS_H
#define TABLERO_PROCS_H

#include <stddef.h>
#include <stdint.h>

/*
 * Every call is collective: every process makes it, in the same order.
 * counts(): process r is sent send[r] (one a process) and receives
 * recv[r] from r.  exchange(): process r is sent scount[r] elements of
 * `width` bytes, in rank order from send, and receives rcount[r] from r
 * into recv, in rank order.  reduce(): v[0 .. n) made the greatest (sum
 * 0) or the sum (sum 1) over the processes.  Each 0, or -1 when the
 * counts pass what the transport takes.  ctx is the maker's.
 */
struct procs {
	int rank, size;		/* this process, 0 .. size - 1 */
	int (*counts)(void *ctx, const uint64_t *send, uint64_t *recv);
	int (*exchange)(void *ctx, const void *send, const uint64_t *scount,
	    void *recv, const uint64_t *rcount, size_t width);
	int (*reduce)(void *ctx, uint64_t *v, int n, int sum);
	void *ctx;
	/* Kept by the transport, read by anyone: */
	uint64_t calls;		/* collective calls made so far */
	uint64_t sent;		/* bytes sent to the other processes */
};

#endif /* TABLERO_PROCS_H */
