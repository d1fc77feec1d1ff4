/*
 * fakehost.h - a host services table for unit tests that drive a plugin
 * through its descriptor without the tablero program.  Include it in one
 * test file; it defines static functions only.
 *
 *	const struct tbl_game *g = fake_game();     // the linked-in plugin
 *	struct tbl_state *s = fake_create(g, "variant=hus holes=12");
 *
 * Include it after <cmocka.h>: the fake_must_* helpers fail the running
 * test with fail_msg().
 */
#ifndef TABLERO_FAKEHOST_H
#define TABLERO_FAKEHOST_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/options.h"
#include "core/services.h"
#include "tablero.h"

static inline void *
fake_alloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		abort();
	return p;
}

static inline void *
fake_calloc(size_t n)
{
	void *p = calloc(1, n ? n : 1);

	if (p == NULL)
		abort();
	return p;
}

static inline void
fake_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* The source tree's conf/ (TEST_DATA_DIR, set by Makefile.am). */
static inline const char *
fake_data_dir(void)
{
	return TEST_DATA_DIR;
}

/* The host's own reader, below TEST_DATA_DIR. */
static inline char *
fake_open_data(const char *game, const char *name, size_t max, size_t *len,
    char *err, size_t errlen)
{
	return services_read_data(TEST_DATA_DIR, game, name, max, len, err,
	    errlen);
}

static const struct tbl_host fake_host = {
	sizeof(struct tbl_host), TABLERO_ABI_MAJOR, TABLERO_ABI_MINOR,
	fake_alloc, fake_calloc, free, fake_warn,
	/* ABI 1.2 and later */
	fake_data_dir,
	/* ABI 1.4 and later */
	fake_open_data, services_read_file
};

const struct tbl_plugin_info *tablero_plugin(void);

/* The game descriptor of the plugin linked into this test program. */
static inline const struct tbl_game *
fake_game(void)
{
	return tablero_plugin()->game;
}

/*
 * Parse "key=value key=value" into option values (defaults for the rest)
 * with the host's own option parsing (host/core/options.c), so a value the
 * host refuses is refused here too, with the host's message, and create
 * a state.  fake_create() fails the test (abort with a message) on any
 * error; use fake_try_create() to test errors.  A test that includes this
 * file links host/libhost.la ($(PLUGIN_TEST_LIBS) in Makefile.am).
 */
static inline struct tbl_state *
fake_try_create(const struct tbl_game *g, const char *spec, char *err,
    size_t errlen)
{
	struct tbl_optval vals[64];
	char buf[4096], *tok, *save = NULL;
	int i;

	if (g->noptions > 64) {
		snprintf(err, errlen, "fake host: more than 64 options");
		return NULL;
	}
	memset(vals, 0, sizeof vals);
	for (i = 0; i < g->noptions; i++)
		if (g->options[i].def != NULL && opt_parse(&g->options[i],
		    g->options[i].def, &vals[i], err, errlen) != 0)
			return NULL;
		else
			vals[i].set = 0;
	snprintf(buf, sizeof buf, "%s", spec ? spec : "");
	for (tok = strtok_r(buf, " \t", &save); tok;
	    tok = strtok_r(NULL, " \t", &save)) {
		char *eq = strchr(tok, '=');
		if (eq == NULL || eq == tok) {
			snprintf(err, errlen, "expected key=value, not '%s'", tok);
			return NULL;
		}
		*eq++ = '\0';
		i = opt_find(g->options, g->noptions, tok);
		if (i < 0) {
			opt_unknown(g->options, g->noptions, g->name, tok, err, errlen);
			return NULL;
		}
		if (opt_parse(&g->options[i], eq, &vals[i], err, errlen) != 0)
			return NULL;
	}
	return g->create(&fake_host, vals, 1, err, errlen);
}

static inline struct tbl_state *
fake_create(const struct tbl_game *g, const char *spec)
{
	char err[TBL_ERRLEN] = "";
	struct tbl_state *s = fake_try_create(g, spec, err, sizeof err);

	if (s == NULL) {
		fprintf(stderr, "fake_create(%s): %s\n", spec ? spec : "", err);
		abort();
	}
	return s;
}

