/*
 * loader.c - dlopen-based plugin loading with the SDK's refusal rules.
 */
#include "config.h"

#include <dirent.h>
#include <ctype.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "core/loader.h"
#include "core/services.h"
#include "core/options.h"
#include "core/trust.h"
#include "base/util.h"

/* The bytes of struct tbl_game up to and including member m. */
#define GAME_END_OF(m) \
	(offsetof(struct tbl_game, m) + sizeof(((struct tbl_game *)0)->m))

/*
 * The least descriptor size of a plugin stamped 1.MINOR, by minor: the
 * members its version's first header had.  1.3 grew after its first
 * header (narrate, end_kind) without a bump, so a 1.3 plugin may end
 * anywhere past end_kind; 1.4 starts with the whole of 1.3.  A new minor
 * version adds its row here.
 */
static const size_t game_size_min[] = {
	GAME_END_OF(describe_result),	/* 1.0 */
	GAME_END_OF(evaluate),		/* 1.1 */
	GAME_END_OF(passes),		/* 1.2 */
	GAME_END_OF(end_kind),		/* 1.3 */
	GAME_END_OF(match_game_end),	/* 1.4 */
};
_Static_assert(sizeof game_size_min / sizeof game_size_min[0] ==
    TABLERO_ABI_MINOR + 1, "a row of game_size_min for every minor version");

/* Check the declared options: returns NULL or a static description. */
static const char *
options_fault(const struct tbl_game *g, char *buf, size_t len)
{
	int i, j;

	if (g->noptions < 0 || (g->noptions > 0 && g->options == NULL))
		return "its option table is missing";
	for (i = 0; i < g->noptions; i++) {
		const struct tbl_option *o = &g->options[i];
		if (o->key == NULL || o->key[0] == '\0') {
			snprintf(buf, len, "option %d has no key", i + 1);
			return buf;
		}
		for (j = 0; j < i; j++)
			if (strcmp(g->options[j].key, o->key) == 0) {
				snprintf(buf, len, "option '%s' is declared twice", o->key);
				return buf;
			}
		if (o->type > TBL_OPT_STRING) {
			snprintf(buf, len, "option '%s' has an unknown type", o->key);
			return buf;
		}
		if (o->type == TBL_OPT_ENUM && (o->choices == NULL || o->choices[0] == NULL)) {
			snprintf(buf, len, "enum option '%s' has no choices", o->key);
			return buf;
		}
		if (o->type == TBL_OPT_INT && o->min > o->max) {
			snprintf(buf, len, "option '%s' has min > max", o->key);
			return buf;
		}
		if (o->def != NULL) {
			struct tbl_optval v;
			char e[TBL_ERRLEN];
			if (opt_parse(o, o->def, &v, e, sizeof e) != 0) {
				snprintf(buf, len, "the default of option '%s' is "
				    "invalid: %.150s", o->key, e);
				return buf;
			}
		}
	}
	return NULL;
}

/*
 * Is the file at path (with a slash) named as a plugin: NAME.so, NAME of
 * letters, digits, '_' and '-' (at most 64)?
 */
static int
plugin_file_name(const char *path)
{
	const char *base = strrchr(path, '/') + 1, *p;
	size_t n = strlen(base);

	if (n < 4 || n > 67 || strcmp(base + n - 3, ".so") != 0)
		return 0;
	for (p = base; p < base + n - 3; p++)
		if (!isalnum((unsigned char)*p) && *p != '_' && *p != '-')
			return 0;
	return 1;
}

/* Is the file at path (with a slash) NAME.so? */
static int
name_matches_file(const char *name, const char *path)
{
	const char *base = strrchr(path, '/') + 1;
	size_t n = strlen(name);

	return strncmp(base, name, n) == 0 && strcmp(base + n, ".so") == 0;
}

