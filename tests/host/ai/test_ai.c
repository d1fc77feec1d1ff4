/*
 * test_ai.c - the generic players: spec parsing, determinism, finding a
 * winning move, the evaluation hook, and self-play results.
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
#include "repl/commands.h"
#include "core/game.h"
#include "core/session.h"
#include "core/sessiontext.h"
#include "base/util.h"
#include "selfplay.h"

static struct pluginset ps;

static int
setup(void **state)
{
	(void)state;
	pluginset_add_path(&ps, TEST_PLUGIN_DIR);
	pluginset_add_path(&ps, BUILD_PLUGIN_DIR);
	pluginset_scan(&ps, NULL);
	return pluginset_find(&ps, "testgame") && pluginset_find(&ps, "example") ?
	    0 : -1;
}

static int
teardown(void **state)
{
	(void)state;
	pluginset_free(&ps);
	return 0;
}

static struct session *
game(const char *name, const char *pos)
{
	struct plugin *p = pluginset_find(&ps, name);
	struct optset os;
	struct session *s;
	char err[256];

	optset_init(&os, &p->game, NULL);
	s = session_new(p, &os, 1, err, sizeof err);
	optset_free(&os);
	assert_non_null(s);
	if (pos)
		assert_int_equal(session_setup(s, pos, err, sizeof err), 0);
	return s;
}

static void
test_parse_specs(void **state)
{
	struct seat_spec s;
	char err[256], buf[64];

	(void)state;
	assert_int_equal(seat_parse("mcts", &s, err, sizeof err), 0);
	assert_int_equal(s.kind, SEAT_MCTS);
	assert_int_equal(s.budget, SEAT_DEFAULT_PLAYOUTS);
	assert_int_equal(seat_parse("mcts:250ms", &s, err, sizeof err), 0);
	assert_true(s.ms && s.budget == 250);
	seat_format(&s, buf, sizeof buf);
	assert_string_equal(buf, "mcts:250ms");
	assert_int_equal(seat_parse("random", &s, err, sizeof err), 0);
	assert_int_equal(seat_parse("mcts:0", &s, err, sizeof err), -1);
	assert_int_equal(seat_parse("mcts:5s", &s, err, sizeof err), -1);
	assert_string_equal(err, "bad MCTS budget '5s': want a number of playouts "
	    "(mcts:2000) or milliseconds (mcts:500ms)");
	assert_int_equal(seat_parse("mcts:300:t2", &s, err, sizeof err), 0);
	assert_true(s.budget == 300 && s.threads == 2 && !s.fresh && !s.ms);
	seat_format(&s, buf, sizeof buf);
	assert_string_equal(buf, "mcts:300:t2");
	assert_int_equal(seat_parse("mcts:t2", &s, err, sizeof err), 0);
	assert_true(s.budget == SEAT_DEFAULT_PLAYOUTS && s.threads == 2);
	assert_int_equal(seat_parse("mcts:fresh", &s, err, sizeof err), 0);
	assert_true(s.budget == SEAT_DEFAULT_PLAYOUTS && s.fresh);
	assert_int_equal(seat_parse("mcts:tx", &s, err, sizeof err), -1);
	assert_int_equal(seat_parse("mcts:50ms:fresh", &s, err, sizeof err), 0);
	assert_true(s.budget == 50 && s.ms && s.fresh && s.threads == 0);
	seat_format(&s, buf, sizeof buf);
	assert_string_equal(buf, "mcts:50ms:fresh");
	assert_int_equal(seat_parse("mcts:50:t0", &s, err, sizeof err), -1);
	assert_int_equal(seat_parse("mcts:50:t65", &s, err, sizeof err), -1);
	assert_int_equal(seat_parse("mcts:50:t2:t2", &s, err, sizeof err), -1);
	assert_int_equal(seat_parse("mcts:50:stale", &s, err, sizeof err), -1);
	assert_string_equal(err, "bad MCTS option ':stale' in 'mcts:50:stale': "
	    "want :tT for T threads (1 to 64), :fresh for a new tree at every "
	    "decision or :db=DIR for an endgame database (a path of at most 255 "
	    "bytes), each once");
	/* An endgame database: its DIR, kept whole, written back. */
	assert_int_equal(seat_parse("mcts:db=/tmp/m.db", &s, err, sizeof err), 0);
	assert_true(s.budget == SEAT_DEFAULT_PLAYOUTS && !s.ms);
	assert_string_equal(s.db, "/tmp/m.db");
	assert_int_equal(seat_parse("mcts:200ms:t2:db=x/y", &s, err,
	    sizeof err), 0);
	seat_format(&s, buf, sizeof buf);
	assert_string_equal(buf, "mcts:200ms:t2:db=x/y");
	assert_int_equal(seat_parse("mcts:50:db=", &s, err, sizeof err), -1);
	assert_int_equal(seat_parse("mcts:50:db=a:db=b", &s, err, sizeof err),
	    -1);
	assert_int_equal(seat_parse("alphago", &s, err, sizeof err), -1);
}

