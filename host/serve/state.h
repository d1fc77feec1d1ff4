/*
 * state.h - a game of the server as the JSON object that /api/state and
 * every request that changes a game answer (tablero-serve(1) lists its
 * members): the board as SVG and text, who is to move, the legal moves,
 * the history with the game's narration of each move, the seats, what a
 * computer seat is thinking, the result.
 */
#ifndef TABLERO_SERVE_STATE_H
#define TABLERO_SERVE_STATE_H

struct game;
struct sbuf;

/*
 * Append g's state object to out; all but what a worker does (thinking,
 * hint) is made once for each version and kept in g->cache.  Hold the
 * games' lock.
 */
void state_json(struct game *g, struct sbuf *out);

/*
 * Append the short answer to a GET whose since= names g's version: id,
 * version, "unchanged":true, thinking and hint.  Hold the lock.
 */
void state_unchanged(const struct game *g, struct sbuf *out);

/* Append {"error":MSG} with msg escaped. */
void state_error(struct sbuf *out, const char *msg);

#endif /* TABLERO_SERVE_STATE_H */
