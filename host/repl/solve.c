/*
 * solve.c - the REPL's `solve`: the value with perfect play of each legal
 * move of the position in play, by the dense solver (ai/dense.c, the
 * margin each side can force) where the game numbers its positions for
 * these options, else by the solver of ai/solve.c (plies to the end); or
 * from an endgame database (`solve db=DIR`, or the database of the seat
 * to move) that holds the position; and what `hint` says of a position
 * the solver knows.
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

#include <unistd.h>

#include "ai/dense.h"
#include "ai/dense_db.h"
#include "ai/solve.h"
#include "ai/solve_bound.h"
#include "ai/solve_setup.h"
#include "base/movebuf.h"
#include "base/fuzzsandbox.h"
#include "base/util.h"
#include "core/game.h"
#include "core/loader.h"
#include "core/session.h"
#include "core/sessiontext.h"
#include "core/settings.h"
#include "repl/app.h"
#include "repl/solve.h"

/*
 * A solved game, kept by the app (a->solved) from one command to the
 * next: it owns all it holds but the plugin, which is the host's and
 * outlives the app (loaded before the REPL starts, closed by host_free
 * after app_free).  Nothing in it points into the command's line or
 * the seats, which change under it.
 */
struct repl_solved {
	struct session *s;	/* the game as solved: its limits off */
	struct solver *sv;	/* the hash solver's tables, or NULL */
	struct dense *d;	/* the dense solver's, or NULL */
	char *db;		/* the database d read levels from, or NULL */
	const struct plugin *plugin;	/* the game in play it was made for */
	char *opts;		/* ... and its options, described */
	char *applied;		/* the settings that switched limits off */
};

void
repl_solved_free(struct repl_solved *rs)
{
	if (rs == NULL)
		return;
	solver_free(rs->sv);
	dense_free(rs->d);
	session_free(rs->s);
	free(rs->db);
	free(rs->opts);
	free(rs->applied);
	free(rs);
}

/*
 * Is the position in play that of a->solved's game and options (its
 * session set to it)?  0, or -1.
 */
static int
solved_here(struct app *a)
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
	    session_setup(rs->s, pos, err, sizeof err) == 0)
		rc = 0;
	free(pos);
	free(opts);
	return rc;
}

/*
 * The value of the position in play, from a->solved's hash tables: 0
 * with the solved game's state set to it, or -1 when the tables were
 * made for another game or do not hold it.
 */
static int
solved_at(struct app *a, int *winner, unsigned *plies)
{
	return solved_here(a) == 0 && a->solved->sv != NULL &&
	    solver_lookup(a->solved->sv, a->solved->s->cur, winner,
	    plies) == 0 ? 0 : -1;
}

