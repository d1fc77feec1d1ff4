/*
 * test_safefile.c - saving a file: through symlinks, keeping the mode,
 * refusing non-regular targets, cleaning up after killed saves, and
 * leaving the old file intact when any step fails or the process dies.
 */
#include "config.h"

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/safefile.h"
#include "base/util.h"
#include "slurp.h"

static char dir[] = "/tmp/tablero-test-safefile.XXXXXX";
static const struct safefile_io real_io = { write, fsync, rename, close };

static int
setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int
teardown(void **state)
{
	char *cmd = xasprintf("rm -rf '%s'", dir);
	int rc = system(cmd);

	(void)state;
	free(cmd);
	return rc;
}

/* How many files in dir (records and leftovers). */
static int
nfiles(void)
{
	char *cmd = xasprintf("ls -A '%s' | wc -l", dir);
	FILE *p = popen(cmd, "r");
	int n = -1;

	assert_int_equal(fscanf(p, "%d", &n), 1);
	pclose(p);
	free(cmd);
	return n;
}

static void
clean(void)
{
	char *cmd = xasprintf("rm -rf '%s'/* '%s'/.[!.]*", dir, dir);

	assert_int_equal(system(cmd), 0);
	free(cmd);
}

static void
save_ok(const char *path, const char *text)
{
	char err[1024];

	if (safefile_replace(path, text, strlen(text), err, sizeof err) != 0)
		fail_msg("%s", err);
}

static int nfsync;
static int
count_fsync(int fd)
{
	nfsync++;
	return fsync(fd);
}

/* The file and then its directory are synced. */
static void
test_syncs_file_and_directory(void **state)
{
	char *f = path_join(dir, "r.tbr");

	(void)state;
	safefile_io.fsync = count_fsync;
	nfsync = 0;
	save_ok(f, "one\n");
	safefile_io = real_io;
	assert_int_equal(nfsync, 2);
	free(f);
	clean();
}

