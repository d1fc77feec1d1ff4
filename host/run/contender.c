/*
 * contender.c - built-in and engine players on their clocks, and the host's
 * side of the engine protocol (tablero-engine(5)).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/movebuf.h"
#include "base/util.h"
#include "core/game.h"
#include "core/session.h"
#include "run/engine.h"
#include "run/contender.h"

/* Seconds an engine has to answer the handshake. */
#define HELLO_SECONDS 10.0

struct contender {
	struct seat_spec spec;
	const struct engine_def *def;
	const struct timectl *tc;
	struct gameclock clock;
	struct ai_player *ai;		/* a built-in player */
	struct engine *e;		/* an engine's process */
	struct rng rng;
	uint64_t seed;
	double used;
	int broken;			/* the engine could not be told a move */
};

struct contender *
contender_new(const struct seat_spec *spec, const struct engine_def *def,
    const struct timectl *tc, uint64_t seed)
{
	struct contender *p = xcalloc(1, sizeof *p);

	p->spec = *spec;
	p->def = def;
	p->tc = tc;
	p->seed = seed;
	rng_seed(&p->rng, seed);
	clock_start(tc, &p->clock);
	if (def == NULL)
		p->ai = ai_player_new(spec);
	return p;
}

/* Quote an engine's text for a reason: at most 40 bytes, printable. */
static void
quote(const char *text, char *out, size_t len)
{
	size_t i, n = 0;

	for (i = 0; text[i] && i < 40 && n + 2 < len; i++)
		out[n++] = text[i] >= 32 && text[i] < 127 ? text[i] : '?';
	if (text[i] && n + 5 < len) {
		memcpy(out + n, "...", 3);
		n += 3;
	}
	out[n] = '\0';
}

/* What a dead engine's end says; ENGINE_STOPPED gives 2, others 1. */
static int
read_failed(struct contender *p, enum engine_read r, char *why)
{
	if (r == ENGINE_STOPPED)
		return 2;
	if (engine_unread(p->e) && r != ENGINE_EOF)
		snprintf(why, CONTENDER_WHY, "engine %s does not read its input",
		    p->def->name);
	else if (r == ENGINE_TIMEOUT)
		snprintf(why, CONTENDER_WHY, "engine %s did not answer in time",
		    p->def->name);
	else
		snprintf(why, CONTENDER_WHY, "engine %s %s", p->def->name,
		    engine_death(p->e));
	return 1;
}

/* Start the engine and shake hands: 0, 1 (fault) or 2 (stopped). */
static int
hello(struct contender *p, char *why)
{
	const char *line;
	enum engine_read r;
	char q[64];
	long v;
	int n = 0;

	if ((p->e = engine_start(p->def, why, CONTENDER_WHY)) == NULL)
		return 1;
	engine_send(p->e, "tablero-engine %d", ENGINE_PROTOCOL);
	if ((r = engine_read(p->e, HELLO_SECONDS, &line)) != ENGINE_LINE)
		return read_failed(p, r, why);
	if (sscanf(line, "tablero-engine %ld%n", &v, &n) != 1 || n == 0 ||
	    (line[n] != '\0' && line[n] != ' ') || engine_line_nul(p->e)) {
		quote(line, q, sizeof q);
		snprintf(why, CONTENDER_WHY, "engine %s: bad handshake '%s'",
		    p->def->name, q);
		return 1;
	}
	if (v != ENGINE_PROTOCOL) {
		snprintf(why, CONTENDER_WHY, "engine %s speaks protocol %ld, not %d",
		    p->def->name, v, ENGINE_PROTOCOL);
		return 1;
	}
	return 0;
}

int
contender_check(const struct engine_def *def, char *why)
{
	struct contender p;
	int rc;

	memset(&p, 0, sizeof p);
	p.def = def;
	rc = hello(&p, why);
	engine_end(p.e);
	return rc;
}

