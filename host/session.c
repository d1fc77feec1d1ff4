/*
 * session.c - one game in progress, with atomic moves and undo/redo.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader.h"
#include "session.h"
#include "util.h"

static void
reserve_moves(struct session *s, int n)
{
	if (n <= s->cap)
		return;
	while (s->cap < n)
		s->cap = s->cap ? s->cap * 2 : 256;
	s->moves = xrealloc(s->moves, (size_t)s->cap * sizeof *s->moves);
	s->movers = xrealloc(s->movers, (size_t)s->cap * sizeof *s->movers);
}

struct session *
session_new(struct plugin *p, const struct optset *opts, uint64_t seed,
    char *err, size_t errlen)
{
	struct tbl_optval *vals;
	struct tbl_state *st;
	struct session *s;

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

int
session_moves_of(struct session *s, const struct tbl_state *st)
{
	return movebuf_fill(&s->legal, s->g, st, s->g->to_move(st));
}

int
session_moves(struct session *s)
{
	return session_moves_of(s, s->cur);
}

char *
session_move_text(const struct session *s, const struct tbl_state *st,
    tbl_move m)
{
	char small[64], *buf;
	int n = s->g->format_move(st, m, small, sizeof small);

	if (n < 0)
		n = 0;
	if ((size_t)n < sizeof small)
		return xstrdup(small);
	buf = xmalloc((size_t)n + 1);
	s->g->format_move(st, m, buf, (size_t)n + 1);
	return buf;
}

const char *
session_player(const struct session *s, int p)
{
	const char *name;

	if (p == TBL_CHANCE)
		return "chance";
	if (p < 0)
		return "nobody";
	name = s->g->player_name(s->cur, p);
	return name ? name : "?";
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

/* Append a move to the history, dropping the redo tail. */
static void
push_move(struct session *s, tbl_move m, int mover)
{
	reserve_moves(s, s->nmoves + 1);
	s->moves[s->nmoves] = m;
	s->movers[s->nmoves] = mover;
	s->nmoves++;
	s->ntotal = s->nmoves;
}

int
session_apply(struct session *s, tbl_move m, char *err, size_t errlen)
{
	int who = s->g->to_move(s->cur);
	char *t;

	if (who == TBL_END) {
		snprintf(err, errlen, "the game is over");
		return -1;
	}
	if (!is_legal(s, s->cur, m) || s->g->apply(s->cur, m) != 0) {
		t = session_move_text(s, s->cur, m);
		snprintf(err, errlen, "illegal move '%s'", t);
		free(t);
		return -1;
	}
	push_move(s, m, who);
	return 0;
}

enum play_error
session_play(struct session *s, const char *text, struct sbuf *out,
    char *err, size_t errlen)
{
	struct tbl_state *tmp;
	tbl_move *played = NULL;
	int *movers = NULL, n = 0, cap = 0, first = -2, i;
	const char *p = text;
	struct sbuf log = { 0 };
	char perr[TBL_ERRLEN];
	enum play_error why;

	while (*p == ' ' || *p == '\t')
		p++;
	if (*p == '\0') {
		snprintf(err, errlen, "no move given");
		return PLAY_EMPTY;
	}
	tmp = s->g->clone(s->cur);
	while (*p) {
		int who = s->g->to_move(tmp);
		tbl_move m;
		size_t used = 0;
		char *mt;

		if (who == TBL_END) {
			snprintf(err, errlen, "the game is over%s '%s'",
			    n ? "; cannot play" : ", cannot play", p);
			why = PLAY_OVER;
			goto fail;
		}
		if (first == -2)
			first = who;
		else if (who != first) {
			snprintf(err, errlen, "the turn of %s ended before '%s'",
			    session_player(s, first), p);
			why = PLAY_TURN_OVER;
			goto fail;
		}
		perr[0] = '\0';
		if (s->g->parse_move(tmp, p, &m, &used, perr, sizeof perr) != 0) {
			if (perr[0])
				snprintf(err, errlen, "%s", perr);
			else
				snprintf(err, errlen, "cannot read a move in '%s'", p);
			why = PLAY_UNREADABLE;
			goto fail;
		}
		if (used == 0) {
			snprintf(err, errlen, "cannot read a move in '%s'", p);
			why = PLAY_UNREADABLE;
			goto fail;
		}
		mt = session_move_text(s, tmp, m);
		if (!is_legal(s, tmp, m)) {
			snprintf(err, errlen, "illegal move '%.*s' for %s",
			    (int)used, p, session_player(s, who));
			free(mt);
			why = PLAY_ILLEGAL;
			goto fail;
		}
		if (s->g->apply(tmp, m) != 0) {
			snprintf(err, errlen, "the game refused move '%.*s'",
			    (int)used, p);
			free(mt);
			why = PLAY_REFUSED;
			goto fail;
		}
		if (n == cap) {
			cap = cap ? cap * 2 : 8;
			played = xrealloc(played, (size_t)cap * sizeof *played);
			movers = xrealloc(movers, (size_t)cap * sizeof *movers);
		}
		played[n] = m;
		movers[n] = who;
		n++;
		sbuf_printf(&log, "%s plays %s\n", session_player(s, who), mt);
		free(mt);
		p += used;
		while (*p == ' ' || *p == '\t')
			p++;
	}
	for (i = 0; i < n; i++)
		push_move(s, played[i], movers[i]);
	s->g->copy(s->cur, tmp);
	s->g->destroy(tmp);
	if (out)
		sbuf_puts(out, sbuf_str(&log));
	sbuf_free(&log);
	free(played);
	free(movers);
	return PLAY_OK;
fail:
	s->g->destroy(tmp);
	sbuf_free(&log);
	free(played);
	free(movers);
	return why;
}

