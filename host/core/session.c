/*
 * session.c - one game in progress, played: atomic moves and turns,
 * chance outcomes, undo/redo and setups.  Its words (sessiontext.c) stand
 * below it.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "base/fuzzsandbox.h"
#include "base/util.h"
#include "core/loader.h"
#include "core/services.h"
#include "core/game.h"
#include "core/seat.h"
#include "core/session.h"
#include "core/sessiontext.h"

static void
reserve_moves(struct session *s, int n)
{
	int old = s->cap;

	if (n <= s->cap)
		return;
	while (s->cap < n)
		s->cap = s->cap ? s->cap * 2 : 256;
	s->moves = xrealloc(s->moves, (size_t)s->cap * sizeof *s->moves);
	s->movers = xrealloc(s->movers, (size_t)s->cap * sizeof *s->movers);
	s->ends = xrealloc(s->ends, (size_t)s->cap * sizeof *s->ends);
	memset(s->ends + old, 0, (size_t)(s->cap - old) * sizeof *s->ends);
	s->seated = xrealloc(s->seated, (size_t)s->cap * sizeof *s->seated);
	memset(s->seated + old, 0, (size_t)(s->cap - old) * sizeof *s->seated);
}

void
session_note_seat(struct session *s, const char *note)
{
	char *old;

	reserve_moves(s, s->nmoves + 1);
	old = s->seated[s->nmoves];
	s->seated[s->nmoves] = old ? xasprintf("%s\n%s", old, note) :
	    xstrdup(note);
	free(old);
}

struct session *
session_new(struct plugin *p, const struct optset *opts, uint64_t seed,
    char *err, size_t errlen)
{
	struct tbl_optval *vals;
	struct tbl_state *st;
	struct session *s;
	int np, i;

	/* A string option may name a file: the fuzz build's sandbox rule. */
	for (i = 0; i < p->game.noptions && i < opts->n; i++)
		if (p->game.options[i].type == TBL_OPT_STRING && opts->text[i] &&
		    FUZZ_SANDBOX_REFUSES(opts->text[i], err, errlen))
			return NULL;
	vals = xcalloc((size_t)p->game.noptions + 1, sizeof *vals);
	optset_values(opts, &p->game, vals);
	err[0] = '\0';
	st = p->game.create(&host_services, vals, seed, err, errlen);
	free(vals);
	if (st == NULL) {
		if (err[0] == '\0')
			snprintf(err, errlen, "%s: the game refused these options",
			    p->game.name);
		return NULL;
	}
	if ((np = game_count_players(&p->game, st, err, errlen)) < 0) {
		p->game.destroy(st);
		return NULL;
	}
	s = xcalloc(1, sizeof *s);
	s->plugin = p;
	s->g = &p->game;
	optset_copy(&s->opts, opts);
	s->seed = seed;
	rng_seed(&s->rng, seed);
	s->start = st;
	s->cur = s->g->clone(st);
	movebuf_init(&s->legal);
	return s;
}

void
session_free(struct session *s)
{
	int i;

	if (s == NULL)
		return;
	s->g->destroy(s->start);
	s->g->destroy(s->cur);
	optset_free(&s->opts);
	if (s->next)
		optset_free(s->next);
	free(s->next);
	free(s->setup);
	free(s->players);
	free(s->ended);
	free(s->ended_why);
	for (i = 0; i < s->cap; i++) {
		free(s->ends[i]);
		free(s->seated[i]);
	}
	free(s->ends);
	free(s->seated);
	free(s->moves);
	free(s->movers);
	movebuf_free(&s->legal);
	free(s);
}

const struct optset *
session_next_opts(const struct session *s)
{
	return s->next ? s->next : &s->opts;
}

void
session_set_next_opts(struct session *s, const struct optset *opts)
{
	if (s->next)
		optset_free(s->next);
	else
		s->next = xcalloc(1, sizeof *s->next);
	optset_copy(s->next, opts);
}

