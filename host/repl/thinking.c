/*
 * thinking.c - the live line of a computer player's search on a terminal.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "base/util.h"
#include "core/sessiontext.h"
#include "repl/colour.h"
#include "repl/thinking.h"

/* Seconds of search before the line shows, and between its redraws. */
#define SHOW_AFTER 0.5
#define REDRAW_EVERY 0.1

/* The search being followed (one at a time: the REPL searches on its
 * own thread, and readline's glue is as single). */
static struct live {
	char label[96];		/* "Q (mcts:30000ms)" */
	double t0, last;	/* when the search began, last redrawn */
	int shown;		/* the width of the line on the screen, or 0 */
} live;

void
thinking_count(long n, char *buf, size_t len)
{
	if (n < 1000)
		snprintf(buf, len, "%ld", n);
	else if (n < 1000000)
		snprintf(buf, len, "%ldk", n / 1000);
	else
		snprintf(buf, len, "%.1fM", (double)n / 1e6);
}

/* ai_player_set_progress()'s hook: redraw the line now and then. */
static void
progress(void *arg, long playouts)
{
	struct live *l = arg;
	double t = now_seconds();
	char n[32], line[160];
	int w;

	if (t - l->t0 < SHOW_AFTER || t - l->last < REDRAW_EVERY)
		return;
	l->last = t;
	thinking_count(playouts, n, sizeof n);
	w = snprintf(line, sizeof line, "%s is thinking... %.1f s, %s playouts",
	    l->label, t - l->t0, n);
	if (w >= (int)sizeof line)
		w = (int)sizeof line - 1;
	/* Blanks over a longer line before: no escape sequence is needed. */
	printf("\r%s%*s", line, l->shown > w ? l->shown - w : 0, "");
	if (w > l->shown)
		l->shown = w;
	fflush(stdout);
}

void
thinking_hook(struct app *a, struct ai_player *p, int who,
    const struct seat_spec *spec, struct sbuf *out, int start)
{
	char s[64];

	if (start) {
		/* What the command has done so far shows before the wait. */
		char *t = colour_sides(a, sbuf_str(out));
		fputs(t, stdout);
		free(t);
		sbuf_reset(out);
		fflush(stdout);
		seat_format(spec, s, sizeof s);
		snprintf(live.label, sizeof live.label, "%s (%s)",
		    session_player(a->sess, who), s);
		live.t0 = live.last = now_seconds();
		live.shown = 0;
		ai_player_set_progress(p, progress, &live);
		return;
	}
	ai_player_set_progress(p, NULL, NULL);
	if (live.shown) {
		printf("\r%*s\r", live.shown, "");
		fflush(stdout);
	}
	live.shown = 0;
}
