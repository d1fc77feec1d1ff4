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

/*
 * The build tree found from an executable at `exe` (a test seam):
 * returns 0 with new strings in *plugins, *data and *man the caller frees, or
 * -1 when exe is not in a build tree.
 */
static int
paths_from_exe(const char *exe, char **plugins, char **data, char **man)
{
	char *dir = xstrdup(exe), *base, *marker, line[PATH_MAX + 2], e[512];
	FILE *fp;
	size_t n;
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
	if (fd < 0 || (fp = fdopen(fd, "r")) == NULL) {
		if (fd >= 0)
			close(fd);
		goto out;
	}
	if (fgets(line, sizeof line, fp) != NULL) {
		n = strcspn(line, "\n");
		line[n] = '\0';
		if (line[0] == '/') {
			*plugins = xasprintf("%s/plugins/.libs", dir);
			*data = xasprintf("%s/conf", line);
			*man = xasprintf("%s/man", line);
			rc = 0;
		}
	}
	fclose(fp);
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
	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return;	/* not Linux: -P and TABLERO_PLUGIN_PATH still work */
	exe[n] = '\0';
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
