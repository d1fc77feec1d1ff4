/*
 * records.c - game records: save, load, and recover (the autosave
 * journal's game).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fuzzsandbox.h"
#include "base/util.h"
#include "core/game.h"
#include "core/record.h"
#include "core/session.h"
#include "repl/handlers.h"
#include "repl/journal.h"
#include "view/page.h"

/* `save FILE.svg`: the position's diagram; `save FILE.html`: the page. */
static int
save_picture(struct app *a, const char *path, int np, struct sbuf *out,
    char *err, size_t errlen)
{
	char *rec = record_text(a->sess, a->seats, np);
	int steps = view_steps(a->sess);
	int rc = view_save(a->sess, rec, steps, path, err, errlen);

	free(rec);
	if (rc != 0)
		return -1;
	sbuf_printf(out, "saved the %s after %d move%s to %s\n",
	    strstr(path, ".svg") ? "diagram" : "game's page", steps,
	    steps == 1 ? "" : "s", path);
	return 0;
}

int
cmd_save(struct app *a, char *args, struct sbuf *out, char *err, size_t errlen)
{
	char *path = strtrim(args);
	int np;

	if (app_need_game(a, err, errlen) ||
	    FUZZ_SANDBOX_REFUSES(path, err, errlen))
		return -1;
	/* The record names who played each seat. */
	np = game_players(a->sess->g, a->sess->cur);
	if (view_is_picture(path))
		return save_picture(a, path, np, out, err, errlen);
	if (record_save(a->sess, a->seats, np,
	    path, err, errlen) != 0)
		return -1;
	sbuf_printf(out, "saved %d move%s to %s\n", session_count_moves(a->sess),
	    session_count_moves(a->sess) == 1 ? "" : "s", path);
	return 0;
}

int
cmd_load(struct app *a, char *args, struct sbuf *out, char *err, size_t errlen)
{
	char *path = strtrim(args);
	struct session *s;

	if (FUZZ_SANDBOX_REFUSES(path, err, errlen))
		return -1;
	s = record_load(path, &a->host->plugins, err, errlen);
	if (s == NULL)
		return -1;
	/* Resume with the seats the record names. */
	if (s->players && app_seats_from_text(a, s->players,
	    game_players(s->g, s->cur), s->g->name, err, errlen) != 0) {
		session_free(s);
		return -1;
	}
	app_install(a, s);
	sbuf_printf(out, "loaded %s: %d move%s of %s\n", path,
	    session_count_moves(s), session_count_moves(s) == 1 ? "" : "s",
	    s->g->name);
	app_autoplay(a, out);
	app_status_line(a, out);
	return 0;
}

int
cmd_recover(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	(void)args;
	return records_recover(a, out, err, errlen);
}

int
records_recover(struct app *a, struct sbuf *out, char *err, size_t errlen)
{
	char *path;
	struct session *s = journal_recover(a->journal, &a->host->plugins,
	    &path, err, errlen);

	if (s == NULL)
		return -1;
	if (s->players && app_seats_from_text(a, s->players,
	    game_players(s->g, s->cur), s->g->name, err, errlen) != 0) {
		session_free(s);
		free(path);
		return -1;
	}
	app_install(a, s);
	journal_recovered(&a->journal, path);
	sbuf_printf(out, "recovered %d move%s of %s from %s\n",
	    session_count_moves(s), session_count_moves(s) == 1 ? "" : "s",
	    s->g->name, path);
	free(path);
	app_autoplay(a, out);
	app_status_line(a, out);
	return 0;
}
