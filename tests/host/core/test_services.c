/*
 * test_services.c - the host's services to plugins (core/services.c):
 * open_data() reads a regular file of a game's data directory within
 * the plugin's bound and refuses names that leave it, FIFOs, devices,
 * directories and larger files, each with a one-line message naming the
 * file; open_file() the same for a path the user gave; errno ENOENT
 * only for a file that does not exist.
 */
#include "config.h"

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/services.h"
#include "base/util.h"

static char dir[] = "/tmp/tablero-test-services.XXXXXX";

/* DIR/NAME */
static char *
at(const char *name)
{
	static char path[256];

	snprintf(path, sizeof path, "%s/%s", dir, name);
	return path;
}

static int
setup(void **state)
{
	FILE *fp;

	(void)state;
	if (mkdtemp(dir) == NULL || mkdir(at("game"), 0700) != 0 ||
	    mkdir(at("game/sub"), 0700) != 0 ||
	    mkfifo(at("game/fifo"), 0600) != 0 ||
	    symlink("/dev/zero", at("game/zero")) != 0)
		return -1;
	if ((fp = fopen(at("game/ok.txt"), "w")) == NULL ||
	    fputs("abc\n", fp) < 0 || fclose(fp) != 0)
		return -1;
	if ((fp = fopen(at("outside"), "w")) == NULL || fclose(fp) != 0)
		return -1;
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	unlink(at("game/ok.txt"));
	unlink(at("game/fifo"));
	unlink(at("game/zero"));
	unlink(at("outside"));
	rmdir(at("game/sub"));
	rmdir(at("game"));
	return rmdir(dir);
}

/* Read game's NAME with bound max, expecting a refusal: its message. */
static const char *
refused(const char *game, const char *name, size_t max, int want_errno)
{
	static char err[512];
	size_t len = 99;

	err[0] = '\0';
	errno = 0;
	assert_null(services_read_data(dir, game, name, max, &len, err,
	    sizeof err));
	assert_int_equal(errno, want_errno);
	assert_int_equal(len, 99);	/* untouched by a refusal */
	assert_null(strchr(err, '\n'));
	return err;
}

static void
test_data_read(void **state)
{
	char err[256] = "", *s;
	size_t len = 0;

	(void)state;
	s = services_read_data(dir, "game", "ok.txt", 4, &len, err, sizeof err);
	assert_non_null(s);
	assert_string_equal(s, "abc\n");
	assert_int_equal(len, 4);
	free(s);
}

/* Names that would leave DIR/game, and game names that are no names. */
static void
test_data_names_refused(void **state)
{
	static const char *const names[] = { "../outside", "..", ".", "",
		"sub/../ok.txt", "/etc/passwd" };
	char want[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		snprintf(want, sizeof want, "'%s': cannot open: not a file name "
		    "of the game data directory (empty, '/', '.' or '..')",
		    names[i]);
		assert_string_equal(refused("game", names[i], 100, EINVAL), want);
	}
	assert_string_equal(refused("..", "outside", 100, EINVAL),
	    "'..': cannot open a data file: not a game's name");
	assert_string_equal(refused("game/..", "outside", 100, EINVAL),
	    "'game/..': cannot open a data file: not a game's name");
	assert_string_equal(refused(NULL, "ok.txt", 100, EINVAL),
	    "'(null)': cannot open a data file: not a game's name");
	assert_string_equal(refused("game", NULL, 100, EINVAL),
	    "'(null)': cannot open: not a file name of the game data "
	    "directory (empty, '/', '.' or '..')");
}

/* A FIFO (at once, without a writer), a device, a directory, too big. */
static void
test_data_files_refused(void **state)
{
	char want[512];

	(void)state;
	snprintf(want, sizeof want, "%s: cannot open: not a regular file (a "
	    "FIFO or a device?)", at("game/fifo"));
	assert_string_equal(refused("game", "fifo", 100, EINVAL), want);
	snprintf(want, sizeof want, "%s: cannot open: not a regular file (a "
	    "FIFO or a device?)", at("game/zero"));
	assert_string_equal(refused("game", "zero", 100, EINVAL), want);
	snprintf(want, sizeof want, "%s: cannot open: a directory, not a file",
	    at("game/sub"));
	assert_string_equal(refused("game", "sub", 100, EINVAL), want);
	snprintf(want, sizeof want, "%s: cannot open: larger than 3 bytes",
	    at("game/ok.txt"));
	assert_string_equal(refused("game", "ok.txt", 3, EFBIG), want);
	snprintf(want, sizeof want, "%s: cannot open: no size limit given",
	    at("game/ok.txt"));
	assert_string_equal(refused("game", "ok.txt", 0, EINVAL), want);
	snprintf(want, sizeof want, "%s: cannot open: No such file or "
	    "directory", at("game/none"));
	assert_string_equal(refused("game", "none", 100, ENOENT), want);
	snprintf(want, sizeof want, "%s: cannot open: No such file or "
	    "directory", at("other/ok.txt"));
	assert_string_equal(refused("other", "ok.txt", 100, ENOENT), want);
}

/* open_file(): a path as given, the same refusals. */
static void
test_file(void **state)
{
	char err[512], *s;
	size_t len = 0;

	(void)state;
	s = services_read_file(at("game/ok.txt"), 100, &len, err, sizeof err);
	assert_non_null(s);
	assert_int_equal(len, 4);
	free(s);
	errno = 0;
	assert_null(services_read_file("/dev/zero", 100, &len, err,
	    sizeof err));
	assert_int_equal(errno, EINVAL);
	assert_string_equal(err, "/dev/zero: cannot open: not a regular file "
	    "(a FIFO or a device?)");
	assert_null(services_read_file(at("game/fifo"), 100, &len, err,
	    sizeof err));
	assert_int_equal(errno, EINVAL);
	assert_null(services_read_file(at("game/none"), 100, &len, err,
	    sizeof err));
	assert_int_equal(errno, ENOENT);
}

/* The table every plugin gets has both, past the 1.2 members. */
static void
test_table(void **state)
{
	(void)state;
	assert_int_equal(host_services.abi_minor, TABLERO_ABI_MINOR);
	assert_true(TBL_HOST_HAS(&host_services, data_dir));
	assert_true(TBL_HOST_HAS(&host_services, open_data));
	assert_true(TBL_HOST_HAS(&host_services, open_file));
	assert_ptr_equal(host_services.open_file, services_read_file);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_data_read),
		cmocka_unit_test(test_data_names_refused),
		cmocka_unit_test(test_data_files_refused),
		cmocka_unit_test(test_file),
		cmocka_unit_test(test_table),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
