/*
 * options.c - values of declared options (a plugin's house rules and the
 * host's own settings): parsing a value by its declaration, finding a
 * key, and naming the nearest key when one is unknown.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/options.h"
#include "base/util.h"

int
opt_find(const struct tbl_option *opts, int n, const char *key)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(opts[i].key, key) == 0)
			return i;
	return -1;
}

void
opt_unknown(const struct tbl_option *opts, int n, const char *game,
    const char *key, char *err, size_t errlen)
{
	const char **keys = xcalloc((size_t)n + 1, sizeof *keys);
	const char *near;
	int i;

	for (i = 0; i < n; i++)
		keys[i] = opts[i].key;
	near = nearest(key, keys);
	if (near)
		snprintf(err, errlen, "unknown option '%s' for %s (did you mean '%s'?)",
		    key, game, near);
	else
		snprintf(err, errlen, "unknown option '%s' for %s", key, game);
	free(keys);
}

static int
parse_bool(const char *t, long *out)
{
	static const char *const yes[] = { "yes", "true", "on", "1", NULL };
	static const char *const no[] = { "no", "false", "off", "0", NULL };
	int i;

	for (i = 0; yes[i]; i++)
		if (strcasecmp(t, yes[i]) == 0)
			return *out = 1, 0;
	for (i = 0; no[i]; i++)
		if (strcasecmp(t, no[i]) == 0)
			return *out = 0, 0;
	return -1;
}

int
opt_parse(const struct tbl_option *o, const char *text, struct tbl_optval *v,
    char *err, size_t errlen)
{
	const char *near;
	char *end;
	long x;
	int i;

	memset(v, 0, sizeof *v);
	v->set = 1;
	switch (o->type) {
	case TBL_OPT_BOOL:
		if (parse_bool(text, &v->i) != 0) {
			snprintf(err, errlen, "option '%s' wants yes or no, not '%s'",
			    o->key, text);
			return -1;
		}
		return 0;
	case TBL_OPT_INT:
		errno = 0;
		x = strtol(text, &end, 10);
		if (text[0] == '\0' || *end != '\0' || errno == ERANGE) {
			snprintf(err, errlen, "option '%s' wants an integer, not '%s'",
			    o->key, text);
			return -1;
		}
		if (x < o->min || x > o->max) {
			snprintf(err, errlen, "option '%s' must be between %ld and %ld, not %ld",
			    o->key, o->min, o->max, x);
			return -1;
		}
		v->i = x;
		return 0;
	case TBL_OPT_ENUM:
		for (i = 0; o->choices[i]; i++)
			if (strcmp(o->choices[i], text) == 0) {
				v->i = i;
				return 0;
			}
		near = nearest(text, (const char *const *)o->choices);
		if (near)
			snprintf(err, errlen, "option '%s' has no value '%s' (did you mean '%s'?)",
			    o->key, text, near);
		else {
			struct sbuf b = { 0 };
			for (i = 0; o->choices[i]; i++)
				sbuf_printf(&b, "%s%s", i ? ", " : "", o->choices[i]);
			snprintf(err, errlen, "option '%s' has no value '%s' (choose one of: %s)",
			    o->key, text, sbuf_str(&b));
			sbuf_free(&b);
		}
		return -1;
	case TBL_OPT_STRING:
		if (strlen(text) > 1023) {
			snprintf(err, errlen, "option '%s': value longer than 1023 bytes", o->key);
			return -1;
		}
		v->s = text;
		return 0;
	}
	snprintf(err, errlen, "option '%s' has an unknown type", o->key);
	return -1;
}
