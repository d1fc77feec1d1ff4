/*
 * api.c - the requests of the JSON API (see api.h and tablero-serve(1)).
 * Every request that names a game answers with its state (state.c) or
 * an error object; a refused request leaves the game as it was.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "core/game.h"
#include "core/host.h"
#include "core/record.h"
#include "core/session.h"
#include "core/sessiontext.h"
#include "core/settings.h"
#include "run/jsonl.h"
#include "serve/api.h"
#include "serve/catalog.h"
#include "serve/req.h"
#include "serve/server.h"
#include "serve/state.h"

/* One request on one game, with the room for its error. */
struct call {
	struct server *sv;
	const struct req *r;
	struct game *g;
	char err[1024];
};

#define OK 200
#define BAD 400
#define CONFLICT 409

static int
is_human(const struct game *g, int who)
{
	return who >= TBL_MAX_PLAYERS || g->seats[who].kind == SEAT_HUMAN;
}

/* The seats of a new game of s: the text's, else the configured. */
static int
new_seats(struct call *c, const struct session *s, const char *text,
    struct seat_spec *seats)
{
	const char *game = s->g->name;

	if (text == NULL) {
		if (opt_find(s->g->options, s->g->noptions, "seats") >= 0)
			game = NULL;
		text = config_for_game(&c->sv->host->cfg, game, "seats");
	}
	return seat_parse_list(text, game_players(s->g, s->cur), s->g->name, seats,
	    c->err, sizeof c->err);
}

/* A session of game `name` with the words of `opts` over the
 * configured options; NULL with the REPL's message. */
static struct session *
make_session(struct call *c, const char *name, char **words, int nwords)
{
	struct host *h = c->sv->host;
	struct plugin *p = host_find_game(h, name, c->err, sizeof c->err);
	struct optset os;
	struct session *s = NULL;
	struct rng r;

	if (p == NULL)
		return NULL;
	optset_init(&os, &p->game, &h->cfg);
	if (optset_assign_words(&os, &p->game, words, nwords, c->err,
	    sizeof c->err) == 0) {
		rng_seed(&r, h->seed);
		h->seed = rng_next(&r);
		s = session_new(p, &os, h->seed, c->err, sizeof c->err);
	}
	optset_free(&os);
	return s;
}

/* The game a request without a name starts: the tab's, else the
 * command line's, else the configured. */
static const char *
default_name(const struct call *c)
{
	if (c->g)
		return c->g->sess->g->name;
	return c->sv->opts->game ? c->sv->opts->game :
	    config_host(&c->sv->host->cfg, "game");
}

/* The command line's options and seats serve its game. */
static int
command_line_game(const struct call *c, const char *name)
{
	const char *game = c->sv->opts->game ? c->sv->opts->game :
	    config_host(&c->sv->host->cfg, "game");

	return strcmp(name, game) == 0;
}

/* POST /api/new: a new game in the tab's slot (or a new slot). */
static unsigned
api_new(struct call *c)
{
	const char *name = req_arg(c->r, "name"), *opts = req_arg(c->r,
	    "options"), *st = req_arg(c->r, "seats");
	struct seat_spec seats[TBL_MAX_PLAYERS];
	char *copy = xstrdup(opts ? opts : ""), *words[65];
	int n = split_words(copy, words, 65), cl;
	struct session *s = NULL;

	if (name == NULL || *name == '\0')
		name = default_name(c);
	cl = command_line_game(c, name);
	if (n > 64)
		snprintf(c->err, sizeof c->err, "more than 64 options");
	else if (opts == NULL && cl)
		s = make_session(c, name, c->sv->opts->kv, c->sv->opts->nkv);
	else
		s = make_session(c, name, words, n);
	free(copy);
	if (st == NULL || *st == '\0')
		st = cl ? c->sv->opts->seats : NULL;
	if (s == NULL || new_seats(c, s, st, seats) != 0) {
		session_free(s);
		return BAD;
	}
	if (c->g == NULL && (c->g = games_add(&c->sv->games, s, seats,
	    NULL)) == NULL) {
		snprintf(c->err, sizeof c->err, "the server holds %d games "
		    "already", GAMES_MAX);
		return 503;
	} else if (c->g->sess != s)
		games_replace(&c->sv->games, c->g, s);
	memcpy(c->g->seats, seats, sizeof seats);
	games_changed(&c->sv->games, c->g);
	return OK;
}

