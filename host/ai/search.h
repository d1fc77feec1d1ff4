/*
 * search.h - one UCT search: a tree with the position of its root, grown
 * by playouts until a budget of playouts or a deadline; with several
 * threads, each grows a tree of its own from the same root, and the
 * roots' figures are summed (root parallelism).  Internal to ai/.
 */
#ifndef TABLERO_AI_SEARCH_H
#define TABLERO_AI_SEARCH_H


#include "ai/tree.h"
#include "base/movebuf.h"
#include "base/rng.h"
#include "base/util.h"
#include "tablero.h"

#define UCT_C 1.41421356	/* exploration: :fresh, or no evaluate() */
#define UCT_C_SPREAD 1.0	/* exploration per standard deviation of outcomes */

struct search;
struct dense_db;

/*
 * One thread's share of a search: its own tree, position, buffers and
 * generator.  Nothing of it is written by another thread while they
 * search; each worker starts a pair of cache lines (LINE_BYTES, as the
 * prefetcher pulls them): with 64 bytes of padding between them, the
 * first's clock (seen, gap), written at every playout, and the second's
 * node pool (t.pool), written at every expansion, were 112 bytes apart.
 */
struct worker {
	struct search *s;
	int id;
	struct tree t;			/* NULL root: no tree yet */
	struct tbl_state *st;		/* scratch */
	struct movebuf mb;
	struct node **path;
	int pathcap;
	double *res;
	struct rng rng;
	struct rng *rngp;		/* the generator it draws from */
	long sims, evals;		/* this decision's */
	long quota;			/* its playouts of the budget */
	long done;			/* sims, published for progress */
	/* Outcomes of the root's mover in its tree: count, sum, squares. */
	double on, osum, osq;
	int stopped;			/* by Ctrl-C */
	struct helper *helper;		/* its thread (search_pool.h), not
					 * waited for yet; NULL: none */
	int finished;			/* its thread's search ended */
	int late;			/* left searching past the deadline */
	double seen;			/* with a time: its last look at the clock */
	double gap;			/* the longest between two looks */
} __attribute__((aligned(LINE_BYTES)));

/* A move of the root, with the figures of all the workers' trees. */
struct search_move {
	tbl_move move;
	long visits;
	double reward;			/* the mover's summed outcomes */
	int solved;			/* SOLVED_NO, or as any tree proved it */
};

/* A search with the position of its root. */
struct search {
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
	int prove;		/* back up proven values (two players only) */
	int np;			/* players */
	int proven;		/* a root is proven: with a time, all stop */
	/* An endgame database: a node or a playout that reaches a position
	 * it holds ends there with its value.  NULL: none. */
	const struct dense_db *db;
	int db_draws;		/* its draws too (the game keeps no limit
				   the database was solved without) */
	int stop;		/* the time is up: every worker stops */
	int hard;		/* a clock's time (not a budget's): see
				 * search_run() */
	/* The first worker calls progress(progress_arg, all workers' done). */
	void (*progress)(void *, long);
	void *progress_arg;
	struct search_move *moves;	/* see search_moves() */
	int movecap;
};

/* A search without a tree, for nw threads (nw trees). */
void search_init(struct search *s, int nw);

/* Drop s's tree and everything it holds. */
void search_free(struct search *s);

/* Start a tree at position root (the old one is dropped).  -1: no move. */
int search_start(struct search *s, const struct tbl_game *g,
    const struct tbl_state *root);

/* The game moves on by m from the tree's root: keep what was under it. */
void search_follow(struct search *s, tbl_move m);

/*
 * Run playouts from the root until the decision's budget is spent (a
 * number of playouts split evenly among the workers, or a time that is
 * each one's) or Ctrl-C (after one playout), each worker on a thread of
 * its own (the first on this one), each into its own tree.  The caller
 * sets the budget and each worker's generator and zeroes its sims,
 * evals and stopped (after search_settle()).
 *
 * With a time, every worker looks at the clock after each playout and
 * the first past the deadline stops them all.  Under a clock (`hard`,
 * the time of --st or --tc), a worker whose thread has
 * not stopped 0.2 ms after the first one's (a machine with other
 * work did not give it the processor) is not waited for: it is `late`,
 * its tree is left out of search_moves() and search_kept(), and
 * search_settle() joins it before anything touches the workers again.
 */
void search_run(struct search *s);

/* Wait for the workers left searching past a deadline (see above). */
void search_settle(struct search *s);

/*
 * The root's moves in the trees' order, with the visits and rewards of
 * all the trees summed, in an array s owns until its next call (or the
 * tree changes).  Returns their number: 0 when the root has no move
 * (or there is no tree).
 */
int search_moves(struct search *s, const struct search_move **out);

/* Playouts the trees hold through their root. */
long search_kept(const struct search *s);

#endif /* TABLERO_AI_SEARCH_H */
