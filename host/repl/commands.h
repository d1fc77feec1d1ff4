/*
 * commands.h - the host's commands: one table that the REPL, scripts,
 * help and completion all read (after tmux's cmd-*.c), and the
 * dispatcher that runs a line through it.
 *
 * A command writes what it has to say into `out` and, on failure, one
 * line into err; it never prints.  The front end (repl.c) decides how
 * output and errors reach the user: plainly, framed for programs, or
 * prefixed with file:line in scripts.
 */
#ifndef TABLERO_COMMANDS_H
#define TABLERO_COMMANDS_H

#include <stddef.h>
#include <stdint.h>

#include "repl/app.h"

/* What a command's arguments are, for completion. */
enum argkind {
	ARG_NONE,
	ARG_COMMAND,	/* help */
	ARG_GAME_OPTS,	/* new: a game, then key=value */
	ARG_OPTS,	/* set: key=value of the current game */
	ARG_MOVES,	/* play */
	ARG_FILE,	/* save, load */
	ARG_CONFIG,	/* config: a profile or a file */
	ARG_SEAT	/* seat: a seat number, then a kind of player */
};

struct command {
	const char *name;
	const char *alias;
	const char *usage;	/* "set key=value ..."; a bad count prints it */
	int minargs, maxargs;	/* words after the name; maxargs < 0: any */
	const char *help;
	enum argkind args;
	int (*fn)(struct app *a, char *args, struct sbuf *out, char *err,
	    size_t errlen);
	const char *example;	/* a complete command line, for `help NAME` */
};

extern const struct command commands[];

/*
 * Run one line: a command, or a bare move (which plays).  Returns 0, or
 * -1 with one line in err.  Blank lines and '#' comments do nothing.
 */
int app_run(struct app *a, const char *line, struct sbuf *out, char *err,
    size_t errlen);

/*
 * Cut a trailing comment from a line in place, as every front end does
 * before app_run(): a '#' that follows a blank and is followed by a blank
 * or the end of the line ("b6 xd6  # 1. P", as records write it), and
 * the blanks before it.  A '#' inside a word ("setup w#.../...") is text.
 */
void command_strip_comment(char *line);

/* Find a command by name or alias, or NULL. */
const struct command *command_find(const char *name);

#endif /* TABLERO_COMMANDS_H */
