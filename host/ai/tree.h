/*
 * tree.h - the MCTS tree, which the threads of one search share.  A
 * node's children are contiguous, taken from the node pool of the thread
 * that expanded it; pools grow by chunks that never move, so a node's
 * address holds while other threads grow the tree.  Internal to ai/.
 */
#ifndef TABLERO_AI_TREE_H
#define TABLERO_AI_TREE_H

#include "base/movebuf.h"
#include "base/rng.h"
#include "tablero.h"

#define NODE_NEW (-1)	/* nchild: not expanded */
#define NODE_BUSY (-2)	/* nchild: a thread is expanding it */

/*
 * visits and reward change while other threads read them: with `shared`
 * they are read and written atomically (see node_visits() and the like),
 * and visits count the playouts under way as losses (virtual loss), so
 * that threads spread over the tree instead of all following one line.
 */
struct node {
	tbl_move move;		/* the move into this node */
	int mover;		/* who made it (or TBL_CHANCE) */
	int nchild;		/* children, or NODE_NEW or NODE_BUSY */
	struct node *child;	/* the first of them */
	double prob;		/* at chance: the outcome's probability */
	long visits;		/* playouts through it, under way included */
	double reward;		/* the mover's summed outcomes */
};

struct chunk;

/*
 * A thread's node pool.  The padding keeps two threads' pools off one
 * cache line (as it does for other things each thread writes).
 */
struct pool {
	struct chunk *chunks;
	struct node *next;	/* free nodes of the newest chunk */
	long left;
	char pad[64];
};

struct tree {
	struct node *root;	/* mover TBL_END; in the first pool */
	struct pool *pool;	/* one per thread */
	int npool;
	int shared;		/* several threads grow it */
};

/* An empty tree (a root not expanded) with npool pools. */
void tree_init(struct tree *t, int npool);
void tree_free(struct tree *t);

/*
 * Create the children of node nd for position st (whose mover is who)
 * from pool `pool` and publish them (nd's nchild last).  The caller owns
 * nd's expansion (see node_claim()).  Returns the number of children.
 */
int tree_expand(struct tree *t, int pool, struct node *nd,
    const struct tbl_game *g, const struct tbl_state *st, int who,
    struct movebuf *mb);

/* nd's children, NODE_NEW or NODE_BUSY, as another thread published it. */
static inline int
node_nchild(const struct node *nd)
{
	return __atomic_load_n(&nd->nchild, __ATOMIC_ACQUIRE);
}

/* Take over the expansion of nd (NODE_NEW).  0: another thread has it. */
int node_claim(const struct tree *t, struct node *nd);

static inline long
node_visits(const struct node *nd)
{
	return __atomic_load_n(&nd->visits, __ATOMIC_RELAXED);
}

static inline double
node_reward(const struct node *nd)
{
	double r;

	__atomic_load(&nd->reward, &r, __ATOMIC_RELAXED);
	return r;
}

/* Count one more playout through nd (with its outcome still to come). */
void node_visit(const struct tree *t, struct node *nd);

/* Add to x (a node's reward, or another sum the threads share). */
void shared_add(const struct tree *t, double *x, double v);

/* x as the threads sharing t last wrote it. */
static inline double
shared_get(const double *x)
{
	double r;

	__atomic_load(x, &r, __ATOMIC_RELAXED);
	return r;
}

/*
 * The child of nd (with nchild children) to follow: at a chance node
 * drawn by the outcomes' probabilities, else an unvisited child
 * (uniformly among them) or the best by UCT with exploration constant
 * `explore`.  NULL: no children.
 */
struct node *tree_select(struct node *nd, int nchild, struct rng *rng,
    double explore);

/*
 * Keep only the subtree of r, a child of the root, which becomes the
 * root; every node is copied into the first pool (breadth first, so that
 * each node's children stay contiguous) and the other pools are emptied.
 * No thread may be searching.
 */
void tree_reroot(struct tree *t, struct node *r);

#endif /* TABLERO_AI_TREE_H */
