/*
 * solve_setup.h - what the faces of the solver share around the engine
 * (solve.h): the options a game is solved under, the memory cap, and the
 * values of the moves of one position.
 */
#ifndef TABLERO_SOLVE_SETUP_H
#define TABLERO_SOLVE_SETUP_H

#include <stddef.h>

#include "ai/solve.h"
#include "tablero.h"

struct optset;
struct sbuf;
struct solver;

/* The smallest memory cap solve starts with. */
#define SOLVE_MIN_CAP ((size_t)1 << 20)

/*
 * Apply the `unlimited` settings of g (ABI 1.3: "turn_limit=0") to os:
 * each the user did not set is set, and listed in `applied` ("k=v k=v",
 * may be NULL).  A value the user set otherwise is refused with a message
 * naming it, unless `force` (the REPL, whose game options come from the
 * configuration as well) overrides it too.  Returns 0 or -1.
 */
int solve_unlimit(const struct tbl_game *g, struct optset *os, int force,
    struct sbuf *applied, char *err, size_t errlen);

/* This machine's memory in bytes (0: unknown). */
size_t solve_machine_memory(void);

/* The memory cap when none is given: half the machine's memory. */
size_t solve_default_cap(void);

/*
 * Refuse a cap below SOLVE_MIN_CAP or above the machine's memory (which
 * would swap): 0, or -1 with a message.
 */
int solve_check_cap(size_t cap, char *err, size_t errlen);

/* A legal move of a solved position and its value. */
struct solve_move {
	tbl_move move;
	char *text;		/* as the game writes it */
	int winner;		/* who wins after it (-1: a draw) */
	unsigned plies;		/* plies to the end after it */
};

/*
 * The legal moves of s whose positions the solver sv knows, with their
 * values, into *out (free with solve_moves_free()); returns how many.
 */
int solve_move_values(const struct solver *sv, const struct tbl_game *g,
    const struct tbl_state *s, struct solve_move **out);
void solve_moves_free(struct solve_move *m, int n);

/* "win", "draw" or "loss" for `side`, when `winner` wins (-1: draw). */
const char *solve_value_word(int winner, int side);

/*
 * Parse a memory size: a whole number of decimal digits and its unit, B
 * or K, M, G, T (powers of 1024, with or without "iB"/"B"): "512M",
 * "8GiB", "65536B".  No sign, fraction, exponent or hexadecimal.
 * Returns 0, or -1 when text is not one.
 */
int solve_parse_bytes(const char *text, size_t *out);

/*
 * How far a run got, from the stats of one that stopped (Ctrl-C):
 * "2254336 positions found, 1048576 of them expanded", or "all N
 * positions found, K of them known won so far".
 */
void solve_how_far(const struct solve_stats *st, char *buf, size_t len);

/* The progress line of a run: "solve: 1234 positions found, 56 expanded". */
void solve_progress_text(enum solve_phase ph, uint64_t done, uint64_t total,
    char *buf, size_t len);

#endif /* TABLERO_SOLVE_SETUP_H */
