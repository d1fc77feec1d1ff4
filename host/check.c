/*
 * check.c - the conformance checker a plugin author runs on a .so.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "interrupt.h"
#include "commands.h"
#include "jsonl.h"
#include "merge.h"
#include "movebuf.h"
#include "playgame.h"
#include "record.h"
#include "rng.h"
#include "session.h"
#include "subcmd.h"
#include "util.h"

#define MAX_REPORTS 10

struct checker {
	const struct tbl_game *g;
	struct sbuf moves;	/* the moves of the current game, as text */
	uint64_t seed;
	int game;
	long failures;
	char *opts;		/* the key=value options, for reproducers */
	char *pdir;		/* -P DIR for a plugin named by its file */
	int shard;		/* --shard: reports go into JSON lines */
	long game_f0;		/* failures before the current game */
	struct sbuf reports;	/* --shard: this game's reports, as JSON */
	int nreports;
	struct plugin *plugin;	/* for a reproducer written as a record */
	const struct optset *os;
};

/* A reproducer longer than this goes into a record file. */
#define REPRO_MAX 4096

/*
 * Write the moves of the failing game to a record (check-GAME-SEED.tbr in
 * the current directory) and return its name, or NULL with err set.
 */
static char *
repro_record(struct checker *c, char *err, size_t errlen)
{
	struct session *s = session_new(c->plugin, c->os, c->seed, err, errlen);
	char *file, *moves, *m, *next;
	int rc = 0;

	if (s == NULL)
		return NULL;
	moves = xstrdup(sbuf_str(&c->moves));
	for (m = moves; m && *m && rc == 0; m = next) {
		next = strstr(m, "; ");
		if (next) {
			*next = '\0';
			next += 2;
		}
		rc = session_play(s, m, NULL, err, errlen) == PLAY_OK ? 0 : -1;
	}
	free(moves);
	file = xasprintf("check-%s-%" PRIu64 ".tbr", c->g->name, c->seed);
	if (rc == 0)
		rc = record_save(s, NULL, 0, file, err, errlen);
	session_free(s);
	if (rc != 0) {
		free(file);
		return NULL;
	}
	return file;
}

/*
 * Print one failure's report, or keep it for the game's JSON line: the
 * first MAX_REPORTS of the run are printed, and a shard keeps the first
 * MAX_REPORTS of each game, enough for `merge` to print the same ones.
 */
static void
report(struct checker *c, const char *text)
{
	if (!c->shard) {
		if (c->failures <= MAX_REPORTS)
			fputs(text, stdout);
		return;
	}
	if (c->failures - c->game_f0 > MAX_REPORTS)
		return;
	sbuf_puts(&c->reports, c->nreports++ ? "," : "");
	json_string(&c->reports, text);
}

/* --shard: the JSON line of the game just checked. */
static void
game_line(struct checker *c)
{
	printf("{\"type\":\"game\",\"index\":%d,\"failures\":%ld,"
	    "\"reports\":[%s]}\n", c->game - 1, c->failures - c->game_f0,
	    sbuf_str(&c->reports));
	sbuf_reset(&c->reports);
	c->nreports = 0;
}

