/*
 * app.c - the REPL's game in progress and who plays it: the operations
 * that its commands and its line reader share.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/game.h"
#include "repl/app.h"
#include "repl/journal.h"
#include "base/interrupt.h"
#include "core/session.h"
#include "core/sessiontext.h"
#include "base/util.h"

void
app_init(struct app *a, struct host *h)
{
	memset(a, 0, sizeof *a);
	a->host = h;
	a->exit_status = -1;
	a->chance_manual = strcmp(config_host(&h->cfg, "chance"), "manual") == 0;
}

/* "P to move", "chance to move" or "game over: RESULT". */
void
app_status_line(struct app *a, struct sbuf *out)
{
	struct session *s = a->sess;
	int who = game_to_move(s->g, s->cur);
	char *r;

	if (who == TBL_END) {
		r = session_result(s);
		sbuf_printf(out, "game over: %s\n", r);
		free(r);
	} else
		sbuf_printf(out, "%s to move\n", session_player(s, who));
}

int
app_need_game(struct app *a, char *err, size_t errlen)
{
	if (a->sess == NULL) {
		snprintf(err, errlen, "no game in progress (start one with 'new')");
		return -1;
	}
	return 0;
}

/* Resolve chance points when the host rolls them. */
void
app_roll(struct app *a, struct sbuf *out)
{
	if (!a->chance_manual)
		session_roll(a->sess, out);
}

/* Replace the game in progress by s (taking ownership). */
void
app_install(struct app *a, struct session *s)
{
	session_free(a->sess);
	a->sess = s;
	a->games++;
}

static int
same_spec(const struct seat_spec *x, const struct seat_spec *y)
{
	return x->kind == y->kind && x->budget == y->budget && x->ms == y->ms &&
	    x->threads == y->threads && x->fresh == y->fresh;
}

struct ai_player *
app_player(struct app *a, int who, const struct seat_spec *spec)
{
	struct session *s = a->sess;
	struct app_player *ap = &a->players[who];

	if (ap->p == NULL || !same_spec(&ap->spec, spec) ||
	    ap->game != a->games || ap->seen > s->nmoves) {
		ai_player_free(ap->p);
		ap->p = ai_player_new(spec);
		ap->spec = *spec;
		ap->game = a->games;
		ap->seen = s->nmoves;
	}
	for (; ap->seen < s->nmoves; ap->seen++)
		if (!SESSION_IS_PASS(s->movers[ap->seen]))
			ai_player_observe(ap->p, s->g, NULL, s->moves[ap->seen]);
	return ap->p;
}

/* A new seed drawn from the last one (a session's next game). */
uint64_t
app_next_seed(uint64_t seed)
{
	struct rng r;

	rng_seed(&r, seed);
	return rng_next(&r);
}

struct session *
app_make_session(struct app *a, struct plugin *p, const struct optset *base,
    char **words, int nwords, char *err, size_t errlen)
{
	struct optset os;
	struct session *s;

	optset_copy(&os, base);
	if (optset_assign_words(&os, &p->game, words, nwords, err, errlen) != 0) {
		optset_free(&os);
		return NULL;
	}
	s = session_new(p, &os, a->host->seed, err, errlen);
	optset_free(&os);
	return s;
}

int
app_seats_from_text(struct app *a, const char *text, int nplayers,
    const char *game, char *err, size_t errlen)
{
	return seat_parse_list(text, nplayers, game, a->seats, err, errlen);
}

int
app_seats_from_config(struct app *a, const struct session *s, char *err,
    size_t errlen)
{
	const char *game = s->g->name;

	/* A game that declares its own `seats` option keeps it. */
	if (opt_find(s->g->options, s->g->noptions, "seats") >= 0)
		game = NULL;
	return app_seats_from_text(a, config_for_game(&a->host->cfg, game, "seats"),
	    game_players(s->g, s->cur), s->g->name, err, errlen);
}

/* The player behind `ai`, `go` and `hint` for the current game. */
int
app_default_ai(struct app *a, struct seat_spec *spec, char *err, size_t errlen)
{
	const struct tbl_game *g = a->sess ? a->sess->g : NULL;
	const char *game = g && opt_find(g->options, g->noptions, "ai") < 0 ?
	    g->name : NULL;

	return seat_parse(config_for_game(&a->host->cfg, game, "ai"), spec, err, errlen);
}

/*
 * The AI `spec` plays one move for the side to move; reports it in out.
 * Returns 0, or -1 (nothing to play).
 */
int
app_ai_move(struct app *a, const struct seat_spec *spec, struct sbuf *out)
{
	struct session *s = a->sess;
	struct ai_report rep;
	char e[TBL_ERRLEN], *t;
	tbl_move m;
	int who = game_to_move(s->g, s->cur), from, rc, at;
	struct ai_player *p;

	if (who < 0)
		return -1;
	p = app_player(a, who, spec);
	if (a->thinking)
		a->thinking(a, p, who, spec, out, 1);
	rc = ai_player_choose(p, s->g, s->cur, &s->rng, &m, &rep);
	if (a->thinking)
		a->thinking(a, p, who, spec, out, 0);
	if (rc != 0)
		return -1;
	/* SIGTERM or SIGHUP: the session ends; play nothing half-searched. */
	if (shutdown_signal())
		return -1;
	t = game_move_text(s->g, s->cur, m);
	at = s->nmoves;
	if (session_apply(s, m, e, sizeof e) != 0) {
		free(t);
		return -1;
	}
	from = s->nmoves;
	while (from > 0 && SESSION_IS_PASS(s->movers[from - 1]))
		from--;
	session_say_move(s, who, t, out);
	session_say_passes(s, from, out);
	session_say_game_ends(s, at, out);
	free(t);
	return 0;
}