int
contender_begin(struct contender *p, const struct session *s,
    const char *setup, char *why)
{
	const struct tbl_game *g = s->g;
	int k, rc;

	if (p->def == NULL)
		return 0;
	if ((rc = hello(p, why)) != 0)
		return rc;
	engine_send(p->e, "game %s", g->name);
	for (k = 0; k < s->opts.n; k++)
		if (s->opts.text[k] != NULL)
			engine_send(p->e, "option %s=%s", g->options[k].key,
			    s->opts.text[k]);
	engine_send(p->e, "new %llu", (unsigned long long)p->seed);
	if (setup)
		engine_send(p->e, "position %s", setup);
	return 0;
}

/* "illegal move 'Q'" for move m in st, with the game's reason when it
 * gives one ("illegal move 'a1': a1 is taken"). */
static void
illegal(const struct tbl_game *g, const struct tbl_state *st, tbl_move m,
    const char *q, char *why)
{
	char because[TBL_ERRLEN];

	if (game_explain_illegal(g, st, m, because, sizeof because) == 0)
		snprintf(why, CONTENDER_WHY, "illegal move '%s': %.79s", q,
		    because);
	else
		snprintf(why, CONTENDER_WHY, "illegal move '%s'", q);
}

/*
 * A line the engine gave since its last answer, before it is asked
 * again: an info line is let be, anything else (a second move to one
 * `go`) is garbage.  0, or 1 (why) or 2 as contender_choose().
 */
static int
unasked(struct contender *p, char *why)
{
	const char *line;
	enum engine_read r;
	char q[64];

	while ((r = engine_read(p->e, 0, &line)) == ENGINE_LINE)
		if (strncmp(line, "info", 4) != 0 || (line[4] != ' ' &&
		    line[4] != '\0') || engine_line_nul(p->e)) {
			quote(line, q, sizeof q);
			snprintf(why, CONTENDER_WHY, "garbage '%s'", q);
			return 1;
		}
	return r == ENGINE_TIMEOUT ? 0 : read_failed(p, r, why);
}

/* Send the legal moves and `go` with the clock. */
static void
ask(struct contender *p, const struct tbl_game *g, const struct tbl_state *st,
    const struct movebuf *lm, int n)
{
	struct sbuf b = { 0 };
	int i;

	sbuf_puts(&b, "legal");
	for (i = 0; i < n; i++) {
		char *t = game_move_text(g, st, lm->m[i]);
		sbuf_printf(&b, " %s", t);
		free(t);
	}
	engine_send(p->e, "%s", sbuf_str(&b));
	sbuf_reset(&b);
	sbuf_puts(&b, "go");
	if (p->tc->st > 0)
		sbuf_printf(&b, " movetime %ld", (long)(p->tc->st * 1000));
	else if (p->tc->base > 0) {
		sbuf_printf(&b, " time %ld inc %ld", (long)(p->clock.left * 1000),
		    (long)(p->tc->inc * 1000));
		if (clock_togo(p->tc, &p->clock))
			sbuf_printf(&b, " movestogo %ld", clock_togo(p->tc, &p->clock));
	}
	engine_send(p->e, "%s", sbuf_str(&b));
	sbuf_free(&b);
}

