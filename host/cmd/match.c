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
#include "core/host.h"
#include "base/interrupt.h"
#include "run/jsonl.h"
#include "cmd/match.h"
#include "cmd/merge.h"
#include "run/playgame.h"
#include "run/runner.h"
#include "core/session.h"
#include "run/stats.h"
#include "cmd/subcmd.h"
#include "cmd/termflags.h"
#include "base/util.h"
#include "view/plot.h"

#define DEFAULT_CAP 100000L

struct match_run {
	struct match_info info;
	struct session *s;
	struct seat_spec specs[MAX_SEATS];
	struct terms terms;	/* engines, clock, openings, adjudication */
	const char *records;
	const char *plot;	/* --plot FILE.svg, or NULL */
	long shard_k, shard_n;	/* 1/1 for the whole run */
	int json;		/* print the JSON lines */
	struct game_out *res;	/* by game index */
	char *have;
	long next;		/* games 0..next-1 are all in */
	long decided;		/* the SPRT stopped after this many; 0: not */
	double w, d, l;		/* player 1's record over 0..next-1 */
	long taken;		/* results taken, in any order */
};

void
match_info_free(struct match_info *mi)
{
	run_head_free(&mi->h);
	memset(mi, 0, sizeof *mi);
}

void
match_header_json(const struct match_info *mi, long shard_k, long shard_n,
    struct sbuf *b)
{
	run_head_json(&mi->h, "match", b);
	if (mi->sprt_on)
		sbuf_printf(b, ",\"sprt\":[%.17g,%.17g,%.17g,%.17g]", mi->sprt.elo0,
		    mi->sprt.elo1, mi->sprt.alpha, mi->sprt.beta);
	run_head_close(shard_k, shard_n, b);
}

int
match_info_read(const struct jobject *o, struct match_info *mi, char *err,
    size_t errlen)
{
	double v[4], x;

	memset(mi, 0, sizeof *mi);
	mi->h.game = json_get_str(o, "game");
	mi->h.version = json_get_str(o, "version");
	mi->h.options = json_get_str(o, "options");
	if (mi->h.game == NULL || mi->h.options == NULL ||
	    json_get_num(o, "games", &x) != 0 || x < 1) {
		snprintf(err, errlen, "the match header lacks its game, options "
		    "or number of games");
		return -1;
	}
	mi->h.games = (long)x;
	if (json_get_num(o, "cap", &x) != 0 || x < 1) {
		snprintf(err, errlen, "the match header lacks its move cap");
		return -1;
	}
	mi->h.cap = (long)x;
	if (json_get_u64(o, "seed", &mi->h.seed) != 0) {
		snprintf(err, errlen, "the match header lacks its seed");
		return -1;
	}
	if (run_head_read_seats(o, "match", &mi->h, err, errlen) != 0)
		return -1;
	if (json_get_nums(o, "sprt", v, 4) == 4) {
		char text[128];
		snprintf(text, sizeof text, "%.17g,%.17g,%.17g,%.17g", v[0], v[1],
		    v[2], v[3]);
		if (stats_sprt_parse(&mi->sprt, text, err, (unsigned)errlen) != 0)
			return -1;
		mi->sprt_on = 1;
	}
	return 0;
}

/* Player 1's result in game o: 'w', 'd' or 'l' (a cut game is a draw). */
static char
outcome(const struct game_out *o, int player)
{
	int k;

	for (k = 0; k < o->np; k++)
		if (o->seating[k] == player) {
			if (o->capped || (o->score[k] > 0 && o->score[k] < 1))
				return 'd';
			return o->score[k] >= 1 ? 'w' : 'l';
		}
	return 'd';
}

long
match_counted(const struct match_info *mi, const struct game_out *res,
    long n, double *llr)
{
	double w = 0, d = 0, l = 0;
	long i;

	*llr = 0;
	for (i = 0; i < n; i++) {
		char c = outcome(&res[i], 0);
		w += c == 'w';
		d += c == 'd';
		l += c == 'l';
		if (mi->sprt_on) {
			*llr = stats_sprt_llr(&mi->sprt, w, d, l);
			if (*llr >= mi->sprt.upper || *llr <= mi->sprt.lower)
				return i + 1;
		}
	}
	return n;
}

/*
 * A likelihood of superiority as a percentage that never reads as a
 * certainty: erf() rounds to exactly 1 (or 0) after a long sweep, but no
 * number of games makes one.
 */
static const char *
percent(double x, char *buf, size_t len)
{
	if (x > 0.9995)
		snprintf(buf, len, ">99.9%%");
	else if (x < 0.0005)
		snprintf(buf, len, "<0.1%%");
	else
		snprintf(buf, len, "%.1f%%", 100 * x);
	return buf;
}