/*
 * O threatens a1 (a2, a3 held); X's a1 blocks it and makes two threats at
 * once (b1 and c3), which wins.  MCTS must find a1: by its samples alone
 * (the :fresh player, which proves nothing, with the whole budget), and
 * by proving the win, after which it stops searching.
 */
static void
test_mcts_finds_the_block_that_wins(void **state)
{
	struct session *s = game("example", "O../OX./..X X");
	struct seat_spec spec[2] = { { SEAT_MCTS, 2000, 0, 0, 1, "" },
	    { SEAT_MCTS, 2000, 0, 0, 0, "" } };
	struct ai_report rep;
	struct rng r;
	tbl_move m;
	char *t;
	int i;

	(void)state;
	for (i = 0; i < 2; i++) {
		rng_seed(&r, 3);
		assert_int_equal(ai_choose(s->g, s->cur, &spec[i], &r, &m, &rep),
		    0);
		t = game_move_text(s->g, s->cur, m);
		assert_string_equal(t, "a1");
		free(t);
		assert_true(rep.winrate > 0.7);
		assert_int_equal(rep.evaluations, 0);	/* no evaluate() */
		if (i == 0) {
			assert_int_equal(rep.simulations, 2000);
			assert_int_equal(rep.proven, AI_UNPROVEN);
		} else {
			assert_true(rep.simulations < 2000);
			assert_int_equal(rep.proven, AI_PROVEN_WIN);
		}
	}
	session_free(s);
}

static void
test_deterministic(void **state)
{
	struct session *s = game("example", NULL);
	struct seat_spec spec = { SEAT_MCTS, 300, 0, 0, 0, "" };
	struct rng r1, r2;
	tbl_move m1, m2;
	int i;

	(void)state;
	for (i = 0; i < 5; i++) {
		rng_seed(&r1, 100 + (uint64_t)i);
		rng_seed(&r2, 100 + (uint64_t)i);
		assert_int_equal(ai_choose(s->g, s->cur, &spec, &r1, &m1, NULL), 0);
		assert_int_equal(ai_choose(s->g, s->cur, &spec, &r2, &m2, NULL), 0);
		assert_int_equal(m1, m2);
	}
	session_free(s);
}

/*
 * Three threads each grow a tree of their own (root parallelism): the
 * playouts are the budget's exactly, the roots' visits summed, and the
 * search still finds the move that blocks.  With a budget of playouts
 * each thread makes its share (667 each here) from its own generator,
 * so the same seed gives the same lines, visits and winrates.  (The
 * :fresh player, which proves nothing and so spends the whole budget.)
 */
static void
test_threads_root_parallel(void **state)
{
	struct session *s = game("example", "O../OX./..X X");
	struct seat_spec spec = { SEAT_MCTS, 2001, 0, 3, 1, "" };
	struct ai_report rep;
	struct ai_line lines[2][9];
	struct rng r;
	long sum;
	char *t;
	int i, k, n = 0, j;

	(void)state;
	for (i = 0; i < 3; i++) {
		for (j = 0; j < 2; j++) {
			struct ai_player *p = ai_player_new(&spec);
			rng_seed(&r, 7 + (uint64_t)i);
			n = ai_player_rank(p, s->g, s->cur, &r, lines[j], 9,
			    &rep);
			assert_int_equal(n, 5);
			assert_int_equal(rep.simulations, 2001);
			assert_int_equal(rep.threads, 3);
			ai_player_free(p);
		}
		for (sum = 0, k = 0; k < n; k++) {
			sum += lines[0][k].visits;
			assert_int_equal(lines[0][k].move, lines[1][k].move);
			assert_int_equal(lines[0][k].visits, lines[1][k].visits);
			assert_true(lines[0][k].winrate == lines[1][k].winrate);
		}
		assert_int_equal(sum, 2001);
		t = game_move_text(s->g, s->cur, lines[0][0].move);
		assert_string_equal(t, "a1");
		free(t);
	}
	session_free(s);
}

