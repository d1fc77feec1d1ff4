/*
 * test_record.c - saving and replaying game records, and refusing bad
 * ones without touching the game in progress.
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

#include "repl/commands.h"
#include "core/record.h"
#include "run/jsonl.h"
#include "core/session.h"
#include "base/util.h"
#include "slurp.h"

static struct host host;
static struct app app;
static char dir[] = "/tmp/tablero-test-record.XXXXXX";

static int
setup(void **state)
{
	(void)state;
	if (mkdtemp(dir) == NULL)
		return -1;
	memset(&host, 0, sizeof host);
	pluginset_add_path(&host.plugins, TEST_PLUGIN_DIR);
	pluginset_scan(&host.plugins, NULL);
	host.seed = 11;
	app_init(&app, &host);
	return 0;
}

static int
teardown(void **state)
{
	char *cmd = xasprintf("rm -rf '%s'", dir);

	(void)state;
	app_free(&app);
	host_free(&host);
	if (system(cmd) != 0)
		return -1;
	free(cmd);
	return 0;
}

static const char *
run(const char *line)
{
	static struct sbuf out;
	char err[1024];

	sbuf_reset(&out);
	if (app_run(&app, line, &out, err, sizeof err) != 0) {
		sbuf_reset(&out);
		sbuf_printf(&out, "ERR: %s", err);
	}
	return sbuf_str(&out);
}

static void
test_save_format_and_roundtrip(void **state)
{
	char *path = path_join(dir, "game.tbr"), *cmd, *text, *pos1, *pos2;

	(void)state;
	app.chance_manual = 1;
	run("new testgame size=6 bonus=yes");
	run("3");
	run("+3+1");
	run("2");
	cmd = xasprintf("save %s", path);
	assert_non_null(strstr(run(cmd), "saved 4 moves to"));
	text = slurp(path);
	assert_string_equal(text,
	    "# tablero game record\n"
	    "[Moves \"4\"]\n"
	    "[Game \"testgame\"]\n"
	    "[Option \"size=6\"]\n"
	    "[Option \"die=d3\"]\n"
	    "[Option \"bonus=yes\"]\n"
	    "[Option \"label=track\"]\n"
	    "[Seed \"11\"]\n"
	    /* Chance outcomes typed by hand: the generator as seeded. */
	    "[Chance \"50f5647d2380309d 432a5cd27a6b13a1 a356be306e9b126d "
	    "812e6299272e6df0\"]\n"
	    "[Players \"human,human\"]\n"
	    "[Result \"*\"]\n"
	    "\n"
	    "3  # chance\n"
	    "+3 +1  # 1. A\n"
	    "2  # chance\n"
	    "# end of record\n");
	pos1 = session_position(app.sess);
	run("new testgame");
	free(cmd);
	cmd = xasprintf("load %s", path);
	assert_non_null(strstr(run(cmd), ": 4 moves of testgame\nB to move\n"));
	pos2 = session_position(app.sess);
	assert_string_equal(pos1, pos2);
	/* No temporary file is left beside the record. */
	free(cmd);
	cmd = xasprintf("ls %s | wc -l", dir);
	{
		FILE *p = popen(cmd, "r");
		int n = -1;
		assert_int_equal(fscanf(p, "%d", &n), 1);
		pclose(p);
		assert_int_equal(n, 1);
	}
	free(text);
	free(pos1);
	free(pos2);
	free(cmd);
	free(path);
}

static void
test_setup_and_result_recorded(void **state)
{
	char err[1024];
	struct session *s;

	(void)state;
	s = record_parse("r", "[Game \"testgame\"]\n[Option \"size=5\"]\n"
	    "[Setup \"3,1 A move=2\"]\n[Result \"A wins\"]\n\n+1\n",
	    &host.plugins, err, sizeof err);
	assert_non_null(s);
	{
		char *p = session_position(s);
		assert_string_equal(p, "4,1 - over");
		free(p);
	}
	session_free(s);
}

