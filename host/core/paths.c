/*
 * paths.c - the plugin and data directories, decided at run time.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
