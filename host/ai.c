/*
 * ai.c - random and UCT Monte Carlo tree search players.
 *
 * The tree is a flat array of nodes addressed by index; a node's children
 * are contiguous.  Each node keeps the visits through it and the summed
 * outcome of the player who made the move into it, so any number of
 * players works, and so do turns of several moves by one player.  At a
 * chance node the child is drawn by the outcomes' probabilities.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "interrupt.h"
#include "movebuf.h"
#include "util.h"

#define PLAYOUT_CAP 20000	/* moves; a longer playout counts as shared */
#define EVAL_DEPTH 8		/* random moves before evaluate() is asked */
#define UCT_C 1.41421356

int
ai_parse(const char *text, struct ai_spec *out, char *err, size_t errlen)
{
	char *num;
	size_t len;
	long v;
	int bad, ms;

	memset(out, 0, sizeof *out);
	if (strcmp(text, "human") == 0) {
		out->kind = AI_HUMAN;
		return 0;
	}
	if (strcmp(text, "random") == 0) {
		out->kind = AI_RANDOM;
		return 0;
	}
	if (strncmp(text, "mcts", 4) == 0 && (text[4] == '\0' || text[4] == ':')) {
		out->kind = AI_MCTS;
		out->budget = AI_DEFAULT_PLAYOUTS;
		if (text[4] == '\0')
			return 0;
		/* "mcts:2000" playouts or "mcts:500ms". */
		num = xstrdup(text + 5);
		len = strlen(num);
		ms = len > 2 && strcmp(num + len - 2, "ms") == 0;
		if (ms)
			num[len - 2] = '\0';
		bad = parse_long(num, 1, 100000000L, &v) != 0;
		free(num);
		if (bad) {
			snprintf(err, errlen, "bad MCTS budget '%s': want a number of "
			    "playouts (mcts:2000) or milliseconds (mcts:500ms)",
			    text + 5);
			return -1;
		}
		out->budget = v;
		out->ms = ms;
		return 0;
	}
	snprintf(err, errlen, "unknown player '%s' (human, random, mcts, "
	    "mcts:PLAYOUTS, mcts:MSms)", text);
	return -1;
}

void
ai_format(const struct ai_spec *s, char *buf, size_t len)
{
	switch (s->kind) {
	case AI_HUMAN:
		snprintf(buf, len, "human");
		break;
	case AI_RANDOM:
		snprintf(buf, len, "random");
		break;
	case AI_MCTS:
		snprintf(buf, len, "mcts:%ld%s", s->budget, s->ms ? "ms" : "");
		break;
	}
}

long
ai_playout(const struct tbl_game *g, struct tbl_state *st, struct rng *rng,
    long cap, double *out, struct movebuf *mb)
{
	long len = 0;
	int who, np = g->players(st), i;

	while ((who = g->to_move(st)) != TBL_END) {
		int n, k;

		if (len >= cap)
			goto cut;
		n = movebuf_fill(mb, g, st, who);
		if (n == 0)
			goto cut;	/* a plugin bug; `check` reports it */
		k = who == TBL_CHANCE ? rng_pick(rng, mb->prob, n) :
		    (int)rng_below(rng, (uint32_t)n);
		g->apply(st, mb->m[k]);
		len++;
	}
	if (g->result(st, out) == 0)
		return len;
cut:
	for (i = 0; i < np; i++)
		out[i] = 1.0 / np;
	return -1;
}

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

static int
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

/* Create the children of node i for position st (whose mover is who). */
static void
expand(struct tree *t, int i, const struct tbl_game *g,
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

static int
select_child(struct tree *t, int i, struct rng *rng)
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
		double u = c->reward / c->visits + UCT_C * sqrt(logn / c->visits);
		if (u > best) {
			best = u;
			pick = p->first + k;
		}
	}
	return pick;
}

/* Order root children for ai_rank(): most visits first. */
static int
by_visits(const void *x, const void *y)
{
	const struct ai_line *a = x, *b = y;

	if (a->visits != b->visits)
		return a->visits > b->visits ? -1 : 1;
	return a->move < b->move ? -1 : a->move > b->move;
}

/*
 * The search.  Stops at its budget or at Ctrl-C (after one playout);
 * the best move is the most visited child of the root.  With `lines`,
 * the best `nlines` children go there too (see ai_rank).
 */
static int
mcts(const struct tbl_game *g, const struct tbl_state *root,
    const struct ai_spec *spec, struct rng *rng, tbl_move *m,
    struct ai_report *rep, struct ai_line *lines, int *nlines)
{
	struct tree t = { 0 };
	struct tbl_state *st = g->clone(root);
	int np = g->players(root), *path = NULL;
	int pathcap = 0, k, best;
	struct movebuf mb;
	double *res = xcalloc((size_t)np + 1, sizeof *res);
	double t0 = now_seconds(), deadline = t0 + (double)spec->budget / 1000.0;
	long sims = 0, evals = 0;
	int stopped = 0;

