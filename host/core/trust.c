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

/* One directory on the way of a path: 0, or -1 naming it. */
static int
walk_check(const char *path, const char *dir, char *err, size_t errlen)
{
	struct stat st;
	char e[128];

	if (stat(dir, &st) != 0) {
		snprintf(err, errlen, "%s: %s: %s", path, dir, strerror(errno));
		return -1;
	}
	if (trust_owner_mode(&st, 1, e, sizeof e) != 0) {
		snprintf(err, errlen, "%s: unsafe directory %s: %s", path, dir,
		    e);
		return -1;
	}
	return 0;
}

/*
 * The symbolic link `cur` (lstat in st) met on the way of path: its
 * owner checked, its target put before the names still to walk (todo),
 * and cur cut back to the link's directory (`at` bytes) or to "/".
 * 0, or -1 with a reason.
 */
static int
walk_link(const char *path, struct sbuf *cur, size_t at,
    const struct stat *st, struct sbuf *todo, const char *rest, int *hops,
    char *err, size_t errlen)
{
	char link[PATH_MAX], *t;
	ssize_t n;

	if (st->st_uid != 0 && st->st_uid != geteuid()) {
		snprintf(err, errlen, "%s: symbolic link %s owned by user %ld, "
		    "not by you or root", path, cur->s, (long)st->st_uid);
		return -1;
	}
	if (++*hops > 40 || (n = readlink(cur->s, link, sizeof link - 1)) <= 0) {
		snprintf(err, errlen, "%s: %s: %s", path, cur->s,
		    strerror(*hops > 40 ? ELOOP : errno));
		return -1;
	}
	link[n] = '\0';
	cur->len = link[0] == '/' ? 1 : at;
	cur->s[cur->len] = '\0';
	t = xasprintf("%s/%s", link, rest);
	sbuf_reset(todo);
	sbuf_puts(todo, t);
	free(t);
	return 0;
}

/* Is `name` in directory cur (the last of a path) a symbolic link?  Its
 * lstat into st when it is. */
static int
last_is_link(const struct sbuf *cur, const char *name, struct stat *st)
{
	char *p;
	int link;

	if (*name == '\0')
		return 0;
	p = xasprintf("%s%s%s", cur->s, cur->len > 1 ? "/" : "", name);
	link = lstat(p, st) == 0 && S_ISLNK(st->st_mode);
	free(p);
	return link;
}

/*
 * Walk `path` as given, one name after the other, as sshd checks a path
 * and as the kernel resolves it: each directory passed through is
 * checked (walk_check); a symbolic link met on the way is followed (its
 * target walked from the link's directory, or from "/") and must be
 * owned by the user or root: in a sticky directory such as /tmp anyone
 * may create a link, and only its owner may replace it.  The last name
 * (the file) is left to the caller.  0, or -1 with a reason.
 */
static int
trust_walk(const char *path, char *err, size_t errlen)
{
	struct sbuf todo = { 0 }, cur = { 0 };
	char *cwd = NULL, *name, *rest;
	int hops = 0, rc = -1;
	struct stat st;

	if (path[0] != '/' && (cwd = getcwd(NULL, 0)) == NULL) {
		snprintf(err, errlen, "%s: cannot find the current directory: "
		    "%s", path, strerror(errno));
		return -1;
	}
	sbuf_printf(&todo, "%s/%s", cwd ? cwd : "", path);
	free(cwd);
	sbuf_puts(&cur, "/");
	if (walk_check(path, "/", err, errlen) != 0)
		goto out;
	for (;;) {
		size_t at = cur.len;
		for (name = todo.s; *name == '/'; name++)
			;
		rest = name + strcspn(name, "/");
		if (*rest == '\0' && !last_is_link(&cur, name, &st))
			break;	/* the file itself, or nothing */
		if (*rest != '\0')
			*rest++ = '\0';
		if (strcmp(name, "..") == 0) {
			char *slash = strrchr(cur.s, '/');
			cur.len = slash == cur.s ? 1 : (size_t)(slash - cur.s);
			cur.s[cur.len] = '\0';
		} else if (strcmp(name, ".") != 0) {
			sbuf_printf(&cur, "%s%s", cur.len > 1 ? "/" : "", name);
			if (lstat(cur.s, &st) != 0) {
				snprintf(err, errlen, "%s: %s: %s", path, cur.s,
				    strerror(errno));
				goto out;
			}
			if (S_ISLNK(st.st_mode)) {
				if (walk_link(path, &cur, at, &st, &todo, rest,
				    &hops, err, errlen) != 0)
					goto out;
				continue;
			}
			if (walk_check(path, cur.s, err, errlen) != 0)
				goto out;
		}
		memmove(todo.s, rest, strlen(rest) + 1);
		todo.len = strlen(todo.s);
	}
	rc = 0;
out:
	sbuf_free(&todo);
	sbuf_free(&cur);
	return rc;
}

/*
 * The checks of trust_open() on the file open on fd: the file's owner
 * and mode, the directories of the name given and of the file itself.
 */
static int
trust_fd(const char *path, int fd, const struct stat *st, char *err,
    size_t errlen)
{
	char e[128], *real;
	int rc;

	if (trust_owner_mode(st, 0, e, sizeof e) != 0) {
		snprintf(err, errlen, "%s: unsafe plugin file: %s", path, e);
		return -1;
	}
	/* The name given: a symbolic link in an open directory is not safe. */
	if (trust_walk(path, err, errlen) != 0)
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
