/*
 * game.h - the door to a plugin: the host's calls into a plugin's rules that return a
 * value the host goes on to use, each behind one checked wrapper, so
 * that no caller can forget a bound: whatever a plugin answers, what
 * reaches the caller is in range.  A plugin's wrong answer is reported
 * once a process ("tablero: plugin NAME: ...") and replaced by a safe
 * one.  The text hooks go through text_of(), which bounds
 * their length and the tries, and shows control bytes as '?'.
 *
 * `tablero check` (cmd/checker.c) calls the hooks whose answers it
 * judges directly: it is there to see the wrong answers.  What it reads
 * and prints (moves, positions, messages) goes through these wrappers.
 */
#ifndef TABLERO_GAME_H
#define TABLERO_GAME_H

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

/*
 * Read one move at the start of text in s: 0 with *m and *used, which is
 * at least 1 and at most strlen(text); or -1 with a one-line message in
 * err (the plugin's, control bytes shown as '?', or the host's when the
 * plugin gave none or claimed bytes that are not there).
 */
int game_parse_move(const struct tbl_game *g, const struct tbl_state *s,
    const char *text, tbl_move *m, size_t *used, char *err, size_t errlen);

/*
 * Set s to the position string pos: 0, or -1 with s unchanged (as the
 * SDK asks) and a one-line message in err, never empty, control bytes
 * shown as '?'.
 */
int game_set_position(const struct tbl_game *g, struct tbl_state *s,
    const char *pos, char *err, size_t errlen);

/*
 * The notation of move m in s into buf[len] (len > 0): always
 * NUL-terminated, cut to fit, control bytes shown as '?'; "?" when the
 * plugin writes nothing.  Returns buf.
 */
char *game_move_text(const struct tbl_game *g, const struct tbl_state *s,
    tbl_move m, char *buf, size_t len);

/* Replace the control bytes of s but newline and tab by '?'. */
void game_clean_text(char *s);

/* The longest text the host takes from a plugin (a position, a board). */
#define TEXT_MAX (1u << 20)

/*
 * Call a snprintf-style plugin function (see tablero.h) and return its
 * text in a new string the caller frees.  The text is always
 * NUL-terminated, whatever the plugin wrote, and its control bytes but
 * newline and tab are shown as '?' (no escape sequence reaches a
 * terminal or a record); a negative length, one over TEXT_MAX bytes, or
 * asking again for more room than it was given, gives "".
 */
char *text_of(int (*fn)(const struct tbl_state *, char *, size_t),
    const struct tbl_state *s);

/*
 * One line saying what the legal move m does in st, as g's narrate()
 * tells it.  When the game has no narrate() hook, or it has nothing to
 * say, the move's notation `text` (with a note in the first case).
 * Caller frees.
 */
char *game_narrate(const struct tbl_game *g, const struct tbl_state *st,
    tbl_move m, const char *text);

/*
 * How the legal move m, played in st, ends a game of a match, as g's
 * match_game_end() hook says ("Q wins 42-27, gains P 0, Q 15"): one line
 * of at most 255 bytes, control bytes shown as '?'; NULL when m ends no
 * game of a match or g has no such hook.  Caller frees.
 */
char *game_match_end(const struct tbl_game *g, const struct tbl_state *st,
    tbl_move m);

#endif /* TABLERO_GAME_H */
