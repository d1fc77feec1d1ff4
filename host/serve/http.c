/*
 * http.c - the HTTP side of `tablero serve` on libmicrohttpd: every
 * request checked (see http.h) before the page or the API sees it.
 */
#include "config.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

#include <microhttpd.h>

#include "base/util.h"
#include "serve/api.h"
#include "serve/http.h"
#include "serve/req.h"
#include "serve/page.h"
#include "serve/server.h"

/* What a connection's request has gathered between the calls. */
struct pending {
	struct sbuf body;
	int too_big;
	int binary;		/* a NUL byte in the body */
};

int
http_token_ok(const struct server *sv, const char *given)
{
	size_t i, n = strlen(sv->token);
	unsigned char d = 0;

	if (given == NULL || strlen(given) != n)
		return 0;
	for (i = 0; i < n; i++)
		d |= (unsigned char)(given[i] ^ sv->token[i]);
	return d == 0;
}

/* Is name (without its port) an IPv4 or a bracketed IPv6 literal? */
static int
ip_literal(const char *name, size_t len)
{
	char buf[64];
	unsigned char addr[16];

	if (len == 0 || len >= sizeof buf)
		return 0;
	if (name[0] == '[' && name[len - 1] == ']') {
		memcpy(buf, name + 1, len - 2);
		buf[len - 2] = '\0';
		return inet_pton(AF_INET6, buf, addr) == 1;
	}
	memcpy(buf, name, len);
	buf[len] = '\0';
	return inet_pton(AF_INET, buf, addr) == 1;
}

int
http_host_ok(const struct server *sv, const char *host)
{
	const char *colon;
	char port[16];
	size_t len;

	if (host == NULL || (colon = strrchr(host, ':')) == NULL ||
	    strchr(colon, ']') != NULL)
		return 0;
	snprintf(port, sizeof port, "%u", sv->port);
	if (strcmp(colon + 1, port) != 0)
		return 0;
	len = (size_t)(colon - host);
	if (strlen(sv->bind) == len && strncasecmp(host, sv->bind, len) == 0)
		return 1;
	if (strcmp(sv->bind, "127.0.0.1") == 0 && len == 9 &&
	    strncasecmp(host, "localhost", 9) == 0)
		return 1;
	return sv->any_host && ip_literal(host, len);
}

/* Queue a response of `len` bytes of `body` with the safety headers. */
static enum MHD_Result
answer(struct MHD_Connection *c, unsigned status, const char *type,
    const char *body, size_t len)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(len,
	    (void *)body, MHD_RESPMEM_MUST_COPY);
	enum MHD_Result rc;

	if (r == NULL)
		return MHD_NO;
	MHD_add_response_header(r, "Content-Type", type);
	MHD_add_response_header(r, "Cache-Control", "no-store");
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
	MHD_add_response_header(r, "X-Frame-Options", "DENY");
	MHD_add_response_header(r, "Content-Security-Policy",
	    "default-src 'none'; script-src 'unsafe-inline'; style-src "
	    "'unsafe-inline'; img-src data:; connect-src 'self'; "
	    "form-action 'none'; frame-ancestors 'none'; base-uri 'none'");
	rc = MHD_queue_response(c, status, r);
	MHD_destroy_response(r);
	return rc;
}

static enum MHD_Result
refuse(struct MHD_Connection *c, unsigned status, const char *why)
{
	struct sbuf b = { 0 };
	enum MHD_Result rc;

	sbuf_printf(&b, "{\"error\":\"%s\"}\n", why);
	rc = answer(c, status, "application/json", b.s, b.len);
	sbuf_free(&b);
	return rc;
}

static enum MHD_Result
add_arg(void *cls, enum MHD_ValueKind kind, const char *key,
    const char *value)
{
	struct req *r = cls;

	if (r->n < REQ_MAX_ARGS) {
		r->keys[r->n] = xstrdup(key);
		r->vals[r->n] = xstrdup(value ? value : "");
		r->n++;
	}
	return MHD_YES;
}

/* The checks of a request before its body is read: 0 or a refusal. */
static unsigned
check(struct server *sv, struct MHD_Connection *c, const char *method,
    const char **why)
{
	const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
	    "Host");
	const char *hdr = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
	    "X-Tablero-Token");
	const char *arg = MHD_lookup_connection_value(c,
	    MHD_GET_ARGUMENT_KIND, "token");
	const char *len = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
	    "Content-Length");
	int post = strcmp(method, "POST") == 0;
	uint64_t size;

	*why = "forbidden: the Host header is not the address served";
	if (!http_host_ok(sv, host))
		return MHD_HTTP_FORBIDDEN;
	*why = "method not allowed: GET or POST";
	if (!post && strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
		return MHD_HTTP_METHOD_NOT_ALLOWED;
	*why = post ? "forbidden: a POST needs the token in the "
	    "X-Tablero-Token header" : "forbidden: no valid token";
	if (!http_token_ok(sv, hdr) && (post || !http_token_ok(sv, arg)))
		return MHD_HTTP_FORBIDDEN;
	/* libmicrohttpd has refused a Content-Length that is no number. */
	*why = "request body too large";
	if (len && parse_u64(len, &size) == 0 &&
	    size > (uint64_t)SERVE_BODY_MAX)
		return MHD_HTTP_CONTENT_TOO_LARGE;
	return 0;
}

