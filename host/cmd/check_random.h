/*
 * check_random.h - `tablero check` holds a plugin's play_random() (SDK
 * ABI 1.3) to the game that listing the moves and applying one plays.
 */
#ifndef TABLERO_CHECK_RANDOM_H
#define TABLERO_CHECK_RANDOM_H

#include "tablero.h"

struct checker;

/*
 * When the plugin has play_random(): played on a copy of st and given
 * the draw k, it must draw once among the n moves mv lists and leave
 * the position apply(mv[k]) leaves, or decline (return 0) without a
 * draw and without a change.  Each difference is a failure of c.
 */
void check_play_random(struct checker *c, const struct tbl_state *st,
    const tbl_move *mv, int n, int k);

#endif /* TABLERO_CHECK_RANDOM_H */
