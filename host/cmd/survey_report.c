/*
 * survey_report.c - the header line of `tablero survey` and its report:
 * each combination's measures as a table, CSV or JSON rows.
 */
#include "config.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cmd/runflags.h"
#include "cmd/survey_report.h"
#include "run/endways.h"
#include "run/jsonl.h"
#include "run/stats.h"

void
survey_info_free(struct survey_info *si)
{
	long i;
	int k;

	run_head_free(&si->h);
	for (k = 0; k < si->nkeys; k++)
		free(si->keys[k]);
	for (i = 0; si->values && i < si->nvalues; i++)
		free(si->values[i]);
	free(si->values);
	memset(si, 0, sizeof *si);
}

void
survey_header_json(const struct survey_info *si, long shard_k, long shard_n,
    struct sbuf *b)
{
	run_head_json(&si->h, "survey", b);
	json_member_strings(b, "keys", si->keys, si->nkeys);
	json_member_strings(b, "values", si->values, si->ncombos * si->nkeys);
	run_head_close(shard_k, shard_n, b);
}

int
survey_info_read(const struct jobject *o, struct survey_info *si, char *err,
    size_t errlen)
{
	double x;
	int n;

	memset(si, 0, sizeof *si);
	si->h.game = json_get_str(o, "game");
	si->h.version = json_get_str(o, "version");
	si->h.options = json_get_str(o, "options");
	if (si->h.game == NULL || si->h.options == NULL ||
	    json_get_long(o, "games", 1, INT_MAX, &si->h.games) != 0 ||
	    json_get_u64(o, "seed", &si->h.seed) != 0) {
		snprintf(err, errlen, "the survey header lacks its game, options, "
		    "seed or number of games (from 1 to %d)", INT_MAX);
		return -1;
	}
	if (json_get_num(o, "cap", &x) != 0)
		si->h.cap = RUN_DEFAULT_CAP;
	else if (json_get_long(o, "cap", 1, INT_MAX, &si->h.cap) != 0) {
		snprintf(err, errlen, "the survey header's move cap is not one "
		    "from 1 to %d", INT_MAX);
		return -1;
	}
	if (run_head_read_seats(o, "survey", &si->h, err, errlen) != 0)
		return -1;
	n = json_get_strs(o, "keys", si->keys, SURVEY_MAX_KEYS);
	si->nkeys = n > 0 ? n : 0;
	if (n < 1) {
		snprintf(err, errlen, "the survey header names no keys");
		return -1;
	}
	si->values = xcalloc((size_t)SURVEY_MAX_COMBOS * SURVEY_MAX_KEYS,
	    sizeof *si->values);
	n = json_get_strs(o, "values", si->values, SURVEY_MAX_COMBOS *
	    SURVEY_MAX_KEYS);
	si->nvalues = n > 0 ? n : 0;
	if (n < 1 || n % si->nkeys != 0) {
		snprintf(err, errlen, "the survey header's values do not fill "
		    "its combinations");
		return -1;
	}
	si->ncombos = n / si->nkeys;
	return 0;
}

void
survey_measure(const struct survey_info *si, const struct game_out *res, long n,
    struct survey_row *r)
{
	double *turns = xcalloc((size_t)n + 1, sizeof *turns);
	double *decs = xcalloc((size_t)n + 1, sizeof *decs);
	double branch = 0, forced = 0, ndec = 0, draws = 0, cut = 0;
	long wins[TBL_MAX_PLAYERS] = { 0 }, i, m = 0;
	int k;