/* The position string of s in a static buffer (tests only). */
static inline const char *
fake_position(const struct tbl_game *g, const struct tbl_state *s)
{
	static char buf[8192];

	g->get_position(s, buf, sizeof buf);
	return buf;
}

/*
 * Play a whole line of moves ("b6xd6 c3") as the host does: parse, check
 * legality against legal_moves(), apply; repeat while text remains.
 * Returns 0, or -1 with a message in err (the state may hold the moves
 * played before the bad one).
 */
static inline int
fake_play(const struct tbl_game *g, struct tbl_state *s, const char *text,
    char *err, size_t errlen)
{
	tbl_move moves[4096], m;
	size_t used;
	int n, i;

	while (*text == ' ')
		text++;
	while (*text) {
		if (g->parse_move(s, text, &m, &used, err, errlen) != 0)
			return -1;
		n = g->legal_moves(s, moves, 4096);
		for (i = 0; i < n && i < 4096; i++)
			if (moves[i] == m)
				break;
		if (i >= n || i >= 4096) {
			snprintf(err, errlen, "illegal move '%.*s'", (int)used, text);
			return -1;
		}
		if (g->apply(s, m) != 0) {
			snprintf(err, errlen, "apply refused '%.*s'", (int)used, text);
			return -1;
		}
		text += used;
		while (*text == ' ')
			text++;
	}
	return 0;
}

/* Set position pos in s; fail the test with the plugin's message if refused. */
static inline void
fake_must_set(const struct tbl_game *g, struct tbl_state *s, const char *pos)
{
	char err[TBL_ERRLEN] = "";

	if (g->set_position(s, pos, err, sizeof err) != 0)
		fail_msg("set_position(%s): %s", pos, err);
}

/* Create with options spec and, unless pos is NULL, set position pos. */
static inline struct tbl_state *
fake_setup(const struct tbl_game *g, const char *spec, const char *pos)
{
	struct tbl_state *s = fake_create(g, spec);

	if (pos != NULL)
		fake_must_set(g, s, pos);
	return s;
}

/* Play a line of moves with fake_play(); fail the test on an error. */
static inline void
fake_must_play(const struct tbl_game *g, struct tbl_state *s, const char *text)
{
	char err[TBL_ERRLEN] = "";

	if (fake_play(g, s, text, err, sizeof err) != 0)
		fail_msg("play(%s): %s (position %s)", text, err,
		    fake_position(g, s));
}

/* The legal moves of s, formatted, separated by single blanks, in the
 * plugin's order, in a static buffer (tests only). */
static inline const char *
fake_moves(const struct tbl_game *g, const struct tbl_state *s)
{
	static char out[32768];
	tbl_move mv[4096];
	char one[64];
	size_t n = 0;
	int i, k = g->legal_moves(s, mv, 4096);

	out[0] = '\0';
	for (i = 0; i < k && i < 4096; i++) {
		g->format_move(s, mv[i], one, sizeof one);
		tbl_bprintf(out, sizeof out, &n, "%s%s", i ? " " : "", one);
	}
	return out;
}

/* describe_result() of s in a static buffer (tests only). */
static inline const char *
fake_result_text(const struct tbl_game *g, const struct tbl_state *s)
{
	static char buf[256];

	g->describe_result(s, buf, sizeof buf);
	return buf;
}

/*
 * narrate() (ABI 1.3) of the move `text` in s, in a static buffer (tests
 * only); fails the test when the move cannot be read.  The state is not
 * changed.
 */
static inline const char *
fake_narrate(const struct tbl_game *g, const struct tbl_state *s,
    const char *text)
{
	static char buf[1024];
	char err[TBL_ERRLEN] = "";
	tbl_move m;
	size_t used;

	buf[0] = '\0';
	if (g->parse_move(s, text, &m, &used, err, sizeof err) != 0)
		fail_msg("narrate(%s): %s", text, err);
	g->narrate(s, m, buf, sizeof buf);
	return buf;
}

#endif /* TABLERO_FAKEHOST_H */
