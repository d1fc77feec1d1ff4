/*
 * complete.c - completion candidates for the REPL.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "complete.h"
#include "session.h"
#include "util.h"

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

static void
add_moves(struct cands *c, struct app *a)
{
	struct session *s = a->sess;
	int n, i;

	if (s == NULL || s->g->to_move(s->cur) == TBL_END)
		return;
	n = session_moves(s);
	for (i = 0; i < n; i++) {
		char *t = session_move_text(s, s->cur, s->legal.m[i]);
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

char **
complete_line(struct app *a, const char *line, int start, int end)
{
	struct cands c = { 0 };
	char *copy = xstrndup(line, (size_t)start), *words[64];
	char *prefix = xstrndup(line + start, (size_t)(end - start));
	const struct command *cmd;
	int nw = split_words(copy, words, 64), i;

	c.prefix = prefix;
	c.plen = strlen(prefix);
	c.v = xcalloc(1, sizeof *c.v);
	c.cap = 1;
	if (nw == 0) {
		add_commands(&c);
		add_moves(&c, a);
		goto done;
	}
	cmd = command_find(words[0]);
	if (cmd == NULL) {
		/* A bare move typed: more moves of the turn. */
		add_moves(&c, a);
		goto done;
	}
	switch (cmd->args) {
	case ARG_COMMAND:
		if (nw == 1)
			add_commands(&c);
		break;
	case ARG_GAME_OPTS:
		if (nw == 1) {
			/* A game first; options of the current game otherwise. */
			for (i = 0; i < a->plugins.n; i++)
				add(&c, a->plugins.v[i]->game.name);
			if (c.n == 0 && a->sess)
				add_options(&c, a->sess->g);
		} else {
			struct plugin *p = pluginset_find(&a->plugins, words[1]);
			if (p)
				add_options(&c, &p->game);
			else if (a->sess)
				add_options(&c, a->sess->g);
		}
		break;
	case ARG_OPTS:
		if (a->sess)
			add_options(&c, a->sess->g);
		break;
	case ARG_MOVES:
		add_moves(&c, a);
		break;
	case ARG_FILE:
		complete_free(c.v);
		c.v = NULL;
		break;
	case ARG_NONE:
		break;
	}
done:
	free(copy);
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
