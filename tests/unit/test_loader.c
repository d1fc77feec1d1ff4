/*
 * test_loader.c - loading good plugins and refusing each kind of bad one.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/loader.h"
#include "base/util.h"

#define BROKEN_DIR TEST_PLUGIN_DIR "/../../broken/.libs"

static void
assert_contains(const char *hay, const char *needle)
{
	if (strstr(hay, needle) == NULL)
		fail_msg("'%s' does not contain '%s'", hay, needle);
}

/* Open a plugin expected to be refused; return the message. */
static char *
refusal(const char *file)
{
	static char err[1024];
	char *path = path_join(BROKEN_DIR, file);
	struct plugin *p = plugin_open(path, 0, err, sizeof err);

	assert_null(p);
	assert_contains(err, path);	/* every message names the file */
	free(path);
	return err;
}

static void
test_loads_testgame(void **state)
{
	char err[1024] = "";
	struct plugin *p = plugin_open(TEST_PLUGIN_DIR "/testgame.so", 0, err, sizeof err);

	(void)state;
	assert_non_null(p);
	assert_string_equal(p->game.name, "testgame");
	assert_int_equal(p->abi_major, TABLERO_ABI_MAJOR);
	assert_int_equal(p->game.noptions, 4);
	assert_non_null(p->game.create);
	plugin_close(p);
}

static void
test_refuses_abi2(void **state)
{
	char *e = refusal("abi2.so");

	(void)state;
	assert_contains(e, "built for SDK ABI 2.0, this tablero supports ABI 1.3");
	assert_contains(e, "major version differs");
}

static void
test_refuses_newer_minor(void **state)
{
	char *e = refusal("newminor.so");

	(void)state;
	assert_contains(e, "built for SDK ABI 1.4, newer than this tablero's ABI 1.3");
}

static void
test_refuses_small_descriptor(void **state)
{
	char *e = refusal("small.so");

	(void)state;
	assert_contains(e, "smaller than the ABI 1.0 minimum of");
}

static void
test_refuses_missing_entry(void **state)
{
	char *e = refusal("noentry.so");

	(void)state;
	assert_contains(e, "no entry point 'tablero_plugin'");
}

static void
test_refuses_not_shared_object(void **state)
{
	char err[1024];
	struct plugin *p = plugin_open(TEST_SRCDIR "/broken/notaplugin.so", 0, err,
	    sizeof err);

	(void)state;
	assert_null(p);
	assert_contains(err, "notaplugin.so: not a loadable shared object");
}

static void
test_refuses_failing_init(void **state)
{
	char *e = refusal("initfail.so");

	(void)state;
	assert_contains(e, "failed to initialise: needs a table that is not there");
}

static void
test_refuses_bad_signature(void **state)
{
	char *e = refusal("badsig.so");

	(void)state;
	assert_contains(e, "build signature 'tablero-abi-1:move8:ptr4:long4'");
}

/* An older minor loads; members it lacks read as NULL. */
static void
test_loads_older_minor(void **state)
{
	char err[1024] = "";
	struct plugin *p = plugin_open(BROKEN_DIR "/../../badgame/.libs/old10.so", 0,
	    err, sizeof err);

	(void)state;
	if (p == NULL)
		fail_msg("%s", err);
	assert_int_equal(p->abi_minor, 0);
	assert_non_null(p->game.result);
	assert_null(p->game.evaluate);
	/* ABI 1.2 and 1.3 hooks, past the end of a 1.0 descriptor. */
	assert_null(p->game.explain_illegal);
	assert_null(p->game.option_value);
	assert_null(p->game.passes);
	assert_null(p->game.narrate);
	assert_null(p->game.end_kind);
	plugin_close(p);
}

static void
test_missing_file(void **state)
{
	char err[1024];

	(void)state;
	assert_null(plugin_open("/nonexistent/x.so", 0, err, sizeof err));
	assert_contains(err, "/nonexistent/x.so");
}

static int nwarn;
static char lastwarn[1024];

static void
count_warn(const char *msg)
{
	nwarn++;
	snprintf(lastwarn, sizeof lastwarn, "%s", msg);
}

static void
test_scan_refuses_and_keeps_going(void **state)
{
	struct pluginset ps = { 0 };
	const char **names;

	(void)state;
	nwarn = 0;
	pluginset_add_path(&ps, BROKEN_DIR ":" TEST_PLUGIN_DIR);
	assert_int_equal(ps.ndirs, 2);
	pluginset_scan(&ps, count_warn);
	/* All six broken plugins refused, the good one found. */
	assert_int_equal(nwarn, 6);
	assert_int_equal(ps.n, 1);
	assert_non_null(pluginset_find(&ps, "testgame"));
	assert_null(pluginset_find(&ps, "abi2"));
	names = pluginset_names(&ps);
	assert_string_equal(names[0], "testgame");
	assert_null(names[1]);
	free(names);
	pluginset_free(&ps);
}

static void
test_first_on_path_wins(void **state)
{
	struct pluginset ps = { 0 };
	char err[1024];
	struct plugin *p;

	(void)state;
	pluginset_add_path(&ps, TEST_PLUGIN_DIR);
	pluginset_add_path(&ps, TEST_PLUGIN_DIR "/");
	pluginset_scan(&ps, count_warn);
	assert_int_equal(ps.n, 1);
	/* An explicitly named file of the same name is the same plugin. */
	p = pluginset_add_file(&ps, TEST_PLUGIN_DIR "/testgame.so", err, sizeof err);
	assert_non_null(p);
	assert_int_equal(ps.n, 1);
	pluginset_free(&ps);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_loads_testgame),
		cmocka_unit_test(test_refuses_abi2),
		cmocka_unit_test(test_refuses_newer_minor),
		cmocka_unit_test(test_refuses_small_descriptor),
		cmocka_unit_test(test_refuses_missing_entry),
		cmocka_unit_test(test_refuses_not_shared_object),
		cmocka_unit_test(test_refuses_failing_init),
		cmocka_unit_test(test_refuses_bad_signature),
		cmocka_unit_test(test_loads_older_minor),
		cmocka_unit_test(test_missing_file),
		cmocka_unit_test(test_scan_refuses_and_keeps_going),
		cmocka_unit_test(test_first_on_path_wins),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
