/*
 * jsonl.c - writing and reading the JSON lines of tablero's runs.
 */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "run/jsonl.h"
#include "tablero.h"

void
json_string(struct sbuf *b, const char *s)
{
	size_t n;

	sbuf_puts(b, "\"");
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c >= 0x80) {
			/* JSON is UTF-8: a byte that starts no valid
			 * sequence becomes U+FFFD */
			if ((n = utf8_seq_len((const unsigned char *)s)) == 0)
				sbuf_puts(b, "\xef\xbf\xbd");
			else {
				sbuf_add(b, s, n);
				s += n - 1;
			}
		} else if (c == '"' || c == '\\')
			sbuf_printf(b, "\\%c", c);
		else if (c == '\n')
			sbuf_puts(b, "\\n");
		else if (c == '\t')
			sbuf_puts(b, "\\t");
		else if (c < 0x20)
			sbuf_printf(b, "\\u%04x", c);
		else
			sbuf_add(b, s, 1);
	}
	sbuf_puts(b, "\"");
}

void
json_number(struct sbuf *b, double v)
{
	if (!isfinite(v))
		sbuf_puts(b, "null");
	else if (v == floor(v) && fabs(v) < 1e15)
		sbuf_printf(b, "%.0f", v);
	else
		sbuf_printf(b, "%.17g", v);
}

void
json_member_strings(struct sbuf *b, const char *name, char *const *v, long n)
{
	long i;

	sbuf_printf(b, ",\"%s\":[", name);
	for (i = 0; i < n; i++) {
		if (i)
			sbuf_puts(b, ",");
		json_string(b, v[i]);
	}
	sbuf_puts(b, "]");
}

static const char *
skip_ws(const char *p)
{
	return tbl_skip_blanks(p);
}

/* The end of the string starting at the quote p, or NULL. */
static const char *
string_end(const char *p)
{
	for (p++; *p && *p != '"'; p++)
		if (*p == '\\' && p[1])
			p++;
	return *p == '"' ? p + 1 : NULL;
}

/* The end of a scalar (string, number, literal) at p, or NULL. */
static const char *
scalar_end(const char *p)
{
	if (*p == '"')
		return string_end(p);
	if (*p == '-' || (*p >= '0' && *p <= '9')) {
		char *end;
		(void)strtod(p, &end);
		return end > p ? end : NULL;
	}
	if (strncmp(p, "true", 4) == 0 || strncmp(p, "null", 4) == 0)
		return p + 4;
	if (strncmp(p, "false", 5) == 0)
		return p + 5;
	return NULL;
}

/* Objects and arrays nest at most this deep in a value. */
#define JSON_DEPTH 8

static const char *value_end(const char *p, int depth);

/* The end of the object whose members start at p (past its '{'), or NULL. */
static const char *
object_end(const char *p, int depth)
{
	const char *e;

	p = skip_ws(p);
	if (*p == '}')
		return p + 1;
	for (;;) {
		if (*p != '"' || (e = string_end(p)) == NULL)
			return NULL;
		p = skip_ws(e);
		if (*p != ':' || (p = value_end(skip_ws(p + 1), depth)) == NULL)
			return NULL;
		p = skip_ws(p);
		if (*p == '}')
			return p + 1;
		if (*p != ',')
			return NULL;
		p = skip_ws(p + 1);
	}
}

/* The end of the value at p (an object or array at most `depth` deep). */
static const char *
value_end(const char *p, int depth)
{
	if (*p == '{')
		return depth > 0 ? object_end(p + 1, depth - 1) : NULL;
	if (*p != '[')
		return scalar_end(p);
	if (depth <= 0)
		return NULL;
	p = skip_ws(p + 1);
	if (*p == ']')
		return p + 1;
	for (;;) {
		if ((p = value_end(p, depth - 1)) == NULL)
			return NULL;
		p = skip_ws(p);
		if (*p == ']')
			return p + 1;
		if (*p != ',')
			return NULL;
		p = skip_ws(p + 1);
	}
}

int
json_parse(const char *line, struct jobject *o, char *err, size_t errlen)
{
	const char *p = skip_ws(line), *e;

	o->n = 0;
	if (*p != '{') {
		snprintf(err, errlen, "not a JSON object (column %d)",
		    (int)(p - line) + 1);
		return -1;
	}
	p = skip_ws(p + 1);
	if (*p == '}') {
		if (*skip_ws(p + 1) == '\0')
			return 0;
		p = skip_ws(p + 1);
		goto bad;
	}
	for (;;) {
		struct jfield *f;
		if (*p != '"' || (e = string_end(p)) == NULL)
			goto bad;
		if (o->n == JSON_MAXFIELDS) {
			snprintf(err, errlen, "more than %d members", JSON_MAXFIELDS);
			return -1;
		}
		f = &o->f[o->n++];
		f->key = p + 1;
		f->klen = (size_t)(e - p - 2);
		p = skip_ws(e);
		if (*p != ':')
			goto bad;
		p = skip_ws(p + 1);
		if ((e = value_end(p, JSON_DEPTH)) == NULL)
			goto bad;
		f->val = p;
		f->vlen = (size_t)(e - p);
		p = skip_ws(e);
		if (*p == '}')
			break;
		if (*p != ',')
			goto bad;
		p = skip_ws(p + 1);
	}
	if (*skip_ws(p + 1) == '\0')
		return 0;
bad:
	snprintf(err, errlen, "malformed JSON at column %d", (int)(p - line) + 1);
	return -1;
}