void
session_roll(struct session *s, struct sbuf *out)
{
	while (s->g->to_move(s->cur) == TBL_CHANCE) {
		int n = session_moves(s), k;
		tbl_move m;
		char *t;

		if (n <= 0)
			return;	/* a broken plugin; `check` reports it */
		k = rng_pick(&s->rng, s->legal.prob, n);
		m = s->legal.m[k];
		t = session_move_text(s, s->cur, m);
		if (s->g->apply(s->cur, m) != 0) {
			free(t);
			return;
		}
		push_move(s, m, TBL_CHANCE);
		if (out)
			sbuf_printf(out, "chance: %s\n", t);
		free(t);
	}
}

/* Recompute cur from start by replaying the first k moves. */
static void
replay_to(struct session *s, int k)
{
	int i;

	s->g->copy(s->cur, s->start);
	for (i = 0; i < k; i++)
		s->g->apply(s->cur, s->moves[i]);
	s->nmoves = k;
}

int
session_undo(struct session *s, int n)
{
	int k = s->nmoves, total = s->ntotal;

	if (k == 0)
		return 0;
	if (n > 0) {
		k = n > k ? 0 : k - n;
	} else {
		/* Chance outcomes that followed the turn go with it. */
		while (k > 0 && s->movers[k - 1] == TBL_CHANCE)
			k--;
		if (k > 0) {
			int who = s->movers[k - 1];
			while (k > 0 && s->movers[k - 1] == who)
				k--;
		}
	}
	n = s->nmoves - k;
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
		k = k + n > total ? total : k + n;
	} else {
		int who = s->movers[k];
		while (k < total && s->movers[k] == who)
			k++;
		while (k < total && s->movers[k] == TBL_CHANCE)
			k++;
	}
	for (i = s->nmoves; i < k; i++)
		s->g->apply(s->cur, s->moves[i]);
	n = k - s->nmoves;
	s->nmoves = k;
	return n;
}

int
session_setup(struct session *s, const char *pos, char *err, size_t errlen)
{
	struct tbl_state *tmp = s->g->clone(s->start);

	err[0] = '\0';
	if (s->g->set_position(tmp, pos, err, errlen) != 0) {
		if (err[0] == '\0')
			snprintf(err, errlen, "invalid position");
		s->g->destroy(tmp);
		return -1;
	}
	s->g->destroy(s->start);
	s->start = tmp;
	s->g->copy(s->cur, tmp);
	s->nmoves = s->ntotal = 0;
	free(s->setup);
	s->setup = xstrdup(pos);
	return 0;
}

char *
session_position(const struct session *s)
{
	return text_of(s->g->get_position, s->cur);
}

void
session_history(const struct session *s, struct sbuf *out, int plain)
{
	struct tbl_state *st = s->g->clone(s->start);
	int i = 0, turn = 0;

	while (i < s->nmoves) {
		int who = s->movers[i], first = 1;

		if (who != TBL_CHANCE)
			turn++;
		if (!plain) {
			if (who == TBL_CHANCE)
				sbuf_printf(out, "   chance:");
			else
				sbuf_printf(out, "%d. %s:", turn, session_player(s, who));
		}
		while (i < s->nmoves && s->movers[i] == who) {
			char *t = session_move_text(s, st, s->moves[i]);
			sbuf_printf(out, "%s%s", plain && first ? "" : " ", t);
			free(t);
			s->g->apply(st, s->moves[i]);
			i++;
			first = 0;
			if (who == TBL_CHANCE)
				break;
		}
		if (plain) {
			if (who == TBL_CHANCE)
				sbuf_printf(out, "  # chance\n");
			else
				sbuf_printf(out, "  # %d. %s\n", turn,
				    session_player(s, who));
		} else
			sbuf_printf(out, "\n");
	}
	s->g->destroy(st);
}

char *
session_result(const struct session *s)
{
	double *r;
	int np, i, best = -1, nbest = 0;
	char *text;

	if (s->g->to_move(s->cur) != TBL_END)
		return NULL;
	if (s->g->describe_result)
		return text_of(s->g->describe_result, s->cur);
	np = s->g->players(s->cur);
	r = xcalloc((size_t)np + 1, sizeof *r);
	if (s->g->result(s->cur, r) != 0) {
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
