/*
 * test_config.c - INI reading, validation, suggestions and precedence.
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
#include "core/settings.h"
#include "base/util.h"

static struct pluginset ps;
static char dir[] = "/tmp/tablero-test-config.XXXXXX";

static char *
write_file(const char *name, const char *text)
{
	char *path = path_join(dir, name);
	FILE *fp = fopen(path, "w");

	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
	return path;
}

static int
setup(void **state)
{
	(void)state;
	if (mkdtemp(dir) == NULL)
		return -1;
	pluginset_add_path(&ps, TEST_PLUGIN_DIR);
	pluginset_scan(&ps, NULL);
	return pluginset_find(&ps, "testgame") ? 0 : -1;
}

static int
teardown(void **state)
{
	char *cmd = xasprintf("rm -rf '%s'", dir);

	(void)state;
	pluginset_free(&ps);
	if (system(cmd) != 0)
		return -1;
	free(cmd);
	return 0;
}

/* Read text as a config file and validate it; returns the error or "". */
static const char *
read_text(struct config *c, const char *text)
{
	static char err[1024];
	char *path = write_file("t.ini", text);

	err[0] = '\0';
	if (config_read_file(c, path, 1, err, sizeof err) == 0)
		config_validate(c, &ps, err, sizeof err);
	free(path);
	/* Messages start with the path; return what follows the dir. */
	return strncmp(err, dir, strlen(dir)) == 0 ? err + strlen(dir) + 1 : err;
}

/*
 * inih joins an indented line to the value above it (multi-line values),
 * so an indented key is not a key: the error names the joined value.
 */
static void
test_indented_line_continues_value(void **state)
{
	struct config c = { 0 };

	(void)state;
	assert_string_equal(read_text(&c, "[testgame]\nsize = 5\n  bonus = no\n"),
	    "t.ini:3: option 'size' wants an integer, not 'bonus = no'");
	config_free(&c);
}

static void
test_misspelt_key(void **state)
{
	struct config c = { 0 };

	(void)state;
	assert_string_equal(read_text(&c, "[testgame]\nsise = 3\n"),
	    "t.ini:2: unknown option 'sise' for testgame (did you mean 'size'?)");
	config_free(&c);
}

static void
test_line_numbers_skip_comments(void **state)
{
	struct config c = { 0 };

	(void)state;
	assert_string_equal(read_text(&c,
	    "# comment\n; another\n\n[testgame]\nsize = 5\nbonus = maybe\n"),
	    "t.ini:6: option 'bonus' wants yes or no, not 'maybe'");
	config_free(&c);
}

static void
test_far_misspelling_has_no_suggestion(void **state)
{
	struct config c = { 0 };

	(void)state;
	assert_string_equal(read_text(&c, "[testgame]\nzzzzzz = 3\n"),
	    "t.ini:2: unknown option 'zzzzzz' for testgame");
	config_free(&c);
}

static void
test_values_checked_by_type(void **state)
{
	struct config c = { 0 };

	(void)state;
	assert_string_equal(read_text(&c, "[testgame]\nsize = ten\n"),
	    "t.ini:2: option 'size' wants an integer, not 'ten'");
	config_free(&c);
	assert_string_equal(read_text(&c, "[testgame]\nsize = 2\n"),
	    "t.ini:2: option 'size' must be between 3 and 40, not 2");
	config_free(&c);
	assert_string_equal(read_text(&c, "[testgame]\ndie = d66\n"),
	    "t.ini:2: option 'die' has no value 'd66' (did you mean 'd6'?)");
	config_free(&c);
	assert_string_equal(read_text(&c, "[testgame]\ndie = twenty\n"),
	    "t.ini:2: option 'die' has no value 'twenty' (choose one of: d3, d6)");
	config_free(&c);
}

static void
test_host_section(void **state)
{
	struct config c = { 0 };

	(void)state;
	assert_string_equal(read_text(&c, "game = testgame\nhistory_size = 5\n"), "");
	assert_string_equal(config_host(&c, "game"), "testgame");
	assert_int_equal(config_host_int(&c, "history_size"), 5);
	assert_int_equal(config_host_int(&c, "move_cap"), 100000);
	config_free(&c);
	assert_string_equal(read_text(&c, "[tablero]\nseed = -4\n"),
	    "t.ini:2: option 'seed' must be between 0 and 9223372036854775807, not -4");
	config_free(&c);
}

