/*
 * test_base.c - parts of host/base the programs seldom reach: the
 * generator's rejection of the biased range, the move buffer against a
 * plugin that keeps asking for more, and what the signal handlers do when
 * nobody serves a Ctrl-C or the program outlives its grace after SIGTERM
 * (each in a child process, which dies of the signal).
 */
#include "config.h"

#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/wait.h>

#include <cmocka.h>

#include "base/interrupt.h"
#include "base/movebuf.h"
#include "base/rng.h"
#include "base/util.h"

/*
 * rng_below(n) with n = 3 * 2^30: a plain multiply-shift would map
 * 2^32 draws onto n values unevenly, twice as often to the multiples of
 * 3 (half of all results instead of a third).  The rejection of the
 * biased range restores a third.
 */
static void
test_rng_below_unbiased(void **state)
{
	const uint32_t n = 3u << 30;
	struct rng r;
	int i, zero = 0, draws = 30000;

	(void)state;
	rng_seed(&r, 42);
	for (i = 0; i < draws; i++) {
		uint32_t v = rng_below(&r, n);
		assert_true(v < n);
		zero += v % 3 == 0;
	}
	/* A third, within four standard deviations (0.0027 each). */
	assert_in_range(zero, draws * 322 / 1000, draws * 344 / 1000);
}

/* A game whose legal_moves() claims `claim` moves, then `then`. */
static int claim, then, calls;

static int
claiming_moves(const struct tbl_state *s, tbl_move *out, int cap)
{
	int n = calls++ == 0 ? claim : then, i;

	(void)s;
	if (n > cap)
		return n;
	for (i = 0; i < n; i++)
		out[i] = (tbl_move)i;
	return n;
}

static int
claiming_outcomes(const struct tbl_state *s, tbl_move *out, double *prob,
    int cap)
{
	int n = claiming_moves(s, out, cap), i;

	for (i = 0; i < n && i < cap; i++)
		prob[i] = 1.0 / n;
	return n;
}

static const struct tbl_game claiming = {
	.name = "claiming", .legal_moves = claiming_moves,
	.chance_outcomes = claiming_outcomes,
};

static int
fill(int first, int second, int who)
{
	struct movebuf b;
	int n;

	claim = first;
	then = second;
	calls = 0;
	movebuf_init(&b);
	n = movebuf_fill(&b, &claiming, NULL, who);
	if (n > 0) {
		assert_int_equal(b.m[n - 1], n - 1);
		if (who == TBL_CHANCE)
			assert_true(b.prob[0] == 1.0 / n);
	}
	if (b.broken == 0)
		assert_true(b.cap >= n);
	n = b.broken ? -b.broken : n;
	movebuf_free(&b);
	assert_null(b.m);
	return n;
}

static void
test_movebuf(void **state)
{
	(void)state;
	assert_int_equal(fill(5, 5, 0), 5);
	/* Grown once to what the plugin asked. */
	assert_int_equal(fill(1000, 1000, 0), 1000);
	assert_int_equal(fill(1000, 1000, TBL_CHANCE), 1000);
	/* Asking for more again, or for more than MOVES_MAX: no moves, and
	 * the buffer says what was asked (as a negative count here). */
	assert_int_equal(fill(1000, 1001, 0), -1001);
	assert_int_equal(fill(1000, 5000, TBL_CHANCE), -5000);
	assert_int_equal(fill(MOVES_MAX + 1, 5, 0), -(MOVES_MAX + 1));
	/* An error (a negative count) is no moves. */
	assert_int_equal(fill(-1, -1, 0), 0);
}

/* Run fn in a child; its wait status. */
static int
in_child(void (*fn)(void))
{
	int status;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0) {
		fn();
		child_exit(0);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	return status;
}

/* In a child: stop with a status naming the line when c is false. */
#define CHILD_CHECK(c) do { if (!(c)) child_exit(__LINE__ % 250 + 1); } while (0)

/* Three Ctrl-Cs nobody serves: the third kills (a first and second
 * within a second ask to quit, but interrupt_second_kills() was not
 * called). */
static void
unserved(void)
{
	interrupt_install();
	CHILD_CHECK(!interrupt_pending());
	raise(SIGINT);
	CHILD_CHECK(interrupt_pending() && !interrupt_quit_requested());
	raise(SIGINT);
	CHILD_CHECK(interrupt_pending() && interrupt_quit_requested());
	CHILD_CHECK(interrupt_exit_status() == 130);
	raise(SIGINT);
	child_exit(99);
}

/* With interrupt_second_kills(): a second Ctrl-C within a second. */
static void
second_kills(void)
{
	interrupt_install();
	interrupt_second_kills();
	raise(SIGINT);
	CHILD_CHECK(interrupt_pending());
	interrupt_clear();
	CHILD_CHECK(!interrupt_pending());
	raise(SIGINT);
	child_exit(99);
}

static void
test_sigint(void **state)
{
	int st;

	(void)state;
	st = in_child(unserved);
	assert_true(WIFSIGNALED(st));
	assert_int_equal(WTERMSIG(st), SIGINT);
	st = in_child(second_kills);
	assert_true(WIFSIGNALED(st));
	assert_int_equal(WTERMSIG(st), SIGINT);
}

/* SIGTERM: noted, with 5 s of grace on the alarm; when the alarm rings
 * the program dies of the SIGTERM. */
static void
grace_over(void)
{
	unsigned left;

	shutdown_install();
	raise(SIGTERM);
	CHILD_CHECK(shutdown_signal() == SIGTERM && interrupt_pending());
	CHILD_CHECK(interrupt_exit_status() == 143);
	left = alarm(0);
	CHILD_CHECK(left >= 4 && left <= 5);
	raise(SIGALRM);		/* the grace is over */
	child_exit(99);
}

/* A second SIGHUP ends the program at once. */
static void
second_hup(void)
{
	shutdown_install();
	raise(SIGHUP);
	CHILD_CHECK(shutdown_signal() == SIGHUP);
	CHILD_CHECK(interrupt_exit_status() == 129);
	raise(SIGHUP);
	child_exit(99);
}

/* shutdown_uninstall(): SIGTERM back to its default; a handler someone
 * else set since (SIGHUP ignored) stays. */
static void
uninstalled(void)
{
	struct sigaction sa;

	shutdown_install();
	signal_handle(SIGHUP, SIG_IGN);
	shutdown_uninstall();
	CHILD_CHECK(sigaction(SIGTERM, NULL, &sa) == 0 &&
	    sa.sa_handler == SIG_DFL);
	CHILD_CHECK(sigaction(SIGHUP, NULL, &sa) == 0 &&
	    sa.sa_handler == SIG_IGN);
}

static void
test_shutdown(void **state)
{
	int st;

	(void)state;
	st = in_child(grace_over);
	assert_true(WIFSIGNALED(st));
	assert_int_equal(WTERMSIG(st), SIGTERM);
	st = in_child(second_hup);
	assert_true(WIFSIGNALED(st));
	assert_int_equal(WTERMSIG(st), SIGHUP);
	st = in_child(uninstalled);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rng_below_unbiased),
		cmocka_unit_test(test_movebuf),
		cmocka_unit_test(test_sigint),
		cmocka_unit_test(test_shutdown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
