/*
 * ai.c - the players: uniform random, and the MCTS player, which keeps
 * its tree between decisions, searches on several threads, and on a clock
 * searches for the time it is given.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "ai/dense.h"
#include "ai/dense_db.h"
#include "ai/search.h"
#include "base/fuzzsandbox.h"
#include "base/movebuf.h"
#include "base/util.h"
#include "core/game.h"

/* A move's rank by its proven value: a win first, a loss last. */
static int
proven_rank(int proven)
{
	return proven == AI_PROVEN_WIN ? 2 : proven != AI_PROVEN_LOSS;
}

/* Order root children for a ranking: proven wins first, proven losses
 * last, else most visits first. */
static int
by_visits(const void *x, const void *y)
{
	const struct ai_line *a = x, *b = y;

	if (proven_rank(a->proven) != proven_rank(b->proven))
		return proven_rank(a->proven) > proven_rank(b->proven) ? -1 : 1;
	if (a->visits != b->visits)
		return a->visits > b->visits ? -1 : 1;
	return a->move < b->move ? -1 : a->move > b->move;
}

/*
 * A player through a game: one search, whose spec.threads threads each
 * grow a tree of their own.  With `fresh` (the player before subtree
 * reuse) every decision starts new trees.
 */
struct ai_player {
	struct seat_spec spec;
	struct search s;
	double movetime;	/* the next decision's seconds; 0: the budget */
	void (*progress)(void *, long);	/* see ai_player_set_progress() */
	void *progress_arg;
	const struct dense_db *db;	/* spec.db's levels for this game */
	int dblimited;		/* the game keeps a limit db was solved
				   without: its draws are not values */
};

int
ai_spec_check(const struct seat_spec *spec, const struct tbl_game *g,
    const struct tbl_state *st, char *err, size_t errlen)
{
	if (spec->kind != SEAT_MCTS || spec->db[0] == '\0')
		return 0;
	return dense_db_open(g, st, spec->db, err, errlen) != NULL ? 0 : -1;
}

/*
 * p's database for game g and the options of st (looked up at each
 * decision, as the REPL may change the game's options under a player:
 * the levels stay mapped; ai_spec_check() has said what is wrong with
 * one that does not match: p searches), or NULL.
 */
static const struct dense_db *
player_db(struct ai_player *p, const struct tbl_game *g,
    const struct tbl_state *st)
{
	char err[TBL_ERRLEN];

	if (p->spec.kind != SEAT_MCTS || p->spec.db[0] == '\0')
		return NULL;
	p->db = dense_db_open(g, st, p->spec.db, err, sizeof err);
	p->dblimited = dense_db_limited(g, st);
	return p->db;
}

/* A move's worth by its value in the database for `who`: the greater,
 * the better (a win by the most, a loss by the least). */
static long
db_worth(const struct dense_value *v, int who)
{
	long m = v->margin < 0 ? 500 : v->margin;

	return v->winner < 0 ? 0 : v->winner == who ? 1000 + m : -1000 - m;
}

/* AI_PROVEN_... of a value from the database for `who`. */
static int
db_proven(const struct dense_value *v, int who)
{
	return v->winner < 0 ? AI_PROVEN_DRAW : v->winner == who ?
	    AI_PROVEN_WIN : AI_PROVEN_LOSS;
}

/* A move of a position the database holds, and its worth. */
struct db_move {
	long key;		/* 2 x db_worth(), + 1 when it takes men */
	int k;			/* its place in the move order */
	struct dense_value v;
};

static int
by_key(const void *x, const void *y)
{
	const struct db_move *a = x, *b = y;

	if (a->key != b->key)
		return a->key > b->key ? -1 : 1;
	return a->k < b->k ? -1 : a->k > b->k;
}

/*
 * The moves of st (into mb) ranked by the database, best first, into
 * *out (n of them; free it): 0; 1 when db does not hold st or one of its
 * moves, or st is a draw there and the game `limited` (a search is
 * needed); -1 when st has no move.  Among moves of
 * one value, one that leaves the level (takes men, or ends the game)
 * comes first: a won position is won by moves that end it, and a move
 * on the level may come round again.
 */
