/*
 * test_readfile.c - reading a file the user names (base/readfile.c): a
 * regular file only, within a limit stated before reading and held while
 * reading, a read error said, and the FNV-1a checksum of check shards.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/readfile.h"
#include "base/util.h"

static char dir[] = "/tmp/tablero-test-readfile.XXXXXX";
static char file[64];

static int
setup(void **state)
{
	FILE *fp;

	(void)state;
	if (mkdtemp(dir) == NULL)
		return -1;
	snprintf(file, sizeof file, "%s/abc", dir);
	if ((fp = fopen(file, "w")) == NULL || fputs("abc", fp) < 0 ||
	    fclose(fp) != 0)
		return -1;
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	unlink(file);
	return rmdir(dir);
}

static void
test_refused(void **state)
{
	char err[256], *missing = xasprintf("%s/none", dir);
	size_t len = 99;

	(void)state;
	assert_null(readfile(missing, 100, &len, err, sizeof err));
	assert_string_equal(err, "No such file or directory");
	assert_null(readfile(dir, 100, &len, err, sizeof err));
	assert_string_equal(err, "a directory, not a file");
	assert_null(readfile("/dev/null", 100, &len, err, sizeof err));
	assert_string_equal(err, "not a regular file (a FIFO or a device?)");
	assert_null(readfile(file, 2, &len, err, sizeof err));
	assert_string_equal(err, "larger than 2 bytes");
	assert_int_equal(len, 99);	/* untouched by a refusal */
	free(missing);
}

static void
test_read(void **state)
{
	char err[256], *s, text[10] = "0123456789";
	size_t len = 0;
	uint64_t sum = 0;
	FILE *fp;

	(void)state;
	s = readfile(file, 3, &len, err, sizeof err);
	assert_non_null(s);
	assert_string_equal(s, "abc");
	assert_int_equal(len, 3);
	free(s);
	/* A stream longer than its limit (the size said nothing). */
	fp = fmemopen(text, sizeof text, "r");
	assert_null(readfile_all(fp, 5, &len, err, sizeof err));
	assert_string_equal(err, "larger than 5 bytes");
	fclose(fp);
	/* A stream that fails to read. */
	fp = fopen(file, "a");
	assert_null(readfile_all(fp, 5, &len, err, sizeof err));
	assert_string_equal(err, "Bad file descriptor");
	fclose(fp);
	/* FNV-1a 64 of "abc". */
	assert_int_equal(readfile_checksum(file, &sum, err, sizeof err), 0);
	assert_true(sum == 0xe71fa2190541574bULL);
	assert_int_equal(readfile_checksum(dir, &sum, err, sizeof err), -1);
	assert_string_equal(err, "a directory, not a file");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_read),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
