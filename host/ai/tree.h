/*
 * tree.h - an MCTS tree, grown by one thread or shared by several.  A
 * node's children are contiguous, taken from the node pool of the thread
 * that expands the node, which grows by chunks that never move.
 * Internal to ai/.
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
 * In a tree shared by threads, visits, reward, solved and nchild are
 * read and written with relaxed atomic loads and stores (plain moves on
 * x86-64): no locked instruction; two threads adding to one node at the
 * same moment may lose one of the two updates, which UCT shrugs off.
 * nchild is stored last when a node is expanded (release) and read by
 * acquire, so a thread that sees the number sees the children whole.
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

/* A thread's share of the tree's nodes. */
struct pool {
	struct chunk *chunks;	/* in use, the newest first */
	struct chunk *spare;	/* emptied, taken before any new one */
	struct node *next;	/* free nodes of the newest chunk */
	long left;
};

/*
 * A tree, or a thread's pool of a tree shared with others (root NULL:
 * the nodes it expands hang in the tree of another struct tree).
 */
struct tree {
	struct node *root;	/* mover TBL_END */
	struct pool pool;
};

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

/*
 * A proven value is stored and read in one order for all threads
 * (sequentially consistent: a locked exchange on x86-64, once a proof):
 * two threads that prove two siblings at once and then look at each
 * other's to prove the parent cannot both miss the other's, as relaxed
 * stores may (each store still in its core's buffer when the other
 * loads).  Seen at two threads on Annana, a proven win left unproven in
 * a third of the searches.
 */
static inline int
node_solved(const struct node *nd)
{
	return __atomic_load_n(&nd->solved, __ATOMIC_SEQ_CST);
}

static inline void
node_set_solved(struct node *nd, int v)
{
	__atomic_store_n(&nd->solved, v, __ATOMIC_SEQ_CST);
}

/* nd's children, NODE_NEW or NODE_BUSY (an acquire: see struct node). */
static inline int
node_nchild(const struct node *nd)
{
	return __atomic_load_n(&nd->nchild, __ATOMIC_ACQUIRE);
}

/* A playout through nd with outcome x for nd's mover (x < 0: none). */
static inline void
node_add(struct node *nd, long visits, double x)
{
	__atomic_store_n(&nd->visits, node_visits(nd) + visits,
	    __ATOMIC_RELAXED);
	if (x >= 0) {
		double r = node_reward(nd) + x;
		__atomic_store(&nd->reward, &r, __ATOMIC_RELAXED);
	}
}

/*
 * Empty tree t (zeroed, or one grown before) to a root not expanded; the
 * memory of its nodes stays in its pool to be taken again.
 */
void tree_reset(struct tree *t);

/*
 * The nodes of t's pool all free again, to be taken again (t's root, if
 * any, with them: for a thread's pool of a shared tree that was copied
 * elsewhere or dropped).
 */
void tree_recycle(struct tree *t);

/* Give t's memory back. */
void tree_free(struct tree *t);

/*
 * Claim node nd of a shared tree for its expansion: 1 when nd was
 * NODE_NEW and is now NODE_BUSY for the caller, 0 when another thread
 * has it (nd is a leaf to the caller for now).
 */
int tree_claim(struct node *nd);

/*
 * Create the children of node nd (NODE_NEW, or claimed) for position
 * st, whose mover is who, from t's pool (the calling thread's own).
 * Returns the number of children.
 */
int tree_expand(struct tree *t, struct node *nd, const struct tbl_game *g,
    const struct tbl_state *st, int who, struct movebuf *mb);

/*
 * The child of nd (with nchild children, nd counted `visits` times) to
 * follow: at a chance node drawn by the outcomes' probabilities, else an
 * unvisited child (uniformly among them) or the best by UCT with
 * exploration constant `explore`, never one proven lost for its mover
 * while another is not.  NULL: no children.
 */
struct node *tree_select(struct node *nd, int nchild, long visits,
    struct rng *rng, double explore);

/* tree_select() with the children's visits and rewards taken from cv
 * and cr (nchild each) instead of their nodes. */
struct node *tree_select_with(struct node *nd, int nchild, long visits,
    const long *cv, const double *cr, struct rng *rng, double explore);

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
 * A thread's figures not yet added to a shared tree: its playouts'
 * visits and rewards of nodes below the root's children, added to the
 * nodes every few playouts (tree_pend_flush()).  Nodes that two threads
 * both pass on every playout (the top of the tree, where UCT keeps
 * choosing the same line) are then written once for several playouts,
 * not once for each: a write to a line the other thread reads moves the
 * line between the cores.  The thread's own UCT reads the nodes and its
 * own pending figures (tree_select_pend()); another thread's are seen
 * when they are added.  They are kept by parent: one look-up in a small
 * hash table a step down the tree, then the children's figures by their
 * index.
 */
#define PEND_BITS 10
#define PEND_SLOTS (1 << PEND_BITS)
#define PEND_PARENTS 384	/* parents pending before they are added */
#define PEND_CHILDREN 8192	/* children's figures, likewise */
#define PEND_PLAYOUTS 16	/* playouts pending before they are added */

struct pend_slot {
	const struct node *parent;	/* NULL: free */
	int off;			/* its children's figures at v[off] */
};

struct pend {
	struct pend_slot *slot;	/* PEND_SLOTS of them */
	int *used;		/* the slots taken, nused of them */
	int nused;
	long *v;		/* the children's visits, and rewards: */
	double *r;		/* nv of PEND_CHILDREN taken */
	int nv;
	int *dirty;		/* the figures not 0, ndirty of them */
	struct node **dnode;	/* and their nodes */
	int ndirty;
	int playouts;		/* since they were last added */
};

void tree_pend_free(struct pend *p);

/*
 * A playout through nd, a child of parent: one visit, outcome x for nd's
 * mover (x < 0: none).  Adds all first when the table is full.
 */
void tree_pend_add(struct pend *p, const struct node *parent,
    struct node *nd, double x);

/* nd's visits with the pending ones (nd a child of parent). */
long tree_pend_visits(const struct pend *p, const struct node *parent,
    const struct node *nd);

/* Add everything pending to the nodes (atomically: another thread may
 * add to the same nodes at the same moment), and empty the table. */
void tree_pend_flush(struct pend *p);

/* tree_select() on the figures of the nodes with p's pending ones. */
struct node *tree_select_pend(struct node *nd, int nchild, long visits,
    const struct pend *p, struct rng *rng, double explore);

/*
 * Keep only the subtree of r, a child of the root, which becomes the
 * root; every node is copied into a new pool (breadth first, so that
 * each node's children stay contiguous), which takes its chunks from the
 * spares, and the old pool's chunks become spares.  Nodes of a shared
 * tree taken from other threads' pools are copied too: give those pools
 * back by tree_recycle() afterwards.
 */
void tree_reroot(struct tree *t, struct node *r);

#endif /* TABLERO_AI_TREE_H */