	memset(r, 0, sizeof *r);
	r->n = n;
	for (i = 0; i < n; i++) {
		const struct game_out *o = &res[i];
		int won = 0;
		if (o->failed)
			continue;	/* no result: not counted */
		for (k = 0; k < si->h.np; k++)
			if (!o->capped && o->score[k] >= 1) {
				wins[k]++;
				won = 1;
			}
		cut += o->capped;
		r->limit += o->limit;
		endways_count(&r->ends, o->why);
		draws += !o->capped && !won;
		turns[m] = (double)o->turns;
		decs[m] = (double)o->decisions;
		r->turns_mean += turns[m];
		r->dec_mean += decs[m++];
		branch += (double)o->branching;
		forced += (double)o->forced;
		ndec += (double)o->decisions;
	}
	r->n = n = m;
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

/* Did any game of rows[0..n) end at the game's own turn limit? */
static int
any_limit(const struct survey_row *rows, long n)
{
	long c;

	for (c = 0; c < n; c++)
		if (rows[c].limit > 0)
			return 1;
	return 0;
}

static void
report_text(const struct survey_info *si, const struct survey_row *rows, FILE *fp)
{
	long c, ncells, cols = si->nkeys + 1 + si->h.np + 8, i, j;
	char **cell;
	size_t *width;
	int limit = any_limit(rows, si->ncombos);	/* an "at limit" column */

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
		const struct survey_row *r = &rows[c];
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
	if (strpbrk(s, ",\"\n\r") == NULL) {
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
report_csv(const struct survey_info *si, const struct survey_row *rows, FILE *fp)
{
	char ends[512];
	long c;
	int i;

	for (i = 0; i < si->nkeys; i++)
		csv_field(fp, si->keys[i], i == 0);
	fputs(",games", fp);
	for (i = 0; i < si->h.np; i++)
		fprintf(fp, ",seat%d_wins,seat%d_low,seat%d_high", i + 1, i + 1,
		    i + 1);
	fputs(",draws,cut,turns_mean,turns_median,decisions_mean,"
	    "decisions_median,branching,forced,limit_end,ends\n", fp);
	for (c = 0; c < si->ncombos; c++) {
		const struct survey_row *r = &rows[c];
		for (i = 0; i < si->nkeys; i++)
			csv_field(fp, si->values[c * si->nkeys + i], i == 0);
		fprintf(fp, ",%ld", r->n);
		for (i = 0; i < si->h.np; i++)
			fprintf(fp, ",%.4f,%.4f,%.4f", r->win[i], r->lo[i], r->hi[i]);
		fprintf(fp, ",%.4f,%.4f,%.4f,%g,%.4f,%g,%.4f,%.4f,%.4f",
		    r->draws, r->cut, r->turns_mean, r->turns_median, r->dec_mean,
		    r->dec_median, r->branching, r->forced, r->limit);
		endways_text(&r->ends, ends, sizeof ends);
		csv_field(fp, ends, 0);
		fputc('\n', fp);
	}
}

static void
report_json(const struct survey_info *si, const struct survey_row *rows, FILE *fp)
{
	struct sbuf b = { 0 };
	long c;
	int i;

	for (c = 0; c < si->ncombos; c++) {
		const struct survey_row *r = &rows[c];
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
		    "\"limit_end\":%.6g", r->draws, r->cut, r->turns_mean,
		    r->turns_median, r->dec_mean, r->dec_median, r->branching,
		    r->forced, r->limit);
		endways_json(&r->ends, &b);
		sbuf_puts(&b, "}");
		fprintf(fp, "%s\n", sbuf_str(&b));
	}
	sbuf_free(&b);
}

/* A line of each combination with games that ended other than by the
 * rules, naming its values. */
static void
report_ends(const struct survey_info *si, const struct survey_row *rows,
    FILE *fp)
{
	char buf[512];
	long c;
	int i;

	for (c = 0; c < si->ncombos; c++) {
		if (!endways_any(&rows[c].ends))
			continue;
		fprintf(fp, "games ended other than by the rules (");
		for (i = 0; i < si->nkeys; i++)
			fprintf(fp, "%s%s=%s", i ? " " : "", si->keys[i],
			    si->values[c * si->nkeys + i]);
		endways_text(&rows[c].ends, buf, sizeof buf);
		fprintf(fp, "): %s\n", buf);
	}
}

void
survey_report(const struct survey_info *si, const struct game_out *res,
    const long *n, int format, FILE *fp)
{
	struct survey_row *rows = xcalloc((size_t)si->ncombos, sizeof *rows);
	long c;

	for (c = 0; c < si->ncombos; c++)
		survey_measure(si, res + c * si->h.games, n ? n[c] : si->h.games,
		    &rows[c]);
	if (format == 'c')
		report_csv(si, rows, fp);
	else if (format == 'j')
		report_json(si, rows, fp);
	else {
		report_text(si, rows, fp);
		report_ends(si, rows, fp);
	}
	free(rows);
}

