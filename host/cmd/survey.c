/*
 * survey.c - `tablero survey`: play every combination of some house
 * rules' values and report the measures reconstruction studies use
 * (after Browne's and Ludii's: balance, drawishness, duration,
 * branching factor, forced moves).
 *
 * Every combination plays the same game indices with the same seeds, so
 * the combinations differ by their rules and not by their luck.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "base/interrupt.h"
#include "base/util.h"
#include "cmd/runflags.h"
#include "cmd/subcmd.h"
#include "cmd/termflags.h"
#include "cmd/survey.h"
#include "cmd/survey_report.h"
#include "core/game.h"
#include "core/session.h"
#include "core/host.h"
#include "run/jsonl.h"
#include "run/playgame.h"
#include "run/runner.h"
#include "run/shards.h"

#define MAX_KEYS SURVEY_MAX_KEYS
#define MAX_COMBOS SURVEY_MAX_COMBOS

struct survey_run {
	struct survey_info info;
	struct session **s;		/* one per combination */
	struct seat_spec specs[TBL_MAX_PLAYERS];
	struct terms terms;		/* engines, clock, openings... */
	long shard_k, shard_n, per;	/* per: games of a combination here */
	double timeout;			/* each game's, in seconds; 0: none */
	long failed;			/* games crashed or out of time */
	struct game_out *res;		/* combo * games + index */
	char *have;
};

static int
play_task(void *ctx, long t, struct sbuf *line)
{
	struct survey_run *r = ctx;
	long c = t / r->per, i = (r->shard_k - 1) + (t % r->per) * r->shard_n;

	return playgame_line_timed(r->s[c], r->specs, r->info.h.np,
	    r->info.h.cap, i, c, r->info.h.seed, NULL, &r->terms, "survey",
	    r->timeout, line);
}

static int
take_task(void *ctx, const char *line)
{
	struct survey_run *r = ctx;
	struct game_out o;
	char err[1024];
	long at;

	if (playgame_parse(line, r->info.h.np, &o, err, sizeof err) != 0 ||
	    playgame_check(&o, r->info.h.seed, r->info.h.cap, r->info.h.games,
	    r->info.ncombos, err, sizeof err) != 0) {
		fprintf(stderr, "tablero: survey: a worker's result: %s\n", err);
		return -1;
	}
	at = o.combo * r->info.h.games + o.index;
	r->res[at] = o;
	r->have[at] = 1;
	r->failed += o.failed;
	if (r->shard_n > 1)
		printf("%s\n", line);
	return 0;
}

/*
 * Split the key=value words into the fixed ones (kept in fixed) and the
 * swept ones (key=v1,v2,...: into si's keys and combinations).
 */
static int
sweep_words(struct subcmd *c, struct survey_info *si, char **fixed,
    int *nfixed, char **vals[MAX_KEYS], int nvals[MAX_KEYS], char *err,
    size_t errlen)
{
	int i;

	*nfixed = 0;
	si->ncombos = 1;
	for (i = 0; i < c->nkv; i++) {
		char *eq = strchr(c->kv[i], '='), *v, *save = NULL, *copy;
		int k = si->nkeys;
		if (strchr(eq, ',') == NULL) {
			fixed[(*nfixed)++] = c->kv[i];
			continue;
		}
		if (k == MAX_KEYS) {
			snprintf(err, errlen, "at most %d options can be swept", MAX_KEYS);
			return -1;
		}
		si->keys[k] = xstrndup(c->kv[i], (size_t)(eq - c->kv[i]));
		vals[k] = NULL;
		nvals[k] = 0;
		copy = xstrdup(eq + 1);
		for (v = strtok_r(copy, ",", &save); v; v = strtok_r(NULL, ",", &save)) {
			vals[k] = xrealloc(vals[k], (size_t)(nvals[k] + 1) * sizeof **vals);
			vals[k][nvals[k]++] = xstrdup(strtrim(v));
		}
		free(copy);
		si->nkeys++;
		si->ncombos *= nvals[k] > 0 ? nvals[k] : 1;
		if (si->ncombos > MAX_COMBOS) {
			snprintf(err, errlen, "more than %d combinations", MAX_COMBOS);
			return -1;
		}
	}
	if (si->nkeys == 0) {
		snprintf(err, errlen, "nothing to survey: give at least one "
		    "key=value1,value2,...");
		return -1;
	}
	return 0;
}

