/*
 * stats.c - Wilson intervals, Elo, likelihood of superiority, SPRT and
 * medians for `tablero match` and `tablero survey`.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "run/stats.h"

void
stats_wilson(double p, double n, double z, double *lo, double *hi)
{
	double z2 = z * z, den, mid, half;

	if (n <= 0) {
		*lo = 0;
		*hi = 1;
		return;
	}
	den = 1 + z2 / n;
	mid = (p + z2 / (2 * n)) / den;
	half = z / den * sqrt(fmax(0, p * (1 - p) / n + z2 / (4 * n * n)));
	*lo = fmax(0, mid - half);
	*hi = fmin(1, mid + half);
	/* A sweep's bound is its estimate exactly, not a rounding below it. */
	if (p >= 1)
		*hi = 1;
	if (p <= 0)
		*lo = 0;
}

double
stats_elo(double s, int nplayers)
{
	if (s <= 0)
		return -INFINITY;
	if (s >= 1)
		return INFINITY;
	/* Luce model: s = q / (q + (P - 1) q0), so q / q0 = s (P - 1) / (1 - s). */
	return 400 * log10(s * (nplayers - 1) / (1 - s));
}

/* The expected score against one opponent of a player `elo` stronger. */
static double
stats_elo_score(double elo)
{
	return 1 / (1 + pow(10, -elo / 400));
}

double
stats_los(double wins, double losses)
{
	if (wins + losses <= 0)
		return 0.5;
	return 0.5 + 0.5 * erf((wins - losses) / sqrt(2 * (wins + losses)));
}

int
stats_sprt_parse(struct sprt *t, const char *text, char *err, unsigned errlen)
{
	char tail;

	if (sscanf(text, "%lf,%lf,%lf,%lf%c", &t->elo0, &t->elo1, &t->alpha,
	    &t->beta, &tail) != 4) {
		snprintf(err, errlen, "--sprt wants elo0,elo1,alpha,beta (for "
		    "example 0,20,0.05,0.05), not '%s'", text);
		return -1;
	}
	if (!(t->elo1 > t->elo0) || !isfinite(t->elo0) || !isfinite(t->elo1)) {
		snprintf(err, errlen, "--sprt: elo1 (%g) must be greater than "
		    "elo0 (%g)", t->elo1, t->elo0);
		return -1;
	}
	if (!(t->alpha > 0 && t->alpha < 0.5 && t->beta > 0 && t->beta < 0.5)) {
		snprintf(err, errlen, "--sprt: alpha and beta must lie between 0 "
		    "and 0.5, not %g and %g", t->alpha, t->beta);
		return -1;
	}
	t->lower = log(t->beta / (1 - t->alpha));
	t->upper = log((1 - t->beta) / t->alpha);
	return 0;
}

double
stats_sprt_llr(const struct sprt *t, double wins, double draws, double losses)
{
	double n = wins + draws + losses, s0, s1, m, rw, rd, rl, rn, rm, var;

	if (n <= 0)
		return 0;
	s0 = stats_elo_score(t->elo0);
	s1 = stats_elo_score(t->elo1);
	m = (wins + draws / 2) / n;
	rw = wins + 0.5;
	rd = draws + 0.5;
	rl = losses + 0.5;
	rn = rw + rd + rl;
	rm = (rw + rd / 2) / rn;
	var = (rw + rd / 4) / rn - rm * rm;
	return n * (s1 - s0) * (2 * m - s0 - s1) / (2 * var);
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double
stats_median(double *v, long n)
{
	if (n <= 0)
		return 0;
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
