/*
 * trust.c - refuse plugin files that someone other than the user or root
 * could have written (see trust.h).
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/trust.h"
#include "base/util.h"

/* Check one file or directory's owner and mode; 0 or -1 with a reason. */
static int
trust_owner_mode(const struct stat *st, int sticky_ok, char *err,
    size_t errlen)
{
	uid_t me = geteuid();

	if (st->st_uid != 0 && st->st_uid != me) {
		snprintf(err, errlen, "owned by user %ld, not by you or root",
		    (long)st->st_uid);
		return -1;
	}
	if ((st->st_mode & (S_IWGRP | S_IWOTH)) != 0 &&
	    !(sticky_ok && (st->st_mode & S_ISVTX) && st->st_uid == 0)) {
		snprintf(err, errlen, "writable by %s (mode %04o)",
		    (st->st_mode & S_IWOTH) ? "others" : "its group",
		    (unsigned)(st->st_mode & 07777));
		return -1;
	}
	return 0;
}

int
trust_check(const char *path, int unsafe_ok, char *err, size_t errlen)
{
	char *real, *slash;
	struct stat st;
	int rc = -1;

	real = realpath(path, NULL);
	if (real == NULL) {
		snprintf(err, errlen, "%s: cannot resolve: %s", path,
		    strerror(errno));
		return -1;
	}
	if (stat(real, &st) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: not a regular file", path);
		goto out;
	}
	if (unsafe_ok) {
		rc = 0;
		goto out;
	}
	{
		char e[128];
		if (trust_owner_mode(&st, 0, e, sizeof e) != 0) {
			snprintf(err, errlen, "%s: unsafe plugin file: %s", path, e);
			goto out;
		}
		/* Every directory above it, up to the root. */
		while ((slash = strrchr(real, '/')) != NULL) {
			if (slash == real)
				slash[1] = '\0';
			else
				*slash = '\0';
			if (stat(real, &st) != 0) {
				snprintf(err, errlen, "%s: %s: %s", path, real,
				    strerror(errno));
				goto out;
			}
			if (trust_owner_mode(&st, 1, e, sizeof e) != 0) {
				snprintf(err, errlen, "%s: unsafe directory %s: %s",
				    path, real, e);
				goto out;
			}
			if (strcmp(real, "/") == 0)
				break;
		}
	}
	rc = 0;
out:
	free(real);
	return rc;
}
