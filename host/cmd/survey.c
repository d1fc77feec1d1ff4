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

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ai/ai.h"
#include "core/host.h"
#include "base/interrupt.h"
#include "run/jsonl.h"
#include "cmd/merge.h"
#include "run/playgame.h"
#include "run/runner.h"
#include "core/session.h"
#include "run/stats.h"
#include "cmd/subcmd.h"
#include "cmd/termflags.h"
#include "cmd/survey.h"
#include "base/util.h"
#include "view/plot.h"

#define DEFAULT_CAP 100000L
#define MAX_KEYS 8
#define MAX_COMBOS 1024

/* What a survey's report needs besides its games: its JSON header. */
struct survey_info {
	struct run_head h;		/* game, fixed options, seed, players... */
	int nkeys;
	long ncombos;
	char *keys[MAX_KEYS];
	char **values;			/* ncombos * nkeys */
	long planned;			/* Ctrl-C stopped the run: its games */
};

struct survey_run {
	struct survey_info info;
	struct session **s;		/* one per combination */
	struct seat_spec specs[MAX_SEATS];
	struct terms terms;		/* engines, clock, openings... */
	long shard_k, shard_n, per;	/* per: games of a combination here */
	struct game_out *res;		/* combo * games + index */
	char *have;
};

static void
info_free(struct survey_info *si)
{
	long i;
	int k;

	run_head_free(&si->h);
	for (k = 0; k < si->nkeys; k++)
		free(si->keys[k]);
	for (i = 0; si->values && i < si->ncombos * si->nkeys; i++)
		free(si->values[i]);
	free(si->values);
	memset(si, 0, sizeof *si);
}

static void
header_json(const struct survey_info *si, long shard_k, long shard_n,
    struct sbuf *b)
{
	run_head_json(&si->h, "survey", b);
	json_member_strings(b, "keys", si->keys, si->nkeys);
	json_member_strings(b, "values", si->values, si->ncombos * si->nkeys);
	run_head_close(shard_k, shard_n, b);
}

static int
info_read(const struct jobject *o, struct survey_info *si, char *err,
    size_t errlen)
{
	double x;
	int n;

	memset(si, 0, sizeof *si);
	si->h.game = json_get_str(o, "game");
	si->h.version = json_get_str(o, "version");
	si->h.options = json_get_str(o, "options");
	if (si->h.game == NULL || si->h.options == NULL ||
	    json_get_num(o, "games", &x) != 0 || x < 1 ||
	    json_get_u64(o, "seed", &si->h.seed) != 0) {
		snprintf(err, errlen, "the survey header lacks its game, options, "
		    "seed or number of games");
		return -1;
	}
	si->h.games = (long)x;
	si->h.cap = json_get_num(o, "cap", &x) == 0 ? (long)x : DEFAULT_CAP;
	if (run_head_read_seats(o, "survey", &si->h, err, errlen) != 0)
		return -1;
	n = json_get_strs(o, "keys", si->keys, MAX_KEYS);
	si->nkeys = n > 0 ? n : 0;
	if (n < 1) {
		snprintf(err, errlen, "the survey header names no keys");
		return -1;
	}
	si->values = xcalloc((size_t)MAX_COMBOS * MAX_KEYS, sizeof *si->values);
	n = json_get_strs(o, "values", si->values, MAX_COMBOS * MAX_KEYS);
	if (n < 1 || n % si->nkeys != 0) {
		snprintf(err, errlen, "the survey header's values do not fill "
		    "its combinations");
		return -1;
	}
	si->ncombos = n / si->nkeys;
	return 0;
}

/* The measures of one combination. */
struct row {
	long n;
	double win[MAX_SEATS], lo[MAX_SEATS], hi[MAX_SEATS];
	double draws, cut, limit;	/* limit: at the game's own turn limit */
	double turns_mean, turns_median, dec_mean, dec_median;
	double branching, forced;
};

static void
measure(const struct survey_info *si, const struct game_out *res, long n,
    struct row *r)
{
	double *turns = xcalloc((size_t)n + 1, sizeof *turns);
	double *decs = xcalloc((size_t)n + 1, sizeof *decs);
	double branch = 0, forced = 0, ndec = 0, draws = 0, cut = 0;
	long wins[MAX_SEATS] = { 0 }, i;
	int k;