/* The page or the API for a checked request with its whole body. */
static enum MHD_Result
respond(struct server *sv, struct MHD_Connection *c, const char *url,
    const char *method, struct pending *p)
{
	struct req r = { method, url, 0, { 0 }, { 0 } };
	struct sbuf out = { 0 };
	enum MHD_Result rc;
	unsigned status;

	if (strcmp(url, "/") == 0) {
		page_html(&out);
		rc = answer(c, MHD_HTTP_OK, "text/html; charset=utf-8", out.s,
		    out.len);
		sbuf_free(&out);
		return rc;
	}
	if (strncmp(url, "/api/", 5) != 0)
		return refuse(c, MHD_HTTP_NOT_FOUND, "not found");
	MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, add_arg, &r);
	if (p->body.len && req_parse_form(&r, sbuf_str(&p->body)) != 0) {
		req_free(&r);
		return refuse(c, MHD_HTTP_BAD_REQUEST, "too many arguments");
	}
	status = api_handle(sv, &r, &out);
	sbuf_puts(&out, "\n");
	rc = answer(c, status, "application/json", out.s, out.len);
	sbuf_free(&out);
	req_free(&r);
	return rc;
}

static enum MHD_Result
on_request(void *cls, struct MHD_Connection *c, const char *url,
    const char *method, const char *version, const char *upload,
    size_t *upload_size, void **con_cls)
{
	struct server *sv = cls;
	struct pending *p = *con_cls;
	const char *why;
	unsigned status;

	if (p == NULL) {
		if ((status = check(sv, c, method, &why)) != 0)
			return refuse(c, status, why);
		*con_cls = xcalloc(1, sizeof *p);
		return MHD_YES;
	}
	if (*upload_size > 0) {
		if (p->body.len + *upload_size > (size_t)SERVE_BODY_MAX)
			p->too_big = 1;
		else if (memchr(upload, '\0', *upload_size) != NULL)
			p->binary = 1;
		else
			sbuf_add(&p->body, upload, *upload_size);
		*upload_size = 0;
		return MHD_YES;
	}
	if (p->too_big)
		return refuse(c, MHD_HTTP_CONTENT_TOO_LARGE,
		    "request body too large");
	if (p->binary)
		return refuse(c, MHD_HTTP_BAD_REQUEST, "a NUL byte in the body");
	return respond(sv, c, url, method, p);
}

static void
on_done(void *cls, struct MHD_Connection *c, void **con_cls,
    enum MHD_RequestTerminationCode why)
{
	struct pending *p = *con_cls;

	if (p) {
		sbuf_free(&p->body);
		free(p);
	}
	*con_cls = NULL;
}

int
http_start(struct server *sv)
{
	struct sockaddr_in a;
	const union MHD_DaemonInfo *info;
	struct MHD_Daemon *d;

	memset(&a, 0, sizeof a);
	a.sin_family = AF_INET;
	a.sin_port = htons((unsigned short)sv->port);
	if (inet_pton(AF_INET, sv->bind, &a.sin_addr) != 1) {
		fprintf(stderr, "tablero: serve: --bind %s: not an IPv4 "
		    "address\n", sv->bind);
		return -1;
	}
	d = MHD_start_daemon(MHD_USE_AUTO_INTERNAL_THREAD | MHD_USE_ERROR_LOG,
	    0, NULL, NULL, on_request, sv,
	    MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&a,
	    MHD_OPTION_NOTIFY_COMPLETED, on_done, NULL,
	    MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)10,
	    MHD_OPTION_CONNECTION_LIMIT, (unsigned)512,
	    MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(64 << 10),
	    MHD_OPTION_END);
	if (d == NULL) {
		fprintf(stderr, "tablero: serve: cannot listen on %s port %u\n",
		    sv->bind, sv->port);
		return -1;
	}
	info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
	if (info)
		sv->port = info->port;
	sv->daemon = d;
	return 0;
}

void
http_stop(struct server *sv)
{
	if (sv->daemon)
		MHD_stop_daemon(sv->daemon);
	sv->daemon = NULL;
}