/* Each bad record names its line, and the current game stays. */
static void
test_bad_records(void **state)
{
	static const struct {
		const char *text, *err;
	} cases[] = {
		{ "[Game \"nosuch\"]\n", "r:1: unknown game 'nosuch'" },
		{ "[Game \"testgame\"]\n[Option \"sise=4\"]\n",
		  "r:2: unknown option 'sise' for testgame (did you mean 'size'?)" },
		{ "[Game \"testgame\"]\n[Option size=4]\n",
		  "r:2: malformed tag (expected [Key \"value\"])" },
		{ "[Game \"testgame\"]\n\n3\n+4\n",
		  "r:4: illegal move '+4'" },
		{ "[Game \"testgame\"]\n\n3\n+x\n",
		  "r:4: '+x' is not a move: expected +N" },
		{ "[Game \"testgame\"]\n[Setup \"1,1 C roll\"]\n3\n",
		  "r:3: bad Setup: side to move must be A or B, not 'C'" },
		{ "[Game \"testgame\"]\n[Result \"A wins\"]\n3\n",
		  "r:3: the record says 'A wins' but the game is not over after its moves" },
		{ "3\n", "r:1: not a game record: moves before a [Game] tag" },
		{ "[Game \"testgame\"]\n[Players \"human,robot\"]\n",
		  "r:2: Players: unknown player 'robot'" },
		{ "", "r:0: no [Game] tag: not a tablero record" },
		{ "[Game \"testgame\"]\n[Option \"size=5\"]\n[Setup \"3,1 A move=2\"]\n+1 +1\n",
		  "r:4: move '+1' after the end of the game" },
		{ "[Moves \"2\"]\n[Game \"testgame\"]\n\n3\n# end of record\n",
		  "r:5: truncated record: 1 moves, but its [Moves] tag says 2" },
		{ "[Moves \"1\"]\n[Game \"testgame\"]\n\n3\n",
		  "r:4: truncated record: no '# end of record' line" },
		{ "[Game \"testgame\"]\n\n3\n# end of record\n+1\n",
		  "r:5: text after the end of the record" },
		{ "[Game \"testgame\"]\n[Moves \"-1\"]\n",
		  "r:2: Moves wants a number of moves, not '-1'" },
		{ "[Game \"testgame\"]\n[Chance \"0 0 0 0\"]\n",
		  "r:2: Chance wants four 16-digit hexadecimal numbers, not '0 0 0 0'" },
	};
	char err[1024], *before;
	size_t i;

	(void)state;
	app.chance_manual = 1;
	run("new testgame");
	run("2");
	before = session_position(app.sess);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct session *s = record_parse("r", cases[i].text, &host.plugins,
		    err, sizeof err);
		assert_null(s);
		if (strncmp(err, cases[i].err, strlen(cases[i].err)) != 0)
			fail_msg("case %zu: got '%s', want '%s'", i, err, cases[i].err);
	}
	{
		char *after = session_position(app.sess);
		assert_string_equal(before, after);
		free(after);
	}
	assert_string_equal(run("load /nonexistent/x.tbr"),
	    "ERR: /nonexistent/x.tbr: cannot open: No such file or directory");
	free(before);
}

/* The options the game was created with, not those `set` chose for the
 * next game, are saved: the record loads as the same game. */
static void
test_record_after_set(void **state)
{
	char *path = path_join(dir, "set.tbr"), *cmd, *pos1, *pos2;

	(void)state;
	run("new testgame size=6");
	run("3");
	run("+3");
	assert_non_null(strstr(run("set size=9"), "apply from the next 'new'"));
	pos1 = session_position(app.sess);
	cmd = xasprintf("save %s", path);
	run(cmd);
	free(cmd);
	cmd = xasprintf("load %s", path);
	assert_non_null(strstr(run(cmd), "loaded"));
	pos2 = session_position(app.sess);
	assert_string_equal(pos1, pos2);
	assert_string_equal(app.sess->opts.text[0], "6");
	/* The next `new` gets size=9. */
	run("set size=9");
	run("new");
	assert_string_equal(app.sess->opts.text[0], "9");
	free(pos1);
	free(pos2);
	free(cmd);
	free(path);
}

