/*
 * dense.h - exact solving level by level over a game's dense numbering
 * (the SDK 1.4 hooks dense_levels, dense_size, dense_set, dense_index):
 * one table a level, one value of 2 bytes a position, the levels solved
 * from the lowest up, each to a fixed point, on several threads.
 *
 * A value depends on the position alone, not on what has been taken: it
 * is the pair of thresholds (a, b) such that, with t the men player 0
 * has taken less player 1's, player 0 wins with best play when t >= b,
 * at least draws when t >= a, and loses when t < a.  So the best margin
 * player 0 can force a win by is t - b + 1, and player 1's a - t.  An
 * end whatever the score gives thresholds past every t.  Play that never
 * ends is a draw, as in the hash solver (solve.h): neither side wins
 * where neither can force an end it wins; unless the game scores it
 * (struct tbl_dense's cycle): then, once a level is solved, where
 * neither side can force a win the men on each side decide, as if the
 * game ended there, and the levels above are solved from that.
 */
#ifndef TABLERO_DENSE_H
#define TABLERO_DENSE_H

#include <stddef.h>
#include <stdint.h>

#include "tablero.h"
#include "ai/dense_types.h"

struct dense;

/* The value of a position, as dense_value() gives it. */
struct dense_value {
	int winner;		/* 0, 1, or -1: a draw */
	int margin;		/* the winner's forced margin; -1: the end
				   decides whatever the score */
};

/* How far a run got, as its progress last said: to tell a run that
 * Ctrl-C stopped. */
struct dense_where {
	int level, levels;	/* levels 0: no progress said yet */
	unsigned sweep;
	uint64_t done, total;
};
void dense_where_note(struct dense_where *w, int level, int levels,
    unsigned sweep, uint64_t done, uint64_t total);

/* "in level 12 of 0 to 20, sweep 3, at 40960 of its 1000560
 * positions", or "before the first level". */
void dense_where_text(const struct dense_where *w, char *buf, size_t len);

/*
 * A solver for game g, whose tables may hold `cap` bytes, run on
 * `threads` threads (1 or more).  NULL with a message when g offers no
 * dense numbering or declines it for root's options.
 */
struct dense *dense_new(const struct tbl_game *g,
    const struct tbl_state *root, size_t cap, int threads, char *err,
    size_t errlen);

/* Does g offer the dense hooks at all (not whether these options do)? */
int dense_offered(const struct tbl_game *g);

/*
 * Solve levels 0 .. top (top < 0: the level of the root).  Levels
 * already held (dense_load()) are not solved again.  0; 1 when Ctrl-C
 * stopped it; -1 with a message.
 */
int dense_run(struct dense *d, int top, dense_progress_fn fn, void *arg,
    char *err, size_t errlen);

/*
 * The value of s (a state of the same game) with best play: 0, or -1
 * when s is on a level not solved, or not numbered.
 */
int dense_value(const struct dense *d, const struct tbl_state *s,
    struct dense_value *v);

/*
 * The value of a position numbered e (its taken counted) whose stored
 * word is x (an end's x is not read), as dense_value() gives it: 0.
 */
int dense_decode(const struct tbl_dense *e, uint16_t x,
    struct dense_value *v);

/* The level of the root. */
int dense_root_level(const struct dense *d);

const struct dense_stats *dense_stats(const struct dense *d);
void dense_free(struct dense *d);

/*
 * Several processes (MPI, host/main_mpi.c, dense_share.c): each holds
 * its own block (dense_block()) of every level and solves it, and the
 * processes exchange the values that cross blocks through p's
 * collective calls (base/procs.h).  d borrows p: the caller keeps it
 * for as long as d lives.
 */
void dense_set_comm(struct dense *d, const struct procs *p);

/*
 * Shared by processes: fetch the values of the n states s[] (their
 * positions held by other processes) so that dense_value() answers them
 * here too.  Collective.  0, or -1 with a message.
 */
int dense_share_pin(struct dense *d, struct tbl_state *const *s, int n,
    char *err, size_t errlen);

/*
 * Shared by processes: the table of level whole, gathered into *full on
 * rank 0 (NULL on the others; the caller frees it).  Collective.  0 or
 * -1 with a message.
 */
int dense_share_gather(struct dense *d, int level, uint16_t **full,
    char *err, size_t errlen);

/*
 * The least memory this process needs to solve levels 0 .. top (and
 * *held, the positions of them it holds): 2 bytes a position of its
 * share of their tables and, shared by processes, what solving the
 * largest of its blocks takes before any move is kept (SHARE_BYTES a
 * position: the value of its moves off the level, the count of those on
 * it, who moves).  Bytes.
 */
#define SHARE_BYTES 3.125
size_t dense_need(const struct dense *d, int top, uint64_t *held);

/*
 * The tables are d's alone: dense_hold() allocates a level's, dense_free()
 * frees them all, and no pointer into them is handed out; what reads or
 * writes them from outside (dense_db.c) copies values in and out with
 * dense_get() and dense_put().
 *
 * For dense_db.c: the game, its root, the positions of a level (all of
 * them, also when shared by processes), those of it this process holds
 * ([*lo, *hi)), a level's table held (0, or -1 with a message), values
 * copied out of it and into it: v[0 .. n) from or to positions first ..
 * first + n, within those held (then 0; -1 when outside), a level
 * marked solved, and positions counted as read from a database.
 */
const struct tbl_game *dense_game(const struct dense *d);
const struct tbl_state *dense_root(const struct dense *d);
uint64_t dense_positions(const struct dense *d, int level);
void dense_held(const struct dense *d, int level, uint64_t *lo,
    uint64_t *hi);
int dense_hold(struct dense *d, int level, char *err, size_t errlen);
int dense_get(const struct dense *d, int level, uint64_t first,
    uint64_t n, uint16_t *v);
int dense_put(struct dense *d, int level, uint64_t first, uint64_t n,
    const uint16_t *v);
void dense_mark_solved(struct dense *d, int level);
void dense_count_loaded(struct dense *d, uint64_t n);

#endif /* TABLERO_DENSE_H */