static void
failure(struct checker *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Count a failure and start its report: "FAIL game N: what". */
static void
begin_report(struct checker *c, struct sbuf *b, const char *fmt, va_list ap)
{
	c->failures++;
	sbuf_printf(b, "FAIL game %d: ", c->game);
	sbuf_vprintf(b, fmt, ap);
}

static void
failure(struct checker *c, const char *fmt, ...)
{
	struct sbuf b = { 0 };
	va_list ap;

	va_start(ap, fmt);
	begin_report(c, &b, fmt, ap);
	va_end(ap);
	if (c->moves.len > REPRO_MAX && c->plugin != NULL) {
		/* A command line this long fails (E2BIG): a record loads. */
		char e[TBL_ERRLEN], *file = repro_record(c, e, sizeof e);
		if (file != NULL) {
			sbuf_printf(&b, "\n  reproduce: tablero%s%s -c 'load %s; "
			    "position'\n", c->pdir ? " -P " : "",
			    c->pdir ? c->pdir : "", file);
			report(c, sbuf_str(&b));
			sbuf_free(&b);
			free(file);
			return;
		}
		sbuf_printf(&b, "\n  (no record of the %zu-byte reproducer: %s)",
		    c->moves.len, e);
	}
	sbuf_printf(&b, "\n  reproduce: tablero%s%s -s %" PRIu64 " -c 'set "
	    "chance=manual; new %s%s%s; %s'\n", c->pdir ? " -P " : "",
	    c->pdir ? c->pdir : "", c->seed, c->g->name, *c->opts ? " " : "",
	    c->opts, c->moves.len ? sbuf_str(&c->moves) : "position");
	report(c, sbuf_str(&b));
	sbuf_free(&b);
}

/*
 * A failure seen from outside the game's process (a crash, a hang): the
 * moves are not known here, so the reproducer re-runs that one game.
 */
static void
failure_plain(struct checker *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
failure_plain(struct checker *c, const char *fmt, ...)
{
	struct sbuf b = { 0 };
	va_list ap;

	va_start(ap, fmt);
	begin_report(c, &b, fmt, ap);
	va_end(ap);
	sbuf_printf(&b, "\n  reproduce: tablero%s%s check %s%s%s --games 1 "
	    "--seed %" PRIu64 "\n", c->pdir ? " -P " : "", c->pdir ? c->pdir : "",
	    c->g->name, *c->opts ? " " : "", c->opts, c->seed);
	report(c, sbuf_str(&b));
	sbuf_free(&b);
}

static char *
pos_of(const struct tbl_game *g, const struct tbl_state *s)
{
	return text_of(g->get_position, s);
}

/* Declared options: every default is a valid value of its option. */
static int
check_options(const struct tbl_game *g, struct sbuf *out)
{
	char err[TBL_ERRLEN];
	int i, bad = 0;

	for (i = 0; i < g->noptions; i++) {
		const struct tbl_option *o = &g->options[i];
		struct tbl_optval v;

		if (o->doc == NULL || o->doc[0] == '\0') {
			sbuf_printf(out, "FAIL option '%s' has no one-line doc\n",
			    o->key);
			bad++;
		}
		if (o->def != NULL && opt_parse(o, o->def, &v, err, sizeof err) != 0) {
			sbuf_printf(out, "FAIL option '%s': its default is invalid: "
			    "%s\n", o->key, err);
			bad++;
		}
	}
	return bad;
}

/* The moves (or outcomes) of st into a new array; *n their number. */
static tbl_move *
moves_of(const struct tbl_game *g, const struct tbl_state *st, int *n)
{
	struct movebuf mb;
	tbl_move *v;

	movebuf_init(&mb);
	*n = movebuf_fill(&mb, g, st, g->to_move(st));
	v = mb.m;
	free(mb.prob);
	return v;
}

/*
 * get -> set -> get on a clone gives the same string, and the position
 * read back has the same legal moves (or outcomes), in the same order.
 */
static void
check_roundtrip(struct checker *c, const struct tbl_state *st)
{
	const struct tbl_game *g = c->g;
	struct tbl_state *t = g->clone(st);
	char *p1 = pos_of(g, st), *p2, err[TBL_ERRLEN] = "";
	tbl_move *m1, *m2;
	int n1, n2;

	if (g->set_position(t, p1, err, sizeof err) != 0) {
		failure(c, "set_position refuses its own position string '%s': %s",
		    p1, err);
	} else {
		p2 = pos_of(g, t);
		if (strcmp(p1, p2) != 0)
			failure(c, "position string does not round-trip: '%s' "
			    "reads back as '%s'", p1, p2);
		else if (g->to_move(t) != g->to_move(st))
			failure(c, "after set_position('%s') the side to move "
			    "differs (%d, not %d)", p1, g->to_move(t), g->to_move(st));
		else {
			m1 = moves_of(g, st, &n1);
			m2 = moves_of(g, t, &n2);
			if (n1 != n2 || memcmp(m1, m2, (size_t)n1 * sizeof *m1) != 0)
				failure(c, "after set_position('%s') the legal moves "
				    "differ (%d moves, not %d, or others)", p1, n2, n1);
			free(m1);
			free(m2);
		}
		free(p2);
	}
	free(p1);
	g->destroy(t);
}

/* Every legal move's text parses back to the same move, wholly. */
static void
check_notation(struct checker *c, const struct tbl_state *st,
    const tbl_move *mv, int n)
{
	const struct tbl_game *g = c->g;
	int i;

	for (i = 0; i < n; i++) {
		char buf[256], err[TBL_ERRLEN] = "";
		tbl_move back;
		size_t used = 0;
		int len;

		buf[sizeof buf - 1] = '\0';
		len = g->format_move(st, mv[i], buf, sizeof buf);
		if (len > 0 && (size_t)len < sizeof buf)
			buf[len] = '\0';	/* check_texts() reports a missing NUL */
		if (len <= 0 || (size_t)len >= sizeof buf) {
			failure(c, "format_move gives no usable text for move %u",
			    (unsigned)mv[i]);
			return;
		}
		if (g->parse_move(st, buf, &back, &used, err, sizeof err) != 0) {
			failure(c, "move text '%s' does not parse: %s", buf, err);
			return;
		}
		if (back != mv[i] || used != (size_t)len) {
			failure(c, "move text '%s' parses as move %u using %zu bytes "
			    "(expected %u, %d bytes)", buf, (unsigned)back, used,
			    (unsigned)mv[i], len);
			return;
		}
	}
}

static int
listed(const tbl_move *mv, int n, tbl_move m)
{
	int i;

	for (i = 0; i < n; i++)
		if (mv[i] == m)
			return 1;
	return 0;
}

/* Applying the unlisted move `bad` is refused and changes nothing. */
static void
check_refused(struct checker *c, const struct tbl_state *st, tbl_move bad)
{
	const struct tbl_game *g = c->g;
	struct tbl_state *t = g->clone(st);
	char *p1 = pos_of(g, t), *p2;

	if (g->apply(t, bad) == 0) {
		failure(c, "apply accepts move %u (0x%x), which legal_moves does "
		    "not list", (unsigned)bad, (unsigned)bad);
	} else {
		p2 = pos_of(g, t);
		if (strcmp(p1, p2) != 0)
			failure(c, "a refused move %u changed the position from '%s' "
			    "to '%s'", (unsigned)bad, p1, p2);
		free(p2);
	}
	free(p1);
	g->destroy(t);
}

/*
 * A move that is not legal is refused and changes nothing: the smallest
 * unlisted value, and listed moves with a high bit set (a plugin that
 * decodes only the low bits of a move accepts those).
 */
static void
check_illegal(struct checker *c, const struct tbl_state *st,
    const tbl_move *mv, int n)
{
	static const int bits[] = { 8, 12, 16, 20, 24, 28, 31 };
	tbl_move bad = 0;
	int i, found;
	size_t b;

	for (b = 0; b < sizeof bits / sizeof bits[0] && n > 0; b++) {
		tbl_move hi = mv[(size_t)b % (size_t)n] | (tbl_move)1u << bits[b];
		if (!listed(mv, n, hi))
			check_refused(c, st, hi);
	}

	/* The smallest value not among the legal moves (they are sorted). */
	for (i = 0; i < n && mv[i] == bad; i++)
		bad++;
	do {
		found = 0;
		for (i = 0; i < n; i++)
			if (mv[i] == bad) {
				found = 1;
				bad++;
			}
	} while (found);
	check_refused(c, st, bad);
}

/*
 * The snprintf contract of a text function (see tablero.h), called
 * through `call`: given len bytes it writes at most len (NUL included),
 * always terminates when len > 0, and returns the full length whatever
 * len is.  Tried with len 0 (and a NULL buffer), 1, half, exact-1 and
 * exact, against guard bytes after the buffer.
 */
#define GUARD 16
static void
check_text(struct checker *c, const char *what,
    int (*call)(const void *ctx, char *buf, size_t len), const void *ctx)
{
	char *full, *buf;
	int n = call(ctx, NULL, 0), k;
	size_t lens[5];

	if (n < 0 || (size_t)n > TEXT_MAX) {
		failure(c, "%s returns %d for an empty buffer", what, n);
		return;
	}
	full = xcalloc(1, (size_t)n + 1);
	if (call(ctx, full, (size_t)n + 1) != n || full[n] != '\0' ||
	    strlen(full) != (size_t)n) {
		failure(c, "%s: the text does not have the length it returns (%d)",
		    what, n);
		free(full);
		return;
	}
	lens[0] = 1, lens[1] = (size_t)n / 2, lens[2] = (size_t)n,
	    lens[3] = (size_t)n + 1, lens[4] = 0;
	buf = xmalloc((size_t)n + 1 + GUARD);
	for (k = 0; k < 5; k++) {
		size_t len = lens[k], i;
		int r;
		if (len == 0 && k > 0)
			continue;
		memset(buf, 0xA5, (size_t)n + 1 + GUARD);
		r = call(ctx, buf, len);
		for (i = len; i < len + GUARD; i++)
			if ((unsigned char)buf[i] != 0xA5)
				break;
		if (i < len + GUARD) {
			failure(c, "%s writes past a buffer of %zu bytes", what, len);
			break;
		}
		if (r != n) {
			failure(c, "%s returns %d for a buffer of %zu bytes, not the "
			    "full length %d", what, r, len, n);
			break;
		}
		if (len > 0 && (memchr(buf, '\0', len) == NULL ||
		    strncmp(buf, full, len - 1) != 0)) {
			failure(c, "%s: a buffer of %zu bytes does not get the start "
			    "of the text, NUL-terminated", what, len);
			break;
		}
	}
	free(buf);
	free(full);
}

struct text_ctx {
	const struct tbl_game *g;
	const struct tbl_state *st;
	int (*fn)(const struct tbl_state *, char *, size_t);
	tbl_move m;
};

static int
call_state_text(const void *ctx, char *buf, size_t len)
{
	const struct text_ctx *t = ctx;

	return t->fn(t->st, buf, len);
}

static int
call_format_move(const void *ctx, char *buf, size_t len)
{
	const struct text_ctx *t = ctx;

	return t->g->format_move(t->st, t->m, buf, len);
}

/* Every text function of st, and the text of its first moves. */
static void
check_texts(struct checker *c, const struct tbl_state *st,
    const tbl_move *mv, int n)
{
	const struct tbl_game *g = c->g;
	struct text_ctx t = { g, st, NULL, 0 };
	int i;

	t.fn = g->get_position;
	check_text(c, "get_position", call_state_text, &t);
	t.fn = g->render;
	check_text(c, "render", call_state_text, &t);
	if (g->describe_result && g->to_move(st) == TBL_END) {
		t.fn = g->describe_result;
		check_text(c, "describe_result", call_state_text, &t);
	}
	for (i = 0; i < n && i < 3; i++) {
		t.m = mv[i];
		check_text(c, "format_move", call_format_move, &t);
	}
}

static void
check_order(struct checker *c, const tbl_move *mv, int n, const char *what)
{
	int i;

	for (i = 1; i < n; i++)
		if (mv[i] <= mv[i - 1]) {
			failure(c, "%s are not in strictly ascending order (%u after %u)",
			    what, (unsigned)mv[i], (unsigned)mv[i - 1]);
			return;
		}
}

/* The checks at the end of a game: its result and no moves listed. */
static void
check_end(struct checker *c, const struct tbl_state *st, int np,
    double *res, struct movebuf *mb)
{
	const struct tbl_game *g = c->g;
	int i;

	check_texts(c, st, NULL, 0);
	if (g->result(st, res) != 0)
		failure(c, "the game is over but result() fails");
	else
		for (i = 0; i < np; i++)
			if (!(res[i] >= 0 && res[i] <= 1)) {
				failure(c, "result for player %d is %g, "
				    "outside [0, 1]", i, res[i]);
				break;
			}
	if (g->legal_moves(st, mb->m, mb->cap) != 0)
		failure(c, "legal moves listed after the end");
}

/*
 * Fill mb with the moves (or chance outcomes) of `who` at st and check
 * the listing; returns their count, or -1 after a failure.
 */
static int
check_listing(struct checker *c, const struct tbl_state *st, int who,
    struct movebuf *mb)
{
	const struct tbl_game *g = c->g;
	const char *fn = who == TBL_CHANCE ? "chance_outcomes" : "legal_moves";
	int n = movebuf_fill(mb, g, st, who);

	if (mb->broken) {
		failure(c, "%s reports %d moves after the host made room "
		    "for %d", fn, mb->broken, mb->cap);
		return -1;
	}
	if (n > 0 && (who == TBL_CHANCE ?
	    g->chance_outcomes(st, NULL, NULL, 0) :
	    g->legal_moves(st, NULL, 0)) != n) {
		failure(c, "%s with no buffer (NULL, 0) does not return "
		    "the count %d", fn, n);
		return -1;
	}
	check_texts(c, st, mb->m, n);
	if (n <= 0) {
		failure(c, "%s to move but no %s", who == TBL_CHANCE ?
		    "chance is" : "a player is", who == TBL_CHANCE ?
		    "outcomes" : "legal moves");
		return -1;
	}
	return n;
}

/* The n chance outcomes at st: probabilities in (0, 1] summing to 1. */
static void
check_chance(struct checker *c, const struct tbl_state *st,
    struct movebuf *mb, int n)
{
	const double *prob = mb->prob;
	double sum = 0;
	int i;

	for (i = 0; i < n; i++) {
		if (!(prob[i] > 0 && prob[i] <= 1))
			failure(c, "chance outcome %d has probability %g",
			    i, prob[i]);
		sum += prob[i];
	}
	if (fabs(sum - 1) > 1e-9)
		failure(c, "chance probabilities sum to %.12g, not 1", sum);
	if (c->g->legal_moves(st, mb->m, 0) != 0)
		failure(c, "legal_moves lists moves at a chance point");
}

/*
 * Play m (by `who`) on a clone of st, check that st is left alone, then
 * copy the clone back into st and add the move's text to c->moves.
 * Returns 0, or -1 when apply() refuses the move.
 */
static int
play_on_clone(struct checker *c, struct tbl_state *st, int who, tbl_move m)
{
	const struct tbl_game *g = c->g;
	char *before = pos_of(g, st), *after, *text;
	struct tbl_state *cl = g->clone(st);

	if (g->apply(cl, m) != 0) {
		failure(c, "apply refuses a listed %s %u",
		    who == TBL_CHANCE ? "outcome" : "legal move", (unsigned)m);
		g->destroy(cl);
		free(before);
		return -1;
	}
	after = pos_of(g, st);
	if (strcmp(before, after) != 0)
		failure(c, "playing on a clone changed the original");
	free(after);
	text = session_move_text(&(struct session){ .g = g }, st, m);
	g->copy(st, cl);
	g->destroy(cl);
	free(before);
	sbuf_printf(&c->moves, "%s%s", c->moves.len ? "; " : "", text);
	free(text);
	return 0;
}

/* Play one random game, checking every position on the way. */
static void
check_game(struct checker *c, const struct tbl_state *start, long cap)
{
	const struct tbl_game *g = c->g;
	struct tbl_state *st = g->clone(start);
	struct rng rng;
	int np = g->players(start);
	struct movebuf mb;
	double *res = xcalloc((size_t)np + 1, sizeof *res);
	long len = 0, f0 = c->failures;

	movebuf_init(&mb);
	rng_seed(&rng, c->seed);
	sbuf_reset(&c->moves);
	for (;;) {
		int who = g->to_move(st), n, k;

		check_roundtrip(c, st);
		if (who == TBL_END) {
			check_end(c, st, np, res, &mb);
			break;
		}
		if (g->result(st, res) == 0) {
			failure(c, "result() answers before the end of the game");
			break;
		}
		if (who != TBL_CHANCE && (who < 0 || who >= np)) {
			failure(c, "to_move() is %d, not a player, chance or end", who);
			break;
		}
		if (len >= cap) {
			failure(c, "the game did not end within %ld moves", cap);
			break;
		}
		if ((n = check_listing(c, st, who, &mb)) < 0)
			break;
		if (who == TBL_CHANCE) {
			check_chance(c, st, &mb, n);
			k = rng_pick(&rng, mb.prob, n);
		} else {
			check_order(c, mb.m, n, "legal moves");
			check_notation(c, st, mb.m, n);
			k = (int)rng_below(&rng, (uint32_t)n);
		}
		check_illegal(c, st, mb.m, n);
		if (c->failures > f0 || play_on_clone(c, st, who, mb.m[k]) != 0)
			break;
		len++;
		if (c->failures > f0)
			break;
	}
	g->destroy(st);
	movebuf_free(&mb);
	free(res);
}

/*
 * check_game() in a child process that has `timeout` seconds, so that a
 * plugin that crashes or hangs is reported as a failure of that game and
 * the check goes on.  The child prints its own failures; its exit status
 * says how many there were.
 */
static void
check_game_isolated(struct checker *c, const struct tbl_state *start,
    long cap, double timeout)
{
	pid_t pid;
	int status;

	c->game_f0 = c->failures;
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		check_game(c, start, cap);	/* no process to spare: in place */
		if (c->shard)
			game_line(c);
		return;
	}
	if (pid == 0) {
		long f0 = c->failures;
		signal(SIGALRM, SIG_DFL);
		alarm((unsigned)ceil(timeout));
		check_game(c, start, cap);
		/* A shard's game line comes from here, with the reports. */
		if (c->shard)
			game_line(c);
		fflush(stdout);
		_exit(c->failures - f0 > 250 ? 250 : (int)(c->failures - f0));
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			failure_plain(c, "cannot wait for the game's process: %s",
			    strerror(errno));
			if (c->shard)
				game_line(c);
			return;
		}
	if (WIFEXITED(status)) {
		c->failures += WEXITSTATUS(status);
		return;
	}
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
		failure_plain(c, "the game did not finish within %g seconds (a "
		    "hang in the plugin?)", timeout);
	else if (WIFSIGNALED(status))
		failure_plain(c, "the plugin crashed: signal %d (%s)",
		    WTERMSIG(status), strsignal(WTERMSIG(status)));
	if (c->shard)
		game_line(c);
}

/* The closing lines of a check: what was not shown and the count. */
static void
check_summary(const char *name, const char *opts, long failures, long bad,
    long games, long asked)
{
	if (failures > MAX_REPORTS)
		printf("(%ld more failures not shown)\n", failures - MAX_REPORTS);
	if (games < asked)
		printf("interrupted after %ld of %ld games\n", games, asked);
	printf("check %s%s%s: %ld games, %ld failure%s\n", name,
	    opts && *opts ? " " : "", opts ? opts : "", games, failures + bad,
	    failures + bad == 1 ? "" : "s");
}

/*
 * The plugin `check TARGET` checks: the file TARGET when it has a slash
 * or ".so", else the game of that name.  NULL with the exit status in
 * *rc after a message.
 */
static struct plugin *
check_plugin(struct app *a, struct subcmd *sc, int *rc)
{
	struct plugin *p;
	char err[1024];

	if (strchr(sc->target, '/') || strstr(sc->target, ".so")) {
		p = pluginset_add_file(&a->plugins, sc->target, err, sizeof err);
		if (p == NULL) {
			printf("FAIL loading: %s\n", err);
			printf("check %s: refused by the loader\n", sc->target);
			*rc = 1;
		}
	} else if ((p = subcmd_game(a, sc)) == NULL)
		*rc = 2;
	return p;
}

/* A shard's header line: what it checks, and the preamble's text. */
static void
print_header(const struct checker *c, uint64_t seed, long games, long cap,
    int bad, const char *pre, long shard_k, long shard_n)
{
	struct sbuf h = { 0 };

	sbuf_puts(&h, "{\"type\":\"check\",\"game\":");
	json_string(&h, c->g->name);
	sbuf_puts(&h, ",\"options\":");
	json_string(&h, c->opts);
	sbuf_printf(&h, ",\"seed\":%" PRIu64 ",\"games\":%ld,\"cap\":%ld,"
	    "\"option_failures\":%d,\"preamble\":", seed, games, cap, bad);
	json_string(&h, pre);
	if (shard_n > 1)
		sbuf_printf(&h, ",\"shard\":\"%ld/%ld\"", shard_k, shard_n);
	printf("%s}\n", sbuf_str(&h));
	sbuf_free(&h);
}

int
check_main(struct app *a, int argc, char **argv)
{
	struct checker c;
	struct plugin *p = NULL;
	struct session *s;
	struct sbuf pre = { 0 };
	char err[1024];
	const char *shard = NULL;
	long games = 100, cap = 100000, i, played = 0, shard_k = 1, shard_n = 1;
	uint64_t seed = a->seed_given ? a->seed : 1;
	double timeout = 60;
	int bad, rc, progress;
	const struct flag flags[] = {
		{ "--games", FLAG_COUNT, &games },
		{ "--cap", FLAG_COUNT, &cap },
		{ "--timeout", FLAG_SECONDS, &timeout },
		{ "--seed", FLAG_SEED, &seed },
		{ "--shard", FLAG_TEXT, &shard },
		{ NULL, FLAG_SWITCH, NULL }
	};
	struct subcmd sc = { "check", flags, NULL, { NULL }, 0 };
	const char *target;

	if ((rc = subcmd_parse(&sc, argc, argv)) >= 0)
		return rc;
	if (shard && playgame_shard(shard, &shard_k, &shard_n, err,
	    sizeof err) != 0) {
		fprintf(stderr, "tablero: check: %s\n", err);
		return 2;
	}
	target = sc.target;
	if ((p = check_plugin(a, &sc, &rc)) == NULL)
		return rc;
	sbuf_printf(&pre, "check %s (%s): ABI %u.%u, host ABI %d.%d\n",
	    p->game.name, p->path, p->abi_major, p->abi_minor, TABLERO_ABI_MAJOR,
	    TABLERO_ABI_MINOR);
	bad = check_options(&p->game, &pre);
	/* The declared defaults, not the user's configuration. */
	s = subcmd_session(a, &sc, p, NULL, seed);
	if (s == NULL) {
		fputs(sbuf_str(&pre), stdout);
		printf("FAIL create: the game refuses these options\n");
		sbuf_free(&pre);
		return 1;
	}
	memset(&c, 0, sizeof c);
	c.g = &p->game;
	c.plugin = p;
	c.os = &s->opts;
	c.shard = shard != NULL;
	if (strchr(target, '/')) {
		c.pdir = xstrdup(p->path);
		*strrchr(c.pdir, '/') = '\0';
	}
	c.opts = optset_describe(&s->opts, &p->game, 1);
	if (c.shard)
		print_header(&c, seed, games, cap, bad, sbuf_str(&pre), shard_k,
		    shard_n);
	else
		fputs(sbuf_str(&pre), stdout);
	/* Progress on a terminal, overwritten in place and cleared after. */
	progress = !c.shard && isatty(2);
	for (i = shard_k - 1; i < games && !interrupt_pending(); i += shard_n) {
		c.game = (int)i + 1;
		c.seed = seed + (uint64_t)i;
		if (progress) {
			fprintf(stderr, "\rcheck %s: game %ld of %ld, %ld failure%s",
			    p->game.name, i + 1, games, c.failures,
			    c.failures == 1 ? "" : "s");
			fflush(stderr);
		}
		check_game_isolated(&c, s->start, cap, timeout);
		played++;
	}
	if (progress)
		fprintf(stderr, "\r\033[K");
	if (!c.shard)
		check_summary(p->game.name, c.opts, c.failures, bad,
		    i < games ? i : games, games);
	else if (i < games) {
		fprintf(stderr, "tablero: check: interrupted after %ld games of "
		    "this shard\n", played);
		rc = 1;
	}
	sbuf_free(&c.moves);
	sbuf_free(&c.reports);
	sbuf_free(&pre);
	free(c.opts);
	free(c.pdir);
	session_free(s);
	if (c.shard)
		return rc == 1 ? 1 : 0;
	return c.failures + bad ? 1 : 0;
}

int
check_merge(const struct jobject *hdr, const struct merge_line *lines, long n)
{
	char *name = json_get_str(hdr, "game"), *pre = json_get_str(hdr, "preamble");
	char *opts = json_get_str(hdr, "options");
	char *reports[MAX_REPORTS], err[1024];
	double games = 0, bad = 0, x;
	long *from = NULL, *fails = NULL, i, total = 0, at;
	char ***texts = NULL;
	int *ntexts = NULL, rc = 0, k;

	if (name == NULL || pre == NULL || json_get_num(hdr, "games", &games) ||
	    games < 1 || json_get_num(hdr, "option_failures", &bad)) {
		fprintf(stderr, "tablero: merge: the check header lacks its game, "
		    "preamble, games or option failures\n");
		rc = 1;
		goto out;
	}
	from = xcalloc((size_t)games, sizeof *from);
	fails = xcalloc((size_t)games, sizeof *fails);
	texts = xcalloc((size_t)games, sizeof *texts);
	ntexts = xcalloc((size_t)games, sizeof *ntexts);
	for (i = 0; i < n && rc == 0; i++) {
		struct jobject o;
		int nr;
		double nf;
		if (json_parse(lines[i].text, &o, err, sizeof err) != 0 ||
		    json_get_num(&o, "index", &x) != 0 || x < 0 || x >= games ||
		    json_get_num(&o, "failures", &nf) != 0 || nf < 0 ||
		    (nr = json_get_strs(&o, "reports", reports, MAX_REPORTS)) < 0) {
			fprintf(stderr, "tablero: merge: %s:%ld: not a game of this "
			    "check\n", lines[i].file, lines[i].lineno);
			rc = 1;
			break;
		}
		at = (long)x;
		if (from[at]) {
			const struct merge_line *f = &lines[from[at] - 1];
			fprintf(stderr, "tablero: merge: game %ld is in %s:%ld and "
			    "%s:%ld\n", at + 1, f->file, f->lineno, lines[i].file,
			    lines[i].lineno);
			for (k = 0; k < nr; k++)
				free(reports[k]);
			rc = 1;
			break;
		}
		from[at] = i + 1;
		fails[at] = (long)nf;
		texts[at] = xcalloc((size_t)nr + 1, sizeof **texts);
		memcpy(texts[at], reports, (size_t)nr * sizeof *reports);
		ntexts[at] = nr;
	}
	for (i = 0; i < (long)games && rc == 0; i++)
		if (!from[i]) {
			fprintf(stderr, "tablero: merge: game %ld of %ld is in none of "
			    "the files\n", i + 1, (long)games);
			rc = 1;
		}
	if (rc == 0) {
		fputs(pre, stdout);
		for (i = 0; i < (long)games; i++) {
			/* The run printed its first MAX_REPORTS failures. */
			for (k = 0; k < ntexts[i] && total + k < MAX_REPORTS; k++)
				fputs(texts[i][k], stdout);
			total += fails[i];
		}
		check_summary(name, opts, total, (long)bad, (long)games,
		    (long)games);
		rc = total + (long)bad ? 1 : 0;
	}
out:
	for (i = 0; texts && i < (long)games; i++) {
		for (k = 0; k < ntexts[i]; k++)
			free(texts[i][k]);
		free(texts[i]);
	}
	free(texts);
	free(ntexts);
	free(from);
	free(fails);
	free(name);
	free(opts);
	free(pre);
	return rc;
}