/* The entry point's answer checked against this host; 0, or -1 (err set). */
static int
entry_fault(const char *path, const struct tbl_plugin_info *info, char *err,
    size_t errlen)
{
	if (info == NULL) {
		snprintf(err, errlen, "%s: the entry point returned no plugin", path);
		return -1;
	}
	if (info->abi_major != TABLERO_ABI_MAJOR) {
		snprintf(err, errlen, "%s: built for SDK ABI %u.%u, this tablero "
		    "supports ABI %d.%d (the major version differs)", path,
		    info->abi_major, info->abi_minor, TABLERO_ABI_MAJOR,
		    TABLERO_ABI_MINOR);
		return -1;
	}
	if (info->abi_minor > TABLERO_ABI_MINOR) {
		snprintf(err, errlen, "%s: built for SDK ABI %u.%u, newer than this "
		    "tablero's ABI %d.%d", path, info->abi_major, info->abi_minor,
		    TABLERO_ABI_MAJOR, TABLERO_ABI_MINOR);
		return -1;
	}
	if (info->signature == NULL ||
	    strcmp(info->signature, TABLERO_SIGNATURE) != 0) {
		snprintf(err, errlen, "%s: build signature '%s' does not match "
		    "this tablero's '%s'", path,
		    info->signature ? info->signature : "(none)", TABLERO_SIGNATURE);
		return -1;
	}
	if (info->size < game_size_min[0] || info->game == NULL) {
		snprintf(err, errlen, "%s: game descriptor of %u bytes is smaller "
		    "than the ABI 1.0 minimum of %zu bytes", path, info->size,
		    game_size_min[0]);
		return -1;
	}
	if (info->size < game_size_min[info->abi_minor]) {
		snprintf(err, errlen, "%s: game descriptor of %u bytes is smaller "
		    "than ABI %u.%u requires (%zu bytes)", path, info->size,
		    info->abi_major, info->abi_minor,
		    game_size_min[info->abi_minor]);
		return -1;
	}
	return 0;
}

/* What is wrong with the descriptor g, or NULL (buf: room for a message). */
static const char *
descriptor_fault(const struct tbl_game *g, char *buf, size_t len)
{
	if (g->name == NULL || g->name[0] == '\0')
		return "it has no name";
#define NEED(f) if (g->f == NULL) return "it lacks the function " #f
	NEED(create); NEED(clone); NEED(copy); NEED(destroy); NEED(players);
	NEED(player_name); NEED(to_move); NEED(legal_moves);
	NEED(chance_outcomes); NEED(apply); NEED(parse_move);
	NEED(format_move); NEED(render); NEED(get_position);
	NEED(set_position); NEED(result);
#undef NEED
	return options_fault(g, buf, len);
}

/*
 * The game of p checked (descriptor, file name) and initialised; 0, or
 * -1 (err set).
 */
static int
accept_game(struct plugin *p, char *err, size_t errlen)
{
	char buf[TBL_ERRLEN], ierr[TBL_ERRLEN];
	const char *why = descriptor_fault(&p->game, buf, sizeof buf);

	if (why != NULL) {
		snprintf(err, errlen, "%s: invalid game descriptor: %s", p->path,
		    why);
		return -1;
	}
	if (!name_matches_file(p->game.name, p->path)) {
		/* `new NAME` and the search path find a game by its file. */
		snprintf(err, errlen, "%s: the plugin's game is named '%s', but its "
		    "file is named '%s'; name the file %s.so", p->path,
		    p->game.name, strrchr(p->path, '/') + 1, p->game.name);
		return -1;
	}
	if (p->game.init != NULL) {
		ierr[0] = '\0';
		if (p->game.init(&host_services, ierr, sizeof ierr) != 0) {
			snprintf(err, errlen, "%s: plugin '%s' failed to initialise: %s",
			    p->path, p->game.name, ierr[0] ? ierr : "no reason given");
			return -1;
		}
	}
	return 0;
}

/*
 * dlopen() the plugin file that trust_open() checked and opened as fd;
 * NULL (err set) when it is no loadable shared object.  The file checked
 * is the file loaded, whatever the name says now.  The descriptor stays
 * open while the plugin is loaded: dlopen() knows an object by its name,
 * which no other plugin may share.
 */
