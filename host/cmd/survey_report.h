/*
 * survey_report.h - what a survey's report is made of: its header (the
 * game, the swept keys and each combination's values), the measures of
 * each combination, and the report printed as a table, CSV or JSON, or
 * drawn with gnuplot.  Private to survey*.c.
 */
#ifndef TABLERO_SURVEY_REPORT_H
#define TABLERO_SURVEY_REPORT_H

#include <stdio.h>

#include "run/endways.h"
#include "run/playgame.h"

struct jobject;
struct sbuf;

#define SURVEY_MAX_KEYS 8
#define SURVEY_MAX_COMBOS 1024

/* What a survey's report needs besides its games: its JSON header. */
struct survey_info {
	struct run_head h;		/* game, fixed options, seed, players... */
	int nkeys;
	long ncombos;
	char *keys[SURVEY_MAX_KEYS];
	char **values;			/* ncombos * nkeys */
	long nvalues;			/* the strings values holds */
	long planned;			/* Ctrl-C stopped the run: its games */
};

void survey_info_free(struct survey_info *si);

/* The header line (no newline); shard_n > 1 adds "shard":"K/N". */
void survey_header_json(const struct survey_info *si, long shard_k,
    long shard_n, struct sbuf *b);

/* Read a header back into si (free with survey_info_free); 0 or -1. */
int survey_info_read(const struct jobject *o, struct survey_info *si,
    char *err, size_t errlen);

/* The measures of one combination. */
struct survey_row {
	long n;
	double win[TBL_MAX_PLAYERS], lo[TBL_MAX_PLAYERS], hi[TBL_MAX_PLAYERS];
	double draws, cut, limit;	/* limit: at the game's own turn limit */
	double turns_mean, turns_median, dec_mean, dec_median;
	double branching, forced;
	struct endways ends;		/* other than by the rules */
};

/* The measures of the n games res[0..n) into r. */
void survey_measure(const struct survey_info *si, const struct game_out *res,
    long n, struct survey_row *r);

/*
 * Print the report of the games (res: combo * games + index); n[c] of
 * combination c's are in (those first), or all of them when n is NULL.
 * format: 't' (table), 'c' (CSV) or 'j' (JSON rows).
 */
void survey_report(const struct survey_info *si, const struct game_out *res,
    const long *n, int format, FILE *fp);

/*
 * Draw the survey as FILE (view/plot.h): per combination, each seat's
 * win rate with its 95% interval, the draws and the games cut by the
 * move cap.  Returns 0, or 1 after saying why not.
 */
int survey_plot(const struct survey_info *si, const struct game_out *res,
    const long *n, const char *svg);

#endif /* TABLERO_SURVEY_REPORT_H */
