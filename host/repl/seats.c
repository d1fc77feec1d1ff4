/*
 * seats.c - who plays, and the computer players at work: seat, ai and
 * hint.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "ai/ai.h"
#include "base/interrupt.h"
#include "base/util.h"
#include "core/sessiontext.h"
#include "repl/handlers.h"
#include "repl/solve.h"

int
cmd_seat(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	char *words[4], buf[SEAT_TEXT_MAX], was[SEAT_TEXT_MAX];
	int n = split_words(args, words, 4), np, i, k;
	struct seat_spec spec;
	long v;

	if (app_need_game(a, err, errlen))
		return -1;
	np = game_players(a->sess->g, a->sess->cur);
	if (n == 0) {
		for (i = 0; i < np && i < TBL_MAX_PLAYERS; i++) {
			seat_format(&a->seats[i], buf, sizeof buf);
			sbuf_printf(out, "seat %d (%s): %s\n", i + 1,
			    session_player(a->sess, i), buf);
		}
		return 0;
	}
	if (n == 2 && parse_long(words[0], 1, 1000000L, &v) == 0 &&
	    v > np) {
		snprintf(err, errlen, "there is no seat %ld: %s has seats 1-%d",
		    v, a->sess->g->name, np);
		return -1;
	}
	if (n != 2 || parse_long(words[0], 1, np,
	    &v) != 0) {
		snprintf(err, errlen, "usage: seat N human|random|mcts[:BUDGET] "
		    "(N from 1 to %d)", np);
		return -1;
	}
	if (seat_parse(words[1], &spec, err, errlen) != 0 ||
	    ai_spec_check(&spec, a->sess->g, a->sess->cur, err, errlen) != 0)
		return -1;
	k = (int)v;
	seat_format(&a->seats[k - 1], was, sizeof was);
	a->seats[k - 1] = spec;
	seat_format(&spec, buf, sizeof buf);
	/* Who played which moves: a record says from where it changed. */
	if (a->sess->nmoves > 0 && strcmp(buf, was) != 0) {
		char *note = xasprintf("seat %d (%s): %s from here (%s before)",
		    k, session_player(a->sess, k - 1), buf, was);
		session_note_seat(a->sess, note);
		free(note);
	}
	sbuf_printf(out, "seat %d (%s): %s\n", k, session_player(a->sess, k - 1), buf);
	/* Moves played end as every other path's: who is to move, or the end. */
	k = a->sess->nmoves;
	app_autoplay(a, out);
	if (a->sess->nmoves != k)
		app_status_line(a, out);
	return 0;
}

/* `ai [SPEC]`: the AI plays the side to move's whole turn. */
int
cmd_ai(struct app *a, char *args, struct sbuf *out, char *err, size_t errlen)
{
	struct session *s;
	struct seat_spec spec;
	char *w = strtrim(args);
	int who, moved;

	if (app_need_game(a, err, errlen))
		return -1;
	who = game_to_move(a->sess->g, a->sess->cur);
	if (!*w && app_seat_is_computer(a, who))
		spec = a->seats[who];	/* a computer seat waits: its player */
	else if (*w ? seat_parse(w, &spec, err, errlen) :
	    app_default_ai(a, &spec, err, errlen))
		return -1;
	if (spec.kind == SEAT_HUMAN) {
		snprintf(err, errlen, "'ai human' does not play: name a computer player");
		return -1;
	}
	s = a->sess;
	who = game_to_move(s->g, s->cur);
	if (who == TBL_CHANCE && !a->chance_manual) {
		/*
		 * A turn interrupted at a chance point: roll and let the
		 * computer seats play on, never the turn of a human seat
		 * that the roll makes next.
		 */
		app_roll(a, out);
		app_autoplay(a, out);
		app_status_line(a, out);
		return 0;
	}
	if (who == TBL_END) {
		snprintf(err, errlen, "the game is over");
		return -1;
	}
	if (who == TBL_CHANCE) {
		snprintf(err, errlen, "a chance point is to move (type its outcome; "
		    "see 'moves')");
		return -1;
	}
	moved = s->nmoves;
	/* After Ctrl-C the rest of the turn waits, unsearched. */
	while (game_to_move(s->g, s->cur) == who &&
	    (s->nmoves == moved || !interrupt_pending()))
		if (app_ai_move(a, &spec, out) != 0)
			break;
	if (s->nmoves > moved && interrupt_pending() &&
	    game_to_move(s->g, s->cur) == who &&
	    !app_seat_is_computer(a, who))
		sbuf_printf(out, "interrupted: %s is to move ('ai' plays on)\n",
		    session_player(s, who));
	/* Not a move: the plugin names a player to move who has none. */
	if (s->nmoves == moved && !interrupt_pending()) {
		snprintf(err, errlen, "no legal move");
		return -1;
	}
	app_autoplay(a, out);
	app_status_line(a, out);
	return 0;
}

