/*
 * plot.c - bar charts with intervals as SVG: through gnuplot when it is
 * there (the script passed on its standard input, every text in it a
 * single-quoted gnuplot string, escape.h), else drawn here.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/safefile.h"
#include "base/util.h"
#include "view/escape.h"
#include "view/plot.h"

static const char *const colour[] = {
	"#4477aa", "#ee6677", "#228833", "#ccbb44", "#66ccee", "#aa3377",
	"#bbbbbb"
};
#define NCOLOURS (int)(sizeof colour / sizeof colour[0])

static double
at(const double *v, const struct plot *p, int g, int s)
{
	double x = v[g * p->nseries + s];

	return isfinite(x) ? x : 0;
}

static int
has_interval(const struct plot *p, int g, int s)
{
	return p->lo[g * p->nseries + s] >= 0 && p->hi[g * p->nseries + s] >= 0;
}

/* The longest of n texts, in bytes. */
static size_t
longest_of(const char *const *t, int n)
{
	size_t most = 1;
	int i;

	for (i = 0; i < n; i++)
		if (strlen(t[i]) > most)
			most = strlen(t[i]);
	return most;
}

/*
 * The x tics: each group's label under it, turned to run down to the
 * left from its group when it would not fit the group's width; and the
 * bottom margin that leaves them (in character heights).
 */
static void
gnuplot_xtics(const struct plot *p, struct sbuf *b, int groupw)
{
	size_t longest = longest_of(p->groups, p->ngroups);
	int g, turn = longest * 7.0 > groupw * 0.95;

	sbuf_printf(b, "set bmargin %d\nset xtics nomirror %s(", turn ? 3 +
	    (int)(0.3 * (double)(longest > 60 ? 60 : longest)) : 3, turn ?
	    "rotate by 30 right " : "");
	for (g = 0; g < p->ngroups; g++) {
		struct sbuf l = { 0 };
		const char *c;
		for (c = p->groups[g]; *c; c++)	/* a format: % as %% */
			sbuf_add(&l, c, *c == '%' ? 0 : 1), sbuf_puts(&l,
			    *c == '%' ? "%%" : "");
		sbuf_puts(b, g ? ", " : "");
		gnuplot_string(b, sbuf_str(&l));
		sbuf_free(&l);
		sbuf_printf(b, " %d", g);
	}
	sbuf_puts(b, ")\n");
}

/*
 * The bars, then each bar's percentage above it (above its interval):
 * in a histogram of n series with gap 1, bar s of group g stands at
 * g + (s - (n - 1) / 2) / (n + 1).
 */
static void
gnuplot_plot(const struct plot *p, struct sbuf *b)
{
	int s, n = p->nseries;

	sbuf_puts(b, "plot ");
	for (s = 0; s < n; s++) {
		sbuf_printf(b, "%s$data using %d:%d:%d title ", s ? ", " : "",
		    2 + 3 * s, 3 + 3 * s, 4 + 3 * s);
		gnuplot_string(b, p->series[s]);
		sbuf_printf(b, " linecolor rgb '%s'", colour[s % NCOLOURS]);
	}
	for (s = 0; s < n; s++)
		sbuf_printf(b, ", $data using ($1 + %.4f):%d:(sprintf('%%.0f%%%%', "
		    "100 * $%d)) with labels offset 0,0.6 font ',9' notitle",
		    (s - (n - 1) / 2.0) / (n + 1), 4 + 3 * s, 2 + 3 * s);
	sbuf_puts(b, "\n");
}

void
plot_gnuplot_script(const struct plot *p, struct sbuf *b)
{
	int g, s, groupw = 30 + 24 * p->nseries;
	int keyw = 60 + 7 * (int)longest_of(p->series, p->nseries);
	int w = 90 + p->ngroups * groupw + keyw;

	if (w < 640) {		/* the plot fills the picture */
		groupw = (640 - 90 - keyw) / p->ngroups;
		w = 640;
	}
	sbuf_printf(b, "set terminal svg size %d,520 dynamic noenhanced\n"
	    "set output\nset title ", w);
	gnuplot_string(b, p->title);
	sbuf_puts(b, "\nset ylabel ");
	gnuplot_string(b, p->ylabel);
	/* Tic labels are formats: %% is a percent sign. */
	sbuf_puts(b, "\nset yrange [-0.02:1.08]\n"
	    "set ytics ('0%%' 0, '25%%' 0.25, '50%%' 0.5, '75%%' 0.75, "
	    "'100%%' 1)\nset grid ytics\nset style data histograms\n"
	    "set style histogram errorbars gap 1 lw 1\n"
	    "set style fill solid 0.7 border -1\n"
	    "set key outside right top Left reverse noenhanced\n"
	    "set lmargin 10\n");
	gnuplot_xtics(p, b, groupw);
	sbuf_printf(b, "set xrange [-0.6:%.1f]\n$data << EOD\n",
	    p->ngroups - 0.4);
	for (g = 0; g < p->ngroups; g++) {
		sbuf_printf(b, "%d", g);
		for (s = 0; s < p->nseries; s++) {
			double v = at(p->val, p, g, s);
			int iv = has_interval(p, g, s);
			sbuf_printf(b, " %.4f %.4f %.4f", v, iv ? at(p->lo, p, g, s) :
			    v, iv ? at(p->hi, p, g, s) : v);
		}
		sbuf_puts(b, "\n");
	}
	sbuf_puts(b, "EOD\n");
	gnuplot_plot(p, b);
}

