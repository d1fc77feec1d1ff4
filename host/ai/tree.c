/*
 * tree.c - the MCTS tree: a flat array of nodes addressed by index; a
 * node's children are contiguous.  Each node keeps the visits through it
 * and the summed outcome of the player who made the move into it, so any
 * number of players works, and so do turns of several moves by one
 * player.  At a chance node the child is drawn by the outcomes'
 * probabilities.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "ai/tree.h"
#include "base/util.h"

int
tree_add(struct tree *t, int count)
{
	int first = t->n;

	if (t->n + count > t->cap) {
		while (t->n + count > t->cap)
			t->cap = t->cap ? t->cap * 2 : 1024;
		t->v = xrealloc(t->v, (size_t)t->cap * sizeof *t->v);
	}
	t->n += count;
	return first;
}

void
tree_expand(struct tree *t, int i, const struct tbl_game *g,
    const struct tbl_state *st, int who, struct movebuf *mb)
{
	int n = movebuf_fill(mb, g, st, who), first, k;

	first = tree_add(t, n);
	for (k = 0; k < n; k++) {
		struct node *c = &t->v[first + k];
		c->move = mb->m[k];
		c->mover = who;
		c->first = 0;
		c->nchild = -1;
		c->prob = who == TBL_CHANCE ? mb->prob[k] : 0;
		c->visits = c->reward = 0;
	}
	t->v[i].first = first;
	t->v[i].nchild = n;
}

int
tree_select(struct tree *t, int i, struct rng *rng, double explore)
{
	struct node *p = &t->v[i];
	double best = -1, logn, x, acc;
	int k, pick = -1, unvisited = 0;

	if (p->nchild == 0)
		return -1;
	if (t->v[p->first].mover == TBL_CHANCE) {
		x = rng_double(rng);
		acc = 0;
		for (k = 0; k < p->nchild; k++) {
			acc += t->v[p->first + k].prob;
			if (x < acc)
				return p->first + k;
		}
		return p->first + p->nchild - 1;
	}
	/* Unvisited children first, uniformly among them. */
	for (k = 0; k < p->nchild; k++)
		if (t->v[p->first + k].visits == 0)
			unvisited++;
	if (unvisited) {
		int r = (int)rng_below(rng, (uint32_t)unvisited);
		for (k = 0; k < p->nchild; k++)
			if (t->v[p->first + k].visits == 0 && r-- == 0)
				return p->first + k;
	}
	logn = log(p->visits);
	for (k = 0; k < p->nchild; k++) {
		struct node *c = &t->v[p->first + k];
		double u = c->reward / c->visits + explore * sqrt(logn / c->visits);
		if (u > best) {
			best = u;
			pick = p->first + k;
		}
	}
	return pick;
}

/*
 * Keep only the subtree of node r, which becomes the root: a breadth-first
 * copy, so that every node's children stay contiguous.
 */
void
tree_reroot(struct tree *t, int r)
{
	struct tree nt = { 0 };
	int *from = xmalloc((size_t)t->n * sizeof *from), head;

	tree_add(&nt, 1);
	nt.v[0] = t->v[r];
	nt.v[0].mover = TBL_END;
	from[0] = r;
	for (head = 0; head < nt.n; head++) {
		const struct node *o = &t->v[from[head]];
		int f, c;
		if (o->nchild <= 0)
			continue;
		f = tree_add(&nt, o->nchild);
		for (c = 0; c < o->nchild; c++) {
			nt.v[f + c] = t->v[o->first + c];
			from[f + c] = o->first + c;
		}
		nt.v[head].first = f;
	}
	free(from);
	free(t->v);
	*t = nt;
}
