/*
 * survey_plot.c - `tablero survey --plot FILE.svg`: per combination, each
 * seat's win rate with its 95% interval, the draws and the games cut by
 * the move cap, drawn by view/plot.c.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cmd/survey_report.h"
#include "view/plot.h"

/*
 * The title of a survey's plot: the game, its fixed options, the games of
 * each combination and the players.
 */
static char *
plot_title(const struct survey_info *si, const long *n)
{
	struct sbuf t = { 0 };
	long c, least = si->h.games;
	int i;

	for (c = 0; n && c < si->ncombos; c++)
		least = n[c] < least ? n[c] : least;
	sbuf_printf(&t, "tablero survey %s%s%s: %ld game%s per combination%s, "
	    "players", si->h.game, *si->h.options ? " " : "", si->h.options,
	    least, least == 1 ? "" : "s", n ? " (interrupted)" : "");
	for (i = 0; i < si->h.np; i++)
		sbuf_printf(&t, "%s%s", i ? ", " : " ", si->h.players[i]);
	return t.s;
}

int
survey_plot(const struct survey_info *si, const struct game_out *res,
    const long *n, const char *svg)
{
	struct survey_row *rows = xcalloc((size_t)si->ncombos, sizeof *rows);
	int ns = si->h.np + 2, i, rc;
	size_t cells = (size_t)si->ncombos * (size_t)ns;
	double *v = xcalloc(cells, sizeof *v), *lo = xcalloc(cells, sizeof *lo);
	double *hi = xcalloc(cells, sizeof *hi);
	char **groups = xcalloc((size_t)si->ncombos, sizeof *groups);
	char **series = xcalloc((size_t)ns, sizeof *series), err[1024];
	char *gnuplot = plot_find_gnuplot();
	struct plot p = { NULL, "share of games", (int)si->ncombos, ns,
	    (const char *const *)groups, (const char *const *)series, v, lo, hi };
	long c;

	for (i = 0; i < si->h.np; i++)
		series[i] = xasprintf("seat %d (%s) wins", i + 1, si->h.names[i]);
	series[si->h.np] = xstrdup("draws");
	series[si->h.np + 1] = xstrdup("cut by the move cap");
	for (c = 0; c < si->ncombos; c++) {
		struct sbuf l = { 0 };
		double *row = v + c * ns;
		survey_measure(si, res + c * si->h.games, n ? n[c] : si->h.games,
		    &rows[c]);
		for (i = 0; i < si->nkeys; i++)
			sbuf_printf(&l, "%s%s=%s", i ? " " : "", si->keys[i],
			    si->values[c * si->nkeys + i]);
		groups[c] = l.s ? l.s : xstrdup("");
		for (i = 0; i < si->h.np; i++) {
			row[i] = rows[c].win[i];
			lo[c * ns + i] = rows[c].lo[i];
			hi[c * ns + i] = rows[c].hi[i];
		}
		row[i] = rows[c].draws;
		row[i + 1] = rows[c].cut;
		lo[c * ns + i] = hi[c * ns + i] = -1;
		lo[c * ns + i + 1] = hi[c * ns + i + 1] = -1;
	}
	p.title = plot_title(si, n);
	rc = plot_write(&p, svg, gnuplot, err, sizeof err);
	if (rc != 0)
		fprintf(stderr, "tablero: survey: %s\n", err);
	for (c = 0; c < si->ncombos; c++)
		free(groups[c]);
	for (i = 0; i < ns; i++)
		free(series[i]);
	free((char *)p.title);
	free(groups);
	free(series);
	free(gnuplot);
	free(rows);
	free(v);
	free(lo);
	free(hi);
	return rc != 0;
}

