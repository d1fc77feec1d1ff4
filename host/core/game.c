/*
 * game.c - the door to a plugin: every call of its value and text hooks
 * outside the hot path, checked (see game.h).
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "base/util.h"

void
game_fault(const struct tbl_game *g, const char *fmt, ...)
{
	static struct {
		const struct tbl_game *g;
		char hook[32];
	} seen[32];
	static int nseen;
	size_t n = strcspn(fmt, " ");
	va_list ap;
	int i;

	if (n >= sizeof seen[0].hook)
		n = sizeof seen[0].hook - 1;
	for (i = 0; i < nseen; i++)
		if (seen[i].g == g && strncmp(seen[i].hook, fmt, n) == 0 &&
		    seen[i].hook[n] == '\0')
			return;		/* said once already */
	if (nseen < (int)(sizeof seen / sizeof seen[0])) {
		seen[nseen].g = g;
		memcpy(seen[nseen].hook, fmt, n);
		seen[nseen].hook[n] = '\0';
		nseen++;
	}
	fflush(stdout);
	fprintf(stderr, "tablero: plugin %s: ", g->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (a bug in the plugin; reported once)\n");
}

int
game_bad_to_move(const struct tbl_game *g, const struct tbl_state *s,
    int who)
{
	game_fault(g, "to_move returned %d, not a player of %d, TBL_CHANCE or "
	    "TBL_END; the game is taken as over", who, game_players(g, s));
	return TBL_END;
}

int
game_count_players(const struct tbl_game *g, const struct tbl_state *s,
    char *err, size_t errlen)
{
	int np = g->players(s);

	if (np >= 1 && np <= TBL_MAX_PLAYERS)
		return np;
	snprintf(err, errlen, "%s: the game reports %d players (a game has 1 "
	    "to %d)", g->name, np, TBL_MAX_PLAYERS);
	return -1;
}

int
game_bad_players(const struct tbl_game *g, int n)
{
	game_fault(g, "players returned %d, not a number of players from 1 "
	    "to %d; taken as %d", n, TBL_MAX_PLAYERS,
	    n < 1 ? 1 : TBL_MAX_PLAYERS);
	return n < 1 ? 1 : TBL_MAX_PLAYERS;
}

/*
 * The length of the character at p when it may be shown as it is: a
 * printable ASCII byte, newline, tab, or a whole UTF-8 sequence of a
 * character past U+009F (RFC 3629: no overlong form, no surrogate,
 * nothing past U+10FFFF).  0 for a C0 control, DEL, a C1 control
 * (U+0080..U+009F, raw or encoded) or a byte of invalid UTF-8.
 */
static size_t
shown_len(const unsigned char *p)
{
	if (*p < 0x80)
		return (*p >= 0x20 && *p != 0x7f) || *p == '\n' || *p == '\t';
	if (*p == 0xc2 && p[1] < 0xa0)
		return 0;	/* U+0080..U+009F, the C1 controls, encoded */
	return utf8_seq_len(p);	/* 0 for a raw C1 byte (0x80..0x9F) too */
}

void
game_clean_text(char *s)
{
	unsigned char *r = (unsigned char *)s, *w = r;
	size_t n;

	while (*r) {
		if ((n = shown_len(r)) == 0) {
			/* An encoded C1 control is one '?', as a raw one. */
			n = r[0] == 0xc2 && r[1] >= 0x80 && r[1] <= 0x9f ? 2 : 1;
			*w++ = '?';
			r += n;
			continue;
		}
		while (n-- > 0)
			*w++ = *r++;
	}
	*w = '\0';
}

int
game_text_is_clean(const char *s, int lines)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	for (; *p; p += n)
		if ((n = shown_len(p)) == 0 ||
		    (!lines && (*p == '\n' || *p == '\t')))
			return 0;
	return 1;
}

const char *
game_player_name(const struct tbl_game *g, const struct tbl_state *s, int p)
{
	const char *name = g->player_name(s, p);

	if (name == NULL) {
		game_fault(g, "player_name returned NULL for player %d", p + 1);
		return "?";
	}
	if (strnlen(name, 65) > 64 || !game_text_is_clean(name, 0)) {
		game_fault(g, "player_name gave player %d a name with a "
		    "control character, invalid UTF-8 or over 64 bytes", p + 1);
		return "?";
	}
	return name;
}

