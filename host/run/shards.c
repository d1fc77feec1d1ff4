/*
 * shards.c - the JSON lines of sharded runs read back and put in game
 * order, for `tablero merge`.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/readfile.h"
#include "base/util.h"
#include "run/jsonl.h"
#include "run/playgame.h"
#include "run/shards.h"

/*
 * Whether member f of a header is the same in every shard of a run: all
 * are but "shard" (which part this is) and "path" (where the plugin is
 * installed on the host that ran it).
 */
static int
compared(const struct jfield *f)
{
	return !(f->klen == 5 && strncmp(f->key, "shard", 5) == 0) &&
	    !(f->klen == 4 && strncmp(f->key, "path", 4) == 0);
}

/* The member of o named as f is, or NULL. */
static const struct jfield *
member_like(const struct jobject *o, const struct jfield *f)
{
	int i;

	for (i = 0; i < o->n; i++)
		if (o->f[i].klen == f->klen &&
		    strncmp(o->f[i].key, f->key, f->klen) == 0)
			return &o->f[i];
	return NULL;
}

/*
 * The text of a member's value as shards compare it: the "engines" of a
 * header without each engine's "log" (where its stderr went on the host
 * of that shard).  A new string.
 */
static char *
compared_text(const struct jfield *f)
{
	static const char log[] = ",\"log\":\"";
	char *s = xstrndup(f->val, f->vlen), *w = s, *hit;
	const char *p = s;

	if (!(f->klen == 7 && strncmp(f->key, "engines", 7) == 0))
		return s;
	while ((hit = strstr(p, log)) != NULL) {
		memmove(w, p, (size_t)(hit - p));
		w += hit - p;
		for (p = hit + sizeof log - 1; *p && *p != '"'; p++)
			if (*p == '\\' && p[1])
				p++;
		p += *p != '\0';
	}
	memmove(w, p, strlen(p) + 1);
	return s;
}

/* Whether members f and g have the same value, as shards compare them. */
static int
same_value(const struct jfield *f, const struct jfield *g)
{
	char *a = compared_text(f), *b = compared_text(g);
	int same = strcmp(a, b) == 0;

	free(a);
	free(b);
	return same;
}

/* At most 60 bytes of a member's value, for a message. */
#define SHOWN(f) (int)((f)->vlen > 60 ? 60 : (f)->vlen), (f)->val

/*
 * Whether header b is of the same run as header a (their compared
 * members alike).  Returns 0, or -1 with what differs in err.
 */
static int
same_run(const char *a, const char *b, char *err, size_t errlen)
{
	struct jobject oa, ob;
	const struct jfield *f, *g;
	int i;

	if (json_parse(a, &oa, err, errlen) != 0 ||
	    json_parse(b, &ob, err, errlen) != 0)
		return -1;
	for (i = 0; i < oa.n + ob.n; i++) {
		f = i < oa.n ? &oa.f[i] : &ob.f[i - oa.n];
		g = member_like(i < oa.n ? &ob : &oa, f);
		if (!compared(f) || (g != NULL && (i >= oa.n || same_value(f, g))))
			continue;
		if (g == NULL)
			snprintf(err, errlen, "only %s has \"%.*s\"", i < oa.n ?
			    "the first" : "it", (int)f->klen, f->key);
		else
			snprintf(err, errlen, "its \"%.*s\" is %.*s, not %.*s",
			    (int)f->klen, f->key, SHOWN(g), SHOWN(f));
		return -1;
	}
	return 0;
}

static const char *const kinds[] = { "match", "survey", "check" };

/* The kind of run header line h is of, or NULL. */
static const char *
header_kind(const char *h)
{
	size_t k;

	for (k = 0; k < sizeof kinds / sizeof *kinds; k++) {
		char *start = xasprintf("{\"type\":\"%s\"", kinds[k]);
		int same = strncmp(h, start, strlen(start)) == 0;
		free(start);
		if (same)
			return kinds[k];
	}
	return NULL;
}

const char *
shards_kind(const struct shards *s)
{
	return s->header ? header_kind(s->header) : NULL;
}

