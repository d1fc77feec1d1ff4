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
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/gamecall.h"
#include "ai/ai.h"
#include "base/fuzzsandbox.h"
#include "base/interrupt.h"
#include "base/movebuf.h"
#include "base/util.h"

#define PLAYOUT_CAP 20000	/* moves; a longer playout counts as shared */
#define EVAL_DEPTH 8		/* random moves before evaluate() is asked */
#define UCT_C 1.41421356	/* exploration: :fresh, or no evaluate() */
#define UCT_C_SPREAD 1.0	/* exploration per standard deviation of outcomes */

static long
ai_playout(const struct tbl_game *g, struct tbl_state *st, struct rng *rng,
    long cap, double *out, struct movebuf *mb)
{
	long len = 0;
	int who, np = g->players(st), i;

	while ((who = game_to_move(g, st)) != TBL_END) {
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
	if (game_result(g, st, out) == 0)
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
select_child(struct tree *t, int i, struct rng *rng, double explore)
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

/* Order root children for a ranking: most visits first. */
static int
by_visits(const void *x, const void *y)
{
	const struct ai_line *a = x, *b = y;

	if (a->visits != b->visits)
		return a->visits > b->visits ? -1 : 1;
	return a->move < b->move ? -1 : a->move > b->move;
}

/* A search tree with the position of its root. */
struct search {
	struct tree t;
	struct tbl_state *root;		/* NULL: no tree yet */
	struct tbl_state *st;		/* scratch */
	struct movebuf mb;
	int *path, pathcap;
	double *res;
	/* One decision's work, for a thread. */
	const struct tbl_game *g;
	struct rng rng;
	struct rng *rngp;		/* the generator this search draws from */
	long budget, sims, evals;
	double deadline;
	double explore;		/* UCT's exploration constant */
	int spread;		/* scale it by the outcomes' standard deviation */
	double on, osum, osq;	/* outcomes of the root's mover: count, sum, squares */
	int ms, stopped;
};

static void
search_clear(struct search *s, const struct tbl_game *g)
{
	if (s->root != NULL) {
		g->destroy(s->root);
		g->destroy(s->st);
	}
	s->root = s->st = NULL;
	free(s->t.v);
	memset(&s->t, 0, sizeof s->t);
}

static void
search_free(struct search *s, const struct tbl_game *g)
{
	search_clear(s, g);
	free(s->path);
	free(s->res);
	if (s->mb.m != NULL)
		movebuf_free(&s->mb);
	memset(s, 0, sizeof *s);
}

/* Start a tree at position root (the old one is dropped). */
static int
search_start(struct search *s, const struct tbl_game *g,
    const struct tbl_state *root)
{
	search_clear(s, g);
	if (s->mb.m == NULL)
		movebuf_init(&s->mb);
	if (s->res == NULL)
		s->res = xcalloc((size_t)g->players(root) + 1, sizeof *s->res);
	s->root = g->clone(root);
	s->st = g->clone(root);
	s->on = s->osum = s->osq = 0;
	tree_add(&s->t, 1);
	memset(&s->t.v[0], 0, sizeof s->t.v[0]);
	s->t.v[0].nchild = -1;
	s->t.v[0].mover = TBL_END;
	expand(&s->t, 0, g, root, game_to_move(g, root), &s->mb);
	return s->t.v[0].nchild > 0 ? 0 : -1;
}

/*
 * Keep only the subtree of node r, which becomes the root: a breadth-first
 * copy, so that every node's children stay contiguous.
 */
static void
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

/* The game moves on by m from the tree's root: keep what was under it. */
static void
search_follow(struct search *s, const struct tbl_game *g, tbl_move m)
{
	const struct node *r;
	int k;

	if (s->root == NULL)
		return;
	r = &s->t.v[0];
	for (k = 0; k < r->nchild; k++)
		if (s->t.v[r->first + k].move == m)
			break;
	if (r->nchild <= 0 || k == r->nchild || g->apply(s->root, m) != 0) {
		search_clear(s, g);
		return;
	}
	tree_reroot(&s->t, r->first + k);
	if (s->t.v[0].nchild < 0)
		expand(&s->t, 0, g, s->root, game_to_move(g, s->root), &s->mb);
}

/*
 * The standard deviation of the playouts' outcomes so far (for the
 * root's mover; in a two-player game the other's is the same).  UCT's
 * sqrt(2) is made for playouts that end in wins and losses, whose
 * deviation is about 1/2.  A game's evaluate() scores a shortened
 * playout by an estimate such as each side's share of the material,
 * which stays near an even share: the differences between moves are
 * then a small fraction of 0..1 and sqrt(2) drowns them in exploration,
 * spreading the playouts almost evenly (the deviation is about 0.2 in
 * Hus, 0.05 in tuknanavuhpi).  Scaling the exploration by the outcomes'
 * own spread keeps it in proportion.  A game without evaluate() keeps
 * sqrt(2): its outcomes are wins, draws and losses, and a search that
 * converges on a draw would have no spread left to explore with.  Measured
 * at 1000 playouts a move against the :fresh player (sqrt(2), unscaled),
 * 200 games each, Hus then tuknanavuhpi: 1.4 x spread +315 and +212
 * Elo, 1.0 x spread +413 and +315, 0.7 x +295 and +308, 0.5 x +295 and
 * +269, 0.25 x +111 and +173; unscaled 0.15 +363 and +102, 0.03
 * (tuknanavuhpi) +249: no one unscaled constant suits both.
 */
static double
outcome_spread(const struct search *s)
{
	double mean, var;

	if (s->on < 2)
		return 0.5;
	mean = s->osum / s->on;
	var = s->osq / s->on - mean * mean;
	return var > 1e-4 ? sqrt(var) : 0.01;
}

/*
 * Selection and expansion: from the root down to a leaf, the path's
 * nodes in s->path (applied to s->st).  Returns the path's length.
 */
static int
search_descend(struct search *s, double explore)
{
	const struct tbl_game *g = s->g;
	struct tree *t = &s->t;
	int i = 0, depth = 0, who, k;

	for (;;) {
		if (depth + 2 >= s->pathcap) {
			s->pathcap = s->pathcap ? s->pathcap * 2 : 64;
			s->path = xrealloc(s->path, (size_t)s->pathcap *
			    sizeof *s->path);
		}
		s->path[depth++] = i;
		who = game_to_move(g, s->st);
		if (who == TBL_END)
			break;
		if (t->v[i].nchild < 0) {
			expand(t, i, g, s->st, who, &s->mb);
			k = select_child(t, i, s->rngp, explore);
			if (k < 0)
				break;
			g->apply(s->st, t->v[k].move);
			s->path[depth++] = k;
			break;
		}
		k = select_child(t, i, s->rngp, explore);
		if (k < 0)
			break;
		g->apply(s->st, t->v[k].move);
		i = k;
	}
	return depth;
}

/*
 * The playout from s->st into s->res.  With the game's own estimate, it
 * stops after a few random moves; without one it runs to the end.
 */
static void
search_playout(struct search *s)
{
	const struct tbl_game *g = s->g;
	struct rng *rng = s->rngp;
	long d = 0;
	int w;

	if (g->evaluate == NULL) {
		ai_playout(g, s->st, rng, PLAYOUT_CAP, s->res, &s->mb);
		return;
	}
	while ((w = game_to_move(g, s->st)) != TBL_END && d < EVAL_DEPTH) {
		int n = movebuf_fill(&s->mb, g, s->st, w);
		if (n == 0)
			break;
		g->apply(s->st, s->mb.m[w == TBL_CHANCE ?
		    rng_pick(rng, s->mb.prob, n) :
		    (int)rng_below(rng, (uint32_t)n)]);
		d++;
	}
	if (w != TBL_END && game_evaluate(g, s->st, s->res) == 0)
		s->evals++;
	else
		ai_playout(g, s->st, rng, PLAYOUT_CAP, s->res, &s->mb);
}

/*
 * Run playouts from the root until the budget is spent or Ctrl-C (after
 * one playout).  The work is described by s's budget fields.
 */
static void
search_run(struct search *s)
{
	const struct tbl_game *g = s->g;
	struct tree *t = &s->t;
	double explore;
	int np = g->players(s->root), who0 = game_to_move(g, s->root), depth;

	s->sims = s->evals = 0;
	s->stopped = 0;
	for (;;) {
		if (s->ms ? (s->sims > 0 && (s->sims & 15) == 0 &&
		    now_seconds() >= s->deadline) : s->sims >= s->budget)
			break;
		if (s->sims > 0 && interrupt_pending()) {
			s->stopped = 1;
			break;
		}
		explore = s->spread ? s->explore * outcome_spread(s) : s->explore;
		g->copy(s->st, s->root);
		depth = search_descend(s, explore);
		search_playout(s);
		s->on += 1;
		s->osum += s->res[who0];
		s->osq += s->res[who0] * s->res[who0];
		/* Back-propagation: each node scores for its mover. */
		while (depth > 0) {
			struct node *nd = &t->v[s->path[--depth]];
			nd->visits += 1;
			if (nd->mover >= 0 && nd->mover < np)
				nd->reward += s->res[nd->mover];
		}
		s->sims++;
	}
}

static void *
search_thread(void *arg)
{
	search_run(arg);
	return NULL;
}

/*
 * A player through a game: one search tree per thread.  With `fresh`
 * (today's player before subtree reuse) every decision starts new trees.
 */
struct ai_player {
	struct seat_spec spec;
	const struct tbl_game *g;
	struct search *s;	/* spec.threads of them */
	double movetime;	/* the next decision's seconds; 0: the budget */
};

struct ai_player *
ai_player_new(const struct seat_spec *spec)
{
	struct ai_player *p = xcalloc(1, sizeof *p);
	int n;

	p->spec = *spec;
	FUZZ_SANDBOX_AI(&p->spec);
	n = p->spec.threads > 0 ? p->spec.threads : 1;
	p->spec.threads = n;
	p->s = xcalloc((size_t)n, sizeof *p->s);
	return p;
}

void
ai_player_free(struct ai_player *p)
{
	int i;

	if (p == NULL)
		return;
	for (i = 0; i < p->spec.threads; i++)
		if (p->g != NULL)
			search_free(&p->s[i], p->g);
	free(p->s);
	free(p);
}

void
ai_player_observe(struct ai_player *p, const struct tbl_game *g,
    const struct tbl_state *st, tbl_move m)
{
	int i;

	(void)st;
	if (p->spec.kind != SEAT_MCTS || p->spec.fresh || p->g != g)
		return;
	for (i = 0; i < p->spec.threads; i++)
		search_follow(&p->s[i], g, m);
}

/* Does tree s stand at position st? */
static int
same_position(const struct tbl_game *g, const struct tbl_state *a,
    const struct tbl_state *b)
{
	char *x = text_of(g->get_position, a), *y = text_of(g->get_position, b);
	int same = strcmp(x, y) == 0 && game_to_move(g, a) == game_to_move(g, b);

	free(x);
	free(y);
	return same;
}

/*
 * Ready every thread's tree for a decision at st (a tree that stands
 * elsewhere, or every tree with `fresh`, starts anew) with its share of
 * the budget and its generator.  Returns 0, or -1 when st has no move.
 */
static int
player_prepare(struct ai_player *p, const struct tbl_game *g,
    const struct tbl_state *st, struct rng *rng, double t0, long *reused)
{
	int nt = p->spec.threads, i;

	if (p->g != NULL && p->g != g) {
		for (i = 0; i < nt; i++)
			search_free(&p->s[i], p->g);
	}
	p->g = g;
	for (i = 0; i < nt; i++) {
		struct search *s = &p->s[i];
		if (s->root == NULL || p->spec.fresh ||
		    !same_position(g, s->root, st))
			if (search_start(s, g, st) != 0)
				return -1;
		*reused += (long)s->t.v[0].visits;
		s->g = g;
		s->spread = !p->spec.fresh && g->evaluate != NULL;
		s->explore = s->spread ? UCT_C_SPREAD : UCT_C;
		s->sims = s->evals = 0;
		s->stopped = 0;
		s->ms = p->spec.ms;
		s->deadline = t0 + (double)p->spec.budget / 1000.0;
		/* Playouts are shared out; a time budget is every thread's. */
		s->budget = p->spec.ms ? p->spec.budget : p->spec.budget / nt +
		    (i < p->spec.budget % nt);
		if (nt == 1)
			s->rngp = rng;
		else {
			rng_seed(&s->rng, rng_next(rng));
			s->rngp = &s->rng;
		}
	}
	return 0;
}

/* Run every thread's search, the first on this thread. */
static void
player_run(struct ai_player *p)
{
	int nt = p->spec.threads, i;
	pthread_t *tid;
	int *started;

	/* A single legal move costs no search (the :fresh player searched). */
	if (!p->spec.fresh && p->s[0].t.v[0].nchild == 1)
		return;
	if (nt == 1) {
		search_run(&p->s[0]);
		return;
	}
	tid = xcalloc((size_t)nt, sizeof *tid);
	started = xcalloc((size_t)nt, sizeof *started);
	for (i = 1; i < nt; i++)
		started[i] = pthread_create(&tid[i], NULL, search_thread,
		    &p->s[i]) == 0;
	search_run(&p->s[0]);
	for (i = 1; i < nt; i++) {
		if (started[i])
			pthread_join(tid[i], NULL);
		else
			search_run(&p->s[i]);
	}
	free(tid);
	free(started);
}

/* The root's n moves, most visited first, into lines (at most *nlines). */
static void
player_lines(const struct ai_player *p, const double *visits,
    const double *reward, int n, struct ai_line *lines, int *nlines)
{
	const struct tree *t = &p->s[0].t;
	struct ai_line *all = xcalloc((size_t)n, sizeof *all);
	int k;

	for (k = 0; k < n; k++) {
		all[k].move = t->v[t->v[0].first + k].move;
		all[k].visits = (long)visits[k];
		all[k].winrate = visits[k] > 0 ? reward[k] / visits[k] : 0;
	}
	qsort(all, (size_t)n, sizeof *all, by_visits);
	if (*nlines > n)
		*nlines = n;
	memcpy(lines, all, (size_t)*nlines * sizeof *lines);
	free(all);
}

/*
 * Search st with every thread's tree and choose the move most visited
 * over all of them (the lowest in the move order on a tie); the best
 * `*nlines` moves go to lines when it is not NULL.
 */
static int
player_search(struct ai_player *p, const struct tbl_game *g,
    const struct tbl_state *st, struct rng *rng, tbl_move *m,
    struct ai_report *rep, struct ai_line *lines, int *nlines)
{
	int nt = p->spec.threads, i, k, n, best = 0;
	double t0 = now_seconds(), *visits, *reward;
	struct ai_report r = { 0, 0, 0, 0, 0, 0 };

	if (player_prepare(p, g, st, rng, t0, &r.reused) != 0)
		return -1;
	player_run(p);
	/* Every tree's root has the same children, in the same order. */
	n = p->s[0].t.v[0].nchild;
	visits = xcalloc((size_t)n, sizeof *visits);
	reward = xcalloc((size_t)n, sizeof *reward);
	for (i = 0; i < nt; i++) {
		const struct tree *t = &p->s[i].t;
		for (k = 0; k < n && k < t->v[0].nchild; k++) {
			visits[k] += t->v[t->v[0].first + k].visits;
			reward[k] += t->v[t->v[0].first + k].reward;
		}
		r.simulations += p->s[i].sims;
		r.evaluations += p->s[i].evals;
		r.interrupted |= p->s[i].stopped;
	}
	for (k = 1; k < n; k++)
		if (visits[k] > visits[best])
			best = k;
	*m = p->s[0].t.v[p->s[0].t.v[0].first + best].move;
	if (rep) {
		r.winrate = visits[best] > 0 ? reward[best] / visits[best] : 0;
		r.seconds = now_seconds() - t0;
		*rep = r;
	}
	if (lines)
		player_lines(p, visits, reward, n, lines, nlines);
	free(visits);
	free(reward);
	return 0;
}

void
ai_player_set_time(struct ai_player *p, double seconds)
{
	p->movetime = seconds;
}

/* A search for p->movetime seconds instead of p's budget. */
static int
timed_search(struct ai_player *p, const struct tbl_game *g,
    const struct tbl_state *st, struct rng *rng, tbl_move *m,
    struct ai_report *rep)
{
	struct seat_spec keep = p->spec;
	long ms = (long)(p->movetime * 1000);
	int rc;

	p->spec.ms = 1;
	p->spec.budget = ms > 0 ? ms : 1;
	FUZZ_SANDBOX_AI(&p->spec);
	rc = player_search(p, g, st, rng, m, rep, NULL, NULL);
	p->spec = keep;
	p->movetime = 0;
	return rc;
}

int
ai_player_choose(struct ai_player *p, const struct tbl_game *g,
    const struct tbl_state *st, struct rng *rng, tbl_move *m,
    struct ai_report *rep)
{
	int n, who = game_to_move(g, st);
	struct movebuf mb;

	if (who < 0)
		return -1;
	if (p->spec.kind == SEAT_MCTS && p->movetime > 0)
		return timed_search(p, g, st, rng, m, rep);
	if (p->spec.kind == SEAT_MCTS)
		return player_search(p, g, st, rng, m, rep, NULL, NULL);
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
			rep->reused = 0;
		}
	}
	movebuf_free(&mb);
	return n > 0 ? 0 : -1;
}

int
ai_choose(const struct tbl_game *g, const struct tbl_state *st,
    const struct seat_spec *spec, struct rng *rng, tbl_move *m,
    struct ai_report *rep)
{
	struct ai_player *p = ai_player_new(spec);
	int rc = ai_player_choose(p, g, st, rng, m, rep);

	ai_player_free(p);
	return rc;
}

int
ai_player_rank(struct ai_player *p, const struct tbl_game *g,
    const struct tbl_state *st, struct rng *rng, struct ai_line *lines,
    int n, struct ai_report *rep)
{
	tbl_move m;

	if (game_to_move(g, st) < 0 || p->spec.kind != SEAT_MCTS || n < 1)
		return -1;
	return player_search(p, g, st, rng, &m, rep, lines, &n) != 0 ? -1 : n;
}
