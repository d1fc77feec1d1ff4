/*
 * http.h - the HTTP side of `tablero serve` (libmicrohttpd, http.c):
 * every request is checked before the page or the API (req.h, api.h)
 * sees it.  The checks (tablero-serve(1), SECURITY): the Host header
 * names the address served, the token is given (a POST's in the
 * X-Tablero-Token header), the body is at most SERVE_BODY_MAX bytes, and
 * no path is a file.
 */
#ifndef TABLERO_SERVE_HTTP_H
#define TABLERO_SERVE_HTTP_H

#include <stddef.h>

struct server;

/*
 * Is the Host header `host` one that may reach server sv?  Its name is
 * the address served (or localhost when that is 127.0.0.1; any IP
 * literal when it is every address) and its port the port served.
 */
int http_host_ok(const struct server *sv, const char *host);

/* Does `given` equal the server's token (in a time that tells nothing)? */
int http_token_ok(const struct server *sv, const char *given);

/* Start answering on sv's address; 0, or -1 with a message on stderr. */
int http_start(struct server *sv);
void http_stop(struct server *sv);

#endif /* TABLERO_SERVE_HTTP_H */
