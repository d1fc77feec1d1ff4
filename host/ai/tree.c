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
	/* Under the lock, always: a look at `cache` without it raced with
	 * cache_put() (ThreadSanitizer); a chunk is taken seldom. */
	pthread_mutex_lock(&cache_lock);
	if ((c = chunk_from(&cache, n)) != NULL)
		cache_bytes -= (long)(sizeof *c +
		    (size_t)c->size * sizeof c->v[0]);
	pthread_mutex_unlock(&cache_lock);
	if (c != NULL)
		return c;
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

/* A root, not expanded, from t's pool. */
static void
tree_root(struct tree *t)
{
	t->root = pool_take(&t->pool, 1);
	memset(t->root, 0, sizeof *t->root);
	t->root->mover = TBL_END;
	t->root->nchild = NODE_NEW;
}

void
tree_reset(struct tree *t)
{
	pool_recycle(&t->pool);
	tree_root(t);
}

void
tree_free(struct tree *t)
{
	pool_free(&t->pool);
	memset(t, 0, sizeof *t);
}

int
tree_expand(struct tree *t, struct node *nd, const struct tbl_game *g,
    const struct tbl_state *st, int who, struct movebuf *mb)
{
	int n = movebuf_fill(mb, g, st, who), k;
	struct node *c = pool_take(&t->pool, n);

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
	nd->nchild = n;
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

struct node *
tree_select(struct node *nd, int n, struct rng *rng, double explore)
{
	struct node *c = nd->child, *pick = NULL;
	double best = -1, logn;
	int k, unvisited = 0, lost;

	if (n <= 0)
		return NULL;
	if (c[0].mover == TBL_CHANCE)
		return draw_outcome(nd, n, rng);
	/* Unvisited children first, uniformly among them. */
	for (k = 0; k < n; k++)
		if (c[k].visits == 0)
			unvisited++;
	if (unvisited) {
		int r = (int)rng_below(rng, (uint32_t)unvisited);
		for (k = 0; k < n; k++)
			if (c[k].visits == 0 && r-- == 0)
				return &c[k];
	}
	logn = log((double)nd->visits);
	lost = SOLVED_WIN(1 - c[0].mover);
	for (k = 0; k < n; k++) {
		double v = (double)c[k].visits,
		    u = c[k].reward / v + explore * sqrt(logn / v);
		if (u > best && c[k].solved != lost) {
			best = u;
			pick = &c[k];
		}
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
	const struct node *c = nd->child;
	int n = nd->nchild, who, k, v, best = SOLVED_NO, all = 1;

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
	struct pool np = { NULL, t->pool.spare, NULL, 0 };
	struct node **from, **to, *root;
	long head, tail = 1, cap = 64;

	t->pool.spare = NULL;
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
	t->pool.spare = np.spare;
	pool_recycle(&t->pool);
	np.spare = t->pool.spare;
	t->pool = np;
	t->root = root;
}
