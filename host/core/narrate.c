/*
 * narrate.c - what a move does, as the game tells it.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/narrate.h"
#include "base/util.h"

/* The longest account of one move the host takes. */
#define NARRATION_MAX 4096

char *
narrate_move(const struct tbl_game *g, const struct tbl_state *st,
    tbl_move m, const char *text)
{
	size_t len = 256;
	char *t;
	int n;

	if (g->narrate == NULL)
		return xasprintf("%s: %s does not tell what its moves do", text,
		    g->name);
	t = xcalloc(1, len);
	n = g->narrate(st, m, t, len);
	if (n >= (int)len && n <= NARRATION_MAX) {
		len = (size_t)n + 1;
		free(t);
		t = xcalloc(1, len);
		n = g->narrate(st, m, t, len);
	}
	if (n <= 0 || n >= (int)len) {
		/* Nothing to say, or a length that changed between calls. */
		free(t);
		return xstrdup(text);
	}
	t[strcspn(t, "\n")] = '\0';	/* one line, even if the game wrote more */
	return t;
}

char *
narrate_game_end(const struct tbl_game *g, const struct tbl_state *st,
    tbl_move m)
{
	char buf[256], *p;
	int n;

	if (g->match_game_end == NULL)
		return NULL;
	buf[0] = '\0';
	n = g->match_game_end(st, m, buf, sizeof buf);
	if (n <= 0)
		return NULL;
	buf[sizeof buf - 1] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	for (p = buf; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	return buf[0] ? xstrdup(buf) : NULL;
}
