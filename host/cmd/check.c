/*
 * check.c - `tablero check`, the conformance checker a plugin author runs
 * on a .so: each game in a process of its own (checker.c checks it), the
 * games spread over the workers of runner.c, the report printed in game
 * order from their lines (check_merge.c).
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/readfile.h"
#include "cmd/check.h"
#include "cmd/check_merge.h"
#include "cmd/checker.h"
#include "base/interrupt.h"
#include "run/isolate.h"
#include "run/playgame.h"
#include "run/runner.h"
#include "core/session.h"
#include "cmd/runflags.h"
#include "cmd/subcmd.h"
#include "core/host.h"
#include "base/util.h"

/* How long a game may take unless --timeout says. */
#define CHECK_DEFAULT_TIMEOUT 60.0

/*
 * SIGTERM (the runner ending its workers, or the user) while a game's
 * process runs: end that process and its group too, then die of SIGTERM.
 */
static void
on_sigterm(int sig)
{
	isolate_kill();
	signal_handle(sig, SIG_DFL);
	coverage_dump();	/* all but the raise() counted */
	raise(sig);
}

/* What the game's process checks, and the move cap. */
struct check_work {
	struct checker *c;
	const struct tbl_state *start;
	long cap;
};

/* The game's process: check the game, its reports down fd. */
static int
check_work(void *ctx, int fd)
{
	struct check_work *w = ctx;

	w->c->out_fd = fd;
	check_game(w->c, w->start, w->cap);
	return 0;
}

/*
 * check_game() in a child process that has `timeout` seconds, so that a
 * plugin that crashes, hangs or forks fails that game and the check goes
 * on.  The child sends its reports down a pipe; they end in c->found
 * with those of a crash or hang (a report cut short by the end of the
 * process is dropped).  Returns 0, or -1 when Ctrl-C stopped the game.
 */
static int
check_game_isolated(struct checker *c, const struct tbl_state *start,
    long cap, double timeout)
{
	struct check_work w = { c, start, cap };
	struct isolate_result r;
	char why[256];
	size_t n;

	sbuf_reset(&c->found);
	r = isolate_run(check_work, &w, timeout, &c->found);
	c->out_fd = -1;
	while (c->found.len > 0 && c->found.s[c->found.len - 1] != '\n')
		c->found.s[--c->found.len] = '\0';
	/* The game's last line says it ended at its own turn limit. */
	c->limit_end = 0;
	n = strlen(CHECK_LIMIT_LINE);
	if (c->found.len >= n && strcmp(c->found.s + c->found.len - n,
	    CHECK_LIMIT_LINE) == 0) {
		c->found.len -= n;
		c->found.s[c->found.len] = '\0';
		c->limit_end = 1;
	}
	if (r.end == ISOLATE_NOFORK) {
		check_game(c, start, cap);	/* no process to spare: in place */
		return interrupt_pending() ? -1 : 0;
	}
	if (r.end == ISOLATE_INTERRUPTED || interrupt_pending())
		return -1;
	if (r.end != ISOLATE_OK) {
		isolate_describe(&r, timeout, why, sizeof why);
		check_failure_plain(c, "%s", why);
	}
	return 0;
}

/*
 * The plugin `check TARGET` checks: the file TARGET when it has a slash
 * or ".so", else the game of that name.  NULL with the exit status in
 * *rc after a message.
 */
static struct plugin *
check_plugin(struct host *host, struct subcmd *sc, int *rc)
{
	struct plugin *p;
	char err[1024];

	if (strchr(sc->target, '/') || strstr(sc->target, ".so")) {
		p = pluginset_add_file(&host->plugins, sc->target, err, sizeof err);
		if (p == NULL) {
			printf("FAIL loading: %s\n", err);
			printf("check %s: refused by the loader\n", sc->target);
			*rc = 1;
		}
	} else if ((p = subcmd_game(host, sc)) == NULL)
		*rc = 2;
	return p;
}

/*
 * What a check of p is of, with the results of its option checks; the
 * options are set once a session holds them.
 */
static void
head_set(struct check_head *h, const struct plugin *p, uint64_t seed,
    long games, long cap)
{
	struct sbuf b = { 0 };
	char err[256];
	uint64_t sum;

	memset(h, 0, sizeof *h);
	h->game = xstrdup(p->game.name);
	h->version = xstrdup(p->game.version ? p->game.version : "");
	h->path = xstrdup(p->path);
	h->checksum = readfile_checksum(p->path, &sum, err, sizeof err) == 0 ?
	    xasprintf("fnv1a64:%016" PRIx64, sum) : xstrdup("");
	h->abi = xasprintf("%u.%u", p->abi_major, p->abi_minor);
	h->host_abi = xasprintf("%d.%d", TABLERO_ABI_MAJOR, TABLERO_ABI_MINOR);
	h->option_failures = check_options(&p->game, &b);
	h->option_report = xstrdup(sbuf_str(&b));
	h->seed = seed;
	h->games = games;
	h->cap = cap;
	sbuf_free(&b);
}

/* A check run: the checker, the games of its shard and their report. */
struct check_run {
	struct checker c;
	const struct tbl_state *start;
	long cap, shard_k, shard_n;
	uint64_t seed;
	double timeout;
	struct check_tally tally;
};

/* Check task t, game shard_k - 1 + t * shard_n; its game line to line. */
static int
play_task(void *ctx, long t, struct sbuf *line)
{
	struct check_run *r = ctx;
	long i = r->shard_k - 1 + t * r->shard_n;

	r->c.game = (int)i + 1;
	r->c.seed = r->seed + (uint64_t)i;
	if (check_game_isolated(&r->c, r->start, r->cap, r->timeout) != 0)
		return -1;
	check_game_line(i, sbuf_str(&r->c.found), r->c.limit_end, line);
	return 0;
}