/* The chart's geometry. */
struct frame {
	double left, top, pw, ph, gw, bw;
	int rotate;
};

static void
svg_axes(const struct plot *p, const struct frame *f, struct sbuf *b)
{
	int k;

	for (k = 0; k <= 4; k++) {
		double y = f->top + f->ph - f->ph * k / 4;
		sbuf_printf(b, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" "
		    "x2=\"%.1f\" y2=\"%.1f\"/>\n<text class=\"ytick\" x=\"%.1f\" "
		    "y=\"%.1f\">%d%%</text>\n", f->left, y, f->left + f->pw, y,
		    f->left - 6, y + 4, 25 * k);
	}
	sbuf_printf(b, "<text class=\"ylabel\" transform=\"translate(16 %.1f) "
	    "rotate(-90)\">", f->top + f->ph / 2);
	xml_escape(b, p->ylabel);
	sbuf_puts(b, "</text>\n");
}

static void
svg_group(const struct plot *p, const struct frame *f, int g, struct sbuf *b)
{
	double base = f->top + f->ph;
	double x0 = f->left + (g + 0.5) * f->gw - f->bw * p->nseries / 2;
	int s;

	for (s = 0; s < p->nseries; s++) {
		double v = at(p->val, p, g, s), x = x0 + s * f->bw;
		double h = v * f->ph < 1.5 ? 1.5 : v * f->ph, cx = x + f->bw / 2;
		double top = base - v * f->ph;
		sbuf_printf(b, "<rect class=\"bar\" data-group=\"%d\" "
		    "data-series=\"%d\" data-value=\"%.4f\" fill=\"%s\" "
		    "x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>\n", g,
		    s, v, colour[s % NCOLOURS], x + 1, base - h, f->bw - 2, h);
		if (has_interval(p, g, s)) {
			double lo = base - at(p->lo, p, g, s) * f->ph;
			double hi = base - at(p->hi, p, g, s) * f->ph;
			sbuf_printf(b, "<path class=\"interval\" d=\"M%.1f %.1fV%.1f"
			    "M%.1f %.1fH%.1fM%.1f %.1fH%.1f\"/>\n", cx, lo, hi,
			    cx - 3, lo, cx + 3, cx - 3, hi, cx + 3);
			top = hi < top ? hi : top;
		}
		sbuf_printf(b, "<text class=\"value\" x=\"%.1f\" y=\"%.1f\">"
		    "%.0f%%</text>\n", cx, top - 4, 100 * v);
	}
	/* A turned label ends under its group and runs down to the left,
	 * clear of the bars (the style sheet anchors it at its end). */
	if (f->rotate)
		sbuf_printf(b, "<text class=\"xlabel turned\" transform=\""
		    "translate(%.1f %.1f) rotate(-30)\">", f->left + (g + 0.5) *
		    f->gw + 4, base + 14);
	else
		sbuf_printf(b, "<text class=\"xlabel\" x=\"%.1f\" y=\"%.1f\">",
		    f->left + (g + 0.5) * f->gw, base + 18);
	xml_escape(b, p->groups[g]);
	sbuf_puts(b, "</text>\n");
}

