/*
 * record.c - saving and replaying game records.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/game.h"
#include "core/seat.h"
#include "core/loader.h"
#include "base/readfile.h"
#include "core/record.h"
#include "base/safefile.h"
#include "core/session.h"
#include "core/sessiontext.h"
#include "core/settings.h"
#include "base/util.h"

/* Append "[Key "value"]\n" with '"' and '\' escaped. */
static void
put_tag(struct sbuf *b, const char *key, const char *value)
{
	const char *p;

	sbuf_printf(b, "[%s \"", key);
	for (p = value; *p; p++) {
		if (*p == '"' || *p == '\\')
			sbuf_add(b, "\\", 1);
		if (*p == '\n')
			sbuf_puts(b, " ");
		else
			sbuf_add(b, p, 1);
	}
	sbuf_puts(b, "\"]\n");
}

/*
 * The record's first line and its tags up to (not including) [Result]:
 * what a record and the autosave journal share.
 */
static void
record_header(const struct session *s, const struct seat_spec *seats,
    int nseats, struct sbuf *b)
{
	struct sbuf pl = { 0 };
	char num[96], spec[SEAT_TEXT_MAX];
	int i;

	sbuf_puts(b, "# tablero game record\n");
	/* First, so that a record cut short anywhere lacks its [Game] tag,
	 * its moves or its end line. */
	snprintf(num, sizeof num, "%d", session_count_moves(s));
	put_tag(b, "Moves", num);
	put_tag(b, "Game", s->g->name);
	for (i = 0; i < s->opts.n; i++) {
		char *kv;
		if (s->opts.text[i] == NULL)
			continue;
		kv = xasprintf("%s=%s", s->g->options[i].key, s->opts.text[i]);
		put_tag(b, "Option", kv);
		free(kv);
	}
	snprintf(num, sizeof num, "%" PRIu64, s->seed);
	put_tag(b, "Seed", num);
	snprintf(num, sizeof num, "%016" PRIx64 " %016" PRIx64 " %016" PRIx64
	    " %016" PRIx64, s->rng.g.s[0], s->rng.g.s[1], s->rng.g.s[2], s->rng.g.s[3]);
	put_tag(b, "Chance", num);
	for (i = 0; seats && i < nseats; i++) {
		seat_format(&seats[i], spec, sizeof spec);
		sbuf_printf(&pl, "%s%s", i ? "," : "", spec);
	}
	if (pl.len)
		put_tag(b, "Players", sbuf_str(&pl));
	sbuf_free(&pl);
	if (s->setup)
		put_tag(b, "Setup", s->setup);
}

char *
record_text(const struct session *s, const struct seat_spec *seats,
    int nseats)
{
	struct sbuf b = { 0 };
	char *res;

	record_header(s, seats, nseats, &b);
	res = s->ended ? xstrdup(s->ended) : session_result(s);
	put_tag(&b, "Result", res ? res : "*");
	free(res);
	if (s->ended_why)
		put_tag(&b, "Termination", s->ended_why);
	{
		/* Beside the prose, each player's outcome for programs. */
		int np = game_players(s->g, s->cur), i;
		double *r = xcalloc((size_t)np + 1, sizeof *r);
		if (game_to_move(s->g, s->cur) == TBL_END &&
		    game_result(s->g, s->cur, r) == 0) {
			struct sbuf sc = { 0 };
			for (i = 0; i < np; i++)
				sbuf_printf(&sc, "%s%g", i ? " " : "", r[i]);
			put_tag(&b, "Scores", sbuf_str(&sc));
			sbuf_free(&sc);
		}
		free(r);
	}
	sbuf_puts(&b, "\n");
	session_history(s, &b, 1);
	sbuf_puts(&b, RECORD_END "\n");
	return b.s;
}

int
record_save(const struct session *s, const struct seat_spec *seats,
    int nseats, const char *path, char *err, size_t errlen)
{
	char *text = record_text(s, seats, nseats);
	int rc = safefile_replace(path, text, strlen(text), err, errlen);

	free(text);
	return rc;
}

