/*
 * search_root.c - the root's children on several threads.  Every
 * playout passes through one child of the root, and every thread reads
 * all of them at each playout: were their figures written in the shared
 * tree, each playout of one thread would take from the other the cache
 * lines it reads first.  So while they search, each thread keeps its own
 * playouts through each child (added to the shared nodes only when the
 * search ends: root_fold()) and, every few playouts, takes a copy of the
 * others' (root_refresh()); UCT at the root sees the tree's figures,
 * its own and the others' copied.  One thread writes the nodes as it
 * goes, as it always did.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ai/search.h"
#include "ai/search_root.h"
#include "base/util.h"

void
root_free(struct worker *w)
{
	free(w->rv);
	free(w->sv);
	free(w->cv);
	free(w->rr);
	free(w->sr);
	free(w->cr);
	w->rv = w->sv = w->cv = NULL;
	w->rr = w->sr = w->cr = NULL;
	w->rcap = w->rn = 0;
}

/* Room for n children in w's arrays. */
static void
root_room(struct worker *w, int n)
{
	size_t lv = (size_t)n * sizeof(long), ld = (size_t)n * sizeof(double);

	if (n <= w->rcap)
		return;
	root_free(w);
	/* On lines of their own: the others read rv and rr. */
	w->rv = xcalloc_lines(lv);
	w->sv = xcalloc_lines(lv);
	w->cv = xcalloc_lines(lv);
	w->rr = xcalloc_lines(ld);
	w->sr = xcalloc_lines(ld);
	w->cr = xcalloc_lines(ld);
	w->rcap = n;
}

void
root_ready(struct worker *w)
{
	const struct search *s = w->s;
	int n = s->nw > 1 ? node_nchild(s->top) : 0;

	w->rn = 0;
	if (n <= 0)
		return;
	root_room(w, n);
	w->rn = n;
	memset(w->rv, 0, (size_t)w->rn * sizeof *w->rv);
	memset(w->sv, 0, (size_t)w->rn * sizeof *w->sv);
	memset(w->rr, 0, (size_t)w->rn * sizeof *w->rr);
	memset(w->sr, 0, (size_t)w->rn * sizeof *w->sr);
}

void
root_add(struct worker *w, int k, double x)
{
	__atomic_store_n(&w->rv[k], w->rv[k] + 1, __ATOMIC_RELAXED);
	if (x >= 0) {
		double r = w->rr[k] + x;
		__atomic_store(&w->rr[k], &r, __ATOMIC_RELAXED);
	}
}

void
root_refresh(struct worker *w)
{
	const struct search *s = w->s;
	int i, k;

	if (w->rn == 0)
		return;
	memset(w->sv, 0, (size_t)w->rn * sizeof *w->sv);
	memset(w->sr, 0, (size_t)w->rn * sizeof *w->sr);
	for (i = 0; i < s->nw; i++) {
		const struct worker *o = &s->w[i];
		if (o == w || o->rn != w->rn)
			continue;
		for (k = 0; k < w->rn; k++) {
			double r;
			w->sv[k] += __atomic_load_n(&o->rv[k], __ATOMIC_RELAXED);
			__atomic_load(&o->rr[k], &r, __ATOMIC_RELAXED);
			w->sr[k] += r;
		}
	}
}

/* Child k's figures as w sees them, into *v and *r. */
static void
root_child_stats(const struct worker *w, int k, long *v, double *r)
{
	const struct node *c = &w->s->top->child[k];

	*v = node_visits(c) + w->rv[k] + w->sv[k];
	*r = node_reward(c) + w->rr[k] + w->sr[k];
}

long
root_child_visits(const struct worker *w, const struct node *c)
{
	long v;
	double r;

	root_child_stats(w, (int)(c - w->s->top->child), &v, &r);
	return v;
}

struct node *
root_select(struct worker *w, long visits, double explore)
{
	struct node *root = w->s->top;
	int k;

	for (k = 0; k < w->rn; k++)
		root_child_stats(w, k, &w->cv[k], &w->cr[k]);
	return tree_select_with(root, w->rn, visits, w->cv, w->cr, w->rngp,
	    explore);
}

void
root_fold(struct worker *w)
{
	struct node *c = w->s->top->child;
	int k;

	for (k = 0; k < w->rn; k++)
		if (w->rv[k] > 0)
			node_add(&c[k], w->rv[k], w->rr[k]);
	w->rn = 0;
}
