/*
 * tree.h - the MCTS tree: nodes in one flat array addressed by index, a
 * node's children contiguous, UCT selection and the cut that keeps one
 * subtree between decisions.  Internal to ai/.
 */
#ifndef TABLERO_AI_TREE_H
#define TABLERO_AI_TREE_H

#include "base/movebuf.h"
#include "base/rng.h"
#include "tablero.h"

struct node {
	tbl_move move;		/* the move into this node */
	int mover;		/* who made it (or TBL_CHANCE) */
	int first, nchild;	/* children; nchild < 0: not expanded */
	double prob;		/* at chance: the outcome's probability */
	double visits, reward;
};

struct tree {
	struct node *v;
	int n, cap;
};

/* Room for count more nodes; returns the first one's index. */
int tree_add(struct tree *t, int count);

/* Create the children of node i for position st (whose mover is who). */
void tree_expand(struct tree *t, int i, const struct tbl_game *g,
    const struct tbl_state *st, int who, struct movebuf *mb);

/*
 * The child of node i to follow: at a chance node drawn by the outcomes'
 * probabilities, else an unvisited child (uniformly among them) or the
 * best by UCT with exploration constant `explore`.  -1: no children.
 */
int tree_select(struct tree *t, int i, struct rng *rng, double explore);

/* Keep only the subtree of node r, which becomes the root. */
void tree_reroot(struct tree *t, int r);

#endif /* TABLERO_AI_TREE_H */
