/*
 * repl.c - feeding lines to the commands: readline on a terminal, plain
 * line reading for scripts and pipes.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "repl/app.h"
#include "repl/colour.h"
#include "repl/commands.h"
#include "repl/complete.h"
#include "base/interrupt.h"
#include "base/safefile.h"
#include "repl/journal.h"
#include "repl/repl.h"
#include "repl/thinking.h"
#include "core/paths.h"
#include "core/session.h"
#include "base/util.h"

/*
 * In framed mode a line may start with a command id, a number, as in
 * GTP ("12 moves"); the answer carries it ("=12 ...").  Moves the text
 * past the id and returns its length, or 0.
 */
static size_t
framed_id(const char **t)
{
	const char *p = *t, *q = p;
	size_t n;

	while (*q >= '0' && *q <= '9')
		q++;
	n = (size_t)(q - p);
	if (n == 0 || n > 18 || !tbl_is_blank((unsigned char)*q))
		return 0;
	q = tbl_skip_blanks(q);
	if (*q == '\0')
		return 0;
	*t = q;
	return n;
}

/* The show_board setting: draw the board after the position changed? */
static int
board_wanted(struct app *a, const struct runopts *o)
{
	const char *v = config_host(&a->host->cfg, "show_board");

	if (o->framed || v == NULL || strcmp(v, "never") == 0)
		return 0;
	if (strcmp(v, "always") == 0)
		return 1;
	return o->interactive && isatty(1);
}

/*
 * Draw the board into out, before the status line ("Q to move", "game
 * over: ...") when out ends with it, so that the turn is always the last
 * line before the prompt.
 */
static void
add_board(struct app *a, struct sbuf *out)
{
	struct sbuf st = { 0 };
	char *b = app_board(a), *tail;
	size_t n;

	app_status_line(a, &st);
	n = st.len;
	if (out->len >= n && strcmp(out->s + out->len - n, sbuf_str(&st)) == 0 &&
	    (out->len == n || out->s[out->len - n - 1] == '\n')) {
		tail = xstrdup(out->s + out->len - n);
		out->len -= n;
		out->s[out->len] = '\0';
		sbuf_puts(out, b);
		sbuf_puts(out, tail);
		free(tail);
	} else
		sbuf_puts(out, b);
	free(b);
	sbuf_free(&st);
}

/*
 * Run one line and report: output to stdout, errors to stderr (with
 * "NAME:LINE: " in scripts), or both framed on stdout: "=ID TEXT" for a
 * one-line answer, "=ID" and the text on the following lines for a longer
 * one, "?ID MESSAGE" for an error, each followed by a blank line.
 * Returns the command's status.
 */
static int
run_line(struct app *a, const char *line, const char *name, int lineno,
    const struct runopts *o)
{
	struct sbuf out = { 0 };
	char err[1024], *copy = xstrdup(line), *before;
	const char *t = copy, *id = NULL;
	size_t idlen = 0;
	int rc, want;

	command_strip_comment(copy);
	t = tbl_skip_blanks(t);
	if (*t == '\0' || *t == '#') {
		free(copy);
		return 0;
	}
	if (o->framed) {
		id = t;
		idlen = framed_id(&t);
	}
	if (o->echo && !o->framed)
		printf("> %s\n", t);
	want = board_wanted(a, o);
	a->colour = colour_wanted(a, o->framed);
	before = want && a->sess ? session_position(a->sess) : NULL;
	rc = app_run(a, t, &out, err, sizeof err);
	if (rc == 0 && want && a->sess) {
		/* show_board: redraw after a command that changed the position. */
		char *after = session_position(a->sess);
		if (before == NULL || strcmp(before, after) != 0)
			add_board(a, &out);
		free(after);
	}
	free(before);
	if (o->framed) {
		const char *s = sbuf_str(&out);
		size_t n = strlen(s);
		while (n > 0 && s[n - 1] == '\n')
			n--;
		if (rc != 0)
			printf("?%.*s %s\n\n", (int)idlen, id, err);
		else if (memchr(s, '\n', n) != NULL)
			printf("=%.*s\n%.*s\n\n", (int)idlen, id, (int)n, s);
		else
			printf("=%.*s%s%.*s\n\n", (int)idlen, id, n ? " " : "",
			    (int)n, s);
		fflush(stdout);
	} else {
		char *shown = colour_sides(a, sbuf_str(&out));
		fputs(shown, stdout);
		free(shown);
		if (rc != 0) {
			fflush(stdout);
			if (name && lineno > 0)
				fprintf(stderr, "%s:%d: %s\n", name, lineno, err);
			else if (name)	/* `tablero games`: no script */
				fprintf(stderr, "%s: %s\n", name, err);
			else
				fprintf(stderr, "error: %s\n", err);
			fflush(stderr);
		}
	}
	sbuf_free(&out);
	free(copy);
	return rc;
}

