/*
 * req.h - one request as the API sees it, after the HTTP side (http.h)
 * has checked it: its method, its path, and its arguments from the query
 * string and a form-encoded body.
 */
#ifndef TABLERO_SERVE_REQ_H
#define TABLERO_SERVE_REQ_H

#include <stddef.h>

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

#endif /* TABLERO_SERVE_REQ_H */
