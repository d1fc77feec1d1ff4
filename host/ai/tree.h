/*
 * tree.h - an MCTS tree, grown by one thread or shared by several.  A
 * node's children are contiguous, taken from the node pool of the thread
 * that expands it, which grows by chunks that never move.  Internal to
 * ai/.
 */
#ifndef TABLERO_AI_TREE_H
#define TABLERO_AI_TREE_H

#include "base/movebuf.h"
#include "base/rng.h"
#include "tablero.h"

#define NODE_NEW (-1)	/* nchild: not expanded */
#define NODE_BUSY (-2)	/* nchild: a thread is expanding it */

/*
 * A node's value with perfect play from its position, once the search
 * has proven it (MCTS-Solver, in a game of two players): the end of the
 * game there, or its children's values backed up.
 */
#define SOLVED_NO 0		/* not proven */
#define SOLVED_DRAW 1
#define SOLVED_WIN(p) (2 + (p))	/* player p (0 or 1) wins */
/*
 * A win for either player: the search stops there.  A proven draw is
 * searched on, so that among drawing moves the samples still pick those
 * that give a fallible opponent the most chances to go wrong.
 */
#define SOLVED_DECIDED(v) ((v) >= SOLVED_WIN(0))

/*
 * In a shared tree, visits count a playout as soon as it passes down
 * (with no reward yet: the virtual loss that sends other threads
 * elsewhere) and its reward comes when the playout ends; nchild is
 * written last when a node is expanded (a release, read by an acquire).
 */
struct node {
	tbl_move move;		/* the move into this node */
	int mover;		/* who made it (or TBL_CHANCE) */
	int nchild;		/* children, NODE_NEW or NODE_BUSY */
	int solved;		/* SOLVED_NO, or its proven value */
	struct node *child;	/* the first of them */
	double prob;		/* at chance: the outcome's probability */
	long visits;		/* playouts through it */
	double reward;		/* the mover's summed outcomes */
};

struct chunk;

/*
 * A thread's share of the tree's nodes.  The padding keeps the figures of
 * two threads' pools, written at each expansion, off one cache line.
 */
struct pool {
	struct chunk *chunks;	/* in use, the newest first */
	struct chunk *spare;	/* emptied, taken before any new one */
	struct node *next;	/* free nodes of the newest chunk */
	long left;
	char pad[64];
};

struct tree {
	struct node *root;	/* mover TBL_END; NULL: none yet */
	struct pool *pool;	/* npool: one for each thread that grows it */
	int npool;
};

/* A tree without a root, grown by npool threads. */
void tree_init(struct tree *t, int npool);

/*
 * Empty t to a root not expanded; the memory of its nodes stays in its
 * pools to be taken again.
 */
void tree_reset(struct tree *t);

/* Give t's memory back. */
void tree_free(struct tree *t);

/*
 * Claim node nd of a shared tree for its expansion: 1 when nd was
 * NODE_NEW and is now NODE_BUSY for the caller, 0 when another thread
 * has it (nd is a leaf to the caller for now).
 */
int tree_claim(struct node *nd);

/*
 * Create the children of node nd (NODE_NEW, or claimed) for position st,
 * whose mover is who, from pool `pool` of t (the thread's own).  Returns
 * the number of children.
 */
int tree_expand(struct tree *t, int pool, struct node *nd,
    const struct tbl_game *g, const struct tbl_state *st, int who,
    struct movebuf *mb);

/*
 * The child of nd (with nchild children) to follow: at a chance node
 * drawn by the outcomes' probabilities, else an unvisited child
 * (uniformly among them) or the best by UCT with exploration constant
 * `explore`, never one proven lost for its mover while another is not.
 * NULL: no children.  In a shared tree the figures it reads may change
 * under it; it picks a child all the same.
 */
struct node *tree_select(struct node *nd, int nchild, struct rng *rng,
    double explore);

/*
 * The value of an end of a two-player game whose result() gave out: a
 * win, or a draw (each 1/2); SOLVED_NO for any other share.
 */
int tree_end_value(const double *out);

/*
 * Back up the values of nd's children into nd (a player's node: proven
 * as soon as one child is a win for the player to move, or once all are
 * proven, as the best of them for that player; a chance node: once all
 * its outcomes are proven with one value).  Returns nd->solved.
 */
int tree_prove(struct node *nd);

/*
 * Keep only the subtree of r, a child of the root, which becomes the
 * root; every node is copied into a new first pool (breadth first, so
 * that each node's children stay contiguous), which takes its chunks
 * from the spares, and the old pools' chunks become spares.  No thread
 * may be searching t.
 */
void tree_reroot(struct tree *t, struct node *r);

#endif /* TABLERO_AI_TREE_H */
