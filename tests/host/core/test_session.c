/*
 * test_session.c - moves, turns typed on one line, undo/redo, chance,
 * command parsing and completion, driven through the test game.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "repl/commands.h"
#include "repl/complete.h"
#include "core/session.h"
#include "base/util.h"

static struct host host;
static struct app app;

static int
setup(void **state)
{
	(void)state;
	memset(&host, 0, sizeof host);
	pluginset_add_path(&host.plugins, TEST_PLUGIN_DIR);
	pluginset_scan(&host.plugins, NULL);
	host.seed = 7;
	app_init(&app, &host);
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	app_free(&app);
	host_free(&host);
	return 0;
}

/* Run a command line; returns its output (or "ERR: message"). */
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

static const char *
pos(void)
{
	static char buf[256];
	char *p = session_position(app.sess);

	snprintf(buf, sizeof buf, "%s", p);
	free(p);
	return buf;
}

static void
test_turn_on_one_line(void **state)
{
	(void)state;
	app.chance_manual = 1;
	assert_string_equal(run("new testgame bonus=yes"),
	    "new game of testgame\nchance to move\n");
	assert_string_equal(run("3"), "chance plays 3\nA to move\n");
	/* A whole turn of two decisions typed together. */
	assert_string_equal(run("+3+1"), "A plays +3\nA plays +1\nchance to move\n");
	assert_string_equal(pos(), "4,0 B roll");
	assert_int_equal(app.sess->nmoves, 3);
}

static void
test_bad_line_changes_nothing(void **state)
{
	(void)state;
	app.chance_manual = 1;
	run("new testgame bonus=yes");
	run("3");
	/* The second move is illegal: the first is not kept either. */
	assert_string_equal(run("play +3+2"), "ERR: illegal move '+2' for A");
	assert_string_equal(pos(), "0,0 A move=3");
	assert_string_equal(run("play +3 junk"),
	    "ERR: 'junk' is not a move: expected +N");
	assert_string_equal(pos(), "0,0 A move=3");
	/* Text after the end of the turn. */
	assert_string_equal(run("play +2 +1"),
	    "ERR: the turn of A ended before '+1'");
	assert_string_equal(pos(), "0,0 A move=3");
	assert_int_equal(app.sess->nmoves, 1);
}

static void
test_undo_redo_turns_and_moves(void **state)
{
	(void)state;
	app.chance_manual = 1;
	run("new testgame bonus=yes");
	run("3");
	run("+3+1");
	run("2");
	run("+2");
	assert_string_equal(pos(), "4,2 A roll");
	/* A whole turn: B's +2 with nothing after it. */
	assert_string_equal(run("undo"), "took back 1 move\nB to move\n");
	assert_string_equal(pos(), "4,0 B move=2");
	/* A's two decisions go back together, with the roll after them. */
	assert_string_equal(run("undo"), "took back 3 moves\nA to move\n");
	assert_string_equal(pos(), "0,0 A move=3");
	assert_string_equal(run("redo"), "replayed 3 moves\nB to move\n");
	assert_string_equal(pos(), "4,0 B move=2");
	assert_string_equal(run("redo 2"), "replayed 1 move\nchance to move\n");
	assert_string_equal(pos(), "4,2 A roll");
	assert_string_equal(run("redo"), "ERR: nothing to redo");
	assert_string_equal(run("undo 4"), "took back 4 moves\nA to move\n");
	assert_string_equal(pos(), "0,0 A move=3");
	assert_string_equal(run("undo 9"), "took back 1 move\nchance to move\n");
	assert_string_equal(pos(), "0,0 A roll");
	assert_string_equal(run("undo"), "ERR: nothing to undo: at the start of the game");
	assert_string_equal(run("undo x"), "ERR: expected a number of moves, not 'x'");
	/* A new move drops the redo tail. */
	run("1");
	assert_string_equal(run("redo"), "ERR: nothing to redo");
}

