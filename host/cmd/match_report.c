/*
 * match_report.c - the header line of `tablero match` and its report: the
 * players' scores with their intervals, the seats', and the SPRT's
 * verdict, as text or as one JSON object.
 */
#include "config.h"

#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cmd/match_report.h"
#include "run/endways.h"
#include "run/jsonl.h"
#include "run/playgame.h"
#include "run/stats.h"

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
	double v[4];

	memset(mi, 0, sizeof *mi);
	mi->h.game = json_get_str(o, "game");
	mi->h.version = json_get_str(o, "version");
	mi->h.options = json_get_str(o, "options");
	if (mi->h.game == NULL || mi->h.options == NULL ||
	    json_get_long(o, "games", 1, INT_MAX, &mi->h.games) != 0) {
		snprintf(err, errlen, "the match header lacks its game, options "
		    "or number of games (from 1 to %d)", INT_MAX);
		return -1;
	}
	if (json_get_long(o, "cap", 1, INT_MAX, &mi->h.cap) != 0) {
		snprintf(err, errlen, "the match header lacks its move cap (from "
		    "1 to %d)", INT_MAX);
		return -1;
	}
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
char
match_outcome(const struct game_out *o, int player)
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
		char c = match_outcome(&res[i], 0);
		if (res[i].failed)
			continue;	/* no result: not counted */
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
		snprintf(buf, len, "%+.0f", fabs(e) < 0.5 ? 0 : e);	/* no -0 */
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

/* Each player's and seat's tally over the games counted. */
struct tally {
	double score[TBL_MAX_PLAYERS], seat[TBL_MAX_PLAYERS];
	long w[TBL_MAX_PLAYERS], d[TBL_MAX_PLAYERS], l[TBL_MAX_PLAYERS];
	long cut[TBL_MAX_PLAYERS];
	long failed;		/* games with no result (crash, time) */
	long limit;		/* ended at the game's own turn limit */
	struct endways ends;	/* other than by the rules */
};

static void
tally(const struct game_out *res, long counted, int np, struct tally *t)
{
	long i;
	int k, p;

	memset(t, 0, sizeof *t);
	for (i = 0; i < counted; i++) {
		const struct game_out *o = &res[i];
		if (o->failed) {
			t->failed++;
			continue;
		}
		t->limit += o->limit;
		endways_count(&t->ends, o->why);
		for (k = 0; k < np; k++) {
			p = o->seating[k];
			t->score[p] += o->score[k];
			t->seat[k] += o->score[k];
			if (o->capped)
				t->cut[p]++;
			else if (o->score[k] >= 1)
				t->w[p]++;
			else if (o->score[k] <= 0)
				t->l[p]++;
			else
				t->d[p]++;
		}
	}
}

/* The text report's first line. */
static void
report_title(const struct match_info *mi, long counted, FILE *fp)
{
	if (mi->planned)
		fprintf(fp, "match %s%s%s: interrupted after %ld of %ld games, seed "
		    "%" PRIu64 ", each seed played in every seating\n", mi->h.game,
		    *mi->h.options ? " " : "", mi->h.options, counted, mi->planned,
		    mi->h.seed);
	else
		fprintf(fp, "match %s%s%s: %ld game%s, seed %" PRIu64 ", each seed "
		    "played in every seating\n", mi->h.game, *mi->h.options ? " " :
		    "", mi->h.options, counted, counted == 1 ? "" : "s",
		    mi->h.seed);
}

/* Points as a report shows them: "3", "2.5", "2.33" (not "2.33333"). */
static const char *
points(double v, char *buf, size_t len)
{
	size_t n;

	snprintf(buf, len, "%.2f", v);
	n = strlen(buf);
	while (n > 0 && buf[n - 1] == '0')
		buf[--n] = '\0';
	if (n > 0 && buf[n - 1] == '.')
		buf[--n] = '\0';
	return buf;
}

/* The line of the ways games ended other than by the rules, if any. */
static void
report_ends(const struct tally *t, FILE *fp)
{
	char buf[512];

	if (!endways_any(&t->ends))
		return;
	endways_text(&t->ends, buf, sizeof buf);
	fprintf(fp, "games ended other than by the rules: %s\n", buf);
}