static void
test_bad_file_changes_nothing(void **state)
{
	struct config c = { 0 };
	char err[1024];
	char *bad = write_file("bad.ini", "[tablero]\ngame = x\nnosuch = 1\n");

	(void)state;
	assert_string_equal(read_text(&c, "game = testgame\n"), "");
	assert_int_equal(config_read_file(&c, bad, 1, err, sizeof err), -1);
	assert_int_equal(c.n, 1);
	assert_string_equal(config_host(&c, "game"), "testgame");
	free(bad);
	config_free(&c);
}

static void
test_missing_files(void **state)
{
	struct config c = { 0 };
	char err[1024];

	(void)state;
	assert_int_equal(config_read_file(&c, "/nonexistent/t.conf", 0, err, sizeof err), 0);
	assert_int_equal(config_read_file(&c, "/nonexistent/t.conf", 1, err, sizeof err), -1);
	assert_string_equal(err, "/nonexistent/t.conf: cannot read configuration: "
	    "No such file or directory");
	config_free(&c);
}

/* Later files win; `new`/`set` overrides win over files. */
static void
test_precedence(void **state)
{
	struct plugin *p = pluginset_find(&ps, "testgame");
	struct config c = { 0 };
	struct optset os;
	struct tbl_optval v[4];
	char err[1024];
	char *sys = write_file("sys.conf", "[testgame]\nsize = 5\ndie = d6\n");
	char *user = write_file("user.conf", "[testgame]\nsize = 7\n");
	char *cli = write_file("cli.conf", "[testgame]\nlabel = lane\n");

	(void)state;
	assert_int_equal(config_read_file(&c, sys, 0, err, sizeof err), 0);
	assert_int_equal(config_read_file(&c, user, 0, err, sizeof err), 0);
	assert_int_equal(config_read_file(&c, cli, 1, err, sizeof err), 0);
	optset_init(&os, &p->game, &c);
	optset_values(&os, &p->game, v);
	assert_int_equal(v[0].i, 7);		/* user over system */
	assert_int_equal(v[0].set, 1);
	assert_int_equal(v[1].i, 1);		/* d6 from the system file */
	assert_int_equal(v[2].i, 0);		/* bonus: the declared default */
	assert_int_equal(v[2].set, 0);
	assert_string_equal(v[3].s, "lane");	/* -C file */
	assert_int_equal(optset_assign(&os, &p->game, "size", "9", err, sizeof err), 0);
	optset_values(&os, &p->game, v);
	assert_int_equal(v[0].i, 9);		/* REPL over files */
	assert_int_equal(optset_assign(&os, &p->game, "size", "99", err, sizeof err), -1);
	optset_values(&os, &p->game, v);
	assert_int_equal(v[0].i, 9);		/* a bad value changes nothing */
	{
		char *d = optset_describe(&os, &p->game, 1);
		assert_string_equal(d, "size=9 die=d6 label=lane");
		free(d);
	}
	optset_free(&os);
	config_free(&c);
	free(sys);
	free(user);
	free(cli);
}

static void
test_nearest(void **state)
{
	const char *const words[] = { "size", "die", "bonus", "label", NULL };

	(void)state;
	assert_string_equal(nearest("sise", words), "size");
	assert_string_equal(nearest("LABLE", words), "label");
	assert_null(nearest("xylophone", words));
	/* At the limit (a third of the word, at least 2) by length alone. */
	assert_string_equal(nearest("bonusxx", words), "bonus");
	assert_null(nearest("bonusxxx", words));
	assert_int_equal(edit_distance("kitten", "sitting"), 3);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_misspelt_key),
		cmocka_unit_test(test_line_numbers_skip_comments),
		cmocka_unit_test(test_far_misspelling_has_no_suggestion),
		cmocka_unit_test(test_indented_line_continues_value),
		cmocka_unit_test(test_values_checked_by_type),
		cmocka_unit_test(test_host_section),
		cmocka_unit_test(test_bad_file_changes_nothing),
		cmocka_unit_test(test_missing_files),
		cmocka_unit_test(test_precedence),
		cmocka_unit_test(test_nearest),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
