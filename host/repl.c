/*
 * repl.c - feeding lines to the commands: readline on a terminal, plain
 * line reading for scripts and pipes.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "commands.h"
#include "complete.h"
#include "repl.h"
#include "session.h"
#include "util.h"

/*
 * Run one line and report: output to stdout, errors to stderr (with
 * "NAME:LINE: " in scripts), or both framed on stdout.  Returns the
 * command's status.
 */
static int
run_line(struct app *a, const char *line, const char *name, int lineno,
    const struct runopts *o)
{
	struct sbuf out = { 0 };
	char err[1024];
	const char *t = line;
	int rc;

	while (*t == ' ' || *t == '\t')
		t++;
	if (*t == '\0' || *t == '#' || *t == '\n' || *t == '\r')
		return 0;
	if (o->echo && !o->framed)
		printf("> %s\n", line);
	rc = app_run(a, line, &out, err, sizeof err);
	if (o->framed) {
		const char *s = sbuf_str(&out);
		size_t n = strlen(s);
		while (n > 0 && s[n - 1] == '\n')
			n--;
		if (rc == 0)
			printf("=%s%.*s\n\n", n ? " " : "", (int)n, s);
		else
			printf("? %s\n\n", err);
		fflush(stdout);
	} else {
		fputs(sbuf_str(&out), stdout);
		if (rc != 0) {
			fflush(stdout);
			if (name)
				fprintf(stderr, "%s:%d: %s\n", name, lineno, err);
			else
				fprintf(stderr, "error: %s\n", err);
			fflush(stderr);
		}
	}
	sbuf_free(&out);
	return rc;
}

int
repl_run_stream(struct app *a, FILE *fp, const char *name,
    const struct runopts *o)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int lineno = 0, failed = 0;

	while (!a->quit && (n = getline(&line, &cap, fp)) >= 0) {
		lineno++;
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		if (run_line(a, line, o->framed ? NULL : name, lineno, o) != 0) {
			failed = 1;
			if (!o->keep_going && !o->framed)
				break;
		}
		fflush(stdout);
	}
	free(line);
	return failed;
}

int
repl_run_string(struct app *a, const char *cmds, const char *name,
    const struct runopts *o)
{
	char *copy = xstrdup(cmds), *p = copy, *e;
	int lineno = 0, failed = 0;

	while (p && !a->quit) {
		e = strpbrk(p, ";\n");
		if (e)
			*e++ = '\0';
		lineno++;
		if (run_line(a, p, o->framed ? NULL : name, lineno, o) != 0) {
			failed = 1;
			if (!o->keep_going && !o->framed)
				break;
		}
		p = e;
	}
	free(copy);
	return failed;
}

/* ---- readline glue -------------------------------------------------- */

static struct app *rl_app;	/* readline's callbacks carry no context */
static char **rl_cands;
static int rl_index;

static char *
cand_generator(const char *text, int state)
{
	(void)text;
	if (state == 0)
		rl_index = 0;
	if (rl_cands == NULL || rl_cands[rl_index] == NULL)
		return NULL;
	return xstrdup(rl_cands[rl_index++]);
}

static char **
attempt_completion(const char *text, int start, int end)
{
	char **m;

	complete_free(rl_cands);
	rl_cands = complete_line(rl_app, rl_line_buffer, start, end);
	if (rl_cands == NULL)
		return NULL;	/* file names */
	rl_attempted_completion_over = 1;
	/* Keep "key=" open for its value. */
	if (rl_cands[0] && rl_cands[1] == NULL) {
		size_t l = strlen(rl_cands[0]);
		rl_completion_append_character = l && rl_cands[0][l - 1] == '=' ? '\0' : ' ';
	} else
		rl_completion_append_character = ' ';
	m = rl_completion_matches(text, cand_generator);
	return m;
}

static char *
history_path(struct app *a)
{
	const char *f = config_host(&a->cfg, "history_file");
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
	char *dir, *path;

	if (f && *f)
		return xstrdup(f);
	if (xdg && *xdg)
		dir = xasprintf("%s/tablero", xdg);
	else if (home && *home)
		dir = xasprintf("%s/.local/share/tablero", home);
	else
		return NULL;
	/* mkdir -p for the two levels that may be missing. */
	{
		char *parent = xstrdup(dir), *slash = strrchr(parent, '/');
		if (slash) {
			*slash = '\0';
			mkdir(parent, 0755);
		}
		free(parent);
	}
	mkdir(dir, 0755);
	path = xasprintf("%s/history", dir);
	free(dir);
	return path;
}

int
repl_interactive(struct app *a, const struct runopts *o)
{
	char *hist = history_path(a), *line, *prompt;
	long keep = config_host_int(&a->cfg, "history_size");

	rl_app = a;
	rl_readline_name = "tablero";
	rl_attempted_completion_function = attempt_completion;
	rl_basic_word_break_characters = " \t";
	using_history();
	if (hist)
		read_history(hist);
	printf("tablero %s - type 'help' for the commands, 'quit' to leave\n",
	    PACKAGE_VERSION);
	if (a->sess) {
		struct sbuf out = { 0 };
		char err[256];
		if (app_run(a, "show", &out, err, sizeof err) == 0)
			fputs(sbuf_str(&out), stdout);
		sbuf_free(&out);
	}
	while (!a->quit) {
		prompt = app_prompt(a);
		line = readline(prompt);
		free(prompt);
		if (line == NULL) {
			putchar('\n');
			break;
		}
		if (*line) {
			HIST_ENTRY *last = history_length > 0 ?
			    history_get(history_base + history_length - 1) : NULL;
			if (last == NULL || strcmp(last->line, line) != 0)
				add_history(line);
		}
		/* An interactive session goes on after errors and exits 0. */
		run_line(a, line, NULL, 0, o);
		free(line);
	}
	if (hist) {
		if (write_history(hist) == 0 && keep > 0)
			history_truncate_file(hist, (int)keep);
		free(hist);
	}
	complete_free(rl_cands);
	rl_cands = NULL;
	return 0;
}
