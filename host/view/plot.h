/*
 * plot.h - bar charts with intervals, for the survey and match reports:
 * groups along x (a survey's combinations, a match's players), in each
 * a bar per series with its 95% interval.  Drawn by gnuplot when it is
 * installed, else as SVG by tablero itself; either way one picture.
 */
#ifndef TABLERO_VIEW_PLOT_H
#define TABLERO_VIEW_PLOT_H

#include <stddef.h>

struct sbuf;

struct plot {
	const char *title;
	const char *ylabel;
	int ngroups, nseries;
	const char *const *groups;	/* x labels, ngroups */
	const char *const *series;	/* legend, nseries */
	/* [g * nseries + s], shares in [0, 1]; lo, hi < 0: no interval */
	const double *val, *lo, *hi;
};

/*
 * Draw p into path (an SVG file, replaced atomically).  `gnuplot`: the
 * program to use, or NULL to draw it without.  Returns 0, or -1 with a
 * message in err.
 */
int plot_write(const struct plot *p, const char *path, const char *gnuplot,
    char *err, size_t errlen);

/* The gnuplot on the PATH, or NULL; the caller frees it. */
char *plot_find_gnuplot(void);

/* The gnuplot script for p (its data inline): what plot_write runs. */
void plot_gnuplot_script(const struct plot *p, struct sbuf *b);

/* The SVG tablero draws for p without gnuplot. */
void plot_svg(const struct plot *p, struct sbuf *b);

#endif /* TABLERO_VIEW_PLOT_H */