/* Read "move M" (and the info lines before it) within the limit. */
static int
answer(struct contender *p, const struct tbl_game *g,
    const struct tbl_state *st,
    const struct movebuf *lm, int n, tbl_move *m, double *score, char *why)
{
	double t0 = now_seconds(), limit = clock_limit(p->tc, &p->clock);
	int stopped = 0, i;
	const char *line;
	char q[64], err[TBL_ERRLEN];
	size_t used;

	for (;;) {
		double wait = limit < 0 ? -1 : t0 + limit + (stopped ?
		    p->tc->margin : 0) - now_seconds();
		enum engine_read r = engine_read(p->e, limit >= 0 && wait < 0 ? 0 :
		    wait, &line);
		if (r == ENGINE_TIMEOUT && !stopped) {
			/* Its time is up: answer now, within the margin. */
			engine_send(p->e, "stop");
			stopped = 1;
			continue;
		}
		if (r == ENGINE_TIMEOUT && !engine_unread(p->e)) {
			snprintf(why, CONTENDER_WHY, "lost on time (no move after %.2f s)",
			    now_seconds() - t0);
			return 1;
		}
		if (r != ENGINE_LINE)
			return read_failed(p, r, why);
		if (strncmp(line, "info", 4) == 0 && (line[4] == ' ' ||
		    line[4] == '\0')) {
			const char *sc = strstr(line, " score ");
			double v;
			if (sc && sscanf(sc + 7, "%lf", &v) == 1 && v >= 0 && v <= 1)
				*score = v;
			continue;
		}
		break;
	}
	p->used += now_seconds() - t0;
	quote(line + (strncmp(line, "move ", 5) == 0 ? 5 : 0), q, sizeof q);
	if (strncmp(line, "move ", 5) != 0 || engine_line_nul(p->e)) {
		quote(line, q, sizeof q);
		snprintf(why, CONTENDER_WHY, "garbage '%s'", q);
		return 1;
	}
	if (game_parse_move(g, st, line + 5, m, &used, err, sizeof err) != 0) {
		snprintf(why, CONTENDER_WHY, "illegal move '%s': %.79s", q, err);
		game_clean_text(why);
		return 1;
	}
	if (line[5 + used + strspn(line + 5 + used, " \t")] != '\0') {
		snprintf(why, CONTENDER_WHY, "illegal move '%s'", q);
		return 1;
	}
	for (i = 0; i < n && lm->m[i] != *m; i++)
		;
	if (i == n) {
		illegal(g, st, *m, q, why);
		return 1;
	}
	return 0;
}

int
contender_choose(struct contender *p, const struct tbl_game *g,
    const struct tbl_state *st, const struct movebuf *lm, int n,
    tbl_move *m, double *score, char *why)
{
	double t0 = now_seconds(), used, limit = clock_limit(p->tc, &p->clock);
	struct ai_report rep;
	int rc;

	*score = -1;
	if (p->e != NULL) {
		if (p->broken)
			return read_failed(p, ENGINE_EOF, why);
		if ((rc = unasked(p, why)) != 0)
			return rc;
		ask(p, g, st, lm, n);
		rc = answer(p, g, st, lm, n, m, score, why);
		used = now_seconds() - t0;
	} else {
		double plan = limit < 0 ? 0 : clock_plan(clock_share(limit,
		    p->tc->st > 0 ? 0 : p->tc->inc, p->tc->st > 0 ? 1 :
		    clock_togo(p->tc, &p->clock)));
		if (limit >= 0)
			ai_player_set_time(p->ai, plan);
		rc = ai_player_choose(p->ai, g, st, &p->rng, m, &rep);
		used = now_seconds() - t0;
		if (limit >= 0)
			clock_overran(plan, used, rep.stall);
		p->used += used;
		/* rc: no legal move, which cannot be (n > 1) */
		if (rc != 0 || rep.interrupted)
			return 2;
		if (p->spec.kind == SEAT_MCTS)
			*score = rep.winrate;
	}
	if (rc == 0 && clock_charge(p->tc, &p->clock, used)) {
		snprintf(why, CONTENDER_WHY, "lost on time (%.3f s of %.3f)", used,
		    limit);
		return 1;
	}
	return rc;
}

void
contender_observe(struct contender *p, const struct tbl_game *g,
    const struct tbl_state *st, tbl_move m)
{
	char *t;

	if (p->ai != NULL) {
		ai_player_observe(p->ai, g, st, m);
		return;
	}
	if (p->e == NULL || p->broken)
		return;
	t = game_move_text(g, st, m);
	if (engine_send(p->e, "play %s", t) != 0)
		p->broken = 1;
	free(t);
}

double
contender_used(const struct contender *p)
{
	return p->used;
}

void
contender_free(struct contender *p)
{
	if (p == NULL)
		return;
	ai_player_free(p->ai);
	engine_end(p->e);
	free(p);
}
