/*
 * learn.c - `explain` and `goto`.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "repl/app.h"
#include "repl/learn.h"
#include "core/game.h"
#include "core/session.h"
#include "core/sessiontext.h"
#include "base/util.h"

/* The first history entry of the last turn, as a plain `undo` finds it. */
static int
last_turn_start(const struct session *s)
{
	int k = s->nmoves, who;

	while (k > 0 && (s->movers[k - 1] == TBL_CHANCE ||
	    SESSION_IS_PASS(s->movers[k - 1])))
		k--;
	if (k > 0) {
		who = s->movers[k - 1];
		while (k > 0 && s->movers[k - 1] == who)
			k--;
	}
	return k;
}

/*
 * The last turn played, with the chance outcomes and passes that followed
 * it, a line each: what the game says each move did.
 */
static void
tell_last_turn(const struct session *s, struct sbuf *out)
{
	struct tbl_state *st = s->g->clone(s->start);
	int k = last_turn_start(s), i;
	char *text, *said;

	for (i = 0; i < s->nmoves; i++) {
		int who = s->movers[i];
		if (SESSION_IS_PASS(who)) {
			if (i >= k)
				sbuf_printf(out, "%s passes\n",
				    session_player(s, SESSION_PASSER(who)));
			continue;
		}
		if (i >= k) {
			text = game_move_text(s->g, st, s->moves[i]);
			said = game_narrate(s->g, st, s->moves[i], text);
			sbuf_printf(out, "%s%s\n", who == TBL_CHANCE ?
			    "chance: " : "", said);
			free(said);
			free(text);
		}
		s->g->apply(st, s->moves[i]);
	}
	s->g->destroy(st);
}

/*
 * `explain`: what the last turn did; `explain MOVE ...`: what the turn
 * would do, or why it may not be played (the error playing it gives).
 */
int
cmd_explain(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	char *text = strtrim(args);

	if (app_need_game(a, err, errlen))
		return -1;
	if (*text == '\0') {
		if (a->sess->nmoves == 0) {
			snprintf(err, errlen, "no move played yet: 'explain MOVE' "
			    "says what a move would do");
			return -1;
		}
		tell_last_turn(a->sess, out);
		return 0;
	}
	return session_explain(a->sess, text, out, err, errlen) == PLAY_OK ?
	    0 : -1;
}

/*
 * The history entry after turn `turn` (numbered as `history` numbers
 * them, over the taken-back moves too), with the chance outcomes that
 * followed it; 0 for turn 0; -1 past the last turn (*last: the turns).
 */
static int
turn_end(const struct session *s, long turn, long *last)
{
	int i = 0, end = -1;
	long t = 0;

	if (turn == 0)
		end = 0;
	while (i < s->ntotal) {
		int who = s->movers[i];
		if (who == TBL_CHANCE) {
			i++;
			if (end >= 0 && t == turn)
				end = i;
			continue;
		}
		t++;
		if (SESSION_IS_PASS(who))
			i++;
		else
			while (i < s->ntotal && s->movers[i] == who)
				i++;
		if (t == turn)
			end = i;
	}
	*last = t;
	return end;
}

/* `goto N`: the position after turn N of the history, back or forward. */
int
cmd_goto(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	struct session *s;
	long n, last;
	int k, i, moves;

	if (app_need_game(a, err, errlen))
		return -1;
	s = a->sess;
	if (parse_long(strtrim(args), 0, 1000000000L, &n) != 0) {
		snprintf(err, errlen, "goto wants a turn number of the history "
		    "(0: the start), not '%s'", strtrim(args));
		return -1;
	}
	k = turn_end(s, n, &last);
	if (k < 0) {
		snprintf(err, errlen, "no turn %ld: the history has %ld turn%s", n,
		    last, last == 1 ? "" : "s");
		return -1;
	}
	/* Passes sit between moves: count the moves, as undo and redo do. */
	for (i = k, moves = 0; i < s->nmoves; i++)
		moves += !SESSION_IS_PASS(s->movers[i]);
	if (moves > 0)
		session_undo(s, moves);
	while (s->nmoves < k && session_redo(s, 1) > 0)
		;
	sbuf_printf(out, "at turn %ld of %ld\n", n, last);
	app_say_waiting(a, out);
	app_status_line(a, out);
	return 0;
}
