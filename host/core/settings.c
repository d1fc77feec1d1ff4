/*
 * settings.c - INI files through inih, validation, option values.
 */
#include "config.h"

#include <errno.h>
#include <ini.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/readfile.h"
#include "core/settings.h"
#include "core/seat.h"
#include "core/loader.h"
#include "base/util.h"

static const char *const chance_choices[] = { "auto", "manual", NULL };
static const char *const show_board_choices[] = {
	"auto", "always", "never", NULL
};

const struct tbl_option host_options[] = {
	{ "game", TBL_OPT_STRING, "mancala", 0, 0, NULL,
	  "the game `tablero` starts with and `new` without a name plays" },
	{ "plugin_path", TBL_OPT_STRING, "", 0, 0, NULL,
	  "colon-separated directories searched for plugins before the built-in ones" },
	{ "history_file", TBL_OPT_STRING, "", 0, 0, NULL,
	  "REPL history file (empty: $XDG_DATA_HOME/tablero/history)" },
	{ "history_size", TBL_OPT_INT, "1000", 0, 1000000, NULL,
	  "lines of REPL history kept across sessions" },
	{ "seed", TBL_OPT_INT, "0", 0, LONG_MAX, NULL,
	  "seed of the chance generator (0: a new seed from the clock)" },
	{ "chance", TBL_OPT_ENUM, "auto", 0, 0, chance_choices,
	  "auto: the host rolls chance points; manual: the user types outcomes" },
	{ "show_board", TBL_OPT_ENUM, "auto", 0, 0, show_board_choices,
	  "draw the board after a command changes the position: auto (in an "
	  "interactive session on a terminal), always, never" },
	{ "color", TBL_OPT_ENUM, "auto", 0, 0, show_board_choices,
	  "the sides' names in colour: auto (on a terminal, unless NO_COLOR "
	  "is set or TERM is dumb), always, never" },
	{ "move_cap", TBL_OPT_INT, SETTINGS_STR(SETTINGS_MOVE_CAP), 1, 100000000, NULL,
	  "bench: a playout still running after this many moves is cut" },
	{ "bench_seconds", TBL_OPT_INT, "3", 1, 3600, NULL,
	  "bench: default measuring time in seconds" },
	{ "ai", TBL_OPT_STRING, "mcts:1000", 0, 0, NULL,
	  "the player behind 'ai', 'go' and 'hint': random, mcts, mcts:N, mcts:MSms" },
	{ "seats", TBL_OPT_STRING, "", 0, 0, NULL,
	  "who plays each seat, comma-separated: human,mcts:2000 (empty: all human)" },
};
const int host_noptions = (int)(sizeof host_options / sizeof host_options[0]);

/*
 * Host keys whose values need more than a type check: `ai` and `seats`.
 * Returns 0, or -1 with a message.
 */
int
host_value_check(const char *key, const char *value, char *err, size_t errlen)
{
	struct seat_spec spec;
	char *copy, *tok, *save = NULL;
	int rc = 0;

	if (strcmp(key, "ai") == 0) {
		if (seat_parse(value, &spec, err, errlen) != 0)
			return -1;
		if (spec.kind == SEAT_HUMAN) {
			snprintf(err, errlen, "option 'ai' wants a computer player, "
			    "not 'human'");
			return -1;
		}
		return 0;
	}
	if (strcmp(key, "seats") != 0 || *value == '\0')
		return 0;
	copy = xstrdup(value);
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
		if (seat_parse(strtrim(tok), &spec, err, errlen) != 0) {
			rc = -1;
			break;
		}
	free(copy);
	return rc;
}

/* ---- files ---------------------------------------------------------- */

struct reader {
	struct config *c;
	const char *file;
	int line;		/* counts lines to locate each key */
	FILE *fp;
	char err[TBL_ERRLEN * 2];
	int failed;
	int badhdr;		/* line of an unclosed "[section", or 0 */
	char hdr[64];		/* its text */
};

/*
 * A "[section" line without its ']': inih reports it only by a line
 * number after carrying on under the previous section, so the reader
 * notices it itself and reports it before anything that follows.
 */
static void
note_header(struct reader *r, const char *s)
{
	size_t n;

	if (*s != '[' || strchr(s, ']') != NULL || r->badhdr)
		return;
	r->badhdr = r->line;
	n = strcspn(s, "\r\n;#");
	while (n > 0 && tbl_is_blank((unsigned char)s[n - 1]))
		n--;
	snprintf(r->hdr, sizeof r->hdr, "%.*s", (int)n, s);
}