static int
session_moves_of(struct session *s, const struct tbl_state *st)
{
	return movebuf_fill(&s->legal, s->g, st, game_to_move(s->g, st));
}

int
session_moves(struct session *s)
{
	return session_moves_of(s, s->cur);
}

/* Is m among the legal moves (or outcomes) of st?  Uses s->legal. */
static int
is_legal(struct session *s, const struct tbl_state *st, tbl_move m)
{
	int n = session_moves_of(s, st), i;

	for (i = 0; i < n; i++)
		if (s->legal.m[i] == m)
			return 1;
	return 0;
}

/*
 * How legal move m, played in st, ends a game of a match, as the game's
 * match_game_end() says; NULL when it ends none.  Caller frees.
 */
static char *
game_end_text(const struct session *s, const struct tbl_state *st,
    tbl_move m)
{
	return s->g->match_game_end ? game_match_end(s->g, st, m) : NULL;
}

/* Append a move to the history, dropping the redo tail. */
static void
push_move(struct session *s, tbl_move m, int mover)
{
	int i;

	reserve_moves(s, s->nmoves + 1);
	free(s->ended);		/* the recorded end is no longer the last */
	free(s->ended_why);
	s->ended = s->ended_why = NULL;
	s->moves[s->nmoves] = m;
	s->movers[s->nmoves] = mover;
	free(s->ends[s->nmoves]);	/* of a move undone */
	s->ends[s->nmoves] = NULL;
	s->nmoves++;
	/* A redo tail dropped: the seats taken over in it were not. */
	for (i = s->nmoves; i <= s->ntotal && i < s->cap; i++) {
		free(s->seated[i]);
		s->seated[i] = NULL;
	}
	s->ntotal = s->nmoves;
}

/*
 * Apply m for mover to s->cur and append it to the history, then the
 * players the game passed over (its passes() hook) as pass entries.
 * Returns 0, or -1 (nothing appended) when the game refused m.
 */
static int
apply_push(struct session *s, tbl_move m, int mover)
{
	struct tbl_state *before = s->g->passes ? s->g->clone(s->cur) : NULL;
	int who[TBL_MAX_PLAYERS], n, i;
	char *end = game_end_text(s, s->cur, m);

	if (s->g->apply(s->cur, m) != 0) {
		if (before)
			s->g->destroy(before);
		free(end);
		return -1;
	}
	push_move(s, m, mover);
	s->ends[s->nmoves - 1] = end;
	if (before) {
		n = game_passes(s->g, before, m, s->cur, who, TBL_MAX_PLAYERS);
		for (i = 0; i < n; i++)
			push_move(s, 0, SESSION_PASS(who[i]));
		s->g->destroy(before);
	}
	return 0;
}

int
session_count_moves(const struct session *s)
{
	int i, n = 0;

	for (i = 0; i < s->nmoves; i++)
		n += !SESSION_IS_PASS(s->movers[i]);
	return n;
}

/* Why m is illegal in st, from the game when it says: ": f1 is empty". */
static void
explain(const struct session *s, const struct tbl_state *st, tbl_move m,
    char *buf, size_t len)
{
	buf[0] = '\0';
	/* At a chance point no player decides: nothing for the hook to say. */
	if (len < 4 || game_to_move(s->g, st) == TBL_CHANCE)
		return;
	buf[0] = ':';
	buf[1] = ' ';
	if (game_explain_illegal(s->g, st, m, buf + 2, len - 2) != 0)
		buf[0] = '\0';
}

int
session_apply(struct session *s, tbl_move m, char *err, size_t errlen)
{
	int who = game_to_move(s->g, s->cur);
	char *t, why[TBL_ERRLEN];

	if (who == TBL_END) {
		snprintf(err, errlen, "the game is over");
		return -1;
	}
	if (!is_legal(s, s->cur, m) || apply_push(s, m, who) != 0) {
		t = game_move_text(s->g, s->cur, m);
		explain(s, s->cur, m, why, sizeof why);
		snprintf(err, errlen, "illegal move '%s'%s", t, why);
		free(t);
		return -1;
	}
	return 0;
}

