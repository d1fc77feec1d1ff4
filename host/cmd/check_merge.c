/*
 * check_merge.c - the header and game lines of `tablero check`, the
 * report printed from them in game order, and `merge` of a check's
 * shards.
 */
#include "config.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cmd/check_merge.h"
#include "run/jsonl.h"
#include "run/shards.h"

void
check_head_preamble(const struct check_head *h, struct sbuf *b)
{
	sbuf_printf(b, "check %s (%s): ABI %s, host ABI %s\n", h->game, h->path,
	    h->abi, h->host_abi);
	sbuf_puts(b, h->option_report);
}

/* ,"key":"text" */
static void
member_string(struct sbuf *b, const char *key, const char *text)
{
	sbuf_printf(b, ",\"%s\":", key);
	json_string(b, text);
}

void
check_head_json(const struct check_head *h, long shard_k, long shard_n,
    struct sbuf *b)
{
	sbuf_puts(b, "{\"type\":\"check\"");
	member_string(b, "game", h->game);
	member_string(b, "version", h->version);
	member_string(b, "checksum", h->checksum);
	member_string(b, "abi", h->abi);
	member_string(b, "host_abi", h->host_abi);
	member_string(b, "options", h->options);
	sbuf_printf(b, ",\"seed\":%" PRIu64 ",\"games\":%ld,\"cap\":%ld,"
	    "\"option_failures\":%ld", h->seed, h->games, h->cap,
	    h->option_failures);
	member_string(b, "option_report", h->option_report);
	/* Shown, not compared: `merge` takes shards from any install. */
	member_string(b, "path", h->path);
	if (shard_n > 1)
		sbuf_printf(b, ",\"shard\":\"%ld/%ld\"", shard_k, shard_n);
	sbuf_puts(b, "}");
}

int
check_head_read(const struct jobject *o, struct check_head *h, char *err,
    size_t errlen)
{
	memset(h, 0, sizeof *h);
	h->game = json_get_str(o, "game");
	h->version = json_get_str(o, "version");
	h->path = json_get_str(o, "path");
	h->checksum = json_get_str(o, "checksum");
	h->options = json_get_str(o, "options");
	h->abi = json_get_str(o, "abi");
	h->host_abi = json_get_str(o, "host_abi");
	h->option_report = json_get_str(o, "option_report");
	if (!h->game || !h->version || !h->path || !h->checksum ||
	    !h->options || !h->abi ||
	    !h->host_abi || !h->option_report || json_get_u64(o, "seed",
	    &h->seed) || json_get_long(o, "games", 1, INT_MAX, &h->games) ||
	    json_get_long(o, "cap", 1, INT_MAX, &h->cap) ||
	    json_get_long(o, "option_failures", 0, INT_MAX,
	    &h->option_failures)) {
		snprintf(err, errlen, "the check header lacks its game, version, "
		    "checksum, ABI, options, seed, games, cap or option checks (from an "
		    "older tablero?)");
		return -1;
	}
	return 0;
}

void
check_head_free(struct check_head *h)
{
	free(h->game);
	free(h->version);
	free(h->path);
	free(h->checksum);
	free(h->options);
	free(h->abi);
	free(h->host_abi);
	free(h->option_report);
}

void
check_game_line(long index, const char *found, int limit, struct sbuf *line)
{
	struct sbuf kept = { 0 };
	long n = 0;
	const char *p, *nl;

	for (p = found; (nl = strchr(p, '\n')) != NULL; p = nl + 1, n++)
		if (n < CHECK_MAX_REPORTS) {
			sbuf_puts(&kept, n ? "," : "");
			sbuf_add(&kept, p, (size_t)(nl - p));
		}
	sbuf_printf(line, "{\"type\":\"game\",\"index\":%ld,\"failures\":%ld,"
	    "\"reports\":[%s]%s}", index, n, sbuf_str(&kept),
	    limit ? ",\"limit\":true" : "");
	sbuf_free(&kept);
}

/*
 * The index and failures of game line `line` of a run of `games` games;
 * 0, or -1 with a message in err.
 */
static int
line_index(const char *line, long games, long *index, long *failures,
    char *err, size_t errlen)
{
	struct jobject o;

	if (json_parse(line, &o, err, errlen) != 0)
		return -1;
	if (json_get_long(&o, "index", 0, games - 1, index) != 0 ||
	    json_get_long(&o, "failures", 0, 1L << 53, failures) != 0) {
		snprintf(err, errlen, "not a game of this check");
		return -1;
	}
	return 0;
}

int
check_tally_init(struct check_tally *t, long nslots, long shard_k,
    long shard_n, int lines)
{
	memset(t, 0, sizeof *t);
	t->nslots = nslots;
	t->shard_k = shard_k;
	t->shard_n = shard_n;
	t->lines = lines;
	/* The number of games comes from the user: it may not fit. */
	if (nslots > 0 && (t->held = calloc((size_t)nslots,
	    sizeof *t->held)) == NULL) {
		fprintf(stderr, "tablero: check: cannot keep track of %ld games in "
		    "memory\n", nslots);
		return -1;
	}
	return 0;
}

