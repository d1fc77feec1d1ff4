/*
 * trust.c - refuse plugin files that someone other than the user or root
 * could have written (see trust.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
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

/*
 * Check every directory of the absolute path `real` (modified), up to
 * the root; 0, or -1 with a reason naming path (the file as given).
 */
static int
trust_dirs(const char *path, char *real, char *err, size_t errlen)
{
	struct stat st;
	char e[128], *slash;

	while ((slash = strrchr(real, '/')) != NULL) {
		if (slash == real)
			slash[1] = '\0';
		else
			*slash = '\0';
		if (stat(real, &st) != 0) {
			snprintf(err, errlen, "%s: %s: %s", path, real,
			    strerror(errno));
			return -1;
		}
		if (trust_owner_mode(&st, 1, e, sizeof e) != 0) {
			snprintf(err, errlen, "%s: unsafe directory %s: %s",
			    path, real, e);
			return -1;
		}
		if (strcmp(real, "/") == 0)
			break;
	}
	return 0;
}

/* The absolute path of the file open on fd, or NULL (to free). */
static char *
fd_path(int fd)
{
	char link[64], buf[PATH_MAX];
	ssize_t n;

	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	n = readlink(link, buf, sizeof buf - 1);
	if (n <= 0 || buf[0] != '/')
		return NULL;
	buf[n] = '\0';
	return xstrdup(buf);
}

/* The directory that holds `path`, resolved (to free), or NULL. */
static char *
real_dir(const char *path)
{
	char *copy = xstrdup(path), *slash = strrchr(copy, '/'), *real;

	if (slash == NULL) {
		free(copy);
		return realpath(".", NULL);
	}
	if (slash == copy)
		slash[1] = '\0';
	else
		*slash = '\0';
	real = realpath(copy, NULL);
	free(copy);
	return real;
}

/*
 * The checks of trust_open() on the file open on fd: the file's owner
 * and mode, the directories of the name given and of the file itself.
 */
static int
trust_fd(const char *path, int fd, const struct stat *st, char *err,
    size_t errlen)
{
	char e[128], *dir, *real;
	int rc;

	if (trust_owner_mode(st, 0, e, sizeof e) != 0) {
		snprintf(err, errlen, "%s: unsafe plugin file: %s", path, e);
		return -1;
	}
	/* The name given: a symbolic link in an open directory is not safe. */
	if ((dir = real_dir(path)) == NULL) {
		snprintf(err, errlen, "%s: cannot resolve its directory: %s",
		    path, strerror(errno));
		return -1;
	}
	/* trust_dirs() checks the directories above its last name. */
	dir = xrealloc(dir, strlen(dir) + 3);
	strcat(dir, "/x");
	rc = trust_dirs(path, dir, err, errlen);
	free(dir);
	if (rc != 0)
		return -1;
	/* The file opened, where it lies now (without /proc: as resolved). */
	if ((real = fd_path(fd)) == NULL &&
	    (real = realpath(path, NULL)) == NULL) {
		snprintf(err, errlen, "%s: cannot resolve: %s", path,
		    strerror(errno));
		return -1;
	}
	rc = trust_dirs(path, real, err, errlen);
	free(real);
	return rc;
}

int
trust_open(const char *path, int unsafe_ok, char *err, size_t errlen)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);

	if (fd < 0) {
		snprintf(err, errlen, "%s: cannot open: %s", path,
		    strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: not a regular file", path);
		close(fd);
		return -1;
	}
	if (!unsafe_ok && trust_fd(path, fd, &st, err, errlen) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}
