/*
 * engine.c - `tablero engine PLAYER`: the engine side of the protocol
 * (tablero-engine(5)) with a built-in player.
 *
 * A game is the session of the `game` and `option` lines, begun by `new
 * SEED` (the player's generator is seeded with SEED, as a match seeds an
 * in-process player, so a match against this engine plays the games the
 * in-process player plays), followed by `position` and `play` lines.
 *
 * Standard input is read in lines of at most ENGINE_LINE_MAX bytes (the
 * bound the host puts on an engine's lines); while the player searches,
 * the input is polled from the search's progress hook, so that `stop`
 * answers at once with the best move so far and `quit` ends the engine.
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai/ai.h"
#include "base/interrupt.h"
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
	char *in;			/* input read, not yet taken */
	size_t inlen;
	int eof;			/* standard input is over */
	int quitting;			/* `quit` came during a search */
	double polled;			/* when the search last polled */
};

/* The longest input line, its end not counted: the host's bound on an
 * engine's lines (run/engine.c). */
#define ENGINE_LINE_MAX 65536
#define INPUT_CAP (ENGINE_LINE_MAX + 2)

/* A line this engine cannot follow: say so on stderr and give up. */
static int
fail(const char *line, const char *why)
{
	fprintf(stderr, "tablero engine: '%.200s': %s\n", line, why);
	return -1;
}

/* End the game in progress, if any: every pointer freed is cleared. */
static void
end_game(struct eng *e)
{
	ai_player_free(e->pl);
	e->pl = NULL;
	if (e->st)
		e->p->game.destroy(e->st);
	e->st = NULL;
	if (e->s)
		session_free(e->s);
	e->s = NULL;
}

