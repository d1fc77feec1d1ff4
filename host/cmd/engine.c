/*
 * engine.c - `tablero engine PLAYER`: the engine side of the protocol
 * (tablero-engine(5)) with a built-in player.
 *
 * A game is the session of the `game` and `option` lines, begun by `new
 * SEED` (the player's generator is seeded with SEED, as a match seeds an
 * in-process player, so a match against this engine plays the games the
 * in-process player plays), followed by `position` and `play` lines.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "base/util.h"
#include "cmd/engine.h"
#include "cmd/subcmd.h"
#include "core/game.h"
#include "core/session.h"
#include "core/host.h"
#include "run/clock.h"
#include "run/engine.h"

struct eng {
	struct host *a;
	struct seat_spec spec;
	char name[64];
	struct plugin *p;
	struct optset opts;
	int have_opts;
	struct session *s;
	struct tbl_state *st;		/* the game's position */
	struct ai_player *pl;
	struct rng rng;
};

/* A line this engine cannot follow: say so on stderr and give up. */
static int
fail(const char *line, const char *why)
{
	fprintf(stderr, "tablero engine: '%s': %s\n", line, why);
	return -1;
}

/* `game NAME` and `option KEY=VALUE`. */
static int
set_game(struct eng *e, const char *line, const char *arg, int is_option)
{
	char err[1024];

	if (!is_option) {
		if ((e->p = host_find_game(e->a, arg, err, sizeof err)) == NULL)
			return fail(line, err);
		if (e->have_opts)
			optset_free(&e->opts);
		optset_init(&e->opts, &e->p->game, NULL);
		e->have_opts = 1;
		return 0;
	}
	if (e->p == NULL)
		return fail(line, "an option before the game");
	{
		char *kv = xstrdup(arg), *eq = strchr(kv, '=');
		int rc = eq == NULL ? -1 : 0;
		if (eq) {
			*eq = '\0';
			rc = optset_assign(&e->opts, &e->p->game, kv, eq + 1, err,
			    sizeof err);
		} else
			snprintf(err, sizeof err, "not KEY=VALUE");
		free(kv);
		return rc == 0 ? 0 : fail(line, err);
	}
}

/* `new SEED`: a new game from the start. */
static int
new_game(struct eng *e, const char *line, const char *arg)
{
	char err[1024];
	uint64_t seed;

	if (e->p == NULL)
		return fail(line, "no game yet");
	if (parse_u64(arg, &seed) != 0)
		return fail(line, "the seed is not a number");
	if (e->s)
		session_free(e->s);
	if (e->st)
		e->p->game.destroy(e->st);
	e->st = NULL;
	ai_player_free(e->pl);
	if ((e->s = session_new(e->p, &e->opts, seed, err, sizeof err)) == NULL)
		return fail(line, err);
	e->st = e->p->game.clone(e->s->start);
	e->pl = ai_player_new(&e->spec);
	rng_seed(&e->rng, seed);
	return 0;
}

/* `position POS` and `play MOVE`. */
static int
follow(struct eng *e, const char *line, const char *arg, int is_play)
{
	const struct tbl_game *g = e->p ? &e->p->game : NULL;
	char err[TBL_ERRLEN];
	tbl_move m;
	size_t used;

	if (e->st == NULL)
		return fail(line, "no game yet (new SEED)");
	if (!is_play)
		return game_set_position(g, e->st, arg, err, sizeof err) == 0 ?
		    0 : fail(line, err);
	if (game_parse_move(g, e->st, arg, &m, &used, err, sizeof err) != 0)
		return fail(line, err);
	ai_player_observe(e->pl, g, e->st, m);
	if (g->apply(e->st, m) != 0)
		return fail(line, "not a legal move here");
	return 0;
}

