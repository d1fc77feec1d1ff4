/*
 * colour.c - the sides' names in colour on a terminal.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "core/game.h"
#include "core/sessiontext.h"
#include "repl/colour.h"

/* Seat 1 red, 2 blue, 3 green, 4 magenta, then yellow and cyan; bold. */
static const char *const seat_colour[] = {
	"\033[1;31m", "\033[1;34m", "\033[1;32m", "\033[1;35m", "\033[1;33m",
	"\033[1;36m"
};
#define NCOLOURS (int)(sizeof seat_colour / sizeof seat_colour[0])
#define RESET "\033[0m"

int
colour_wanted(const struct app *a, int framed)
{
	const char *v = config_host(&a->host->cfg, "color");
	const char *no = getenv("NO_COLOR"), *term = getenv("TERM");

	if (framed || v == NULL || strcmp(v, "never") == 0)
		return 0;
	if (strcmp(v, "always") == 0)
		return 1;
	return isatty(1) && !(no && *no) && !(term && strcmp(term, "dumb") == 0);
}

/*
 * The seat whose name starts s and ends at a blank, ':' or ',' (the
 * longest such name), with its length in *len; -1 when none does.
 */
static int
side_at(const struct session *s, const char *p, size_t *len)
{
	int n = game_players(s->g, s->cur), i, best = -1;
	size_t bl = 0;

	for (i = 0; i < n; i++) {
		const char *name = session_player(s, i);
		size_t l = strlen(name);
		if (l > bl && strncmp(p, name, l) == 0 &&
		    (p[l] == ' ' || p[l] == ':' || p[l] == ','))
			best = i, bl = l;
	}
	*len = bl;
	return best;
}

/* Where a line names the side it is about: after "N. " or "game over: ". */
static const char *
subject(const char *line)
{
	const char *p = line;

	if (strncmp(p, "game over: ", 11) == 0)
		return p + 11;
	while (*p == ' ')
		p++;
	if (*p >= '0' && *p <= '9') {
		while (*p >= '0' && *p <= '9')
			p++;
		if (p[0] == '.' && p[1] == ' ')
			return p + 2;
		return line;
	}
	return line;
}

char *
colour_sides(const struct app *a, const char *text)
{
	struct sbuf b = { 0 };
	const char *p = text, *next, *at;
	size_t len;
	int who;

	if (!a->colour || a->sess == NULL)
		return xstrdup(text);
	for (; *p; p = next) {
		next = strchr(p, '\n');
		next = next ? next + 1 : p + strlen(p);
		at = subject(p);
		who = at < next ? side_at(a->sess, at, &len) : -1;
		if (who < 0) {
			sbuf_add(&b, p, (size_t)(next - p));
			continue;
		}
		sbuf_add(&b, p, (size_t)(at - p));
		sbuf_printf(&b, "%s%.*s%s", seat_colour[who % NCOLOURS], (int)len,
		    at, RESET);
		sbuf_add(&b, at + len, (size_t)(next - at - len));
	}
	return b.s ? b.s : xstrdup("");
}

char *
colour_prompt(const struct app *a, char *prompt)
{
	struct session *s = a->sess;
	const char *name;
	char *sp, *out;
	int who;

	if (!a->colour || s == NULL)
		return prompt;
	who = game_to_move(s->g, s->cur);
	if (who < 0)
		return prompt;
	name = session_player(s, who);
	sp = strchr(prompt, ' ');
	if (sp == NULL || strncmp(sp + 1, name, strlen(name)) != 0)
		return prompt;
	out = xasprintf("%.*s\001%s\002%s\001%s\002%s", (int)(sp + 1 - prompt),
	    prompt, seat_colour[who % NCOLOURS], name, RESET,
	    sp + 1 + strlen(name));
	free(prompt);
	return out;
}
