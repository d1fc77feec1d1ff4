/*
 * search.c - one UCT search: selection down the tree, expansion of the
 * leaf, a random playout (cut short by the game's evaluate() when it has
 * one) and back-propagation of the outcome, until the budget is spent.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ai/search.h"
#include "base/interrupt.h"
#include "base/util.h"
#include "core/gamecall.h"

#define PLAYOUT_CAP 20000	/* moves; a longer playout counts as shared */
#define EVAL_DEPTH 8		/* random moves before evaluate() is asked */

/*
 * Play st to the end with uniformly random moves (chance points by their
 * probabilities), at most `cap` moves.  Writes each player's outcome in
 * out (equal shares when the cap cuts the game) and returns the number of
 * moves played, or -1 when the cap cut it.  `mb` is scratch, grown as
 * needed.
 */
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

void
search_free(struct search *s, const struct tbl_game *g)
{
	search_clear(s, g);
	free(s->path);
	free(s->res);
	if (s->mb.m != NULL)
		movebuf_free(&s->mb);
	memset(s, 0, sizeof *s);
}

int
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
	tree_expand(&s->t, 0, g, root, game_to_move(g, root), &s->mb);
	return s->t.v[0].nchild > 0 ? 0 : -1;
}

void
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
		tree_expand(&s->t, 0, g, s->root, game_to_move(g, s->root), &s->mb);
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
			tree_expand(t, i, g, s->st, who, &s->mb);
			k = tree_select(t, i, s->rngp, explore);
			if (k < 0)
				break;
			g->apply(s->st, t->v[k].move);
			s->path[depth++] = k;
			break;
		}
		k = tree_select(t, i, s->rngp, explore);
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

/* Publish s's playouts; the first thread tells the progress hook. */
static void
search_tell(struct search *s)
{
	long sum = s->sims;
	int i;

	__atomic_store_n(&s->done, s->sims, __ATOMIC_RELAXED);
	if (s->progress == NULL)
		return;
	for (i = 1; i < s->npeers; i++)
		sum += __atomic_load_n(&s->peers[i].done, __ATOMIC_RELAXED);
	s->progress(s->progress_arg, sum);
}

void
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
		if ((s->sims & 15) == 0)
			search_tell(s);
	}
}

void *
search_thread(void *arg)
{
	search_run(arg);
	return NULL;
}
