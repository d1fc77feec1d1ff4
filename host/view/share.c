/*
 * share.c - the runs of lines the diagrams of a page share (share.h).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "view/share.h"

#define RUN 16			/* lines of a shared run */
#define REGIONS 2		/* the static board, the labels */

/* One diagram's lines (into its own copy of the text), and where each
 * region's lines start and end. */
struct diagram {
	char *text;
	char **l;
	int n;
	int from[REGIONS], to[REGIONS];
};

/* Does line l draw what changes from position to position: a mark, a
 * piece or its text, a count? */
static int
changing(const char *l)
{
	const char *c = strstr(l, " class=\"");

	if (c == NULL)
		return 0;
	c += 8;
	return strncmp(c, "mark", 4) == 0 || strncmp(c, "piece", 5) == 0 ||
	    strncmp(c, "count", 5) == 0;
}

static int
is_label(const char *l)
{
	return strncmp(l, "<text class=\"label", 18) == 0;
}

/* Split svg into d's lines (after the <svg> and <title> lines, the body
 * ends before </svg>) and find its regions. */
static void
split(struct diagram *d, const char *svg)
{
	char *p;
	int cap = 64, i;

	memset(d, 0, sizeof *d);
	d->text = xstrdup(svg);
	d->l = xmalloc((size_t)cap * sizeof *d->l);
	for (p = d->text; *p; ) {
		char *nl = strchr(p, '\n');
		if (d->n == cap) {
			cap *= 2;
			d->l = xrealloc(d->l, (size_t)cap * sizeof *d->l);
		}
		d->l[d->n++] = p;
		if (nl == NULL)
			break;
		*nl = '\0';
		p = nl + 1;
	}
	/* The board: after <svg> and <title>, up to what changes. */
	d->from[0] = d->n > 2 ? 2 : d->n;
	for (i = d->from[0]; i < d->n && !changing(d->l[i]) &&
	    strcmp(d->l[i], "</svg>") != 0; i++)
		;
	d->to[0] = i;
	for (; i < d->n && !is_label(d->l[i]); i++)
		;
	d->from[1] = i;
	for (; i < d->n && is_label(d->l[i]); i++)
		;
	d->to[1] = i;
}

/* Is run k of region r of d line for line that of base? */
static int
same_run(const struct diagram *d, const struct diagram *base, int r, int k)
{
	int a = base->from[r] + k * RUN, b = a + RUN, i;

	if (b > base->to[r])
		b = base->to[r];
	if (d->to[r] - d->from[r] != base->to[r] - base->from[r])
		return 0;
	for (i = a; i < b; i++)
		if (strcmp(d->l[i - base->from[r] + d->from[r]], base->l[i]) != 0)
			return 0;
	return 1;
}

/* The runs of each region: their number, and how many diagrams have each
 * (base first). */
static int *
count_runs(struct diagram *d, int n, int *nruns)
{
	int r, k, j, *uses;

	for (r = 0; r < REGIONS; r++)
		nruns[r] = (d[0].to[r] - d[0].from[r] + RUN - 1) / RUN;
	uses = xcalloc((size_t)(nruns[0] + nruns[1] + 1), sizeof *uses);
	for (r = 0; r < REGIONS; r++)
		for (k = 0; k < nruns[r]; k++)
			for (j = 0; j < n; j++)
				uses[r * nruns[0] + k] += same_run(&d[j], &d[0], r, k);
	return uses;
}

/* The hidden <svg> of the runs two diagrams or more share. */
static void
shared_svg(struct sbuf *out, const struct diagram *base, const int *nruns,
    const int *uses)
{
	int r, k, i, a, b;

	sbuf_puts(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	    "class=\"tablero-diagram shared\" width=\"0\" height=\"0\" "
	    "aria-hidden=\"true\"><defs>\n");
	for (r = 0; r < REGIONS; r++)
		for (k = 0; k < nruns[r]; k++) {
			if (uses[r * nruns[0] + k] < 2)
				continue;
			a = base->from[r] + k * RUN;
			b = a + RUN < base->to[r] ? a + RUN : base->to[r];
			sbuf_printf(out, "<g id=\"tb-%d-%d\">\n", r, k);
			for (i = a; i < b; i++)
				sbuf_printf(out, "%s\n", base->l[i]);
			sbuf_puts(out, "</g>\n");
		}
	sbuf_puts(out, "</defs></svg>\n");
}

/* Diagram d of `step`, its shared runs drawn with <use>. */
static void
one_position(struct sbuf *out, const struct diagram *d,
    const struct diagram *base, const int *nruns, const int *uses, int step)
{
	int i, r, k;

	sbuf_printf(out, "<div class=\"pos\" data-step=\"%d\" hidden>\n", step);
	for (i = 0; i < d->n; i++) {
		for (r = 0; r < REGIONS; r++)
			if (i >= d->from[r] && i < d->to[r])
				break;
		k = r < REGIONS ? (i - d->from[r]) / RUN : 0;
		if (r < REGIONS && (i - d->from[r]) % RUN == 0 &&
		    k < nruns[r] && uses[r * nruns[0] + k] >= 2 &&
		    same_run(d, base, r, k)) {
			sbuf_printf(out, "<use href=\"#tb-%d-%d\"/>\n", r, k);
			i += RUN - 1;
			if (i >= d->to[r])
				i = d->to[r] - 1;
			continue;
		}
		sbuf_printf(out, "%s\n", d->l[i]);
	}
	sbuf_puts(out, "</div>\n");
}

void
share_positions(struct sbuf *out, char **svg, int n)
{
	struct diagram *d = xcalloc((size_t)n + 1, sizeof *d);
	int nruns[REGIONS], *uses, j;

	for (j = 0; j < n; j++)
		split(&d[j], svg[j]);
	uses = count_runs(d, n, nruns);
	for (j = 0; j < nruns[0] + nruns[1] && uses[j] < 2; j++)
		;
	if (j < nruns[0] + nruns[1])
		shared_svg(out, &d[0], nruns, uses);
	for (j = 0; j < n; j++)
		one_position(out, &d[j], &d[0], nruns, uses, j);
	for (j = 0; j < n; j++) {
		free(d[j].text);
		free(d[j].l);
	}
	free(uses);
	free(d);
}