/*
 * What the search proved of a move (AI_PROVEN_...): "proven win; " for
 * the hint's move, or " (proven win)" for a `line` of `hint N`; "" when
 * nothing was proven.
 */
static const char *
proven_words(int proven, int line)
{
	static const char *const word[2][4] = {
		{ "", "proven win; ", "proven draw; ", "proven loss; " },
		{ "", " (proven win)", " (proven draw)", " (proven loss)" }
	};

	if (proven < AI_UNPROVEN || proven > AI_PROVEN_LOSS)
		return "";
	return word[line != 0][proven];
}

/* `hint N`: the best N first decisions, with visits and win rates. */
static int
hint_lines(struct app *a, const struct seat_spec *spec, int n,
    struct sbuf *out, char *err, size_t errlen)
{
	struct session *s = a->sess;
	struct ai_line *lines = xcalloc((size_t)n, sizeof *lines);
	struct ai_report rep;
	struct rng r = s->rng;
	int k, i, who = game_to_move(s->g, s->cur);
	struct ai_player *p = app_player(a, who, spec);

	if (a->thinking)
		a->thinking(a, p, who, spec, out, 1);
	k = ai_player_rank(p, s->g, s->cur, &r, lines, n, &rep);
	if (a->thinking)
		a->thinking(a, p, who, spec, out, 0);
	if (k <= 0) {
		free(lines);
		snprintf(err, errlen, "no legal move");
		return -1;
	}
	if (s->g->legal_moves(s->cur, NULL, 0) == 1) {
		char *t = game_move_text(s->g, s->cur, lines[0].move);
		sbuf_printf(out, "hint: %s, the only legal move\n", t);
		free(t);
		free(lines);
		return 0;
	}
	if (rep.db != NULL)
		sbuf_printf(out, "hint: the best %d of %s's moves (from the "
		    "endgame database %s)", k, session_player(s, game_to_move(
		    s->g, s->cur)), rep.db);
	else
		sbuf_printf(out, "hint: the best %d of %s's moves over %ld "
		    "playouts", k, session_player(s, game_to_move(s->g,
		    s->cur)), rep.simulations);
	if (rep.reused > 0)
		sbuf_printf(out, " and %ld kept from earlier searches", rep.reused);
	sbuf_printf(out, "%s\n", rep.interrupted ? " (stopped by Ctrl-C)" : "");
	for (i = 0; i < k; i++) {
		char *t = game_move_text(s->g, s->cur, lines[i].move);
		if (rep.db != NULL)
			sbuf_printf(out, "%3d. %-10s%s\n", i + 1, t,
			    proven_words(lines[i].proven, 1));
		else
			sbuf_printf(out, "%3d. %-10s visits %-8ld win rate %.2f%s\n",
			    i + 1, t, lines[i].visits, lines[i].winrate,
			    proven_words(lines[i].proven, 1));
		free(t);
	}
	free(lines);
	return 0;
}

/*
 * hint's words: N (0 when not given) and the searcher (the named mcts
 * player, or the configured one, or plain mcts when that is no
 * searcher).  0, or -1 with a message in err.
 */
static int
hint_args(struct app *a, char *args, int *n, struct seat_spec *spec,
    char *err, size_t errlen)
{
	char *words[2], *w;
	int nw = split_words(args, words, 2);

	*n = 0;
	if (nw > 0 && words[0][0] >= '0' && words[0][0] <= '9') {
		long v;
		if (parse_long(words[0], 1, 1000, &v) != 0) {
			snprintf(err, errlen, "hint wants a number of moves from 1 to "
			    "1000, not '%s'", words[0]);
			return -1;
		}
		*n = (int)v;
		words[0] = words[1];
		nw--;
	}
	w = nw > 0 ? words[0] : "";
	if (*w ? seat_parse(w, spec, err, errlen) != 0 || ai_spec_check(spec,
	    a->sess->g, a->sess->cur, err, errlen) != 0 :
	    app_default_ai(a, spec, err, errlen) != 0)
		return -1;
	if (spec->kind != SEAT_MCTS) {
		if (*w) {
			snprintf(err, errlen, "hints come from mcts, not '%s'", w);
			return -1;
		}
		/* The configured player is not a searcher: hint with mcts. */
		spec->kind = SEAT_MCTS;
		spec->budget = SEAT_DEFAULT_PLAYOUTS;
		spec->ms = 0;
	}
	return 0;
}