	memset(r, 0, sizeof *r);
	r->n = n;
	for (i = 0; i < n; i++) {
		const struct game_out *o = &res[i];
		int won = 0;
		for (k = 0; k < si->h.np; k++)
			if (!o->capped && o->score[k] >= 1) {
				wins[k]++;
				won = 1;
			}
		cut += o->capped;
		r->limit += o->limit;
		draws += !o->capped && !won;
		turns[i] = (double)o->turns;
		decs[i] = (double)o->decisions;
		r->turns_mean += turns[i];
		r->dec_mean += decs[i];
		branch += (double)o->branching;
		forced += (double)o->forced;
		ndec += (double)o->decisions;
	}
	for (k = 0; k < si->h.np; k++) {
		r->win[k] = n ? (double)wins[k] / (double)n : 0;
		stats_wilson(r->win[k], (double)n, STATS_Z95, &r->lo[k], &r->hi[k]);
	}
	r->draws = n ? draws / (double)n : 0;
	r->cut = n ? cut / (double)n : 0;
	r->limit = n ? r->limit / (double)n : 0;
	r->turns_mean = n ? r->turns_mean / (double)n : 0;
	r->dec_mean = n ? r->dec_mean / (double)n : 0;
	r->turns_median = stats_median(turns, n);
	r->dec_median = stats_median(decs, n);
	r->branching = ndec ? branch / ndec : 0;
	r->forced = ndec ? forced / ndec : 0;
	free(turns);
	free(decs);
}

static void
report_text(const struct survey_info *si, const struct row *rows, FILE *fp)
{
	long c, ncells, cols = si->nkeys + 1 + si->h.np + 8, i, j;
	char **cell;
	size_t *width;
	int limit = 0;	/* a column for games at the game's own turn limit */

	for (c = 0; c < si->ncombos; c++)
		limit |= rows[c].limit > 0;
	cols += limit;

	ncells = (si->ncombos + 1) * cols;
	cell = xcalloc((size_t)ncells, sizeof *cell);
	width = xcalloc((size_t)cols, sizeof *width);
	j = 0;
	for (i = 0; i < si->nkeys; i++)
		cell[j++] = xstrdup(si->keys[i]);
	cell[j++] = xstrdup("games");
	for (i = 0; i < si->h.np; i++)
		cell[j++] = xasprintf("seat %ld (%s) wins", i + 1, si->h.names[i]);
	cell[j++] = xstrdup("draws");
	cell[j++] = xstrdup("cut");
	if (limit)
		cell[j++] = xstrdup("at limit");
	cell[j++] = xstrdup("turns");
	cell[j++] = xstrdup("median");
	cell[j++] = xstrdup("decisions");
	cell[j++] = xstrdup("median");
	cell[j++] = xstrdup("branching");
	cell[j++] = xstrdup("forced");
	for (c = 0; c < si->ncombos; c++) {
		const struct row *r = &rows[c];
		for (i = 0; i < si->nkeys; i++)
			cell[j++] = xstrdup(si->values[c * si->nkeys + i]);
		cell[j++] = xasprintf("%ld", r->n);
		for (i = 0; i < si->h.np; i++)
			cell[j++] = xasprintf("%.1f%% [%.1f, %.1f]", 100 * r->win[i],
			    100 * r->lo[i], 100 * r->hi[i]);
		cell[j++] = xasprintf("%.1f%%", 100 * r->draws);
		cell[j++] = xasprintf("%.1f%%", 100 * r->cut);
		if (limit)
			cell[j++] = xasprintf("%.1f%%", 100 * r->limit);
		cell[j++] = xasprintf("%.1f", r->turns_mean);
		cell[j++] = xasprintf("%g", r->turns_median);
		cell[j++] = xasprintf("%.1f", r->dec_mean);
		cell[j++] = xasprintf("%g", r->dec_median);
		cell[j++] = xasprintf("%.2f", r->branching);
		cell[j++] = xasprintf("%.1f%%", 100 * r->forced);
	}
	for (i = 0; i < j; i++)
		if (strlen(cell[i]) > width[i % cols])
			width[i % cols] = strlen(cell[i]);
	if (si->planned) {
		long done = 0;
		for (c = 0; c < si->ncombos; c++)
			done += rows[c].n;
		fprintf(fp, "survey %s%s%s: interrupted after %ld of %ld games, "
		    "seed %" PRIu64 ", players", si->h.game, *si->h.options ? " " :
		    "", si->h.options, done, si->planned, si->h.seed);
	} else
		fprintf(fp, "survey %s%s%s: %ld games per combination, seed %"
		    PRIu64 ", players", si->h.game, *si->h.options ? " " : "",
		    si->h.options, si->h.games, si->h.seed);
	for (i = 0; i < si->h.np; i++)
		fprintf(fp, "%s%s", i ? "," : " ", si->h.players[i]);
	fprintf(fp, "\n");
	for (i = 0; i < j; i++) {
		long col = i % cols;
		int left = col < si->nkeys;
		fprintf(fp, "%s%*s%s", col ? "  " : "", left ? 0 : (int)(width[col] -
		    strlen(cell[i])), "", cell[i]);
		if (left && col + 1 < cols)
			fprintf(fp, "%*s", (int)(width[col] - strlen(cell[i])), "");
		if (col + 1 == cols)
			fprintf(fp, "\n");
		free(cell[i]);
	}
	free(cell);
	free(width);
}

