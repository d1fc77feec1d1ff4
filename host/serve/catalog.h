/*
 * catalog.h - GET /api/games: the games this server can start, each with
 * its players and its options (type, default, range or choices, and
 * their documentation) for the page's new-game form, the game a new tab
 * starts, and the games in progress.
 */
#ifndef TABLERO_SERVE_CATALOG_H
#define TABLERO_SERVE_CATALOG_H

struct sbuf;
struct server;

/* Append the catalog object to out; returns the HTTP status. */
unsigned catalog_games(struct server *sv, struct sbuf *out);

#endif /* TABLERO_SERVE_CATALOG_H */
