/*
 * test_search.c - the MCTS search of ai/: its playouts through a plugin's
 * play_random(), which must play the games of listing and applying.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ai/ai.h"
#include "base/util.h"
#include "core/game.h"
#include "core/loader.h"
#include "core/session.h"
#include "core/sessiontext.h"

static struct pluginset ps;

static int
setup(void **state)
{
	(void)state;
	pluginset_add_path(&ps, TEST_PLUGIN_DIR);
	pluginset_add_path(&ps, BUILD_PLUGIN_DIR);
	pluginset_scan(&ps, NULL);
	return pluginset_find(&ps, "mancala") &&
	    pluginset_find(&ps, "tuknanavuhpi") ? 0 : -1;
}

static int
teardown(void **state)
{
	(void)state;
	pluginset_free(&ps);
	return 0;
}

/* A new game of plugin `name` with the option `opt` (key=value) or none. */
static struct session *
game(const char *name, const char *opt)
{
	struct plugin *p = pluginset_find(&ps, name);
	struct optset os;
	struct session *s;
	char err[256], *w = opt ? xstrdup(opt) : NULL;

	assert_non_null(p);
	optset_init(&os, &p->game, NULL);
	if (w)
		assert_int_equal(optset_assign_words(&os, &p->game, &w, 1, err,
		    sizeof err), 0);
	s = session_new(p, &os, 1, err, sizeof err);
	optset_free(&os);
	free(w);
	assert_non_null(s);
	return s;
}

/* The plugin's play_random(), counted. */
static int (*real_play_random)(struct tbl_state *,
    uint32_t (*)(void *, uint32_t), void *);
static long hook_moves;

static int
counted_play_random(struct tbl_state *st, uint32_t (*below)(void *, uint32_t),
    void *rng)
{
	int n = real_play_random(st, below, rng);

	hook_moves += n > 0;
	return n;
}

/*
 * Self-play of `n` decisions between two mcts:300 players of game g (the
 * session's, or a copy with hooks taken away), chance from the same
 * generator: each decision's move, playouts, evaluations and winrate to
 * 17 digits.
 */
static char *
selfplay_log(struct session *s, const struct tbl_game *g, int n,
    uint64_t seed)
{
	struct seat_spec spec = { SEAT_MCTS, 300, 0, 1, 0 };
	struct tbl_state *st = g->clone(s->start);
	struct ai_player *p[2] = { ai_player_new(&spec), ai_player_new(&spec) };
	struct sbuf out = { NULL, 0, 0 };
	struct ai_report rep;
	struct rng r;
	tbl_move m, mv[256];
	double prob[256];
	char *t;
	int who, k, i;

	rng_seed(&r, seed);
	for (i = 0; i < n && (who = game_to_move(g, st)) != TBL_END; ) {
		if (who == TBL_CHANCE) {
			k = g->chance_outcomes(st, mv, prob, 256);
			assert_true(k > 0);
			m = mv[rng_pick(&r, prob, k)];
		} else {
			assert_int_equal(ai_player_choose(p[who], g, st, &r, &m,
			    &rep), 0);
			t = game_move_text(s->g, st, m);
			sbuf_printf(&out, "%s %ld %ld %.17g\n", t,
			    rep.simulations, rep.evaluations, rep.winrate);
			free(t);
			i++;
		}
		ai_player_observe(p[0], g, st, m);
		ai_player_observe(p[1], g, st, m);
		assert_int_equal(g->apply(st, m), 0);
	}
	ai_player_free(p[0]);
	ai_player_free(p[1]);
	g->destroy(st);
	return out.s;
}

/*
 * The search's playouts through play_random() are the games of listing
 * the moves and applying the drawn one: the same moves, evaluations and
 * winrates for the same seed, with the plugin's evaluate() (8 random
 * moves, then the estimate) and without it (random games to the end),
 * in every game and variant that has the hook.  The hook must have
 * played moves, and the game without it none.
 */
static void
test_playouts_through_play_random(void **state)
{
	static const char *const games[][2] = {
		{ "mancala", NULL }, { "mancala", "variant=annana" },
		{ "mancala", "variant=mangala" }, { "tuknanavuhpi", NULL },
		{ "tuknanavuhpi", "variant=kharbaga" }
	};
	size_t i;
	int eval;

	(void)state;
	for (i = 0; i < sizeof games / sizeof games[0]; i++)
		for (eval = 0; eval < 2; eval++) {
			struct session *s = game(games[i][0], games[i][1]);
			struct tbl_game hook = *s->g, list = *s->g;
			char *a, *b;

			assert_non_null(s->g->play_random);
			assert_non_null(s->g->evaluate);
			real_play_random = s->g->play_random;
			hook.play_random = counted_play_random;
			list.play_random = NULL;
			if (!eval)
				hook.evaluate = list.evaluate = NULL;
			hook_moves = 0;
			a = selfplay_log(s, &hook, 4, 30 + i);
			assert_true(hook_moves > 1000);
			hook_moves = 0;
			b = selfplay_log(s, &list, 4, 30 + i);
			assert_int_equal(hook_moves, 0);
			assert_string_equal(a, b);
			free(a);
			free(b);
			session_free(s);
		}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_playouts_through_play_random),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
