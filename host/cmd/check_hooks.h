/*
 * check_hooks.h - the value and text hooks `tablero check` judges raw at
 * each position beside the rules of cmd/checker.c: player names,
 * evaluate(), option_value(), narrate(), match_game_end(), passes() and
 * explain_illegal(), and the snprintf contract every text hook keeps.
 * Each returns 0 when all holds, else 1 with the first wrong answer said
 * in why, one line naming the hook.
 */
#ifndef TABLERO_CHECK_HOOKS_H
#define TABLERO_CHECK_HOOKS_H

#include <stddef.h>

#include "tablero.h"

/* A text hook called for check_text() with a buffer of len bytes. */
typedef int (*check_text_fn)(const void *ctx, char *buf, size_t len);

/*
 * The snprintf contract of a text hook (see tablero.h), called through
 * `call`: given len bytes it writes at most len (NUL included), always
 * terminates when len > 0, and returns the full length whatever len is.
 * Tried with len 0 (and a NULL buffer), 1, half, exact-1 and exact,
 * against guard bytes after the buffer.  With `line`, a hook that may
 * say nothing: 0 is nothing to say (the buffer left as it was), and a
 * text is one line of printable UTF-8 (game_text_is_clean).  `what` names the
 * hook in the message.
 */
int check_text(const char *what, check_text_fn call, const void *ctx,
    int line, char *why, size_t wlen);

/*
 * Each of the np players' names (never NULL; printable UTF-8 of at most
 * 64 bytes) and, when the game has evaluate() (ABI 1.1) and gives an
 * estimate, each value a number in [0, 1].
 */
int check_hooks(const struct tbl_game *g, const struct tbl_state *st,
    int np, char *why, size_t wlen);

/*
 * option_value() (ABI 1.2) of each declared option in st: the text
 * contract, one line, and a value the option takes (opt_parse), when it
 * gives one.
 */
int check_option_values(const struct tbl_game *g, const struct tbl_state *st,
    char *why, size_t wlen);

/* A move about to be judged: mv[k] of the n moves of `who` in before. */
struct check_move {
	const struct tbl_state *before, *after;	/* after = before + mv[k] */
	const tbl_move *mv;
	int n, k, who, np;
};

/*
 * The hooks of a move played: narrate() of it in before (ABI 1.3, a
 * player's move or a chance outcome) and match_game_end() (a player's
 * move) keep the text contract in one line; passes() (ABI 1.2) names
 * at most TBL_MAX_PLAYERS players of the game and counts the same with
 * no room; explain_illegal() (ABI 1.2) keeps the text contract in one
 * line for up to three moves of before whose text parses in after (a
 * player to move) as a move not legal there.
 */
int check_played(const struct tbl_game *g, const struct check_move *cm,
    char *why, size_t wlen);

#endif /* TABLERO_CHECK_HOOKS_H */