/* A result or estimate checked: each value of v[0..np) in [0, 1]. */
static int
in_unit(const struct tbl_game *g, const char *hook, const double *v, int np)
{
	int k;

	for (k = 0; k < np; k++)
		if (!(v[k] >= 0 && v[k] <= 1)) {
			game_fault(g, "%s gave player %d %g, not a number in [0, 1]; "
			    "it is not used", hook, k + 1, v[k]);
			return -1;
		}
	return 0;
}

int
game_result(const struct tbl_game *g, const struct tbl_state *s,
    double *out)
{
	double v[TBL_MAX_PLAYERS];
	int np = game_players(g, s);

	if (g->result(s, v) != 0 ||
	    in_unit(g, "result", v, np) != 0)
		return -1;
	memcpy(out, v, (size_t)np * sizeof *v);
	return 0;
}

int
game_evaluate(const struct tbl_game *g, const struct tbl_state *s,
    double *out)
{
	double v[TBL_MAX_PLAYERS];
	int np = game_players(g, s);

	if (g->evaluate == NULL || g->evaluate(s, v) != 0 || in_unit(g, "evaluate", v, np) != 0)
		return -1;
	memcpy(out, v, (size_t)np * sizeof *v);
	return 0;
}

int
game_parse_move(const struct tbl_game *g, const struct tbl_state *s,
    const char *text, tbl_move *m, size_t *used, char *err, size_t errlen)
{
	size_t n = strlen(text);

	err[0] = '\0';
	*used = 0;
	if (g->parse_move(s, text, m, used, err, errlen) != 0) {
		if (err[0] == '\0')
			snprintf(err, errlen, "cannot read a move in '%s'", text);
		err[errlen - 1] = '\0';
		game_clean_text(err);
		return -1;
	}
	if (*used == 0) {
		snprintf(err, errlen, "cannot read a move in '%s'", text);
		return -1;
	}
	if (*used > n) {
		snprintf(err, errlen, "%s claims to have read %zu bytes of the "
		    "%zu of '%s' (a bug in the game)", g->name, *used, n, text);
		*used = 0;
		return -2;
	}
	return 0;
}

int
game_set_position(const struct tbl_game *g, struct tbl_state *s,
    const char *pos, char *err, size_t errlen)
{
	err[0] = '\0';
	if (g->set_position(s, pos, err, errlen) == 0)
		return 0;
	err[errlen - 1] = '\0';
	if (err[0] == '\0')
		snprintf(err, errlen, "invalid position");
	game_clean_text(err);
	return -1;
}

char *
game_move_text(const struct tbl_game *g, const struct tbl_state *s,
    tbl_move m)
{
	size_t len = 64;
	char *buf = xcalloc(1, len);
	int n = g->format_move(s, m, buf, len);

	if (n >= (int)len) {		/* asked for more room: once */
		len = (size_t)(n < MOVE_TEXT_MAX ? n : MOVE_TEXT_MAX) + 1;
		free(buf);
		buf = xcalloc(1, len);
		n = g->format_move(s, m, buf, len);
	}
	buf[len - 1] = '\0';
	if (n >= 0 && (size_t)n < len)
		buf[n] = '\0';		/* even if the plugin did not */
	if (n <= 0 || buf[0] == '\0')
		snprintf(buf, len, "?");
	game_clean_text(buf);
	return buf;
}

static char *
text_of(int (*fn)(const struct tbl_state *, char *, size_t),
    const struct tbl_state *s)
{
	size_t len = 256;
	char *buf = xcalloc(1, len);
	int n, tries;

	for (tries = 0;; tries++) {
		n = fn(s, buf, len);
		/* An error, a runaway length, or asking for more again. */
		if (n < 0 || (size_t)n > TEXT_MAX ||
		    (tries > 0 && (size_t)n >= len)) {
			buf[0] = '\0';
			return buf;
		}
		if ((size_t)n < len)
			break;
		len = (size_t)n + 1;
		free(buf);
		buf = xcalloc(1, len);
	}
	buf[n] = '\0';		/* even if the plugin did not */
	game_clean_text(buf);	/* no escape sequence reaches a terminal */
	return buf;
}

