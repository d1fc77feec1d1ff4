/*
 * merge.c - `tablero merge`: read the JSON lines of several shards of
 * one run and print the single run's report.
 *
 * Every file starts with the run's header line; the headers must agree
 * but for their "shard" member.  The game lines are handed to the kind
 * of run the header names, which puts them back in game order, refuses a
 * game given twice or missing, and prints its usual report.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/check_merge.h"
#include "run/jsonl.h"
#include "cmd/match.h"
#include "run/playgame.h"
#include "cmd/merge.h"
#include "cmd/subcmd.h"
#include "cmd/survey.h"
#include "base/util.h"

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
		if (!compared(f) || (g != NULL && (i >= oa.n || (f->vlen ==
		    g->vlen && memcmp(f->val, g->val, f->vlen) == 0))))
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

/* Read file path's lines into *lines; 0, or -1 after an error. */
static int
read_file(const char *path, char **hdr, struct merge_line **lines, long *n,
    long *cap)
{
	FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	char *buf = NULL;
	size_t bcap = 0;
	ssize_t len;
	long lineno = 0;

	if (fp == NULL) {
		fprintf(stderr, "tablero: merge: %s: %s\n", path, strerror(errno));
		return -1;
	}
	*hdr = NULL;
	while ((len = getline(&buf, &bcap, fp)) >= 0) {
		lineno++;
		while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
			buf[--len] = '\0';
		if (len == 0)
			continue;
		if (*hdr == NULL) {
			if (strncmp(buf, "{\"type\":\"match\"", 15) != 0 &&
			    strncmp(buf, "{\"type\":\"survey\"", 16) != 0 &&
			    strncmp(buf, "{\"type\":\"check\"", 15) != 0) {
				fprintf(stderr, "tablero: merge: %s:%ld: not the header "
				    "of a match, survey or check run (--shard or --json "
				    "output)\n", path, lineno);
				break;
			}
			*hdr = xstrdup(buf);
			continue;
		}
		if (strncmp(buf, "{\"type\":\"interrupted\"", 21) == 0)
			fprintf(stderr, "tablero: merge: %s:%ld: this run was "
			    "interrupted: it holds only part of its games\n", path,
			    lineno);
		if (strncmp(buf, "{\"type\":\"game\"", 14) != 0)
			continue;	/* a summary or a table row */
		if (*n == *cap) {
			*cap = *cap ? 2 * *cap : 1024;
			*lines = xrealloc(*lines, (size_t)*cap * sizeof **lines);
		}
		(*lines)[*n].file = path;
		(*lines)[*n].lineno = lineno;
		(*lines)[*n].text = xstrdup(buf);
		(*n)++;
	}
	if (*hdr == NULL && !ferror(fp) && lineno == 0)
		fprintf(stderr, "tablero: merge: %s: empty\n", path);
	if (fp != stdin)
		fclose(fp);
	free(buf);
	return *hdr ? 0 : -1;
}

/* " of combination C" when a run has several. */
static void
combo_text(char *buf, size_t len, long ncombos, long combo)
{
	if (ncombos > 1)
		snprintf(buf, len, " of combination %ld", combo + 1);
	else
		buf[0] = '\0';
}

int
merge_games(const struct merge_line *lines, long n, int np, long games,
    long ncombos, struct game_out *res, long *from)
{
	struct game_out o;
	char err[1024], c[64];
	long i, at;

	for (i = 0; i < n; i++) {
		if (playgame_parse(lines[i].text, np, &o, err, sizeof err) != 0) {
			fprintf(stderr, "tablero: merge: %s:%ld: %s\n", lines[i].file,
			    lines[i].lineno, err);
			return 1;
		}
		combo_text(c, sizeof c, ncombos, o.combo);
		if (o.index >= games || o.combo >= ncombos) {
			fprintf(stderr, "tablero: merge: %s:%ld: no game %ld%s in this "
			    "run of %ld games\n", lines[i].file, lines[i].lineno,
			    o.index + 1, c, games);
			return 1;
		}
		at = o.combo * games + o.index;
		if (from[at]) {
			const struct merge_line *f = &lines[from[at] - 1];
			fprintf(stderr, "tablero: merge: game %ld%s is in %s:%ld and "
			    "%s:%ld\n", o.index + 1, c, f->file, f->lineno,
			    lines[i].file, lines[i].lineno);
			return 1;
		}
		res[at] = o;
		from[at] = i + 1;
	}
	return 0;
}

