/*
 * complete.c - completion candidates for the REPL.
 */
#include "config.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/game.h"
#include "repl/commands.h"
#include "repl/complete.h"
#include "base/movebuf.h"
#include "core/paths.h"
#include "core/session.h"
#include "core/sessiontext.h"
#include "base/util.h"

struct cands {
	char **v;
	int n, cap;
	const char *prefix;
	size_t plen;
};

static void
add(struct cands *c, const char *s)
{
	int i;

	if (strncmp(s, c->prefix, c->plen) != 0)
		return;
	for (i = 0; i < c->n; i++)
		if (strcmp(c->v[i], s) == 0)
			return;
	if (c->n + 2 > c->cap) {
		c->cap = c->cap ? c->cap * 2 : 32;
		c->v = xrealloc(c->v, (size_t)c->cap * sizeof *c->v);
	}
	c->v[c->n++] = xstrdup(s);
	c->v[c->n] = NULL;
}

static void
add_commands(struct cands *c)
{
	const struct command *k;

	for (k = commands; k->name; k++) {
		add(c, k->name);
		if (k->alias)
			add(c, k->alias);
	}
}

/*
 * Natural order: digit runs compare as numbers, so that a2 comes before
 * a10 ("a1 a2 ... a10", not "a1 a10 a11 a2").
 */
int
complete_natural_cmp(const char *x, const char *y)
{
	while (*x && *y) {
		if (*x >= '0' && *x <= '9' && *y >= '0' && *y <= '9') {
			const char *ex = x, *ey = y;
			size_t lx, ly;
			while (*x == '0')
				x++;
			while (*y == '0')
				y++;
			for (ex = x; *ex >= '0' && *ex <= '9'; ex++)
				;
			for (ey = y; *ey >= '0' && *ey <= '9'; ey++)
				;
			lx = (size_t)(ex - x);
			ly = (size_t)(ey - y);
			if (lx != ly)
				return lx < ly ? -1 : 1;
			if (lx && memcmp(x, y, lx) != 0)
				return memcmp(x, y, lx);
			x = ex;
			y = ey;
			continue;
		}
		if (*x != *y)
			return (unsigned char)*x < (unsigned char)*y ? -1 : 1;
		x++;
		y++;
	}
	return *x ? 1 : *y ? -1 : 0;
}