/*
 * A session for each combination (the first key varies slowest), into
 * r->s, and the combinations' values into r->info.values.  Returns 0, or
 * 2 after printing why a combination cannot be played.
 */
static int
make_sessions(struct host *host, const struct subcmd *c, struct plugin *p,
    struct survey_run *r, char **fixed, int nfixed, char **vals[MAX_KEYS],
    const int nvals[MAX_KEYS], uint64_t seed)
{
	struct subcmd sc = *c;
	long combo;
	int k, rc = 0, np = r->info.h.np;

	r->info.nvalues = r->info.ncombos * r->info.nkeys;
	r->info.values = xcalloc((size_t)r->info.nvalues,
	    sizeof *r->info.values);
	r->s = xcalloc((size_t)r->info.ncombos, sizeof *r->s);
	for (combo = 0; combo < r->info.ncombos && rc == 0; combo++) {
		long rest = combo;
		sc.nkv = nfixed;
		memcpy(sc.kv, fixed, (size_t)nfixed * sizeof *fixed);
		for (k = r->info.nkeys - 1; k >= 0; k--) {
			const char *v = vals[k][rest % nvals[k]];
			r->info.values[combo * r->info.nkeys + k] = xstrdup(v);
			rest /= nvals[k];
		}
		for (k = 0; k < r->info.nkeys; k++)
			sc.kv[sc.nkv++] = xasprintf("%s=%s", r->info.keys[k],
			    r->info.values[combo * r->info.nkeys + k]);
		r->s[combo] = subcmd_session(host, &sc, p, &host->cfg, seed);
		for (k = nfixed; k < sc.nkv; k++)
			free(sc.kv[k]);
		if (r->s[combo] == NULL)
			rc = 2;
		else if (game_players(&p->game, r->s[combo]->start) != np) {
			fprintf(stderr, "tablero: survey: %s has %d players; --players "
			    "names %d\n", p->game.name,
			    game_players(&p->game, r->s[combo]->start), np);
			rc = 2;
		}
	}
	return rc;
}

/* The fixed options fixed[0..n) as one "key=value ..." string to free. */
static char *
fixed_options(char *const *fixed, int n)
{
	struct sbuf b = { 0 };
	char *s;
	int k;

	for (k = 0; k < n; k++)
		sbuf_printf(&b, "%s%s", k ? " " : "", fixed[k]);
	s = xstrdup(sbuf_str(&b));
	sbuf_free(&b);
	return s;
}

/*
 * Ctrl-C stopped r after some of its `ntasks` games: a whole run reports
 * the games in, each combination's moved to the front of its slots; the
 * JSON output (--json, a shard) ends with the "interrupted" line.
 * Returns 130 (128 + N after SIGTERM or SIGHUP), or 1 when the plot
 * fails.
 */
static int
survey_interrupted(struct survey_run *r, long ntasks, int format,
    const char *plotfile)
{
	long games = r->info.h.games, *n, c, i, taken = 0;
	int rc = interrupt_exit_status();

	n = xcalloc((size_t)r->info.ncombos, sizeof *n);
	for (c = 0; c < r->info.ncombos; c++)
		for (i = 0; i < games; i++)
			if (r->have[c * games + i])
				r->res[c * games + n[c]++] = r->res[c * games + i];
	for (c = 0; c < r->info.ncombos; c++)
		taken += n[c];
	r->info.planned = ntasks;
	if (r->shard_n == 1) {
		survey_report(&r->info, r->res, n, format, stdout);
		if (plotfile && survey_plot(&r->info, r->res, n, plotfile) != 0)
			rc = 1;
	}
	if (format == 'j' || r->shard_n > 1) {
		struct sbuf b = { 0 };
		run_interrupted_json(taken, ntasks, &b);
		printf("%s\n", sbuf_str(&b));
		sbuf_free(&b);
	}
	if (format != 't' || r->shard_n > 1) {
		/* The text report says it in its first line. */
		fflush(stdout);
		fprintf(stderr, "tablero: survey: interrupted after %ld of %ld "
		    "games\n", taken, ntasks);
	}
	free(n);
	return rc;
}