/* "s0 s1 s2 s3" in hexadecimal (the [Chance] tag) into r; 0 or -1. */
static int
parse_chance(const char *text, struct rng *r)
{
	const char *p = text;
	int i, j;

	for (i = 0; i < 4; i++) {
		uint64_t v = 0;
		for (j = 0; j < 16; j++, p++) {
			int d;
			if (*p >= '0' && *p <= '9')
				d = *p - '0';
			else if (*p >= 'a' && *p <= 'f')
				d = *p - 'a' + 10;
			else
				return -1;
			v = v << 4 | (uint64_t)d;
		}
		r->g.s[i] = v;
		if (*p != (i < 3 ? ' ' : '\0'))
			return -1;
		p++;
	}
	/* xoshiro256** never leaves the all-zero state, nor reaches it. */
	return (r->g.s[0] | r->g.s[1] | r->g.s[2] | r->g.s[3]) ? 0 : -1;
}

/*
 * Parse `[Key "value"]` (a '#' comment may follow): returns 0 with key
 * and value (unescaped) in new strings, or -1 when the line is
 * malformed.  The one reader of a tag: loading and pictures alike.
 */
static int
parse_tag(const char *line, char **key, char **value)
{
	const char *p = tbl_skip_blanks(line + 1), *k = p;
	struct sbuf v = { 0 };

	while (*p && !tbl_is_blank((unsigned char)*p) && *p != '"' && *p != ']')
		p++;
	if (p == k)
		return -1;
	*key = xstrndup(k, (size_t)(p - k));
	p = tbl_skip_blanks(p);
	if (*p++ != '"')
		goto bad;
	for (; *p && *p != '"'; p++) {
		if (*p == '\\' && p[1])
			p++;
		sbuf_add(&v, p, 1);
	}
	if (*p++ != '"')
		goto bad;
	p = tbl_skip_blanks(p);
	if (*p++ != ']')
		goto bad;
	p = tbl_skip_blanks(p);
	if (*p != '\0' && *p != '#')
		goto bad;	/* text after the tag */
	*value = v.s ? v.s : xstrdup("");
	return 0;
bad:
	free(*key);
	sbuf_free(&v);
	return -1;
}

/* What record_parse has read so far. */
struct reader {
	const char *name;	/* for messages: "name:line: ..." */
	int lineno;
	struct pluginset *ps;
	struct plugin *p;	/* from [Game] */
	struct optset os;	/* from [Option] */
	uint64_t seed, announced;
	int have_moves, have_end, have_chance;
	int terminated;		/* [Termination]: ended before the rules did */
	struct rng chance;
	char *setup, *players, *result, *why;
	struct session *s;	/* once the first move line is read */
	char *err;
	size_t errlen;
};

