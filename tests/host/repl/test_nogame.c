/*
 * test_nogame.c - the REPL's commands in an app with no game in
 * progress.  tablero itself always starts one (or stops), but the app is
 * also driven without one (the fuzz targets, a front end of another
 * kind): each command that needs a game says so and changes nothing, and
 * `new` without a game name starts the configured default game.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/util.h"
#include "core/host.h"
#include "core/session.h"
#include "repl/app.h"
#include "repl/handlers.h"
#include "repl/learn.h"
#include "repl/solve.h"

typedef int handler_fn(struct app *, char *, struct sbuf *, char *, size_t);

static void
test_commands_need_a_game(void **state)
{
	static const struct {
		handler_fn *fn;
		const char *args;
	} cmds[] = {
		{ cmd_options, "" }, { cmd_set, "x=1" }, { cmd_show, "" },
		{ cmd_moves, "" }, { cmd_play, "a1" }, { cmd_position, "" },
		{ cmd_setup, "x" }, { cmd_undo, "" }, { cmd_redo, "" },
		{ cmd_history, "" }, { cmd_save, "x.tbr" }, { cmd_seat, "" },
		{ cmd_ai, "" }, { cmd_hint, "" }, { cmd_explain, "" },
		{ cmd_goto, "1" }, { repl_solve, "" },
	};
	struct host host;
	struct app a;
	struct sbuf out = { 0 };
	char err[TBL_ERRLEN], args[64];
	size_t i;

	(void)state;
	memset(&host, 0, sizeof host);
	pluginset_add_path(&host.plugins, BUILD_PLUGIN_DIR);
	pluginset_scan(&host.plugins, NULL);
	host.seed = 1;
	app_init(&a, &host);
	for (i = 0; i < sizeof cmds / sizeof *cmds; i++) {
		err[0] = '\0';
		snprintf(args, sizeof args, "%s", cmds[i].args);
		assert_int_equal(cmds[i].fn(&a, args, &out, err, sizeof err), -1);
		assert_string_equal(err, "no game in progress (start one with "
		    "'new')");
		assert_string_equal(sbuf_str(&out), "");
		assert_null(a.sess);
	}
	/* `new` alone: the configured game (mancala by default). */
	args[0] = '\0';
	assert_int_equal(cmd_new(&a, args, &out, err, sizeof err), 0);
	assert_string_equal(sbuf_str(&out), "new game of mancala\nP to move\n");
	assert_non_null(a.sess);
	assert_string_equal(a.sess->g->name, "mancala");
	sbuf_free(&out);
	app_free(&a);
	host_free(&host);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_commands_need_a_game),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
