/*
 * tree.h - an MCTS tree, grown by one thread.  A node's children are
 * contiguous, taken from the tree's node pool, which grows by chunks that
 * never move.  Internal to ai/.
 */
#ifndef TABLERO_AI_TREE_H
#define TABLERO_AI_TREE_H

#include "base/movebuf.h"
#include "base/rng.h"
#include "tablero.h"

#define NODE_NEW (-1)	/* nchild: not expanded */

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

struct node {
	tbl_move move;		/* the move into this node */
	int mover;		/* who made it (or TBL_CHANCE) */
	int nchild;		/* children, or NODE_NEW */
	int solved;		/* SOLVED_NO, or its proven value */
	struct node *child;	/* the first of them */
	double prob;		/* at chance: the outcome's probability */
	long visits;		/* playouts through it */
	double reward;		/* the mover's summed outcomes */
};

struct chunk;

/* The tree's nodes. */
struct pool {
	struct chunk *chunks;	/* in use, the newest first */
	struct chunk *spare;	/* emptied, taken before any new one */
	struct node *next;	/* free nodes of the newest chunk */
	long left;
};

struct tree {
	struct node *root;	/* mover TBL_END */
	struct pool pool;
};

/*
 * Empty tree t (zeroed, or one grown before) to a root not expanded; the
 * memory of its nodes stays in its pool to be taken again.
 */
void tree_reset(struct tree *t);

/* Give t's memory back. */
void tree_free(struct tree *t);

/*
 * Create the children of node nd (NODE_NEW) for position st, whose mover
 * is who.  Returns the number of children.
 */
int tree_expand(struct tree *t, struct node *nd, const struct tbl_game *g,
    const struct tbl_state *st, int who, struct movebuf *mb);

/*
 * The child of nd (with nchild children) to follow: at a chance node
 * drawn by the outcomes' probabilities, else an unvisited child
 * (uniformly among them) or the best by UCT with exploration constant
 * `explore`, never one proven lost for its mover while another is not.
 * NULL: no children.
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
 * root; every node is copied into a new pool (breadth first, so that
 * each node's children stay contiguous), which takes its chunks from the
 * spares, and the old pool's chunks become spares.
 */
void tree_reroot(struct tree *t, struct node *r);

#endif /* TABLERO_AI_TREE_H */
