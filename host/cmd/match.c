/*
 * match.c - `tablero match`: tournaments between computer players, in
 * the manner of cutechess-cli.
 *
 * Every seed is played once in every seating (see playgame.h), so no
 * player keeps the first move.  Results are taken in game order whatever
 * process played them, so --jobs and --shard change only where and when
 * the games are played; `tablero merge` reads the JSON lines of the
 * shards back and prints what the single run prints.
 */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "base/interrupt.h"
#include "base/util.h"
#include "cmd/match.h"
#include "cmd/match_report.h"
#include "cmd/runflags.h"
#include "cmd/subcmd.h"
#include "core/game.h"
#include "core/session.h"
#include "core/host.h"
#include "run/jsonl.h"
#include "run/playgame.h"
#include "run/runner.h"
#include "run/shards.h"
#include "run/stats.h"
#include "view/plot.h"

struct match_run {
	struct match_info info;
	struct session *s;
	struct seat_spec specs[TBL_MAX_PLAYERS];
	struct terms terms;	/* engines, clock, openings, adjudication */
	const char *records;
	const char *plot;	/* --plot FILE.svg, or NULL */
	long shard_k, shard_n;	/* 1/1 for the whole run */
	double timeout;		/* each game's, in seconds; 0: none */
	int json;		/* print the JSON lines */
	struct game_out *res;	/* by game index */
	char *have;
	long next;		/* games 0..next-1 are all in */
	long decided;		/* the SPRT stopped after this many; 0: not */
	double w, d, l;		/* player 1's record over 0..next-1 */
	long taken;		/* results taken, in any order */
	long failed;		/* games that crashed or ran out of time */
};

/* The game index of task t. */
static long
task_index(const struct match_run *r, long t)
{
	return (r->shard_k - 1) + t * r->shard_n;
}

static int
play_task(void *ctx, long t, struct sbuf *line)
{
	struct match_run *r = ctx;

	return playgame_line_timed(r->s, r->specs, r->info.h.np, r->info.h.cap,
	    task_index(r, t), 0, r->info.h.seed, r->records, &r->terms, "match",
	    r->timeout, line);
}

static int
take_task(void *ctx, const char *line)
{
	struct match_run *r = ctx;
	struct game_out o;
	char err[1024];

	if (playgame_parse(line, r->info.h.np, &o, err, sizeof err) != 0 ||
	    playgame_check(&o, r->info.h.seed, r->info.h.cap, r->info.h.games, 1,
	    err, sizeof err) != 0) {
		fprintf(stderr, "tablero: match: a worker's result: %s\n", err);
		return -1;
	}
	r->res[o.index] = o;
	r->have[o.index] = 1;
	r->taken++;
	r->failed += o.failed;
	if (r->shard_n > 1) {
		/* A shard prints its games as they come; merge orders them. */
		printf("%s\n", line);
		return 0;
	}
	while (r->next < r->info.h.games && r->have[r->next]) {
		char c = match_outcome(&r->res[r->next], 0);
		if (r->json) {
			struct sbuf b = { 0 };
			playgame_json(&r->res[r->next], &b);
			printf("%s\n", sbuf_str(&b));
			sbuf_free(&b);
		}
		r->next++;
		r->w += c == 'w';
		r->d += c == 'd';
		r->l += c == 'l';
		if (r->info.sprt_on) {
			double llr = stats_sprt_llr(&r->info.sprt, r->w, r->d, r->l);
			if (llr >= r->info.sprt.upper || llr <= r->info.sprt.lower) {
				r->decided = r->next;
				return 1;
			}
		}
	}
	return 0;
}

/*
 * The progress line's score, as cutechess-cli gives it: player 1's wins,
 * losses and draws over the games in so far, in game order, and its
 * share of the points: ", mcts:300 vs random: 7-2-1 [0.750]".
 */