/* POST /api/play: the moves of one turn of a human seat. */
static unsigned
api_play(struct call *c)
{
	struct session *s = c->g->sess;
	const char *text = req_arg(c->r, "move");
	int who = game_to_move(s->g, s->cur);

	if (text == NULL) {
		snprintf(c->err, sizeof c->err, "play: no move given (move=TEXT)");
		return BAD;
	}
	if (who == TBL_CHANCE) {
		snprintf(c->err, sizeof c->err, "a chance point: throw first");
		return CONFLICT;
	}
	if (who >= 0 && !is_human(c->g, who)) {
		snprintf(c->err, sizeof c->err, "it is %s's turn, a computer "
		    "seat's", session_player(s, who));
		return CONFLICT;
	}
	if (session_play(s, text, NULL, c->err, sizeof c->err) != PLAY_OK)
		return who == TBL_END ? CONFLICT : BAD;
	c->g->paused = 0;
	free(c->g->hint);
	c->g->hint = NULL;
	games_changed(&c->sv->games, c->g);
	return OK;
}

/* POST /api/throw: the host throws at a chance point. */
static unsigned
api_throw(struct call *c)
{
	struct session *s = c->g->sess;

	if (game_to_move(s->g, s->cur) != TBL_CHANCE) {
		snprintf(c->err, sizeof c->err, "not a chance point: nothing to "
		    "throw");
		return CONFLICT;
	}
	session_roll(s, NULL);
	c->g->paused = 0;
	games_changed(&c->sv->games, c->g);
	return OK;
}

/* POST /api/undo and /api/redo: back (or on) to a human seat's turn;
 * computer seats then wait for go. */
static unsigned
api_undo_redo(struct call *c, int redo)
{
	struct session *s = c->g->sess;
	int n = 0, who;

	do {
		n += redo ? session_redo(s, 0) : session_undo(s, 0);
		who = game_to_move(s->g, s->cur);
	} while ((redo ? s->nmoves < s->ntotal : s->nmoves > 0) &&
	    (who == TBL_CHANCE || (who >= 0 && !is_human(c->g, who))));
	if (n == 0) {
		snprintf(c->err, sizeof c->err, redo ? "nothing to redo" :
		    "nothing to undo");
		return CONFLICT;
	}
	c->g->paused = 1;
	games_changed(&c->sv->games, c->g);
	return OK;
}

static unsigned
api_undo(struct call *c)
{
	return api_undo_redo(c, 0);
}

static unsigned
api_redo(struct call *c)
{
	return api_undo_redo(c, 1);
}

/* POST /api/go: computer seats play on after undo and redo. */
static unsigned
api_go(struct call *c)
{
	c->g->paused = 0;
	games_changed(&c->sv->games, c->g);
	return OK;
}

/* POST /api/seats: who plays each seat. */
static unsigned
api_seats(struct call *c)
{
	struct session *s = c->g->sess;
	const char *text = req_arg(c->r, "seats");

	if (text == NULL) {
		snprintf(c->err, sizeof c->err, "seats: none given "
		    "(seats=human,mcts:500)");
		return BAD;
	}
	if (seat_parse_list(text, game_players(s->g, s->cur), s->g->name,
	    c->g->seats, c->err, sizeof c->err) != 0)
		return BAD;
	c->g->paused = 0;
	games_changed(&c->sv->games, c->g);
	return OK;
}

/* POST /api/hint: a worker searches; the state's "hint" says it. */
static unsigned
api_hint(struct call *c)
{
	struct session *s = c->g->sess;

	int who = game_to_move(s->g, s->cur);

	if (who < 0 || !is_human(c->g, who) || c->g->busy ||
	    c->g->want != WANT_NONE) {
		snprintf(c->err, sizeof c->err, "hint: %s", who < 0 ?
		    "no player to move" : !is_human(c->g, who) ? "a computer "
		    "seat is to move" : "a search is under way");
		return CONFLICT;
	}
	games_want_hint(&c->sv->games, c->g);
	return OK;
}

/* GET /api/record: {"name":"GAME-ID.tbr","record":TEXT}. */
static unsigned
api_record(struct call *c, struct sbuf *out)
{
	struct session *s = c->g->sess;
	int np = game_players(s->g, s->cur);
	char *text = record_text(s, c->g->seats, np);
	char *name = xasprintf("%s-%u.tbr", s->g->name, c->g->id);

	sbuf_puts(out, "{\"name\":");
	json_string(out, name);
	sbuf_puts(out, ",\"record\":");
	json_string(out, text);
	sbuf_puts(out, "}");
	free(text);
	free(name);
	return OK;
}

