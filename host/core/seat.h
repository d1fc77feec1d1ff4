/*
 * seat.h - who plays a seat: a human, or a computer player and its
 * budget, as the configuration, game records, the REPL and the
 * subcommands name it ("human", "random", "mcts:2000").  The players
 * themselves are ai/'s; this is only their description.
 */
#ifndef TABLERO_SEAT_H
#define TABLERO_SEAT_H

#include <stddef.h>

#include "tablero.h"

/* SEAT_ENGINE: a program that plays through tablero-engine(5) (run/). */
enum seat_kind { SEAT_HUMAN, SEAT_RANDOM, SEAT_MCTS, SEAT_ENGINE };

/*
 * "human", "random", "mcts", "mcts:2000" (playouts), "mcts:500ms"; an
 * MCTS budget may be followed by ":tT" (T threads growing one tree)
 * and ":fresh" (a new tree at every decision, as before subtree
 * reuse), and ":db=DIR" (an endgame database, tablero-db(5)).
 */
#define SEAT_DB_MAX 256		/* the bytes of a database's DIR, its NUL too */
#define SEAT_TEXT_MAX (64 + SEAT_DB_MAX)	/* a spec as text */

struct seat_spec {
	enum seat_kind kind;
	long budget;		/* playouts (shared by the threads), or ms;
				 * SEAT_ENGINE: its index among the run's */
	int ms;			/* budget counts milliseconds */
	int threads;		/* 0 or 1: one */
	int fresh;		/* keep no subtree between decisions */
	char db[SEAT_DB_MAX];	/* the endgame database's DIR; "": none */
};

#define SEAT_MAX_THREADS 64

#define SEAT_DEFAULT_PLAYOUTS 1000

/* Parse a player spec; returns 0, or -1 with a message. */
int seat_parse(const char *text, struct seat_spec *out, char *err, size_t errlen);

/* Write the spec back as text ("mcts:2000"). */
void seat_format(const struct seat_spec *s, char *buf, size_t len);

/*
 * Parse "human,mcts:2000" (an empty field is a human) into seats[0 ..
 * TBL_MAX_PLAYERS) for a game `game` of `nplayers` players.  Returns 0,
 * or -1 with a message (a bad player, more fields than players) and
 * seats unchanged.
 */
int seat_parse_list(const char *text, int nplayers, const char *game,
    struct seat_spec *seats, char *err, size_t errlen);

/* "human,mcts:2000" for seats[0 .. n); caller frees. */
char *seat_format_list(const struct seat_spec *seats, int n);


#endif /* TABLERO_SEAT_H */
