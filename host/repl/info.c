/*
 * info.c - what the host knows, and leaving it: games, rules, config
 * and quit (help, which reads the command table, is in commands.c).
 */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/fuzzsandbox.h"
#include "base/util.h"
#include "core/paths.h"
#include "core/session.h"
#include "repl/handlers.h"

int
cmd_games(struct app *a, char *args, struct sbuf *out, char *err, size_t errlen)
{
	const struct pluginset *ps = &a->host->plugins;
	const char **names;
	char *w = strtrim(args);
	int i, verbose = strcmp(w, "-v") == 0;

	if (*w && !verbose) {
		snprintf(err, errlen, "games takes -v or nothing, not '%s'", w);
		return -1;
	}
	names = pluginset_names(ps);
	for (i = 0; names[i]; i++) {
		struct plugin *p = pluginset_find(ps, names[i]);
		sbuf_printf(out, "%-14s %s\n", names[i],
		    p->game.title ? p->game.title : "");
		if (verbose)
			sbuf_printf(out, "%-14s version %s, ABI %u.%u, %s\n", "",
			    p->game.version ? p->game.version : "?",
			    p->abi_major, p->abi_minor, p->path);
	}
	if (i == 0)
		sbuf_puts(out, "no game plugins found (see -P and TABLERO_PLUGIN_PATH)\n");
	free(names);
	for (i = 0; verbose && i < ps->nshadowed; i++)
		sbuf_printf(out, "shadowed: %s (by %s)\n", ps->shadowed[i].path,
		    ps->shadowed[i].why);
	for (i = 0; verbose && i < ps->nrefused; i++)
		sbuf_printf(out, "refused: %s\n", ps->refused[i].why);
	return 0;
}

/*
 * Run from the build tree, `man tablero-NAME` finds no page: name the
 * source tree's page file for `man -l` (relative to the source directory
 * when that is the current one, as after `./host/tablero`).
 */
static void
say_uninstalled_page(const char *name, struct sbuf *out)
{
	const char *man = paths_build_man();
	char *page, *real, cwd[4096];
	size_t n;
	struct stat sb;

	if (man == NULL)
		return;
	page = xasprintf("%s/tablero-%s.7", man, name);
	real = realpath(page, NULL);	/* a VPATH build's "sub/../.." too */
	if (real != NULL && stat(real, &sb) == 0 && S_ISREG(sb.st_mode)) {
		const char *shown = real;
		n = strlen(real) - strlen("/man/tablero-.7") - strlen(name);
		if (getcwd(cwd, sizeof cwd) != NULL && strlen(cwd) == n &&
		    strncmp(real, cwd, n) == 0)
			shown = real + n + 1;
		sbuf_printf(out, "(not installed: read it with "
		    "'man -l %s')\n", shown);
	}
	free(real);
	free(page);
}

int
cmd_rules(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	const struct tbl_game *g;

	if (app_need_game(a, err, errlen))
		return -1;
	g = a->sess->g;
	sbuf_printf(out, "%s%s%s (plugin %s)\n", g->name, g->title ? " - " : "",
	    g->title ? g->title : "", g->version ? g->version : "?");
	if (g->rules)
		sbuf_printf(out, "%s%s", g->rules,
		    g->rules[0] && g->rules[strlen(g->rules) - 1] != '\n' ? "\n" : "");
	/* The plugin names its own manual page; the host adds a pointer to
	 * the options only where the text has no "See ..." line of its own. */
	if (g->rules == NULL || strstr(g->rules, "See ") == NULL)
		sbuf_puts(out, "See 'options' for the house rules.\n");
	say_uninstalled_page(g->name, out);
	return 0;
}

static int
cmp_names(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* "no file or profile 'x' (profiles: a, b, ...)" into err. */
static void
profiles_error(const char *name, char *err, size_t errlen)
{
	DIR *d = opendir(paths_data_dir());
	struct dirent *e;
	struct sbuf b = { 0 };
	char **v = NULL;
	int n = 0, i;
	size_t len;

	while (d != NULL && (e = readdir(d)) != NULL) {
		len = strlen(e->d_name);
		if (len > 4 && strcmp(e->d_name + len - 4, ".ini") == 0) {
			v = xrealloc(v, (size_t)(n + 1) * sizeof *v);
			v[n++] = xstrndup(e->d_name, len - 4);
		}
	}
	if (d != NULL)
		closedir(d);
	qsort(v, (size_t)n, sizeof *v, cmp_names);
	for (i = 0; i < n; i++) {
		sbuf_printf(&b, "%s%s", i ? ", " : "", v[i]);
		free(v[i]);
	}
	free(v);
	snprintf(err, errlen, "no file or profile '%s' (profiles: %s)", name,
	    n ? sbuf_str(&b) : "none found");
	sbuf_free(&b);
}

int
cmd_config(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	char *path = strtrim(args), *found = NULL;
	struct config tmp = { 0 };
	struct stat sb;
	int i;

	if (*path == '\0') {
		for (i = 0; i < a->host->cfg.nfiles; i++)
			sbuf_printf(out, "%s\n", a->host->cfg.files[i]);
		if (a->host->cfg.nfiles == 0)
			sbuf_puts(out, "no configuration files read\n");
		return 0;
	}
	if (FUZZ_SANDBOX_REFUSES(path, err, errlen))
		return -1;
	/* A bare name is a profile shipped in conf/: "awithlaknakwe-parlett". */
	if (strchr(path, '/') == NULL && stat(path, &sb) != 0) {
		char *f = xasprintf("%s/%s%s", paths_data_dir(), path,
		    strstr(path, ".ini") ? "" : ".ini");
		if (stat(f, &sb) == 0)
			found = f;
		else
			free(f);
	}
	if (strchr(path, '/') == NULL && found == NULL && stat(path, &sb) != 0) {
		profiles_error(path, err, errlen);
		return -1;
	}
	/* Read into a scratch config first: a bad file changes nothing. */
	if (config_read_file(&tmp, found ? found : path, 1, err, errlen) != 0 ||
	    config_validate(&tmp, &a->host->plugins, err, errlen) != 0) {
		config_free(&tmp);
		free(found);
		return -1;
	}
	config_free(&tmp);
	config_read_file(&a->host->cfg, found ? found : path, 1, err, errlen);
	sbuf_printf(out, "read %s; 'new' applies it\n", found ? found : path);
	free(found);
	return 0;
}

int
cmd_quit(struct app *a, char *args, struct sbuf *out, char *err, size_t errlen)
{
	char *w = strtrim(args);
	long v;

	if (*w) {
		if (parse_long(w, 0, 255, &v) != 0) {
			snprintf(err, errlen, "quit wants an exit status 0..255, not '%s'", w);
			return -1;
		}
		a->exit_status = (int)v;
	}
	a->quit = 1;
	return 0;
}
