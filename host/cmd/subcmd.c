/*
 * subcmd.c - the command line the subcommands share: their synopsis,
 * the GAME key=value --flags words, the game and its session.
 */
#include "config.h"

#include <sys/stat.h>
#include <sys/wait.h>

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/host.h"
#include "core/paths.h"
#include "core/session.h"
#include "cmd/subcmd.h"
#include "base/util.h"

char *
subcmd_synopsis(const struct subcmd_entry *sc, int indent)
{
	struct sbuf b = { 0 };
	char *words = xasprintf("%s %s", sc->usage, sc->flags), *w, *next;
	size_t col, start;

	sbuf_printf(&b, "tablero %s", sc->name);
	col = (size_t)indent + b.len;
	start = (size_t)indent + strlen("tablero ") + strlen(sc->name) + 1;
	/* Break only between bracketed groups and plain words. */
	for (w = words; *w; w = next) {
		size_t len;
		next = w;
		if (*next == '[') {
			int depth = 0;
			do {
				depth += *next == '[' ? 1 : *next == ']' ? -1 : 0;
				next++;
			} while (*next && depth > 0);
		} else
			while (*next && *next != ' ')
				next++;
		len = (size_t)(next - w);
		if (col + 1 + len > 79 && col > start) {
			sbuf_printf(&b, "\n%*s", (int)start, "");
			col = start;
		} else {
			sbuf_puts(&b, " ");
			col++;
		}
		sbuf_add(&b, w, len);
		col += len;
		next = (char *)tbl_skip_blanks(next);
	}
	free(words);
	return b.s;
}

static const struct flag *
find_flag(const struct subcmd *c, const char *name)
{
	const struct flag *f;

	for (f = c->flags; f->name; f++)
		if (strcmp(f->name, name) == 0)
			return f;
	return NULL;
}

/* Store the value of flag f; returns 0, or -1 after printing why not. */
static int
set_flag(const struct subcmd *c, const struct flag *f, const char *v)
{
	char *end;
	long n;
	double d;

	switch (f->kind) {
	case FLAG_SWITCH:
		*(int *)f->dest = 1;
		return 0;
	case FLAG_COUNT:
		/* Workers: at most 256, as documented. */
		if (parse_long(v, 1, strcmp(f->name, "--jobs") == 0 ? 256 :
		    INT_MAX, &n) != 0)
			break;
		*(long *)f->dest = n;
		return 0;
	case FLAG_SECONDS:
		d = strtod(v, &end);
		if (*v == '\0' || *end || !(d > 0))
			break;
		*(double *)f->dest = d;
		return 0;
	case FLAG_SEED:
		if (parse_u64(v, (uint64_t *)f->dest) != 0) {
			fprintf(stderr, "tablero: %s: %s wants a non-negative "
			    "number, not '%s'\n", c->entry->name, f->name, v);
			return -1;
		}
		return 0;
	case FLAG_TEXT:
		*(const char **)f->dest = v;
		return 0;
	case FLAG_LIST:
		if (((struct flag_list *)f->dest)->n == FLAG_LIST_MAX) {
			fprintf(stderr, "tablero: %s: %s at most %d times\n",
			    c->entry->name, f->name, FLAG_LIST_MAX);
			return -1;
		}
		((struct flag_list *)f->dest)->v[((struct flag_list *)
		    f->dest)->n++] = v;
		return 0;
	}
	fprintf(stderr, "tablero: %s: %s wants a positive number%s, not '%s'\n",
	    c->entry->name, f->name, f->kind != FLAG_COUNT ? "" :
	    strcmp(f->name, "--jobs") == 0 ? " up to 256" : " up to 2147483647",
	    v);
	return -1;
}

/* "unknown option '--game' (did you mean '--games'?)" */
static void
unknown_flag(const struct subcmd *c, const char *w)
{
	const char *names[64], *near;
	int n = 0;

	while (n < 63 && c->flags[n].name != NULL) {
		names[n] = c->flags[n].name;
		n++;
	}
	names[n] = NULL;
	near = nearest(w, names);
	if (near)
		fprintf(stderr, "tablero: %s: unknown option '%s' (did you mean "
		    "'%s'?)\n", c->entry->name, w, near);
	else
		fprintf(stderr, "tablero: %s: unknown option '%s'\n",
		    c->entry->name, w);
}

void
subcmd_usage(const struct subcmd *c, FILE *fp)
{
	char *s = subcmd_synopsis(c->entry, 7);

	fprintf(fp, "usage: %s\n", s);
	free(s);
}

