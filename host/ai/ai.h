/*
 * ai.h - generic players that work on any plugin through the SDK alone:
 * uniform random, and UCT Monte Carlo tree search with random playouts.
 */
#ifndef TABLERO_AI_H
#define TABLERO_AI_H

#include <stddef.h>

#include "base/rng.h"
#include "core/seat.h"
#include "tablero.h"

/*
 * A move's value for its mover as the search proved it (MCTS-Solver: the
 * ends of the game its tree reached, backed up), or AI_UNPROVEN.
 */
#define AI_UNPROVEN 0
#define AI_PROVEN_WIN 1
#define AI_PROVEN_DRAW 2
#define AI_PROVEN_LOSS 3

struct ai_report {
	double winrate;		/* of the chosen move, for its mover */
	long simulations;	/* playouts run */
	long evaluations;	/* playouts cut short by the game's evaluate() */
	double seconds;
	int interrupted;	/* Ctrl-C stopped the search early */
	long reused;		/* playouts kept from earlier decisions */
	int threads;		/* threads that ran at least one playout */
	int proven;		/* the chosen move's AI_PROVEN_..., or 0 */
	const char *db;		/* the endgame database's DIR when the move
				   came from it (no search), else NULL */
	double stall;		/* with a time: the longest a thread went
				 * without looking at the clock (a playout,
				 * or the processor given to other work) */
};

/* One candidate of a search: a move of the root, for `hint N`. */
struct ai_line {
	tbl_move move;
	long visits;
	double winrate;		/* for the player to move */
	int proven;		/* AI_PROVEN_..., or AI_UNPROVEN */
};

/*
 * Choose a move for the player to move in st (not a chance point, not
 * the end): an MCTS player plays a move proven to win, else the most
 * visited of the moves not proven to lose (when some are not), and stops
 * searching once the position is proven.  Deterministic for a given rng
 * state (for a budget of playouts, whatever the threads).  Ctrl-C (see
 * interrupt.h) stops a search after its first playout; the best move so
 * far is chosen and report->interrupted says so.  Returns 0 with the
 * move in *m, or -1 when there is no legal move.  `report` may be NULL.
 */
int ai_choose(const struct tbl_game *g, const struct tbl_state *st,
    const struct seat_spec *spec, struct rng *rng, tbl_move *m,
    struct ai_report *report);

/*
 * A player through a whole game: it may keep what it learned between
 * its decisions (an MCTS player keeps the subtree of the position the
 * game reached).  Tell it every move of the game, its own, the
 * opponents' and chance's, with ai_player_observe() before the move is
 * applied to st.
 */
struct ai_player;
struct ai_player *ai_player_new(const struct seat_spec *spec);

/*
 * Can spec play game g from st: an MCTS player's endgame database
 * (:db=DIR) holds levels for exactly g and st's options (its limits off,
 * as solve writes them)?  0, or -1 with a message naming DIR or the file
 * that does not match.  The levels are mapped once a process and shared
 * by every player and thread.  A player with a database answers every
 * position it holds with perfect play (the best margin, a move that
 * takes men before one that does not, then the first in the move order)
 * and ends there every node and playout of its search with its value.
 */
int ai_spec_check(const struct seat_spec *spec, const struct tbl_game *g,
    const struct tbl_state *st, char *err, size_t errlen);
void ai_player_free(struct ai_player *p);

/* As ai_choose(), for the player to move in st. */
int ai_player_choose(struct ai_player *p, const struct tbl_game *g,
    const struct tbl_state *st, struct rng *rng, tbl_move *m,
    struct ai_report *rep);

/*
 * Search st with the MCTS player p (a search that keeps and grows its
 * tree) and write its best n root moves to lines: those proven to win
 * first and to lose last, else most visited first.
 * Returns how many were written (fewer when there are fewer legal
 * moves), or -1 when st has no player to move or p is not an MCTS
 * player.  Ctrl-C stops the search early, as for ai_choose().
 */
int ai_player_rank(struct ai_player *p, const struct tbl_game *g,
    const struct tbl_state *st, struct rng *rng, struct ai_line *lines,
    int n, struct ai_report *rep);

/*
 * Give the next decision of MCTS player p `seconds` of search, whatever
 * its budget says (a player on a clock); later decisions go back to the
 * budget.  Other players ignore it.
 */
void ai_player_set_time(struct ai_player *p, double seconds);

/*
 * While MCTS player p searches, call fn(arg, playouts) every 16 playouts
 * of its first thread, on the thread that called ai_player_choose() or
 * ai_player_rank(), with the playouts all its threads have run so far in
 * this decision (the others' counts a little behind).  fn NULL: none.
 * Other players do not search and never call it.
 */
void ai_player_set_progress(struct ai_player *p, void (*fn)(void *, long),
    void *arg);

/*
 * Move m is about to be played in st.  The MCTS player follows m in its
 * own copy of the position, so st may be NULL.
 */
void ai_player_observe(struct ai_player *p, const struct tbl_game *g,
    const struct tbl_state *st, tbl_move m);

#endif /* TABLERO_AI_H */
