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
#include <unistd.h>

#include <cmocka.h>

#include "core/loader.h"
#include "core/services.h"
#include "base/util.h"

#define BROKEN_DIR TEST_PLUGIN_DIR "/../../broken/.libs"
#define BADDESC_DIR TEST_PLUGIN_DIR "/../../baddesc/.libs"

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
	assert_contains(e, "built for SDK ABI 2.0, this tablero supports ABI 1.4");
	assert_contains(e, "major version differs");
}

static void
test_refuses_newer_minor(void **state)
{
	char *e = refusal("newminor.so");

	(void)state;
	assert_contains(e, "built for SDK ABI 1.5, newer than this tablero's ABI 1.4");
}

static void
test_refuses_small_descriptor(void **state)
{
	char *e = refusal("small.so");

	(void)state;
	assert_contains(e, "smaller than the ABI 1.0 minimum of");
}

/* Stamped 1.4 with a descriptor that ends where the first 1.3 one did. */
static void
test_refuses_short_descriptor(void **state)
{
	char *e = refusal("short.so");
	char want[128];

	(void)state;
	snprintf(want, sizeof want, "game descriptor of %zu bytes is smaller "
	    "than ABI 1.4 requires (%zu bytes)",
	    offsetof(struct tbl_game, end_kind) +
	    sizeof(((struct tbl_game *)0)->end_kind),
	    offsetof(struct tbl_game, match_game_end) +
	    sizeof(((struct tbl_game *)0)->match_game_end));
	assert_contains(e, want);
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

/*
 * A plugin of the first 1.3 header (narrate and end_kind, before 1.3
 * grew) loads under 1.4; the 1.3 members added later read as NULL.
 */
static void
test_loads_first_1_3(void **state)
{
	char err[1024] = "";
	struct plugin *p = plugin_open(BROKEN_DIR "/../../badgame/.libs/old13.so", 0,
	    err, sizeof err);

	(void)state;
	if (p == NULL)
		fail_msg("%s", err);
	assert_int_equal(p->abi_minor, 3);
	assert_string_equal(p->game.name, "old13");
	assert_non_null(p->game.result);
	assert_null(p->game.diagram);
	assert_int_equal(p->game.flat_key, 0);
	assert_null(p->game.play_random);
	assert_null(p->game.match_game_end);
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
	/* All seven broken plugins refused, the good one found. */
	assert_int_equal(nwarn, 7);
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

/* baddesc.so with the defect `fault`: the loader's message, after the
 * file's name. */
static const char *
descriptor_refusal(const char *fault)
{
	static char err[1024];
	const char *path = BADDESC_DIR "/baddesc.so";
	struct plugin *p;

	setenv("BROKEN_FAULT", fault, 1);
	p = plugin_open(path, 0, err, sizeof err);
	unsetenv("BROKEN_FAULT");
	assert_null(p);
	assert_memory_equal(err, path, strlen(path));
	return err + strlen(path);
}

static void
test_refuses_bad_descriptors(void **state)
{
	static const struct { const char *fault, *why; } cases[] = {
		{ "null", ": the entry point returned no plugin" },
		{ "noname", ": invalid game descriptor: it has no name" },
		{ "nocreate", ": invalid game descriptor: it lacks the function "
		    "create" },
		{ "noresult", ": invalid game descriptor: it lacks the function "
		    "result" },
		{ "notable", ": invalid game descriptor: its option table is "
		    "missing" },
		{ "negative", ": invalid game descriptor: its option table is "
		    "missing" },
		{ "nokey", ": invalid game descriptor: option 2 has no key" },
		{ "twice", ": invalid game descriptor: option 'a' is declared "
		    "twice" },
		{ "type", ": invalid game descriptor: option 'a' has an unknown "
		    "type" },
		{ "enum", ": invalid game descriptor: enum option 'a' has no "
		    "choices" },
		{ "minmax", ": invalid game descriptor: option 'a' has min > max" },
		{ "default", ": invalid game descriptor: the default of option "
		    "'a' is invalid: option 'a' must be between 0 and 9, "
		    "not 12" },
	};
	char err[1024] = "";
	struct plugin *p;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof *cases; i++)
		assert_string_equal(descriptor_refusal(cases[i].fault),
		    cases[i].why);
	/* Without a defect it loads. */
	p = plugin_open(BADDESC_DIR "/baddesc.so", 0, err, sizeof err);
	assert_non_null(p);
	assert_string_equal(p->game.name, "baddesc");
	plugin_close(p);
	plugin_close(NULL);
}

/* Names that are no plugin file's, refused before the file is opened. */
static void
test_refuses_file_names(void **state)
{
	static const char *const names[] = {
		"testgame.txt", "x/.so", "a b.so", "a.b.so", NULL,
	};
	char err[1024], want[1024], long_name[80];
	size_t i;

	(void)state;
	/* NAME of 65 characters */
	memset(long_name, 'x', 65);
	strcpy(long_name + 65, ".so");
	for (i = 0; i < sizeof names / sizeof *names; i++) {
		const char *name = names[i] ? names[i] : long_name;
		assert_null(plugin_open(name, 0, err, sizeof err));
		snprintf(want, sizeof want, "%s%s: not named as a plugin file "
		    "(NAME.so, NAME of letters, digits, '_' and '-')",
		    strchr(name, '/') ? "" : "./", name);
		assert_string_equal(err, want);
	}
	/* 64 characters are allowed: this one is only missing. */
	strcpy(long_name + 64, ".so");
	assert_null(plugin_open(long_name, 0, err, sizeof err));
	snprintf(want, sizeof want, "./%s: cannot open: No such file or "
	    "directory", long_name);
	assert_string_equal(err, want);
}

/* The file named explicitly replaces one of its name found on the path;
 * a file that cannot be loaded changes nothing. */
static void
test_named_file_replaces(void **state)
{
	struct pluginset ps = { 0 };
	char err[1024];
	struct plugin *old, *p;

	(void)state;
	pluginset_add_path(&ps, TEST_PLUGIN_DIR);
	pluginset_scan(&ps, count_warn);
	old = pluginset_find(&ps, "testgame");
	assert_non_null(old);
	assert_null(pluginset_add_file(&ps, BROKEN_DIR "/abi2.so", err,
	    sizeof err));
	assert_int_equal(ps.n, 1);
	p = pluginset_add_file(&ps, TEST_PLUGIN_DIR "/./testgame.so", err,
	    sizeof err);
	assert_non_null(p);
	assert_true(p != old);
	assert_int_equal(ps.n, 1);
	assert_ptr_equal(pluginset_find(&ps, "testgame"), p);
	assert_string_equal(p->path, TEST_PLUGIN_DIR "/./testgame.so");
	pluginset_free(&ps);
}

/* What the host offers a plugin: zeroed memory, and warnings on stderr
 * as "tablero: TEXT". */
static void
test_host_services(void **state)
{
	char buf[64] = "";
	unsigned char *z = host_services.calloc(32);
	FILE *tmp = tmpfile();
	int saved = dup(2), i;

	(void)state;
	for (i = 0; i < 32; i++)
		assert_int_equal(z[i], 0);
	host_services.free(z);
	assert_non_null(tmp);
	fflush(stderr);
	assert_true(dup2(fileno(tmp), 2) >= 0);
	host_services.warn("%d %s", 3, "apples");
	fflush(stderr);
	assert_true(dup2(saved, 2) >= 0);
	close(saved);
	rewind(tmp);
	assert_non_null(fgets(buf, sizeof buf, tmp));
	fclose(tmp);
	assert_string_equal(buf, "tablero: 3 apples\n");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_loads_testgame),
		cmocka_unit_test(test_refuses_abi2),
		cmocka_unit_test(test_refuses_newer_minor),
		cmocka_unit_test(test_refuses_small_descriptor),
		cmocka_unit_test(test_refuses_short_descriptor),
		cmocka_unit_test(test_refuses_missing_entry),
		cmocka_unit_test(test_refuses_not_shared_object),
		cmocka_unit_test(test_refuses_failing_init),
		cmocka_unit_test(test_refuses_bad_signature),
		cmocka_unit_test(test_loads_older_minor),
		cmocka_unit_test(test_loads_first_1_3),
		cmocka_unit_test(test_missing_file),
		cmocka_unit_test(test_scan_refuses_and_keeps_going),
		cmocka_unit_test(test_first_on_path_wins),
		cmocka_unit_test(test_refuses_bad_descriptors),
		cmocka_unit_test(test_refuses_file_names),
		cmocka_unit_test(test_named_file_replaces),
		cmocka_unit_test(test_host_services),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