static void *
load_object(const char *path, int fd, char *err, size_t errlen)
{
	char fdpath[64];
	const char *e;
	void *dl;

	snprintf(fdpath, sizeof fdpath, "/proc/self/fd/%d", fd);
	dl = dlopen(access(fdpath, F_OK) == 0 ? fdpath : path,
	    RTLD_NOW | RTLD_LOCAL);
	if (dl == NULL) {
		e = dlerror();
		snprintf(err, errlen, "%s: not a loadable shared object (%s)",
		    path, e ? e : "dlopen failed");
	}
	return dl;
}

struct plugin *
plugin_open(const char *given, int flags, char *err, size_t errlen)
{
	const struct tbl_plugin_info *info;
	struct plugin *p;
	tbl_entry_fn entry;
	void *dl;
	size_t n;
	char *path;
	int fd;

	/*
	 * A name without a slash is a file in the current directory, never
	 * a library dlopen() would look up by name (or one already loaded
	 * under that soname).
	 */
	path = strchr(given, '/') ? xstrdup(given) : xasprintf("./%s", given);
	/* Before any of its code runs (constructors run in dlopen()). */
	if (!plugin_file_name(path)) {
		snprintf(err, errlen, "%s: not named as a plugin file "
		    "(NAME.so, NAME of letters, digits, '_' and '-')", path);
		free(path);
		return NULL;
	}
	fd = trust_open(path, flags & PLUGIN_UNSAFE_OK, err, errlen);
	if (fd < 0) {
		free(path);
		return NULL;
	}
	if ((dl = load_object(path, fd, err, errlen)) == NULL) {
		close(fd);
		free(path);
		return NULL;
	}
	*(void **)&entry = dlsym(dl, TABLERO_ENTRY_SYMBOL);
	if (entry == NULL) {
		snprintf(err, errlen, "%s: no entry point '%s' in the shared object",
		    path, TABLERO_ENTRY_SYMBOL);
		goto refuse;
	}
	info = entry();
	if (entry_fault(path, info, err, errlen) != 0)
		goto refuse;

	p = xcalloc(1, sizeof *p);
	n = info->size < sizeof p->game ? info->size : sizeof p->game;
	memcpy(&p->game, info->game, n);
	p->abi_major = info->abi_major;
	p->abi_minor = info->abi_minor;
	p->path = path;
	p->dl = dl;
	p->fd = fd;
	if (accept_game(p, err, errlen) != 0) {
		free(p);
		goto refuse;
	}
#if defined(TABLERO_COVERAGE) && !defined(TABLERO_FUZZ)
	{	/* its counts, for a process that ends with _exit */
		void (*dump)(void);
		*(void **)&dump = dlsym(dl, "__gcov_dump");
		if (dump != NULL)
			coverage_add(dl, dump);
	}
#endif
	return p;
refuse:
	dlclose(dl);
	close(fd);
	free(path);
	return NULL;
}

void
plugin_close(struct plugin *p)
{
	if (p == NULL)
		return;
#if defined(TABLERO_COVERAGE) && !defined(TABLERO_FUZZ)
	coverage_remove(p->dl);
#endif
	dlclose(p->dl);
	close(p->fd);
	free(p->path);
	free(p);
}

void
pluginset_add_path(struct pluginset *ps, const char *dirs)
{
	const char *s = dirs, *e;

	if (dirs == NULL)
		return;
	while (*s) {
		e = strchr(s, ':');
		if (e == NULL)
			e = s + strlen(s);
		if (e > s) {
			ps->dirs = xrealloc(ps->dirs, (size_t)(ps->ndirs + 1) * sizeof *ps->dirs);
			ps->dirs[ps->ndirs++] = xstrndup(s, (size_t)(e - s));
		}
		s = *e ? e + 1 : e;
	}
}

struct plugin *
pluginset_find(const struct pluginset *ps, const char *name)
{
	int i;

	for (i = 0; i < ps->n; i++)
		if (strcmp(ps->v[i]->game.name, name) == 0)
			return ps->v[i];
	return NULL;
}

