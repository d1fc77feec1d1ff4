/*
 * http.h - one request as the API sees it, after the HTTP side
 * (libmicrohttpd, http.c) has checked it: its method, its path, and its
 * arguments from the query string and a form-encoded body.  The checks
 * (tablero-serve(1), SECURITY): the Host header names the address
 * served, the token is given (a POST's in the X-Tablero-Token header),
 * the body is at most SERVE_BODY_MAX bytes, and no path is a file.
 */
#ifndef TABLERO_SERVE_HTTP_H
#define TABLERO_SERVE_HTTP_H

#include <stddef.h>

struct server;
struct sbuf;

#define REQ_MAX_ARGS 32

struct req {
	const char *method;	/* "GET" or "POST" */
	const char *path;	/* "/api/state" */
	int n;
	char *keys[REQ_MAX_ARGS], *vals[REQ_MAX_ARGS];
};

/* The value of argument key, or NULL. */
const char *req_arg(const struct req *r, const char *key);

/*
 * Add the arguments of a form-encoded text (a=1&b=x%20y) to r, decoded;
 * -1 when there are more than REQ_MAX_ARGS.
 */
int req_parse_form(struct req *r, const char *text);

void req_free(struct req *r);

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