static void
elo_text(double e, char *buf, size_t len)
{
	if (isinf(e))
		snprintf(buf, len, "%cinf", e > 0 ? '+' : '-');
	else
		snprintf(buf, len, "%+.0f", e);
}

/* The per-player arrays of a JSON summary, appended to b. */
static void
summary_json(const struct match_info *mi, struct sbuf *b, long counted,
    const double *score, const double *seat, const long *w, const long *d,
    const long *l, const long *cut)
{
	static const char *const keys[] = { "score", "wins", "draws",
	    "losses", "capped", "elo", "elo_low", "elo_high", "los" };
	int q, p, k, np = mi->h.np;

	for (q = 0; q < 9; q++) {
		sbuf_printf(b, ",\"%s\":[", keys[q]);
		for (p = 0; p < np; p++) {
			double share = counted ? score[p] / (double)counted : 0;
			double lo, hi, v = 0;
			stats_wilson(share, (double)counted, STATS_Z95, &lo, &hi);
			switch (q) {
			case 0: v = score[p]; break;
			case 1: v = (double)w[p]; break;
			case 2: v = (double)d[p]; break;
			case 3: v = (double)l[p]; break;
			case 4: v = (double)cut[p]; break;
			case 5: v = stats_elo(share, np); break;
			case 6: v = stats_elo(lo, np); break;
			case 7: v = stats_elo(hi, np); break;
			case 8: v = stats_los((double)w[p], (double)l[p]); break;
			}
			if (p)
				sbuf_puts(b, ",");
			json_number(b, v);
		}
		sbuf_puts(b, "]");
	}
	sbuf_puts(b, ",\"seat_score\":[");
	for (k = 0; k < np; k++) {
		if (k)
			sbuf_puts(b, ",");
		json_number(b, seat[k]);
	}
	sbuf_puts(b, "]");
}

void
match_report(const struct match_info *mi, const struct game_out *res,
    long n, int json, FILE *fp)
{
	double score[MAX_SEATS] = { 0 }, seat[MAX_SEATS] = { 0 }, llr;
	long w[MAX_SEATS] = { 0 }, d[MAX_SEATS] = { 0 }, l[MAX_SEATS] = { 0 };
	long cut[MAX_SEATS] = { 0 }, i, counted, limit = 0;
	int k, p, np = mi->h.np;
	struct sbuf b = { 0 };

	counted = match_counted(mi, res, n, &llr);
	for (i = 0; i < counted; i++) {
		const struct game_out *o = &res[i];
		limit += o->limit;
		for (k = 0; k < np; k++) {
			p = o->seating[k];
			score[p] += o->score[k];
			seat[k] += o->score[k];
			if (o->capped)
				cut[p]++;
			else if (o->score[k] >= 1)
				w[p]++;
			else if (o->score[k] <= 0)
				l[p]++;
			else
				d[p]++;
		}
	}
	if (json) {
		sbuf_printf(&b, "{\"type\":\"summary\",\"games\":%ld", counted);
		if (mi->planned)
			sbuf_puts(&b, ",\"interrupted\":true");
	} else if (mi->planned) {
		fprintf(fp, "match %s%s%s: interrupted after %ld of %ld games, seed "
		    "%" PRIu64 ", each seed played in every seating\n", mi->h.game,
		    *mi->h.options ? " " : "", mi->h.options, counted, mi->planned,
		    mi->h.seed);
	} else {
		fprintf(fp, "match %s%s%s: %ld games, seed %" PRIu64 ", each seed "
		    "played in every seating\n", mi->h.game, *mi->h.options ? " " : "",
		    mi->h.options, counted, mi->h.seed);
	}
	for (p = 0; p < np; p++) {
		double share = counted ? score[p] / (double)counted : 0, lo, hi;
		char e[16], elo_lo[16], elo_hi[16], los[16];
		stats_wilson(share, (double)counted, STATS_Z95, &lo, &hi);
		elo_text(stats_elo(share, np), e, sizeof e);
		elo_text(stats_elo(lo, np), elo_lo, sizeof elo_lo);
		elo_text(stats_elo(hi, np), elo_hi, sizeof elo_hi);
		if (json)
			continue;
		fprintf(fp, "player %d %s: score %g/%ld (%.1f%%), %ld win%s, %ld "
		    "draw%s, %ld loss%s, %ld cut by the move cap\n", p + 1,
		    mi->h.players[p], score[p], counted, 100 * share, w[p],
		    w[p] == 1 ? "" : "s", d[p], d[p] == 1 ? "" : "s", l[p],
		    l[p] == 1 ? "" : "es", cut[p]);
		fprintf(fp, "  Elo %s [%s, %s] (95%%), likelihood of superiority "
		    "%s\n", e, elo_lo, elo_hi, percent(stats_los((double)w[p],
		    (double)l[p]), los, sizeof los));
	}
	if (json) {
		summary_json(mi, &b, counted, score, seat, w, d, l, cut);
		if (limit)
			sbuf_printf(&b, ",\"limit\":%ld", limit);
	} else {
		fprintf(fp, "seats:");
		for (k = 0; k < np; k++)
			fprintf(fp, "%s %d %s %g (%.1f%%)", k ? "," : "", k + 1,
			    mi->h.names[k], seat[k], counted ? 100 * seat[k] /
			    (double)counted : 0);
		fprintf(fp, "\n");
		/* Not ends by the rules; the game scored them itself. */
		if (limit)
			fprintf(fp, "at the game's own turn limit: %ld of %ld games "
			    "(scored as the game scores them)\n", limit, counted);
	}
	if (mi->sprt_on) {
		const char *dec = llr >= mi->sprt.upper ? "H1" :
		    llr <= mi->sprt.lower ? "H0" : NULL;
		if (json) {
			sbuf_puts(&b, ",\"sprt_llr\":");
			json_number(&b, llr);
			sbuf_printf(&b, ",\"sprt_lower\":%.17g,\"sprt_upper\":%.17g,"
			    "\"sprt_decision\":\"%s\"", mi->sprt.lower,
			    mi->sprt.upper, dec ? dec : "none");
		} else if (dec)
			fprintf(fp, "sprt elo0=%g elo1=%g alpha=%g beta=%g: %s "
			    "accepted after %ld games (LLR %.2f, bounds %.2f, %.2f)\n",
			    mi->sprt.elo0, mi->sprt.elo1, mi->sprt.alpha,
			    mi->sprt.beta, dec, counted, llr, mi->sprt.lower,
			    mi->sprt.upper);
		else
			fprintf(fp, "sprt elo0=%g elo1=%g alpha=%g beta=%g: "
			    "undecided after %ld games (LLR %.2f, bounds %.2f, "
			    "%.2f)\n", mi->sprt.elo0, mi->sprt.elo1, mi->sprt.alpha,
			    mi->sprt.beta, counted, llr, mi->sprt.lower,
			    mi->sprt.upper);
	}
	if (json) {
		sbuf_puts(&b, "}");
		fprintf(fp, "%s\n", sbuf_str(&b));
	}
	sbuf_free(&b);
}

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

	return playgame_line(r->s, r->specs, r->info.h.np, r->info.h.cap,
	    task_index(r, t), 0, r->info.h.seed, r->records, &r->terms, "match",
	    line);
}