char *
game_position(const struct tbl_game *g, const struct tbl_state *s)
{
	return text_of(g->get_position, s);
}

char *
game_render(const struct tbl_game *g, const struct tbl_state *s)
{
	return text_of(g->render, s);
}

char *
game_describe_result(const struct tbl_game *g, const struct tbl_state *s)
{
	return g->describe_result ? text_of(g->describe_result, s) : NULL;
}

/*
 * The answer n of a hook that wrote into buf[len]: terminated where it
 * says (even if the plugin did not), cut to fit, cleaned; "" for an error
 * or nothing.  0 when there is text, else -1.
 */
static int
text_in(int n, char *buf, size_t len)
{
	buf[len - 1] = '\0';
	if (n >= 0 && (size_t)n < len)
		buf[n] = '\0';
	if (n <= 0)
		buf[0] = '\0';
	game_clean_text(buf);
	return buf[0] ? 0 : -1;
}

int
game_explain_illegal(const struct tbl_game *g, const struct tbl_state *s,
    tbl_move m, char *buf, size_t len)
{
	buf[0] = '\0';
	if (g->explain_illegal == NULL)
		return -1;
	return text_in(g->explain_illegal(s, m, buf, len), buf, len);
}

int
game_option_value(const struct tbl_game *g, const struct tbl_state *s,
    int opt, char *buf, size_t len)
{
	buf[0] = '\0';
	if (g->option_value == NULL)
		return -1;
	return text_in(g->option_value(s, opt, buf, len), buf, len);
}

int
game_passes(const struct tbl_game *g, const struct tbl_state *before,
    tbl_move m, const struct tbl_state *after, int *who, int cap)
{
	int n, i, k = 0, np = game_players(g, after);

	if (g->passes == NULL || cap < 1)
		return 0;
	n = g->passes(before, m, after, who, cap);
	if (n > cap) {
		game_fault(g, "passes returned %d players, more than the %d it "
		    "was given room for; the first %d are kept", n, cap, cap);
		n = cap;
	}
	for (i = 0; i < n; i++) {
		if (who[i] >= 0 && who[i] < np)
			who[k++] = who[i];
		else
			game_fault(g, "passes named %d, not a player of %d; "
			    "it is dropped", who[i], np);
	}
	return k;
}

int
game_end_kind(const struct tbl_game *g, const struct tbl_state *s)
{
	int k;

	if (g->end_kind == NULL)
		return TBL_END_RULES;
	k = g->end_kind(s);
	if (k == TBL_END_RULES || k == TBL_END_LIMIT)
		return k;
	game_fault(g, "end_kind returned %d, neither TBL_END_RULES nor "
	    "TBL_END_LIMIT; taken as TBL_END_RULES", k);
	return TBL_END_RULES;
}

/* The longest account of one move the host takes. */
#define NARRATION_MAX 4096

char *
game_narrate(const struct tbl_game *g, const struct tbl_state *st,
    tbl_move m, const char *text)
{
	size_t len = 256;
	char *t;
	int n;

	if (g->narrate == NULL)
		return xasprintf("%s: %s does not tell what its moves do", text,
		    g->name);
	t = xcalloc(1, len);
	n = g->narrate(st, m, t, len);
	if (n >= (int)len && n <= NARRATION_MAX) {
		len = (size_t)n + 1;
		free(t);
		t = xcalloc(1, len);
		n = g->narrate(st, m, t, len);
	}
	if (n <= 0 || n >= (int)len) {
		/* Nothing to say, or a length that changed between calls. */
		free(t);
		return xstrdup(text);
	}
	t[strcspn(t, "\n")] = '\0';	/* one line, even if the game wrote more */
	game_clean_text(t);
	return t;
}

char *
game_match_end(const struct tbl_game *g, const struct tbl_state *st,
    tbl_move m)
{
	char buf[256];
	int n;

	if (g->match_game_end == NULL)
		return NULL;
	buf[0] = '\0';
	n = g->match_game_end(st, m, buf, sizeof buf);
	if (n <= 0)
		return NULL;
	buf[sizeof buf - 1] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	game_clean_text(buf);
	return buf[0] ? xstrdup(buf) : NULL;
}
