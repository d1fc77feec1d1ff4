/*
 * loader.h - finding, loading and refusing game plugins.
 *
 * A plugin is loaded with dlopen(), its entry symbol called, and its
 * version, signature and descriptor checked before any other function of
 * it is called.  The descriptor is copied into a host-sized struct, so
 * fields a plugin's (older) descriptor lacks read as NULL.
 */
#ifndef TABLERO_LOADER_H
#define TABLERO_LOADER_H

#include <stddef.h>

#include "tablero.h"

struct plugin {
	char *path;			/* the file it came from */
	void *dl;			/* dlopen handle */
	int fd;				/* the file loaded, open while so */
	struct tbl_game game;		/* descriptor, host-sized copy */
	unsigned abi_major, abi_minor;	/* what the plugin was built for */
};

/* plugin_open() flags: load files the trust policy refuses (trust.h). */
#define PLUGIN_UNSAFE_OK 1

/*
 * Load the plugin in file `path` (a name without a slash is a file in
 * the current directory).  The file must pass the trust policy of
 * trust.h first: a regular file that nobody but the user and root could
 * have written (PLUGIN_UNSAFE_OK in flags drops the ownership and mode
 * checks, never the regular-file one).  Returns a new plugin the caller
 * releases with plugin_close(), or NULL with a one-line message in err
 * naming the file and the reason (never calling into a refused plugin
 * past its entry symbol).
 */
struct plugin *plugin_open(const char *path, int flags, char *err,
    size_t errlen);
void plugin_close(struct plugin *p);

/* The set of known plugins, found on a search path of directories. */
/* A plugin file on the path that was not loaded. */
struct pluginnote {
	char *path;
	char *why;	/* refused: the reason; shadowed: the file that won */
};

struct pluginset {
	char **dirs;
	int ndirs;
	struct plugin **v;
	int n;
	struct pluginnote *refused;	/* files the loader refused */
	int nrefused;
	struct pluginnote *shadowed;	/* files of a name found earlier */
	int nshadowed;
	int flags;			/* plugin_open() flags for every load */
};

/* Append dir (or each entry of a colon-separated list) to the path. */
void pluginset_add_path(struct pluginset *ps, const char *dirs);

/*
 * Load every *.so of every directory on the path; the first plugin of a
 * name wins and the later files of that name are noted in `shadowed`
 * (never loaded).  Refusals are noted in `refused` and passed to warn (one
 * line each), never fatal.  A plugin NAME must be in the file NAME.so.
 */
void pluginset_scan(struct pluginset *ps, void (*warn)(const char *msg));

/*
 * Load one more plugin from a file and add it.  A plugin of the same name
 * already in the set is replaced by this one (the file named explicitly
 * wins over one found on the path); the same file again returns the
 * plugin already loaded.  Returns it, or NULL with a message in err.
 */
struct plugin *pluginset_add_file(struct pluginset *ps, const char *path,
    char *err, size_t errlen);

/* The plugin named `name`, or NULL. */
struct plugin *pluginset_find(const struct pluginset *ps, const char *name);

/* A NULL-terminated array of the game names (caller frees the array). */
const char **pluginset_names(const struct pluginset *ps);

void pluginset_free(struct pluginset *ps);

#endif /* TABLERO_LOADER_H */
