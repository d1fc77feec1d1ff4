/*
 * checker.h - the contract checks of `tablero check` (checker.c): the
 * declared options, and one random game with every position on the way
 * checked.  Each failure is reported with a command that reproduces it,
 * as a line holding a JSON string: down c->out_fd when it is a pipe, else
 * into c->found.
 */
#ifndef TABLERO_CHECKER_H
#define TABLERO_CHECKER_H

#include <stdint.h>

#include "tablero.h"
#include "base/util.h"

struct optset;
struct plugin;

/* What one game is checked with; the caller sets all but moves. */
struct checker {
	const struct tbl_game *g;
	struct sbuf moves;	/* the moves of the current game, as text */
	uint64_t seed;
	int game;
	long failures;
	const char *opts;	/* the key=value options, for reproducers */
	char *pdir;		/* -P DIR for a plugin named by its file */
	int out_fd;		/* the pipe of a game's process, or -1 */
	struct sbuf found;	/* this game's reports, a JSON string a line */
	struct plugin *plugin;	/* for a reproducer written as a record */
	const struct optset *os;
	int limit_end;		/* the game ended at its own turn limit */
};

/* The line a game's process sends after its reports for a limit end. */
#define CHECK_LIMIT_LINE "=limit\n"

/*
 * Declared options: each has a line of help and a valid default.  Each
 * failure is a line of out; returns their number.
 */
int check_options(const struct tbl_game *g, struct sbuf *out);

/*
 * Play game c->game (seed c->seed) from start, checking every position,
 * until it ends, fails, reaches cap moves or Ctrl-C comes.
 */
void check_game(struct checker *c, const struct tbl_state *start, long cap);

/* A failure in game c->game, reported with its reproducer. */
void check_failed(struct checker *c, const char *what);

/*
 * A failure of game c->game seen from outside its process (a crash, a
 * hang): the moves are not known there, so the reproducer re-runs that
 * one game.
 */
void check_failure_plain(struct checker *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif /* TABLERO_CHECKER_H */