/* One [Key "value"] line t; 0, or -1 with r->err set. */
static int
read_tag(struct reader *r, const char *t)
{
	char *key, *value, e[TBL_ERRLEN];
	char *err = r->err;
	size_t errlen = r->errlen;
	const char *name = r->name;
	int lineno = r->lineno;

	if (parse_tag(t, &key, &value) != 0) {
		snprintf(err, errlen, "%s:%d: malformed tag (expected "
		    "[Key \"value\"])", name, lineno);
		return -1;
	}
	if (strcmp(key, "Game") == 0) {
		r->p = pluginset_find(r->ps, value);
		if (r->p == NULL) {
			snprintf(err, errlen, "%s:%d: unknown game '%s'",
			    name, lineno, value);
		} else {
			optset_free(&r->os);
			optset_init(&r->os, &r->p->game, NULL);
		}
	} else if (strcmp(key, "Option") == 0) {
		char *eq = strchr(value, '=');
		if (r->p == NULL)
			snprintf(err, errlen, "%s:%d: Option before Game",
			    name, lineno);
		else if (eq == NULL)
			snprintf(err, errlen, "%s:%d: Option wants "
			    "key=value, not '%s'", name, lineno, value);
		else {
			*eq = '\0';
			if (optset_assign(&r->os, &r->p->game, value, eq + 1,
			    e, sizeof e) != 0)
				snprintf(err, errlen, "%s:%d: %s", name,
				    lineno, e);
			*eq = '=';
		}
	} else if (strcmp(key, "Seed") == 0) {
		if (parse_u64(value, &r->seed) != 0)
			snprintf(err, errlen, "%s:%d: Seed wants a number, "
			    "not '%s'", name, lineno, value);
	} else if (strcmp(key, "Moves") == 0) {
		if (parse_u64(value, &r->announced) != 0 ||
		    r->announced > INT_MAX)
			snprintf(err, errlen, "%s:%d: Moves wants a number "
			    "of moves, not '%s'", name, lineno, value);
		r->have_moves = 1;
	} else if (strcmp(key, "Chance") == 0) {
		if (parse_chance(value, &r->chance) != 0)
			snprintf(err, errlen, "%s:%d: Chance wants four "
			    "16-digit hexadecimal numbers, not '%s'", name,
			    lineno, value);
		r->have_chance = 1;
	} else if (strcmp(key, "Setup") == 0) {
		free(r->setup);
		r->setup = xstrdup(value);
	} else if (strcmp(key, "Players") == 0) {
		if (host_value_check("seats", value, e, sizeof e) != 0)
			snprintf(err, errlen, "%s:%d: Players: %s", name,
			    lineno, e);
		free(r->players);
		r->players = xstrdup(value);
	} else if (strcmp(key, "Result") == 0) {
		free(r->result);
		r->result = xstrdup(value);
	} else if (strcmp(key, "Termination") == 0) {
		r->terminated = 1;
		free(r->why);
		r->why = xstrdup(value);
	}
	/* Other tags (Date, Event, Scores...) are kept by users. */
	free(key);
	free(value);
	return err[0] ? -1 : 0;
}

/*
 * The session the tags describe, in r->s; 0, or -1 with r->err set:
 * no_game when there was no [Game] tag, else the session's error (with
 * the current line when at_line).
 */
static int
start_game(struct reader *r, const char *no_game, int at_line)
{
	char e[TBL_ERRLEN];
	const char *what = "";

	if (r->p == NULL) {
		snprintf(r->err, r->errlen, "%s:%d: %s", r->name, r->lineno,
		    no_game);
		return -1;
	}
	r->s = session_new(r->p, &r->os, r->seed, e, sizeof e);
	if (r->s != NULL) {
		if (r->setup == NULL ||
		    session_setup(r->s, r->setup, e, sizeof e) == 0)
			return 0;
		what = "bad Setup: ";
	}
	if (at_line)
		snprintf(r->err, r->errlen, "%s:%d: %s%s", r->name, r->lineno,
		    what, e);
	else
		snprintf(r->err, r->errlen, "%s: %s%s", r->name, what, e);
	return -1;
}

/* One line of moves t (a '#' starts a comment); 0, or -1 with r->err set. */
static int
read_moves(struct reader *r, char *t)
{
	struct session *s;
	char *hash, e[TBL_ERRLEN];

	if (r->s == NULL && start_game(r, "not a game record: moves before a "
	    "[Game] tag", 1) != 0)
		return -1;
	s = r->s;
	hash = strchr(t, '#');
	if (hash)
		*hash = '\0';
	t = strtrim(t);
	while (*t) {
		tbl_move m;
		size_t used = 0;
		e[0] = '\0';
		if (game_to_move(s->g, s->cur) == TBL_END) {
			snprintf(r->err, r->errlen, "%s:%d: move '%s' after the end "
			    "of the game", r->name, r->lineno, t);
			return -1;
		}
		if (game_parse_move(s->g, s->cur, t, &m, &used, e,
		    sizeof e) != 0) {
			snprintf(r->err, r->errlen, "%s:%d: %s", r->name, r->lineno,
			    e);
			return -1;
		}
		if (session_apply(s, m, e, sizeof e) != 0) {
			snprintf(r->err, r->errlen, "%s:%d: %s", r->name, r->lineno,
			    e);
			return -1;
		}
		t = (char *)tbl_skip_blanks(t + used);
	}
	return 0;
}

