/*
 * search.c - one UCT search: selection down the tree, expansion of the
 * leaf, a random playout (cut short by the game's evaluate() when it has
 * one) and back-propagation of the outcome, until the budget is spent.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ai/dense.h"
#include "ai/dense_db.h"
#include "ai/search.h"
#include "ai/search_pool.h"
#include "base/interrupt.h"
#include "base/util.h"
#include "core/game.h"
#include "core/game_play.h"

#define PLAYOUT_CAP 20000	/* moves; a longer playout counts as shared */
#define EVAL_DEPTH 8		/* random moves before evaluate() is asked */
#define GRACE 0.0002		/* seconds a stopped search waits for a worker */

/*
 * The value of st with perfect play when the search's endgame database
 * holds it (a proven value, its outcomes in res), else SOLVED_NO.  An
 * end is left to the game's result(), and so is a draw where the game
 * keeps a limit the database was solved without (s->db_draws 0).
 */
static int
db_outcome(const struct search *s, const struct tbl_state *st,
    double *res)
{
	struct dense_value v;
	int solved, level;

	if (s->db == NULL || dense_db_value(s->db, st, &v, &level) != 0 ||
	    level < 0 || (v.winner < 0 && !s->db_draws))
		return SOLVED_NO;
	solved = v.winner < 0 ? SOLVED_DRAW : SOLVED_WIN(v.winner);
	res[0] = v.winner < 0 ? 0.5 : v.winner == 0;
	res[1] = 1 - res[0];
	return solved;
}

/*
 * Play st to the end with uniformly random moves (game_random_move()), at
 * most `cap` moves; a position the endgame database of search srch
 * holds ends it with its value (srch NULL: none).  Writes each player's
 * outcome in out (equal shares when the cap cuts the game) and returns
 * the number of moves played, or -1 when the cap cut it.  `mb` is
 * scratch, grown as needed.
 */
static long
ai_playout(const struct tbl_game *g, struct tbl_state *st, struct rng *rng,
    long cap, double *out, struct movebuf *mb, const struct search *srch)
{
	long len = 0;
	int who, np = game_players(g, st), i;

	if (g->playout != NULL && (srch == NULL || srch->db == NULL)) {
		/* The same moves, whole runs of them in the plugin. */
		len = game_random_playout(g, st, mb, rng, cap, &who);
		if (who == 0 && game_result(g, st, out) == 0)
			return len;
		goto cut;
	}
	while ((who = game_to_move(g, st)) != TBL_END) {
		if (len >= cap || game_random_move(g, st, who, rng, mb) != 0)
			goto cut;
		len++;
		if (srch != NULL && db_outcome(srch, st, out) != SOLVED_NO)
			return len;
	}
	if (game_result(g, st, out) == 0)
		return len;
cut:
	for (i = 0; i < np; i++)
		out[i] = 1.0 / np;
	return -1;
}

void
search_settle(struct search *s)
{
	int i;

	for (i = 0; i < s->nw; i++) {
		struct worker *w = &s->w[i];
		if (w->helper != NULL)
			helper_wait(w->helper);
		w->helper = NULL;
		w->late = 0;
	}
}

/* Drop the trees and the positions (the workers' buffers and the
 * trees' memory stay). */
static void
search_clear(struct search *s)
{
	int i;

	search_settle(s);
	if (s->root != NULL) {
		s->g->destroy(s->root);
		for (i = 0; i < s->nw; i++)
			s->g->destroy(s->w[i].st);
	}
	s->root = NULL;
	for (i = 0; i < s->nw; i++)
		s->w[i].st = NULL;
}

void
search_init(struct search *s, int nw)
{
	int i;

	memset(s, 0, sizeof *s);
	s->nw = nw;
	s->w = xcalloc_lines((size_t)nw * sizeof *s->w);
	for (i = 0; i < nw; i++) {
		s->w[i].s = s;
		s->w[i].id = i;
	}
}

void
search_free(struct search *s)
{
	int i;

	search_clear(s);
	for (i = 0; i < s->nw; i++) {
		tree_free(&s->w[i].t);
		free(s->w[i].path);
		free(s->w[i].res);
		if (s->w[i].mb.m != NULL)
			movebuf_free(&s->w[i].mb);
	}
	free(s->w);
	free(s->moves);
	memset(s, 0, sizeof *s);
}

