/*
 * test_search.c - the MCTS search of ai/: its playouts through a plugin's
 * play_random(), which must play the games of listing and applying, the
 * values it proves (MCTS-Solver), the memory of its trees reused, and
 * the threads of its workers kept for the next search.
 */
#define _GNU_SOURCE		/* syscall(SYS_gettid) */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "ai/ai.h"
#include "ai/search.h"
#include "base/util.h"
#include "core/game.h"
#include "core/loader.h"
#include "core/session.h"
#include "core/sessiontext.h"
#include "selfplay.h"

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

/*
 * A new game of plugin `name` with the options `opts` (key=value words,
 * or NULL), from position `pos` (or the start).
 */
static struct session *
game_at(const char *name, const char *opts, const char *pos)
{
	struct plugin *p = pluginset_find(&ps, name);
	struct optset os;
	struct session *s;
	char err[256], *text = opts ? xstrdup(opts) : NULL, *words[8];
	int n = 0;

	assert_non_null(p);
	optset_init(&os, &p->game, NULL);
	for (n = 0; text && n < 8 && (words[n] = strtok(n ? NULL : text,
	    " ")) != NULL; n++)
		;
	assert_int_equal(optset_assign_words(&os, &p->game, words, n, err,
	    sizeof err), 0);
	s = session_new(p, &os, 1, err, sizeof err);
	optset_free(&os);
	free(text);
	assert_non_null(s);
	if (pos)
		assert_int_equal(session_setup(s, pos, err, sizeof err), 0);
	return s;
}

static struct session *
game(const char *name, const char *opt)
{
	return game_at(name, opt, NULL);
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
	struct seat_spec spec = { SEAT_MCTS, 300, 0, 1, 0, "" };
	size_t i;
	int eval;

	(void)state;
	for (i = 0; i < sizeof games / sizeof games[0]; i++)
		for (eval = 0; eval < 2; eval++) {
			struct session *s = game(games[i][0], games[i][1]);
			struct tbl_game hook = *s->g, list = *s->g, run = *s->g;
			char *a, *b;

			assert_non_null(s->g->play_random);
			assert_non_null(s->g->evaluate);
			real_play_random = s->g->play_random;
			hook.play_random = counted_play_random;
			list.play_random = NULL;
			/* play_random() alone here; playout() below. */
			hook.playout = list.playout = NULL;
			if (!eval)
				hook.evaluate = list.evaluate = run.evaluate = NULL;
			hook_moves = 0;
			a = selfplay_game_log(s, &hook, &spec, 4, 30 + i);
			assert_true(hook_moves > 1000);
			hook_moves = 0;
			b = selfplay_game_log(s, &list, &spec, 4, 30 + i);
			assert_int_equal(hook_moves, 0);
			assert_string_equal(a, b);
			free(b);
			/* The same through the plugin's playout() (ABI 1.4). */
			b = selfplay_game_log(s, &run, &spec, 4, 30 + i);
			assert_string_equal(a, b);
			free(a);
			free(b);
			session_free(s);
		}
}

/*
 * Annana 2x5 with two men a hole, P to move: a5 wins in 5 plies (as
 * `solve` says; a1 in 15), a2 draws.  mcts:200 played a2 while the
 * search counted a line played to its end as a sample like any other;
 * now it proves a5's win, plays it, says so (and ranks it first), and
 * stops searching once the position is proven.
 */
static void
test_proven_win_is_played(void **state)
{
	struct session *s = game_at("mancala", "variant=annana holes=5 seeds=2",
	    "1,1,0,0,1/0,0,0,1,0 P P:12 Q:4 turn=33");
	struct seat_spec spec = { SEAT_MCTS, 200, 0, 1, 0, "" };
	struct ai_report rep;
	struct ai_line lines[8];
	struct ai_player *p;
	struct rng r;
	tbl_move m;
	char *t;
	int n;

	(void)state;
	rng_seed(&r, 1);
	assert_int_equal(ai_choose(s->g, s->cur, &spec, &r, &m, &rep), 0);
	t = game_move_text(s->g, s->cur, m);
	assert_string_equal(t, "a5");
	free(t);
	assert_int_equal(rep.proven, AI_PROVEN_WIN);
	assert_true(rep.simulations < 200);
	p = ai_player_new(&spec);
	rng_seed(&r, 1);
	n = ai_player_rank(p, s->g, s->cur, &r, lines, 8, &rep);
	assert_int_equal(n, 3);
	t = game_move_text(s->g, s->cur, lines[0].move);
	assert_string_equal(t, "a5");
	free(t);
	assert_int_equal(lines[0].proven, AI_PROVEN_WIN);
	ai_player_free(p);
	session_free(s);
}

/* The process's minor page faults so far. */
static long
minor_faults(void)
{
	struct rusage ru;

	assert_int_equal(getrusage(RUSAGE_SELF, &ru), 0);
	return ru.ru_minflt;
}

/*
 * Searches one after another reuse the memory of the trees before them
 * (a player's, or one made for one search and freed, as `bench` and
 * `hint` make them): after a first search has grown the memory, ten more
 * of the same size fault in almost no page (a dozen here).  Given back
 * to the system after each search and faulted in anew by the next, the
 * trees of 10000 playouts of tuknanavuhpi took 5272 faults in ten.
 */
static void
test_tree_memory_reused(void **state)
{
	struct session *s = game("tuknanavuhpi", NULL);
	struct seat_spec spec = { SEAT_MCTS, 10000, 0, 1, 1, "" };
	struct ai_report rep;
	struct rng r;
	tbl_move m;
	long before;
	int i;

	(void)state;
	rng_seed(&r, 5);
	assert_int_equal(ai_choose(s->g, s->cur, &spec, &r, &m, &rep), 0);
	assert_int_equal(ai_choose(s->g, s->cur, &spec, &r, &m, &rep), 0);
	before = minor_faults();
	for (i = 0; i < 10; i++)
		assert_int_equal(ai_choose(s->g, s->cur, &spec, &r, &m, &rep),
		    0);
	print_message("faults in 10 searches: %ld\n", minor_faults() - before);
	assert_true(minor_faults() - before < 300);
	session_free(s);
}