/*
 * inih does not tell a handler its line number (Debian's build does not
 * define INI_HANDLER_LINENO), so the line of each key is found by
 * scanning the file forward for the next "key =" line.
 */
static int
locate_line(struct reader *r, const char *key)
{
	char buf[4096];
	size_t kl = strlen(key);

	while (fgets(buf, sizeof buf, r->fp) != NULL) {
		const char *s = tbl_skip_blanks(buf);
		r->line++;
		note_header(r, s);
		if (strncmp(s, key, kl) == 0) {
			const char *t = tbl_skip_blanks(s + kl);
			if (*t == '=' || *t == ':')
				return r->line;
		}
	}
	return r->line;
}

/*
 * The '#' of "value   # comment": inih ends a value only at a ';' after
 * a blank, so a '#' comment becomes part of the value; a blank and a
 * '#' in a value are taken for such a comment.  NULL when there is none.
 */
static const char *
hash_comment(const char *value)
{
	const char *p;

	for (p = value; (p = strchr(p, '#')) != NULL; p++)
		if (p > value && tbl_is_blank((unsigned char)p[-1]))
			return p;
	return NULL;
}

static int
on_ini_line(void *user, const char *section, const char *name,
    const char *value)
{
	struct reader *r = user;
	struct config *c = r->c;
	struct setting *st;
	const char *sec = section && section[0] ? section : "tablero";
	int line;

	if (r->failed)
		return 0;
	line = locate_line(r, name);
	if (r->badhdr) {
		snprintf(r->err, sizeof r->err, "%s:%d: unclosed section header "
		    "'%s' (expected '[name]')", r->file, r->badhdr, r->hdr);
		r->failed = 1;
		return 0;
	}
	if (hash_comment(value) != NULL) {
		snprintf(r->err, sizeof r->err, "%s:%d: '#' in the value of '%s' "
		    "('%s'): a comment after a value starts with ';'", r->file,
		    line, name, value);
		r->failed = 1;
		return 0;
	}
	if (strcmp(sec, "tablero") == 0) {
		struct tbl_optval v;
		int i = opt_find(host_options, host_noptions, name);
		char e[TBL_ERRLEN];
		if (i < 0) {
			opt_unknown(host_options, host_noptions, "[tablero]", name, e, sizeof e);
			snprintf(r->err, sizeof r->err, "%s:%d: %s", r->file, line, e);
			r->failed = 1;
			return 0;
		}
		if (opt_parse(&host_options[i], value, &v, e, sizeof e) != 0 ||
		    host_value_check(name, value, e, sizeof e) != 0) {
			snprintf(r->err, sizeof r->err, "%s:%d: %s", r->file, line, e);
			r->failed = 1;
			return 0;
		}
	}
	c->v = xrealloc(c->v, (size_t)(c->n + 1) * sizeof *c->v);
	st = &c->v[c->n++];
	st->section = xstrdup(sec);
	st->key = xstrdup(name);
	st->value = xstrdup(value);
	st->file = xstrdup(r->file);
	st->line = line;
	return 1;
}

static void
setting_free(struct setting *s)
{
	free(s->section);
	free(s->key);
	free(s->value);
	free(s->file);
}

/*
 * Debian's libinih reads lines of at most INI_LINE_MAX bytes and parses
 * the rest of a longer line as a line of its own, so the tail of a long
 * comment could set a key.  Refuse such files, naming the line; rewinds
 * fp.  Returns 0, or -1 with the message in err.
 */
#define INI_LINE_MAX 198
static int
long_line(FILE *fp, const char *path, char *err, size_t errlen)
{
	int c, line = 1;
	long len = 0;

	while ((c = getc(fp)) != EOF) {
		if (c == '\n') {
			line++;
			len = 0;
		} else if (++len > INI_LINE_MAX) {
			snprintf(err, errlen, "%s:%d: line longer than %d bytes (the "
			    "limit of a configuration line)", path, line, INI_LINE_MAX);
			return -1;
		}
	}
	rewind(fp);
	return 0;
}

