/*
 * paths.c - the plugin and data directories, decided at run time, and
 * the user's directories (see paths.h).
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/paths.h"
#include "core/trust.h"
#include "base/util.h"

#define MARKER "tablero-build-tree"

static int done;
static char *build_plugins, *build_data, *build_man;

/* Cut the last component off path (in place); returns it, or NULL. */
static char *
cut_last(char *path)
{
	char *slash = strrchr(path, '/');

	if (slash == NULL || slash == path)
		return NULL;
	*slash = '\0';
	return slash + 1;
}

int
paths_from_exe(const char *exe, char **plugins, char **data, char **man)
{
	char *dir = xstrdup(exe), *base, *marker, line[PATH_MAX + 2], e[512];
	ssize_t n;
	int rc = -1, fd;

	if (cut_last(dir) == NULL)
		goto out;
	/* libtool may keep the real executable in host/.libs/. */
	base = strrchr(dir, '/');
	if (base && strcmp(base + 1, ".libs") == 0)
		cut_last(dir);
	base = strrchr(dir, '/');
	if (base == NULL || strcmp(base + 1, "host") != 0)
		goto out;
	cut_last(dir);
	marker = path_join(*dir ? dir : "/", MARKER);
	fd = trust_open(marker, 0, e, sizeof e);
	free(marker);
	if (fd < 0)
		goto out;
	/* Its first line: the source directory. */
	n = read(fd, line, sizeof line - 1);
	close(fd);
	line[n > 0 ? n : 0] = '\0';
	line[strcspn(line, "\n")] = '\0';
	if (line[0] == '/') {
		*plugins = xasprintf("%s/plugins/.libs", dir);
		*data = xasprintf("%s/conf", line);
		*man = xasprintf("%s/man", line);
		rc = 0;
	}
out:
	free(dir);
	return rc;
}

void
paths_init(void)
{
	char exe[PATH_MAX];
	ssize_t n;

	if (done)
		return;
	done = 1;
	/* Not on Linux, no build tree: -P and TABLERO_PLUGIN_PATH work. */
	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	exe[n > 0 ? n : 0] = '\0';
	paths_from_exe(exe, &build_plugins, &build_data, &build_man);
}

const char *
paths_build_plugins(void)
{
	return build_plugins;
}

const char *
paths_data_dir(void)
{
	return build_data ? build_data : PKGDATADIR;
}

const char *
paths_build_man(void)
{
	return build_man;
}

/* ---- The user's directories: configuration, data, state ------------ */

static const struct {
	const char *var, *home;	/* $var, else $HOME/home */
} user_dirs[] = {
	[PATHS_CONFIG] = { "XDG_CONFIG_HOME", ".config" },
	[PATHS_DATA] = { "XDG_DATA_HOME", ".local/share" },
	[PATHS_STATE] = { "XDG_STATE_HOME", ".local/state" },
};

char *
paths_user_dir(enum paths_user kind, const char *sub)
{
	const char *xdg = getenv(user_dirs[kind].var), *home = getenv("HOME");
	const char *slash = sub ? "/" : "", *s = sub ? sub : "";

	/* The XDG base directory rule: a relative value is ignored. */
	if (xdg && *xdg == '/')
		return xasprintf("%s/tablero%s%s", xdg, slash, s);
	if (home && *home)
		return xasprintf("%s/%s/tablero%s%s", home,
		    user_dirs[kind].home, slash, s);
	return NULL;
}

int
paths_mkdir(const char *dir)
{
	char *p, *q;
	struct stat sb;
	int rc = 0;

	if (*dir == '\0') {
		errno = ENOENT;
		return -1;
	}
	p = xstrdup(dir);
	for (q = p + 1; rc == 0; q++) {
		char c = *q;
		if (c != '/' && c != '\0')
			continue;
		*q = '\0';
		if (stat(p, &sb) != 0 && mkdir(p, 0700) != 0 && errno != EEXIST)
			rc = -1;
		*q = c;
		if (c == '\0')
			break;
	}
	if (rc == 0 && (stat(p, &sb) != 0 || !S_ISDIR(sb.st_mode))) {
		errno = ENOTDIR;
		rc = -1;
	}
	free(p);
	return rc;
}

char *
paths_user_dir_made(enum paths_user kind, const char *sub, char *err,
    size_t errlen)
{
	char *dir = paths_user_dir(kind, sub);

	if (errlen)
		err[0] = '\0';
	if (dir == NULL)
		return NULL;
	if (paths_mkdir(dir) != 0) {
		snprintf(err, errlen, "cannot create %s: %s", dir,
		    strerror(errno));
		free(dir);
		return NULL;
	}
	return dir;
}