static int
db_rank(const struct dense_db *db, int limited, const struct tbl_game *g,
    const struct tbl_state *st, struct movebuf *mb, struct db_move **out,
    int *nout)
{
	struct dense_value v;
	struct tbl_state *c;
	struct db_move *r;
	int who = game_to_move(g, st), level = 0, top, n, k, rc = 0;

	if (dense_db_value(db, st, &v, &top) != 0 || top < 0 ||
	    (v.winner < 0 && limited))
		return 1;
	if ((n = movebuf_fill(mb, g, st, who)) <= 0)
		return -1;
	r = xcalloc((size_t)n, sizeof *r);
	c = g->clone(st);
	for (k = 0; k < n && rc == 0; k++) {
		g->copy(c, st);
		if (g->apply(c, mb->m[k]) != 0 ||
		    dense_db_value(db, c, &r[k].v, &level) != 0)
			rc = 1;
		r[k].k = k;
		r[k].key = 2 * db_worth(&r[k].v, who) + (level < top);
	}
	g->destroy(c);
	if (rc != 0) {
		free(r);
		return 1;
	}
	qsort(r, (size_t)n, sizeof *r, by_key);
	*out = r;
	*nout = n;
	return 0;
}

/*
 * The answer of p's database at st: 0 with the best move in *m (and the
 * best *nlines moves into lines when it is not NULL); 1 when there is
 * none (p has no database, or it does not hold st): search; -1 when st
 * has no move.
 */
static int
db_answer(struct ai_player *p, const struct tbl_game *g,
    const struct tbl_state *st, tbl_move *m, struct ai_report *rep,
    struct ai_line *lines, int *nlines)
{
	const struct dense_db *db = player_db(p, g, st);
	struct db_move *r;
	struct movebuf mb;
	double t0 = now_seconds();
	int n, k, rc, who = game_to_move(g, st);

	if (db == NULL)
		return 1;
	movebuf_init(&mb);
	if ((rc = db_rank(db, p->dblimited, g, st, &mb, &r, &n)) == 0) {
		*m = mb.m[r[0].k];
		if (rep != NULL) {
			memset(rep, 0, sizeof *rep);
			rep->winrate = r[0].v.winner < 0 ? 0.5 :
			    r[0].v.winner == who;
			rep->proven = db_proven(&r[0].v, who);
			rep->db = dense_db_dir(db);
			rep->seconds = now_seconds() - t0;
		}
		for (k = 0; lines != NULL && k < n && k < *nlines; k++) {
			lines[k].move = mb.m[r[k].k];
			lines[k].visits = 0;
			lines[k].winrate = r[k].v.winner < 0 ? 0.5 :
			    r[k].v.winner == who;
			lines[k].proven = db_proven(&r[k].v, who);
		}
		if (lines != NULL && *nlines > n)
			*nlines = n;
		free(r);
	}
	movebuf_free(&mb);
	return rc;
}

struct ai_player *
ai_player_new(const struct seat_spec *spec)
{
	struct ai_player *p = xcalloc(1, sizeof *p);

	p->spec = *spec;
	FUZZ_SANDBOX_AI(&p->spec);
	if (p->spec.threads < 1)
		p->spec.threads = 1;
	search_init(&p->s, p->spec.threads);
	return p;
}

void
ai_player_free(struct ai_player *p)
{
	if (p == NULL)
		return;
	search_free(&p->s);
	free(p);
}

void
ai_player_observe(struct ai_player *p, const struct tbl_game *g,
    const struct tbl_state *st, tbl_move m)
{
	(void)st;
	if (p->spec.kind != SEAT_MCTS || p->spec.fresh || p->s.g != g)
		return;
	search_follow(&p->s, m);
}

/* Does tree s stand at position st? */
static int
same_position(const struct tbl_game *g, const struct tbl_state *a,
    const struct tbl_state *b)
{
	char *x = game_position(g, a), *y = game_position(g, b);
	int same = strcmp(x, y) == 0 && game_to_move(g, a) == game_to_move(g, b);

	free(x);
	free(y);
	return same;
}

/*
 * Ready the tree for a decision at st (a tree that stands elsewhere, or
 * any tree with `fresh`, starts anew), the budget, and each thread's
 * generator: one thread draws from rng itself, several each from a
 * generator seeded in turn from rng.  Returns 0, or -1 when st has no
 * move.
 */
static int
player_prepare(struct ai_player *p, const struct tbl_game *g,
    const struct tbl_state *st, struct rng *rng, double t0, long *reused)
{
	struct search *s = &p->s;
	int i;

	search_settle(s);
	if (s->g != g || s->root == NULL || p->spec.fresh ||
	    !same_position(g, s->root, st))
		if (search_start(s, g, st) != 0)
			return -1;
	*reused = search_kept(s);
	s->spread = !p->spec.fresh && g->evaluate != NULL;
	s->prove = !p->spec.fresh && game_players(g, st) == 2;
	s->explore = s->spread ? UCT_C_SPREAD : UCT_C;
	s->ms = p->spec.ms;
	s->budget = p->spec.budget;
	s->deadline = t0 + (double)p->spec.budget / 1000.0;
	s->hard = p->movetime > 0;
	s->progress = p->progress;
	s->progress_arg = p->progress_arg;
	s->db = player_db(p, g, st);
	s->db_draws = !p->dblimited;
	for (i = 0; i < s->nw; i++) {
		struct worker *w = &s->w[i];
		w->sims = w->evals = 0;
		w->stopped = 0;
		if (s->nw == 1)
			w->rngp = rng;
		else {
			rng_seed(&w->rng, rng_next(rng));
			w->rngp = &w->rng;
		}
	}
	return 0;
}

