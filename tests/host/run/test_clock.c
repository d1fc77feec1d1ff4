/*
 * test_clock.c - time controls (run/clock.c): the share of its clock a
 * built-in player spends, and the margin it keeps of its own, the move
 * overhead: 10 ms at least, more while decisions of the process overran
 * their plans (a machine with other work), the overrun fading by a tenth
 * a decision.  The players once kept only 10% and 5 ms and lost on time
 * at --st 0.1 on a loaded machine.  A search's stall (the longest it went
 * without looking at the clock) counts as an overrun, before it costs
 * one; after clock_overhead_shared() the games of a run, each a forked
 * process, learn from each other (each once began at 10 ms again).  And
 * the time controls themselves: --tc read and refused, written back, and
 * a game's clocks charged, refilled and lost on time.
 */
#include "config.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run/clock.h"

#define near(x, want) assert_true(fabs((x) - (want)) < 1e-9)

static void
test_share(void **state)
{
	(void)state;
	/* --st 0.1: 90% less 5 ms; a clock: a 30th, at most half. */
	assert_true(clock_share(0.1, 0, 1) > 0.0849 &&
	    clock_share(0.1, 0, 1) < 0.0851);
	assert_true(clock_share(30, 0, 0) > 0.894 &&
	    clock_share(30, 0, 0) < 0.896);
	assert_true(clock_share(0.001, 0, 1) == 0.001);
}

static void
test_overhead(void **state)
{
	int k;

	(void)state;
	assert_true(clock_overhead() == 0.010);
	assert_true(clock_plan(0.085) > 0.0749 && clock_plan(0.085) < 0.0751);
	/* A decision that planned 75 ms took 105: 30 ms are kept. */
	clock_overran(0.075, 0.105, 0);
	assert_true(clock_overhead() > 0.0299 && clock_overhead() < 0.0301);
	assert_true(clock_plan(0.085) > 0.0549 && clock_plan(0.085) < 0.0551);
	assert_true(clock_plan(0.02) == 0.001);
	/* Decisions within their plans: the overrun fades to the floor. */
	for (k = 0; k < 10; k++)
		clock_overran(0.05, 0.04, 0);
	assert_true(clock_overhead() > 0.0104 && clock_overhead() < 0.0106);
	for (k = 0; k < 10; k++)
		clock_overran(0.05, 0.04, 0);
	assert_true(clock_overhead() == 0.010);
	/* A stall of a minute is kept as one second. */
	clock_overran(0.05, 60, 0);
	assert_true(clock_overhead() == 1);
}

static void
test_parse_tc(void **state)
{
	static const char *const bad[] = { "", "0", "40/", "/60", "0/60",
		"40/60+", "60+-1", "1e3", "abc", "40/60+0.5x", "2000000",
		"100001/60", "-5", "60++1", NULL };
	struct timectl t;
	char err[200], want[200];
	int i;

	(void)state;
	memset(&t, 0, sizeof t);
	assert_int_equal(timectl_parse_tc("40/60+0.5", &t, err, sizeof err), 0);
	assert_true(t.moves == 40 && t.base == 60 && t.inc == 0.5);
	assert_int_equal(timectl_parse_tc("2.5", &t, err, sizeof err), 0);
	assert_true(t.moves == 0 && t.base == 2.5 && t.inc == 0);
	assert_int_equal(timectl_parse_tc("60+0", &t, err, sizeof err), 0);
	assert_true(t.moves == 0 && t.base == 60 && t.inc == 0);
	for (i = 0; bad[i] != NULL; i++) {
		snprintf(want, sizeof want, "--tc wants [MOVES/]SECONDS[+INC] "
		    "(40/60+0.5: 60 seconds for 40 moves, half a second more a "
		    "move), not '%s'", bad[i]);
		assert_int_equal(timectl_parse_tc(bad[i], &t, err, sizeof err), -1);
		assert_string_equal(err, want);
	}
}