/*
 * `hint`: the search's best move for player who; for a turn of several
 * decisions, the whole turn (each later decision searched in turn).
 */
static int
hint_turn(struct app *a, const struct seat_spec *spec, int who,
    struct sbuf *out, char *err, size_t errlen)
{
	struct session *s = a->sess;
	/* A hint must not change what the game's own generator draws next. */
	struct rng r = s->rng;
	struct tbl_state *st = s->g->clone(s->cur);
	struct ai_report rep;
	struct ai_player *p = app_player(a, who, spec);
	int first = 1, forced = 0, decisions = 0, proven = 0;
	const char *db = NULL;
	long sims = 0;
	double rate = 0;
	tbl_move m;
	size_t at;	/* "hint:" taken back when there is none */

	/* On a terminal the first search shows its live line, as in `ai`. */
	if (a->thinking)
		a->thinking(a, p, who, spec, out, 1);
	at = out->len;
	sbuf_puts(out, "hint:");
	while (game_to_move(s->g, st) == who) {
		char *t;
		forced += s->g->legal_moves(st, NULL, 0) == 1;
		decisions++;
		/*
		 * The seat's player searches the first decision and keeps
		 * its tree for `ai`; the later ones of the turn (positions
		 * the game has not reached) are searched afresh.
		 */
		if ((first ? ai_player_choose(p, s->g, st, &r, &m, &rep) :
		    ai_choose(s->g, st, spec, &r, &m, &rep)) != 0)
			break;
		if (first && a->thinking)
			a->thinking(a, p, who, spec, out, 0);
		t = game_move_text(s->g, st, m);
		sbuf_printf(out, " %s", t);
		free(t);
		if (first) {
			rate = rep.winrate;
			proven = rep.proven;
			db = rep.db;
		}
		first = 0;
		sims += rep.simulations;
		if (s->g->apply(st, m) != 0 || rep.interrupted)
			break;
	}
	s->g->destroy(st);
	if (first && a->thinking)
		a->thinking(a, p, who, spec, out, 0);
	if (first) {
		out->len = at;
		out->s[at] = '\0';
		snprintf(err, errlen, "no legal move");
		return -1;
	}
	/* A forced turn has no win rate worth showing: no playout was run. */
	if (forced == decisions)
		sbuf_printf(out, " (the only legal %s)\n", decisions > 1 ?
		    "turn" : "move");
	else if (db != NULL)
		sbuf_printf(out, " (%sfrom the endgame database %s)\n",
		    proven_words(proven, 0), db);
	else
		sbuf_printf(out, " (%swin rate %.2f over %ld playouts%s)\n",
		    proven_words(proven, 0), rate, sims, rep.interrupted ?
		    "; stopped by Ctrl-C" : "");
	return 0;
}

/* Does `hint`'s argument text name a player (a word not a number)? */
static int
hint_named(const char *args)
{
	const char *p = args;
	struct tbl_word w;

	while (tbl_next_word(&p, &w))
		if (w.p[0] < '0' || w.p[0] > '9')
			return 1;
	return 0;
}

/* `hint [N] [PLAYER]`: the best move or turn, or the best N moves. */
int
cmd_hint(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	struct seat_spec spec;
	int n, who, named = hint_named(args);

	if (app_need_game(a, err, errlen) ||
	    hint_args(a, args, &n, &spec, err, errlen) != 0)
		return -1;
	who = game_to_move(a->sess->g, a->sess->cur);
	if (who == TBL_END) {
		snprintf(err, errlen, "the game is over");
		return -1;
	}
	if (who == TBL_CHANCE) {
		snprintf(err, errlen, "no hint: chance is to move, not a player "
		    "(the outcome is drawn, or typed with chance=manual; see 'moves')");
		return -1;
	}
	if (n > 0)
		return hint_lines(a, &spec, n, out, err, errlen);
	/* The last `solve` knows this position: perfect play, unless a
	 * player was named. */
	if (!named && repl_solved_hint(a, out))
		return 0;
	return hint_turn(a, &spec, who, out, err, errlen);
}