/*
 * A comment "# game N of the match: TEXT" (or "since the setup") that
 * the history writes after the move that ended a game of a match: the
 * moves read so far must have ended game N so, with that move (passes
 * may follow it).  0, or -1 with r->err set; other comments are 0.
 */
static int
read_game_end(struct reader *r, const char *t)
{
	const struct session *s = r->s;
	const char *what;
	char *end;
	long want;
	int i, n = 0, last = -1;

	if (strncmp(t, "# game ", 7) != 0 || s == NULL)
		return 0;
	want = strtol(t + 7, &end, 10);
	if (strncmp(end, " of the match: ", 15) == 0)
		what = end + 15;
	else if (strncmp(end, " since the setup: ", 18) == 0)
		what = end + 18;
	else
		return 0;
	for (i = 0; i < s->nmoves; i++)
		if (s->ends[i] != NULL) {
			n++;
			last = i;
		}
	for (i = last + 1; last >= 0 && i < s->nmoves; i++)
		if (!SESSION_IS_PASS(s->movers[i]))
			last = -1;	/* moves were played since that end */
	if (last >= 0 && n == want && strcmp(s->ends[last], what) == 0)
		return 0;
	if (last < 0)
		snprintf(r->err, r->errlen, "%s:%d: the record says game %ld "
		    "%s ended here (%s), but the moves before this line end no "
		    "game", r->name, r->lineno, want, SESSION_GAMES(s), what);
	else
		snprintf(r->err, r->errlen, "%s:%d: the record says game %ld "
		    "%s ended here (%s), but the moves before this line end "
		    "game %d: %s", r->name, r->lineno, want, SESSION_GAMES(s),
		    what, n, s->ends[last]);
	return -1;
}

/* A player named in a seat line, from p to the first `stop`, into buf;
 * the text after `stop`, or NULL when it is no player. */
static const char *
seat_player(const char *p, const char *stop, char *buf, size_t len)
{
	const char *e = strstr(p, stop);
	struct seat_spec spec;
	char err[TBL_ERRLEN];

	if (e == NULL || (size_t)(e - p) >= len)
		return NULL;
	memcpy(buf, p, (size_t)(e - p));
	buf[e - p] = '\0';
	return seat_parse(buf, &spec, err, sizeof err) == 0 ? e + strlen(stop) :
	    NULL;
}

/*
 * A comment line "# seat N (NAME): PLAYER from here (PLAYER before)": a
 * seat taken over before the next move (session_note_seat()); 0, or -1
 * with r->err set.
 */
static int
read_seat(struct reader *r, const char *t)
{
	char name[64], now[SEAT_TEXT_MAX], was[SEAT_TEXT_MAX];
	const char *p;
	long n;
	int np;

	if (r->s == NULL && start_game(r, "not a game record: a seat line "
	    "before a [Game] tag", 1) != 0)
		return -1;
	np = game_players(r->s->g, r->s->cur);
	n = strtol(t + 5, (char **)&p, 10);
	if (n >= 1 && n <= np && snprintf(name, sizeof name, " (%s): ",
	    session_player(r->s, (int)n - 1)) > 0 &&
	    strncmp(p, name, strlen(name)) == 0 &&
	    (p = seat_player(p + strlen(name), " from here (", now,
	    sizeof now)) != NULL && (p = seat_player(p, " before)", was,
	    sizeof was)) != NULL && *p == '\0') {
		session_note_seat(r->s, t);
		return 0;
	}
	snprintf(r->err, r->errlen, "%s:%d: a seat line wants 'seat N (NAME): "
	    "PLAYER from here (PLAYER before)' with N from 1 to %d and its "
	    "name, not '%.80s'", r->name, r->lineno, np, t);
	return -1;
}

/* One trimmed line t of the record; 0, or -1 with r->err set. */
static int
read_line(struct reader *r, char *t)
{
	if (strcmp(t, RECORD_END) == 0) {
		r->have_end = 1;
		return 0;
	}
	if (strncmp(t, "# seat ", 7) == 0)
		return read_seat(r, t + 2);
	if (*t == '#')
		return read_game_end(r, t);
	if (*t == '\0')
		return 0;
	if (r->have_end) {
		snprintf(r->err, r->errlen, "%s:%d: text after the end of the "
		    "record", r->name, r->lineno);
		return -1;
	}
	if (*t == '[' && r->s == NULL)
		return read_tag(r, t);
	return read_moves(r, t);
}

