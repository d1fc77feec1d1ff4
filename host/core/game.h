/*
 * game.h - the door to a plugin.  Every call of a plugin's value and text
 * hooks outside the hot path goes through a wrapper here, so that no
 * caller can forget a bound: whatever a plugin answers, what reaches the
 * caller is in range, bounded in length and tries, and cleaned (control
 * bytes shown as '?', see game_clean_text()).  A plugin's wrong answer is
 * reported once a process ("tablero: plugin NAME: ...") and replaced by
 * a safe one.
 *
 * Through the door: players, to_move, player_name, parse_move,
 * format_move, render, get_position, set_position, result,
 * describe_result, evaluate, explain_illegal, option_value, passes,
 * narrate, end_kind, match_game_end (tests/house-limits.sh keeps every
 * call of these in core/game.c and cmd/check*.c).
 *
 * Raw on purpose, for speed: the hot path (clone, copy, destroy,
 * legal_moves and chance_outcomes through base/movebuf.h, apply,
 * play_random and playout (core/game_play.c, which bounds playout's
 * answer; the search's random_move() calls play_random too), key_size,
 * get_key, set_key), the life of a plugin (init,
 * create, in core/loader.c and core/session.c), and diagram, whose
 * drawing calls view/drawing.c checks one by one.  `tablero check`
 * (cmd/check*.c) calls the hooks whose answers it judges directly: it
 * is there to see the wrong answers.
 */
#ifndef TABLERO_GAME_H
#define TABLERO_GAME_H

#include "tablero.h"

/* The longest text the host takes from a plugin (a position, a board). */
#define TEXT_MAX (1u << 20)

/* The longest text of one move the host takes. */
#define MOVE_TEXT_MAX 4096

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
 * The number of players of the new game s, checked once at its creation:
 * n in [1, TBL_MAX_PLAYERS], or -1 with a one-line message in err.
 */
int game_count_players(const struct tbl_game *g, const struct tbl_state *s,
    char *err, size_t errlen);

/* players()'s answer n outside [1, TBL_MAX_PLAYERS], reported, clamped. */
int game_bad_players(const struct tbl_game *g, int n);

/*
 * The number of players of s, in [1, TBL_MAX_PLAYERS] (the host refuses a
 * game outside it at its creation; an answer that changes out of it later
 * is reported and clamped, so no caller's array overflows).
 */
static inline int
game_players(const struct tbl_game *g, const struct tbl_state *s)
{
	int n = g->players(s);

	return n >= 1 && n <= TBL_MAX_PLAYERS ? n : game_bad_players(g, n);
}

/*
 * Who decides next in s: a player in [0, players(s)), TBL_CHANCE or
 * TBL_END.  Any other answer is reported and taken as the end of the
 * game.
 */
static inline int
game_to_move(const struct tbl_game *g, const struct tbl_state *s)
{
	int who = g->to_move(s);

	/* A player first: the common answer, and the fewest tests. */
	if (who >= 0 ? who < TBL_MAX_PLAYERS && who < g->players(s) :
	    who == TBL_END || who == TBL_CHANCE)
		return who;
	return game_bad_to_move(g, s, who);
}

/*
 * to_move()'s answer for a caller that refuses a game that gives a wrong
 * one rather than take it as over (the solver): 0 with *who a player,
 * TBL_CHANCE or TBL_END, or -1 with *who the wrong answer (not reported).
 */
static inline int
game_check_to_move(const struct tbl_game *g, const struct tbl_state *s,
    int *who)
{
	*who = g->to_move(s);
	if (*who >= 0)
		return *who < TBL_MAX_PLAYERS && *who < g->players(s) ? 0 : -1;
	return *who == TBL_END || *who == TBL_CHANCE ? 0 : -1;
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
 * err (the plugin's, cleaned, or the host's when the plugin gave none),
 * or -2 when the plugin claimed bytes that are not there (the game's
 * bug, said in err).
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
 * The notation of move m in s, in a new string the caller frees: never
 * empty ("?" when the plugin gives nothing or an error), at most
 * MOVE_TEXT_MAX bytes (a longer one is cut), cleaned.
 */
char *game_move_text(const struct tbl_game *g, const struct tbl_state *s,
    tbl_move m);

/*
 * The texts of s, each in a new string the caller frees, cleaned and at
 * most TEXT_MAX bytes: "" when the plugin gives an error, a runaway
 * length, or asks again for more room than it was given.  The result's
 * words are NULL when the game has no describe_result() hook.
 */
char *game_position(const struct tbl_game *g, const struct tbl_state *s);
char *game_render(const struct tbl_game *g, const struct tbl_state *s);
char *game_describe_result(const struct tbl_game *g,
    const struct tbl_state *s);

/*
 * Why the illegal move m is illegal in s, as explain_illegal() says, into
 * buf[len]: 0 with a cleaned line, or -1 with buf "" when the game has
 * no such hook or nothing to say.
 */
int game_explain_illegal(const struct tbl_game *g, const struct tbl_state *s,
    tbl_move m, char *buf, size_t len);

/*
 * The value option opt has in s, as option_value() says, into buf[len]:
 * 0 with a cleaned value, or -1 with buf "" when the game has no such
 * hook or does not say.
 */
int game_option_value(const struct tbl_game *g, const struct tbl_state *s,
    int opt, char *buf, size_t len);

/*
 * The players who passed after move m took before to after (ABI 1.2),
 * into who[0 .. cap): how many, in [0, cap], each a player of after
 * (a wrong one is reported and dropped); 0 without the hook.
 */
int game_passes(const struct tbl_game *g, const struct tbl_state *before,
    tbl_move m, const struct tbl_state *after, int *who, int cap);

/*
 * How the finished game s ended (ABI 1.3): TBL_END_LIMIT when the game
 * says it stopped at a limit of its own, else TBL_END_RULES (also
 * without the hook, and for any other answer, reported).
 */
int game_end_kind(const struct tbl_game *g, const struct tbl_state *s);

/*
 * The one cleaning of a text a plugin or an engine gives, in place: C0
 * control bytes but newline and tab, DEL, C1 controls (U+0080..U+009F,
 * as a raw byte such as the 8-bit CSI 0x9B or encoded, as C2 9B) and
 * each byte of invalid UTF-8 become one '?'.  The text never grows.
 */
void game_clean_text(char *s);

/*
 * 1 when game_clean_text() would leave s as it is (and, unless lines,
 * s holds no newline or tab), else 0.
 */
int game_text_is_clean(const char *s, int lines);

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