static int
natural_qsort(const void *a, const void *b)
{
	return complete_natural_cmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The moves after those already typed on the line (`typed`, the text
 * before the word being completed): play them on a copy while they read
 * as legal moves of the same player, then offer the next word of each
 * legal move of the position reached that begins with what is left
 * ("wipe " -> "d4" of "wipe d4").
 */
static void
add_moves_after(struct cands *c, struct app *a, const char *typed)
{
	struct session *s = a->sess;
	const struct tbl_game *g;
	struct tbl_state *st;
	struct movebuf mb;
	const char *p = typed;
	int first = -2, n, i, who;

	if (s == NULL)
		return;
	g = s->g;
	st = g->clone(s->cur);
	movebuf_init(&mb);
	for (;;) {
		tbl_move m;
		size_t used = 0;
		char e[TBL_ERRLEN];
		int legal = 0;

		p = tbl_skip_blanks(p);
		who = game_to_move(g, st);
		if (*p == '\0' || who < 0)
			break;
		if (game_parse_move(g, st, p, &m, &used, e, sizeof e) != 0)
			break;
		n = movebuf_fill(&mb, g, st, who);
		for (i = 0; i < n; i++)
			legal |= mb.m[i] == m;
		if (!legal || g->apply(st, m) != 0)
			break;
		if (first == -2)
			first = who;
		p += used;
	}
	who = game_to_move(g, st);
	/* The turn is over: nothing more to type on this line. */
	if (who >= 0 && (first == -2 || who == first)) {
		size_t left = strlen(p);
		n = movebuf_fill(&mb, g, st, who);
		for (i = 0; i < n; i++) {
			char *t = game_move_text(s->g, st, mb.m[i]), *w;
			if (strncmp(t, p, left) == 0) {
				w = t + left;
				w[tbl_word_len(w)] = '\0';
				if (*w)
					add(c, w);
			}
			free(t);
		}
	}
	movebuf_free(&mb);
	g->destroy(st);
}

/* Profiles shipped in conf/ ("awithlaknakwe-parlett"), then files. */
static void
add_profiles_and_files(struct cands *c)
{
	const char *dirs[] = { paths_data_dir(), NULL };
	char *dir, *slash, *base;
	struct dirent *de;
	DIR *d;
	int i;

	for (i = 0; dirs[i]; i++) {
		if ((d = opendir(dirs[i])) == NULL)
			continue;
		while ((de = readdir(d)) != NULL) {
			size_t l = strlen(de->d_name);
			if (l > 4 && strcmp(de->d_name + l - 4, ".ini") == 0) {
				char *t = xstrndup(de->d_name, l - 4);
				add(c, t);
				free(t);
			}
		}
		closedir(d);
	}
	/* Files and directories, as the shell offers them. */
	slash = strrchr(c->prefix, '/');
	dir = slash ? xstrndup(c->prefix, (size_t)(slash - c->prefix) + 1) :
	    xstrdup("");
	if ((d = opendir(*dir ? dir : ".")) != NULL) {
		while ((de = readdir(d)) != NULL) {
			struct stat sb;
			char *path, *t;
			if (de->d_name[0] == '.')
				continue;
			path = xasprintf("%s%s", *dir ? dir : "./", de->d_name);
			base = xasprintf("%s%s", dir, de->d_name);
			t = stat(path, &sb) == 0 && S_ISDIR(sb.st_mode) ?
			    xasprintf("%s/", base) : xstrdup(base);
			add(c, t);
			free(t);
			free(base);
			free(path);
		}
		closedir(d);
	}
	free(dir);
}

static void
add_moves(struct cands *c, struct app *a)
{
	struct session *s = a->sess;
	int n, i;

	if (s == NULL || game_to_move(s->g, s->cur) == TBL_END)
		return;
	n = session_moves(s);
	for (i = 0; i < n; i++) {
		char *t = game_move_text(s->g, s->cur, s->legal.m[i]);
		add(c, t);
		free(t);
	}
}

/* "key=" for each option, or "key=value" once the '=' is typed. */
static void
add_options(struct cands *c, const struct tbl_game *g)
{
	const char *eq = strchr(c->prefix, '=');
	int i, j;

	for (i = 0; i < g->noptions; i++) {
		const struct tbl_option *o = &g->options[i];
		char *t;

		if (eq == NULL) {
			t = xasprintf("%s=", o->key);
			add(c, t);
			free(t);
			continue;
		}
		if (strlen(o->key) != (size_t)(eq - c->prefix) ||
		    strncmp(o->key, c->prefix, (size_t)(eq - c->prefix)) != 0)
			continue;
		if (o->type == TBL_OPT_ENUM) {
			for (j = 0; o->choices[j]; j++) {
				t = xasprintf("%s=%s", o->key, o->choices[j]);
				add(c, t);
				free(t);
			}
		} else if (o->type == TBL_OPT_BOOL) {
			t = xasprintf("%s=yes", o->key);
			add(c, t);
			free(t);
			t = xasprintf("%s=no", o->key);
			add(c, t);
			free(t);
		} else if (o->def) {
			t = xasprintf("%s=%s", o->key, o->def);
			add(c, t);
			free(t);
		}
	}
}

/* `new`'s words: a game first, then the options of the game named. */
static void
add_game_opts(struct cands *c, struct app *a, char **words, int nw)
{
	int i;

	if (nw == 1) {
		/* A game first; options of the current game otherwise. */
		for (i = 0; i < a->host->plugins.n; i++)
			add(c, a->host->plugins.v[i]->game.name);
		if (c->n == 0 && a->sess)
			add_options(c, a->sess->g);
	} else {
		struct plugin *p = pluginset_find(&a->host->plugins, words[1]);
		if (p)
			add_options(c, &p->game);
		else if (a->sess)
			add_options(c, a->sess->g);
	}
}

/* `seat`'s words: a seat number, then a kind of player. */
static void
add_seat_args(struct cands *c, struct app *a, int nw)
{
	int np, i;

	if (nw == 1 && a->sess) {
		np = game_players(a->sess->g, a->sess->cur);
		for (i = 1; i <= np && i <= TBL_MAX_PLAYERS; i++) {
			char num[16];
			snprintf(num, sizeof num, "%d", i);
			add(c, num);
		}
	} else if (nw == 2) {
		add(c, "human");
		add(c, "random");
		add(c, "mcts");
		add(c, "mcts:1000");
		add(c, "mcts:500ms");
	}
}

/*
 * The candidates for the next argument of command cmd, whose nw words
 * (its name first) are typed in `before`.
 */
static void
add_arguments(struct cands *c, struct app *a, const struct command *cmd,
    char **words, int nw, const char *before)
{
	const char *t;

	switch (cmd->args) {
	case ARG_COMMAND:
		if (nw == 1)
			add_commands(c);
		break;
	case ARG_GAME_OPTS:
		add_game_opts(c, a, words, nw);
		break;
	case ARG_OPTS:
		if (a->sess)
			add_options(c, a->sess->g);
		break;
	case ARG_MOVES:
		/* The moves typed after "play". */
		t = tbl_skip_blanks(before);
		add_moves_after(c, a, t + tbl_word_len(t));
		break;
	case ARG_FILE:
		complete_free(c->v);
		c->v = NULL;
		break;
	case ARG_CONFIG:
		if (nw == 1)
			add_profiles_and_files(c);
		break;
	case ARG_SEAT:
		add_seat_args(c, a, nw);
		break;
	case ARG_NONE:
		break;
	}
}

char **
complete_line(struct app *a, const char *line, int start, int end)
{
	struct cands c = { 0 };
	char *copy = xstrndup(line, (size_t)start), *words[64];
	char *prefix = xstrndup(line + start, (size_t)(end - start));
	char *before = xstrndup(line, (size_t)start);
	const struct command *cmd;
	int nw = split_words(copy, words, 64);

	c.prefix = prefix;
	c.plen = strlen(prefix);
	c.v = xcalloc(1, sizeof *c.v);
	c.cap = 1;
	if (nw == 0) {
		add_commands(&c);
		add_moves(&c, a);
	} else if ((cmd = command_find(words[0])) == NULL) {
		/* Bare moves typed: the next moves of the turn. */
		add_moves_after(&c, a, before);
	} else
		add_arguments(&c, a, cmd, words, nw, before);
	if (c.v && c.n > 1)
		qsort(c.v, (size_t)c.n, sizeof *c.v, natural_qsort);
	free(copy);
	free(before);
	free(prefix);
	return c.v;
}

void
complete_free(char **v)
{
	int i;

	if (v == NULL)
		return;
	for (i = 0; v[i]; i++)
		free(v[i]);
	free(v);
}