/*
 * Play r's games (those of its shard) with `jobs` workers and, for a
 * whole run, print the report in `format` ('t', 'c' or 'j') and the plot.
 * Returns the exit status.
 */
static int
survey_play(struct survey_run *r, long jobs, int format, const char *plotfile)
{
	long games = r->info.h.games;
	struct runner run = { 0 };
	size_t total;

	r->per = r->shard_k > games ? 0 : (games - r->shard_k) / r->shard_n + 1;
	if (size_mul((size_t)games, (size_t)r->info.ncombos, &total) != 0 ||
	    (r->res = calloc(total, sizeof *r->res)) == NULL ||
	    (r->have = calloc(total, 1)) == NULL) {
		fprintf(stderr, "tablero: survey: cannot hold the results of "
		    "%ld games of %ld combinations in memory\n", games,
		    r->info.ncombos);
		return 2;
	}
	run.ntasks = r->per * r->info.ncombos;
	run.jobs = jobs;
	run.label = "survey";
	run.play = play_task;
	run.take = take_task;
	run.ctx = r;
	if (runner_run(&run) != 0) {
		if (!interrupt_pending()) {
			fprintf(stderr, "tablero: survey: stopped before the end\n");
			return 1;
		}
		return survey_interrupted(r, run.ntasks, format, plotfile);
	}
	if (r->shard_n == 1) {
		survey_report(&r->info, r->res, NULL, format, stdout);
		if (plotfile &&
		    survey_plot(&r->info, r->res, NULL, plotfile) != 0)
			return 1;
	}
	return r->failed ? 1 : 0;	/* each was said on stderr */
}

/* Free the values of the nkeys keys sweep_words() read. */
static void
free_values(char **vals[MAX_KEYS], const int nvals[MAX_KEYS], int nkeys)
{
	int k, v;

	for (k = 0; k < nkeys; k++) {
		for (v = 0; v < nvals[k]; v++)
			free(vals[k][v]);
		free(vals[k]);
	}
}

/*
 * Check the flags and set r up: its players, the options swept and a
 * session for each combination.  Returns 0, or 2 after an error.
 */
static int
survey_setup(struct host *host, struct subcmd *c, struct runflags *rf,
    struct survey_run *r)
{
	struct plugin *p;
	char err[1024], *fixed[SUBCMD_MAXWORDS], **vals[MAX_KEYS];
	int nvals[MAX_KEYS], nfixed, np = 0, rc;
	long t;

	if (termflags_engines(&rf->terms, &r->terms, NULL, err,
	    sizeof err) != 0 ||
	    terms_players(&r->terms, rf->players ? rf->players :
	    "random,random", r->specs, &np, err, sizeof err) != 0 ||
	    (rf->shard && playgame_shard(rf->shard, &rf->shard_k, &rf->shard_n,
	    err, sizeof err)) ||
	    sweep_words(c, &r->info, fixed, &nfixed, vals, nvals, err,
	    sizeof err) != 0) {
		fprintf(stderr, "tablero: survey: %s\n", err);
		free_values(vals, nvals, r->info.nkeys);
		return 2;
	}
	if ((p = subcmd_game(host, c)) == NULL)
		rc = 2;
	else {
		r->info.h.np = np;
		rc = make_sessions(host, c, p, r, fixed, nfixed, vals, nvals,
		    rf->seed);
	}
	free_values(vals, nvals, r->info.nkeys);
	for (t = 0; rc == 0 && t < r->info.ncombos; t++)
		if ((t == 0 ? termflags_game(&rf->terms, &r->terms, r->s[0], np,
		    err, sizeof err) : terms_openings_check(&r->terms, r->s[t],
		    err, sizeof err)) != 0) {
			fprintf(stderr, "tablero: survey: %s\n", err);
			rc = 2;
		}
	if (rc != 0)
		return rc;
	run_head_set(&r->info.h, &p->game, r->s[0]->start, r->specs, np,
	    rf->seed, rf->games, rf->cap);
	terms_name_players(&r->terms, r->specs, r->info.h.np,
	    r->info.h.players);
	r->info.h.options = fixed_options(fixed, nfixed);
	r->shard_k = rf->shard_k;
	r->shard_n = rf->shard_n;
	r->timeout = rf->timeout;
	return 0;
}

