/*
 * safefile.c - atomic, durable replacement of a file (see safefile.h).
 */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/safefile.h"
#include "base/util.h"

struct safefile_io safefile_io = { write, fsync, rename, close };

/* Write all n bytes to fd through safefile_io (retrying short writes). */
static int
safefile_write_all(int fd, const char *data, size_t n)
{
	while (n > 0) {
		ssize_t k = safefile_io.write(fd, data, n);
		if (k < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (k == 0) {
			errno = EIO;
			return -1;
		}
		data += k;
		n -= (size_t)k;
	}
	return 0;
}

/* The directory part of path ("." for a bare name); caller frees. */
static char *
dir_of(const char *path)
{
	char *copy = xstrdup(path), *d = xstrdup(dirname(copy));

	free(copy);
	return d;
}

/* fsync the directory that holds path; 0 or -1 (errno set). */
static int
safefile_sync_dir(const char *path)
{
	char *d = dir_of(path);
	int fd = open(d, O_RDONLY | O_DIRECTORY), rc, e;

	free(d);
	if (fd < 0)
		return -1;
	rc = safefile_io.fsync(fd);
	e = errno;
	close(fd);
	errno = e;
	return rc;
}

/*
 * Remove BASE.tmpXXXXXX files beside target that no save holds a lock
 * on: what a killed save left behind.
 */
static void
remove_stale(const char *target)
{
	char *d = dir_of(target), *copy = xstrdup(target);
	const char *base = basename(copy);
	size_t bl = strlen(base);
	DIR *dir = opendir(d);
	struct dirent *de;

	while (dir && (de = readdir(dir)) != NULL) {
		const char *n = de->d_name;
		char *full;
		int fd;

		if (strncmp(n, base, bl) != 0 || strncmp(n + bl, ".tmp", 4) != 0 ||
		    strlen(n + bl + 4) != 6)
			continue;
		full = path_join(d, n);
		fd = open(full, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
		if (fd >= 0) {
			struct stat st;
			if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
			    flock(fd, LOCK_EX | LOCK_NB) == 0)
				unlink(full);
			close(fd);
		}
		free(full);
	}
	if (dir)
		closedir(dir);
	free(d);
	free(copy);
}

/*
 * The file that saving to path replaces (a symbolic link's target) into
 * *target (the caller frees), and the mode it keeps, or a new file's.
 * 0, or -1 with a message in err when it is no regular file.
 */
static int
save_target(const char *path, char **target, mode_t *mode, char *err,
    size_t errlen)
{
	struct stat st;
	int exists;

	/* A symbolic link is followed: its target is what gets replaced. */
	if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
		*target = realpath(path, NULL);
		if (*target == NULL) {
			snprintf(err, errlen, "%s: cannot save: the symbolic link "
			    "does not resolve (%s)", path, strerror(errno));
			return -1;
		}
	} else
		*target = xstrdup(path);
	exists = stat(*target, &st) == 0;
	if (exists && !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: cannot save: not a regular file", path);
		free(*target);
		return -1;
	}
	if (exists)
		*mode = st.st_mode & 07777;
	else {
		mode_t mask = umask(0);
		umask(mask);
		*mode = 0666 & ~mask;
	}
	return 0;
}

int
safefile_replace(const char *path, const char *data, size_t n, char *err,
    size_t errlen)
{
	char *target = NULL, *tmp = NULL;
	mode_t mode;
	int fd = -1, rc = -1;
	const char *what;

	if (save_target(path, &target, &mode, err, errlen) != 0)
		return -1;
	remove_stale(target);
	tmp = xasprintf("%s.tmpXXXXXX", target);
	what = "cannot create a temporary file";
	fd = mkstemp(tmp);
	if (fd < 0) {
		free(tmp);
		tmp = NULL;
		goto fail;
	}
	/* Held until the rename, so remove_stale() leaves it alone. */
	flock(fd, LOCK_EX);
	what = "cannot set the mode";
	if (fchmod(fd, mode) != 0)
		goto fail;
	what = "cannot write";
	if (safefile_write_all(fd, data, n) != 0)
		goto fail;
	what = "cannot sync";
	if (safefile_io.fsync(fd) != 0)
		goto fail;
	what = "cannot close";
	{
		int c = safefile_io.close(fd);
		fd = -1;
		if (c != 0)
			goto fail;
	}
	what = "cannot rename the temporary file";
	if (safefile_io.rename(tmp, target) != 0)
		goto fail;
	free(tmp);
	tmp = NULL;
	if (safefile_sync_dir(target) != 0) {
		snprintf(err, errlen, "%s: saved, but cannot sync its directory: "
		    "%s", path, strerror(errno));
		goto out;
	}
	rc = 0;
	goto out;
fail:
	snprintf(err, errlen, "%s: cannot save: %s: %s", path, what,
	    strerror(errno));
	if (fd >= 0)
		close(fd);
	if (tmp)
		unlink(tmp);
out:
	free(tmp);
	free(target);
	return rc;
}

void
safefile_remove_stale_pid(const char *path)
{
	char *d = dir_of(path), *copy = xstrdup(path);
	const char *base = basename(copy);
	size_t bl = strlen(base);
	DIR *dir = opendir(d);
	struct dirent *de;

	while (dir && (de = readdir(dir)) != NULL) {
		const char *n = de->d_name;
		char *end, *full;
		long pid;

		if (strncmp(n, base, bl) != 0 || n[bl] != '-' ||
		    !isdigit((unsigned char)n[bl + 1]))
			continue;
		errno = 0;
		pid = strtol(n + bl + 1, &end, 10);
		if (errno != 0 || strcmp(end, ".tmp") != 0 || pid <= 0 ||
		    pid == (long)getpid() ||
		    (pid <= INT_MAX && (kill((pid_t)pid, 0) == 0 ||
		    errno != ESRCH)))
			continue;	/* not one, or its writer may live */
		full = path_join(d, n);
		unlink(full);
		free(full);
	}
	if (dir)
		closedir(dir);
	free(d);
	free(copy);
}