static void
note_score(void *ctx, struct sbuf *b)
{
	const struct match_run *r = ctx;
	const struct run_head *h = &r->info.h;

	if (r->shard_n > 1 || r->next == 0)
		return;
	if (h->np == 2)
		sbuf_printf(b, ", %s vs %s: ", h->players[0], h->players[1]);
	else
		sbuf_printf(b, ", player 1 (%s): ", h->players[0]);
	sbuf_printf(b, "%.0f-%.0f-%.0f [%.3f]", r->w, r->l, r->d,
	    (r->w + r->d / 2) / (double)r->next);
}

/*
 * Play r's games (those of its shard) with `jobs` workers and, for a
 * whole run, print the report.  Returns the exit status.
 */
static int
match_play(struct match_run *r, long jobs, int json)
{
	long games = r->info.h.games;
	struct runner run = { 0 };
	int rc;
	long taken;

	/* Games come from the user: their results may not fit in memory. */
	if ((r->res = calloc((size_t)games, sizeof *r->res)) == NULL ||
	    (r->have = calloc((size_t)games, 1)) == NULL) {
		fprintf(stderr, "tablero: match: cannot hold the results of %ld "
		    "games in memory\n", games);
		return 2;
	}
	run.ntasks = r->shard_k > games ? 0 :
	    (games - r->shard_k) / r->shard_n + 1;
	run.jobs = jobs;
	run.label = "match";
	run.note = note_score;
	run.play = play_task;
	run.take = take_task;
	run.ctx = r;
	rc = runner_run(&run);
	if (rc < 0 && !interrupt_pending()) {
		fprintf(stderr, "tablero: match: stopped after %ld of %ld games\n",
		    r->next, games);
		return 1;
	}
	if (rc < 0) {
		/* Ctrl-C: report the games in so far, in game order. */
		r->info.planned = r->shard_n == 1 ? games : run.ntasks;
		if (r->decided)
			r->info.planned = 0;	/* the test decided first */
	}
	if (r->shard_n == 1)
		match_report(&r->info, r->res, r->decided ? r->decided : r->next,
		    json, stdout);
	if (r->shard_n == 1 && r->plot && match_plot(&r->info, r->res,
	    r->decided ? r->decided : r->next, r->plot) != 0)
		return 1;
	if (r->info.planned == 0)
		return r->failed ? 1 : 0;	/* the report says which */
	taken = r->shard_n == 1 ? r->next : r->taken;
	if (r->json) {
		/* The text report says it in its first line. */
		struct sbuf b = { 0 };
		run_interrupted_json(taken, r->info.planned, &b);
		printf("%s\n", sbuf_str(&b));
		sbuf_free(&b);
		fflush(stdout);
		fprintf(stderr, "tablero: match: interrupted after %ld of %ld "
		    "games\n", taken, r->info.planned);
	}
	return interrupt_exit_status();
}

/* Can each player play s's game (an endgame database that matches)? */
static int
specs_check(const struct seat_spec *specs, int np, const struct session *s,
    char *err, size_t errlen)
{
	int k;

	for (k = 0; k < np; k++)
		if (ai_spec_check(&specs[k], s->g, s->start, err, errlen) != 0)
			return -1;
	return 0;
}

/*
 * Check the flags and set r up for a match of rf's games: its players,
 * SPRT, records directory and session.  Returns 0, or 2 after an error.
 */
