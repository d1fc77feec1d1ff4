/*
 * test_runner.c - tasks over worker processes (run/runner.c): in this
 * process with one job, else worker j plays tasks j, j + J, ...; every
 * line taken once and whole (also one longer than a pipe's read), a run
 * that take() stops or refuses, a worker that fails, and Ctrl-C.
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

#include "base/interrupt.h"
#include "base/util.h"
#include "run/runner.h"
#include "slurp.h"

#define MAXT 64
#define LONG_LINE 10000

struct ctx {
	long taken[MAXT];	/* times task t was taken */
	long pid[MAXT];		/* the process that played it */
	long order[MAXT];	/* the tasks in the order taken */
	long n;			/* lines taken */
	long stop_at;		/* take() answers 1 at this line; -1 never */
	long refuse_at;		/* take() answers -1 at this line */
	long fail_task;		/* play() fails this task; -1 never */
	long interrupt_task;	/* play() asks to stop after this task */
	int interrupt_take;	/* take() asks to stop at its first line */
	int bad_line;		/* a line not as play() wrote it */
};

static int
play(void *vctx, long t, struct sbuf *line)
{
	struct ctx *c = vctx;
	long k;

	if (t == c->fail_task)
		return -1;
	sbuf_printf(line, "%ld %ld ", t, (long)getpid());
	/* Task 3's line is longer than the runner reads at once. */
	for (k = 0; t == 3 && k < LONG_LINE; k++)
		sbuf_puts(line, "x");
	sbuf_puts(line, "end");
	if (t == c->interrupt_task)
		interrupt_request();
	return 0;
}

static int
take(void *vctx, const char *line)
{
	struct ctx *c = vctx;
	long t, pid;
	int used = 0;
	size_t want;

	if (sscanf(line, "%ld %ld %n", &t, &pid, &used) != 2 || t < 0 ||
	    t >= MAXT) {
		c->bad_line = 1;
		return -1;
	}
	want = (size_t)used + (t == 3 ? LONG_LINE : 0) + 3;
	if (strlen(line) != want || strcmp(line + want - 3, "end") != 0)
		c->bad_line = 1;
	c->taken[t]++;
	c->pid[t] = pid;
	c->order[c->n++] = t;
	if (c->interrupt_take)
		interrupt_request();
	if (c->n - 1 == c->stop_at)
		return 1;
	if (c->n - 1 == c->refuse_at)
		return -1;
	return 0;
}

static void
setup(struct ctx *c, struct runner *r, long ntasks, long jobs)
{
	memset(c, 0, sizeof *c);
	c->stop_at = c->refuse_at = c->fail_task = c->interrupt_task = -1;
	memset(r, 0, sizeof *r);
	r->ntasks = ntasks;
	r->jobs = jobs;
	r->play = play;
	r->take = take;
	r->ctx = c;
}

/* Run r with stderr into a file; its text in *said (caller frees). */
static int
run_quiet(const struct runner *r, char **said)
{
	char path[] = "/tmp/tablero-test-runner.XXXXXX";
	int fd = mkstemp(path), saved = dup(2), rc;

	assert_true(fd >= 0 && saved >= 0);
	fflush(stderr);
	dup2(fd, 2);
	close(fd);
	rc = runner_run(r);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	*said = slurp(path);
	unlink(path);
	return rc;
}

static void
test_one_job_in_process(void **state)
{
	struct ctx c;
	struct runner r;
	long t;

	(void)state;
	setup(&c, &r, 7, 1);
	assert_int_equal(runner_run(&r), 0);
	assert_int_equal(c.n, 7);
	assert_false(c.bad_line);
	for (t = 0; t < 7; t++) {
		assert_int_equal(c.order[t], t);	/* in order */
		assert_int_equal(c.pid[t], (long)getpid());
	}
}

static void
test_workers(void **state)
{
	struct ctx c;
	struct runner r;
	long t, u;

	(void)state;
	setup(&c, &r, 11, 3);
	assert_int_equal(runner_run(&r), 0);
	assert_int_equal(c.n, 11);
	assert_false(c.bad_line);
	for (t = 0; t < 11; t++) {
		assert_int_equal(c.taken[t], 1);
		/* Worker j plays tasks j, j + 3, j + 6, ... */
		assert_int_equal(c.pid[t], c.pid[t % 3]);
		assert_true(c.pid[t] != (long)getpid());
	}
	for (t = 0; t < 3; t++)
		for (u = t + 1; u < 3; u++)
			assert_true(c.pid[t] != c.pid[u]);
	/* More jobs than tasks: a worker a task. */
	setup(&c, &r, 2, 8);
	assert_int_equal(runner_run(&r), 0);
	assert_int_equal(c.n, 2);
	assert_true(c.pid[0] != c.pid[1]);
	assert_true(c.taken[0] == 1 && c.taken[1] == 1);
}

static void
test_take_stops_or_refuses(void **state)
{
	struct ctx c;
	struct runner r;
	char *said;

	(void)state;
	setup(&c, &r, 9, 1);
	c.stop_at = 4;
	assert_int_equal(runner_run(&r), 1);
	assert_int_equal(c.n, 5);
	setup(&c, &r, 9, 1);
	c.refuse_at = 2;
	assert_int_equal(runner_run(&r), -1);
	assert_int_equal(c.n, 3);
	/* With workers, the others are ended; no worker failure is told. */
	setup(&c, &r, 40, 4);
	c.stop_at = 0;
	assert_int_equal(run_quiet(&r, &said), 1);
	assert_string_equal(said, "");
	free(said);
	assert_true(c.n >= 1);
	setup(&c, &r, 40, 4);
	c.refuse_at = 0;
	assert_int_equal(run_quiet(&r, &said), -1);
	assert_string_equal(said, "");
	free(said);
}

static void
test_failures(void **state)
{
	struct ctx c;
	struct runner r;
	char *said;
	long t;

	(void)state;
	/* In the process: the run stops at the failed task. */
	setup(&c, &r, 6, 1);
	c.fail_task = 2;
	assert_int_equal(runner_run(&r), -1);
	assert_int_equal(c.n, 2);
	/* A worker that fails: said, and -1; the others' lines are taken,
	 * the failed worker's before its failure too. */
	setup(&c, &r, 9, 3);
	c.fail_task = 4;
	assert_int_equal(run_quiet(&r, &said), -1);
	assert_string_equal(said, "tablero: a worker failed\n");
	free(said);
	for (t = 0; t < 9; t++)
		assert_int_equal(c.taken[t], t == 4 || t == 7 ? 0 : 1);
}

static void
test_interrupt(void **state)
{
	struct ctx c;
	struct runner r;
	char *said;

	(void)state;
	/* Ctrl-C during task 2: its line is taken, no task after it. */
	setup(&c, &r, 6, 1);
	c.interrupt_task = 2;
	assert_int_equal(runner_run(&r), -1);
	assert_int_equal(c.n, 3);
	assert_true(interrupt_pending());
	interrupt_clear();
	/* With workers: the parent stops gathering and ends them. */
	setup(&c, &r, 40, 4);
	c.interrupt_take = 1;
	assert_int_equal(run_quiet(&r, &said), -1);
	assert_string_equal(said, "");
	free(said);
	assert_true(c.n >= 1 && c.n < 40);
	interrupt_clear();
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_job_in_process),
		cmocka_unit_test(test_workers),
		cmocka_unit_test(test_take_stops_or_refuses),
		cmocka_unit_test(test_failures),
		cmocka_unit_test(test_interrupt),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
