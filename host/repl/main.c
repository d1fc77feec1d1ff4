/*
 * main.c - the REPL as a face (see main.h): the starting game, the game
 * --recover restores, then the scripts or the interactive REPL.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/interrupt.h"
#include "base/readfile.h"
#include "base/util.h"
#include "core/host.h"
#include "core/settings.h"
#include "repl/app.h"
#include "repl/handlers.h"
#include "repl/journal.h"
#include "repl/main.h"
#include "repl/repl.h"

void
repl_add_source(struct repl_args *ra, char kind, const char *text)
{
	struct repl_source *v = ra->srcs;
	int n = ra->nsrcs;

	if (kind == 'c' && n > 0 && v[n - 1].kind == 'c') {
		char *joined = xasprintf("%s\n%s", v[n - 1].text, text);
		free(v[n - 1].text);
		v[n - 1].text = joined;
		return;
	}
	ra->srcs = v = xrealloc(v, (size_t)(n + 1) * sizeof *v);
	v[n].kind = kind;
	v[n].text = xstrdup(text);
	ra->nsrcs++;
}

void
repl_args_free(struct repl_args *ra)
{
	int i;

	for (i = 0; i < ra->nsrcs; i++)
		free(ra->srcs[i].text);
	free(ra->srcs);
	free(ra->gopts);
}

/* The largest script -f reads: 16 MiB (standard input, -f -, aside). */
#define SCRIPT_MAX_BYTES (16UL << 20)

/*
 * Run the sources one after the other until one fails (unless told to
 * go on), `quit` or Ctrl-C.  Returns the first failure's status.
 */
static int
run_sources(struct app *a, const struct repl_source *v, int n,
    const struct runopts *ro)
{
	int i, rc = 0, r;

	for (i = 0; i < n && !a->quit; i++) {
		if (v[i].kind == 'c')
			r = repl_run_string(a, v[i].text, "-c", ro);
		else if (v[i].kind == 'o')	/* `tablero games`: no -c */
			r = repl_run_string(a, v[i].text, NULL, ro);
		else if (strcmp(v[i].text, "-") == 0)
			r = repl_run_stream(a, stdin, "<stdin>", ro);
		else {
			char err[256];
			FILE *fp = readfile_open(v[i].text, SCRIPT_MAX_BYTES,
			    err, sizeof err);
			if (fp == NULL) {
				fprintf(stderr, "tablero: %s: cannot open: %s\n",
				    v[i].text, err);
				return 2;
			}
			r = repl_run_stream(a, fp, v[i].text, ro);
			fclose(fp);
		}
		if (r != 0 && rc == 0)
			rc = r;
		if (r == 130 || (r != 0 && !ro->keep_going && !ro->framed))
			break;
	}
	return rc;
}


/*
 * The starting game: -g's game (or the configured one) with -g's and
 * -o's options.  A failure here is a configuration error, reported even
 * when a script follows.
 */
static int
start_game(struct app *a, const char *gamearg, char **opts, int nopts,
    char *err, size_t errlen)
{
	char *copy = xstrdup(gamearg ? gamearg : "");
	/* A word takes at least two bytes of the text: room for every one. */
	int max = (int)(strlen(copy) / 2 + 1);
	char **words = xcalloc((size_t)max + (size_t)nopts, sizeof *words);
	int n = split_words(copy, words, max), i, rc;
	struct sbuf out = { 0 };
	const char *name = NULL;

	if (n > 0 && strchr(words[0], '=') == NULL)
		name = words[0];
	for (i = 0; i < nopts; i++)
		words[n++] = opts[i];
	rc = app_new_game_with(a, name, words + (name != NULL),
	    n - (name != NULL), &out, err, errlen);
	if (rc != 0 && name == NULL) {
		/* Name the file and line of a misspelt `game = ...`. */
		const struct setting *set = NULL;
		const struct config *cfg = &a->host->cfg;
		for (i = 0; i < cfg->n; i++)
			if (strcmp(cfg->v[i].section, "tablero") == 0 &&
			    strcmp(cfg->v[i].key, "game") == 0)
				set = &cfg->v[i];
		if (set && pluginset_find(&a->host->plugins, set->value) == NULL) {
			char *e = xstrdup(err);
			snprintf(err, errlen, "%s:%d: %s", set->file, set->line, e);
			free(e);
		}
	}
	fputs(sbuf_str(&out), stdout);
	sbuf_free(&out);
	free(words);
	free(copy);
	return rc;
}

/*
 * --recover: the game the autosave journal holds, autosaved again as
 * after the command; 0 or -1 (reported).
 */
static int
recover_game(struct app *a)
{
	struct sbuf out = { 0 };
	char err[1024];
	int rc = records_recover(a, &out, err, sizeof err);

	if (rc == 0)
		journal_update(a->journal, a->sess, a->seats);
	fputs(sbuf_str(&out), stdout);
	if (rc != 0)
		fprintf(stderr, "tablero: %s\n", err);
	sbuf_free(&out);
	return rc;
}

/*
 * The starting game (its failure is a configuration error), then the
 * scripts or the REPL.  Returns the exit status.
 */
static int
run_repl(struct app *a, struct repl_args *ra)
{
	char err[1024];
	int rc = 0;

	if (start_game(a, ra->game, ra->gopts, ra->ngopts, err, sizeof err) != 0) {
		fprintf(stderr, "tablero: %s\n", err);
		rc = 2;
	} else if (ra->recover && recover_game(a) != 0) {
		rc = 2;
	} else if (ra->nsrcs > 0) {
		rc = run_sources(a, ra->srcs, ra->nsrcs, &ra->ro);
		/* -i: stay in the REPL after the scripts. */
		if (ra->interactive == 1 && !a->quit && rc != 130) {
			interrupt_clear();
			repl_interactive(a, &ra->ro);
		}
	} else {
		if (ra->interactive < 0)
			ra->interactive = isatty(0) && isatty(1);
		if (ra->interactive)
			rc = repl_interactive(a, &ra->ro);
		else
			rc = repl_run_stream(a, stdin, "<stdin>", &ra->ro);
	}
	if (a->quit && a->exit_status >= 0)
		rc = a->exit_status;
	return rc;
}

int
repl_main(struct host *h, struct repl_args *ra)
{
	struct app a;
	int rc;

	app_init(&a, h);
	rc = run_repl(&a, ra);
	app_free(&a);
	return rc;
}