static void
csv_field(FILE *fp, const char *s, int first)
{
	if (!first)
		fputc(',', fp);
	if (strpbrk(s, ",\"\r\n") == NULL) {
		fputs(s, fp);
		return;
	}
	fputc('"', fp);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', fp);
		fputc(*s, fp);
	}
	fputc('"', fp);
}

static void
report_csv(const struct survey_info *si, const struct row *rows, FILE *fp)
{
	long c;
	int i;

	for (i = 0; i < si->nkeys; i++)
		csv_field(fp, si->keys[i], i == 0);
	fputs(",games", fp);
	for (i = 0; i < si->h.np; i++)
		fprintf(fp, ",seat%d_wins,seat%d_low,seat%d_high", i + 1, i + 1,
		    i + 1);
	fputs(",draws,cut,turns_mean,turns_median,decisions_mean,"
	    "decisions_median,branching,forced,limit_end\n", fp);
	for (c = 0; c < si->ncombos; c++) {
		const struct row *r = &rows[c];
		for (i = 0; i < si->nkeys; i++)
			csv_field(fp, si->values[c * si->nkeys + i], i == 0);
		fprintf(fp, ",%ld", r->n);
		for (i = 0; i < si->h.np; i++)
			fprintf(fp, ",%.4f,%.4f,%.4f", r->win[i], r->lo[i], r->hi[i]);
		fprintf(fp, ",%.4f,%.4f,%.4f,%g,%.4f,%g,%.4f,%.4f,%.4f\n",
		    r->draws, r->cut, r->turns_mean, r->turns_median, r->dec_mean,
		    r->dec_median, r->branching, r->forced, r->limit);
	}
}

static void
report_json(const struct survey_info *si, const struct row *rows, FILE *fp)
{
	struct sbuf b = { 0 };
	long c;
	int i;

	for (c = 0; c < si->ncombos; c++) {
		const struct row *r = &rows[c];
		sbuf_reset(&b);
		sbuf_printf(&b, "{\"type\":\"row\",\"combo\":%ld", c);
		json_member_strings(&b, "values", si->values + c * si->nkeys, si->nkeys);
		sbuf_printf(&b, ",\"games\":%ld,\"wins\":[", r->n);
		for (i = 0; i < si->h.np; i++)
			sbuf_printf(&b, "%s%.6g", i ? "," : "", r->win[i]);
		sbuf_puts(&b, "],\"wins_low\":[");
		for (i = 0; i < si->h.np; i++)
			sbuf_printf(&b, "%s%.6g", i ? "," : "", r->lo[i]);
		sbuf_puts(&b, "],\"wins_high\":[");
		for (i = 0; i < si->h.np; i++)
			sbuf_printf(&b, "%s%.6g", i ? "," : "", r->hi[i]);
		sbuf_printf(&b, "],\"draws\":%.6g,\"cut\":%.6g,\"turns_mean\":%.6g,"
		    "\"turns_median\":%.6g,\"decisions_mean\":%.6g,"
		    "\"decisions_median\":%.6g,\"branching\":%.6g,\"forced\":%.6g,"
		    "\"limit_end\":%.6g}", r->draws, r->cut, r->turns_mean,
		    r->turns_median, r->dec_mean, r->dec_median, r->branching,
		    r->forced, r->limit);
		fprintf(fp, "%s\n", sbuf_str(&b));
	}
	sbuf_free(&b);
}

