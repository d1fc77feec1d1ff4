/*
 * test_stats.c - the statistics of match and survey (run/stats.c):
 * Wilson intervals, Elo differences for two players and more, the
 * likelihood of superiority, the SPRT's bounds, refusals and
 * log-likelihood ratio, medians.  The expected values were worked out
 * apart, from the textbook forms (the Wilson interval as
 * (2np + z^2 +- z sqrt(z^2 + 4np(1-p))) / 2(n + z^2), Elo as
 * -400 log10(1/s - 1)).
 */
#include "config.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "run/stats.h"

#define near(x, want) assert_true(fabs((x) - (want)) < 1e-9)

static void
test_wilson(void **state)
{
	double lo, hi;

	(void)state;
	stats_wilson(0.5, 100, STATS_Z95, &lo, &hi);
	near(lo, 0.403831530366);
	near(hi, 0.596168469634);
	stats_wilson(0.9, 10, STATS_Z95, &lo, &hi);
	near(lo, 0.595849973205);
	near(hi, 0.982123786905);
	/* A sweep: its own estimate is a bound, exactly. */
	stats_wilson(0, 20, STATS_Z95, &lo, &hi);
	assert_true(lo == 0);
	near(hi, 0.161125158053);
	stats_wilson(1, 20, STATS_Z95, &lo, &hi);
	near(lo, 0.838874841947);
	assert_true(hi == 1);
	/* No trials: nothing is known. */
	stats_wilson(0.5, 0, STATS_Z95, &lo, &hi);
	assert_true(lo == 0 && hi == 1);
}

static void
test_elo(void **state)
{
	(void)state;
	near(stats_elo(0.75, 2), 190.848501887865);
	near(stats_elo(0.25, 2), -190.848501887865);
	near(stats_elo(0.5, 2), 0);
	/* Half the points against two equal opponents: twice as strong. */
	near(stats_elo(0.5, 3), 120.411998265592);
	near(stats_elo(1.0 / 3, 3), 0);
	assert_true(isinf(stats_elo(1, 2)) && stats_elo(1, 2) > 0);
	assert_true(isinf(stats_elo(0, 4)) && stats_elo(0, 4) < 0);
}

static void
test_los(void **state)
{
	(void)state;
	near(stats_los(10, 0), 0.999217298871);
	near(stats_los(55, 45), 0.841344746069);
	near(stats_los(45, 55), 1 - 0.841344746069);
	near(stats_los(30, 30), 0.5);
	near(stats_los(0, 0), 0.5);
}

static void
test_sprt_parse(void **state)
{
	struct sprt t;
	char err[200];

	(void)state;
	assert_int_equal(stats_sprt_parse(&t, "0,20,0.05,0.05", err,
	    sizeof err), 0);
	assert_true(t.elo0 == 0 && t.elo1 == 20 && t.alpha == 0.05 &&
	    t.beta == 0.05);
	near(t.lower, -2.944438979166);
	near(t.upper, 2.944438979166);
	assert_int_equal(stats_sprt_parse(&t, "-5,5,0.1,0.2", err,
	    sizeof err), 0);
	near(t.lower, -1.504077396776);
	near(t.upper, 2.079441541680);

	assert_int_equal(stats_sprt_parse(&t, "0,20,0.05", err, sizeof err), -1);
	assert_string_equal(err, "--sprt wants elo0,elo1,alpha,beta (for "
	    "example 0,20,0.05,0.05), not '0,20,0.05'");
	assert_int_equal(stats_sprt_parse(&t, "0,20,0.05,0.05x", err,
	    sizeof err), -1);
	assert_string_equal(err, "--sprt wants elo0,elo1,alpha,beta (for "
	    "example 0,20,0.05,0.05), not '0,20,0.05,0.05x'");
	assert_int_equal(stats_sprt_parse(&t, "20,0,0.05,0.05", err,
	    sizeof err), -1);
	assert_string_equal(err, "--sprt: elo1 (0) must be greater than elo0 (20)");
	assert_int_equal(stats_sprt_parse(&t, "5,5,0.05,0.05", err,
	    sizeof err), -1);
	assert_string_equal(err, "--sprt: elo1 (5) must be greater than elo0 (5)");
	assert_int_equal(stats_sprt_parse(&t, "0,inf,0.05,0.05", err,
	    sizeof err), -1);
	assert_string_equal(err, "--sprt: elo1 (inf) must be greater than elo0 (0)");
	assert_int_equal(stats_sprt_parse(&t, "0,20,0.5,0.05", err,
	    sizeof err), -1);
	assert_string_equal(err, "--sprt: alpha and beta must lie between 0 "
	    "and 0.5, not 0.5 and 0.05");
	assert_int_equal(stats_sprt_parse(&t, "0,20,0.05,0", err,
	    sizeof err), -1);
	assert_string_equal(err, "--sprt: alpha and beta must lie between 0 "
	    "and 0.5, not 0.05 and 0");
}

static void
test_sprt_llr(void **state)
{
	struct sprt t;
	char err[200];

	(void)state;
	assert_int_equal(stats_sprt_parse(&t, "0,20,0.05,0.05", err,
	    sizeof err), 0);
	assert_true(stats_sprt_llr(&t, 0, 0, 0) == 0);
	/* 70% of the points: past the upper bound, H1 accepted. */
	near(stats_sprt_llr(&t, 60, 20, 20), 3.321374648844);
	assert_true(stats_sprt_llr(&t, 60, 20, 20) > t.upper);
	/* Even: a little for H0. */
	near(stats_sprt_llr(&t, 45, 10, 45), -0.184394252304);
	/* A perfect record has a finite ratio (half a game of each
	 * outcome in the variance). */
	near(stats_sprt_llr(&t, 10, 0, 0), 2.787128223424);
	/* 30%: past the lower bound, H0 accepted. */
	near(stats_sprt_llr(&t, 20, 20, 60), -3.835807182684);
	assert_true(stats_sprt_llr(&t, 20, 20, 60) < t.lower);
}

static void
test_median(void **state)
{
	double odd[] = { 3, 1, 2 }, even[] = { 4, 1, 3, 2 }, one[] = { 7 };

	(void)state;
	assert_true(stats_median(odd, 3) == 2);
	/* Sorted in place. */
	assert_true(odd[0] == 1 && odd[1] == 2 && odd[2] == 3);
	assert_true(stats_median(even, 4) == 2.5);
	assert_true(stats_median(one, 1) == 7);
	assert_true(stats_median(one, 0) == 0);
	assert_true(stats_median(NULL, 0) == 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wilson),
		cmocka_unit_test(test_elo),
		cmocka_unit_test(test_los),
		cmocka_unit_test(test_sprt_parse),
		cmocka_unit_test(test_sprt_llr),
		cmocka_unit_test(test_median),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