/* The text report's lines of each player, then of the seats. */
static void
report_players(const struct match_info *mi, const struct tally *t,
    long counted, FILE *fp)
{
	int k, p, np = mi->h.np;

	for (p = 0; p < np; p++) {
		double share = counted ? t->score[p] / (double)counted : 0, lo, hi;
		char e[16], elo_lo[16], elo_hi[16], los[16], pts[32];
		stats_wilson(share, (double)counted, STATS_Z95, &lo, &hi);
		elo_text(stats_elo(share, np), e, sizeof e);
		elo_text(stats_elo(lo, np), elo_lo, sizeof elo_lo);
		elo_text(stats_elo(hi, np), elo_hi, sizeof elo_hi);
		fprintf(fp, "player %d %s: score %s/%ld (%.1f%%), %ld win%s, %ld "
		    "draw%s, %ld loss%s, %ld cut by the move cap\n", p + 1,
		    mi->h.players[p], points(t->score[p], pts, sizeof pts),
		    counted, 100 * share, t->w[p],
		    t->w[p] == 1 ? "" : "s", t->d[p], t->d[p] == 1 ? "" : "s",
		    t->l[p], t->l[p] == 1 ? "" : "es", t->cut[p]);
		fprintf(fp, "  Elo %s [%s, %s] (95%%), likelihood of superiority "
		    "%s\n", e, elo_lo, elo_hi, percent(stats_los((double)t->w[p],
		    (double)t->l[p]), los, sizeof los));
	}
	fprintf(fp, "seats:");
	for (k = 0; k < np; k++) {
		char pts[32];
		fprintf(fp, "%s %d %s %s (%.1f%%)", k ? "," : "", k + 1,
		    mi->h.names[k], points(t->seat[k], pts, sizeof pts), counted ?
		    100 * t->seat[k] / (double)counted : 0);
	}
	fprintf(fp, "\n");
	/* Not ends by the rules; the game scored them itself. */
	if (t->limit)
		fprintf(fp, "at the game's own turn limit: %ld of %ld games "
		    "(scored as the game scores them)\n", t->limit, counted);
}

/* The SPRT's verdict after `counted` games: JSON members to b, or text. */
static void
report_sprt(const struct match_info *mi, double llr, long counted,
    struct sbuf *b, FILE *fp)
{
	const char *dec = llr >= mi->sprt.upper ? "H1" :
	    llr <= mi->sprt.lower ? "H0" : NULL;

	if (b != NULL) {
		sbuf_puts(b, ",\"sprt_llr\":");
		json_number(b, llr);
		sbuf_printf(b, ",\"sprt_lower\":%.17g,\"sprt_upper\":%.17g,"
		    "\"sprt_decision\":\"%s\"", mi->sprt.lower, mi->sprt.upper,
		    dec ? dec : "none");
	} else if (dec)
		fprintf(fp, "sprt elo0=%g elo1=%g alpha=%g beta=%g: %s "
		    "accepted after %ld games (LLR %.2f, bounds %.2f, %.2f)\n",
		    mi->sprt.elo0, mi->sprt.elo1, mi->sprt.alpha, mi->sprt.beta,
		    dec, counted, llr, mi->sprt.lower, mi->sprt.upper);
	else
		fprintf(fp, "sprt elo0=%g elo1=%g alpha=%g beta=%g: "
		    "undecided after %ld games (LLR %.2f, bounds %.2f, "
		    "%.2f)\n", mi->sprt.elo0, mi->sprt.elo1, mi->sprt.alpha,
		    mi->sprt.beta, counted, llr, mi->sprt.lower, mi->sprt.upper);
}

void
match_report(const struct match_info *mi, const struct game_out *res,
    long n, int json, FILE *fp)
{
	struct tally t;
	struct sbuf b = { 0 };
	double llr;
	long played = match_counted(mi, res, n, &llr);

	tally(res, played, mi->h.np, &t);
	played -= t.failed;	/* the games with a result */
	if (json) {
		sbuf_printf(&b, "{\"type\":\"summary\",\"games\":%ld", played);
		if (t.failed)
			sbuf_printf(&b, ",\"failed\":%ld", t.failed);
		if (mi->planned)
			sbuf_puts(&b, ",\"interrupted\":true");
		summary_json(mi, &b, played, t.score, t.seat, t.w, t.d, t.l,
		    t.cut);
		if (t.limit)
			sbuf_printf(&b, ",\"limit\":%ld", t.limit);
		endways_json(&t.ends, &b);
	} else {
		report_title(mi, played, fp);
		if (t.failed)
			fprintf(fp, "%ld game%s failed (a crash or the time "
			    "limit) and %s not counted\n", t.failed,
			    t.failed == 1 ? "" : "s", t.failed == 1 ? "is" : "are");
		if (played > 0)
			report_players(mi, &t, played, fp);
		else
			fprintf(fp, "no game finished: no scores\n");
		report_ends(&t, fp);
	}
	if (mi->sprt_on)
		report_sprt(mi, llr, played, json ? &b : NULL, fp);
	if (json) {
		sbuf_puts(&b, "}");
		fprintf(fp, "%s\n", sbuf_str(&b));
	}
	sbuf_free(&b);
}