/*
 * mcts:t2 at a time budget: both threads make playouts, each into its
 * tree, the roots' visits sum to them, and the move is legal (mancala's
 * Hus, from the start).
 */
static void
test_two_threads_both_search(void **state)
{
	struct session *s = game("mancala", NULL);
	struct seat_spec spec = { SEAT_MCTS, 300, 1, 2, 0, "" };
	struct ai_player *p = ai_player_new(&spec);
	struct ai_report rep;
	struct ai_line lines[64];
	tbl_move mv[64];
	struct rng r;
	long sum = 0;
	int k, n, legal, found = 0;

	(void)state;
	rng_seed(&r, 3);
	n = ai_player_rank(p, s->g, s->cur, &r, lines, 64, &rep);
	legal = s->g->legal_moves(s->cur, mv, 64);
	assert_int_equal(n, legal);
	assert_int_equal(rep.threads, 2);
	assert_true(rep.simulations > 100);
	for (k = 0; k < n; k++)
		sum += lines[k].visits;
	assert_int_equal(sum, rep.simulations);
	for (k = 0; k < legal; k++)
		found += mv[k] == lines[0].move;
	assert_int_equal(found, 1);
	ai_player_free(p);
	session_free(s);
}

/*
 * A player keeps the subtree of the position the game reached: after its
 * move and the reply, its next search starts with the playouts it had
 * already made there; a :fresh player starts from nothing.
 */
static void
test_subtree_reuse(void **state)
{
	struct session *s = game("example", NULL);
	const struct tbl_game *g = s->g;
	struct seat_spec keep = { SEAT_MCTS, 3000, 0, 0, 0, "" };
	struct seat_spec fresh = { SEAT_MCTS, 3000, 0, 0, 1, "" };
	struct seat_spec *specs[2] = { &keep, &fresh };
	int i;

	(void)state;
	for (i = 0; i < 2; i++) {
		struct ai_player *p = ai_player_new(specs[i]);
		struct tbl_state *st = g->clone(s->cur);
		struct ai_report rep;
		struct rng r;
		tbl_move m, reply;
		tbl_move mv[16];

		rng_seed(&r, 11);
		assert_int_equal(ai_player_choose(p, g, st, &r, &m, &rep), 0);
		assert_int_equal(rep.reused, 0);
		ai_player_observe(p, g, st, m);
		assert_int_equal(g->apply(st, m), 0);
		assert_true(g->legal_moves(st, mv, 16) > 0);
		reply = mv[0];
		ai_player_observe(p, g, st, reply);
		assert_int_equal(g->apply(st, reply), 0);
		assert_int_equal(ai_player_choose(p, g, st, &r, &m, &rep), 0);
		if (i == 0)
			assert_true(rep.reused > 10);
		else
			assert_int_equal(rep.reused, 0);
		assert_int_equal(rep.simulations, 3000);
		g->destroy(st);
		ai_player_free(p);
	}
	session_free(s);
}

/* testgame offers evaluate(): playouts are cut short and still win. */
static void
test_evaluation_hook(void **state)
{
	struct session *s = game("testgame", "2,4 B move=3");
	struct seat_spec spec = { SEAT_MCTS, 400, 0, 0, 0, "" };
	struct ai_report rep;
	struct rng r;
	tbl_move m;

	(void)state;
	rng_seed(&r, 5);
	assert_int_equal(ai_choose(s->g, s->cur, &spec, &r, &m, &rep), 0);
	/* Any advance helps B; standing still (+0) is the worst choice. */
	assert_int_not_equal(m, 0);
	assert_true(rep.evaluations > 0);
	session_free(s);
}

/*
 * With a game's evaluate(), the player scales UCT's exploration by the
 * spread of its playouts' outcomes: one thread gives the same moves and
 * figures for the same seed; three give the budget's playouts and a
 * move that advances.
 */