static void
test_format(void **state)
{
	struct timectl t = { 0 };
	char buf[64];

	(void)state;
	timectl_format(&t, buf, sizeof buf);
	assert_string_equal(buf, "");
	assert_false(timectl_on(&t));
	t.margin = 0.05;	/* a margin alone is no time control */
	timectl_format(&t, buf, sizeof buf);
	assert_string_equal(buf, "");
	t.st = 0.5;
	assert_true(timectl_on(&t));
	timectl_format(&t, buf, sizeof buf);
	assert_string_equal(buf, "st=0.5,margin=50");
	t.st = 0;
	t.margin = 0;
	t.base = 60;
	t.moves = 40;
	t.inc = 0.5;
	assert_true(timectl_on(&t));
	timectl_format(&t, buf, sizeof buf);
	assert_string_equal(buf, "tc=40/60+0.5");
	t.moves = 0;
	t.inc = 0;
	timectl_format(&t, buf, sizeof buf);
	assert_string_equal(buf, "tc=60");
	/* A short buffer is cut, never overrun. */
	t.moves = 40;
	t.inc = 0.5;
	memset(buf, 'x', sizeof buf);
	timectl_format(&t, buf, 6);
	assert_string_equal(buf, "tc=40");
	assert_true(buf[6] == 'x');
}

static void
test_game_clock(void **state)
{
	/* --tc 2/10+1 with a margin of half a second. */
	struct timectl t = { .base = 10, .moves = 2, .inc = 1, .margin = 0.5 };
	struct gameclock c;

	(void)state;
	clock_start(&t, &c);
	assert_true(c.left == 10 && c.played == 0);
	near(clock_limit(&t, &c), 10);
	assert_int_equal(clock_togo(&t, &c), 2);
	assert_int_equal(clock_charge(&t, &c, 3), 0);
	near(c.left, 8);	/* 10 - 3 + 1 */
	assert_int_equal(clock_togo(&t, &c), 1);
	/* 0.4 s past the clock, within the margin: the clock stays at 0,
	 * the increment and the next period's 10 s come. */
	assert_int_equal(clock_charge(&t, &c, 8.4), 0);
	near(c.left, 11);
	assert_int_equal(clock_togo(&t, &c), 2);
	/* Past the margin: lost on time, the clock as it was. */
	assert_int_equal(clock_charge(&t, &c, 11.6), 1);
	near(c.left, 11);
	assert_int_equal(c.played, 3);
}

static void
test_move_time_and_none(void **state)
{
	struct timectl st = { .st = 0.5 }, none = { 0 };
	struct gameclock c;

	(void)state;
	clock_start(&st, &c);
	near(clock_limit(&st, &c), 0.5);
	assert_int_equal(clock_togo(&st, &c), 0);
	assert_int_equal(clock_charge(&st, &c, 0.5), 0);
	assert_int_equal(clock_charge(&st, &c, 0.5001), 1);
	near(clock_limit(&st, &c), 0.5);	/* every move the same */
	clock_start(&none, &c);
	assert_true(clock_limit(&none, &c) < 0);
	assert_int_equal(clock_charge(&none, &c, 1e6), 0);
	assert_int_equal(c.played, 1);
}

static void
test_share_of_clock(void **state)
{
	(void)state;
	/* A 30th of the clock when the moves to go are unknown, three
	 * quarters of the increment on top; then 90% less 5 ms. */
	near(clock_share(60, 0, 0), 2 * 0.9 - 0.005);
	near(clock_share(60, 1, 0), 2.75 * 0.9 - 0.005);
	near(clock_share(10, 0, 4), 2.5 * 0.9 - 0.005);
	/* Never more than half of what is left ... */
	near(clock_share(10, 20, 0), 5 * 0.9 - 0.005);
	near(clock_share(10, 0, 2), 5 * 0.9 - 0.005);
	/* ... but all of it for the last move of a period. */
	near(clock_share(2, 0, 1), 2 * 0.9 - 0.005);
}

static void
test_stall_shared(void **state)
{
	int status, k;
	pid_t pid;

	(void)state;
	for (k = 0; k < 100; k++)	/* the last test's second fades */
		clock_overran(0.05, 0.04, 0);
	assert_true(clock_overhead() == 0.010);
	/* A decision within its plan whose search stalled 25 ms. */
	clock_overran(0.05, 0.04, 0.025);
	assert_true(clock_overhead() > 0.0249 && clock_overhead() < 0.0251);
	/* A game in a child process stalls 40 ms: the run's next game knows. */
	clock_overhead_shared();
	assert_true(clock_overhead() > 0.0249 && clock_overhead() < 0.0251);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		clock_overran(0.05, 0.04, 0.040);
		_exit(0);
	}
	assert_true(waitpid(pid, &status, 0) == pid && status == 0);
	assert_true(clock_overhead() > 0.0399 && clock_overhead() < 0.0401);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_share),
		cmocka_unit_test(test_overhead),
		cmocka_unit_test(test_parse_tc),
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_game_clock),
		cmocka_unit_test(test_move_time_and_none),
		cmocka_unit_test(test_share_of_clock),
		cmocka_unit_test(test_stall_shared),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