void
check_tally_free(struct check_tally *t)
{
	long i;

	for (i = t->next; i < t->nslots; i++)
		free(t->held[i]);
	free(t->held);
	t->held = NULL;
}

/*
 * Report the game of line: a shard prints the line, a run the game's
 * reports while fewer than CHECK_MAX_REPORTS failures came before.
 */
static int
report_game(struct check_tally *t, const char *line, char *err,
    size_t errlen)
{
	char *reports[CHECK_MAX_REPORTS];
	struct jobject o;
	long nf;
	int nr, k;

	if (t->lines) {
		printf("%s\n", line);
		return 0;
	}
	if (json_parse(line, &o, err, errlen) != 0 ||
	    json_get_long(&o, "failures", 0, 1L << 53, &nf) != 0 ||
	    (nr = json_get_strs(&o, "reports", reports, CHECK_MAX_REPORTS)) < 0) {
		snprintf(err, errlen, "not a game of this check");
		return -1;
	}
	for (k = 0; k < nr; k++) {
		if (t->failures + k < CHECK_MAX_REPORTS) {
			if (t->progress)
				fputs("\r\033[K", stderr);
			fputs(reports[k], stdout);
		}
		free(reports[k]);
	}
	t->failures += nf;
	t->limits += json_get_bool(&o, "limit") == 1;
	return 0;
}

int
check_tally_take(struct check_tally *t, const char *line, char *err,
    size_t errlen)
{
	long index, failures, slot, games = t->shard_k + t->nslots * t->shard_n;

	if (line_index(line, games, &index, &failures, err, errlen) != 0)
		return -1;
	slot = (index - (t->shard_k - 1)) / t->shard_n;
	if (index < t->shard_k - 1 || slot >= t->nslots ||
	    (index - (t->shard_k - 1)) % t->shard_n != 0 || slot < t->next ||
	    t->held[slot] != NULL) {
		snprintf(err, errlen, "game %ld is not one still to come",
		    index + 1);
		return -1;
	}
	t->held[slot] = xstrdup(line);
	t->seen += failures;
	while (t->next < t->nslots && t->held[t->next] != NULL) {
		int rc = report_game(t, t->held[t->next], err, errlen);
		free(t->held[t->next]);
		t->held[t->next++] = NULL;
		if (rc != 0)
			return -1;
	}
	return 0;
}

void
check_summary(const struct check_head *h, const struct check_tally *t,
    long games, long asked)
{
	long failures = t->failures, all = failures + h->option_failures;

	if (failures > CHECK_MAX_REPORTS)
		printf("(%ld more failures not shown)\n",
		    failures - CHECK_MAX_REPORTS);
	if (games < asked)
		printf("interrupted after %ld of %ld games\n", games, asked);
	printf("check %s%s%s: %ld game%s, %ld failure%s", h->game,
	    *h->options ? " " : "", h->options, games, games == 1 ? "" : "s",
	    all, all == 1 ? "" : "s");
	/* Not ends by the rules: the game's own turn limit stopped them. */
	if (t->limits > 0)
		printf(", %ld ended at the game's own turn limit", t->limits);
	printf("\n");
}

/* shard_slot_fn for check_merge: a check's game line's index. */
static int
check_slot(void *ctx, long i, const char *text, long *slot, char *err,
    size_t errlen)
{
	long failures;

	(void)i;
	return line_index(text, *(const long *)ctx, slot, &failures, err,
	    errlen);
}

int
check_merge(const struct jobject *hdr, const struct shards *sh)
{
	struct check_head h;
	struct check_tally t;
	struct sbuf pre = { 0 };
	char err[1024];
	long *order = xcalloc((size_t)sh->n + 1, sizeof *order), i, m;
	int rc = 1;

	if (check_head_read(hdr, &h, err, sizeof err) != 0)
		fprintf(stderr, "tablero: merge: %s\n", err);
	else if (shards_order(sh, h.games, 1, check_slot, &h.games, order,
	    &m) != 0)
		;
	else if (m < h.games)
		shards_missing(m, h.games, 1);
	else if (check_tally_init(&t, h.games, 1, 1, 0) == 0) {
		check_head_preamble(&h, &pre);
		fputs(sbuf_str(&pre), stdout);
		for (i = 0; i < h.games; i++)
			if (check_tally_take(&t, sh->lines[order[i]].text, err,
			    sizeof err) != 0)
				break;
		if (i < h.games)
			fprintf(stderr, "tablero: merge: %s:%ld: %s\n",
			    sh->lines[order[i]].file, sh->lines[order[i]].lineno, err);
		else {
			check_summary(&h, &t, h.games, h.games);
			rc = t.failures + h.option_failures ? 1 : 0;
		}
		check_tally_free(&t);
	}
	free(order);
	sbuf_free(&pre);
	check_head_free(&h);
	return rc;
}