int
merge_main(struct host *host, int argc, char **argv)
{
	struct merge_line *lines = NULL;
	long n = 0, cap = 0, i;
	char *first = NULL, err[1024];
	const char *firstfile = NULL, *plotfile = NULL;
	int json = 0, csv = 0, nfiles = 0, rc = 0, k;
	struct jobject hdr;
	const struct flag flags[] = {
		{ "--json", FLAG_SWITCH, &json },
		{ "--csv", FLAG_SWITCH, &csv },
		{ "--plot", FLAG_TEXT, &plotfile },
		{ NULL, FLAG_SWITCH, NULL }
	};
	struct subcmd c = { "merge", flags, NULL, { NULL }, 0 };

	(void)host;
	for (k = 1; k < argc && rc == 0; k++) {
		char *h;
		if (strcmp(argv[k], "--help") == 0) {
			subcmd_usage(&c, stdout);
			return 0;
		}
		if (strcmp(argv[k], "--json") == 0 || strcmp(argv[k], "--csv") == 0) {
			*(argv[k][2] == 'j' ? &json : &csv) = 1;
			continue;
		}
		if (strcmp(argv[k], "--plot") == 0) {
			if (k + 1 >= argc) {
				fprintf(stderr, "tablero: merge: --plot needs a file "
				    "name (FILE.svg)\n");
				return 2;
			}
			plotfile = argv[++k];
			continue;
		}
		if (argv[k][0] == '-' && argv[k][1] != '\0') {
			fprintf(stderr, "tablero: merge: unknown option '%s'\n", argv[k]);
			subcmd_usage(&c, stderr);
			return 2;
		}
		nfiles++;
		if (read_file(argv[k], &h, &lines, &n, &cap) != 0) {
			rc = 1;
			break;
		}
		if (first == NULL) {
			first = h;
			firstfile = argv[k];
			continue;
		}
		if (same_run(first, h, err, sizeof err) != 0) {
			fprintf(stderr, "tablero: merge: %s is from another run than "
			    "%s: %s\n", argv[k], firstfile, err);
			rc = 1;
		}
		free(h);
	}
	if (rc == 0 && nfiles == 0) {
		fprintf(stderr, "tablero: merge: no files\n");
		subcmd_usage(&c, stderr);
		rc = 2;
	} else if (rc == 0 && json_parse(first, &hdr, err, sizeof err) != 0) {
		fprintf(stderr, "tablero: merge: %s:1: %s\n", firstfile, err);
		rc = 1;
	} else if (rc == 0 && (csv || json) &&
	    strncmp(first, "{\"type\":\"survey\"", 16) != 0 &&
	    (csv || strncmp(first, "{\"type\":\"match\"", 15) != 0)) {
		/* What the run's own report cannot give is refused, not ignored. */
		fprintf(stderr, "tablero: merge: --%s is for %s; %s is a %s's\n",
		    csv ? "csv" : "json", csv ? "a survey's shards" :
		    "a match's or a survey's shards", firstfile,
		    strncmp(first, "{\"type\":\"match\"", 15) == 0 ? "match" :
		    "check");
		rc = 2;
	} else if (rc == 0) {
		if (strncmp(first, "{\"type\":\"match\"", 15) == 0)
			rc = match_merge(&hdr, lines, n, json, plotfile);
		else if (strncmp(first, "{\"type\":\"survey\"", 16) == 0)
			rc = survey_merge(&hdr, lines, n, json ? 'j' : csv ? 'c' : 't',
			    plotfile);
		else if (plotfile) {
			fprintf(stderr, "tablero: merge: --plot draws a match or a "
			    "survey, not a check\n");
			rc = 2;
		} else
			rc = check_merge(&hdr, lines, n);
	}
	for (i = 0; i < n; i++)
		free(lines[i].text);
	free(lines);
	free(first);
	return rc;
}