const struct subcmd_entry subcmd_survey = {
	.name = "survey",
	.usage = "GAME key=v1,v2[,...] [key=v1,v2 ...] [key=value ...]",
	.flags = "[--players P1,P2[,...]] [--games N] [--jobs J] [--seed N] "
	    "[--cap N] [--timeout S] [--csv | --json] [--plot FILE.svg] "
	    "[--shard K/N] "
	    "[--engine NAME=COMMAND ...] [--st S | --tc [MOVES/]S[+INC]] "
	    "[--timemargin MS] [--openings FILE] [--draw-after N] "
	    "[--resign SCORE,MOVES]",
	.run = survey_main,
	.page = "tablero-survey(1)"
};

int
survey_main(struct host *host, int argc, char **argv)
{
	struct survey_run r;
	struct runflags rf;
	const char *plotfile = NULL;
	long t;
	int rc, json = 0, csv = 0;
	const struct flag own[] = {
		{ "--json", FLAG_SWITCH, &json, NULL,
		    "print a header line and one JSON object per "
		    "combination" },
		{ "--csv", FLAG_SWITCH, &csv, NULL,
		    "print the table as comma-separated values" },
		{ "--plot", FLAG_TEXT, &plotfile, "FILE.svg",
		    "also draw the survey into FILE.svg" },
		{ NULL, FLAG_SWITCH, NULL, NULL, NULL }
	};
	struct subcmd c = { &subcmd_survey, NULL, NULL, { NULL }, 0 };

	memset(&r, 0, sizeof r);
	runflags_init(&rf, host, RF_PLAYERS | RF_GAMES | RF_JOBS | RF_SEED |
	    RF_CAP | RF_TIMEOUT | RF_SHARD | RF_TERMS, own);
	c.flags = rf.table;
	if ((rc = subcmd_parse(&c, argc, argv)) >= 0)
		return rc;
	if (rf.shard && plotfile) {
		fprintf(stderr, "tablero: survey: --plot draws the whole survey, "
		    "not a shard: give it to merge (tablero merge --plot FILE.svg "
		    "SHARD...)\n");
		return 2;
	}
	if ((rc = survey_setup(host, &c, &rf, &r)) == 0) {
		if (json || rf.shard) {
			struct sbuf b = { 0 };
			/* Whole lines only, even if the run is killed. */
			setvbuf(stdout, NULL, _IOLBF, 0);
			survey_header_json(&r.info, r.shard_k, r.shard_n, &b);
			terms_header(&r.terms, &b);
			printf("%s\n", sbuf_str(&b));
			sbuf_free(&b);
		}
		rc = survey_play(&r, rf.jobs, json ? 'j' : csv ? 'c' : 't',
		    plotfile);
		if (!json && !csv && !rf.shard) {
			terms_report_budgets(&r.terms, r.specs, r.info.h.np,
			    stdout);
			terms_report(&r.terms, stdout);
		}
	}
	terms_free(&r.terms);
	for (t = 0; r.s && t < r.info.ncombos; t++)
		if (r.s[t])
			session_free(r.s[t]);
	free(r.s);
	free(r.res);
	free(r.have);
	survey_info_free(&r.info);
	return rc;
}

int
survey_merge(const struct jobject *hdr, const struct shards *sh, int format,
    const char *plotfile)
{
	struct survey_info si;
	struct game_out *res = NULL;
	char err[1024];
	long m;
	int rc;

	if (survey_info_read(hdr, &si, err, sizeof err) != 0) {
		fprintf(stderr, "tablero: merge: %s\n", err);
		survey_info_free(&si);
		return 1;
	}
	rc = shards_games(sh, si.h.np, si.h.seed, si.h.cap, si.h.games,
	    si.ncombos, &res, &m);
	if (rc == 0 && m < si.h.games * si.ncombos)
		rc = shards_missing(m, si.h.games, si.ncombos);
	if (rc == 0) {
		if (format == 'j') {
			struct sbuf b = { 0 };
			survey_header_json(&si, 1, 1, &b);
			printf("%s\n", sbuf_str(&b));
			sbuf_free(&b);
		}
		survey_report(&si, res, NULL, format, stdout);
		if (plotfile)
			rc = survey_plot(&si, res, NULL, plotfile);
	}
	free(res);
	survey_info_free(&si);
	return rc;
}