/*
 * Print the report of the games (res: combo * games + index); n[c] of
 * combination c's are in (those first), or all of them when n is NULL.
 */
static void
report(const struct survey_info *si, const struct game_out *res,
    const long *n, int format, FILE *fp)
{
	struct row *rows = xcalloc((size_t)si->ncombos, sizeof *rows);
	long c;

	for (c = 0; c < si->ncombos; c++)
		measure(si, res + c * si->h.games, n ? n[c] : si->h.games,
		    &rows[c]);
	if (format == 'c')
		report_csv(si, rows, fp);
	else if (format == 'j')
		report_json(si, rows, fp);
	else
		report_text(si, rows, fp);
	free(rows);
}

/*
 * The title of a survey's plot: the game, its fixed options, the games of
 * each combination and the players.
 */
static char *
plot_title(const struct survey_info *si, const long *n)
{
	struct sbuf t = { 0 };
	long c, least = si->h.games;
	int i;

	for (c = 0; n && c < si->ncombos; c++)
		least = n[c] < least ? n[c] : least;
	sbuf_printf(&t, "tablero survey %s%s%s: %ld game%s per combination%s, "
	    "players", si->h.game, *si->h.options ? " " : "", si->h.options,
	    least, least == 1 ? "" : "s", n ? " (interrupted)" : "");
	for (i = 0; i < si->h.np; i++)
		sbuf_printf(&t, "%s%s", i ? ", " : " ", si->h.players[i]);
	return t.s;
}

/*
 * Draw the survey as FILE (view/plot.h): per combination, each seat's
 * win rate with its 95% interval, the draws and the games cut by the
 * move cap.  Returns 0, or 1 after saying why not.
 */
static int
plot(const struct survey_info *si, const struct game_out *res,
    const long *n, const char *svg)
{
	struct row *rows = xcalloc((size_t)si->ncombos, sizeof *rows);
	int ns = si->h.np + 2, i, rc;
	size_t cells = (size_t)si->ncombos * (size_t)ns;
	double *v = xcalloc(cells, sizeof *v), *lo = xcalloc(cells, sizeof *lo);
	double *hi = xcalloc(cells, sizeof *hi);
	char **groups = xcalloc((size_t)si->ncombos, sizeof *groups);
	char **series = xcalloc((size_t)ns, sizeof *series), err[1024];
	char *gnuplot = plot_find_gnuplot();
	struct plot p = { NULL, "share of games", (int)si->ncombos, ns,
	    (const char *const *)groups, (const char *const *)series, v, lo, hi };
	long c;

	for (i = 0; i < si->h.np; i++)
		series[i] = xasprintf("seat %d (%s) wins", i + 1, si->h.names[i]);
	series[si->h.np] = xstrdup("draws");
	series[si->h.np + 1] = xstrdup("cut by the move cap");
	for (c = 0; c < si->ncombos; c++) {
		struct sbuf l = { 0 };
		double *row = v + c * ns;
		measure(si, res + c * si->h.games, n ? n[c] : si->h.games,
		    &rows[c]);
		for (i = 0; i < si->nkeys; i++)
			sbuf_printf(&l, "%s%s=%s", i ? " " : "", si->keys[i],
			    si->values[c * si->nkeys + i]);
		groups[c] = l.s ? l.s : xstrdup("");
		for (i = 0; i < si->h.np; i++) {
			row[i] = rows[c].win[i];
			lo[c * ns + i] = rows[c].lo[i];
			hi[c * ns + i] = rows[c].hi[i];
		}
		row[i] = rows[c].draws;
		row[i + 1] = rows[c].cut;
		lo[c * ns + i] = hi[c * ns + i] = -1;
		lo[c * ns + i + 1] = hi[c * ns + i + 1] = -1;
	}
	p.title = plot_title(si, n);
	rc = plot_write(&p, svg, gnuplot, err, sizeof err);
	if (rc != 0)
		fprintf(stderr, "tablero: survey: %s\n", err);
	for (c = 0; c < si->ncombos; c++)
		free(groups[c]);
	for (i = 0; i < ns; i++)
		free(series[i]);
	free((char *)p.title);
	free(groups);
	free(series);
	free(gnuplot);
	free(rows);
	free(v);
	free(lo);
	free(hi);
	return rc != 0;
}

