/*
 * sessiontext.h - what a game in progress says in words: its players'
 * names, a move's notation, "P plays e4" and "P passes", the ends of the
 * games of a match, the history as turns (or as a record's move lines)
 * and the result.  It reads the session's data (sessiondata.h) and
 * changes nothing; the play (session.h) stands above it.
 */
#ifndef TABLERO_SESSIONTEXT_H
#define TABLERO_SESSIONTEXT_H

#include "core/sessiondata.h"

struct sbuf;

/* The name of player p, or "chance". */
const char *session_player(const struct session *s, int p);

/* Append "P passes" lines for the passes among entries from .. nmoves-1. */
void session_say_passes(const struct session *s, int from, struct sbuf *out);

/*
 * Append "P plays TEXT" for player who's move written `text`, or
 * "P passes" when the text is exactly "pass" (a game whose pass is a move
 * of its own; the history and records keep the move text as it is).
 */
void session_say_move(const struct session *s, int who, const char *text,
    struct sbuf *out);

/*
 * For each entry of the history from `from` on that ended a game of a
 * match, "game N of the match: Q wins 42-27, gains P 0, Q 15" into out,
 * N counted from the session's start, or "game N since the setup".
 */
void session_say_game_ends(const struct session *s, int from,
    struct sbuf *out);

/* Games of a match ended by the first n entries of the history. */
int session_games_ended(const struct session *s, int n);

/*
 * The history as turns: "1. P: b6 xd6" lines (a run of chance outcomes
 * as "   chance: +a4 +b2 (2 outcomes)"), each end of a game of a match
 * after its move as "-- game 3 of the match: Q wins 42-27, gains P 0, Q
 * 15", appended to out.  With `plain`, moves only, one turn (or chance
 * outcome) a line, and the turn in a trailing comment, the end of a game
 * of a match a comment line of its own (the record format).
 */
void session_history(const struct session *s, struct sbuf *out, int plain);

/* A one-line description of the result, or NULL before the end. */
char *session_result(const struct session *s);

#endif /* TABLERO_SESSIONTEXT_H */
