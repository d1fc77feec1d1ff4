/*
 * main.h - the REPL as a face: what the command line asks of it (main.c
 * fills struct repl_args) and repl_main(), which starts the game, then
 * runs the scripts or the interactive REPL, as a subcommand's NAME_main
 * runs its work.
 */
#ifndef TABLERO_REPL_MAIN_H
#define TABLERO_REPL_MAIN_H

#include "repl/repl.h"

struct host;

/* A script of the command line, in the order given. */
struct repl_source {
	char kind;	/* 'c' commands (-c), 'f' a file (-f, SCRIPT; "-":
			   stdin), 'o' a command line (`tablero games`) */
	char *text;	/* owned */
};

/* What the command line asks of the REPL. */
struct repl_args {
	const char *game;		/* -g: "GAME [key=value ...]" */
	char **gopts;			/* -o key=value, owned array */
	int ngopts;
	struct repl_source *srcs;	/* owned */
	int nsrcs;
	int interactive;		/* -i 1, -b 0, else -1 */
	int recover;			/* --recover */
	struct runopts ro;
};

/* Add a script (adjacent -c are one script, numbered line after line). */
void repl_add_source(struct repl_args *ra, char kind, const char *text);

/* Free what ra owns. */
void repl_args_free(struct repl_args *ra);

/*
 * The starting game (-g, -o, the configured one; its failure is a
 * configuration error, status 2), the game --recover restores, then the
 * scripts in order or the REPL (interactive on a terminal or with -i).
 * Returns the exit status.
 */
int repl_main(struct host *h, struct repl_args *ra);

#endif /* TABLERO_REPL_MAIN_H */