int
config_read_file(struct config *c, const char *path, int must_exist,
    char *err, size_t errlen)
{
	struct reader r;
	FILE *fp;
	char why[256];
	int rc, n0 = c->n;

	fp = readfile_open(path, CONFIG_MAX_BYTES, why, sizeof why);
	if (fp == NULL) {
		if (!must_exist && errno == ENOENT)
			return 0;
		snprintf(err, errlen, "%s: cannot read configuration: %s", path,
		    why);
		return -1;
	}
	memset(&r, 0, sizeof r);
	r.c = c;
	r.file = path;
	r.fp = readfile_open(path, CONFIG_MAX_BYTES, why, sizeof why);
	if (r.fp == NULL) {
		fclose(fp);
		snprintf(err, errlen, "%s: cannot read configuration: %s", path,
		    why);
		return -1;
	}
	if (long_line(r.fp, path, err, errlen) != 0) {
		fclose(fp);
		fclose(r.fp);
		return -1;
	}
	rc = ini_parse_file(fp, on_ini_line, &r);
	fclose(fp);
	if (!r.failed && rc > 0 && r.badhdr == 0) {
		/* Is the line of inih's syntax error an unclosed header? */
		char buf[4096], *s;
		rewind(r.fp);
		for (r.line = 0; r.line < rc && fgets(buf, sizeof buf, r.fp); )
			r.line++;
		s = (char *)tbl_skip_blanks(buf);
		if (r.line == rc)
			note_header(&r, s);
	}
	fclose(r.fp);
	if (r.failed || rc != 0) {
		if (r.failed)
			snprintf(err, errlen, "%s", r.err);
		else if (rc > 0 && rc == r.badhdr)
			snprintf(err, errlen, "%s:%d: unclosed section header "
			    "'%s' (expected '[name]')", path, rc, r.hdr);
		else if (rc > 0)
			snprintf(err, errlen, "%s:%d: syntax error (expected "
			    "'[section]' or 'key = value')", path, rc);
		else
			snprintf(err, errlen, "%s: cannot parse configuration", path);
		while (c->n > n0)
			setting_free(&c->v[--c->n]);
		return -1;
	}
	c->files = xrealloc(c->files, (size_t)(c->nfiles + 1) * sizeof *c->files);
	c->files[c->nfiles++] = xstrdup(path);
	return 0;
}

int
config_validate(const struct config *c, const struct pluginset *ps,
    char *err, size_t errlen)
{
	char e[TBL_ERRLEN];
	int i;

	for (i = 0; i < c->n; i++) {
		const struct setting *st = &c->v[i];
		struct plugin *p;
		struct tbl_optval v;
		int k;

		if (strcmp(st->section, "tablero") == 0)
			continue;
		p = pluginset_find(ps, st->section);
		if (p == NULL) {
			const char **names = pluginset_names(ps);
			const char *near = nearest(st->section, names);
			if (near)
				snprintf(err, errlen, "%s:%d: unknown game '%s' in "
				    "section header (did you mean '%s'?)", st->file,
				    st->line, st->section, near);
			else
				snprintf(err, errlen, "%s:%d: unknown game '%s' in "
				    "section header", st->file, st->line, st->section);
			free(names);
			return -1;
		}
		k = opt_find(p->game.options, p->game.noptions, st->key);
		if (k < 0 && (strcmp(st->key, "ai") == 0 || strcmp(st->key, "seats") == 0)) {
			/* Host keys a game section may set for that game. */
			if (host_value_check(st->key, st->value, e, sizeof e) != 0) {
				snprintf(err, errlen, "%s:%d: %s", st->file, st->line, e);
				return -1;
			}
			continue;
		}
		if (k < 0) {
			opt_unknown(p->game.options, p->game.noptions, p->game.name,
			    st->key, e, sizeof e);
			snprintf(err, errlen, "%s:%d: %s", st->file, st->line, e);
			return -1;
		}
		if (opt_parse(&p->game.options[k], st->value, &v, e, sizeof e) != 0) {
			snprintf(err, errlen, "%s:%d: %s", st->file, st->line, e);
			return -1;
		}
	}
	return 0;
}

const char *
config_host(const struct config *c, const char *key)
{
	int i;

	for (i = c->n - 1; i >= 0; i--)
		if (strcmp(c->v[i].section, "tablero") == 0 &&
		    strcmp(c->v[i].key, key) == 0)
			return c->v[i].value;
	i = opt_find(host_options, host_noptions, key);
	return i >= 0 && host_options[i].def ? host_options[i].def : "";
}

const char *
config_for_game(const struct config *c, const char *game, const char *key)
{
	int i;

	for (i = c->n - 1; i >= 0 && game; i--)
		if (strcmp(c->v[i].section, game) == 0 &&
		    strcmp(c->v[i].key, key) == 0)
			return c->v[i].value;
	return config_host(c, key);
}

