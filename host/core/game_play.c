/*
 * game_play.c - random games through a plugin's playout hooks (see
 * game_play.h).
 */
#include "config.h"

#include "core/game.h"
#include "core/game_play.h"

/* The draw play_random() asks for: rng_below() of the playout's rng. */
static uint32_t
play_below(void *rng, uint32_t n)
{
	return rng_below(rng, n);
}

int
game_no_move(const struct tbl_game *g, int who)
{
	if (who == TBL_CHANCE)
		game_fault(g, "chance_outcomes gave no outcome at a chance point");
	else
		game_fault(g, "legal_moves gave no legal move for a player to "
		    "move");
	return 2;
}

/*
 * The plugin's own moves, at most `room` (>= 1): playout()'s run, bounded,
 * or play_random()'s moves one call after another.  Each stops where the
 * plugin leaves the position to legal_moves() and apply().
 */
static long
plugin_moves(const struct tbl_game *g, struct tbl_state *st,
    struct rng *rng, long room)
{
	long n = 0;

	if (g->playout != NULL) {
		n = g->playout(st, &rng->g, room);
		if (n < 0 || n > room) {
			game_fault(g, "playout returned %ld moves, outside 0 "
			    "to the cap of %ld", n, room);
			n = n < 0 ? 0 : room;
		}
		return n;
	}
	while (n < room && g->play_random(st, play_below, rng) > 0)
		n++;
	return n;
}

/*
 * One move of st for `who` drawn from the list (mb, grown as needed): a
 * player's uniformly, a chance point's by the outcomes' probabilities.
 * Returns the number listed (0 or less: nothing played).
 */
static int
listed_move(const struct tbl_game *g, struct tbl_state *st, int who,
    struct rng *rng, struct movebuf *mb)
{
	int n = movebuf_fill(mb, g, st, who), k;

	if (n <= 0)
		return n;
	k = who == TBL_CHANCE ? rng_pick(rng, mb->prob, n) :
	    (int)rng_below(rng, (uint32_t)n);
	g->apply(st, mb->m[k]);
	return n;
}

int
game_random_move(const struct tbl_game *g, struct tbl_state *st, int who,
    struct rng *rng, struct movebuf *mb)
{
	if (who >= 0 && g->play_random != NULL &&
	    g->play_random(st, play_below, rng) > 0)
		return 0;
	return listed_move(g, st, who, rng, mb) > 0 ? 0 : -1;
}

/*
 * The plugin is asked first, since it plays nothing (and draws nothing)
 * at the end, a chance point or a position it leaves to legal_moves()
 * and apply(); only then is to_move() asked who is to move (the end of
 * the game among those), not before every move.
 */
long
game_random_playout(const struct tbl_game *g, struct tbl_state *st,
    struct movebuf *mb, struct rng *rng, long cap, int *cut)
{
	long len = 0;
	int who;

	*cut = 0;
	for (;;) {
		if (len < cap)
			len += plugin_moves(g, st, rng, cap - len);
		if ((who = game_to_move(g, st)) == TBL_END)
			break;
		if (len >= cap) {
			*cut = 1;
			break;
		}
		if (listed_move(g, st, who, rng, mb) <= 0) {
			*cut = game_no_move(g, who);
			break;
		}
		len++;
	}
	return len;
}