static int
play_task(void *ctx, long t, struct sbuf *line)
{
	struct survey_run *r = ctx;
	long c = t / r->per, i = (r->shard_k - 1) + (t % r->per) * r->shard_n;

	return playgame_line(r->s[c], r->specs, r->info.h.np, r->info.h.cap, i, c,
	    r->info.h.seed, NULL, &r->terms, "survey", line);
}

static int
take_task(void *ctx, const char *line)
{
	struct survey_run *r = ctx;
	struct game_out o;
	char err[1024] = "a game out of range";
	long at;

	if (playgame_parse(line, r->info.h.np, &o, err, sizeof err) != 0 ||
	    o.index >= r->info.h.games || o.combo >= r->info.ncombos) {
		fprintf(stderr, "tablero: survey: a worker's result: %s\n", err);
		return -1;
	}
	at = o.combo * r->info.h.games + o.index;
	r->res[at] = o;
	r->have[at] = 1;
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

	r->info.values = xcalloc((size_t)(r->info.ncombos * r->info.nkeys),
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
		else if (p->game.players(r->s[combo]->start) != np) {
			fprintf(stderr, "tablero: survey: %s has %d players; --players "
			    "names %d\n", p->game.name,
			    p->game.players(r->s[combo]->start), np);
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
		report(&r->info, r->res, n, format, stdout);
		if (plotfile && plot(&r->info, r->res, n, plotfile) != 0)
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
	run.jobs = (int)(jobs > 256 ? 256 : jobs);
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
		report(&r->info, r->res, NULL, format, stdout);
		if (plotfile)
			return plot(&r->info, r->res, NULL, plotfile);
	}
	return 0;
}

int
survey_main(struct host *host, int argc, char **argv)
{
	struct survey_run r;
	struct plugin *p;
	const char *players = NULL, *shard = NULL, *plotfile = NULL;
	char err[1024], *fixed[SUBCMD_MAXWORDS], **vals[MAX_KEYS];
	long games = 100, jobs = 1, cap = DEFAULT_CAP, t;
	uint64_t seed = host->seed_given ? host->seed : 1;
	int nvals[MAX_KEYS], nfixed, np = 0, k, rc, json = 0, csv = 0;
	struct termflags tf = { { { NULL }, 0 }, 0, NULL, NULL, NULL, 0, 0 };
	const struct flag flags[] = {
		{ "--players", FLAG_TEXT, &players },
		{ "--games", FLAG_COUNT, &games },
		{ "--jobs", FLAG_COUNT, &jobs },
		{ "--seed", FLAG_SEED, &seed },
		{ "--cap", FLAG_COUNT, &cap },
		{ "--json", FLAG_SWITCH, &json },
		{ "--csv", FLAG_SWITCH, &csv },
		{ "--plot", FLAG_TEXT, &plotfile },
		{ "--shard", FLAG_TEXT, &shard },
		TERMFLAGS(tf),
		{ NULL, FLAG_SWITCH, NULL }
	};
	struct subcmd c = { "survey", flags, NULL, { NULL }, 0 };

	memset(&r, 0, sizeof r);
	r.shard_k = r.shard_n = 1;
	if ((rc = subcmd_parse(&c, argc, argv)) >= 0)
		return rc;
	if (shard && plotfile) {
		fprintf(stderr, "tablero: survey: --plot draws the whole survey, "
		    "not a shard: give it to merge (tablero merge --plot FILE.svg "
		    "SHARD...)\n");
		return 2;
	}
	if (players == NULL)
		players = "random,random";
	if (termflags_engines(&tf, &r.terms, NULL, err, sizeof err) != 0 ||
	    terms_players(&r.terms, players, r.specs, &np, err, sizeof err) != 0 ||
	    (shard && playgame_shard(shard, &r.shard_k, &r.shard_n, err,
	    sizeof err)) ||
	    sweep_words(&c, &r.info, fixed, &nfixed, vals, nvals, err,
	    sizeof err) != 0) {
		fprintf(stderr, "tablero: survey: %s\n", err);
		info_free(&r.info);
		terms_free(&r.terms);
		return 2;
	}
	if ((p = subcmd_game(host, &c)) == NULL) {
		info_free(&r.info);
		terms_free(&r.terms);
		return 2;
	}
	r.info.h.np = np;
	rc = make_sessions(host, &c, p, &r, fixed, nfixed, vals, nvals, seed);
	for (k = 0; k < r.info.nkeys; k++) {
		int v;
		for (v = 0; v < nvals[k]; v++)
			free(vals[k][v]);
		free(vals[k]);
	}
	for (t = 0; rc == 0 && t < r.info.ncombos; t++)
		if ((t == 0 ? termflags_game(&tf, &r.terms, r.s[0], np, err,
		    sizeof err) : terms_openings_check(&r.terms, r.s[t], err,
		    sizeof err)) != 0) {
			fprintf(stderr, "tablero: survey: %s\n", err);
			rc = 2;
		}
	if (rc == 0) {
		run_head_set(&r.info.h, &p->game, r.s[0]->start, r.specs, np, seed,
		    games, cap);
		terms_name_players(&r.terms, r.specs, &r.info.h);
		r.info.h.options = fixed_options(fixed, nfixed);
		if (json || shard) {
			struct sbuf b = { 0 };
			/* Whole lines only, even if the run is killed. */
			setvbuf(stdout, NULL, _IOLBF, 0);
			header_json(&r.info, r.shard_k, r.shard_n, &b);
			terms_header(&r.terms, &b);
			printf("%s\n", sbuf_str(&b));
			sbuf_free(&b);
		}
		rc = survey_play(&r, jobs, json ? 'j' : csv ? 'c' : 't', plotfile);
		if (!json && !csv && !shard)
			terms_report(&r.terms, stdout);
	}
	terms_free(&r.terms);
	for (t = 0; t < r.info.ncombos; t++)
		if (r.s[t])
			session_free(r.s[t]);
	free(r.s);
	free(r.res);
	free(r.have);
	info_free(&r.info);
	return rc;
}

int
survey_merge(const struct jobject *hdr, const struct merge_line *lines,
    long n, int format, const char *plotfile)
{
	struct survey_info si;
	struct game_out *res;
	long *from, i, total;
	char err[1024];
	int rc = 0;

	if (info_read(hdr, &si, err, sizeof err) != 0) {
		fprintf(stderr, "tablero: merge: %s\n", err);
		info_free(&si);
		return 1;
	}
	total = si.h.games * si.ncombos;
	res = xcalloc((size_t)total, sizeof *res);
	from = xcalloc((size_t)total, sizeof *from);
	rc = merge_games(lines, n, si.h.np, si.h.games, si.ncombos, res, from);
	for (i = 0; i < total && rc == 0; i++)
		if (!from[i]) {
			fprintf(stderr, "tablero: merge: game %ld of combination %ld "
			    "is in none of the files\n", i % si.h.games + 1,
			    i / si.h.games + 1);
			rc = 1;
		}
	if (rc == 0) {
		if (format == 'j') {
			struct sbuf b = { 0 };
			header_json(&si, 1, 1, &b);
			printf("%s\n", sbuf_str(&b));
			sbuf_free(&b);
		}
		report(&si, res, NULL, format, stdout);
		if (plotfile)
			rc = plot(&si, res, NULL, plotfile);
	}
	free(res);
	free(from);
	info_free(&si);
	return rc;
}
