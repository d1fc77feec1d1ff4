/*
 * tree.c - the MCTS tree.  Each node keeps the visits through it and the
 * summed outcome of the player who made the move into it, so any number
 * of players works, and so do turns of several moves by one player.  At
 * a chance node the child is drawn by the outcomes' probabilities.  A
 * tree belongs to one thread: several threads search trees of their own
 * (see search.c), so nothing here is shared or atomic.
 */
#include "config.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ai/tree.h"
#include "base/util.h"

#define CHUNK_NODES 4096

struct chunk {
	struct chunk *older;
	long size;		/* nodes in v */
	struct node v[];
};

/*
 * Chunks of trees given back, kept for the next tree of the process (up
 * to CACHE_BYTES): a player made for one search (ai_choose(), `bench`,
 * `hint`) takes the memory of the one before instead of faulting in
 * pages the allocator gave back to the system.
 */
#define CACHE_BYTES (128L << 20)
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct chunk *cache;
static long cache_bytes;

/* Chunks c into the cache, those past its size freed. */
static void
cache_put(struct chunk *c)
{
	struct chunk *o;

	pthread_mutex_lock(&cache_lock);
	for (; c != NULL; c = o) {
		long b = (long)(sizeof *c + (size_t)c->size * sizeof c->v[0]);
		o = c->older;
		if (cache_bytes + b > CACHE_BYTES) {
			free(c);
			continue;
		}
		c->older = cache;
		cache = c;
		cache_bytes += b;
	}
	pthread_mutex_unlock(&cache_lock);
}

/* A chunk of at least n nodes from list *pc, or NULL. */
static struct chunk *
chunk_from(struct chunk **pc, long n)
{
	struct chunk *c;

	for (; *pc != NULL; pc = &(*pc)->older)
		if ((*pc)->size >= n) {
			c = *pc;
			*pc = c->older;
			return c;
		}
	return NULL;
}

static void
pool_free(struct pool *p)
{
	cache_put(p->chunks);
	cache_put(p->spare);
	memset(p, 0, sizeof *p);
}

/*
 * Every chunk of p becomes a spare, to be taken again before any is
 * allocated: a player's searches reuse the memory of the last one
 * instead of giving it back to the system and faulting it in anew.
 */
static void
pool_recycle(struct pool *p)
{
	struct chunk *c;

	while ((c = p->chunks) != NULL) {
		p->chunks = c->older;
		c->older = p->spare;
		p->spare = c;
	}
	p->next = NULL;
	p->left = 0;
}

/*
 * A chunk of at least n nodes: a spare one that is big enough, else one
 * from the cache, else a new one.
 */
static struct chunk *
pool_chunk(struct pool *p, long n)
{
	struct chunk *c = chunk_from(&p->spare, n);
	long size = n > CHUNK_NODES ? n : CHUNK_NODES;

	if (c != NULL)
		return c;
	if (__atomic_load_n(&cache, __ATOMIC_RELAXED) != NULL) {
		pthread_mutex_lock(&cache_lock);
		if ((c = chunk_from(&cache, n)) != NULL)
			cache_bytes -= (long)(sizeof *c +
			    (size_t)c->size * sizeof c->v[0]);
		pthread_mutex_unlock(&cache_lock);
		if (c != NULL)
			return c;
	}
	c = xmalloc(sizeof *c + (size_t)size * sizeof c->v[0]);
	c->size = size;
	return c;
}

/* n contiguous nodes (uninitialised) from pool p. */
static struct node *
pool_take(struct pool *p, long n)
{
	struct node *v;

	if (n > p->left) {
		struct chunk *c = pool_chunk(p, n);

		c->older = p->chunks;
		p->chunks = c;
		p->next = c->v;
		p->left = c->size;
	}
	v = p->next;
	p->next += n;
	p->left -= n;
	return v;
}

/*
 * 1/v and 1/sqrt(v) for the visits v of most nodes, to tell at the cost
 * of two products whether a child can be UCT's best: its value is only
 * worked out (two divisions and a root) when the estimate comes within
 * UCT_SLACK of the best so far, so the choice is that of the exact
 * values, bit for bit (games for a seed stay the same).  The estimate's
 * error is a few units in the last place of values below 100.
 */
