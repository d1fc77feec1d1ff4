/*
 * contender.h - a player through one game of a run: a built-in player in this
 * process or an engine process (tablero-engine(5)), each on its clock.
 * A player that breaks the rules of play (an engine that dies, hangs,
 * answers an illegal move or garbage; any player past its time) is at
 * fault: the contender says why, and the game is lost.
 */
#ifndef TABLERO_CONTENDER_H
#define TABLERO_CONTENDER_H

#include <stddef.h>
#include <stdint.h>

#include "ai/ai.h"
#include "run/clock.h"

struct engine_def;
struct movebuf;
struct session;

/* The length of a fault's reason. */
#define CONTENDER_WHY 160

struct contender;

/*
 * Player `spec` for a game of s's game and options; an engine player
 * runs def (NULL for a built-in player).  `seed` seeds its generator
 * (the engine's `new SEED`).
 */
struct contender *contender_new(const struct seat_spec *spec,
    const struct engine_def *def, const struct timectl *tc, uint64_t seed);

/*
 * Start engine def, shake hands and end it: 0; 1 when it cannot run,
 * does not answer the handshake in time or speaks another protocol (why
 * says it); 2 when Ctrl-C or SIGTERM stopped it.
 */
int contender_check(const struct engine_def *def, char *why);

/*
 * Begin a game of s's game and options from s's start position, or that
 * set to the position string `setup` when not NULL: an engine is started
 * and told that.  The moves of an opening follow as every move does,
 * through contender_observe().  Returns 0; 1 when the player is at fault
 * (why says it); 2 when Ctrl-C or SIGTERM stopped it.
 */
int contender_begin(struct contender *p, const struct session *s,
    const char *setup, char *why);

/*
 * The player's decision in st, whose legal moves are lm->m[0..n).
 * Returns 0 with the move in *m; 1 at fault (why); 2 when stopped.
 * *score is the player's estimate of its outcome (-1: none given).
 */
int contender_choose(struct contender *p, const struct tbl_game *g,
    const struct tbl_state *st, const struct movebuf *lm, int n,
    tbl_move *m, double *score, char *why);

/* Move m is about to be played in st (every move, every player's). */
void contender_observe(struct contender *p, const struct tbl_game *g,
    const struct tbl_state *st, tbl_move m);

/* Seconds the player's decisions took so far. */
double contender_used(const struct contender *p);

/* End the game (quit the engine) and free p; NULL does nothing. */
void contender_free(struct contender *p);

#endif /* TABLERO_CONTENDER_H */