/* A turn being read by session_play, on a copy of the position. */
struct turn {
	struct session *s;
	struct tbl_state *st;	/* the position after the moves so far */
	struct tbl_state *prev;	/* before the last move (games with passes) */
	int first;		/* the player of the turn; -2 before a move */
	int passed;		/* a pass ended the turn */
	tbl_move *m;		/* the moves and passes read, for the history */
	int *movers, n, cap;
	char **ends;		/* how each ended a game of a match, or NULL */
	struct sbuf log;	/* "X plays e4\n", "Y passes\n" */
	struct sbuf *tell;	/* session_explain: what each move does */
};

static void
turn_push(struct turn *t, tbl_move m, int mover)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 8;
		t->m = xrealloc(t->m, (size_t)t->cap * sizeof *t->m);
		t->movers = xrealloc(t->movers, (size_t)t->cap * sizeof *t->movers);
		t->ends = xrealloc(t->ends, (size_t)t->cap * sizeof *t->ends);
	}
	t->ends[t->n] = NULL;
	t->m[t->n] = m;
	t->movers[t->n++] = mover;
}

/*
 * Read the legal move of `who` at the start of p in t->st into *m and
 * *used (bytes of p).  Returns PLAY_OK or the failure (err set).
 */
static enum play_error
read_move(struct turn *t, const char *p, int who, tbl_move *m, size_t *used,
    char *err, size_t errlen)
{
	struct session *s = t->s;
	char perr[TBL_ERRLEN], because[TBL_ERRLEN];
	int rc = game_parse_move(s->g, t->st, p, m, used, perr, sizeof perr);

	if (rc != 0) {
		snprintf(err, errlen, "%s", perr);
		/* -2: bytes claimed that are not there, the game's bug. */
		return rc == -2 ? PLAY_REFUSED : PLAY_UNREADABLE;
	}
	if (!is_legal(s, t->st, *m)) {
		explain(s, t->st, *m, because, sizeof because);
		snprintf(err, errlen, "illegal move '%.*s' for %s%s",
		    (int)*used, p, session_player(s, who), because);
		return PLAY_ILLEGAL;
	}
	return PLAY_OK;
}

/*
 * Play the move at the start of *p on t->st, still in the turn, and
 * advance *p past it and the blanks after.  Returns PLAY_OK or the
 * failure (err set).
 */
static enum play_error
play_one(struct turn *t, const char **p, char *err, size_t errlen)
{
	struct session *s = t->s;
	int who = game_to_move(s->g, t->st), pw[TBL_MAX_PLAYERS], np, j;
	enum play_error why;
	tbl_move m;
	size_t used;
	char *mt, *end;

	if (who == TBL_END) {
		snprintf(err, errlen, "the game is over%s '%s'",
		    t->n ? "; cannot play" : ", cannot play", *p);
		return PLAY_OVER;
	}
	if (t->first == -2)
		t->first = who;
	else if (who != t->first || t->passed) {
		snprintf(err, errlen, "the turn of %s ended before '%s'",
		    session_player(s, t->first), *p);
		return PLAY_TURN_OVER;
	}
	why = read_move(t, *p, who, &m, &used, err, errlen);
	if (why != PLAY_OK)
		return why;
	if (s->g->passes) {
		if (t->prev == NULL)
			t->prev = s->g->clone(t->st);
		else
			s->g->copy(t->prev, t->st);
	}
	mt = game_move_text(s->g, t->st, m);
	end = game_end_text(s, t->st, m);
	if (t->tell) {
		char *said = game_narrate(s->g, t->st, m, mt);
		sbuf_printf(t->tell, "%s\n", said);
		free(said);
	}
	if (s->g->apply(t->st, m) != 0) {
		snprintf(err, errlen, "the game refused move '%.*s'",
		    (int)used, *p);
		free(mt);
		free(end);
		return PLAY_REFUSED;
	}
	turn_push(t, m, who);
	t->ends[t->n - 1] = end;
	session_say_move(s, who, mt, &t->log);
	if (end != NULL) {
		/* The games ended before, and those of this turn. */
		int k = session_games_ended(s, s->nmoves);
		for (j = 0; j < t->n; j++)
			k += t->ends[j] != NULL;
		sbuf_printf(&t->log, "game %d %s: %s\n", k, SESSION_GAMES(s), end);
	}
	free(mt);
	if (t->prev) {
		/* Passes are history entries of their own. */
		np = game_passes(s->g, t->prev, m, t->st, pw, TBL_MAX_PLAYERS);
		for (j = 0; j < np; j++) {
			turn_push(t, 0, SESSION_PASS(pw[j]));
			sbuf_printf(t->tell ? t->tell : &t->log, "%s passes\n",
			    session_player(s, pw[j]));
			t->passed = 1;
		}
	}
	*p = tbl_skip_blanks(*p + used);
	return PLAY_OK;
}

