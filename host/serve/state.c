/*
 * state.c - a game of the server as JSON (see state.h).
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "core/game.h"
#include "core/seat.h"
#include "core/session.h"
#include "core/sessiontext.h"
#include "run/jsonl.h"
#include "serve/games.h"
#include "serve/state.h"
#include "view/diagram.h"
#include "view/page.h"

void
state_error(struct sbuf *out, const char *msg)
{
	sbuf_puts(out, "{\"error\":");
	json_string(out, msg);
	sbuf_puts(out, "}");
}

static void
member(struct sbuf *out, const char *name, const char *text)
{
	sbuf_printf(out, ",\"%s\":", name);
	if (text)
		json_string(out, text);
	else
		sbuf_puts(out, "null");
}

/*
 * The history, one object an entry: who, the move's text and what the
 * game says it did ("say"); a pass as {"who":..,"pass":true}.
 */
static void
history(const struct session *s, struct sbuf *out)
{
	const struct tbl_game *g = s->g;
	struct tbl_state *st = g->clone(s->start);
	char *text, *say;
	int i, who;

	sbuf_puts(out, ",\"history\":[");
	for (i = 0; i < s->nmoves; i++) {
		who = s->movers[i];
		sbuf_printf(out, "%s{\"who\":", i ? "," : "");
		json_string(out, session_player(s, SESSION_IS_PASS(who) ?
		    SESSION_PASSER(who) : who));
		if (SESSION_IS_PASS(who)) {
			sbuf_puts(out, ",\"pass\":true}");
			continue;
		}
		text = game_move_text(s->g, st, s->moves[i]);
		say = who >= 0 ? game_narrate(g, st, s->moves[i], text) : NULL;
		member(out, "move", text);
		member(out, "say", say);
		sbuf_puts(out, "}");
		free(text);
		free(say);
		if (g->apply(st, s->moves[i]) != 0)
			break;
	}
	sbuf_puts(out, "]");
	g->destroy(st);
}

/* Does text name cell `name` (a word of it, or after a capture's 'x')? */
static int
names_cell(const char *text, const char *name, size_t len)
{
	const char *t;

	for (t = strstr(text, name); t; t = strstr(t + 1, name)) {
		int before = t == text || !isalnum((unsigned char)t[-1]) ||
		    (t[-1] == 'x' && (t - 1 == text ||
		    !isalpha((unsigned char)t[-2])));
		if (before && !isalnum((unsigned char)t[len]))
			return 1;
	}
	return 0;
}

/*
 * Append the names of the cells marked `cls` in svg as JSON strings to
 * the list that begins at out->s + start, each once; with `text`, only
 * those the move's text names (a mancala sowing is marked where it
 * landed too, but is played from its hole).
 */
static void
marked(const char *svg, const char *cls, struct sbuf *out, size_t start,
    const char *text)
{
	const char *p = svg, *q;
	size_t len = strlen(cls);
	struct sbuf one = { 0 };

	while ((p = strstr(p, cls)) != NULL) {
		char *name;
		p += len;
		if ((q = strchr(p, '"')) == NULL)
			break;
		name = xstrndup(p, (size_t)(q - p));
		one.len = 0;
		json_string(&one, name);
		if ((text == NULL || names_cell(text, name, strlen(name))) &&
		    strstr(sbuf_str(out) + start, sbuf_str(&one)) == NULL) {
			sbuf_puts(out, out->len > start + 1 ? "," : "");
			sbuf_add(out, one.s, one.len);
		}
		free(name);
	}
	sbuf_free(&one);
}

/*
 * The cells move m of the position to move moves from and to, as the
 * game's diagram marks them after m (the same marks `save FILE.svg`
 * draws for the last move), the cells it reaches only when its text
 * names them: ["g5","e5"], or [] when it marks none.
 */
static void
move_cells(struct session *s, tbl_move m, struct sbuf *out)
{
	struct tbl_state *after = s->g->clone(s->cur);
	struct view_last last = { s->cur, m, NULL, NULL, 0 };
	struct sbuf svg = { 0 };
	char err[256], *text = game_move_text(s->g, s->cur, m);
	size_t start = out->len;

	sbuf_puts(out, "[");
	if (s->g->apply(after, m) == 0 && diagram_svg(s, after, &last, 0, 0,
	    &svg, err, sizeof err) == 0) {
		marked(sbuf_str(&svg), "class=\"mark last from\" data-cell=\"",
		    out, start, NULL);
		marked(sbuf_str(&svg), "class=\"mark last to\" data-cell=\"", out,
		    start, text);
	}
	sbuf_puts(out, "]");
	sbuf_free(&svg);
	free(text);
	s->g->destroy(after);
}

/*
 * The legal moves (or a chance point's outcomes) as texts, with the
 * cells each one moves from and to, for clicks on the board, when a
 * human seat is to move (a diagram a move: the most costly part of a
 * state; the empty list otherwise).
 */
