/*
 * solve.c - the REPL's `solve`: the value with perfect play of each legal
 * move of the position in play, by the solver of ai/solve.c; and what
 * `hint` says of a position that solver knows.
 *
 * The game is solved with its limits off (the plugin's `unlimited`
 * settings, overriding the game's own: play that never ends is a draw),
 * from the position in play.  The solved tables are kept, so that later
 * positions of the same game are answered at once, by `solve` and by
 * `hint`, until another game is solved or the game's options change.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/solve.h"
#include "ai/solve_setup.h"
#include "base/fuzzsandbox.h"
#include "base/util.h"
#include "core/game.h"
#include "core/loader.h"
#include "core/session.h"
#include "core/sessiontext.h"
#include "core/settings.h"
#include "repl/app.h"
#include "repl/solve.h"

/* A solved game, kept by the app. */
struct repl_solved {
	struct session *s;	/* the game as solved: its limits off */
	struct solver *sv;
	struct plugin *plugin;	/* the game in play it was made for */
	char *opts;		/* ... and its options, described */
	char *applied;		/* the settings that switched limits off */
};

void
repl_solved_free(struct repl_solved *rs)
{
	if (rs == NULL)
		return;
	solver_free(rs->sv);
	session_free(rs->s);
	free(rs->opts);
	free(rs->applied);
	free(rs);
}

/*
 * The value of the position in play, from a->solved: 0 with the solved
 * game's state set to it, or -1 when the tables were made for another
 * game or do not hold it.
 */
static int
solved_at(struct app *a, int *winner, unsigned *plies)
{
	struct repl_solved *rs = a->solved;
	struct session *s = a->sess;
	char err[TBL_ERRLEN], *pos, *opts;
	int rc = -1;

	if (rs == NULL || s == NULL || rs->plugin != s->plugin)
		return -1;
	opts = optset_describe(&s->opts, s->g, 0);
	pos = session_position(s);
	if (strcmp(opts, rs->opts) == 0 &&
	    session_setup(rs->s, pos, err, sizeof err) == 0 &&
	    solver_lookup(rs->sv, rs->s->cur, winner, plies) == 0)
		rc = 0;
	free(pos);
	free(opts);
	return rc;
}

/* The progress line on a terminal: the width drawn so far, to blank. */
static void
progress(void *arg, enum solve_phase ph, uint64_t done, uint64_t total)
{
	int *shown = arg, w;
	char line[160];

	w = (int)strlen((solve_progress_text(ph, done, total, line,
	    sizeof line), line));
	printf("\r%s%*s", line, *shown > w ? *shown - w : 0, "");
	if (w > *shown)
		*shown = w;
	fflush(stdout);
}

/* Solve the position in play within cap into a->solved.  0 or -1. */
static int
solve_now(struct app *a, size_t cap, char *err, size_t errlen)
{
	struct session *s = a->sess;
	struct repl_solved *rs;
	struct optset os;
	struct sbuf applied = { 0 };
	char *pos, far[160];
	int rc, shown = 0;

	optset_copy(&os, &s->opts);
	if (solve_unlimit(s->g, &os, 1, &applied, err, errlen) != 0) {
		optset_free(&os);
		sbuf_free(&applied);
		return -1;
	}
	rs = xcalloc(1, sizeof *rs);
	rs->plugin = s->plugin;
	rs->opts = optset_describe(&s->opts, s->g, 0);
	rs->applied = xstrdup(sbuf_str(&applied));
	sbuf_free(&applied);
	rs->s = session_new(s->plugin, &os, s->seed, err, errlen);
	optset_free(&os);
	pos = session_position(s);
	rc = rs->s == NULL || session_setup(rs->s, pos, err, errlen) != 0 ||
	    (rs->sv = solver_new(s->g, rs->s->cur, cap, err, errlen)) == NULL ?
	    -1 : solver_run(rs->sv, a->thinking ? progress : NULL, &shown,
	    err, errlen);
	free(pos);
	if (shown) {
		printf("\r%*s\r", shown, "");
		fflush(stdout);
	}
	if (rc == 1) {
		solve_how_far(solver_stats(rs->sv), far, sizeof far);
		snprintf(err, errlen, "solve: interrupted with %s; nothing is "
		    "solved", far);
	}
	if (rc != 0) {
		repl_solved_free(rs);
		return -1;
	}
	repl_solved_free(a->solved);
	a->solved = rs;
	a->solved_free = repl_solved_free;
	return 0;
}