static void
test_chance_is_seeded(void **state)
{
	char first[256];
	int i;

	(void)state;
	app.chance_manual = 0;
	run("seed 42");
	run("new testgame die=d6");
	for (i = 0; i < 6; i++)
		run("+0");
	snprintf(first, sizeof first, "%s", run("history"));
	run("seed 42");
	run("new");
	for (i = 0; i < 6; i++)
		run("+0");
	assert_string_equal(run("history"), first);
	assert_non_null(strstr(first, "chance:"));
	/* Another seed rolls other dice: the seed is not ignored. */
	run("seed 43");
	run("new");
	for (i = 0; i < 6; i++)
		run("+0");
	assert_string_not_equal(run("history"), first);
}

/* The command table's argument counts refuse with the table's usage. */
static void
test_argument_counts(void **state)
{
	(void)state;
	run("new testgame");
	assert_string_equal(run("show x"), "ERR: usage: show");
	assert_string_equal(run("undo 1 2"), "ERR: usage: undo [N]");
	assert_string_equal(run("set"), "ERR: usage: set key=value ...");
	assert_string_equal(run("setup"), "ERR: usage: setup POSITION");
	assert_string_equal(run("save"), "ERR: usage: save FILE");
	assert_string_equal(run("load"), "ERR: usage: load FILE");
	assert_string_equal(run("seed 1 2"), "ERR: usage: seed [N]");
	/* Blanks alone are no argument. */
	assert_string_equal(run("position \t "), "0,0 A roll\n");
}

/* session_play() says what kind of error it met, not only its text. */
static void
test_play_error_kinds(void **state)
{
	char err[TBL_ERRLEN];

	(void)state;
	app.chance_manual = 1;
	run("new testgame bonus=yes");
	assert_int_equal(session_play(app.sess, "  ", NULL, err, sizeof err),
	    PLAY_EMPTY);
	assert_int_equal(session_play(app.sess, "6", NULL, err, sizeof err),
	    PLAY_ILLEGAL);
	assert_int_equal(session_play(app.sess, "3", NULL, err, sizeof err),
	    PLAY_OK);
	assert_int_equal(session_play(app.sess, "junk", NULL, err, sizeof err),
	    PLAY_UNREADABLE);
	assert_int_equal(session_play(app.sess, "+2 +1", NULL, err, sizeof err),
	    PLAY_TURN_OVER);
	assert_string_equal(pos(), "0,0 A move=3");
	run("setup 9,3 - over");
	assert_int_equal(session_play(app.sess, "+1", NULL, err, sizeof err),
	    PLAY_OVER);
	/* A bare move and `play` take the same path and say the same. */
	run("new testgame");
	run("2");
	snprintf(err, sizeof err, "%s", run("+3"));
	assert_string_equal(err, "ERR: illegal move '+3' for A");
	assert_string_equal(run("play +3"), err);
	snprintf(err, sizeof err, "%s", run("+2"));
	run("undo");
	assert_string_equal(run("play +2"), err);
}

static void
test_commands_and_errors(void **state)
{
	(void)state;
	app.chance_manual = 1;
	assert_string_equal(run("new nosuchgame"),
	    "ERR: unknown game 'nosuchgame' (try 'games')");
	assert_string_equal(run("new testgme"),
	    "ERR: unknown game 'testgme' (did you mean 'testgame'?)");
	assert_string_equal(run("new testgame sise=4"),
	    "ERR: unknown option 'sise' for testgame (did you mean 'size'?)");
	assert_string_equal(run("new testgame label=a1"),
	    "ERR: option 'label' takes letters only, not 'a1'");
	assert_string_equal(run("new testgame size=5"),
	    "new game of testgame\nchance to move\n");
	assert_string_equal(run("hepl"), "ERR: unknown command 'hepl' (did you mean 'help'?)");
	assert_string_equal(run("  # a comment"), "");
	assert_string_equal(run(""), "");
	assert_string_equal(run("setup 9,9 A roll"), "ERR: runner positions must be 0..4");
	assert_string_equal(run("setup 1,2 B move=2"), "B to move\n");
	assert_string_equal(run("position"), "1,2 B move=2\n");
	assert_string_equal(run("moves"), "+0 +1 +2\n");
	assert_string_equal(run("+2"), "B plays +2\ngame over: B wins\n");
	assert_string_equal(run("moves"), "no moves: the game is over\n");
	assert_string_equal(run("+1"), "ERR: the game is over, cannot play '+1'");
	/* set restarts an unplayed game, else keeps the game going. */
	run("new testgame");
	assert_string_equal(run("set size=6"),
	    "options changed; the game restarts\nchance to move\n");
	run("2");
	/* Only the roll so far: the game is still unplayed. */
	assert_string_equal(run("set die=d3"),
	    "options changed; the game restarts\nchance to move\n");
	run("2");
	run("+1");
	assert_string_equal(run("set die=d6"),
	    "options changed; they apply from the next 'new'\n");
	assert_string_equal(pos(), "1,0 B roll");
	run("new");
	assert_string_equal(run("moves"),
	    "1(0.1667) 2(0.1667) 3(0.1667) 4(0.1667) 5(0.1667) 6(0.1667)\n");
}

