/*
 * req.c - a request's arguments, as the API reads them: from the query
 * string and a form-encoded body, decoded (see req.h).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <microhttpd.h>

#include "base/util.h"
#include "serve/req.h"

const char *
req_arg(const struct req *r, const char *key)
{
	int i;

	for (i = 0; i < r->n; i++)
		if (strcmp(r->keys[i], key) == 0)
			return r->vals[i];
	return NULL;
}

static int
req_add(struct req *r, const char *key, size_t klen, const char *val,
    size_t vlen)
{
	if (r->n >= REQ_MAX_ARGS)
		return -1;
	char *q;

	r->keys[r->n] = xstrndup(key, klen);
	r->vals[r->n] = xstrndup(val, vlen);
	/* A form's '+' is a blank, an escaped one (%2B) a plus. */
	for (q = r->vals[r->n]; *q; q++)
		if (*q == '+')
			*q = ' ';
	MHD_http_unescape(r->keys[r->n]);
	MHD_http_unescape(r->vals[r->n]);
	r->n++;
	return 0;
}

int
req_parse_form(struct req *r, const char *text)
{
	const char *p = text, *amp, *eq;

	while (*p) {
		amp = strchr(p, '&');
		if (amp == NULL)
			amp = p + strlen(p);
		eq = memchr(p, '=', (size_t)(amp - p));
		if (amp > p && req_add(r, p, (size_t)((eq ? eq : amp) - p),
		    eq ? eq + 1 : amp, eq ? (size_t)(amp - eq - 1) : 0) != 0)
			return -1;
		p = *amp ? amp + 1 : amp;
	}
	return 0;
}

void
req_free(struct req *r)
{
	int i;

	for (i = 0; i < r->n; i++) {
		free(r->keys[i]);
		free(r->vals[i]);
	}
	r->n = 0;
}