int
app_seat_is_computer(const struct app *a, int who)
{
	return who >= 0 && who < TBL_MAX_PLAYERS &&
	    a->seats[who].kind != SEAT_HUMAN;
}

static void say_stopped(struct app *a, const char *why, struct sbuf *out);

void
app_autoplay(struct app *a, struct sbuf *out)
{
	struct session *s = a->sess;
	long guard = 0;
	int who;

	if (s == NULL)
		return;
	for (;;) {
		/*
		 * Ctrl-C: the search it hit played its best move so far (here
		 * or in `ai`); what is then to move waits, and no search of
		 * the next seat is cut short by the same Ctrl-C.
		 */
		if (interrupt_pending()) {
			say_stopped(a, "interrupted", out);
			return;
		}
		app_roll(a, out);
		who = game_to_move(s->g, s->cur);
		if (!app_seat_is_computer(a, who))
			return;
		/* A game whose seats are all computers ends; this guards a
		 * plugin that never ends. */
		if (++guard > 10000000L || app_ai_move(a, &a->seats[who], out) != 0)
			return;
	}
}

/*
 * "WHY: Q (mcts:100) is to move ('go' plays it)" when a computer seat or
 * a chance point the host rolls is to move and waits; nothing otherwise.
 */
static void
say_stopped(struct app *a, const char *why, struct sbuf *out)
{
	struct session *s = a->sess;
	int who = game_to_move(s->g, s->cur);
	const char *redo = s->nmoves < s->ntotal ?
	    ", 'redo' replays the taken-back move" : "";
	char spec[SEAT_TEXT_MAX];
	int i;

	/* A chance point waits only for a computer seat's turn to go on. */
	for (i = 0; i < TBL_MAX_PLAYERS && a->seats[i].kind == SEAT_HUMAN; i++)
		;
	if (who == TBL_CHANCE && !a->chance_manual && i < TBL_MAX_PLAYERS)
		sbuf_printf(out, "%s: a chance point is next ('go' resolves it "
		    "and lets the computer seats play on%s)\n", why, redo);
	else if (app_seat_is_computer(a, who)) {
		seat_format(&a->seats[who], spec, sizeof spec);
		sbuf_printf(out, "%s: %s (%s) is to move ('go' plays it%s)\n", why,
		    session_player(s, who), spec, redo);
	}
}

void
app_say_waiting(struct app *a, struct sbuf *out)
{
	say_stopped(a, "waiting", out);
}

enum play_error
app_play(struct app *a, const char *text, struct sbuf *out, char *err,
    size_t errlen)
{
	enum play_error why;

	/* After an undo the host may owe a roll: it rolls before the move. */
	app_roll(a, out);
	why = session_play(a->sess, text, out, err, errlen);
	if (why == PLAY_OK) {
		app_autoplay(a, out);
		app_status_line(a, out);
	}
	return why;
}

int
app_new_game_with(struct app *a, const char *name, char **words, int nwords,
    struct sbuf *out, char *err, size_t errlen)
{
	struct plugin *p;
	struct optset os;
	struct session *s;
	struct sbuf sink = { 0 };

	if (name == NULL)
		name = config_host(&a->host->cfg, "game");
	p = host_find_game(a->host, name, err, errlen);
	if (p == NULL)
		return -1;
	optset_init(&os, &p->game, &a->host->cfg);
	s = app_make_session(a, p, &os, words, nwords, err, errlen);
	optset_free(&os);
	if (s == NULL)
		return -1;
	app_install(a, s);
	if (app_seats_from_config(a, s, err, errlen) != 0)
		return -1;
	app_autoplay(a, out ? out : &sink);
	sbuf_free(&sink);
	return 0;
}


char *
app_board(const struct app *a)
{
	const struct session *s = a->sess;
	char *t = game_render(s->g, s->cur), *p = t, *next;
	struct sbuf b = { 0 };

	while (*p) {
		next = strchr(p, '\n');
		next = next ? next + 1 : p + strlen(p);
		if (!(game_to_move(s->g, s->cur) == TBL_END &&
		    strncasecmp(p, "game over", 9) == 0))
			sbuf_printf(&b, "%.*s", (int)(next - p), p);
		p = next;
	}
	if (b.len == 0 || b.s[b.len - 1] != '\n')
		sbuf_puts(&b, "\n");
	free(t);
	return b.s;
}

char *
app_prompt(const struct app *a)
{
	struct session *s = a->sess;
	int who;

	if (s == NULL)
		return xstrdup("tablero> ");
	who = game_to_move(s->g, s->cur);
	if (who == TBL_END)
		return xasprintf("%s (over)> ", s->g->name);
	return xasprintf("%s %s> ", s->g->name, session_player(s, who));
}

void
app_free(struct app *a)
{
	int i;

	journal_stop(&a->journal, 0);
	for (i = 0; i < TBL_MAX_PLAYERS; i++)
		ai_player_free(a->players[i].p);
	session_free(a->sess);
	a->sess = NULL;
	if (a->solved != NULL && a->solved_free != NULL)
		a->solved_free(a->solved);
	a->solved = NULL;
}