/*
 * The next line of fp into *line, without its end; 1, 0 at the end, -1
 * when it is longer than SHARDS_MAX_LINE or the file grows beyond
 * SHARDS_MAX_BYTES (*total: the bytes read so far).
 */
static int
next_line(FILE *fp, struct sbuf *line, long *total)
{
	char buf[4096];

	sbuf_reset(line);
	while (fgets(buf, sizeof buf, fp) != NULL) {
		size_t len = strlen(buf);
		*total += (long)len;
		if (line->len + len > SHARDS_MAX_LINE || *total > SHARDS_MAX_BYTES)
			return -1;
		sbuf_add(line, buf, len);
		if (len > 0 && buf[len - 1] == '\n')
			break;
	}
	if (line->len == 0)
		return 0;
	while (line->len > 0 && (line->s[line->len - 1] == '\n' ||
	    line->s[line->len - 1] == '\r'))
		line->s[--line->len] = '\0';
	return 1;
}

/* Keep game line text (line lineno of path) in s. */
static void
add_line(struct shards *s, const char *path, long lineno, const char *text)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 1024;
		s->lines = xrealloc(s->lines, (size_t)s->cap * sizeof *s->lines);
	}
	s->lines[s->n].file = path;
	s->lines[s->n].lineno = lineno;
	s->lines[s->n].text = xstrdup(text);
	s->n++;
}

/* The header line text of path: the run's, or one of the same run. */
static int
take_header(struct shards *s, const char *path, long lineno,
    const char *text)
{
	char err[1024];

	if (header_kind(text) == NULL) {
		fprintf(stderr, "tablero: merge: %s:%ld: not the header of a "
		    "match, survey or check run (--shard or --json output)\n",
		    path, lineno);
		return -1;
	}
	if (s->header == NULL) {
		s->header = xstrdup(text);
		s->first = path;
	} else if (same_run(s->header, text, err, sizeof err) != 0) {
		fprintf(stderr, "tablero: merge: %s is from another run than "
		    "%s: %s\n", path, s->first, err);
		return -1;
	}
	return 0;
}

/* Read fp's lines (of file path) into s; 0 or -1 after a message. */
static int
read_lines(struct shards *s, FILE *fp, const char *path)
{
	struct sbuf line = { 0 };
	long lineno = 0, total = 0;
	int got, have_header = 0, rc = 0;

	while (rc == 0 && (got = next_line(fp, &line, &total)) != 0) {
		lineno++;
		if (got < 0) {
			fprintf(stderr, "tablero: merge: %s:%ld: a line over %ld bytes "
			    "or a file over %ld bytes\n", path, lineno,
			    (long)SHARDS_MAX_LINE, (long)SHARDS_MAX_BYTES);
			rc = -1;
		} else if (line.len == 0)
			continue;
		else if (!have_header) {
			rc = take_header(s, path, lineno, line.s);
			have_header = 1;
		} else if (strncmp(line.s, "{\"type\":\"interrupted\"", 21) == 0)
			fprintf(stderr, "tablero: merge: %s:%ld: this run was "
			    "interrupted: it holds only part of its games\n", path,
			    lineno);
		else if (strncmp(line.s, "{\"type\":\"game\"", 14) == 0)
			add_line(s, path, lineno, line.s);
		/* else a summary or a table row */
	}
	if (rc == 0 && !have_header && !ferror(fp)) {
		fprintf(stderr, "tablero: merge: %s: empty\n", path);
		rc = -1;
	} else if (rc == 0 && ferror(fp)) {
		fprintf(stderr, "tablero: merge: %s: cannot read\n", path);
		rc = -1;
	}
	sbuf_free(&line);
	return rc;
}

int
shards_read(struct shards *s, const char *path)
{
	char err[256];
	FILE *fp = strcmp(path, "-") == 0 ? stdin :
	    readfile_open(path, SHARDS_MAX_BYTES, err, sizeof err);
	int rc;

	if (fp == NULL) {
		fprintf(stderr, "tablero: merge: %s: %s\n", path, err);
		return -1;
	}
	rc = read_lines(s, fp, path);
	if (fp != stdin)
		fclose(fp);
	return rc;
}