/*
 * Read the turn in text on a copy of the current position (t->st); the
 * moves read are in t.  With `tell`, say what each move does there.
 */
static enum play_error
read_turn(struct session *s, const char *text, struct turn *t,
    struct sbuf *tell, char *err, size_t errlen)
{
	const char *p = text;
	enum play_error why = PLAY_OK;

	memset(t, 0, sizeof *t);
	p = tbl_skip_blanks(p);
	if (*p == '\0') {
		snprintf(err, errlen, "no move given");
		return PLAY_EMPTY;
	}
	t->s = s;
	t->first = -2;
	t->tell = tell;
	t->st = s->g->clone(s->cur);
	while (*p && why == PLAY_OK)
		why = play_one(t, &p, err, errlen);
	return why;
}

static void
turn_free(struct session *s, struct turn *t)
{
	int i;

	if (t->st)
		s->g->destroy(t->st);
	if (t->prev)
		s->g->destroy(t->prev);
	sbuf_free(&t->log);
	for (i = 0; i < t->n; i++)
		free(t->ends[i]);
	free(t->ends);
	free(t->m);
	free(t->movers);
}

enum play_error
session_play(struct session *s, const char *text, struct sbuf *out,
    char *err, size_t errlen)
{
	struct turn t;
	enum play_error why = read_turn(s, text, &t, NULL, err, errlen);
	int i;

	if (why == PLAY_OK) {
		for (i = 0; i < t.n; i++) {
			push_move(s, t.m[i], t.movers[i]);
			s->ends[s->nmoves - 1] = t.ends[i];
			t.ends[i] = NULL;
		}
		s->g->copy(s->cur, t.st);
		if (out)
			sbuf_puts(out, sbuf_str(&t.log));
	}
	turn_free(s, &t);
	return why;
}

enum play_error
session_explain(struct session *s, const char *text, struct sbuf *out,
    char *err, size_t errlen)
{
	struct turn t;
	struct sbuf tell = { 0 };
	enum play_error why = read_turn(s, text, &t, &tell, err, errlen);

	if (why == PLAY_OK)
		sbuf_puts(out, sbuf_str(&tell));
	sbuf_free(&tell);
	turn_free(s, &t);
	return why;
}

/* " +a4 +b2" as "chance: +a4 +b2 (2 outcomes)" into out; said emptied. */
static void
say_chance(struct sbuf *out, struct sbuf *said, int *n)
{
	if (out != NULL && *n == 1)
		sbuf_printf(out, "chance:%s\n", sbuf_str(said));
	else if (out != NULL && *n > 1)
		sbuf_printf(out, "chance:%s (%d outcomes)\n", sbuf_str(said), *n);
	sbuf_reset(said);
	*n = 0;
}

