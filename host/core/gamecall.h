/*
 * gamecall.h - the host's calls into a plugin's rules that return a
 * value the host goes on to use, each behind one checked wrapper, so
 * that no caller can forget a bound: whatever a plugin answers, what
 * reaches the caller is in range.  A plugin's wrong answer is reported
 * once a process ("tablero: plugin NAME: ...") and replaced by a safe
 * one.  The text hooks go through text_of() (base/util.h), which bounds
 * their length and the tries, and shows control bytes as '?'.
 *
 * `tablero check` (cmd/checker.c) calls the hooks directly: it is there
 * to see the wrong answers.
 */
#ifndef TABLERO_GAMECALL_H
#define TABLERO_GAMECALL_H

#include "tablero.h"

/* The most players a game may have (players()), as the host accepts it. */
#define MAX_PLAYERS 64

/*
 * Report plugin g's wrong answer (printf-like), once for each hook (the
 * first word of fmt) in this process.
 */
void game_fault(const struct tbl_game *g, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* to_move()'s answer outside its range, reported, as TBL_END. */
int game_bad_to_move(const struct tbl_game *g, const struct tbl_state *s,
    int who);

/*
 * Who decides next in s: a player in [0, players(s)), TBL_CHANCE or
 * TBL_END.  Any other answer is reported and taken as the end of the
 * game.
 */
static inline int
game_to_move(const struct tbl_game *g, const struct tbl_state *s)
{
	int who = g->to_move(s);

	if (who == TBL_END || who == TBL_CHANCE ||
	    (who >= 0 && who < g->players(s)))
		return who;
	return game_bad_to_move(g, s, who);
}

/*
 * The name of player p in s: never NULL, never with control bytes (a
 * NULL or unprintable name is reported and shown as "?").
 */
const char *game_player_name(const struct tbl_game *g,
    const struct tbl_state *s, int p);

/*
 * The result of the finished game s into out[0 .. players(s)): 0 with
 * each value in [0, 1], or -1 when the game is not over or when the
 * plugin gives a value that is not a number in [0, 1] (reported).
 */
int game_result(const struct tbl_game *g, const struct tbl_state *s,
    double *out);

/*
 * The optional static estimate of s (ABI 1.1), as game_result() checks
 * it: 0, or -1 when the plugin gives none or a value out of [0, 1].
 */
int game_evaluate(const struct tbl_game *g, const struct tbl_state *s,
    double *out);

/* Replace the control bytes of s but newline and tab by '?'. */
void game_clean_text(char *s);

#endif /* TABLERO_GAMECALL_H */