void
subcmd_help(const struct subcmd *c, FILE *fp)
{
	const struct flag *f;

	subcmd_usage(c, fp);
	if (c->flags != NULL && c->flags->name != NULL)
		fputs("\n", fp);
	for (f = c->flags; f != NULL && f->name != NULL; f++) {
		char *head = xasprintf("  %s%s%s", f->name, f->arg ? " " : "",
		    f->arg ? f->arg : "");
		const char *h = f->help ? f->help : "(not described)", *w = h;
		int col = (int)strlen(head), first = 1;

		fputs(head, fp);
		/* The help from column 26, wrapped at 79. */
		while (*w) {
			int len = (int)strcspn(w, " ");
			if (first && col >= 25) {
				fprintf(fp, "\n%25s", "");
				col = 25;
			} else if (!first && col + 1 + len > 79) {
				fprintf(fp, "\n%25s", "");
				col = 25;
			} else if (first) {
				fprintf(fp, "%*s", 25 - col, "");
				col = 25;
			}
			fprintf(fp, " %.*s", len, w);
			col += 1 + len;
			first = 0;
			w += len;
			while (*w == ' ')
				w++;
		}
		fputs("\n", fp);
		free(head);
	}
	if (c->entry->page != NULL)
		fprintf(fp, "\nSee %s and tablero(1).\n", c->entry->page);
	else
		fprintf(fp, "\nSee tablero(1).\n");
}

int
subcmd_parse(struct subcmd *c, int argc, char **argv)
{
	const struct flag *f;
	int i;

	c->nkv = 0;
	for (i = 1; i < argc; i++) {
		const char *w = argv[i];
		if (strcmp(w, "--help") == 0) {
			subcmd_help(c, stdout);
			return 0;
		}
		if (w[0] == '-') {
			f = find_flag(c, w);
			if (f == NULL) {
				unknown_flag(c, w);
				subcmd_usage(c, stderr);
				return 2;
			}
			if (f->kind != FLAG_SWITCH && i + 1 >= argc) {
				fprintf(stderr, "tablero: %s: %s wants a value\n",
				    c->entry->name, w);
				return 2;
			}
			if (set_flag(c, f, f->kind == FLAG_SWITCH ? NULL : argv[++i]))
				return 2;
		} else if (strchr(w, '=') != NULL) {
			if (c->nkv == SUBCMD_MAXWORDS) {
				fprintf(stderr, "tablero: %s: too many key=value "
				    "options\n", c->entry->name);
				return 2;
			}
			c->kv[c->nkv++] = argv[i];
		} else if (c->target != NULL) {
			fprintf(stderr, "tablero: %s: unexpected argument '%s' "
			    "(options are key=value)\n", c->entry->name, w);
			return 2;
		} else
			c->target = w;
	}
	if (c->target == NULL) {
		subcmd_usage(c, stderr);
		return 2;
	}
	return -1;
}

struct plugin *
subcmd_game(struct host *host, const struct subcmd *c)
{
	char err[1024];
	struct plugin *p = host_find_game(host, c->target, err, sizeof err);

	if (p == NULL)
		fprintf(stderr, "tablero: %s: %s\n", c->entry->name, err);
	return p;
}

struct session *
subcmd_session(struct host *host, const struct subcmd *c, struct plugin *p,
    const struct config *cfg, uint64_t seed)
{
	struct optset os;
	struct session *s = NULL;
	char err[1024];

	optset_init(&os, &p->game, cfg);
	if (optset_assign_words(&os, &p->game, c->kv, c->nkv, err, sizeof err) == 0)
		s = session_new(p, &os, seed, err, sizeof err);
	if (s == NULL)
		fprintf(stderr, "tablero: %s: %s\n", c->entry->name, err);
	optset_free(&os);
	return s;
}

/*
 * `tablero help NAME` on a terminal: the subcommand's page through
 * man(1), the source tree's file with man -l when run from the build
 * tree (nothing is installed there), else the installed page.  0 when
 * man showed it, -1 when there is no page or man failed (the caller
 * prints --help instead).
 */
int
subcmd_show_page(const struct subcmd_entry *sc)
{
	char name[64], section[8], *file = NULL;
	const char *man = paths_build_man();
	struct stat sb;
	void (*oldint)(int), (*oldquit)(int);
	pid_t pid;
	int status;

	if (sc->page == NULL || sscanf(sc->page, "%63[^(](%7[^)])", name,
	    section) != 2)
		return -1;
	if (man != NULL) {
		file = xasprintf("%s/%s.%s", man, name, section);
		if (stat(file, &sb) != 0 || !S_ISREG(sb.st_mode)) {
			free(file);
			return -1;
		}
	}
	fflush(stdout);
	/* As system(3): Ctrl-C is the pager's while it runs. */
	oldint = signal(SIGINT, SIG_IGN);
	oldquit = signal(SIGQUIT, SIG_IGN);
	if ((pid = fork()) == 0) {
		signal(SIGINT, SIG_DFL);
		signal(SIGQUIT, SIG_DFL);
		if (file != NULL)
			execlp("man", "man", "-l", file, (char *)NULL);
		else
			execlp("man", "man", section, name, (char *)NULL);
		child_exit(127);
	}
	free(file);
	status = -1;
	while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	signal(SIGINT, oldint);
	signal(SIGQUIT, oldquit);
	return pid > 0 && status != -1 && WIFEXITED(status) &&
	    WEXITSTATUS(status) == 0 ? 0 : -1;
}