/*
 * One line of a script: run it and decide whether the script goes on.
 * Returns 0 to go on, or 1 to stop; *failed becomes 1 when the command
 * failed and 130 when Ctrl-C stopped its work.
 */
static int
script_step(struct app *a, const char *line, const char *name, int lineno,
    const struct runopts *o, int *failed)
{
	int stop = 0;

	if (run_line(a, line, o->framed ? NULL : name, lineno, o) != 0) {
		*failed = 1;
		stop = !o->keep_going && !o->framed;
	}
	fflush(stdout);
	if (!stop && interrupt_pending()) {
		/* Ctrl-C stopped the command's work; the script ends. */
		if (lineno > 0)
			fprintf(stderr, "%s:%d: interrupted\n", name, lineno);
		else
			fprintf(stderr, "%s: interrupted\n", name);
		*failed = 130;
		stop = 1;
	}
	return stop;
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
		if (script_step(a, line, name, lineno, o, &failed))
			break;
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
		lineno += name != NULL;
		if (script_step(a, p, name ? name : "tablero", lineno, o,
		    &failed))
			break;
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
		rl_completion_append_character = l && (rl_cands[0][l - 1] == '=' ||
		    rl_cands[0][l - 1] == '/') ? '\0' : ' ';
	} else
		rl_completion_append_character = ' ';
	m = rl_completion_matches(text, cand_generator);
	return m;
}

/*
 * The history file, its directory created as needed, or NULL (with one
 * warning) when there is none to be had.
 */
static char *
history_path(struct app *a)
{
	const char *f = config_host(&a->host->cfg, "history_file");
	char *dir, *path;

	if (f && *f) {
		path = xstrdup(f);
		dir = xstrdup(f);
		if (strrchr(dir, '/'))
			*strrchr(dir, '/') = '\0';
		else {
			free(dir);
			return path;
		}
	} else if ((dir = paths_user_dir(PATHS_DATA, NULL)) != NULL) {
		path = xasprintf("%s/history", dir);
	} else {
		fprintf(stderr, "tablero: history is not saved: neither "
		    "XDG_DATA_HOME nor HOME is set\n");
		return NULL;
	}
	if (*dir && paths_mkdir(dir) != 0) {
		fprintf(stderr, "tablero: history is not saved: cannot create %s: "
		    "%s\n", dir, strerror(errno));
		free(dir);
		free(path);
		return NULL;
	}
	free(dir);
	return path;
}

/* ---- Ctrl-C at the prompt ------------------------------------------- */

/*
 * Readline calls this when a signal interrupts its read.  Ctrl-C clears
 * the line and gives a fresh prompt; a second one within a second ends
 * the session (the caller saves the history).
 */
static int
on_signal_event(void)
{
	if (shutdown_signal()) {
		/* SIGTERM or SIGHUP: end the read; the caller cleans up. */
		rl_done = 1;
		return 0;
	}
	if (!interrupt_pending())
		return 0;
	interrupt_clear();
	if (interrupt_quit_requested()) {
		rl_replace_line("", 0);
		rl_done = 1;
		return 0;
	}
	rl_replace_line("", 0);
	rl_crlf();
	rl_on_new_line();
	rl_redisplay();
	return 0;
}

#if RL_READLINE_VERSION < 0x0800
/* Readline 7 has no rl_check_signals(): a caught Ctrl-C waits a read. */
#define rl_check_signals() ((void)0)
#endif

/*
 * Readline reads every key through this.  When Ctrl-C comes while
 * readline is busy (drawing a completion listing, redrawing the prompt)
 * and keys typed after it are already waiting, readline notes the signal
 * but goes on reading those keys without ever waiting, so neither hook
 * above runs and the old line takes the new keys ("wipe ^Cmoves" ran as
 * "wipe moves").  Serve the Ctrl-C here, before the key typed after it.
 */