/* POST /api/load: the game of a record replaces the tab's. */
static unsigned
api_load(struct call *c)
{
	const char *text = req_arg(c->r, "record");
	struct seat_spec seats[TBL_MAX_PLAYERS];
	struct session *s;

	if (text == NULL) {
		snprintf(c->err, sizeof c->err, "load: no record given "
		    "(record=TEXT)");
		return BAD;
	}
	s = record_parse("record", text, &c->sv->host->plugins, c->err,
	    sizeof c->err);
	if (s == NULL)
		return BAD;
	memset(seats, 0, sizeof seats);
	if (s->players && seat_parse_list(s->players, game_players(s->g, s->cur),
	    s->g->name, seats, c->err, sizeof c->err) != 0) {
		session_free(s);
		return BAD;
	}
	games_replace(&c->sv->games, c->g, s);
	memcpy(c->g->seats, seats, sizeof seats);
	c->g->paused = 1;
	games_changed(&c->sv->games, c->g);
	return OK;
}

static const struct route {
	const char *path;
	int post;		/* a POST, else a GET */
	unsigned (*fn)(struct call *);
} routes[] = {
	{ "/api/state", 0, NULL },
	{ "/api/new", 1, api_new },
	{ "/api/play", 1, api_play },
	{ "/api/throw", 1, api_throw },
	{ "/api/undo", 1, api_undo },
	{ "/api/redo", 1, api_redo },
	{ "/api/go", 1, api_go },
	{ "/api/seats", 1, api_seats },
	{ "/api/hint", 1, api_hint },
	{ "/api/load", 1, api_load },
	{ "/api/record", 0, NULL },
	{ NULL, 0, NULL }
};

/* The game the request names ("game=ID"), or NULL with the error. */
static unsigned
find_game(struct call *c, int optional)
{
	const char *id = req_arg(c->r, "game");
	long v;

	if ((id == NULL || *id == '\0') && optional)
		return OK;
	if (id == NULL || parse_long(id, 1, 1L << 30, &v) != 0) {
		snprintf(c->err, sizeof c->err, "no game=ID in the request");
		return BAD;
	}
	if ((c->g = games_find(&c->sv->games, (unsigned)v)) == NULL) {
		snprintf(c->err, sizeof c->err, "no game %ld on this server", v);
		return 404;
	}
	return OK;
}

/*
 * GET /api/state?since=V: 1 when the game is still at version V, 0 when
 * it moved on (or there is no since=), BAD with the error when V is not
 * a version number.
 */
static unsigned
since(struct call *c)
{
	const char *v = req_arg(c->r, "since");
	uint64_t n;

	if (v == NULL || *v == '\0')
		return 0;
	if (parse_u64(v, &n) != 0) {
		snprintf(c->err, sizeof c->err, "since=%.40s is not a version "
		    "number", v);
		return BAD;
	}
	return n == c->g->version;
}

static unsigned
route(struct call *c, const struct route *rt, struct sbuf *out)
{
	unsigned status;

	if ((status = find_game(c, rt->fn == api_new)) != OK)
		return status;
	if (strcmp(rt->path, "/api/record") == 0)
		return api_record(c, out);
	if (rt->fn && (status = rt->fn(c)) != OK)
		return status;
	status = rt->fn ? 0 : since(c);
	if (status == BAD)
		return BAD;
	if (status == 1)
		state_unchanged(c->g, out);
	else
		state_json(c->g, out);
	return OK;
}

unsigned
api_handle(struct server *sv, const struct req *r, struct sbuf *out)
{
	struct call c = { sv, r, NULL, { 0 } };
	const struct route *rt;
	int post = strcmp(r->method, "POST") == 0;
	unsigned status;

	if (strcmp(r->path, "/api/games") == 0 && !post)
		return catalog_games(sv, out);
	for (rt = routes; rt->path && strcmp(rt->path, r->path) != 0; rt++)
		;
	if (rt->path == NULL) {
		state_error(out, "no such request");
		return 404;
	}
	if (rt->post != post) {
		state_error(out, rt->post ? "this request is a POST" :
		    "this request is a GET");
		return 405;
	}
	pthread_mutex_lock(&sv->games.lock);
	status = route(&c, rt, out);
	pthread_mutex_unlock(&sv->games.lock);
	if (status != OK)
		state_error(out, c.err);
	return status;
}
