/*
 * game_play.h - random moves through a plugin's playout hooks: the one
 * place the host asks a plugin to play random moves on its own
 * (play_random, ABI 1.3; playout, ABI 1.4), and bounds what it answers.
 */
#ifndef TABLERO_GAME_PLAY_H
#define TABLERO_GAME_PLAY_H

#include "tablero.h"
#include "base/movebuf.h"
#include "base/rng.h"

/*
 * Nonzero when g plays random moves itself (playout() or play_random()),
 * so that game_random_playout() is the fast way to play them.
 */
static inline int
game_plays_random(const struct tbl_game *g)
{
	return g->playout != NULL || g->play_random != NULL;
}

/*
 * One random game on from st (changed in place), at most `cap` moves:
 * through the plugin's playout() where it has one (whole runs of moves
 * in one call, drawing from rng's generator inline), else play_random()
 * a move at a time, and legal_moves() (mb, grown as needed), a draw and
 * apply() where the plugin leaves the position to them (a chance point
 * by the outcomes' probabilities).  The same game either way for the
 * same generator.  Returns the moves played; *cut is 0 at the end of the
 * game, 1 when the cap cut it, 2 when the plugin gave nothing to play to
 * whoever was to move (reported once).  A playout() that answers more
 * moves than it was allowed, or fewer than none, is reported once and
 * bounded.
 */
long game_random_playout(const struct tbl_game *g, struct tbl_state *st,
    struct movebuf *mb, struct rng *rng, long cap, int *cut);

/*
 * One uniformly random move of st for `who` (a chance point by the
 * outcomes' probabilities): through the plugin's play_random() where it
 * takes the position, else listed into mb and applied; the same move
 * either way for the same generator.  Returns 0, or -1 when the plugin
 * gave nothing to play (a plugin bug; `check` reports it).
 */
int game_random_move(const struct tbl_game *g, struct tbl_state *st,
    int who, struct rng *rng, struct movebuf *mb);

/*
 * A plugin that gave `who`, to move, nothing to play: reported once a
 * hook.  Returns 2, the `cut` of a playout stopped by it.
 */
int game_no_move(const struct tbl_game *g, int who);

#endif /* TABLERO_GAME_PLAY_H */
