/*
 * test_paths.c - how tablero finds its build tree (core/paths.c) from
 * the executable's path, in a tree made here; and the plugin trust
 * policy (core/trust.c) where the system does not help: a name without a
 * directory, no /proc, and a name or directory that cannot be resolved
 * or examined once the file is open (races the tests cannot time).
 * Those last are simulated by replacing realpath(), readlink() and
 * stat() for this program (glibc 2.33 and later, where stat() is a
 * function of its own); each failure names what failed.
 */
#define _GNU_SOURCE		/* canonicalize_file_name() */
#undef _FORTIFY_SOURCE		/* readlink() itself, not its wrapper */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "base/util.h"
#include "core/paths.h"
#include "core/trust.h"

#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
#define FAULTS 1
#endif

static char tree[PATH_MAX];	/* the scratch directory, real */

/* Write text into tree/rel (with mode), making its directories. */
static void
put(const char *rel, const char *text, mode_t mode)
{
	char *p = path_join(tree, rel), *slash;
	FILE *fp;

	for (slash = strchr(p + strlen(tree) + 1, '/'); slash != NULL;
	    slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(p, 0755);
		*slash = '/';
	}
	fp = fopen(p, "w");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
	assert_int_equal(chmod(p, mode), 0);
	free(p);
}

static int
setup(void **state)
{
	char tmpl[] = "/tmp/tablero-paths.XXXXXX";

	(void)state;
	if (mkdtemp(tmpl) == NULL || realpath(tmpl, tree) == NULL)
		return -1;
	return 0;
}

static int
teardown(void **state)
{
	char cmd[PATH_MAX + 16];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tree);
	return system(cmd) == 0 ? 0 : -1;
}

/* paths_from_exe() for tree/rel: "PLUGINS|DATA|MAN", or "-". */
static char *
found(const char *rel)
{
	char *exe = rel[0] == '/' ? xstrdup(rel) : path_join(tree, rel);
	char *plugins = NULL, *data = NULL, *man = NULL, *s;

	if (paths_from_exe(exe, &plugins, &data, &man) != 0) {
		assert_null(plugins);
		free(exe);
		return xstrdup("-");
	}
	s = xasprintf("%s|%s|%s", plugins, data, man);
	free(plugins);
	free(data);
	free(man);
	free(exe);
	return s;
}

#define assert_found(rel, want) do { \
	char *got_ = found(rel); \
	assert_string_equal(got_, want); \
	free(got_); \
} while (0)

static void
test_build_tree(void **state)
{
	char *want;

	(void)state;
	put("b/tablero-build-tree", "/src/dir\nmore\n", 0644);
	want = xasprintf("%s/b/plugins/.libs|/src/dir/conf|/src/dir/man", tree);
	assert_found("b/host/tablero", want);
	/* libtool's real executable */
	assert_found("b/host/.libs/tablero", want);
	free(want);
	/* Not in a directory host/ of a build tree. */
	assert_found("b/bin/tablero", "-");
	assert_found("b/host/x/tablero", "-");
	assert_found("b/tablero", "-");
	assert_found("/tablero", "-");
	assert_found("/host/tablero", "-");	/* no /tablero-build-tree */
	assert_found("tablero", "-");
	assert_found("", "-");
	assert_found("c/host/tablero", "-");	/* no marker */
	/* A marker that fails the trust policy, or names no absolute
	 * directory, or nothing. */
	put("d/tablero-build-tree", "/src/dir\n", 0666);
	assert_found("d/host/tablero", "-");
	put("e/tablero-build-tree", "src/dir\n", 0644);
	assert_found("e/host/tablero", "-");
	put("f/tablero-build-tree", "", 0644);
	assert_found("f/host/tablero", "-");
	/* No newline: the whole file. */
	put("g/tablero-build-tree", "/s", 0644);
	want = xasprintf("%s/g/plugins/.libs|/s/conf|/s/man", tree);
	assert_found("g/host/.libs/tablero", want);
	free(want);
}

/* This program is no build tree's tablero: the installed directories;
 * a second paths_init() changes nothing. */