long
config_host_int(const struct config *c, const char *key)
{
	struct tbl_optval v;
	char e[TBL_ERRLEN];
	int i = opt_find(host_options, host_noptions, key);

	if (i < 0 || opt_parse(&host_options[i], config_host(c, key), &v, e,
	    sizeof e) != 0)
		return 0;
	return v.i;
}

void
config_free(struct config *c)
{
	int i;

	for (i = 0; i < c->n; i++)
		setting_free(&c->v[i]);
	for (i = 0; i < c->nfiles; i++)
		free(c->files[i]);
	free(c->v);
	free(c->files);
	memset(c, 0, sizeof *c);
}

/* ---- option sets ---------------------------------------------------- */

void
optset_init(struct optset *os, const struct tbl_game *g,
    const struct config *c)
{
	int i;

	os->n = g->noptions;
	os->text = xcalloc((size_t)os->n + 1, sizeof *os->text);
	os->set = xcalloc((size_t)os->n + 1, sizeof *os->set);
	for (i = 0; i < os->n; i++)
		if (g->options[i].def)
			os->text[i] = xstrdup(g->options[i].def);
	if (c == NULL)
		return;
	for (i = 0; i < c->n; i++) {
		int k;
		if (strcmp(c->v[i].section, g->name) != 0)
			continue;
		k = opt_find(g->options, g->noptions, c->v[i].key);
		if (k < 0)
			continue;	/* config_validate() reported it */
		free(os->text[k]);
		os->text[k] = xstrdup(c->v[i].value);
		os->set[k] = 1;
	}
}

int
optset_assign(struct optset *os, const struct tbl_game *g, const char *key,
    const char *value, char *err, size_t errlen)
{
	struct tbl_optval v;
	int k = opt_find(g->options, g->noptions, key);

	if (k < 0) {
		opt_unknown(g->options, g->noptions, g->name, key, err, errlen);
		return -1;
	}
	if (opt_parse(&g->options[k], value, &v, err, errlen) != 0)
		return -1;
	free(os->text[k]);
	os->text[k] = xstrdup(value);
	os->set[k] = 1;
	return 0;
}

int
optset_assign_words(struct optset *os, const struct tbl_game *g,
    char *const *words, int n, char *err, size_t errlen)
{
	int i, rc;

	for (i = 0; i < n; i++) {
		char *eq = strchr(words[i], '=');
		if (eq == NULL || eq == words[i]) {
			snprintf(err, errlen, "expected key=value, not '%s'", words[i]);
			return -1;
		}
		*eq = '\0';
		rc = optset_assign(os, g, words[i], eq + 1, err, errlen);
		*eq = '=';
		if (rc != 0)
			return -1;
	}
	return 0;
}

void
optset_values(const struct optset *os, const struct tbl_game *g,
    struct tbl_optval *vals)
{
	char e[TBL_ERRLEN];
	int i;

	for (i = 0; i < os->n; i++) {
		memset(&vals[i], 0, sizeof vals[i]);
		if (os->text[i] == NULL ||
		    opt_parse(&g->options[i], os->text[i], &vals[i], e, sizeof e) != 0)
			memset(&vals[i], 0, sizeof vals[i]);
		vals[i].set = os->set[i];
	}
}

char *
optset_describe(const struct optset *os, const struct tbl_game *g,
    int only_set)
{
	struct sbuf b = { 0 };
	int i;

	for (i = 0; i < os->n; i++) {
		if (only_set && !os->set[i])
			continue;
		if (os->text[i] == NULL)
			continue;
		sbuf_printf(&b, "%s%s=%s", b.len ? " " : "", g->options[i].key,
		    os->text[i]);
	}
	return b.s ? b.s : xstrdup("");
}

void
optset_copy(struct optset *dst, const struct optset *src)
{
	int i;

	dst->n = src->n;
	dst->text = xcalloc((size_t)src->n + 1, sizeof *dst->text);
	dst->set = xcalloc((size_t)src->n + 1, sizeof *dst->set);
	for (i = 0; i < src->n; i++) {
		dst->text[i] = src->text[i] ? xstrdup(src->text[i]) : NULL;
		dst->set[i] = src->set[i];
	}
}

void
optset_free(struct optset *os)
{
	int i;

	if (os->text)
		for (i = 0; i < os->n; i++)
			free(os->text[i]);
	free(os->text);
	free(os->set);
	memset(os, 0, sizeof *os);
}
