/*
 * ai.c - the players: uniform random, and the MCTS player, which keeps
 * its tree between decisions, searches on several threads, and on a clock
 * searches for the time it is given.
 */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "ai/search.h"
#include "base/fuzzsandbox.h"
#include "base/movebuf.h"
#include "base/util.h"
#include "core/gamecall.h"

/* Order root children for a ranking: most visits first. */
static int
by_visits(const void *x, const void *y)
{
	const struct ai_line *a = x, *b = y;

	if (a->visits != b->visits)
		return a->visits > b->visits ? -1 : 1;
	return a->move < b->move ? -1 : a->move > b->move;
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
	void (*progress)(void *, long);	/* see ai_player_set_progress() */
	void *progress_arg;
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
		s->sims = s->evals = s->done = 0;
		s->stopped = 0;
		s->progress = i == 0 ? p->progress : NULL;
		s->progress_arg = p->progress_arg;
		s->peers = p->s;
		s->npeers = nt;
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

void
ai_player_set_progress(struct ai_player *p, void (*fn)(void *, long),
    void *arg)
{
	p->progress = fn;
	p->progress_arg = arg;
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