static int
getc_serving_signals(FILE *fp)
{
	int c;

	rl_check_signals();	/* readline passes a caught Ctrl-C on to us */
	if (interrupt_pending())
		on_signal_event();
	c = rl_getc(fp);
	rl_check_signals();
	if (interrupt_pending())
		on_signal_event();
	return c;
}

/* readline's settings: completion, signals served while it waits. */
static void
readline_setup(struct app *a)
{
	rl_app = a;
	rl_readline_name = "tablero";
	rl_attempted_completion_function = attempt_completion;
	rl_basic_word_break_characters = " \t";
	/* complete_line() gives its candidates in natural order (a2 a10). */
	rl_sort_completion_matches = 0;
	rl_variable_bind("print-completions-horizontally", "on");
	rl_signal_event_hook = on_signal_event;
	/* Ctrl-C outside a read served in 0.1 s (a pipe's end would spin). */
	if (isatty(0))
		rl_event_hook = on_signal_event;
	/* ... and always before the next key is read. */
	rl_getc_function = getc_serving_signals;
	using_history();
}

/* A line typed goes into the history, unless it repeats the last. */
static void
remember(const char *line)
{
	HIST_ENTRY *last;

	if (*line == '\0')
		return;
	last = history_length > 0 ?
	    history_get(history_base + history_length - 1) : NULL;
	if (last == NULL || strcmp(last->line, line) != 0)
		add_history(line);
}

/* The history into its file, cut to its last `keep` lines (0: all). */
static void
history_save(const char *hist, long keep)
{
	safefile_remove_stale_pid(hist);
	if (write_history(hist) != 0)
		fprintf(stderr, "tablero: history is not saved: cannot write "
		    "%s\n", hist);
	else if (keep > 0)
		history_truncate_file(hist, (int)keep);
}

/* Read and run lines until quit, end of input, a signal or Ctrl-C twice. */
static void
read_loop(struct app *a, const struct runopts *o)
{
	char *line, *prompt;

	while (!a->quit) {
		prompt = colour_prompt(a, app_prompt(a));
		line = readline(prompt);
		free(prompt);
		if (shutdown_signal()) {
			free(line);
			break;
		}
		if (interrupt_quit_requested()) {
			putchar('\n');
			free(line);
			break;
		}
		if (line == NULL) {
			putchar('\n');
			break;
		}
		remember(line);
		/* An interactive session goes on after errors and exits 0. */
		run_line(a, line, NULL, 0, o);
		free(line);
		if (shutdown_signal())
			break;
		if (interrupt_pending()) {
			/* Ctrl-C stopped the command's work; a second quits. */
			interrupt_clear();
			if (interrupt_quit_requested())
				break;
		}
	}
}

int
repl_interactive(struct app *a, const struct runopts *ro)
{
	char *hist = history_path(a);
	struct runopts opts = *ro;
	long keep = config_host_int(&a->host->cfg, "history_size");

	opts.interactive = 1;
	if (!opts.framed && isatty(1))
		a->thinking = thinking_hook;
	shutdown_install();
	journal_start(&a->journal);
	readline_setup(a);
	if (hist)
		read_history(hist);
	printf("tablero %s - type 'help' for the commands, 'quit' to leave\n",
	    PACKAGE_VERSION);
	if (a->sess) {
		struct sbuf out = { 0 };
		char err[256];
		a->colour = colour_wanted(a, opts.framed);
		if (app_run(a, "show", &out, err, sizeof err) == 0) {
			char *shown = colour_sides(a, sbuf_str(&out));
			fputs(shown, stdout);
			free(shown);
		}
		sbuf_free(&out);
	}
	read_loop(a, &opts);
	if (hist) {
		history_save(hist, keep);
		free(hist);
	}
	complete_free(rl_cands);
	rl_cands = NULL;
	/*
	 * A normal end removes the journal; a signal leaves it, the double
	 * Ctrl-C too (it may have been meant for a long search).
	 */
	journal_stop(&a->journal, shutdown_signal() == 0 && !interrupt_quit_requested());
	if (shutdown_signal())
		return 128 + shutdown_signal();
	return 0;
}
