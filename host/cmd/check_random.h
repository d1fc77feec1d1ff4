/*
 * check_random.h - `tablero check` holds a plugin's play_random() (SDK
 * ABI 1.3) and playout() (ABI 1.4) to the game that listing the moves
 * and applying one plays.
 */
#ifndef TABLERO_CHECK_RANDOM_H
#define TABLERO_CHECK_RANDOM_H

#include "tablero.h"

/*
 * When the plugin has play_random(): played on a copy of st and given
 * the draw k, it must draw once among the n moves mv lists and leave
 * the position apply(mv[k]) leaves, or decline (return 0) without a
 * draw and without a change.  Returns the first difference as an
 * allocated message for the caller to report, or NULL.
 */
char *check_play_random(const struct tbl_game *g, const struct tbl_state *st,
    const tbl_move *mv, int n, int k);

/*
 * Where no player is to move (`where`: at the end of the game, at a
 * chance point), play_random() must decline: return 0 without a draw
 * and without a change (the playout loops ask it before to_move()).
 * The first fault as an allocated message, or NULL.
 */
char *check_random_declines(const struct tbl_game *g,
    const struct tbl_state *st, const char *where);

/*
 * When the plugin has playout() (ABI 1.4): played on a copy of st with
 * a generator seeded from `seed`, allowed `cap` moves, it must answer 0
 * to cap moves, play exactly the moves that listing the legal moves and
 * applying the one tbl_rng_below() draws plays on another copy from the
 * same generator (no move at the end or at a chance point), and leave
 * the generator as those draws leave it.  The first difference as an
 * allocated message, or NULL.
 */
char *check_playout(const struct tbl_game *g, const struct tbl_state *st,
    uint64_t seed, long cap);

#endif /* TABLERO_CHECK_RANDOM_H */