#define INV_TABLE 4096
#define UCT_SLACK 1e-9
static double inv[INV_TABLE], inv_sqrt[INV_TABLE];
static pthread_once_t inv_once = PTHREAD_ONCE_INIT;

static void
inv_fill(void)
{
	int v;

	for (v = 1; v < INV_TABLE; v++) {
		inv[v] = 1.0 / v;
		inv_sqrt[v] = 1.0 / sqrt((double)v);
	}
}

/* A root, not expanded, from t's first pool. */
static void
tree_root(struct tree *t)
{
	t->root = pool_take(&t->pool[0], 1);
	memset(t->root, 0, sizeof *t->root);
	t->root->mover = TBL_END;
	t->root->nchild = NODE_NEW;
}

void
tree_init(struct tree *t, int npool)
{
	pthread_once(&inv_once, inv_fill);
	memset(t, 0, sizeof *t);
	t->npool = npool;
	t->pool = xcalloc((size_t)npool, sizeof *t->pool);
}

void
tree_reset(struct tree *t)
{
	int i;

	for (i = 0; i < t->npool; i++)
		pool_recycle(&t->pool[i]);
	tree_root(t);
}

void
tree_free(struct tree *t)
{
	int i;

	for (i = 0; i < t->npool; i++)
		pool_free(&t->pool[i]);
	free(t->pool);
	memset(t, 0, sizeof *t);
}