static int
match_setup(struct host *host, struct subcmd *c, struct runflags *rf,
    const char *sprt, struct match_run *r)
{
	struct plugin *p;
	char err[1024];
	int np;

	/* The game first: an unknown game is the first thing wrong. */
	if ((p = subcmd_game(host, c)) == NULL)
		return 2;
	if (rf->players == NULL) {
		fprintf(stderr, "tablero: match: --players is required (each: "
		    "random, mcts, mcts:PLAYOUTS or mcts:MSms)\n");
		subcmd_usage(c, stderr);
		return 2;
	}
	if (termflags_engines(&rf->terms, &r->terms, r->records, err,
	    sizeof err) != 0 ||
	    terms_players(&r->terms, rf->players, r->specs, &np, err,
	    sizeof err) != 0 ||
	    (sprt && stats_sprt_parse(&r->info.sprt, sprt, err, sizeof err)) ||
	    (r->records && playgame_mkdir(r->records, err, sizeof err))) {
		fprintf(stderr, "tablero: match: %s\n", err);
		terms_free(&r->terms);
		return 2;
	}
	if (runflags_finish(rf, "match") != 0)
		return 2;
	if (sprt && np != 2) {
		fprintf(stderr, "tablero: match: --sprt compares two players, not "
		    "%d\n", np);
		terms_free(&r->terms);
		return 2;
	}
	if ((r->s = subcmd_session(host, c, p, &host->cfg, rf->seed)) == NULL)
		return 2;
	if (game_players(&p->game, r->s->start) != np) {
		fprintf(stderr, "tablero: match: %s has %d players; --players "
		    "names %d\n", p->game.name, game_players(&p->game, r->s->start), np);
		return 2;
	}
	if (termflags_game(&rf->terms, &r->terms, r->s, np, err,
	    sizeof err) != 0 || specs_check(r->specs, np, r->s, err,
	    sizeof err) != 0) {
		fprintf(stderr, "tablero: match: %s\n", err);
		return 2;
	}
	run_head_set(&r->info.h, &p->game, r->s->start, r->specs, np, rf->seed,
	    rf->games, rf->cap);
	terms_name_players(&r->terms, r->specs, r->info.h.np,
	    r->info.h.players);
	r->info.h.options = optset_describe(&r->s->opts, &p->game, 1);
	r->info.sprt_on = sprt != NULL;
	r->shard_k = rf->shard_k;
	r->shard_n = rf->shard_n;
	r->timeout = rf->timeout;
	return 0;
}

const struct subcmd_entry subcmd_match = {
	.name = "match",
	.usage = "GAME [key=value ...] --players P1,P2[,...]",
	.flags = "[--games N] [--jobs J] [--seed N] [--cap N] [--timeout S] "
	    "[--sprt ELO0,ELO1,ALPHA,BETA] [--records DIR] [--json] "
	    "[--shard K/N] [--plot FILE.svg] "
	    "[--engine NAME=COMMAND ...] [--st S | --tc [MOVES/]S[+INC]] "
	    "[--timemargin MS] [--openings FILE] [--draw-after N] "
	    "[--resign SCORE,MOVES]",
	.run = match_main,
	.page = "tablero-match(1)"
};

int
match_main(struct host *host, int argc, char **argv)
{
	struct match_run r;
	struct runflags rf;
	const char *sprt = NULL;
	int rc, json = 0;
	const struct flag own[] = {
		{ "--sprt", FLAG_TEXT, &sprt, "ELO0,ELO1,ALPHA,BETA",
		    "stop once a sequential probability ratio test "
		    "decides whether player 1 is ELO1 Elo stronger or "
		    "ELO0, at error rates ALPHA and BETA" },
		{ "--records", FLAG_TEXT, &r.records, "DIR",
		    "write each game as a record DIR/game-000001.tbr ..." },
		{ "--json", FLAG_SWITCH, &json, NULL,
		    "print each game, then the summary, as JSON lines" },
		{ "--plot", FLAG_TEXT, &r.plot, "FILE.svg",
		    "also draw each player's score with its 95% interval "
		    "into FILE.svg" },
		{ NULL, FLAG_SWITCH, NULL, NULL, NULL }
	};
	struct subcmd c = { &subcmd_match, NULL, NULL, { NULL }, 0 };

	memset(&r, 0, sizeof r);
	runflags_init(&rf, host, RF_PLAYERS | RF_GAMES | RF_JOBS | RF_SEED |
	    RF_CAP | RF_TIMEOUT | RF_SHARD | RF_TERMS, own);
	c.flags = rf.table;
	if ((rc = subcmd_parse(&c, argc, argv)) >= 0)
		return rc;
	if (rf.shard && r.plot) {
		fprintf(stderr, "tablero: match: --plot draws the whole match, "
		    "not a shard: give it to merge (tablero merge --plot FILE.svg "
		    "SHARD...)\n");
		return 2;
	}
	if ((rc = match_setup(host, &c, &rf, sprt, &r)) == 0) {
		r.json = json || rf.shard;
		if (r.json) {
			struct sbuf b = { 0 };
			/* Whole lines only, even if the run is killed. */
			setvbuf(stdout, NULL, _IOLBF, 0);
			match_header_json(&r.info, r.shard_k, r.shard_n, &b);
			terms_header(&r.terms, &b);
			printf("%s\n", sbuf_str(&b));
			sbuf_free(&b);
		}
		rc = match_play(&r, rf.jobs, json);
		if (!r.json) {
			terms_report_budgets(&r.terms, r.specs, r.info.h.np,
			    stdout);
			terms_report(&r.terms, stdout);
		}
	}
	terms_free(&r.terms);
	free(r.res);
	free(r.have);
	match_info_free(&r.info);
	if (r.s)
		session_free(r.s);
	return rc;
}