/* "win for P in 5 plies", "draw", "the game is over: P won". */
static void
say_value(struct sbuf *out, const struct session *s, int who, int winner,
    unsigned plies)
{
	if (who < 0)
		sbuf_printf(out, "the game is over");
	else if (winner < 0)
		sbuf_printf(out, "a draw");
	else
		sbuf_printf(out, "%s for %s in %u plies",
		    solve_value_word(winner, who), session_player(s, who), plies);
}

int
repl_solve(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	struct repl_solved *rs;
	struct solve_move *mv;
	size_t cap = solve_default_cap();
	char *words[2];
	int nw = split_words(args, words, 2), n, i, who, winner;
	unsigned plies;
	int fresh = 0;

	if (app_need_game(a, err, errlen))
		return -1;
	if (nw > 0 && solve_parse_bytes(words[0], &cap) != 0) {
		snprintf(err, errlen, "solve wants a memory cap, a whole number "
		    "and a unit such as 512M or 8G, not '%s'", words[0]);
		return -1;
	}
	if (solve_check_cap(cap, err, errlen) != 0)
		return -1;
	FUZZ_SANDBOX_SOLVE(cap);
	if (solved_at(a, &winner, &plies) != 0) {
		if (solve_now(a, cap, err, errlen) != 0 ||
		    solved_at(a, &winner, &plies) != 0)
			return -1;
		fresh = 1;
	}
	rs = a->solved;
	who = game_to_move(rs->s->g, rs->s->cur);
	sbuf_printf(out, "solve: ");
	say_value(out, a->sess, who, winner, plies);
	if (fresh)
		sbuf_printf(out, " (%llu positions%s%s)",
		    (unsigned long long)solver_stats(rs->sv)->positions,
		    *rs->applied ? ", with " : "", rs->applied);
	sbuf_puts(out, "\n");
	n = who < 0 ? 0 : solve_move_values(rs->sv, rs->s->g, rs->s->cur, &mv);
	for (i = 0; i < n; i++) {
		sbuf_printf(out, "%s %s", mv[i].text,
		    solve_value_word(mv[i].winner, who));
		if (mv[i].winner >= 0)
			sbuf_printf(out, " (%u plies)", mv[i].plies);
		sbuf_puts(out, "\n");
	}
	if (who >= 0)
		solve_moves_free(mv, n);
	return 0;
}

/* Is move x better than y for `who`: a quicker win, a draw, a longer loss? */
static int
better(const struct solve_move *x, const struct solve_move *y, int who)
{
	int vx = x->winner < 0 ? 1 : x->winner == who ? 2 : 0;
	int vy = y->winner < 0 ? 1 : y->winner == who ? 2 : 0;

	if (vx != vy)
		return vx > vy;
	return vx == 2 ? x->plies < y->plies : vx == 0 && x->plies > y->plies;
}

int
repl_solved_hint(struct app *a, struct sbuf *out)
{
	struct repl_solved *rs = a->solved;
	struct solve_move *mv;
	int winner, who, n, i, best = 0;
	unsigned plies;

	if (solved_at(a, &winner, &plies) != 0)
		return 0;
	who = game_to_move(rs->s->g, rs->s->cur);
	if (who < 0 || (n = solve_move_values(rs->sv, rs->s->g, rs->s->cur,
	    &mv)) == 0)
		return 0;
	for (i = 1; i < n; i++)
		if (better(&mv[i], &mv[best], who))
			best = i;
	sbuf_printf(out, "hint: %s (solved: ", mv[best].text);
	say_value(out, a->sess, who, winner, plies);
	sbuf_puts(out, ")\n");
	solve_moves_free(mv, n);
	return 1;
}
