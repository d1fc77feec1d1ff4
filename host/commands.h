/*
 * commands.h - the host's commands: one table that the REPL, scripts,
 * help and completion all read (after tmux's cmd-*.c).
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

#include "ai.h"
#include "loader.h"
#include "settings.h"

#define MAX_SEATS 16

struct session;
struct sbuf;

/* The whole state of a running tablero. */
struct app {
	struct config cfg;
	struct pluginset plugins;
	struct session *sess;		/* the game in progress, or NULL */
	uint64_t seed;			/* seed of the next game */
	int chance_manual;		/* users type chance outcomes */
	int quit;			/* set by `quit` */
	int exit_status;		/* `quit N`: N; else -1 */
	int seed_given;			/* -s on the command line */
	struct ai_spec seats[MAX_SEATS];	/* who plays each seat */
};

/* What a command's arguments are, for completion. */
enum argkind {
	ARG_NONE,
	ARG_COMMAND,	/* help */
	ARG_GAME_OPTS,	/* new: a game, then key=value */
	ARG_OPTS,	/* set: key=value of the current game */
	ARG_MOVES,	/* play */
	ARG_FILE	/* save, load, config */
};

struct command {
	const char *name;
	const char *alias;
	const char *usage;
	const char *help;
	enum argkind args;
	int (*fn)(struct app *a, char *args, struct sbuf *out, char *err,
	    size_t errlen);
};

extern const struct command commands[];

/*
 * Run one line: a command, or a bare move (which plays).  Returns 0, or
 * -1 with one line in err.  Blank lines and '#' comments do nothing.
 */
int app_run(struct app *a, const char *line, struct sbuf *out, char *err,
    size_t errlen);

/*
 * Start a game of `name` (NULL: the configured default) with the seats
 * the configuration gives it; computer seats' moves go to out (NULL:
 * nowhere).
 */
int app_new_game(struct app *a, const char *name, struct sbuf *out,
    char *err, size_t errlen);

/*
 * Let computer seats move (and the host roll chance points) until a
 * human seat is to move or the game ends; each move is reported in out.
 */
void app_autoplay(struct app *a, struct sbuf *out);

/* Read the seats of game `game` from the configuration. */
int app_seats_from_config(struct app *a, const char *game, char *err,
    size_t errlen);

/*
 * The plugin of game `name`, or NULL with "unknown game 'x' (did you
 * mean 'y'?)" in err.
 */
struct plugin *app_find_game(struct app *a, const char *name, char *err,
    size_t errlen);

/* The prompt for the current state ("example P> "). Caller frees. */
char *app_prompt(const struct app *a);

/* Find a command by name or alias, or NULL. */
const struct command *command_find(const char *name);

void app_free(struct app *a);

#endif /* TABLERO_COMMANDS_H */
