/*
 * runner.c - tasks spread over forked workers that send their results
 * back as lines on pipes.
 *
 * The lines are the same whether a worker or the parent plays a task,
 * so the number of workers changes only the time a run takes.
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "base/interrupt.h"
#include "run/engine.h"
#include "run/runner.h"
#include "base/util.h"

#define MAX_JOBS 256

struct worker {
	pid_t pid;
	int fd;			/* read end of its pipe; -1 at end of file */
	struct sbuf in;		/* what has arrived of the current line */
};

static int
show_progress(const struct runner *r)
{
	return r->label != NULL && isatty(2);
}

static double run_started;	/* when runner_run() began, for the time left */

/* "45s", "12m 05s", "3h 07m": the time left at the rate so far. */
static void
time_left(long done, long ntasks, struct sbuf *b)
{
	double s = (now_seconds() - run_started) / (double)done *
	    (double)(ntasks - done);
	long k = (long)(s + 0.5);

	if (k < 60)
		sbuf_printf(b, ", %lds left", k);
	else if (k < 3600)
		sbuf_printf(b, ", %ldm %02lds left", k / 60, k % 60);
	else
		sbuf_printf(b, ", %ldh %02ldm left", k / 3600, k / 60 % 60);
}

/*
 * "\rmatch: 37/100", the note and the time left, at most ten times a
 * second, and at the end.
 */
static void
progress(const struct runner *r, long done)
{
	static double last;
	struct sbuf b = { 0 };
	double t;

	if (!show_progress(r))
		return;
	t = now_seconds();
	if (done < r->ntasks && t - last < 0.1)
		return;
	last = t;
	sbuf_printf(&b, "\r%s: %ld/%ld", r->label, done, r->ntasks);
	if (r->note != NULL)
		r->note(r->ctx, &b);
	if (done > 0 && done < r->ntasks)
		time_left(done, r->ntasks, &b);
	sbuf_puts(&b, "\033[K");
	fputs(sbuf_str(&b), stderr);
	sbuf_free(&b);
}

static void
progress_end(const struct runner *r)
{
	if (show_progress(r))
		fprintf(stderr, "\r\033[K");
}

/* A worker ended by its parent takes its engines along. */
static void
worker_term(int sig)
{
	engine_kill_groups();
	signal(sig, SIG_DFL);
	coverage_dump();	/* all but the raise() counted */
	raise(sig);
}

/* Worker j's life: play its tasks, one line each on fd. */
static void
work(const struct runner *r, int j, int fd)
{
	struct sbuf line = { 0 };
	long t;

	for (t = j; t < r->ntasks && !interrupt_pending(); t += r->jobs) {
		sbuf_reset(&line);
		if (r->play(r->ctx, t, &line) != 0)
			child_exit(1);
		sbuf_puts(&line, "\n");
		if (write_all(fd, line.s, line.len) != 0)
			child_exit(1);
	}
	child_exit(interrupt_pending() ? 1 : 0);
}

/* Hand each complete line of w to take(); its last answer. */
static int
take_lines(const struct runner *r, struct worker *w, long *done)
{
	char *nl;
	int rc = 0;

	while (rc == 0 && (nl = memchr(w->in.s, '\n', w->in.len)) != NULL) {
		size_t n = (size_t)(nl - w->in.s) + 1;
		*nl = '\0';
		rc = r->take(r->ctx, w->in.s);
		memmove(w->in.s, w->in.s + n, w->in.len - n);
		w->in.len -= n;
		w->in.s[w->in.len] = '\0';
		progress(r, ++*done);
	}
	return rc;
}

static int
run_here(const struct runner *r)
{
	struct sbuf line = { 0 };
	long t;
	int rc = 0;

	for (t = 0; t < r->ntasks && rc == 0; t++) {
		if (interrupt_pending()) {
			rc = -1;
			break;
		}
		sbuf_reset(&line);
		if (r->play(r->ctx, t, &line) != 0)
			rc = -1;
		else
			rc = r->take(r->ctx, sbuf_str(&line));
		progress(r, t + 1);
	}
	progress_end(r);
	sbuf_free(&line);
	return rc;
}

/*
 * Fork `jobs` workers, each writing its results down a pipe of its own
 * (w[j].fd).  Returns how many were started; fewer (reported) when a
 * fork or a pipe failed.
 */
