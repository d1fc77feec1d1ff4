/*
 * solve.h - exact solving of a deterministic two-sided game by retrograde
 * analysis, through the SDK alone: every position reachable from a root
 * is enumerated by the plugin's own legal_moves() and apply(), keyed by
 * the plugin's position keys (ABI 1.3: the flat state or the key hooks),
 * and solved backwards from the ends of the game.  A position from which
 * neither side can force an end it wins is a draw, whether it reaches a
 * drawn end or play goes on for ever; where the game scores play that
 * never ends (struct tbl_dense's cycle: Awari's solution), such positions
 * are scored by the men on each side instead, level by level, as the
 * dense solver scores them (solve_retro.c).
 *
 * Memory is counted: every table the solver holds is charged against a
 * cap given at the start, and the solver stops with a message rather than
 * grow past it.  Positions are packed keys in one array, found through an
 * open-addressing table of 32-bit indices; parents are found through the
 * stored edges, turned round once the enumeration is done.
 */
#ifndef TABLERO_SOLVE_H
#define TABLERO_SOLVE_H

#include <stddef.h>
#include <stdint.h>

#include "tablero.h"

struct solver;

/* What solver_run() reports as it goes, about 5 times a second. */
enum solve_phase { SOLVE_ENUMERATE, SOLVE_LINK, SOLVE_RETRO };
typedef void (*solve_progress_fn)(void *arg, enum solve_phase phase,
    uint64_t done, uint64_t total);

/* The figures of a run. */
struct solve_stats {
	uint64_t positions;	/* reachable positions, the root included */
	uint64_t ends;		/* of which the game is over */
	uint64_t edges;		/* moves between them */
	uint64_t won[2];	/* positions player p wins with best play */
	size_t key_bytes;	/* bytes of one position key */
	size_t peak;		/* the most bytes the tables held at once */
	double seconds;		/* enumeration and solving, wall clock */
	double cpu;		/* the same in processor time */
	enum solve_phase phase;	/* where the run is, or stopped */
	uint64_t expanded;	/* positions whose moves are known */
};

/*
 * A solver for game g from position root, whose tables may hold at most
 * `cap` bytes.  NULL with a message in err when the game cannot be
 * solved this way: not two sides, no position keys, or options the keys
 * refuse (a limit to turn off).
 */
struct solver *solver_new(const struct tbl_game *g,
    const struct tbl_state *root, size_t cap, char *err, size_t errlen);

/*
 * Enumerate and solve.  Returns 0; 1 when Ctrl-C stopped it; -1 with a
 * message in err (a chance point reached, the memory cap, a move the
 * plugin refuses).  progress may be NULL.
 */
int solver_run(struct solver *sv, solve_progress_fn progress, void *arg,
    char *err, size_t errlen);

/*
 * The value of position s (a state of the same game) after a run: 0 with
 * *winner the player who wins with best play (-1: a draw) and *plies the
 * moves to the end with best play (the winner hurrying, the loser
 * holding out; 0 for a draw), or -1 when s is not among the positions.
 */
int solver_lookup(const struct solver *sv, const struct tbl_state *s,
    int *winner, unsigned *plies);

const struct solve_stats *solver_stats(const struct solver *sv);


void solver_free(struct solver *sv);

#endif /* TABLERO_SOLVE_H */