/* The threads that played a move through play_random(), by thread id. */
static pthread_mutex_t tid_lock = PTHREAD_MUTEX_INITIALIZER;
static long tids[64];
static int ntids;

static int
tid_play_random(struct tbl_state *st, uint32_t (*below)(void *, uint32_t),
    void *rng)
{
	long tid = (long)syscall(SYS_gettid);
	int i;

	pthread_mutex_lock(&tid_lock);
	for (i = 0; i < ntids && tids[i] != tid; i++)
		;
	if (i == ntids && ntids < 64)
		tids[ntids++] = tid;
	pthread_mutex_unlock(&tid_lock);
	return real_play_random(st, below, rng);
}

/* Ten searches on two threads, each by a player made for it (as `bench`
 * and `hint` make them); the threads that played in them. */
static int
threads_of_ten_searches(struct session *s, const struct tbl_game *g)
{
	struct seat_spec spec = { SEAT_MCTS, 2000, 0, 2, 1, "" };
	struct ai_report rep;
	struct rng r;
	tbl_move m;
	int i;

	ntids = 0;
	rng_seed(&r, 9);
	for (i = 0; i < 10; i++) {
		assert_int_equal(ai_choose(g, s->cur, &spec, &r, &m, &rep), 0);
		assert_int_equal(rep.threads, 2);
	}
	return ntids;
}

/*
 * A search's second worker runs on a thread kept for the process, not on
 * one started for the search and ended with it: ten searches of :t2 play
 * on two threads, the caller's and one other (eleven when each search
 * started its own).  In a process made by fork() after a search, whose
 * kept thread did not come along, a search still runs on two threads
 * (and does not wait for the missing one: the alarm ends a child that
 * hangs).
 */
static void
test_search_threads_kept(void **state)
{
	struct session *s = game("tuknanavuhpi", NULL);
	struct tbl_game g = *s->g;
	int status;
	pid_t pid;

	(void)state;
	real_play_random = s->g->play_random;
	g.play_random = tid_play_random;
	assert_int_equal(threads_of_ten_searches(s, &g), 2);
	assert_int_equal(threads_of_ten_searches(s, &g), 2);
	fflush(NULL);
	if ((pid = fork()) == 0) {
		alarm(20);
		_exit(threads_of_ten_searches(s, &g) == 2 ? 0 : 1);
	}
	assert_true(pid > 0);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	session_free(s);
}

/* The positions the search's threads played in, one a thread. */
static uintptr_t played_in[2];

static int
where_play_random(struct tbl_state *st, uint32_t (*below)(void *, uint32_t),
    void *rng)
{
	int k = (long)syscall(SYS_gettid) == getpid() ? 0 : 1;

	pthread_mutex_lock(&tid_lock);
	if (played_in[k] == 0)
		played_in[k] = (uintptr_t)st;
	pthread_mutex_unlock(&tid_lock);
	return real_play_random(st, below, rng);
}

/*
 * The two threads of a :t2 search each play in a clone of the root
 * (Tuknanavuhpi's is 120 bytes); made one after the other by malloc(),
 * the two sat side by side and shared a cache line that both threads
 * wrote at every move.  The host's allocation gives each lines of its
 * own (a pair, LINE_BYTES, as the prefetcher pulls them): both positions
 * start a pair, and the second pair is not the first's.
 */
static void
test_threads_play_on_own_lines(void **state)
{
	struct session *s = game("tuknanavuhpi", NULL);
	struct tbl_game g = *s->g;
	struct seat_spec spec = { SEAT_MCTS, 2000, 0, 2, 1, "" };
	struct ai_report rep;
	struct rng r;
	tbl_move m;
	uintptr_t a, b;
	void *x, *y;
	struct search sr;

	(void)state;
	real_play_random = s->g->play_random;
	g.play_random = where_play_random;
	rng_seed(&r, 5);
	assert_int_equal(ai_choose(&g, s->cur, &spec, &r, &m, &rep), 0);
	a = played_in[0];
	b = played_in[1];
	assert_true(a != 0 && b != 0 && a != b);
	assert_int_equal(a % LINE_BYTES, 0);
	assert_int_equal(b % LINE_BYTES, 0);
	assert_true((a > b ? a - b : b - a) >= LINE_BYTES);
	/* and the allocator itself: two small blocks, two lines */
	x = xmalloc_lines(24);
	y = xmalloc_lines(24);
	assert_int_equal((uintptr_t)x % LINE_BYTES, 0);
	assert_true((uintptr_t)x / LINE_BYTES != (uintptr_t)y / LINE_BYTES);
	y = xrealloc_lines(y, 24, 200);
	assert_int_equal((uintptr_t)y % LINE_BYTES, 0);
	free(x);
	free(y);
	/* and each search worker starts a pair of lines of its own */
	search_init(&sr, 2);
	assert_int_equal((uintptr_t)&sr.w[0] % LINE_BYTES, 0);
	assert_int_equal((uintptr_t)&sr.w[1] % LINE_BYTES, 0);
	search_free(&sr);
	session_free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_playouts_through_play_random),
		cmocka_unit_test(test_proven_win_is_played),
		cmocka_unit_test(test_tree_memory_reused),
		cmocka_unit_test(test_search_threads_kept),
		cmocka_unit_test(test_threads_play_on_own_lines),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