static int
take_task(void *ctx, const char *line)
{
	struct match_run *r = ctx;
	struct game_out o;
	char err[1024] = "a game out of range";

	if (playgame_parse(line, r->info.h.np, &o, err, sizeof err) != 0 ||
	    o.index >= r->info.h.games) {
		fprintf(stderr, "tablero: match: a worker's result: %s\n", err);
		return -1;
	}
	r->res[o.index] = o;
	r->have[o.index] = 1;
	r->taken++;
	if (r->shard_n > 1) {
		/* A shard prints its games as they come; merge orders them. */
		printf("%s\n", line);
		return 0;
	}
	while (r->next < r->info.h.games && r->have[r->next]) {
		char c = outcome(&r->res[r->next], 0);
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
	run.jobs = (int)(jobs > 256 ? 256 : jobs);
	run.label = "match";
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
		return 0;
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

int
match_main(struct host *host, int argc, char **argv)
{
	struct match_run r;
	struct plugin *p;
	const char *players = NULL, *sprt = NULL, *shard = NULL;
	char err[1024];
	long games = 100, jobs = 1, cap = DEFAULT_CAP;
	uint64_t seed = host->seed_given ? host->seed : 1;
	int np, rc, json = 0;
	struct termflags tf = { { { NULL }, 0 }, 0, NULL, NULL, NULL, 0, 0 };
	const struct flag flags[] = {
		{ "--players", FLAG_TEXT, &players },
		{ "--games", FLAG_COUNT, &games },
		{ "--jobs", FLAG_COUNT, &jobs },
		{ "--seed", FLAG_SEED, &seed },
		{ "--cap", FLAG_COUNT, &cap },
		{ "--sprt", FLAG_TEXT, &sprt },
		{ "--records", FLAG_TEXT, &r.records },
		{ "--json", FLAG_SWITCH, &json },
		{ "--shard", FLAG_TEXT, &shard },
		{ "--plot", FLAG_TEXT, &r.plot },
		TERMFLAGS(tf),
		{ NULL, FLAG_SWITCH, NULL }
	};
	struct subcmd c = { "match", flags, NULL, { NULL }, 0 };

	memset(&r, 0, sizeof r);
	r.shard_k = r.shard_n = 1;
	if ((rc = subcmd_parse(&c, argc, argv)) >= 0)
		return rc;
	/* The game first: an unknown game is the first thing wrong. */
	if ((p = subcmd_game(host, &c)) == NULL)
		return 2;
	if (shard && r.plot) {
		fprintf(stderr, "tablero: match: --plot draws the whole match, "
		    "not a shard: give it to merge (tablero merge --plot FILE.svg "
		    "SHARD...)\n");
		return 2;
	}
	if (players == NULL) {
		fprintf(stderr, "tablero: match: --players is required (each: "
		    "random, mcts, mcts:PLAYOUTS or mcts:MSms)\n");
		subcmd_usage(&c, stderr);
		return 2;
	}
	if (termflags_engines(&tf, &r.terms, r.records, err, sizeof err) != 0 ||
	    terms_players(&r.terms, players, r.specs, &np, err, sizeof err) != 0 ||
	    (sprt && stats_sprt_parse(&r.info.sprt, sprt, err, sizeof err)) ||
	    (shard && playgame_shard(shard, &r.shard_k, &r.shard_n, err,
	    sizeof err)) ||
	    (r.records && playgame_mkdir(r.records, err, sizeof err))) {
		fprintf(stderr, "tablero: match: %s\n", err);
		terms_free(&r.terms);
		return 2;
	}
	if (sprt && np != 2) {
		fprintf(stderr, "tablero: match: --sprt compares two players, not "
		    "%d\n", np);
		terms_free(&r.terms);
		return 2;
	}
	if ((r.s = subcmd_session(host, &c, p, &host->cfg, seed)) == NULL) {
		terms_free(&r.terms);
		return 2;
	}
	if (p->game.players(r.s->start) != np) {
		fprintf(stderr, "tablero: match: %s has %d players; --players "
		    "names %d\n", p->game.name, p->game.players(r.s->start), np);
		session_free(r.s);
		terms_free(&r.terms);
		return 2;
	}
	if (termflags_game(&tf, &r.terms, r.s, np, err, sizeof err) != 0) {
		fprintf(stderr, "tablero: match: %s\n", err);
		session_free(r.s);
		terms_free(&r.terms);
		return 2;
	}
	run_head_set(&r.info.h, &p->game, r.s->start, r.specs, np, seed, games,
	    cap);
	terms_name_players(&r.terms, r.specs, &r.info.h);
	r.info.h.options = optset_describe(&r.s->opts, &p->game, 1);
	r.info.sprt_on = sprt != NULL;
	r.json = json || shard;
	if (r.json) {
		/* Whole lines only, even if the run is killed. */
		setvbuf(stdout, NULL, _IOLBF, 0);
	}
	if (r.json) {
		struct sbuf b = { 0 };
		match_header_json(&r.info, r.shard_k, r.shard_n, &b);
		terms_header(&r.terms, &b);
		printf("%s\n", sbuf_str(&b));
		sbuf_free(&b);
	}
	rc = match_play(&r, jobs, json);
	if (!r.json)
		terms_report(&r.terms, stdout);
	terms_free(&r.terms);
	free(r.res);
	free(r.have);
	match_info_free(&r.info);
	session_free(r.s);
	return rc;
}

int
match_plot(const struct match_info *mi, const struct game_out *res, long n,
    const char *path)
{
	double score[MAX_SEATS] = { 0 }, v[MAX_SEATS], lo[MAX_SEATS];
	double hi[MAX_SEATS], llr;
	char *groups[MAX_SEATS], err[1024], *gnuplot = plot_find_gnuplot();
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
match_merge(const struct jobject *hdr, const struct merge_line *lines,
    long n, int json, const char *plotfile)
{
	struct match_info mi;
	struct game_out *res;
	long *from, m;
	char err[1024];
	double llr;
	int rc = 0;

	if (match_info_read(hdr, &mi, err, sizeof err) != 0) {
		fprintf(stderr, "tablero: merge: %s\n", err);
		match_info_free(&mi);
		return 1;
	}
	res = xcalloc((size_t)mi.h.games, sizeof *res);
	from = xcalloc((size_t)mi.h.games, sizeof *from);
	rc = merge_games(lines, n, mi.h.np, mi.h.games, 1, res, from);
	for (m = 0; m < mi.h.games && from[m]; m++)
		;
	if (rc == 0 && m < mi.h.games && match_counted(&mi, res, m, &llr) >= m &&
	    !(mi.sprt_on && (llr >= mi.sprt.upper || llr <= mi.sprt.lower))) {
		fprintf(stderr, "tablero: merge: game %ld of %ld is in none of "
		    "the files\n", m + 1, mi.h.games);
		rc = 1;
	}
	if (rc == 0)
		match_report(&mi, res, m, json, stdout);
	if (rc == 0 && plotfile)
		rc = match_plot(&mi, res, m, plotfile);
	free(res);
	free(from);
	match_info_free(&mi);
	return rc;
}
