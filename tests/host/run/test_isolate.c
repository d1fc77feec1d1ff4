/*
 * test_isolate.c - work in a child process (run/isolate.c): its output
 * through the pipe, each way it can end (done, a failure status, a
 * crash, its own alarm, the time limit, a grandchild left holding the
 * pipe, killed from outside) and the words for each.
 */
#include "config.h"

#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/util.h"
#include "run/isolate.h"

static int
says_hello(void *ctx, int fd)
{
	(void)ctx;
	return write_all(fd, "hello\n", 6);
}

static int
fails(void *ctx, int fd)
{
	(void)ctx;
	(void)write_all(fd, "partial", 7);
	return -1;
}

static int
crashes(void *ctx, int fd)
{
	(void)ctx, (void)fd;
	signal(SIGSEGV, SIG_DFL);	/* cmocka's handler is inherited */
	raise(SIGSEGV);
	return 0;
}

static int
rings(void *ctx, int fd)
{
	(void)ctx, (void)fd;
	raise(SIGALRM);
	return 0;
}

static int
hangs(void *ctx, int fd)
{
	(void)ctx, (void)fd;
	for (;;)
		pause();
	return 0;
}

/* Leaves a grandchild holding the pipe open for 30 s, then ends. */
static int
forks(void *ctx, int fd)
{
	(void)ctx;
	if (fork() == 0) {
		sleep(30);
		_exit(0);
	}
	return write_all(fd, "done\n", 5);
}

/* Kills its own group from outside the work, as check's SIGINT path. */
static int
killed(void *ctx, int fd)
{
	(void)ctx, (void)fd;
	isolate_kill();		/* not running in the child: nothing */
	raise(SIGKILL);
	return 0;
}

static char *
described(struct isolate_result r, double timeout)
{
	static char buf[256];

	isolate_describe(&r, timeout, buf, sizeof buf);
	return buf;
}

static void
test_ends(void **state)
{
	struct sbuf out = { 0 };
	struct isolate_result r;
	double t0;

	(void)state;
	r = isolate_run(says_hello, NULL, 5, &out);
	assert_int_equal(r.end, ISOLATE_OK);
	assert_string_equal(sbuf_str(&out), "hello\n");
	assert_string_equal(described(r, 5), "finished");

	sbuf_reset(&out);
	r = isolate_run(fails, NULL, 5, &out);
	assert_int_equal(r.end, ISOLATE_EXIT);
	assert_int_equal(r.code, 1);
	assert_string_equal(sbuf_str(&out), "partial");
	assert_string_equal(described(r, 5), "the game's process exited with "
	    "status 1 (exit() in the plugin?)");

	r = isolate_run(crashes, NULL, 5, &out);
	assert_int_equal(r.end, ISOLATE_SIGNAL);
	assert_int_equal(r.code, SIGSEGV);
	assert_string_equal(described(r, 5), "the plugin crashed: signal 11 "
	    "(Segmentation fault)");

	r = isolate_run(rings, NULL, 5, &out);
	assert_int_equal(r.end, ISOLATE_TIMEOUT);

	t0 = now_seconds();
	r = isolate_run(hangs, NULL, 0.3, &out);
	assert_int_equal(r.end, ISOLATE_TIMEOUT);
	assert_true(now_seconds() - t0 < 3);
	assert_string_equal(described(r, 0.3), "the game did not finish within "
	    "0.3 seconds (a hang in the plugin?)");

	/* The grandchild keeps the pipe: a second's grace, then it goes. */
	sbuf_reset(&out);
	t0 = now_seconds();
	r = isolate_run(forks, NULL, 10, &out);
	assert_int_equal(r.end, ISOLATE_OK);
	assert_string_equal(sbuf_str(&out), "done\n");
	assert_true(now_seconds() - t0 < 5);

	r = isolate_run(killed, NULL, 5, &out);
	assert_int_equal(r.end, ISOLATE_SIGNAL);
	assert_int_equal(r.code, SIGKILL);
	sbuf_free(&out);
	isolate_kill();		/* no child running: nothing to do */
}

static void
test_words(void **state)
{
	struct isolate_result r = { ISOLATE_INTERRUPTED, 0 };

	(void)state;
	assert_string_equal(described(r, 1), "interrupted");
	r.end = ISOLATE_NOFORK;
	assert_string_equal(described(r, 1), "no process to play it in");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ends),
		cmocka_unit_test(test_words),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