/* Worker w's tree at the root of s (expanded), and its position. */
static int
worker_start(struct worker *w, const struct tbl_game *g,
    const struct tbl_state *root)
{
	if (w->mb.m == NULL)
		movebuf_init(&w->mb);
	free(w->res);	/* the game, and its players, may differ */
	w->res = xcalloc_lines(((size_t)game_players(g, root) + 1) *
	    sizeof *w->res);
	w->st = g->clone(root);
	w->on = w->osum = w->osq = 0;
	tree_reset(&w->t);
	return tree_expand(&w->t, w->t.root, g, root, game_to_move(g, root),
	    &w->mb);
}

int
search_start(struct search *s, const struct tbl_game *g,
    const struct tbl_state *root)
{
	int i, n = 0;

	search_clear(s);
	s->g = g;
	for (i = 0; i < s->nw; i++)
		n = worker_start(&s->w[i], g, root);
	s->root = g->clone(root);
	return n > 0 ? 0 : -1;
}

/* The child of w's root reached by m, or NULL. */
static struct node *
root_child(const struct worker *w, tbl_move m)
{
	struct node *r = w->t.root;
	int k;

	for (k = 0; k < r->nchild; k++)
		if (r->child[k].move == m)
			return &r->child[k];
	return NULL;
}

void
search_follow(struct search *s, tbl_move m)
{
	const struct tbl_game *g = s->g;
	int i;

	search_settle(s);
	if (s->root == NULL)
		return;
	for (i = 0; i < s->nw; i++)
		if (root_child(&s->w[i], m) == NULL)
			break;
	if (i < s->nw || g->apply(s->root, m) != 0) {
		search_clear(s);
		return;
	}
	for (i = 0; i < s->nw; i++) {
		struct worker *w = &s->w[i];
		tree_reroot(&w->t, root_child(w, m));
		if (w->t.root->nchild < 0)
			tree_expand(&w->t, w->t.root, g, s->root,
			    game_to_move(g, s->root), &w->mb);
	}
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
outcome_spread(const struct worker *w)
{
	double n = w->on, mean, var;

	if (n < 2)
		return 0.5;
	mean = w->osum / n;
	var = w->osq / n - mean * mean;
	return var > 1e-4 ? sqrt(var) : 0.01;
}

/* Room in w's path for two more nodes. */
static void
path_room(struct worker *w, int depth)
{
	if (depth + 2 >= w->pathcap) {
		size_t used = (size_t)w->pathcap * sizeof *w->path;
		w->pathcap = w->pathcap ? w->pathcap * 2 : 64;
		w->path = xrealloc_lines(w->path, used, (size_t)w->pathcap *
		    sizeof *w->path);
	}
}

/*
 * Selection and expansion: from the root down to a leaf (a node not
 * expanded before, an end, or a node proven won or lost), the path's nodes in
 * w->path (applied to w->st).  Returns the path's length.
 */
static int
search_descend(struct worker *w, double explore)
{
	const struct tbl_game *g = w->s->g;
	struct node *nd = w->t.root, *k;
	int depth = 0, who, n;

	for (;;) {
		path_room(w, depth);
		w->path[depth++] = nd;
		who = game_to_move(g, w->st);
		if (who == TBL_END || SOLVED_DECIDED(nd->solved))
			break;
		n = nd->nchild;
		if (n == NODE_NEW) {
			n = tree_expand(&w->t, nd, g, w->st, who, &w->mb);
			k = tree_select(nd, n, w->rngp, explore);
			if (k == NULL)
				break;
			g->apply(w->st, k->move);
			w->path[depth++] = k;
			break;
		}
		k = tree_select(nd, n, w->rngp, explore);
		if (k == NULL)
			break;
		g->apply(w->st, k->move);
		nd = k;
	}
	return depth;
}

/*
 * The playout from w->st into w->res.  With the game's own estimate, it
 * stops after a few random moves; without one it runs to the end.
 */
static void
search_playout(struct worker *w)
{
	const struct tbl_game *g = w->s->g;
	struct rng *rng = w->rngp;
	long d = 0;
	int who;

	if (g->evaluate == NULL) {
		ai_playout(g, w->st, rng, PLAYOUT_CAP, w->res, &w->mb,
		    w->s->db != NULL ? w->s : NULL);
		return;
	}
	while ((who = game_to_move(g, w->st)) != TBL_END && d < EVAL_DEPTH) {
		if (game_random_move(g, w->st, who, rng, &w->mb) != 0)
			break;
		d++;
		if (w->s->db != NULL &&
		    db_outcome(w->s, w->st, w->res) != SOLVED_NO)
			return;
	}
	if (who != TBL_END && game_evaluate(g, w->st, w->res) == 0)
		w->evals++;
	else
		ai_playout(g, w->st, rng, PLAYOUT_CAP, w->res, &w->mb,
		    w->s->db != NULL ? w->s : NULL);
}

/* Is w's work done? */
static int
search_done(struct worker *w)
{
	struct search *s = w->s;

	/* A root proven won or lost needs no more search (with a time, any
	 * thread's). */
	if (SOLVED_DECIDED(w->t.root->solved) || (s->ms &&
	    __atomic_load_n(&s->proven, __ATOMIC_RELAXED)))
		return 1;
	if (s->ms) {
		/* Each plays one playout at least (under a clock, the
		 * first alone). */
		double now = now_seconds();
		if (w->seen > 0 && now - w->seen > w->gap)
			w->gap = now - w->seen;
		w->seen = now;
		if (__atomic_load_n(&s->stop, __ATOMIC_RELAXED))
			return w->sims > 0 || (w->id > 0 && s->hard);
		if (w->sims > 0 && now >= s->deadline) {
			__atomic_store_n(&s->stop, 1, __ATOMIC_RELAXED);
			return 1;
		}
	} else if (w->sims >= w->quota)
		return 1;
	if (w->sims > 0 && interrupt_pending()) {
		w->stopped = 1;
		return 1;
	}
	return 0;
}

/* Publish w's playouts; the first worker tells the progress hook. */
static void
search_tell(struct worker *w)
{
	struct search *s = w->s;
	long sum = 0;
	int i;

	__atomic_store_n(&w->done, w->sims, __ATOMIC_RELAXED);
	if (w->id != 0 || s->progress == NULL)
		return;
	for (i = 0; i < s->nw; i++)
		sum += __atomic_load_n(&s->w[i].done, __ATOMIC_RELAXED);
	s->progress(s->progress_arg, sum);
}

/* The outcomes of a proven value v (two players) into res. */
static void
solved_outcome(int v, double *res)
{
	res[0] = v == SOLVED_DRAW ? 0.5 : v == SOLVED_WIN(0);
	res[1] = 1 - res[0];
}

/*
 * The outcome w->res of the playout of w's path (depth nodes) added to
 * every node of it for that node's mover; with `prove`, the leaf's proven
 * value backed up as far as it proves its ancestors.
 */
static void
back_up(struct worker *w, int depth, int prove)
{
	struct search *s = w->s;
	int np = s->np, i;

	for (i = depth - 1; i >= 0; i--) {
		struct node *nd = w->path[i];
		nd->visits++;
		if (nd->mover >= 0 && nd->mover < np)
			nd->reward += w->res[nd->mover];
		if (prove && i < depth - 1)
			prove = tree_prove(nd) != SOLVED_NO;
	}
	if (SOLVED_DECIDED(w->t.root->solved) && s->ms)
		__atomic_store_n(&s->proven, 1, __ATOMIC_RELAXED);
}

/*
 * Worker w's playouts into its own tree: down the tree, a playout (or
 * the value of a proven leaf), and the outcome backed up the path.
 */
static void
search_work(struct worker *w)
{
	struct search *s = w->s;
	const struct tbl_game *g = s->g;
	int who0 = game_to_move(g, s->root), depth, end, known;
	struct node *leaf;
	double explore, x;

	while (!search_done(w)) {
		explore = s->spread ? s->explore * outcome_spread(w) : s->explore;
		g->copy(w->st, s->root);
		depth = search_descend(w, explore);
		leaf = w->path[depth - 1];
		if (leaf->solved != SOLVED_NO)
			solved_outcome(leaf->solved, w->res);
		else if ((known = db_outcome(s, w->st, w->res)) !=
		    SOLVED_NO) {
			if (s->prove)
				leaf->solved = known;
		} else {
			end = game_to_move(g, w->st) == TBL_END;
			search_playout(w);
			if (end && s->prove)
				leaf->solved = tree_end_value(w->res);
		}
		x = w->res[who0];
		w->on += 1;
		w->osum += x;
		w->osq += x * x;
		back_up(w, depth, s->prove && leaf->solved != SOLVED_NO);
		w->sims++;
		if ((w->sims & 15) == 0)
			search_tell(w);
	}
}

/* A worker's search on a helper thread. */
static void
search_thread(void *arg)
{
	struct worker *w = arg;

	search_work(w);
	__atomic_store_n(&w->finished, 1, __ATOMIC_RELEASE);
}

/* Workers still searching on their threads. */
static int
search_unfinished(const struct search *s)
{
	int i, n = 0;

	for (i = 1; i < s->nw; i++)
		n += s->w[i].helper != NULL &&
		    !__atomic_load_n(&s->w[i].finished, __ATOMIC_ACQUIRE);
	return n;
}

/*
 * After the first worker's search: join the others; under a clock
 * (s->hard), wait up to GRACE (spinning: a thread that sleeps waits for
 * the processor again on a machine with other work) for those still
 * searching, and leave those that go on `late`.  Helpers that ended are
 * waited for by search_settle(), which gives them back to the pool.
 */
static void
search_gather(struct search *s)
{
	double until = now_seconds() + GRACE;
	int i;

	if (s->ms)
		__atomic_store_n(&s->stop, 1, __ATOMIC_RELAXED);
	if (s->hard)
		while (search_unfinished(s) > 0 && now_seconds() < until)
			;
	for (i = 1; i < s->nw; i++) {
		struct worker *w = &s->w[i];
		if (w->helper == NULL)
			continue;
		if (s->hard)
			w->late = !__atomic_load_n(&w->finished, __ATOMIC_ACQUIRE);
		else {
			helper_wait(w->helper);
			w->helper = NULL;
		}
	}
}

void
search_run(struct search *s)
{
	int i;

	search_settle(s);
	for (i = 0; i < s->nw; i++) {
		struct worker *w = &s->w[i];
		w->quota = s->budget / s->nw + (i < s->budget % s->nw);
		w->done = 0;
		w->finished = 0;
		w->seen = w->gap = 0;
	}
	s->np = game_players(s->g, s->root);
	s->proven = 0;
	s->stop = 0;
	for (i = 1; i < s->nw; i++)
		s->w[i].helper = helper_start(search_thread, &s->w[i]);
	search_work(&s->w[0]);
	for (i = 1; i < s->nw; i++)
		if (s->w[i].helper == NULL)
			search_work(&s->w[i]);
	search_gather(s);
}

int
search_moves(struct search *s, const struct search_move **out)
{
	const struct node *r;
	int n, i, k;

	*out = NULL;
	if (s->root == NULL || (n = s->w[0].t.root->nchild) <= 0)
		return 0;
	if (n > s->movecap) {
		s->movecap = n;
		s->moves = xrealloc(s->moves, (size_t)n * sizeof *s->moves);
	}
	for (k = 0; k < n; k++) {
		s->moves[k].move = s->w[0].t.root->child[k].move;
		s->moves[k].visits = 0;
		s->moves[k].reward = 0;
		s->moves[k].solved = SOLVED_NO;
	}
	/* Every tree expanded its root from the same position. */
	for (i = 0; i < s->nw; i++)
		for (r = s->w[i].t.root, k = 0; !s->w[i].late && k < n; k++) {
			s->moves[k].visits += r->child[k].visits;
			s->moves[k].reward += r->child[k].reward;
			if (r->child[k].solved != SOLVED_NO)
				s->moves[k].solved = r->child[k].solved;
		}
	*out = s->moves;
	return n;
}

long
search_kept(const struct search *s)
{
	long sum = 0;
	int i;

	for (i = 0; s->root != NULL && i < s->nw; i++)
		if (!s->w[i].late)
			sum += s->w[i].t.root->visits;
	return sum;
}