/* `go [movetime MS] [time MS] [inc MS] [movestogo N]`: answer a move. */
static int
go(struct eng *e, const char *line, char *args)
{
	const struct tbl_game *g = e->p ? &e->p->game : NULL;
	char *w[16], *t, words[512];
	double movetime = -1, left = -1, inc = 0;
	long togo = 0, v;
	int n, i;
	struct ai_report rep;
	tbl_move m;

	if (e->st == NULL || game_to_move(g, e->st) < 0)
		return fail(line, "no move to make");
	/* Split a copy: the line stays whole for a message. */
	snprintf(words, sizeof words, "%s", args);
	n = split_words(words, w, 16);
	for (i = 0; i + 1 < n; i += 2) {
		if (parse_long(w[i + 1], 0, 1000000000L, &v) != 0)
			return fail(line, "a value is not a number");
		if (strcmp(w[i], "movetime") == 0)
			movetime = (double)v / 1000;
		else if (strcmp(w[i], "time") == 0)
			left = (double)v / 1000;
		else if (strcmp(w[i], "inc") == 0)
			inc = (double)v / 1000;
		else if (strcmp(w[i], "movestogo") == 0)
			togo = v;
	}
	if (movetime >= 0)
		ai_player_set_time(e->pl, clock_share(movetime, 0, 1));
	else if (left >= 0)
		ai_player_set_time(e->pl, clock_share(left, inc, togo));
	if (ai_player_choose(e->pl, g, e->st, &e->rng, &m, &rep) != 0)
		return fail(line, "no legal move");
	if (rep.winrate >= 0)
		printf("info score %.3f playouts %ld\n", rep.winrate,
		    rep.simulations);
	t = game_move_text(g, e->st, m);
	printf("move %s\n", t);
	free(t);
	fflush(stdout);
	return 0;
}

/* One line of the host; 0 go on, 1 quit, -1 a line not followed. */
static int
command(struct eng *e, char *line)
{
	char *arg = line + strcspn(line, " \t");
	size_t cmdlen = (size_t)(arg - line);

	arg += strspn(arg, " \t");
#define IS(word) (cmdlen == strlen(word) && strncmp(line, word, cmdlen) == 0)
	if (IS("tablero-engine")) {
		printf("tablero-engine %d tablero %s\n", ENGINE_PROTOCOL, e->name);
		fflush(stdout);
	} else if (IS("game") || IS("option"))
		return set_game(e, line, arg, IS("option"));
	else if (IS("new"))
		return new_game(e, line, arg);
	else if (IS("position") || IS("play"))
		return follow(e, line, arg, IS("play"));
	else if (IS("go"))
		return go(e, line, arg);
	else if (IS("quit"))
		return 1;
	else if (!IS("legal") && !IS("stop") && cmdlen > 0)
		fprintf(stderr, "tablero engine: ignoring '%s'\n", line);
#undef IS
	return 0;
}

const struct subcmd_entry subcmd_engine = {
	.name = "engine",
	.usage = "PLAYER",
	.flags = "",
	.run = engine_main
};

int
engine_main(struct host *a, int argc, char **argv)
{
	struct eng e;
	char err[1024], *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int rc = 0;

	memset(&e, 0, sizeof e);
	e.a = a;
	if (argc != 2 || argv[1][0] == '-') {
			char *syn = subcmd_synopsis(&subcmd_engine, 7);
		int help = argc == 2 && strcmp(argv[1], "--help") == 0;
		fprintf(help ? stdout : stderr, "usage: %s\n", syn);
		free(syn);
		return help ? 0 : 2;
	}
	if (seat_parse(argv[1], &e.spec, err, sizeof err) != 0) {
		fprintf(stderr, "tablero: engine: %s\n", err);
		return 2;
	}
	if (e.spec.kind == SEAT_HUMAN) {
		fprintf(stderr, "tablero: engine: an engine is a computer player, "
		    "not 'human'\n");
		return 2;
	}
	seat_format(&e.spec, e.name, sizeof e.name);
	while (rc == 0 && (n = getline(&line, &cap, stdin)) >= 0) {
		line[strcspn(line, "\r\n")] = '\0';
		rc = command(&e, line);
	}
	free(line);
	ai_player_free(e.pl);
	if (e.st)
		e.p->game.destroy(e.st);
	if (e.s)
		session_free(e.s);
	if (e.have_opts)
		optset_free(&e.opts);
	return rc < 0 ? 1 : 0;
}