static const struct jfield *
find(const struct jobject *o, const char *key)
{
	size_t n = strlen(key);
	int i;

	for (i = 0; i < o->n; i++)
		if (o->f[i].klen == n && memcmp(o->f[i].key, key, n) == 0)
			return &o->f[i];
	return NULL;
}

int
json_get_num(const struct jobject *o, const char *key, double *out)
{
	const struct jfield *f = find(o, key);
	char *end;

	if (f == NULL)
		return -1;
	if (strncmp(f->val, "null", 4) == 0) {
		*out = NAN;
		return 0;
	}
	*out = strtod(f->val, &end);
	return end == f->val + f->vlen ? 0 : -1;
}

int
json_get_long(const struct jobject *o, const char *key, long min, long max,
    long *out)
{
	double x;

	if (json_get_num(o, key, &x) != 0 || !(x >= (double)min) ||
	    !(x <= (double)max) || x != floor(x))
		return -1;
	*out = (long)x;
	return 0;
}

int
json_get_u64(const struct jobject *o, const char *key, uint64_t *out)
{
	const struct jfield *f = find(o, key);
	char *text;
	int rc;

	if (f == NULL)
		return -1;
	text = xstrndup(f->val, f->vlen);
	rc = parse_u64(text, out);
	free(text);
	return rc;
}

/* Unescape the JSON string at p (a quote). */
static char *
unescape(const char *p)
{
	struct sbuf b = { 0 };
	char *s;

	for (p++; *p && *p != '"'; p++) {
		if (*p != '\\') {
			sbuf_add(&b, p, 1);
			continue;
		}
		p++;
		switch (*p) {
		case 'n': sbuf_puts(&b, "\n"); break;
		case 't': sbuf_puts(&b, "\t"); break;
		case 'r': sbuf_puts(&b, "\r"); break;
		case 'u': {
			/* Four hex digits, or as many as there are: never past
			 * the string's end ("\u" at the end was read beyond). */
			char hex[5];
			unsigned long v;
			int k;
			for (k = 0; k < 4 && isxdigit((unsigned char)p[k + 1]); k++)
				hex[k] = p[k + 1];
			hex[k] = '\0';
			v = strtoul(hex, NULL, 16);
			if (k == 4 && v < 0x80) {
				char c = (char)v;
				sbuf_add(&b, &c, 1);
			}
			p += k;
			break;
		}
		default: sbuf_add(&b, p, 1); break;
		}
	}
	s = xstrdup(sbuf_str(&b));
	sbuf_free(&b);
	return s;
}

char *
json_get_str(const struct jobject *o, const char *key)
{
	const struct jfield *f = find(o, key);

	return f && f->val[0] == '"' ? unescape(f->val) : NULL;
}

int
json_get_bool(const struct jobject *o, const char *key)
{
	const struct jfield *f = find(o, key);

	if (f == NULL)
		return -1;
	if (strncmp(f->val, "true", 4) == 0)
		return 1;
	if (strncmp(f->val, "false", 5) == 0)
		return 0;
	return -1;
}

/* Call fn on each element of the array member key; the count or -1. */
static int
each(const struct jobject *o, const char *key, int max,
    int (*fn)(const char *p, const char *e, void *dst, int i), void *dst)
{
	const struct jfield *f = find(o, key);
	const char *p, *e;
	int n = 0;

	if (f == NULL || f->val[0] != '[')
		return -1;
	p = skip_ws(f->val + 1);
	while (*p != ']') {
		if (n == max || (e = scalar_end(p)) == NULL || fn(p, e, dst, n))
			return -1;
		n++;
		p = skip_ws(e);
		if (*p == ',')
			p = skip_ws(p + 1);
	}
	return n;
}

static int
num_at(const char *p, const char *e, void *dst, int i)
{
	char *end;

	if (e - p == 4 && strncmp(p, "null", 4) == 0) {
		((double *)dst)[i] = NAN;
		return 0;
	}
	((double *)dst)[i] = strtod(p, &end);
	return end == e ? 0 : -1;
}

static int
str_at(const char *p, const char *e, void *dst, int i)
{
	(void)e;
	if (*p != '"')
		return -1;
	((char **)dst)[i] = unescape(p);
	return 0;
}

int
json_get_nums(const struct jobject *o, const char *key, double *out, int max)
{
	return each(o, key, max, num_at, out);
}

int
json_get_strs(const struct jobject *o, const char *key, char **out, int max)
{
	int i, n;

	for (i = 0; i < max; i++)
		out[i] = NULL;
	if ((n = each(o, key, max, str_at, out)) < 0)
		for (i = 0; i < max; i++) {
			free(out[i]);	/* those read before the failure */
			out[i] = NULL;
		}
	return n;
}