static void
test_installed(void **state)
{
	(void)state;
	paths_init();
	assert_null(paths_build_plugins());
	assert_null(paths_build_man());
	assert_string_equal(paths_data_dir(), PKGDATADIR);
	paths_init();
	assert_null(paths_build_plugins());
	assert_string_equal(paths_data_dir(), PKGDATADIR);
}

/* trust_open() of path: "ok", or its message with the tree as T. */
static char *
trusted(const char *path)
{
	char err[512], *s, *at;
	int fd = trust_open(path, 0, err, sizeof err);

	if (fd >= 0) {
		close(fd);
		return xstrdup("ok");
	}
	s = xstrdup(err);
	while ((at = strstr(s, tree)) != NULL) {
		at[0] = 'T';
		memmove(at + 1, at + strlen(tree), strlen(at + strlen(tree)) + 1);
	}
	return s;
}

#define assert_trusted(path, want) do { \
	char *got_ = trusted(path); \
	assert_string_equal(got_, want); \
	free(got_); \
} while (0)

/* A name without a directory: the current directory's. */
static void
test_trust_bare_name(void **state)
{
	char here[PATH_MAX], *d;

	(void)state;
	put("t/ok/p.so", "x", 0644);
	put("t/open/q.so", "x", 0644);
	d = path_join(tree, "t/open");
	assert_int_equal(chmod(d, 0777), 0);
	assert_non_null(getcwd(here, sizeof here));
	assert_int_equal(chdir(d), 0);
	assert_trusted("q.so", "q.so: unsafe directory T/t/open: writable by "
	    "others (mode 0777)");
	free(d);
	d = path_join(tree, "t/ok");
	assert_int_equal(chdir(d), 0);
	assert_trusted("p.so", "ok");
	assert_trusted("nosuch.so", "nosuch.so: cannot open: No such file or "
	    "directory");
	assert_int_equal(chdir(here), 0);
	free(d);
}

#ifdef FAULTS
/* The replacements: fail for the path named, else do the real work. */
static const char *fail_realpath, *fail_stat, *fail_lstat;
static int fail_proc;		/* readlink() of /proc/self/fd/N */

char *
realpath(const char *restrict p, char *restrict resolved)
{
	char *r;

	if (fail_realpath != NULL && strcmp(p, fail_realpath) == 0) {
		errno = ENOENT;
		return NULL;
	}
	r = canonicalize_file_name(p);
	if (r == NULL || resolved == NULL)
		return r;
	snprintf(resolved, PATH_MAX, "%s", r);
	free(r);
	return resolved;
}

ssize_t
readlink(const char *restrict p, char *restrict buf, size_t len)
{
	if (fail_proc && strncmp(p, "/proc/self/fd/", 14) == 0) {
		errno = ENOENT;
		return -1;
	}
	return readlinkat(AT_FDCWD, p, buf, len);
}

/* readlink() as _FORTIFY_SOURCE calls it */
ssize_t __readlink_chk(const char *p, char *buf, size_t len, size_t buflen);
ssize_t
__readlink_chk(const char *p, char *buf, size_t len, size_t buflen)
{
	(void)buflen;
	return readlink(p, buf, len);
}

int
lstat(const char *restrict p, struct stat *restrict st)
{
	if (fail_lstat != NULL && strcmp(p, fail_lstat) == 0) {
		errno = ENOENT;
		return -1;
	}
	return fstatat(AT_FDCWD, p, st, AT_SYMLINK_NOFOLLOW);
}

int
stat(const char *restrict p, struct stat *restrict st)
{
	if (fail_stat != NULL && strcmp(p, fail_stat) == 0) {
		errno = EACCES;
		return -1;
	}
	return fstatat(AT_FDCWD, p, st, 0);
}

