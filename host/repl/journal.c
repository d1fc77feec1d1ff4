/*
 * journal.c - the autosave journal (see journal.h).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/safefile.h"
#include "core/paths.h"
#include "base/util.h"
#include "core/game.h"
#include "core/record.h"
#include "core/seat.h"
#include "core/session.h"
#include "repl/journal.h"

/*
 * The journal's file name, its directory created (0700) as needed, or
 * NULL when there is no state directory; the caller frees.
 */
static char *
journal_path(void)
{
	char err[1024], *dir = paths_user_dir_made(PATHS_STATE, NULL, err,
	    sizeof err), *path;

	if (dir == NULL) {
		if (*err)
			fprintf(stderr, "tablero: games are not autosaved: %s\n",
			    err);
		return NULL;
	}
	path = xasprintf("%s/journal", dir);
	free(dir);
	return path;
}

void
journal_start(struct journal **jp)
{
	struct journal *j;
	char *path;

	if (*jp != NULL)
		return;		/* started by --recover */
	path = journal_path();
	if (path == NULL)
		return;
	j = xcalloc(1, sizeof *j);
	j->path = path;
	if (access(path, F_OK) == 0) {
		j->held = 1;
		fprintf(stderr, "tablero: a game of an earlier session can be "
		    "recovered: type 'recover' (it is replaced once you play)\n");
	}
	*jp = j;
}

void
journal_update(struct journal *j, const struct session *s,
    const struct seat_spec *seats)
{
	char *text, err[1024];
	int np;

	if (j == NULL || s == NULL)
		return;
	/* Keep an earlier session's game until this one plays a move. */
	if (j->held && s->nmoves == 0)
		return;
	np = game_players(s->g, s->cur);
	text = record_text(s, seats, np);
	if (j->written && strcmp(j->written, text) == 0) {
		free(text);
		return;
	}
	if (safefile_replace(j->path, text, strlen(text), err, sizeof err) != 0) {
		if (!j->warned)
			fprintf(stderr, "tablero: autosave: %s\n", err);
		j->warned = 1;
		free(text);
		return;
	}
	j->warned = 0;
	j->held = 0;
	free(j->written);
	j->written = text;
}

void
journal_stop(struct journal **jp, int clean)
{
	struct journal *j = *jp;

	if (j == NULL)
		return;
	if (clean && !j->held && j->written)
		unlink(j->path);
	free(j->path);
	free(j->written);
	free(j);
	*jp = NULL;
}

struct session *
journal_recover(const struct journal *j, struct pluginset *ps, char **pathp,
    char *err, size_t errlen)
{
	char *path = j ? xstrdup(j->path) : journal_path();
	struct session *s;

	if (path == NULL) {
		snprintf(err, errlen, "no journal: neither XDG_STATE_HOME nor HOME "
		    "is set");
		return NULL;
	}
	if (access(path, F_OK) != 0) {
		snprintf(err, errlen, "no game to recover (%s: %s)", path,
		    strerror(errno));
		free(path);
		return NULL;
	}
	s = record_load(path, ps, err, errlen);
	if (s == NULL) {
		free(path);
		return NULL;
	}
	*pathp = path;
	return s;
}

void
journal_recovered(struct journal **jp, const char *path)
{
	struct journal *j = *jp;

	if (j == NULL) {
		/* Recovered before the REPL started: journal from here on. */
		j = xcalloc(1, sizeof *j);
		j->path = xstrdup(path);
		*jp = j;
	}
	j->held = 0;
	free(j->written);
	j->written = NULL;
}
