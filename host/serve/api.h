/*
 * api.h - the JSON API under /api (tablero-serve(1) lists every request
 * and answer), which the page itself uses: the state of a game, play,
 * throw, undo, redo, go, new game with house rules, seats, hint, the
 * record saved and loaded, the games and their options.
 */
#ifndef TABLERO_SERVE_API_H
#define TABLERO_SERVE_API_H

struct req;
struct sbuf;
struct server;

/* Answer request r into out (JSON); returns the HTTP status. */
unsigned api_handle(struct server *sv, const struct req *r, struct sbuf *out);

#endif /* TABLERO_SERVE_API_H */