void
shards_free(struct shards *s)
{
	long i;

	for (i = 0; i < s->n; i++)
		free(s->lines[i].text);
	free(s->lines);
	free(s->header);
	memset(s, 0, sizeof *s);
}

/* "game 3" or "game 3 of combination 2" for slot k. */
static void
slot_name(char *buf, size_t len, long k, long games, long ncombos)
{
	if (ncombos > 1)
		snprintf(buf, len, "game %ld of combination %ld", k % games + 1,
		    k / games + 1);
	else
		snprintf(buf, len, "game %ld", k + 1);
}

/* A line and its slot, sorted by slot, then by line. */
struct placed {
	long slot, line;
};

static int
by_slot(const void *a, const void *b)
{
	const struct placed *x = a, *y = b;

	if (x->slot != y->slot)
		return x->slot < y->slot ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

int
shards_order(const struct shards *s, long games, long ncombos,
    shard_slot_fn slot, void *ctx, long *order, long *m)
{
	struct placed *p = xcalloc((size_t)s->n + 1, sizeof *p);
	char err[1024], name[96];
	long i;

	*m = 0;
	for (i = 0; i < s->n; i++) {
		const struct shard_line *l = &s->lines[i];
		if (slot(ctx, i, l->text, &p[i].slot, err, sizeof err) != 0) {
			fprintf(stderr, "tablero: merge: %s:%ld: %s\n", l->file,
			    l->lineno, err);
			free(p);
			return 1;
		}
		p[i].line = i;
	}
	qsort(p, (size_t)s->n, sizeof *p, by_slot);
	for (i = 1; i < s->n; i++)
		if (p[i].slot == p[i - 1].slot) {
			const struct shard_line *f = &s->lines[p[i - 1].line];
			const struct shard_line *l = &s->lines[p[i].line];
			slot_name(name, sizeof name, p[i].slot, games, ncombos);
			fprintf(stderr, "tablero: merge: %s is in %s:%ld and %s:%ld\n",
			    name, f->file, f->lineno, l->file, l->lineno);
			free(p);
			return 1;
		}
	for (i = 0; i < s->n && p[i].slot == i; i++)
		order[i] = p[i].line;
	*m = i;
	free(p);
	return 0;
}

int
shards_missing(long m, long games, long ncombos)
{
	char name[96];

	slot_name(name, sizeof name, m, games, ncombos);
	if (ncombos > 1)
		fprintf(stderr, "tablero: merge: %s is in none of the files\n", name);
	else
		fprintf(stderr, "tablero: merge: %s of %ld is in none of the "
		    "files\n", name, games);
	return 1;
}

/* What shards_games' lines are checked against, and where they go. */
struct games_ctx {
	int np;
	uint64_t seed;
	long cap, games, ncombos;
	struct game_out *read;	/* by line */
};

static int
game_slot(void *ctx, long i, const char *text, long *slot, char *err,
    size_t errlen)
{
	struct games_ctx *c = ctx;
	struct game_out *o = &c->read[i];

	if (playgame_parse(text, c->np, o, err, errlen) != 0 ||
	    playgame_check(o, c->seed, c->cap, c->games, c->ncombos, err,
	    errlen) != 0)
		return -1;
	*slot = o->combo * c->games + o->index;
	return 0;
}

int
shards_games(const struct shards *s, int np, uint64_t seed, long cap,
    long games, long ncombos, struct game_out **res, long *m)
{
	struct games_ctx c = { np, seed, cap, games, ncombos, NULL };
	long *order = xcalloc((size_t)s->n + 1, sizeof *order), k;
	int rc;

	*m = 0;
	c.read = xcalloc((size_t)s->n + 1, sizeof *c.read);
	rc = shards_order(s, games, ncombos, game_slot, &c, order, m);
	*res = xcalloc((size_t)*m + 1, sizeof **res);
	for (k = 0; rc == 0 && k < *m; k++)
		(*res)[k] = c.read[order[k]];
	free(order);
	free(c.read);
	return rc;
}
