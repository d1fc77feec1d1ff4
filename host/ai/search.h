/*
 * search.h - one UCT search: a tree with the position of its root, grown
 * by playouts until a budget of playouts or a deadline, by one thread or
 * by several that share the tree.  Internal to ai/.
 */
#ifndef TABLERO_AI_SEARCH_H
#define TABLERO_AI_SEARCH_H

#include "ai/tree.h"
#include "base/movebuf.h"
#include "base/rng.h"
#include "tablero.h"

#define UCT_C 1.41421356	/* exploration: :fresh, or no evaluate() */
#define UCT_C_SPREAD 1.0	/* exploration per standard deviation of outcomes */

struct search;

/* One thread's share of a search: its own position, buffers, generator. */
struct worker {
	struct search *s;
	int id;				/* its pool in the tree */
	struct tbl_state *st;		/* scratch */
	struct movebuf mb;
	struct node **path;
	int pathcap;
	double *res;
	struct rng rng;
	struct rng *rngp;		/* the generator it draws from */
	long sims, evals;		/* this decision's */
	long done;			/* sims, published for progress */
	long ticket, tickets;		/* playouts of the budget taken on */
	double on, osum, osq;		/* as the search's, when shared */
	int stopped;			/* by Ctrl-C */
	char pad[64];
};

/* A search tree with the position of its root. */
struct search {
	struct tree t;
	struct tbl_state *root;		/* NULL: no tree yet */
	const struct tbl_game *g;
	struct worker *w;		/* nw of them */
	int nw;
	/* One decision's work. */
	long budget;			/* playouts, or ms with `ms` */
	double deadline;
	int ms;
	double explore;		/* UCT's exploration constant */
	int spread;		/* scale it by the outcomes' standard deviation */
	/*
	 * Outcomes of the root's mover: count, sum, squares.  Shared by
	 * the threads only between decisions: while they search, each
	 * adds to its own.
	 */
	double on, osum, osq;
	/* The first worker calls progress(progress_arg, all workers' done). */
	void (*progress)(void *, long);
	void *progress_arg;
	char pad[64];
	long claimed;			/* playouts the workers took on */
	char pad2[64];
};

/* A search without a tree, for nw threads. */
void search_init(struct search *s, int nw);

/* Drop s's tree and everything it holds. */
void search_free(struct search *s);

/* Start a tree at position root (the old one is dropped).  -1: no move. */
int search_start(struct search *s, const struct tbl_game *g,
    const struct tbl_state *root);

/* The game moves on by m from the tree's root: keep what was under it. */
void search_follow(struct search *s, tbl_move m);

/*
 * Run playouts from the root until the decision's budget is spent (by
 * all the workers together) or Ctrl-C (after one playout), each worker
 * on a thread of its own (the first on this one).  The caller sets the
 * budget and each worker's generator and zeroes its sims, evals and
 * stopped.
 */
void search_run(struct search *s);

#endif /* TABLERO_AI_SEARCH_H */