/* After an undo to a chance point, the host rolls before the next move. */
static void
test_roll_owed_after_undo(void **state)
{
	const char *out;

	(void)state;
	app.chance_manual = 0;
	run("seed 3");
	run("new testgame die=d6");
	run("+0");		/* A stands; the host rolls for B */
	assert_string_equal(run("undo 1"), "took back 1 move\nchance to move\n");
	out = run("+0");
	assert_true(strncmp(out, "chance: ", 8) == 0);
	assert_non_null(strstr(out, "\nB plays +0\n"));
}

static int
has(char **v, const char *s)
{
	int i;

	for (i = 0; v && v[i]; i++)
		if (strcmp(v[i], s) == 0)
			return 1;
	return 0;
}

static void
test_completion(void **state)
{
	char **v;

	(void)state;
	app.chance_manual = 1;
	run("new testgame");
	run("3");
	v = complete_line(&app, "he", 0, 2);
	assert_true(has(v, "help"));
	assert_false(has(v, "history"));
	complete_free(v);
	v = complete_line(&app, "", 0, 0);	/* commands and moves */
	assert_true(has(v, "undo") && has(v, "+3") && has(v, "+0"));
	complete_free(v);
	v = complete_line(&app, "new te", 4, 6);
	assert_true(has(v, "testgame"));
	complete_free(v);
	v = complete_line(&app, "new testgame d", 13, 14);
	assert_true(has(v, "die="));
	complete_free(v);
	v = complete_line(&app, "set die=", 4, 8);
	assert_true(has(v, "die=d3") && has(v, "die=d6"));
	complete_free(v);
	v = complete_line(&app, "set bonus=", 4, 10);
	assert_true(has(v, "bonus=yes") && has(v, "bonus=no"));
	complete_free(v);
	v = complete_line(&app, "play +", 5, 6);
	assert_true(has(v, "+1") && !has(v, "help"));
	complete_free(v);
	assert_null(complete_line(&app, "load fi", 5, 7));	/* file names */
	/* seat N <Tab>: kinds of player; seat <Tab>: the seats. */
	v = complete_line(&app, "seat 2 m", 7, 8);
	assert_true(has(v, "mcts") && has(v, "mcts:1000") && !has(v, "human"));
	complete_free(v);
	v = complete_line(&app, "seat ", 5, 5);
	assert_true(has(v, "1") && has(v, "2") && !has(v, "3"));
	complete_free(v);
	/* config <Tab>: files and directories too (profiles: interrupt.sh). */
	v = complete_line(&app, "config tests/h", 7, 14);
	assert_true(has(v, "tests/host/"));
	complete_free(v);
	/* Natural order. */
	assert_true(complete_natural_cmp("a2", "a10") < 0);
	assert_true(complete_natural_cmp("a10", "a9") > 0);
	assert_true(complete_natural_cmp("b1", "a12") > 0);
	assert_true(complete_natural_cmp("xd6", "xd6") == 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_turn_on_one_line),
		cmocka_unit_test(test_bad_line_changes_nothing),
		cmocka_unit_test(test_undo_redo_turns_and_moves),
		cmocka_unit_test(test_chance_is_seeded),
		cmocka_unit_test(test_play_error_kinds),
		cmocka_unit_test(test_argument_counts),
		cmocka_unit_test(test_commands_and_errors),
		cmocka_unit_test(test_completion),
		cmocka_unit_test(test_roll_owed_after_undo),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