/* The search, unless the move is forced. */
static void
player_run(struct ai_player *p)
{
	const struct search_move *mv;

	/* A single legal move costs no search (the :fresh player searched). */
	if (!p->spec.fresh && search_moves(&p->s, &mv) == 1)
		return;
	search_run(&p->s);
}

/* AI_PROVEN_... of a node's proven value v for player who. */
static int
proven_of(int v, int who)
{
	if (v == SOLVED_NO)
		return AI_UNPROVEN;
	return v == SOLVED_DRAW ? AI_PROVEN_DRAW : v == SOLVED_WIN(who) ?
	    AI_PROVEN_WIN : AI_PROVEN_LOSS;
}

/* The root's moves mv (n of them), in by_visits() order, into lines (at
 * most *nlines). */
static void
player_lines(const struct search_move *mv, int n, int who,
    struct ai_line *lines, int *nlines)
{
	struct ai_line *all = xcalloc((size_t)n, sizeof *all);
	int k;

	for (k = 0; k < n; k++) {
		all[k].move = mv[k].move;
		all[k].visits = mv[k].visits;
		all[k].winrate = mv[k].visits > 0 ? mv[k].reward /
		    (double)mv[k].visits : 0;
		all[k].proven = proven_of(mv[k].solved, who);
	}
	qsort(all, (size_t)n, sizeof *all, by_visits);
	if (*nlines > n)
		*nlines = n;
	memcpy(lines, all, (size_t)*nlines * sizeof *lines);
	free(all);
}

/*
 * The root's move to play among mv (n of them), for player who: one
 * proven to win, else one not proven to lose, the most visited (all the
 * threads' trees counted) of those, the lowest in the move order on a
 * tie.
 */
static const struct search_move *
player_best(const struct search_move *mv, int n, int who)
{
	const struct search_move *best = &mv[0];
	int k, r, rb = proven_rank(proven_of(mv[0].solved, who));

	for (k = 1; k < n; k++) {
		r = proven_rank(proven_of(mv[k].solved, who));
		if (r > rb || (r == rb && mv[k].visits > best->visits)) {
			best = &mv[k];
			rb = r;
		}
	}
	return best;
}

/*
 * Search st and choose the root's move (player_best()); the best
 * `*nlines` moves go to lines when it is not NULL.
 */
static int
player_search(struct ai_player *p, const struct tbl_game *g,
    const struct tbl_state *st, struct rng *rng, tbl_move *m,
    struct ai_report *rep, struct ai_line *lines, int *nlines)
{
	const struct search_move *mv, *best;
	double t0 = now_seconds();
	struct ai_report out = { 0, 0, 0, 0, 0, 0, 0, 0, NULL, 0 };
	int i, n, who = game_to_move(g, st);

	if ((i = db_answer(p, g, st, m, rep, lines, nlines)) <= 0)
		return i;
	if (player_prepare(p, g, st, rng, t0, &out.reused) != 0)
		return -1;
	player_run(p);
	/* No move: no legal move (a plugin naming a player to move who has
	 * none), or a search stopped before it began. */
	if ((n = search_moves(&p->s, &mv)) <= 0)
		return -1;
	best = player_best(mv, n, who);
	*m = best->move;
	out.proven = proven_of(best->solved, who);
	for (i = 0; i < p->s.nw; i++) {
		const struct worker *w = &p->s.w[i];
		if (w->late)
			continue;
		out.simulations += w->sims;
		out.evaluations += w->evals;
		out.interrupted |= w->stopped;
		out.threads += w->sims > 0;
		if (w->gap > out.stall)
			out.stall = w->gap;
	}
	if (rep) {
		out.winrate = best->visits > 0 ? best->reward /
		    (double)best->visits : 0;
		out.seconds = now_seconds() - t0;
		*rep = out;
	}
	if (lines)
		player_lines(mv, n, who, lines, nlines);
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
			rep->threads = 0;
			rep->proven = AI_UNPROVEN;
			rep->db = NULL;
			rep->stall = 0;
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