static void
test_spread_search_deterministic(void **state)
{
	struct session *s = game("testgame", "2,4 B move=3");
	struct seat_spec specs[2] = { { SEAT_MCTS, 600, 0, 0, 0, "" },
	    { SEAT_MCTS, 601, 0, 3, 0, "" } };
	struct ai_report rep1, rep2;
	struct rng r1, r2;
	tbl_move m1, m2;
	int i, k;

	(void)state;
	assert_non_null(s->g->evaluate);
	for (k = 0; k < 2; k++)
		for (i = 0; i < 3; i++) {
			rng_seed(&r1, 40 + (uint64_t)i);
			rng_seed(&r2, 40 + (uint64_t)i);
			assert_int_equal(ai_choose(s->g, s->cur, &specs[k], &r1, &m1,
			    &rep1), 0);
			assert_int_equal(ai_choose(s->g, s->cur, &specs[k], &r2, &m2,
			    &rep2), 0);
			assert_int_equal(rep1.simulations, specs[k].budget);
			assert_int_not_equal(m1, 0);	/* standing still is worst */
			assert_int_not_equal(m2, 0);
			if (k == 1)
				continue;
			assert_int_equal(m1, m2);
			assert_true(rep1.winrate == rep2.winrate);
			assert_int_equal(rep1.evaluations, rep2.evaluations);
		}
	session_free(s);
}

/*
 * One legal move (a1 is the last empty square): the player plays it
 * without a search; the :fresh player, as before, still searches.
 */
static void
test_forced_move_costs_no_search(void **state)
{
	struct session *s = game("example", "XOX/OOX/.XO X");
	struct seat_spec keep = { SEAT_MCTS, 500, 0, 0, 0, "" };
	struct seat_spec fresh = { SEAT_MCTS, 500, 0, 0, 1, "" };
	struct ai_report rep;
	struct rng r;
	tbl_move m;
	char *t;

	(void)state;
	rng_seed(&r, 2);
	assert_int_equal(ai_choose(s->g, s->cur, &keep, &r, &m, &rep), 0);
	t = game_move_text(s->g, s->cur, m);
	assert_string_equal(t, "a1");
	free(t);
	assert_int_equal(rep.simulations, 0);
	assert_int_equal(ai_choose(s->g, s->cur, &fresh, &r, &m, &rep), 0);
	assert_int_equal(rep.simulations, 500);
	session_free(s);
}

/*
 * A log of `n` decisions of self-play in game `name` (selfplay.h).
 */
static char *
selfplay_log(const char *name, const struct seat_spec *spec, int n,
    uint64_t seed)
{
	struct session *s = game(name, NULL);
	char *log = selfplay_game_log(s, s->g, spec, n, seed);

	session_free(s);
	return log;
}

/*
 * One thread searches exactly as the search did before its tree could be
 * shared by threads (and still, now that each thread grows a tree of its
 * own again): the same moves, playouts and winrates, bit for bit,
 * for the same seed: in a game without evaluate() (example), with it
 * (mancala's Hus), with chance (yucata) and with turns of several moves
 * (tuknanavuhpi).  The figures below are what the search gave before,
 * when each thread grew a tree of its own; example's changed when the
 * search began to prove values, the others' did not.
 */
