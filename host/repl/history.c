/*
 * history.c - moving in the game's history: undo, redo and history.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/game.h"
#include "base/util.h"
#include "core/session.h"
#include "core/sessiontext.h"
#include "repl/handlers.h"

static int
count_arg(const char *args, int *n, char *err, size_t errlen)
{
	char *copy;
	long v;

	args = tbl_skip_blanks(args);
	if (*args == '\0') {
		*n = 0;
		return 0;
	}
	copy = xstrdup(args);
	if (parse_long(strtrim(copy), 1, 1000000000L, &v) != 0) {
		snprintf(err, errlen, "expected a number of moves, not '%s'",
		    strtrim(copy));
		free(copy);
		return -1;
	}
	free(copy);
	*n = (int)v;
	return 0;
}

/* Has a seat that a human plays now made a move of this game? */
static int
human_moved(const struct app *a)
{
	const struct session *s = a->sess;
	int i;

	for (i = 0; i < s->nmoves; i++)
		if (s->movers[i] >= 0 && !app_seat_is_computer(a, s->movers[i]))
			return 1;
	return 0;
}

/* Take back (dir < 0) or replay n moves, or n == 0 one turn. */
static int
step(struct session *s, int dir, int n)
{
	return dir < 0 ? session_undo(s, n) : session_redo(s, n);
}

/*
 * `undo [N]` (dir < 0) and `redo [N]` (dir > 0): N moves, or without N
 * one user action.  Computer seats do not move after either: one that
 * is to move waits, and the output says so.
 */
static int
undo_redo(struct app *a, int dir, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	struct session *s;
	int n, k, more, who;

	if (app_need_game(a, err, errlen) || count_arg(args, &n, err, errlen))
		return -1;
	s = a->sess;
	if (dir < 0 && s->nmoves == 0) {
		snprintf(err, errlen, "nothing to undo: at the start of the game");
		return -1;
	}
	if (dir < 0 && n == 0 && !human_moved(a)) {
		snprintf(err, errlen, "nothing to undo: no human seat has moved "
		    "(undo N takes back N moves)");
		return -1;
	}
	if (dir > 0 && s->nmoves >= s->ntotal) {
		snprintf(err, errlen, "nothing to redo");
		return -1;
	}
	k = step(s, dir, n);
	/*
	 * Against a computer seat one undo (redo) is one user action: take
	 * back (replay) turns until a human seat is to move.
	 */
	who = game_to_move(s->g, s->cur);
	while (n == 0 && (dir < 0 ? s->nmoves > 0 : s->nmoves < s->ntotal) &&
	    (who < 0 || app_seat_is_computer(a, who)) &&
	    (more = step(s, dir, 0)) != 0) {
		k += more;
		who = game_to_move(s->g, s->cur);
	}
	sbuf_printf(out, "%s %d move%s\n", dir < 0 ? "took back" : "replayed",
	    k, k == 1 ? "" : "s");
	app_say_waiting(a, out);
	app_status_line(a, out);
	return 0;
}

int
cmd_undo(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	return undo_redo(a, -1, args, out, err, errlen);
}

int
cmd_redo(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	return undo_redo(a, 1, args, out, err, errlen);
}

int
cmd_history(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	if (app_need_game(a, err, errlen))
		return -1;
	if (a->sess->nmoves == 0)
		sbuf_puts(out, "no moves yet\n");
	session_history(a->sess, out, 0);
	return 0;
}