void
plot_svg(const struct plot *p, struct sbuf *b)
{
	struct frame f;
	size_t longest = longest_of(p->groups, p->ngroups);
	double w, h, bottom;
	int g, s;

	/* The plot fills the picture (at least 640 wide) beside the legend;
	 * bars are at most 48 pixels wide, centred in their group. */
	f.left = 70;
	f.top = 50;
	f.gw = 30.0 + 24 * p->nseries;
	if (f.gw * p->ngroups < 640 - f.left - 230)
		f.gw = (640 - f.left - 230) / p->ngroups;
	f.rotate = longest * 7.0 > f.gw * 0.95;
	bottom = f.rotate ? 34 + 0.5 * 7.0 * (double)(longest > 60 ? 60 :
	    longest) : 40;
	f.pw = f.gw * p->ngroups;
	f.ph = 320;
	f.bw = f.gw * 0.8 / p->nseries;
	if (f.bw > 48)
		f.bw = 48;
	w = f.left + f.pw + 230;
	h = f.top + f.ph + bottom;
	sbuf_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "
	    "xmlns=\"http://www.w3.org/2000/svg\" class=\"tablero-plot\" "
	    "width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">\n<style>"
	    "text{font-family:DejaVu Sans,Verdana,sans-serif;font-size:12px;"
	    "fill:#111}.title{font-size:14px;text-anchor:middle}"
	    ".ytick{text-anchor:end}.ylabel,.value,.xlabel{text-anchor:middle}"
	    ".xlabel.turned{text-anchor:end}"
	    ".value{font-size:9px}.grid{stroke:#ccc}"
	    ".bar{stroke:#111;stroke-width:.5}.interval{stroke:#111;"
	    "fill:none}</style>\n<rect width=\"100%%\" height=\"100%%\" "
	    "fill=\"#fff\"/>\n<text class=\"title\" x=\"%.1f\" y=\"24\">", w, h,
	    w, h, w / 2);
	xml_escape(b, p->title);
	sbuf_puts(b, "</text>\n");
	svg_axes(p, &f, b);
	for (g = 0; g < p->ngroups; g++)
		svg_group(p, &f, g, b);
	for (s = 0; s < p->nseries; s++) {
		double y = f.top + 10 + 20 * s, x = f.left + f.pw + 20;
		sbuf_printf(b, "<rect fill=\"%s\" x=\"%.1f\" y=\"%.1f\" "
		    "width=\"14\" height=\"12\"/>\n<text class=\"legend\" "
		    "x=\"%.1f\" y=\"%.1f\">", colour[s % NCOLOURS], x, y - 10,
		    x + 20, y);
		xml_escape(b, p->series[s]);
		sbuf_puts(b, "</text>\n");
	}
	sbuf_puts(b, "</svg>\n");
}

char *
plot_find_gnuplot(void)
{
	const char *path = getenv("PATH");
	char *copy, *dir, *save = NULL, *found = NULL;

	if (path == NULL)
		return NULL;
	copy = xstrdup(path);
	for (dir = strtok_r(copy, ":", &save); dir && !found;
	    dir = strtok_r(NULL, ":", &save)) {
		char *f = path_join(*dir ? dir : ".", "gnuplot");
		if (access(f, X_OK) == 0)
			found = f;
		else
			free(f);
	}
	free(copy);
	return found;
}

/* Run gnuplot on script, its output in out.  0, or -1 with err. */
static int
run_gnuplot(const char *gnuplot, const struct sbuf *script, struct sbuf *out,
    char *err, size_t errlen)
{
	FILE *in = tmpfile();
	int fds[2], status;
	char buf[8192];
	ssize_t n;
	pid_t pid;

	if (in == NULL || fwrite(script->s, 1, script->len, in) != script->len ||
	    fflush(in) != 0 || fseek(in, 0, SEEK_SET) != 0 || pipe(fds) != 0) {
		snprintf(err, errlen, "cannot run gnuplot: %s", strerror(errno));
		if (in)
			fclose(in);
		return -1;
	}
	fflush(NULL);
	if ((pid = fork()) == 0) {
		dup2(fileno(in), 0);
		dup2(fds[1], 1);
		close(fds[0]);
		close(fds[1]);
		coverage_dump();	/* exec replaces the counts too */
		execl(gnuplot, "gnuplot", (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	while (pid > 0 && ((n = read(fds[0], buf, sizeof buf)) > 0 ||
	    (n < 0 && errno == EINTR)))
		if (n > 0)
			sbuf_add(out, buf, (size_t)n);
	close(fds[0]);
	fclose(in);
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0 || out->len == 0) {
		snprintf(err, errlen, "gnuplot failed");
		return -1;
	}
	return 0;
}

int
plot_write(const struct plot *p, const char *path, const char *gnuplot,
    char *err, size_t errlen)
{
	struct sbuf out = { 0 }, script = { 0 };
	int rc = 0;

	if (p->ngroups < 1 || p->nseries < 1) {
		snprintf(err, errlen, "%s: nothing to plot", path);
		return -1;
	}
	if (gnuplot) {
		plot_gnuplot_script(p, &script);
		rc = run_gnuplot(gnuplot, &script, &out, err, errlen);
	} else
		plot_svg(p, &out);
	if (rc == 0)
		rc = safefile_replace(path, out.s, out.len, err, errlen);
	sbuf_free(&out);
	sbuf_free(&script);
	return rc;
}
