/*
 * solve_dense.h - `tablero solve --method dense`: the value of a position
 * by the level-by-level solver (ai/dense.h), and its report.
 */
#ifndef TABLERO_CMD_SOLVE_DENSE_H
#define TABLERO_CMD_SOLVE_DENSE_H

#include <stddef.h>

struct procs;
struct session;
struct tbl_game;
struct tbl_state;

struct solve_dense_args {
	const char *desc;	/* the options, described */
	int posgiven;		/* --position: print it */
	size_t cap;		/* --memory */
	int json;
	int threads;		/* --threads */
	long levels;		/* --levels N (-1: the root's level) */
	const char *db;		/* --db DIR, or NULL */
	const struct procs *procs;	/* the processes the solve is shared
					   by (struct host's), or NULL */
};

/*
 * May the dense solver take s's game and options (the default method)?
 * 1 or 0.
 */
int solve_dense_fits(const struct tbl_game *g, const struct tbl_state *s);

/*
 * The flags of the methods checked: --method is dense or hash, and
 * --threads, --levels and --db go with dense alone.  0, or -1 with a
 * message on stderr.
 */
int solve_method_check(const char *method, const struct solve_dense_args *a,
    long threads);

/* The processors online (at least 1): the default --threads. */
int solve_dense_cores(void);

/*
 * Solve and print.  An exit status.  With a->procs (under MPI: main_mpi.c
 * lends it to the host for the run) the levels are shared by the
 * processes, each holding its share (ai/dense.h); only rank 0 shows
 * progress and writes --db.
 */
int solve_dense(struct session *s, const struct solve_dense_args *a);

#endif /* TABLERO_CMD_SOLVE_DENSE_H */
