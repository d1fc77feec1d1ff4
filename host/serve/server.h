/*
 * server.h - `tablero serve`: the games of a web server, played in the
 * browser or by scripts through the JSON API (tablero-serve(1)).  The
 * face cmd/serve.c parses the command line and calls serve_run(); this
 * room (host/serve/) holds the rest: the HTTP side and its safety model
 * (http.c), the API (api.c), the game state as JSON (state.c), the page
 * (page.c), the games and their worker threads (games.c, worker.c) and
 * their journal (journal.c).
 */
#ifndef TABLERO_SERVE_SERVER_H
#define TABLERO_SERVE_SERVER_H

#include "serve/games.h"

struct host;

/* The largest request body accepted (413 beyond). */
#define SERVE_BODY_MAX (256L << 10)

/* What the command line asks for. */
struct serve_opts {
	const char *game;	/* the game of a new tab, NULL: the configured */
	char **kv;		/* its key=value options */
	int nkv;
	const char *seats;	/* "human,mcts:500", NULL: the configured */
	long port;		/* 0: any free port */
	const char *bind;	/* NULL: 127.0.0.1 */
	int recover;		/* --recover: the journalled games */
	long workers;		/* threads that think, 0: one per CPU */
};

/* The server while it runs; the API handlers are given it. */
struct server {
	struct host *host;
	const struct serve_opts *opts;
	struct games games;
	char token[33];		/* 32 hex digits */
	char bind[64];		/* the address served */
	unsigned port;		/* the port served */
	int any_host;		/* bound to every address: IP literals pass */
	void *daemon;		/* libmicrohttpd's */
};

/*
 * Serve until SIGINT or SIGTERM: print the URL (with its token) as the
 * first line of standard output, then answer requests.  Returns the
 * exit status (0 after a signal; 1 when the server cannot start).
 */
int serve_run(struct host *h, const struct serve_opts *o);

#endif /* TABLERO_SERVE_SERVER_H */
