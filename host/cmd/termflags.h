/*
 * termflags.h - the flags of a run's terms (run/terms.h) that `match`
 * and `survey` share: --engine, --st, --tc, --timemargin, --openings,
 * --draw-after and --resign.
 */
#ifndef TABLERO_TERMFLAGS_H
#define TABLERO_TERMFLAGS_H

#include "cmd/subcmd.h"
#include "run/terms.h"

struct termflags {
	struct flag_list engines;
	double st;
	const char *tc, *openings, *resign;
	long margin, draw_after;
};

/* The entries of a flag table, for struct termflags tf. */
#define TERMFLAGS(tf) \
	{ "--engine", FLAG_LIST, &(tf).engines, "NAME=COMMAND", \
	    "the program COMMAND plays as player NAME " \
	    "(tablero-engine(5)); repeatable" }, \
	{ "--st", FLAG_SECONDS, &(tf).st, "S", \
	    "each decision may take S seconds" }, \
	{ "--tc", FLAG_TEXT, &(tf).tc, "[MOVES/]S[+INC]", \
	    "each player has S seconds for MOVES decisions (the whole " \
	    "game without MOVES), INC added after each" }, \
	{ "--timemargin", FLAG_COUNT, &(tf).margin, "MS", \
	    "a player may exceed its time by MS milliseconds before it " \
	    "loses (default 0)" }, \
	{ "--openings", FLAG_TEXT, &(tf).openings, "FILE", \
	    "play the games from the openings of FILE, one a line: a " \
	    "position or moves from the start" }, \
	{ "--draw-after", FLAG_COUNT, &(tf).draw_after, "N", \
	    "adjudicate a draw after N moves in a row that leave the " \
	    "game's estimate unchanged" }, \
	{ "--resign", FLAG_TEXT, &(tf).resign, "SCORE,MOVES", \
	    "adjudicate a loss for a player whose estimate was at most " \
	    "SCORE, and its opponent's at least 1 - SCORE, for MOVES " \
	    "decisions in a row" }

/*
 * The flags' engines and clock into t, before the players are parsed;
 * `logs` is where the engines' logs go (NULL: the current directory).
 * 0, or -1 with a message.
 */
int termflags_engines(const struct termflags *tf, struct terms *t,
    const char *logs, char *err, size_t errlen);

/*
 * The rest, which needs the game: openings and adjudication, checked
 * against s's game and its np players.  0, or -1 with a message.
 */
int termflags_game(const struct termflags *tf, struct terms *t,
    const struct session *s, int np, char *err, size_t errlen);

#endif /* TABLERO_TERMFLAGS_H */