static void
moves(struct session *s, int human, struct sbuf *out)
{
	int n = session_moves(s), i, who = game_to_move(s->g, s->cur);
	tbl_move *m = xcalloc((size_t)n + 1, sizeof *m);
	char *t;

	memcpy(m, s->legal.m, (size_t)n * sizeof *m);
	sbuf_puts(out, ",\"moves\":[");
	for (i = 0; i < n; i++) {
		t = game_move_text(s->g, s->cur, m[i]);
		sbuf_puts(out, i ? "," : "");
		json_string(out, t);
		free(t);
	}
	sbuf_puts(out, "],\"cells\":[");
	for (i = 0; i < n && who >= 0 && human; i++) {
		sbuf_puts(out, i ? "," : "");
		move_cells(s, m[i], out);
	}
	sbuf_puts(out, "]");
	if (who == TBL_CHANCE) {
		sbuf_puts(out, ",\"chances\":[");
		for (i = 0; i < n; i++) {
			sbuf_puts(out, i ? "," : "");
			json_number(out, s->legal.prob[i]);
		}
		sbuf_puts(out, "]");
	}
	free(m);
}

/* Is a human seat to move in g? */
static int
human_turn(const struct game *g)
{
	const struct session *s = g->sess;
	int who = game_to_move(s->g, s->cur);

	return who >= TBL_MAX_PLAYERS || (who >= 0 &&
	    g->seats[who].kind == SEAT_HUMAN);
}

/* The players and who plays each seat. */
static void
seats(const struct game *g, struct sbuf *out)
{
	const struct session *s = g->sess;
	int np = game_players(s->g, s->cur), i;
	char spec[64];

	if (np < 0 || np > TBL_MAX_PLAYERS)
		np = 0;		/* a plugin's bad count; check reports it */
	sbuf_puts(out, ",\"players\":[");
	for (i = 0; i < np; i++) {
		sbuf_puts(out, i ? "," : "");
		json_string(out, session_player(s, i));
	}
	sbuf_puts(out, "],\"seats\":[");
	for (i = 0; i < np; i++) {
		seat_format(&g->seats[i], spec, sizeof spec);
		sbuf_puts(out, i ? "," : "");
		json_string(out, spec);
	}
	sbuf_puts(out, "]");
}

/* The board: SVG (null when the game draws none; the last turn marked
 * as the pages mark it) and text. */
static void
board(const struct session *s, struct sbuf *out)
{
	struct sbuf svg = { 0 };
	char err[256], *text;

	if (view_diagram(s, view_steps(s), 0, &svg, err, sizeof err) == 0)
		member(out, "svg", sbuf_str(&svg));
	else
		member(out, "svg", NULL);
	sbuf_free(&svg);
	text = game_render(s->g, s->cur);
	member(out, "board", text);
	free(text);
	text = session_position(s);
	member(out, "position", text);
	free(text);
}

/* What a worker searches for g, or null; and the last hint. */
static void
thinking(const struct game *g, struct sbuf *out)
{
	if (g->busy) {
		sbuf_printf(out, ",\"thinking\":{\"seat\":%d,\"hint\":%s,"
		    "\"playouts\":%ld}", g->think_seat, g->think_hint ? "true" :
		    "false", g->playouts);
	} else
		sbuf_printf(out, ",\"thinking\":%s", g->want != WANT_NONE ?
		    "{\"seat\":-1,\"hint\":false,\"playouts\":0}" : "null");
	member(out, "hint", g->hint);
}

void
state_unchanged(const struct game *g, struct sbuf *out)
{
	sbuf_printf(out, "{\"id\":%u,\"version\":%lu,\"unchanged\":true",
	    g->id, g->version);
	thinking(g, out);
	sbuf_puts(out, "}");
}

/* Who is to move, what the game waits for, and the result. */
static void
turn(const struct game *g, struct sbuf *out)
{
	const struct session *s = g->sess;
	int who = game_to_move(s->g, s->cur);
	char *r = session_result(s), *opts;

	sbuf_printf(out, ",\"tomove\":%d", who >= 0 ? who : -1);
	sbuf_printf(out, ",\"chance\":%s,\"over\":%s", who == TBL_CHANCE ?
	    "true" : "false", who == TBL_END ? "true" : "false");
	sbuf_printf(out, ",\"throw\":%s", who == TBL_CHANCE && (g->paused ||
	    games_throws(g)) ? "true" : "false");
	member(out, "result", r);
	free(r);
	sbuf_printf(out, ",\"paused\":%s,\"undo\":%s,\"redo\":%s",
	    g->paused ? "true" : "false", s->nmoves > 0 ? "true" : "false",
	    s->nmoves < s->ntotal ? "true" : "false");
	opts = optset_describe(&s->opts, s->g, 0);
	member(out, "options", opts);
	free(opts);
}

void
state_json(struct game *g, struct sbuf *out)
{
	struct session *s = g->sess;
	struct sbuf body = { 0 };

	sbuf_printf(out, "{\"id\":%u,\"version\":%lu", g->id, g->version);
	thinking(g, out);
	/* The rest changes only with the version: made once for it. */
	if (g->cache == NULL || g->cache_version != g->version) {
		member(&body, "game", s->g->name);
		turn(g, &body);
		seats(g, &body);
		history(s, &body);
		moves(s, human_turn(g), &body);
		board(s, &body);
		free(g->cache);
		g->cache = body.s ? body.s : xstrdup("");
		g->cache_version = g->version;
	}
	sbuf_puts(out, g->cache);
	sbuf_puts(out, "}");
}