int
tree_claim(struct node *nd)
{
	int want = NODE_NEW;

	return __atomic_compare_exchange_n(&nd->nchild, &want, NODE_BUSY, 0,
	    __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

int
tree_expand(struct tree *t, int pool, struct node *nd,
    const struct tbl_game *g, const struct tbl_state *st, int who,
    struct movebuf *mb)
{
	int n = movebuf_fill(mb, g, st, who), k;
	struct node *c = pool_take(&t->pool[pool], n);

	for (k = 0; k < n; k++) {
		c[k].move = mb->m[k];
		c[k].mover = who;
		c[k].nchild = NODE_NEW;
		c[k].solved = SOLVED_NO;
		c[k].child = NULL;
		c[k].prob = who == TBL_CHANCE ? mb->prob[k] : 0;
		c[k].visits = 0;
		c[k].reward = 0;
	}
	nd->child = c;
	/* The children, then their number: another thread that reads it
	 * (acquire) sees them whole. */
	__atomic_store_n(&nd->nchild, n, __ATOMIC_RELEASE);
	return n;
}

/* The chance outcome of nd's children, drawn by their probabilities. */
static struct node *
draw_outcome(struct node *nd, int n, struct rng *rng)
{
	double x = rng_double(rng), acc = 0;
	int k;

	for (k = 0; k < n; k++) {
		acc += nd->child[k].prob;
		if (x < acc)
			return &nd->child[k];
	}
	return &nd->child[n - 1];
}

/* The unvisited child of c (n of them) number r, or NULL. */
static struct node *
unvisited(struct node *c, int n, int r)
{
	int k;

	for (k = 0; k < n; k++)
		if (__atomic_load_n(&c[k].visits, __ATOMIC_RELAXED) == 0 &&
		    r-- == 0)
			return &c[k];
	return NULL;
}

/* UCT's value of child c (visited), the parent's log(visits) logn. */
static inline double
uct(const struct node *c, long visits, double logn, double explore)
{
	double v = (double)visits;

	return c->reward / v + explore * sqrt(logn / v);
}

/*
 * One pass over the children: unvisited ones counted; while there are
 * none, UCT's value of each that may be the best (a child another thread
 * has just visited for the first time, read as 0 in the count, is taken
 * at once).
 */
struct node *
tree_select(struct node *nd, int n, struct rng *rng, double explore)
{
	struct node *c = nd->child, *pick = NULL;
	double best = -1, logn = -1, e = 0;
	int k, nun = 0, lost;

	if (n <= 0)
		return NULL;
	if (c[0].mover == TBL_CHANCE)
		return draw_outcome(nd, n, rng);
	lost = SOLVED_WIN(1 - c[0].mover);
	for (k = 0; k < n; k++) {
		long visits = __atomic_load_n(&c[k].visits, __ATOMIC_RELAXED);
		double u;
		if (visits == 0) {
			nun++;
			continue;
		}
		if (nun)
			continue;
		if (logn < 0) {
			logn = log((double)__atomic_load_n(&nd->visits,
			    __ATOMIC_RELAXED));
			e = explore * sqrt(logn);
		}
		if (visits < INV_TABLE && c[k].reward * inv[visits] +
		    e * inv_sqrt[visits] + UCT_SLACK < best)
			continue;
		u = uct(&c[k], visits, logn, explore);
		if (u > best && c[k].solved != lost) {
			best = u;
			pick = &c[k];
		}
	}
	/* Unvisited children first, uniformly among them. */
	if (nun) {
		struct node *u = unvisited(c, n, (int)rng_below(rng,
		    (uint32_t)nun));
		if (u != NULL)
			return u;
	}
	/* Every child lost (nd is proven, and searched no more). */
	if (pick == NULL)
		pick = &c[0];
	return pick;
}

int
tree_end_value(const double *out)
{
	if (out[0] == 1 && out[1] == 0)
		return SOLVED_WIN(0);
	if (out[0] == 0 && out[1] == 1)
		return SOLVED_WIN(1);
	if (out[0] == 0.5 && out[1] == 0.5)
		return SOLVED_DRAW;
	return SOLVED_NO;
}

int
tree_prove(struct node *nd)
{
	int n = __atomic_load_n(&nd->nchild, __ATOMIC_ACQUIRE), who, k, v,
	    best = SOLVED_NO, all = 1;
	const struct node *c = nd->child;

	if (n <= 0 || nd->solved != SOLVED_NO)
		return nd->solved;
	who = c[0].mover;
	for (k = 0; k < n; k++) {
		v = c[k].solved;
		if (v == SOLVED_NO)
			all = 0;
		else if (who == TBL_CHANCE)	/* -1: outcomes that differ */
			best = best == SOLVED_NO || v == best ? v : -1;
		else if (v == SOLVED_WIN(who))
			return nd->solved = v;
		else if (best != SOLVED_DRAW)
			best = v;
	}
	/* All proven: the best for the player to move; at chance, one value. */
	if (all && best > SOLVED_NO)
		nd->solved = best;
	return nd->solved;
}

/*
 * The copy of the subtree under r: breadth first, each node's children
 * taken together from the new pool, which replaces the old.
 */
void
tree_reroot(struct tree *t, struct node *r)
{
	struct pool np = { NULL, t->pool[0].spare, NULL, 0, { 0 } };
	struct node **from, **to, *root;
	long head, tail = 1, cap = 64;
	int i;

	t->pool[0].spare = NULL;
	root = pool_take(&np, 1);
	from = xmalloc((size_t)cap * sizeof *from);
	to = xmalloc((size_t)cap * sizeof *to);
	*root = *r;
	root->mover = TBL_END;
	from[0] = r;
	to[0] = root;
	for (head = 0; head < tail; head++) {
		const struct node *o = from[head];
		struct node *c;
		int k;
		if (o->nchild <= 0)
			continue;
		c = pool_take(&np, o->nchild);
		memcpy(c, o->child, (size_t)o->nchild * sizeof *c);
		to[head]->child = c;
		if (tail + o->nchild > cap) {
			while (tail + o->nchild > cap)
				cap *= 2;
			from = xrealloc(from, (size_t)cap * sizeof *from);
			to = xrealloc(to, (size_t)cap * sizeof *to);
		}
		for (k = 0; k < o->nchild; k++, tail++) {
			from[tail] = &o->child[k];
			to[tail] = &c[k];
		}
	}
	free(from);
	free(to);
	t->pool[0].spare = np.spare;
	for (i = 0; i < t->npool; i++)
		pool_recycle(&t->pool[i]);
	np.spare = t->pool[0].spare;
	t->pool[0] = np;
	t->root = root;
}