static void
pluginset_append(struct pluginset *ps, struct plugin *p)
{
	ps->v = xrealloc(ps->v, (size_t)(ps->n + 1) * sizeof *ps->v);
	ps->v[ps->n++] = p;
}

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Remember a file that was not loaded, and why. */
static void
note(struct pluginnote **v, int *n, const char *path, const char *why)
{
	*v = xrealloc(*v, (size_t)(*n + 1) * sizeof **v);
	(*v)[*n].path = xstrdup(path);
	(*v)[*n].why = xstrdup(why);
	(*n)++;
}

void
pluginset_scan(struct pluginset *ps, void (*warn)(const char *msg))
{
	char err[2 * TBL_ERRLEN];
	int d, i;

	for (d = 0; d < ps->ndirs; d++) {
		DIR *dir = opendir(ps->dirs[d]);
		struct dirent *de;
		char **names = NULL;
		int nn = 0;

		if (dir == NULL)
			continue;
		while ((de = readdir(dir)) != NULL) {
			size_t l = strlen(de->d_name);
			if (l > 3 && strcmp(de->d_name + l - 3, ".so") == 0) {
				names = xrealloc(names, (size_t)(nn + 1) * sizeof *names);
				names[nn++] = xstrdup(de->d_name);
			}
		}
		closedir(dir);
		/* Sorted, so which plugin wins never depends on readdir order. */
		qsort(names, (size_t)nn, sizeof *names, name_cmp);
		for (i = 0; i < nn; i++) {
			char *path = path_join(ps->dirs[d], names[i]);
			struct plugin *p;
			char stem[256];

			snprintf(stem, sizeof stem, "%.*s",
			    (int)(strlen(names[i]) - 3), names[i]);
			/* A plugin already found earlier on the path wins. */
			if ((p = pluginset_find(ps, stem)) != NULL)
				note(&ps->shadowed, &ps->nshadowed, path, p->path);
			else if ((p = plugin_open(path, ps->flags, err,
			    sizeof err)) == NULL) {
				note(&ps->refused, &ps->nrefused, path, err);
				if (warn)
					warn(err);
			} else
				pluginset_append(ps, p);
			free(path);
			free(names[i]);
		}
		free(names);
	}
}

struct plugin *
pluginset_add_file(struct pluginset *ps, const char *path, char *err,
    size_t errlen)
{
	struct plugin *p = plugin_open(path, ps->flags, err, errlen), *old;

	if (p == NULL)
		return NULL;
	old = pluginset_find(ps, p->game.name);
	if (old != NULL && strcmp(old->path, p->path) == 0) {
		plugin_close(p);
		return old;
	}
	if (old != NULL) {
		/* The file named explicitly replaces one found on the path. */
		int i;
		for (i = 0; i < ps->n; i++)
			if (ps->v[i] == old)
				ps->v[i] = p;
		plugin_close(old);
		return p;
	}
	pluginset_append(ps, p);
	return p;
}

const char **
pluginset_names(const struct pluginset *ps)
{
	const char **v = xcalloc((size_t)ps->n + 1, sizeof *v);
	int i;

	for (i = 0; i < ps->n; i++)
		v[i] = ps->v[i]->game.name;
	qsort(v, (size_t)ps->n, sizeof *v, name_cmp);
	return v;
}

void
pluginset_free(struct pluginset *ps)
{
	int i;

	for (i = 0; i < ps->n; i++)
		plugin_close(ps->v[i]);
	for (i = 0; i < ps->ndirs; i++)
		free(ps->dirs[i]);
	for (i = 0; i < ps->nrefused; i++) {
		free(ps->refused[i].path);
		free(ps->refused[i].why);
	}
	for (i = 0; i < ps->nshadowed; i++) {
		free(ps->shadowed[i].path);
		free(ps->shadowed[i].why);
	}
	free(ps->refused);
	free(ps->shadowed);
	free(ps->v);
	free(ps->dirs);
	memset(ps, 0, sizeof *ps);
}
