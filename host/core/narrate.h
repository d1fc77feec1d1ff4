/*
 * narrate.h - what a move does, in the game's own words: the line the
 * plugin's narrate() hook (SDK ABI 1.3) writes, which comes from the code
 * that plays the move.
 */
#ifndef TABLERO_NARRATE_H
#define TABLERO_NARRATE_H

#include "tablero.h"

/*
 * One line saying what the legal move m does in st, as g's narrate()
 * tells it.  When the game has no narrate() hook, or it has nothing to
 * say, the move's notation `text` (with a note in the first case).
 * Caller frees.
 */
char *narrate_move(const struct tbl_game *g, const struct tbl_state *st,
    tbl_move m, const char *text);

/*
 * How the legal move m, played in st, ends a game of a match, as g's
 * match_game_end() hook says ("Q wins 42-27, gains P 0, Q 15"): one line
 * of at most 255 bytes, control bytes shown as '?'; NULL when m ends no
 * game of a match or g has no such hook.  Caller frees.
 */
char *narrate_game_end(const struct tbl_game *g, const struct tbl_state *st,
    tbl_move m);

#endif /* TABLERO_NARRATE_H */