int
match_plot(const struct match_info *mi, const struct game_out *res, long n,
    const char *path)
{
	double score[TBL_MAX_PLAYERS] = { 0 }, v[TBL_MAX_PLAYERS];
	double lo[TBL_MAX_PLAYERS], hi[TBL_MAX_PLAYERS], llr;
	char *groups[TBL_MAX_PLAYERS], err[1024];
	char *gnuplot = plot_find_gnuplot();
	static const char *const series[] = { "score" };
	long counted = match_counted(mi, res, n, &llr), i;
	struct plot p = { NULL, "score (share of the points)", mi->h.np, 1,
	    (const char *const *)groups, series, v, lo, hi };
	int k, rc;

	for (i = 0; i < counted; i++)
		for (k = 0; k < mi->h.np; k++)
			score[res[i].seating[k]] += res[i].score[k];
	for (k = 0; k < mi->h.np; k++) {
		v[k] = counted ? score[k] / (double)counted : 0;
		stats_wilson(v[k], (double)counted, STATS_Z95, &lo[k], &hi[k]);
		groups[k] = xasprintf("player %d %s", k + 1, mi->h.players[k]);
	}
	p.title = xasprintf("tablero match %s%s%s: %ld game%s, seed %" PRIu64
	    ", score with its 95%% interval", mi->h.game, *mi->h.options ? " " :
	    "", mi->h.options, counted, counted == 1 ? "" : "s", mi->h.seed);
	rc = plot_write(&p, path, gnuplot, err, sizeof err);
	if (rc != 0)
		fprintf(stderr, "tablero: match: %s\n", err);
	for (k = 0; k < mi->h.np; k++)
		free(groups[k]);
	free((char *)p.title);
	free(gnuplot);
	return rc != 0;
}

int
match_merge(const struct jobject *hdr, const struct shards *sh, int json,
    const char *plotfile)
{
	struct match_info mi;
	struct game_out *res = NULL;
	char err[1024];
	double llr;
	long m;
	int rc;

	if (match_info_read(hdr, &mi, err, sizeof err) != 0) {
		fprintf(stderr, "tablero: merge: %s\n", err);
		match_info_free(&mi);
		return 1;
	}
	rc = shards_games(sh, mi.h.np, mi.h.seed, mi.h.cap, mi.h.games, 1, &res,
	    &m);
	/* With an SPRT, the games after its decision may be missing. */
	if (rc == 0 && m < mi.h.games && match_counted(&mi, res, m, &llr) >= m &&
	    !(mi.sprt_on && (llr >= mi.sprt.upper || llr <= mi.sprt.lower)))
		rc = shards_missing(m, mi.h.games, 1);
	if (rc == 0)
		match_report(&mi, res, m, json, stdout);
	if (rc == 0 && plotfile)
		rc = match_plot(&mi, res, m, plotfile);
	free(res);
	match_info_free(&mi);
	return rc;
}