static void
test_mode_kept_and_symlink_followed(void **state)
{
	char *f = path_join(dir, "target.tbr"), *l = path_join(dir, "link.tbr");
	char *t;
	struct stat st;

	(void)state;
	save_ok(f, "one\n");
	assert_int_equal(chmod(f, 0640), 0);
	assert_int_equal(symlink("target.tbr", l), 0);
	save_ok(l, "two\n");
	assert_int_equal(lstat(l, &st), 0);
	assert_true(S_ISLNK(st.st_mode));	/* the link stays a link */
	assert_int_equal(stat(f, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0640);	/* the mode is kept */
	t = slurp(f);
	assert_string_equal(t, "two\n");
	free(t);
	assert_int_equal(nfiles(), 2);
	free(f);
	free(l);
	clean();
}

static void
test_refuses_non_regular(void **state)
{
	char *f = path_join(dir, "fifo"), err[1024];
	struct stat st;

	(void)state;
	assert_int_equal(mkfifo(f, 0600), 0);
	assert_int_equal(safefile_replace(f, "x", 1, err, sizeof err), -1);
	assert_non_null(strstr(err, "cannot save: not a regular file"));
	assert_int_equal(lstat(f, &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
	assert_int_equal(safefile_replace(dir, "x", 1, err, sizeof err), -1);
	assert_non_null(strstr(err, "not a regular file"));
	if (stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode)) {
		assert_int_equal(safefile_replace("/dev/null", "x", 1, err,
		    sizeof err), -1);
		assert_int_equal(stat("/dev/null", &st), 0);
		assert_true(S_ISCHR(st.st_mode));
	}
	assert_int_equal(nfiles(), 1);
	free(f);
	clean();
}

/* An abandoned NAME.tmpXXXXXX goes; other files stay. */
static void
test_stale_temporaries_removed(void **state)
{
	char *f = path_join(dir, "r.tbr"), *stale = path_join(dir, "r.tbr.tmpAbC123");
	char *other = path_join(dir, "r.tbr.tmpAbC12"), *t;
	FILE *fp;

	(void)state;
	fp = fopen(stale, "w");
	fputs("half a rec", fp);
	fclose(fp);
	fp = fopen(other, "w");
	fclose(fp);
	save_ok(f, "whole\n");
	assert_int_equal(access(stale, F_OK), -1);
	assert_int_equal(access(other, F_OK), 0);
	t = slurp(f);
	assert_string_equal(t, "whole\n");
	free(t);
	free(f);
	free(stale);
	free(other);
	clean();
}

static ssize_t
bad_write(int fd, const void *b, size_t n)
{
	(void)fd; (void)b; (void)n;
	errno = ENOSPC;
	return -1;
}
static ssize_t
short_write(int fd, const void *b, size_t n)
{
	return write(fd, b, n > 3 ? 3 : n);
}
static int
bad_fsync(int fd)
{
	(void)fd;
	errno = EIO;
	return -1;
}
static int
bad_rename(const char *a, const char *b)
{
	(void)a; (void)b;
	errno = EXDEV;
	return -1;
}
static int
bad_close(int fd)
{
	close(fd);
	errno = EIO;
	return -1;
}
/* Die at a step, as kill -9 would. */
static ssize_t
die_write(int fd, const void *b, size_t n)
{
	(void)write(fd, b, n / 2);
	_exit(9);
}
static int
die_fsync(int fd)
{
	(void)fd;
	_exit(9);
}
static int
die_rename(const char *a, const char *b)
{
	(void)a; (void)b;
	_exit(9);
}
static int
die_close(int fd)
{
	(void)fd;
	_exit(9);
}

/* Each failing step leaves the old file and no temporary file. */
static void
test_faults_keep_old_file(void **state)
{
	struct {
		struct safefile_io io;
		const char *why;
	} cases[] = {
		{ { bad_write, fsync, rename, close }, "cannot write: No space left on device" },
		{ { write, bad_fsync, rename, close }, "cannot sync: Input/output error" },
		{ { write, fsync, rename, bad_close }, "cannot close: Input/output error" },
		{ { write, fsync, bad_rename, close }, "cannot rename the temporary file: Invalid cross-device link" },
	};
	char *f = path_join(dir, "r.tbr"), err[1024], *t;
	size_t i;

	(void)state;
	save_ok(f, "old\n");
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		safefile_io = cases[i].io;
		assert_int_equal(safefile_replace(f, "new\n", 4, err, sizeof err), -1);
		safefile_io = real_io;
		if (strstr(err, cases[i].why) == NULL)
			fail_msg("case %zu: '%s' lacks '%s'", i, err, cases[i].why);
		t = slurp(f);
		assert_string_equal(t, "old\n");
		free(t);
		assert_int_equal(nfiles(), 1);
	}
	/* Short writes are retried. */
	safefile_io.write = short_write;
	save_ok(f, "a longer new text\n");
	safefile_io = real_io;
	t = slurp(f);
	assert_string_equal(t, "a longer new text\n");
	free(t);
	free(f);
	clean();
}

/* A process killed at any step leaves the old file whole; the next save
 * removes what it left behind. */
static void
test_kill_at_each_step(void **state)
{
	struct safefile_io dies[] = {
		{ die_write, fsync, rename, close },
		{ write, die_fsync, rename, close },
		{ write, fsync, rename, die_close },
		{ write, fsync, die_rename, close },
	};
	char *f = path_join(dir, "r.tbr"), *t;
	size_t i;

	(void)state;
	save_ok(f, "old\n");
	for (i = 0; i < sizeof dies / sizeof dies[0]; i++) {
		pid_t pid = fork();
		int status;
		if (pid == 0) {
			char err[1024];
			safefile_io = dies[i];
			safefile_replace(f, "new\n", 4, err, sizeof err);
			_exit(0);
		}
		assert_int_equal(waitpid(pid, &status, 0), pid);
		assert_int_equal(WEXITSTATUS(status), 9);
		t = slurp(f);
		assert_string_equal(t, "old\n");
		free(t);
	}
	assert_true(nfiles() > 1);	/* the killed saves' temporaries */
	save_ok(f, "new\n");
	assert_int_equal(nfiles(), 1);
	t = slurp(f);
	assert_string_equal(t, "new\n");
	free(t);
	free(f);
	clean();
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_syncs_file_and_directory),
		cmocka_unit_test(test_mode_kept_and_symlink_followed),
		cmocka_unit_test(test_refuses_non_regular),
		cmocka_unit_test(test_stale_temporaries_removed),
		cmocka_unit_test(test_faults_keep_old_file),
		cmocka_unit_test(test_kill_at_each_step),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