/* Every truncation of a record is an error, never a shorter game. */
static void
test_truncation_is_an_error(void **state)
{
	char *path = path_join(dir, "t.tbr"), *cmd, *text, err[1024];
	size_t len, k;
	int i;

	(void)state;
	app.chance_manual = 0;
	run("new testgame size=12");
	for (i = 0; i < 6; i++)
		run("ai random");
	cmd = xasprintf("save %s", path);
	run(cmd);
	text = slurp(path);
	len = strlen(text);
	for (k = 0; k + 1 < len; k++) {
		char *cut = xstrndup(text, k);
		struct session *s = record_parse("r", cut, &host.plugins, err,
		    sizeof err);
		if (s != NULL)
			fail_msg("a record cut to %zu of %zu bytes loads", k, len);
		free(cut);
	}
	{
		struct session *s = record_parse("r", text, &host.plugins, err,
		    sizeof err);
		if (s == NULL)
			fail_msg("%s", err);
		session_free(s);
	}
	free(text);
	free(cmd);
	free(path);
}

/* After a load, the dice continue the saved game's sequence. */
static void
test_chance_state_saved(void **state)
{
	char *path = path_join(dir, "c.tbr"), *cmd, *next1, *next2;
	struct sbuf b = { 0 };
	int i;

	(void)state;
	app.chance_manual = 0;
	run("new testgame size=30");
	for (i = 0; i < 4; i++)
		run("ai random");
	cmd = xasprintf("save %s", path);
	run(cmd);
	free(cmd);
	for (i = 0; i < 3; i++)
		sbuf_puts(&b, run("ai random"));
	next1 = xstrdup(sbuf_str(&b));
	sbuf_reset(&b);
	cmd = xasprintf("load %s", path);
	run(cmd);
	for (i = 0; i < 3; i++)
		sbuf_puts(&b, run("ai random"));
	next2 = xstrdup(sbuf_str(&b));
	assert_string_equal(next1, next2);
	assert_non_null(strstr(next1, "chance: "));
	sbuf_free(&b);
	free(next1);
	free(next2);
	free(cmd);
	free(path);
}

/*
 * JSON strings are UTF-8: a byte that starts no valid sequence (a lone
 * continuation byte, a truncated sequence, an overlong form, a surrogate)
 * becomes U+FFFD; valid sequences and escapes pass as before.
 */
static void
test_json_string_invalid_utf8(void **unused)
{
	static const struct { const char *in, *out; } cases[] = {
		{ "caf\xc3\xa9 \"q\"\n", "\"caf\xc3\xa9 \\\"q\\\"\\n\"" },
		{ "a\xff" "b", "\"a\xef\xbf\xbd" "b\"" },
		{ "\x80", "\"\xef\xbf\xbd\"" },
		{ "x\xc3", "\"x\xef\xbf\xbd\"" },
		{ "\xe2\x82", "\"\xef\xbf\xbd\xef\xbf\xbd\"" },
		{ "\xc0\xaf", "\"\xef\xbf\xbd\xef\xbf\xbd\"" },
		{ "\xed\xa0\x80", "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"" },
		{ "\xf0\x9f\x8e\xb2!", "\"\xf0\x9f\x8e\xb2!\"" },
		{ "\xf4\x90\x80\x80", "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"
		    "\xef\xbf\xbd\"" },
	};
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct sbuf b = { 0 };
		json_string(&b, cases[i].in);
		assert_string_equal(sbuf_str(&b), cases[i].out);
		sbuf_free(&b);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_save_format_and_roundtrip),
		cmocka_unit_test(test_json_string_invalid_utf8),
		cmocka_unit_test(test_setup_and_result_recorded),
		cmocka_unit_test(test_bad_records),
		cmocka_unit_test(test_record_after_set),
		cmocka_unit_test(test_truncation_is_an_error),
		cmocka_unit_test(test_chance_state_saved),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