static int
take_task(void *ctx, const char *line)
{
	struct check_run *r = ctx;
	char err[1024];

	if (check_tally_take(&r->tally, line, err, sizeof err) != 0) {
		fprintf(stderr, "tablero: check: a worker's result: %s\n", err);
		return -1;
	}
	return 0;
}

/* The progress line's ", 2 failures". */
static void
note_failures(void *ctx, struct sbuf *b)
{
	const struct check_run *r = ctx;

	sbuf_printf(b, ", %ld failure%s", r->tally.seen,
	    r->tally.seen == 1 ? "" : "s");
}

/*
 * Check the games of r's shard with `jobs` workers and print the report,
 * or for a shard its header and game lines (and after Ctrl-C the
 * "interrupted" line).  Returns the exit status: 1 after a failure (but
 * for a shard), 2 after an error, 130 after Ctrl-C (128 + N after
 * SIGTERM or SIGHUP).
 */
static int
check_play(struct check_run *r, const struct check_head *h, long jobs,
    int shard)
{
	struct runner run = { 0 };
	struct sbuf b = { 0 };
	char *label = NULL;
	int rc, broke;

	run.ntasks = r->shard_k > h->games ? 0 :
	    (h->games - r->shard_k) / r->shard_n + 1;
	if (check_tally_init(&r->tally, run.ntasks, r->shard_k, r->shard_n,
	    shard) != 0)
		return 2;
	if (shard) {
		check_head_json(h, r->shard_k, r->shard_n, &b);
		sbuf_puts(&b, "\n");
	} else {
		check_head_preamble(h, &b);
		label = xasprintf("check %s", h->game);
		r->tally.progress = isatty(2);
	}
	fputs(sbuf_str(&b), stdout);
	run.jobs = jobs;
	run.label = label;
	run.note = note_failures;
	run.play = play_task;
	run.take = take_task;
	run.ctx = r;
	rc = runner_run(&run);
	broke = rc != 0 && !interrupt_pending();
	if (rc != 0 && (shard || broke)) {
		if (!broke) {
			sbuf_reset(&b);
			run_interrupted_json(r->tally.next, run.ntasks, &b);
			printf("%s\n", sbuf_str(&b));
			fflush(stdout);
		}
		fprintf(stderr, "tablero: check: %s after %ld of %ld games\n",
		    broke ? "stopped" : "interrupted", r->tally.next, run.ntasks);
	} else if (!shard)
		check_summary(h, &r->tally, r->tally.next, h->games);
	check_tally_free(&r->tally);
	sbuf_free(&b);
	free(label);
	if (rc != 0)
		return broke ? 2 : interrupt_exit_status();
	return !shard && r->tally.failures + h->option_failures ? 1 : 0;
}

const struct subcmd_entry subcmd_check = {
	.name = "check",
	.usage = "PLUGIN.so|GAME [key=value ...]",
	.flags = "[--games N] [--jobs J] [--seed N] [--cap N] [--timeout S] "
	    "[--shard K/N]",
	.run = check_main,
	.page = "tablero-check(1)"
};

int
check_main(struct host *host, int argc, char **argv)
{
	struct check_run r;
	struct check_head h;
	struct runflags rf;
	struct plugin *p;
	struct session *s;
	long games, cap, jobs;
	uint64_t seed;
	int rc;
	struct subcmd sc = { &subcmd_check, NULL, NULL, { NULL }, 0 };

	memset(&r, 0, sizeof r);
	runflags_init(&rf, host, RF_GAMES | RF_JOBS | RF_CAP | RF_TIMEOUT |
	    RF_SEED | RF_SHARD, NULL);
	rf.timeout = CHECK_DEFAULT_TIMEOUT;
	sc.flags = rf.table;
	if ((rc = subcmd_parse(&sc, argc, argv)) >= 0)
		return rc;
	if (runflags_finish(&rf, "check") != 0)
		return 2;
	r.shard_k = rf.shard_k;
	r.shard_n = rf.shard_n;
	games = rf.games;
	cap = rf.cap;
	jobs = rf.jobs;
	seed = rf.seed;
	if ((p = check_plugin(host, &sc, &rc)) == NULL)
		return rc;
	head_set(&h, p, seed, games, cap);
	/* The declared defaults, not the user's configuration. */
	if ((s = subcmd_session(host, &sc, p, NULL, seed)) == NULL) {
		struct sbuf pre = { 0 };
		check_head_preamble(&h, &pre);
		printf("%sFAIL create: the game refuses these options\n",
		    sbuf_str(&pre));
		sbuf_free(&pre);
		check_head_free(&h);
		return 1;
	}
	h.options = optset_describe(&s->opts, &p->game, 1);
	r.c.g = &p->game;
	r.c.plugin = p;
	r.c.os = &s->opts;
	r.c.opts = h.options;
	r.c.out_fd = -1;
	if (strchr(sc.target, '/')) {
		r.c.pdir = xstrdup(p->path);
		*strrchr(r.c.pdir, '/') = '\0';
	}
	r.start = s->start;
	r.cap = cap;
	r.seed = seed;
	r.timeout = rf.timeout;
	signal_handle(SIGTERM, on_sigterm);
	rc = check_play(&r, &h, jobs, rf.shard != NULL);
	signal_handle(SIGTERM, SIG_DFL);
	sbuf_free(&r.c.moves);
	sbuf_free(&r.c.found);
	free(r.c.pdir);
	session_free(s);
	check_head_free(&h);
	return rc;
}
