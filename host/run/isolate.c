/*
 * isolate.c - work in a child process with a time limit (isolate.h).
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "base/interrupt.h"
#include "base/util.h"
#include "run/isolate.h"

/* The child running, for isolate_kill(); 0 when none. */
static volatile pid_t running;

void
isolate_kill(void)
{
	if (running > 0)
		kill(-running, SIGKILL);
}

/* The child's life: its own process group, default signals, the work. */
static void
child(int (*work)(void *ctx, int fd), void *ctx, int fd)
{
	pid_t parent = getppid();

	setpgid(0, 0);
#ifdef PR_SET_PDEATHSIG
	/* Its group is not the terminal's: it dies with its parent. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		child_exit(1);
#endif
	(void)parent;
	signal_handle(SIGTERM, SIG_DFL);
	signal_handle(SIGALRM, SIG_DFL);
	child_exit(work(ctx, fd) == 0 ? 0 : 1);
}

/*
 * Read the child's pipe into out until the child has ended and the pipe
 * is drained (a second at most after the end: a process it forked may
 * hold the pipe), the time is up or Ctrl-C comes; *status when it ended.
 * Returns the end, ISOLATE_OK meaning "ended by itself".
 */
static enum isolate_end
collect(pid_t pid, int fd, double timeout, struct sbuf *out, int *status)
{
	double deadline = timeout > 0 ? now_seconds() + timeout : 0;
	int ended = 0;

	for (;;) {
		struct pollfd p = { fd, POLLIN, 0 };
		char buf[4096];
		ssize_t got;

		if (interrupt_pending())
			return ISOLATE_INTERRUPTED;
		if (deadline > 0 && now_seconds() > deadline)
			return ended ? ISOLATE_OK : ISOLATE_TIMEOUT;
		if (poll(&p, 1, ended ? 0 : 100) > 0) {
			got = read(fd, buf, sizeof buf);
			if (got > 0) {
				sbuf_add(out, buf, (size_t)got);
				continue;
			}
			if (got == 0 || errno != EINTR)
				break;	/* every writer gone */
			continue;
		}
		if (ended)
			break;
		if ((ended = waitpid(pid, status, WNOHANG) == pid))
			deadline = now_seconds() + 1;
	}
	if (!ended)
		while (waitpid(pid, status, 0) < 0 && errno == EINTR)
			if (interrupt_pending())
				return ISOLATE_INTERRUPTED;
	return ISOLATE_OK;
}

struct isolate_result
isolate_run(int (*work)(void *ctx, int fd), void *ctx, double timeout,
    struct sbuf *out)
{
	struct isolate_result res = { ISOLATE_NOFORK, 0 };
	pid_t pid = -1;
	int p[2], status = 0;

	fflush(stdout);
	fflush(stderr);
	if (pipe(p) != 0)
		return res;
	if ((pid = fork()) < 0) {
		close(p[0]);
		close(p[1]);
		return res;
	}
	if (pid == 0) {
		close(p[0]);
		child(work, ctx, p[1]);
	}
	setpgid(pid, pid);	/* whichever runs first, the group exists */
	running = pid;
	close(p[1]);
	res.end = collect(pid, p[0], timeout, out, &status);
	close(p[0]);
	/* Whatever is left of the group goes: the child or what it forked. */
	kill(-pid, SIGKILL);
	running = 0;
	if (res.end != ISOLATE_OK) {
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		return res;
	}
	if (WIFEXITED(status)) {
		res.code = WEXITSTATUS(status);
		res.end = res.code == 0 ? ISOLATE_OK : ISOLATE_EXIT;
	} else if (WIFSIGNALED(status)) {
		res.code = WTERMSIG(status);
		res.end = res.code == SIGALRM ? ISOLATE_TIMEOUT : ISOLATE_SIGNAL;
	}
	return res;
}

void
isolate_describe(const struct isolate_result *r, double timeout, char *buf,
    size_t len)
{
	switch (r->end) {
	case ISOLATE_EXIT:
		snprintf(buf, len, "the game's process exited with status %d "
		    "(exit() in the plugin?)", r->code);
		break;
	case ISOLATE_SIGNAL:
		snprintf(buf, len, "the plugin crashed: signal %d (%s)", r->code,
		    strsignal(r->code));
		break;
	case ISOLATE_TIMEOUT:
		snprintf(buf, len, "the game did not finish within %g seconds (a "
		    "hang in the plugin?)", timeout);
		break;
	case ISOLATE_INTERRUPTED:
		snprintf(buf, len, "interrupted");
		break;
	case ISOLATE_NOFORK:
		snprintf(buf, len, "no process to play it in");
		break;
	default:
		snprintf(buf, len, "finished");
		break;
	}
}
