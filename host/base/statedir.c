/*
 * statedir.c - the user's state directory (see statedir.h).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/statedir.h"
#include "base/util.h"

/* Create dir and its parents (mode 0700); 0 or -1. */
static int
make_dirs(const char *dir)
{
	char *d = xstrdup(dir), *p;
	int rc = 0;

	for (p = d + 1; rc == 0; p++) {
		if (*p == '/' || *p == '\0') {
			char c = *p;
			*p = '\0';
			if (mkdir(d, 0700) != 0 && errno != EEXIST)
				rc = -1;
			*p = c;
			if (c == '\0')
				break;
		}
	}
	free(d);
	return rc;
}

char *
state_dir(const char *sub, char *err, size_t errlen)
{
	const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	char *dir;

	if (errlen)
		err[0] = '\0';
	if (state && *state == '/')
		dir = xasprintf("%s/tablero%s%s", state, sub ? "/" : "",
		    sub ? sub : "");
	else if (home && *home)
		dir = xasprintf("%s/.local/state/tablero%s%s", home, sub ? "/" :
		    "", sub ? sub : "");
	else
		return NULL;
	if (make_dirs(dir) != 0) {
		snprintf(err, errlen, "cannot create %s: %s", dir,
		    strerror(errno));
		free(dir);
		return NULL;
	}
	return dir;
}