static int
spawn_workers(const struct runner *r, struct worker *w, int jobs)
{
	pid_t parent = getpid();
	int j;

	fflush(stdout);
	fflush(stderr);
	for (j = 0; j < jobs; j++) {
		int p[2];
		memset(&w[j], 0, sizeof w[j]);
		if (pipe(p) != 0 || (w[j].pid = fork()) < 0) {
			perror("tablero: fork");
			return j;
		}
		if (w[j].pid == 0) {
			struct runner mine = *r;
			struct sigaction was;
			int k;
			/* The parent ends a worker with SIGTERM: at once, its
			 * engines with it, unless the subcommand ends its own
			 * children (check). */
			shutdown_uninstall();
			if (sigaction(SIGTERM, NULL, &was) == 0 &&
			    was.sa_handler == SIG_DFL)
				signal_handle(SIGTERM, worker_term);
#ifdef PR_SET_PDEATHSIG
			/* No worker outlives a parent killed outright. */
			prctl(PR_SET_PDEATHSIG, SIGTERM);
			if (getppid() != parent)
				child_exit(1);
#endif
			close(p[0]);
			for (k = 0; k < j; k++)
				close(w[k].fd);
			mine.jobs = jobs;
			work(&mine, j, p[1]);
		}
		close(p[1]);
		w[j].fd = p[0];
	}
	return jobs;
}

/* Read what worker w has written, once poll said it may; 0 or -1. */
static int
read_worker(const struct runner *r, struct worker *w, int *open_fds,
    long *done)
{
	char buf[4096];
	ssize_t got = read(w->fd, buf, sizeof buf);

	if (got < 0 && errno == EINTR)
		return 0;
	if (got <= 0) {
		close(w->fd);
		w->fd = -1;
		(*open_fds)--;
		return 0;
	}
	sbuf_add(&w->in, buf, (size_t)got);
	return take_lines(r, w, done);
}

/*
 * Take the workers' results as they come until every pipe is closed, a
 * result is bad or Ctrl-C comes.  Returns 0 or -1.
 */
static int
gather(const struct runner *r, struct worker *w, int jobs, long *done)
{
	struct pollfd pfd[MAX_JOBS];
	int open_fds = jobs, rc = 0, j, k, n;

	while (open_fds > 0 && rc == 0) {
		n = 0;
		for (j = 0; j < jobs; j++)
			if (w[j].fd >= 0) {
				pfd[n].fd = w[j].fd;
				pfd[n].events = POLLIN;
				n++;
			}
		if (poll(pfd, (nfds_t)n, 200) < 0 && errno != EINTR) {
			perror("tablero: poll");
			return -1;
		}
		if (interrupt_pending())
			return -1;
		for (j = 0; j < jobs && rc == 0; j++) {
			if (w[j].fd < 0)
				continue;
			for (k = 0; k < n && pfd[k].fd != w[j].fd; k++)
				;
			if (k == n || !(pfd[k].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			rc = read_worker(r, &w[j], &open_fds, done);
		}
	}
	return rc;
}

int
runner_run(const struct runner *r)
{
	struct worker w[MAX_JOBS];
	long jobs = r->jobs, done = 0;
	int j, rc = 0, failed = 0, status, started;

	run_started = now_seconds();
	if (jobs > MAX_JOBS)
		jobs = MAX_JOBS;
	if (jobs > r->ntasks)
		jobs = r->ntasks;
	if (jobs <= 1)
		return run_here(r);
	started = spawn_workers(r, w, (int)jobs);
	if (started < jobs) {
		jobs = started;
		rc = -1;
	}
	if (rc == 0)
		rc = gather(r, w, (int)jobs, &done);
	for (j = 0; j < jobs; j++) {
		if (w[j].fd >= 0) {
			kill(w[j].pid, SIGTERM);
			close(w[j].fd);
		}
	}
	for (j = 0; j < jobs; j++) {
		if (waitpid(w[j].pid, &status, 0) == w[j].pid && rc == 0 &&
		    (!WIFEXITED(status) || WEXITSTATUS(status) != 0))
			failed = 1;
		sbuf_free(&w[j].in);
	}
	progress_end(r);
	/* A worker that ends well has given all its results. */
	if (failed || (rc == 0 && done < r->ntasks)) {
		fprintf(stderr, "tablero: a worker failed\n");
		return -1;
	}
	return rc;
}
