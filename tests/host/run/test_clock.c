/*
 * test_clock.c - time controls (run/clock.c): the share of its clock a
 * built-in player spends, and the margin it keeps of its own, the move
 * overhead: 10 ms at least, more while decisions of the process overran
 * their plans (a machine with other work), the overrun fading by a tenth
 * a decision.  The players once kept only 10% and 5 ms and lost on time
 * at --st 0.1 on a loaded machine.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "run/clock.h"

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
	clock_overran(0.075, 0.105);
	assert_true(clock_overhead() > 0.0299 && clock_overhead() < 0.0301);
	assert_true(clock_plan(0.085) > 0.0549 && clock_plan(0.085) < 0.0551);
	assert_true(clock_plan(0.02) == 0.001);
	/* Decisions within their plans: the overrun fades to the floor. */
	for (k = 0; k < 10; k++)
		clock_overran(0.05, 0.04);
	assert_true(clock_overhead() > 0.0104 && clock_overhead() < 0.0106);
	for (k = 0; k < 10; k++)
		clock_overran(0.05, 0.04);
	assert_true(clock_overhead() == 0.010);
	/* A stall of a minute is kept as one second. */
	clock_overran(0.05, 60);
	assert_true(clock_overhead() == 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_share),
		cmocka_unit_test(test_overhead),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
