/*
 * sessiontext.c - what a session says in words: its players, a move and
 * the passes after it, the end of a game of a match, the history as
 * turns (or as a record's move lines) and the result.  It reads the
 * session's data and calls nothing of the play (session.c).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "core/game.h"
#include "core/sessiontext.h"

const char *
session_player(const struct session *s, int p)
{
	const char *name;

	if (p == TBL_CHANCE)
		return "chance";
	if (p < 0)
		return "nobody";
	name = game_player_name(s->g, s->cur, p);
	return name ? name : "?";
}

int
session_games_ended(const struct session *s, int n)
{
	int i, k = 0;

	for (i = 0; i < n; i++)
		k += s->ends[i] != NULL;
	return k;
}

void
session_say_game_ends(const struct session *s, int from, struct sbuf *out)
{
	int i, n = 0;

	for (i = 0; i < s->nmoves; i++) {
		if (s->ends[i] == NULL)
			continue;
		n++;
		if (i >= from)
			sbuf_printf(out, "game %d %s: %s\n", n, SESSION_GAMES(s),
			    s->ends[i]);
	}
}

void
session_say_passes(const struct session *s, int from, struct sbuf *out)
{
	int i;

	for (i = from < 0 ? 0 : from; i < s->nmoves; i++)
		if (SESSION_IS_PASS(s->movers[i]))
			sbuf_printf(out, "%s passes\n",
			    session_player(s, SESSION_PASSER(s->movers[i])));
}

void
session_say_move(const struct session *s, int who, const char *text,
    struct sbuf *out)
{
	if (strcmp(text, "pass") == 0)
		sbuf_printf(out, "%s passes\n", session_player(s, who));
	else
		sbuf_printf(out, "%s plays %s\n", session_player(s, who), text);
}

/* The seats taken over before entry i: a comment line each in a record,
 * "-- seat ..." in history. */
static void
seated(const struct session *s, int i, struct sbuf *out, int plain)
{
	const char *t, *nl;

	if (i >= s->cap || s->seated == NULL || s->seated[i] == NULL)
		return;
	for (t = s->seated[i]; t; t = nl ? nl + 1 : NULL) {
		nl = strchr(t, '\n');
		sbuf_printf(out, "%s%.*s\n", plain ? "# " : "-- ",
		    (int)(nl ? nl - t : (long)strlen(t)), t);
	}
}

void
session_history(const struct session *s, struct sbuf *out, int plain)
{
	struct tbl_state *st = s->g->clone(s->start);
	int i = 0, turn = 0, games = 0, j;

	while (i < s->nmoves) {
		int who = s->movers[i], k = 0;	/* k: moves on this line */
		int i0 = i;

		seated(s, i, out, plain);
		if (who != TBL_CHANCE)
			turn++;
		if (SESSION_IS_PASS(who)) {
			/* A comment in a record: load finds the pass again. */
			sbuf_printf(out, "%s%d. %s passes\n", plain ? "# " : "", turn,
			    session_player(s, SESSION_PASSER(who)));
			i++;
			continue;
		}
		if (!plain) {
			if (who == TBL_CHANCE)
				sbuf_printf(out, "   chance:");
			else
				sbuf_printf(out, "%d. %s:", turn, session_player(s, who));
		}
		while (i < s->nmoves && s->movers[i] == who &&
		    (i == i0 || s->seated == NULL || s->seated[i] == NULL)) {
			char *t = game_move_text(s->g, st, s->moves[i]);
			sbuf_printf(out, "%s%s", plain && k == 0 ? "" : " ", t);
			free(t);
			s->g->apply(st, s->moves[i]);
			i++;
			k++;
			/* A record keeps one outcome a line; history folds them. */
			if ((who == TBL_CHANCE && plain) || s->ends[i - 1] != NULL)
				break;	/* a game of a match ends: a line of its own */
		}
		if (!plain && who == TBL_CHANCE && k > 1)
			sbuf_printf(out, " (%d outcomes)", k);
		if (plain) {
			if (who == TBL_CHANCE)
				sbuf_printf(out, "  # chance\n");
			else
				sbuf_printf(out, "  # %d. %s\n", turn,
				    session_player(s, who));
		} else
			sbuf_printf(out, "\n");
		/* The end of a game of a match: a comment in a record. */
		for (j = i0; j < i; j++)
			if (s->ends[j] != NULL)
				sbuf_printf(out, "%sgame %d %s: %s\n", plain ? "# " :
				    "-- ", ++games, SESSION_GAMES(s), s->ends[j]);
	}
	seated(s, s->nmoves, out, plain);
	s->g->destroy(st);
}

char *
session_result(const struct session *s)
{
	double *r;
	int np, i, best = -1, nbest = 0;
	char *text;

	if (game_to_move(s->g, s->cur) != TBL_END)
		return NULL;
	if (s->g->describe_result)
		return game_describe_result(s->g, s->cur);
	np = game_players(s->g, s->cur);
	r = xcalloc((size_t)np + 1, sizeof *r);
	if (game_result(s->g, s->cur, r) != 0) {
		free(r);
		return xstrdup("game over");
	}
	for (i = 0; i < np; i++) {
		if (best < 0 || r[i] > r[best]) {
			best = i;
			nbest = 1;
		} else if (r[i] == r[best])
			nbest++;
	}
	if (nbest == np)
		text = xstrdup("a draw");
	else if (nbest == 1)
		text = xasprintf("%s wins", session_player(s, best));
	else
		text = xasprintf("shared win (%d players)", nbest);
	free(r);
	return text;
}