	movebuf_init(&mb);
	tree_add(&t, 1);
	memset(&t.v[0], 0, sizeof t.v[0]);
	t.v[0].nchild = -1;
	t.v[0].mover = TBL_END;
	expand(&t, 0, g, root, g->to_move(root), &mb);
	if (t.v[0].nchild == 0) {
		g->destroy(st);
		free(t.v);
		movebuf_free(&mb);
		free(res);
		return -1;
	}
	for (;;) {
		int i = 0, depth = 0, who;

		if (spec->ms ? (sims > 0 && (sims & 15) == 0 && now_seconds() >= deadline)
		    : sims >= spec->budget)
			break;
		if (sims > 0 && interrupt_pending()) {
			stopped = 1;
			break;
		}
		g->copy(st, root);
		/* Selection and expansion. */
		for (;;) {
			if (depth + 2 >= pathcap) {
				pathcap = pathcap ? pathcap * 2 : 64;
				path = xrealloc(path, (size_t)pathcap * sizeof *path);
			}
			path[depth++] = i;
			who = g->to_move(st);
			if (who == TBL_END)
				break;
			if (t.v[i].nchild < 0) {
				expand(&t, i, g, st, who, &mb);
				k = select_child(&t, i, rng);
				if (k < 0)
					break;
				g->apply(st, t.v[k].move);
				path[depth++] = k;
				break;
			}
			k = select_child(&t, i, rng);
			if (k < 0)
				break;
			g->apply(st, t.v[k].move);
			i = k;
		}
		/*
		 * With the game's own estimate, a playout stops after a few
		 * random moves; without one it runs to the end.
		 */
		if (g->evaluate != NULL) {
			long d = 0;
			int w;
			while ((w = g->to_move(st)) != TBL_END && d < EVAL_DEPTH) {
				int n = movebuf_fill(&mb, g, st, w);
				if (n == 0)
					break;
				g->apply(st, mb.m[w == TBL_CHANCE ? rng_pick(rng, mb.prob, n) :
				    (int)rng_below(rng, (uint32_t)n)]);
				d++;
			}
			if (w != TBL_END && g->evaluate(st, res) == 0)
				evals++;
			else
				ai_playout(g, st, rng, PLAYOUT_CAP, res, &mb);
		} else
			ai_playout(g, st, rng, PLAYOUT_CAP, res, &mb);
		/* Back-propagation: each node scores for its mover. */
		while (depth > 0) {
			struct node *nd = &t.v[path[--depth]];
			nd->visits += 1;
			if (nd->mover >= 0 && nd->mover < np)
				nd->reward += res[nd->mover];
		}
		sims++;
	}
	best = t.v[0].first;
	for (k = 0; k < t.v[0].nchild; k++) {
		struct node *c = &t.v[t.v[0].first + k];
		if (c->visits > t.v[best].visits)
			best = t.v[0].first + k;
	}
	*m = t.v[best].move;
	if (rep) {
		rep->winrate = t.v[best].visits > 0 ?
		    t.v[best].reward / t.v[best].visits : 0;
		rep->simulations = sims;
		rep->evaluations = evals;
		rep->seconds = now_seconds() - t0;
		rep->interrupted = stopped;
	}
	if (lines) {
		int n = t.v[0].nchild;
		struct ai_line *all = xcalloc((size_t)n, sizeof *all);
		for (k = 0; k < n; k++) {
			struct node *c = &t.v[t.v[0].first + k];
			all[k].move = c->move;
			all[k].visits = (long)c->visits;
			all[k].winrate = c->visits > 0 ? c->reward / c->visits : 0;
		}
		qsort(all, (size_t)n, sizeof *all, by_visits);
		if (*nlines > n)
			*nlines = n;
		memcpy(lines, all, (size_t)*nlines * sizeof *lines);
		free(all);
	}
	g->destroy(st);
	free(t.v);
	free(path);
	movebuf_free(&mb);
	free(res);
	return 0;
}

int
ai_choose(const struct tbl_game *g, const struct tbl_state *st,
    const struct ai_spec *spec, struct rng *rng, tbl_move *m,
    struct ai_report *rep)
{
	int n, who = g->to_move(st);
	struct movebuf mb;

	if (who < 0)
		return -1;
	if (spec->kind == AI_MCTS)
		return mcts(g, st, spec, rng, m, rep, NULL, NULL);
	movebuf_init(&mb);
	n = movebuf_fill(&mb, g, st, who);
	if (n > 0) {
		*m = mb.m[rng_below(rng, (uint32_t)n)];
		if (rep) {
			rep->winrate = -1;
			rep->simulations = 0;
			rep->evaluations = 0;
			rep->seconds = 0;
			rep->interrupted = 0;
		}
	}
	movebuf_free(&mb);
	return n > 0 ? 0 : -1;
}

int
ai_rank(const struct tbl_game *g, const struct tbl_state *st,
    const struct ai_spec *spec, struct rng *rng, struct ai_line *lines,
    int n, struct ai_report *rep)
{
	tbl_move m;

	if (g->to_move(st) < 0 || spec->kind != AI_MCTS || n < 1)
		return -1;
	if (mcts(g, st, spec, rng, &m, rep, lines, &n) != 0)
		return -1;
	return n;
}

struct ai_player {
	struct ai_spec spec;
};

struct ai_player *
ai_player_new(const struct ai_spec *spec)
{
	struct ai_player *p = xcalloc(1, sizeof *p);

	p->spec = *spec;
	return p;
}

void
ai_player_free(struct ai_player *p)
{
	free(p);
}

int
ai_player_choose(struct ai_player *p, const struct tbl_game *g,
    const struct tbl_state *st, struct rng *rng, tbl_move *m,
    struct ai_report *rep)
{
	return ai_choose(g, st, &p->spec, rng, m, rep);
}

void
ai_player_observe(struct ai_player *p, const struct tbl_game *g,
    const struct tbl_state *st, tbl_move m)
{
	(void)p;
	(void)g;
	(void)st;
	(void)m;
}