static void
test_trust_faults(void **state)
{
	char *ok = path_join(tree, "u/ok/p.so"), *link = path_join(tree,
	    "u/ok/l.so"), *dir = path_join(tree, "u/ok"), *open_dir, *target;

	(void)state;
	put("u/ok/p.so", "x", 0644);
	put("u/open/q.so", "x", 0644);
	open_dir = path_join(tree, "u/open");
	target = path_join(open_dir, "q.so");
	assert_int_equal(chmod(open_dir, 0777), 0);
	assert_int_equal(symlink(target, link), 0);

	/* Without /proc: the file's real path from realpath(), still
	 * checked up to the root. */
	fail_proc = 1;
	assert_trusted(ok, "ok");
	assert_trusted(link, "T/u/ok/l.so: unsafe directory T/u/open: writable "
	    "by others (mode 0777)");
	fail_realpath = ok;
	assert_trusted(ok, "T/u/ok/p.so: cannot resolve: No such file or "
	    "directory");
	fail_proc = 0;
	assert_trusted(ok, "ok");	/* /proc names it */

	/* A directory of the name given, gone since the open: the name is
	 * walked as given (lstat), not resolved. */
	fail_lstat = dir;
	assert_trusted(ok, "T/u/ok/p.so: T/u/ok: No such file or directory");
	fail_lstat = NULL;

	/* A directory above it that cannot be examined. */
	fail_stat = dir;
	assert_trusted(ok, "T/u/ok/p.so: T/u/ok: Permission denied");
	fail_stat = NULL;
	assert_trusted(ok, "ok");
	free(ok);
	free(link);
	free(dir);
	free(open_dir);
	free(target);
}
#else
static void
test_trust_faults(void **state)
{
	(void)state;
	skip();
}
#endif

/*
 * The user's directories: one rule for the three (an XDG variable taken
 * only when absolute, else HOME's default), and the one mkdir -p.
 */
static void
test_user_dirs(void **state)
{
	static const char *const vars[] = { "XDG_CONFIG_HOME",
		"XDG_DATA_HOME", "XDG_STATE_HOME" };
	static const char *const homes[] = { ".config", ".local/share",
		".local/state" };
	char *home = path_join(tree, "home"), *d, *want, err[512];
	int k;

	(void)state;
	setenv("HOME", home, 1);
	for (k = PATHS_CONFIG; k <= PATHS_STATE; k++) {
		want = xasprintf("%s/%s/tablero/x", home, homes[k]);
		unsetenv(vars[k]);
		d = paths_user_dir((enum paths_user)k, "x");
		assert_string_equal(d, want);
		free(d);
		/* A relative value is ignored, for each of the three. */
		setenv(vars[k], "rel", 1);
		d = paths_user_dir((enum paths_user)k, "x");
		assert_string_equal(d, want);
		free(d);
		free(want);
		setenv(vars[k], "/abs", 1);
		d = paths_user_dir((enum paths_user)k, NULL);
		assert_string_equal(d, "/abs/tablero");
		free(d);
		unsetenv(vars[k]);
	}
	/* Made with its parents, mode 0700. */
	d = paths_user_dir_made(PATHS_STATE, "serve", err, sizeof err);
	assert_non_null(d);
	want = xasprintf("%s/.local/state/tablero/serve", home);
	assert_string_equal(d, want);
	assert_int_equal(access(d, W_OK), 0);
	free(d);
	free(want);
	/* A file in the way is said, not taken for the directory. */
	put("home/.local/share", "", 0600);
	d = paths_user_dir_made(PATHS_DATA, NULL, err, sizeof err);
	assert_null(d);
	want = xasprintf("cannot create %s/.local/share/tablero: Not a "
	    "directory", home);
	assert_string_equal(err, want);
	free(want);
	assert_int_equal(paths_mkdir(""), -1);
	/* Neither variable nor HOME: none, err empty. */
	unsetenv("HOME");
	assert_null(paths_user_dir_made(PATHS_CONFIG, NULL, err, sizeof err));
	assert_string_equal(err, "");
	free(home);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_build_tree),
		cmocka_unit_test(test_installed),
		cmocka_unit_test(test_trust_bare_name),
		cmocka_unit_test(test_trust_faults),
		cmocka_unit_test(test_user_dirs),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
