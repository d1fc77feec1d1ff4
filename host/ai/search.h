/*
 * search.h - one UCT search: a tree with the position of its root, grown
 * by playouts until a budget of playouts or a deadline.  Internal to ai/.
 */
#ifndef TABLERO_AI_SEARCH_H
#define TABLERO_AI_SEARCH_H

#include "ai/tree.h"
#include "base/movebuf.h"
#include "base/rng.h"
#include "tablero.h"

#define UCT_C 1.41421356	/* exploration: :fresh, or no evaluate() */
#define UCT_C_SPREAD 1.0	/* exploration per standard deviation of outcomes */

/* A search tree with the position of its root. */
struct search {
	struct tree t;
	struct tbl_state *root;		/* NULL: no tree yet */
	struct tbl_state *st;		/* scratch */
	struct movebuf mb;
	int *path, pathcap;
	double *res;
	/* One decision's work, for a thread. */
	const struct tbl_game *g;
	struct rng rng;
	struct rng *rngp;		/* the generator this search draws from */
	long budget, sims, evals;
	double deadline;
	double explore;		/* UCT's exploration constant */
	int spread;		/* scale it by the outcomes' standard deviation */
	double on, osum, osq;	/* outcomes of the root's mover: count, sum, squares */
	int ms, stopped;
	/* Progress: every thread publishes its playouts in `done`; the
	 * first calls progress() with the sum over peers[0..npeers). */
	long done;
	void (*progress)(void *, long);
	void *progress_arg;
	struct search *peers;
	int npeers;
};

/* Drop s's tree and everything it holds; s may be used again. */
void search_free(struct search *s, const struct tbl_game *g);

/* Start a tree at position root (the old one is dropped).  -1: no move. */
int search_start(struct search *s, const struct tbl_game *g,
    const struct tbl_state *root);

/* The game moves on by m from the tree's root: keep what was under it. */
void search_follow(struct search *s, const struct tbl_game *g, tbl_move m);

/*
 * Run playouts from the root until the budget is spent or Ctrl-C (after
 * one playout).  The work is described by s's budget fields.
 */
void search_run(struct search *s);

/* search_run() as a thread's start routine. */
void *search_thread(void *arg);

#endif /* TABLERO_AI_SEARCH_H */