/*
 * After the last line: the game (when no move line started it), and the
 * record checked against its [Moves], end line and [Result]; 0, or -1
 * with r->err set.
 */
static int
finish(struct reader *r)
{
	if (r->s == NULL &&
	    start_game(r, "no [Game] tag: not a tablero record", 0) != 0)
		return -1;
	/* A record that announces its length must have all of it. */
	if (r->have_moves && !r->have_end) {
		snprintf(r->err, r->errlen, "%s:%d: truncated record: no '%s' "
		    "line", r->name, r->lineno, RECORD_END);
		return -1;
	}
	if (r->have_moves &&
	    (uint64_t)session_count_moves(r->s) != r->announced) {
		snprintf(r->err, r->errlen, "%s:%d: truncated record: %d moves, "
		    "but its [Moves] tag says %" PRIu64, r->name, r->lineno,
		    session_count_moves(r->s), r->announced);
		return -1;
	}
	/* Dice after a load continue where the saved game left off. */
	if (r->have_chance)
		r->s->rng = r->chance;
	if (r->result && strcmp(r->result, "*") != 0 && !r->terminated &&
	    game_to_move(r->s->g, r->s->cur) != TBL_END) {
		snprintf(r->err, r->errlen, "%s:%d: the record says '%s' but the "
		    "game is not over after its moves", r->name, r->lineno,
		    r->result);
		return -1;
	}
	return 0;
}

struct session *
record_parse(const char *name, const char *text, struct pluginset *ps,
    char *err, size_t errlen)
{
	struct reader r;
	char *copy = xstrdup(text), *line, *next;
	int rc = 0;

	memset(&r, 0, sizeof r);
	r.name = name;
	r.ps = ps;
	r.err = err;
	r.errlen = errlen;
	err[0] = '\0';
	for (line = copy; line && rc == 0; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		else if (*line == '\0')
			break;	/* the end of a file that ends with a newline */
		r.lineno++;
		rc = read_line(&r, strtrim(line));
	}
	if (rc == 0)
		rc = finish(&r);
	if (rc == 0) {
		r.s->players = r.players;
		r.players = NULL;
		if (r.terminated && r.result && strcmp(r.result, "*") != 0 &&
		    game_to_move(r.s->g, r.s->cur) != TBL_END) {
			r.s->ended = r.result;
			r.s->ended_why = r.why;
			r.result = r.why = NULL;
		}
	} else {
		session_free(r.s);
		r.s = NULL;
	}
	free(r.players);
	free(r.result);
	free(r.why);
	free(r.setup);
	free(copy);
	optset_free(&r.os);
	return r.s;
}

void
record_tags(const char *text, void (*fn)(void *, const char *, const char *),
    void *arg)
{
	char *copy = xstrdup(text), *line, *next, *t, *key, *value;

	for (line = copy; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		t = strtrim(line);
		if (*t == '\0' || *t == '#')
			continue;
		if (*t != '[' || parse_tag(t, &key, &value) != 0)
			break;
		fn(arg, key, value);
		free(key);
		free(value);
	}
	free(copy);
}

char *
record_read(const char *path, char *err, size_t errlen)
{
	char why[256], *text;
	size_t len;

	text = readfile(path, RECORD_MAX_BYTES, &len, why, sizeof why);
	if (text == NULL) {
		snprintf(err, errlen, "%s: cannot open: %s", path, why);
		return NULL;
	}
	if (memchr(text, '\0', len) != NULL) {
		snprintf(err, errlen, "%s: not a tablero record (binary data)", path);
		free(text);
		return NULL;
	}
	return text;
}

struct session *
record_load(const char *path, struct pluginset *ps, char *err, size_t errlen)
{
	struct session *s;
	char *text = record_read(path, err, errlen);

	if (text == NULL)
		return NULL;
	err[0] = '\0';
	s = record_parse(path, text, ps, err, errlen);
	free(text);
	return s;
}