static void
test_one_thread_as_before(void **state)
{
	struct seat_spec spec = { SEAT_MCTS, 300, 0, 1, 0, "" };
	static const char *const name[] = { "example", "mancala", "yucata",
	    "tuknanavuhpi" };
	static const char *const want[] = {
	    /*
	     * example, since the search proves values: from the second
	     * decision on, lines to the end are proven (a move proven lost
	     * is not followed again; a proven win is not searched on), and
	     * the moves differ (before: b2 300 0 0 0.51234567901234573,
	     * a3 300 0 8, a2 300 0 18, c2 300 0 14, b1 300 0 67, then
	     * b3:292 c1:32 c3:29).
	     */
	    "a1 300 0 0 0.73469387755102045\n"
	    "b2 300 0 0 0.47972972972972971\n"
	    "c1 300 0 8 0.6015625\n"
	    "b1 300 0 12 0.49493243243243246\n"
	    "b3 300 0 46 0.51355421686746983\n"
	    "a2 300 0 289 0.5\n"
	    "c2:379 a3:2 c3:2 ",
	    /* mancala */
	    "b1 300 299 0 0.50890313390313391\n"
	    "c9 300 297 0 0.57013888888888897\n"
	    "b2 300 290 4 0.52708333333333335\n"
	    "c7 300 293 2 0.55884009009009017\n"
	    "a1 300 292 35 0.48588709677419367\n"
	    "c12 300 287 87 0.56009984639016885\n"
	    "b5:264 b8:69 b1:26 ",
	    /* yucata */
	    "5 300 300 0 0.59414758269720103\n"
	    "4 300 300 0 0.46014492753623193\n"
	    "knife 300 300 34 0.65729166666666683\n"
	    "5 300 300 44 0.26373626373626358\n"
	    "4 300 299 24 0.82744405182567748\n"
	    "2 300 296 35 0.21141215106732353\n"
	    "1:378 ?:24 3:2 ",
	    /* tuknanavuhpi */
	    "d4-e5 300 300 0 0.5322355497326452\n"
	    "f6xd4 0 0 0 0\n"
	    "c3xe5 0 0 280 0.5324565078489123\n"
	    "a5xc3 0 0 0 0\n"
	    "e5xa5 300 300 278 0.53417625122449908\n"
	    "c3-d4 300 300 0 0.47846421826564783\n"
	    "e3xc5:210 "
	};
	int i;

	(void)state;
	for (i = 0; i < 4; i++) {
		char *log = selfplay_log(name[i], &spec, 6, 21 + (uint64_t)i);
		assert_string_equal(log, want[i]);
		free(log);
	}
}

static void
test_random_is_uniform_over_legal(void **state)
{
	struct session *s = game("example", NULL);
	struct seat_spec spec = { SEAT_RANDOM, 0, 0, 0, 0, "" };
	struct rng r;
	int seen[9] = { 0 }, i;
	tbl_move m;

	(void)state;
	rng_seed(&r, 1);
	for (i = 0; i < 900; i++) {
		assert_int_equal(ai_choose(s->g, s->cur, &spec, &r, &m, NULL), 0);
		assert_true(m < 9);
		seen[m]++;
	}
	for (i = 0; i < 9; i++)
		assert_in_range(seen[i], 60, 140);
	session_free(s);
}

/*
 * Self-play: mcts:300 against random at tic-tac-toe (example 3x3), 20
 * games with the seats alternating.  The searcher must win most games and
 * lose none; were it no better than random, it would lose about a third.
 */
static void
test_self_play_mcts_beats_random(void **state)
{
	struct session *s = game("example", NULL);
	struct seat_spec mcts = { SEAT_MCTS, 300, 0, 0, 0, "" }, rnd = { SEAT_RANDOM, 0, 0, 0, 0, "" };
	struct tbl_state *st = s->g->clone(s->start);
	struct rng r;
	double res[2];
	int i, wins = 0, losses = 0;
	tbl_move m;

	(void)state;
	rng_seed(&r, 11);
	for (i = 0; i < 20; i++) {
		int who, seat = i % 2;
		s->g->copy(st, s->start);
		while ((who = game_to_move(s->g, st)) != TBL_END) {
			assert_int_equal(ai_choose(s->g, st, who == seat ? &mcts :
			    &rnd, &r, &m, NULL), 0);
			assert_int_equal(s->g->apply(st, m), 0);
		}
		assert_int_equal(game_result(s->g, st, res), 0);
		wins += res[seat] > res[1 - seat];
		losses += res[seat] < res[1 - seat];
	}
	assert_int_equal(losses, 0);
	assert_true(wins >= 12);
	s->g->destroy(st);
	session_free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_specs),
		cmocka_unit_test(test_mcts_finds_the_block_that_wins),
		cmocka_unit_test(test_deterministic),
		cmocka_unit_test(test_threads_root_parallel),
		cmocka_unit_test(test_two_threads_both_search),
		cmocka_unit_test(test_one_thread_as_before),
		cmocka_unit_test(test_subtree_reuse),
		cmocka_unit_test(test_evaluation_hook),
		cmocka_unit_test(test_spread_search_deterministic),
		cmocka_unit_test(test_forced_move_costs_no_search),
		cmocka_unit_test(test_random_is_uniform_over_legal),
		cmocka_unit_test(test_self_play_mcts_beats_random),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
