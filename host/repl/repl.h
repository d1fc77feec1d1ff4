/*
 * repl.h - the front ends that feed lines to app_run(): the interactive
 * readline REPL, scripts (files, pipes, -c strings), and the framed mode
 * for programs.
 */
#ifndef TABLERO_REPL_H
#define TABLERO_REPL_H

#include <stdio.h>

struct app;

struct runopts {
	int echo;		/* print "> LINE" before each command's output */
	int framed;		/* "= ..." / "? ..." answers, then a blank line */
	int keep_going;		/* scripts go on after a failing command */
	int interactive;	/* set by repl_interactive() */
};

/*
 * Run the lines of fp (named `name` in messages) until the end or `quit`.
 * Returns 0 when every command succeeded, 1 when one failed.
 */
int repl_run_stream(struct app *a, FILE *fp, const char *name,
    const struct runopts *o);

/*
 * Run commands separated by newlines or ';', named `name` in messages
 * ("-c:2: ..."); name NULL: a command of the command line, whose
 * messages say "tablero: ..." (`tablero games`).
 */
int repl_run_string(struct app *a, const char *cmds, const char *name,
    const struct runopts *o);

/* The interactive REPL on the terminal (readline, history, completion). */
int repl_interactive(struct app *a, const struct runopts *o);

#endif /* TABLERO_REPL_H */