/* The same from a->solved's dense tables. */
static int
dense_at(struct app *a, struct dense_value *v)
{
	return solved_here(a) == 0 && a->solved->d != NULL &&
	    dense_value(a->solved->d, a->solved->s->cur, v) == 0 ? 0 : -1;
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

/*
 * The game in play with its limits off, set to the position in play, to
 * solve: NULL with a message.
 */
static struct repl_solved *
solved_new(struct app *a, char *err, size_t errlen)
{
	struct session *s = a->sess;
	struct repl_solved *rs;
	struct optset os;
	struct sbuf applied = { 0 };
	char *pos;
	int rc;

	optset_copy(&os, &s->opts);
	if (solve_unlimit(s->g, &os, 1, &applied, err, errlen) != 0) {
		optset_free(&os);
		sbuf_free(&applied);
		return NULL;
	}
	rs = xcalloc(1, sizeof *rs);
	rs->plugin = s->plugin;
	rs->opts = optset_describe(&s->opts, s->g, 0);
	rs->applied = xstrdup(sbuf_str(&applied));
	sbuf_free(&applied);
	rs->s = session_new(s->plugin, &os, s->seed, err, errlen);
	optset_free(&os);
	pos = session_position(s);
	rc = rs->s == NULL || session_setup(rs->s, pos, err, errlen) != 0;
	free(pos);
	if (rc != 0) {
		repl_solved_free(rs);
		return NULL;
	}
	return rs;
}

/* rs, solved, becomes a->solved. */
static void
solved_keep(struct app *a, struct repl_solved *rs)
{
	repl_solved_free(a->solved);
	a->solved = rs;
	a->solved_free = repl_solved_free;
}

/* Solve the position in play within cap into a->solved.  0 or -1. */
static int
solve_now(struct app *a, size_t cap, char *err, size_t errlen)
{
	struct repl_solved *rs = solved_new(a, err, errlen);
	char far[160];
	int rc, shown = 0;

	if (rs == NULL)
		return -1;
	rc = (rs->sv = solver_new(rs->s->g, rs->s->cur, cap, err,
	    errlen)) == NULL || solve_too_many(rs->s->g, rs->s->cur, rs->sv,
	    cap, err, errlen) ? -1 : solver_run(rs->sv, a->thinking ?
	    progress : NULL, &shown, err, errlen);
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
	solved_keep(a, rs);
	return 0;
}

/* Where a dense solve is, to say how far a run that Ctrl-C stopped
 * got; its line shown on a terminal. */
struct dense_line {
	int tty, shown;
	struct dense_where at;
};

static void
dense_progress(void *arg, int level, int levels, unsigned sweep,
    uint64_t done, uint64_t total)
{
	struct dense_line *w = arg;
	char line[160];
	int n;

	dense_where_note(&w->at, level, levels, sweep, done, total);
	if (!w->tty)
		return;
	n = snprintf(line, sizeof line, "solve: level %d of 0 to %d, sweep %u, "
	    "%llu of %llu", level, levels - 1, sweep + 1,
	    (unsigned long long)done, (unsigned long long)total);
	printf("\r%s%*s", line, w->shown > n ? w->shown - n : 0, "");
	if (n > w->shown)
		w->shown = n;
	fflush(stdout);
}

/*
 * Solve the position in play by the dense solver within cap into
 * a->solved, reading the levels DIR db holds first (db may be NULL): 0;
 * 1 when the game does not number these options (solve by hash); -1
 * with a message.
 */
static int
dense_now(struct app *a, size_t cap, const char *db, char *err,
    size_t errlen)
{
	struct repl_solved *rs = solved_new(a, err, errlen);
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	char why[TBL_ERRLEN];
	struct dense_line w;
	char far[160];
	int rc;

	if (rs == NULL)
		return -1;
	memset(&w, 0, sizeof w);
	w.tty = a->thinking != NULL;
	rs->d = dense_new(rs->s->g, rs->s->cur, cap, cores < 1 ? 1 : cores >
	    64 ? 64 : (int)cores, why, sizeof why);
	if (rs->d == NULL) {
		repl_solved_free(rs);
		return 1;
	}
	rc = db != NULL ? dense_db_load(rs->d, db, dense_root_level(rs->d),
	    err, errlen) : 0;
	if (rc == 0)
		rc = dense_run(rs->d, -1, dense_progress, &w, err, errlen);
	if (w.shown) {
		printf("\r%*s\r", w.shown, "");
		fflush(stdout);
	}
	if (rc == 1) {
		dense_where_text(&w.at, far, sizeof far);
		snprintf(err, errlen, "solve: interrupted %s; nothing is solved",
		    far);
	}
	if (rc != 0) {
		repl_solved_free(rs);
		return -1;
	}
	/* a copy: db is a word of the command's line, or a seat's */
	if (db != NULL && dense_stats(rs->d)->loaded > 0)
		rs->db = xstrdup(db);
	solved_keep(a, rs);
	return 0;
}

/* "win for P by 4", "a draw", "the game is over". */
static void
say_dense(struct sbuf *out, const struct session *s, int who,
    const struct dense_value *v)
{
	if (who < 0)
		sbuf_printf(out, "the game is over");
	else if (v->winner < 0)
		sbuf_printf(out, "a draw");
	else {
		sbuf_printf(out, "%s for %s", solve_value_word(v->winner, who),
		    session_player(s, who));
		if (v->margin >= 0)
			sbuf_printf(out, " by %d", v->margin);
	}
}

/* Where the values of the dense solver come from: its tables, or a
 * database in play. */
struct dense_src {
	const struct dense *d;
	const struct dense_db *db;
};

static int
src_value(const struct dense_src *src, const struct tbl_state *st,
    struct dense_value *v)
{
	return src->d != NULL ? dense_value(src->d, st, v) :
	    dense_db_value(src->db, st, v, NULL);
}

/*
 * The legal moves of st, for `who`, and their values from src: each as
 * a line "a1 win by 4" into out when out is not NULL; the best (the
 * widest win, a draw, the narrowest loss; the first of equals) into
 * *best.  The number of moves valued.
 */
static int
dense_moves(const struct dense_src *src, const struct tbl_game *g,
    const struct tbl_state *st, int who, struct sbuf *out, tbl_move *best)
{
	struct tbl_state *c = g->clone(st);
	struct dense_value v;
	struct movebuf mb;
	long worth, top = 0;
	int n, k, valued = 0;

	movebuf_init(&mb);
	n = movebuf_fill(&mb, g, st, who);
	for (k = 0; k < n; k++) {
		g->copy(c, st);
		if (g->apply(c, mb.m[k]) != 0 || src_value(src, c, &v) != 0)
			continue;
		worth = v.winner < 0 ? 0 : (v.winner == who ? 1000 : -1000) *
		    (v.margin < 0 ? 2 : 1) + (v.winner == who ? 1 : -1) *
		    (v.margin < 0 ? 0 : v.margin);
		if (valued++ == 0 || worth > top) {
			top = worth;
			*best = mb.m[k];
		}
		if (out != NULL) {
			char *t = game_move_text(g, st, mb.m[k]);
			sbuf_printf(out, "%s %s", t, solve_value_word(v.winner,
			    who));
			if (v.winner >= 0 && v.margin >= 0)
				sbuf_printf(out, " by %d", v.margin);
			sbuf_puts(out, "\n");
			free(t);
		}
	}
	movebuf_free(&mb);
	g->destroy(c);
	return valued;
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

/* The hash solver's answer for the position in play (a->solved). */
static void
hash_say(struct app *a, int winner, unsigned plies, int fresh,
    struct sbuf *out)
{
	struct repl_solved *rs = a->solved;
	struct solve_move *mv;
	int n, i, who = game_to_move(rs->s->g, rs->s->cur);

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
}

/* The dense solver's answer for the position in play (a->solved). */
static void
dense_say(struct app *a, const struct dense_value *v, int fresh,
    struct sbuf *out)
{
	struct repl_solved *rs = a->solved;
	const struct dense_stats *st = dense_stats(rs->d);
	struct dense_src src = { rs->d, NULL };
	int who = game_to_move(rs->s->g, rs->s->cur);
	tbl_move best;

	sbuf_printf(out, "solve: ");
	say_dense(out, a->sess, who, v);
	if (fresh) {
		sbuf_printf(out, " (%llu positions",
		    (unsigned long long)st->positions);
		if (rs->db != NULL)
			sbuf_printf(out, ", %llu read from the endgame database "
			    "%s", (unsigned long long)st->loaded, rs->db);
		sbuf_printf(out, "%s%s)", *rs->applied ? ", with " : "",
		    rs->applied);
	}
	sbuf_puts(out, "\n");
	if (who >= 0)
		dense_moves(&src, rs->s->g, rs->s->cur, who, out, &best);
}

/*
 * The answer of the endgame database DIR when it holds the position in
 * play: 1 (said into out); 0 when it does not; -1 with a message when
 * DIR is not a database of this game and options.
 */
static int
db_say(struct app *a, const char *dir, struct sbuf *out, char *err,
    size_t errlen)
{
	const struct tbl_game *g = a->sess->g;
	const struct tbl_state *st = a->sess->cur;
	struct dense_src src = { NULL, NULL };
	struct dense_value v;
	int who = game_to_move(g, st);
	tbl_move best;

	if ((src.db = dense_db_open(g, st, dir, err, errlen)) == NULL)
		return -1;
	if (who < 0 || dense_db_value(src.db, st, &v, NULL) != 0)
		return 0;
	sbuf_printf(out, "solve: ");
	say_dense(out, a->sess, who, &v);
	sbuf_printf(out, " (from the endgame database %s)\n", dir);
	dense_moves(&src, g, st, who, out, &best);
	return 1;
}

/*
 * solve's words: a memory cap and db=DIR, either or both, in any order
 * (DIR, when not given, the database of the seat to move, if any).
 */
static int
solve_args(struct app *a, char *args, size_t *cap, const char **dir,
    char *err, size_t errlen)
{
	char *words[3];
	int nw = split_words(args, words, 3), i, who;

	*dir = NULL;
	for (i = 0; i < nw; i++)
		if (strncmp(words[i], "db=", 3) == 0 && words[i][3] != '\0' &&
		    *dir == NULL)
			*dir = words[i] + 3;
		else if (solve_parse_bytes(words[i], cap) != 0) {
			snprintf(err, errlen, "solve wants a memory cap, a whole "
			    "number and a unit such as 512M or 8G, or db=DIR, "
			    "not '%s'", words[i]);
			return -1;
		}
	who = game_to_move(a->sess->g, a->sess->cur);
	if (*dir == NULL && who >= 0 && who < TBL_MAX_PLAYERS &&
	    a->seats[who].kind == SEAT_MCTS && a->seats[who].db[0] != '\0')
		*dir = a->seats[who].db;
	return solve_check_cap(*cap, err, errlen);
}

int
repl_solve(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	size_t cap = solve_default_cap();
	const char *dir;
	struct dense_value v;
	int winner, rc;
	unsigned plies;

	if (app_need_game(a, err, errlen) ||
	    solve_args(a, args, &cap, &dir, err, errlen) != 0)
		return -1;
	FUZZ_SANDBOX_SOLVE(cap);
	if (dir != NULL && (rc = db_say(a, dir, out, err, errlen)) != 0)
		return rc < 0 ? -1 : 0;
	if (dense_at(a, &v) == 0)
		dense_say(a, &v, 0, out);
	else if (solved_at(a, &winner, &plies) == 0)
		hash_say(a, winner, plies, 0, out);
	else if ((rc = dense_now(a, cap, dir, err, errlen)) < 0)
		return -1;
	else if (rc == 0 && dense_at(a, &v) == 0)
		dense_say(a, &v, 1, out);
	else if (rc == 0 || solve_now(a, cap, err, errlen) != 0 ||
	    solved_at(a, &winner, &plies) != 0)
		return -1;
	else
		hash_say(a, winner, plies, 1, out);
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
	struct dense_value v;
	int winner, who, n, i, best = 0;
	unsigned plies;

	if (dense_at(a, &v) == 0) {
		struct dense_src src = { rs->d, NULL };
		tbl_move m;
		char *t;
		who = game_to_move(rs->s->g, rs->s->cur);
		if (who < 0 || dense_moves(&src, rs->s->g, rs->s->cur, who, NULL,
		    &m) == 0)
			return 0;
		t = game_move_text(rs->s->g, rs->s->cur, m);
		sbuf_printf(out, "hint: %s (solved: ", t);
		say_dense(out, a->sess, who, &v);
		sbuf_puts(out, ")\n");
		free(t);
		return 1;
	}
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