/* `game NAME` and `option KEY=VALUE`: each ends the game in progress. */
static int
set_game(struct eng *e, const char *line, const char *arg, int is_option)
{
	char err[1024];

	end_game(e);
	if (!is_option) {
		if (e->have_opts)
			optset_free(&e->opts);
		e->have_opts = 0;
		if ((e->p = host_find_game(e->a, arg, err, sizeof err)) == NULL)
			return fail(line, err);
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

	end_game(e);
	if (e->p == NULL)
		return fail(line, "no game yet");
	if (parse_u64(arg, &seed) != 0)
		return fail(line, "the seed is not a number from 0 to 2^64 - 1");
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

/* Whether line[0..n) is command word w, alone or with arguments. */
static int
is_command(const char *line, size_t n, const char *w)
{
	size_t k = strlen(w);

	return n >= k && memcmp(line, w, k) == 0 && (n == k || line[k] == ' ' ||
	    line[k] == '\t' || line[k] == '\r');
}

/*
 * Read what standard input holds into e->in, waiting at most ms (-1: until
 * some comes).  0, or -1 at its end, when e->in is full, or on SIGTERM.
 */
static int
input_fill(struct eng *e, int ms)
{
	struct pollfd pfd = { 0, POLLIN, 0 };
	ssize_t n;

	if (e->eof || e->inlen == INPUT_CAP)
		return -1;
	if (ms >= 0 && poll(&pfd, 1, ms) <= 0)
		return 0;
	n = read(0, e->in + e->inlen, INPUT_CAP - e->inlen);
	if (n < 0 && errno == EINTR)
		return shutdown_signal() ? -1 : 0;
	if (n <= 0) {
		e->eof = 1;
		return -1;
	}
	e->inlen += (size_t)n;
	return 0;
}

/*
 * The next line of input into *line (without its end): 1; 0 at the end of
 * the input (or SIGTERM); -1 for a line that is not one, why says so.
 */
static int
input_line(struct eng *e, char **line, const char **why)
{
	for (;;) {
		char *nl = memchr(e->in, '\n', e->inlen);
		size_t n = nl ? (size_t)(nl - e->in) : e->inlen;
		int nul;

		if (nl == NULL && e->inlen == INPUT_CAP)
			n = ENGINE_LINE_MAX + 1;	/* too long: said below */
		else if (nl == NULL && !(e->eof && e->inlen)) {
			if (input_fill(e, -1) != 0 && !e->eof)
				return 0;
			if (e->eof && e->inlen == 0)
				return 0;
			continue;
		}
		free(*line);
		*line = xstrndup(e->in, n);
		nul = memchr(e->in, '\0', n) != NULL;
		n += nl != NULL;
		memmove(e->in, e->in + n, e->inlen - n);
		e->inlen -= n;
		n = strlen(*line);
		if (n > 0 && (*line)[n - 1] == '\r')
			(*line)[--n] = '\0';
		*why = nul ? "a NUL byte in the line" : n > ENGINE_LINE_MAX ?
		    "a line longer than 65536 bytes" : NULL;
		return *why ? -1 : 1;
	}
}

/*
 * The search's progress hook: read what input has come, and stop the
 * search (as Ctrl-C does) at a `stop` or `quit` before the next `go`.
 */
static void
watch_input(void *arg, long playouts)
{
	struct eng *e = arg;
	double t = now_seconds();
	size_t at = 0;

	(void)playouts;
	if (t - e->polled < 0.005)
		return;
	e->polled = t;
	input_fill(e, 0);
	while (at < e->inlen) {
		char *nl = memchr(e->in + at, '\n', e->inlen - at);
		size_t n = nl ? (size_t)(nl - (e->in + at)) : 0;
		if (nl == NULL || is_command(e->in + at, n, "go"))
			break;
		if (is_command(e->in + at, n, "quit"))
			e->quitting = 1;
		if (e->quitting || is_command(e->in + at, n, "stop"))
			interrupt_request();
		at += n + 1;
	}
}

/* `go [movetime MS] [time MS] [inc MS] [movestogo N]`: answer a move. */
static int
go(struct eng *e, const char *line, char *args)
{
	const struct tbl_game *g = e->p ? &e->p->game : NULL;
	char *w[16], *t, words[512];
	double movetime = -1, left = -1, inc = 0, plan, t0;
	long togo = 0, v;
	int n, i, rc;
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
	plan = movetime >= 0 ? clock_plan(clock_share(movetime, 0, 1)) :
	    left >= 0 ? clock_plan(clock_share(left, inc, togo)) : -1;
	if (plan >= 0)
		ai_player_set_time(e->pl, plan);
	ai_player_set_progress(e->pl, watch_input, e);
	t0 = now_seconds();
	rc = ai_player_choose(e->pl, g, e->st, &e->rng, &m, &rep);
	if (plan >= 0)
		clock_overran(plan, now_seconds() - t0, rep.stall);
	if (rep.interrupted && !shutdown_signal())
		interrupt_clear();	/* a `stop` or `quit`, served */
	if (e->quitting || shutdown_signal())
		return 1;
	if (rc != 0)
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
		fprintf(stderr, "tablero engine: ignoring '%.200s'\n", line);
#undef IS
	return 0;
}

const struct subcmd_entry subcmd_engine = {
	.name = "engine",
	.usage = "PLAYER",
	.flags = "",
	.run = engine_main,
	.page = "tablero-engine(1)"
};

int
engine_main(struct host *a, int argc, char **argv)
{
	struct eng e;
	char err[1024], *line = NULL;
	const char *why = NULL;
	int rc = 0, got;

	memset(&e, 0, sizeof e);
	e.a = a;
	if (argc != 2 || argv[1][0] == '-') {
		static const struct flag none[] = {
			{ NULL, FLAG_SWITCH, NULL, NULL, NULL }
		};
		struct subcmd c = { &subcmd_engine, none, NULL, { NULL }, 0 };
		int help = argc == 2 && strcmp(argv[1], "--help") == 0;
		if (help)
			subcmd_help(&c, stdout);
		else
			subcmd_usage(&c, stderr);
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
	e.in = xmalloc(INPUT_CAP);
	while (rc == 0 && (got = input_line(&e, &line, &why)) != 0)
		rc = got < 0 ? fail(line, why) : command(&e, line);
	free(line);
	free(e.in);
	end_game(&e);
	if (e.have_opts)
		optset_free(&e.opts);
	if (shutdown_signal())
		return interrupt_exit_status();
	return rc < 0 ? 1 : 0;
}
