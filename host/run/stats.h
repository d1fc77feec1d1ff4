/*
 * stats.h - the statistics of tournaments and surveys: Wilson intervals,
 * Elo differences, likelihood of superiority, the SPRT, medians.
 */
#ifndef TABLERO_STATS_H
#define TABLERO_STATS_H

#define STATS_Z95 1.959963984540054	/* two-sided 95% normal quantile */

/*
 * The Wilson score interval of a proportion p observed over n trials, at
 * normal quantile z: [*lo, *hi], inside [0, 1] even at p = 0 or 1.
 */
void stats_wilson(double p, double n, double z, double *lo, double *hi);

/*
 * The Elo difference of a player scoring the share s of the points
 * against nplayers - 1 equal opponents (for two players the usual
 * -400 log10(1/s - 1)).  +-INFINITY at s = 1 or 0.
 */
double stats_elo(double s, int nplayers);

/*
 * Likelihood of superiority from wins and losses (draws do not count):
 * the normal approximation 0.5 + 0.5 erf((w - l) / sqrt(2 (w + l))).
 * 0.5 when w + l = 0.
 */
double stats_los(double wins, double losses);

/* An SPRT between elo0 and elo1 with error rates alpha and beta. */
struct sprt {
	double elo0, elo1, alpha, beta;
	double lower, upper;	/* the log-likelihood ratio's bounds */
};

/*
 * Set up an SPRT from text "elo0,elo1,alpha,beta"; returns 0, or -1 with
 * a message naming what is wrong.
 */
int stats_sprt_parse(struct sprt *t, const char *text, char *err,
    unsigned errlen);

/*
 * The log-likelihood ratio of H1 (elo1) against H0 (elo0) after
 * wins/draws/losses of the first player (normal approximation of the
 * score; the variance takes half a game of each outcome in addition, so
 * that a perfect record has a finite ratio).
 */
double stats_sprt_llr(const struct sprt *t, double wins, double draws,
    double losses);

/* The median of v[0..n) (sorts v in place); 0 when n = 0. */
double stats_median(double *v, long n);

#endif /* TABLERO_STATS_H */