void
session_roll(struct session *s, struct sbuf *out)
{
	struct sbuf said = { 0 };
	int nsaid = 0, first = s->nmoves;

	while (game_to_move(s->g, s->cur) == TBL_CHANCE) {
		int n = session_moves(s), from = s->nmoves + 1;
		tbl_move m;
		char *t;

		if (n <= 0)
			break;	/* a broken plugin; `check` reports it */
		m = s->legal.m[rng_pick(&s->rng, s->legal.prob, n)];
		t = game_move_text(s->g, s->cur, m);
		if (apply_push(s, m, TBL_CHANCE) != 0) {
			free(t);
			break;
		}
		sbuf_printf(&said, " %s", t);
		nsaid++;
		free(t);
		/* A pass the outcome forced ends the run of outcomes. */
		if (s->nmoves > from) {
			say_chance(out, &said, &nsaid);
			if (out)
				session_say_passes(s, from, out);
		}
	}
	say_chance(out, &said, &nsaid);
	sbuf_free(&said);
	if (out)
		session_say_game_ends(s, first, out);
}

/* Recompute cur from start by replaying the first k moves. */
static void
replay_to(struct session *s, int k)
{
	int i;

	s->g->copy(s->cur, s->start);
	for (i = 0; i < k; i++)
		if (!SESSION_IS_PASS(s->movers[i]))
			s->g->apply(s->cur, s->moves[i]);
	s->nmoves = k;
}

/* Moves (not passes) among entries [from, to). */
static int
real_moves(const struct session *s, int from, int to)
{
	int n = 0;

	for (; from < to; from++)
		n += !SESSION_IS_PASS(s->movers[from]);
	return n;
}

int
session_undo(struct session *s, int n)
{
	int k = s->nmoves, total = s->ntotal;

	if (k == 0)
		return 0;
	if (n > 0) {
		/* n moves, each with the passes that followed it. */
		while (n-- > 0 && k > 0) {
			while (k > 0 && SESSION_IS_PASS(s->movers[k - 1]))
				k--;
			if (k > 0)
				k--;
		}
	} else {
		/* Chance outcomes and passes that followed the turn go with it. */
		while (k > 0 && (s->movers[k - 1] == TBL_CHANCE ||
		    SESSION_IS_PASS(s->movers[k - 1])))
			k--;
		if (k > 0) {
			int who = s->movers[k - 1];
			while (k > 0 && s->movers[k - 1] == who)
				k--;
		}
	}
	n = real_moves(s, k, s->nmoves);
	replay_to(s, k);
	s->ntotal = total;
	return n;
}

int
session_redo(struct session *s, int n)
{
	int k = s->nmoves, total = s->ntotal, i;

	if (k >= total)
		return 0;
	if (n > 0) {
		while (n-- > 0 && k < total) {
			k++;
			while (k < total && SESSION_IS_PASS(s->movers[k]))
				k++;
		}
	} else {
		int who = s->movers[k];
		while (k < total && s->movers[k] == who)
			k++;
		while (k < total && (s->movers[k] == TBL_CHANCE ||
		    SESSION_IS_PASS(s->movers[k])))
			k++;
	}
	for (i = s->nmoves; i < k; i++)
		if (!SESSION_IS_PASS(s->movers[i]))
			s->g->apply(s->cur, s->moves[i]);
	n = real_moves(s, s->nmoves, k);
	s->nmoves = k;
	return n;
}

int
session_setup(struct session *s, const char *pos, char *err, size_t errlen)
{
	struct tbl_state *tmp = s->g->clone(s->start);
	int i;

	if (game_set_position(s->g, tmp, pos, err, errlen) != 0) {
		s->g->destroy(tmp);
		return -1;
	}
	s->g->destroy(s->start);
	s->start = tmp;
	s->g->copy(s->cur, tmp);
	for (i = 0; i < s->cap; i++) {
		free(s->seated[i]);
		s->seated[i] = NULL;
	}
	s->nmoves = s->ntotal = 0;
	free(s->setup);
	s->setup = xstrdup(pos);
	return 0;
}

char *
session_position(const struct session *s)
{
	return game_position(s->g, s->cur);
}
