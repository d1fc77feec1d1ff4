/*
 * engine.c - starting, talking to and ending engine processes.
 *
 * The engine's stdin is one end of a socket pair, so that writing to an
 * engine that died is an error (send(2) with MSG_NOSIGNAL) instead of a
 * SIGPIPE that would end tablero.  Its stdout is a pipe read with
 * poll(2) in slices of a fifth of a second, so that Ctrl-C and SIGTERM
 * are seen while an engine thinks, and so is the engine's own exit even
 * when a child of it still holds its output open.
 *
 * Nothing written to an engine blocks: what its input cannot take yet
 * waits in the host and goes while the host waits for the engine's
 * answer, so an engine that does not read is out of time like one that
 * does not answer (engine_unread() tells them apart).
 *
 * On Linux the host is a child subreaper: a descendant of an engine that
 * left its process group (setsid) comes back to the host when its parent
 * dies, and engine_end() ends it too.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "base/interrupt.h"
#include "base/util.h"
#include "run/engine.h"

/* A line longer than this is garbage: it is cut there. */
#define LINE_MAX_BYTES 65536

/* Input an engine has not read beyond this: it does not read. */
#define UNREAD_MAX (4L << 20)

struct engine {
	pid_t pid;		/* also its process group */
	int to, from;		/* its stdin (a socket), its stdout */
	int status;		/* waitpid's, once reaped */
	int reaped;
	struct sbuf in;		/* read, not yet taken */
	char *line;		/* the line last taken */
	int nul;		/* it held a NUL byte (shown as '?') */
	struct sbuf out;	/* written, not yet taken by its input */
	size_t outoff;		/* out.s[0 .. outoff) is gone */
	int deaf;		/* out grew past UNREAD_MAX */
	char death[64];
};

/* The process groups of the live engines, for a signal handler. */
#define MAX_GROUPS 64
static volatile sig_atomic_t groups[MAX_GROUPS];

static void
group_note(pid_t pid, int add)
{
	int i;

	for (i = 0; i < MAX_GROUPS; i++)
		if (groups[i] == (add ? 0 : pid)) {
			groups[i] = add ? pid : 0;
			return;
		}
}

void
engine_kill_groups(void)
{
	int i;

	for (i = 0; i < MAX_GROUPS; i++)
		if (groups[i] > 0)
			kill(-(pid_t)groups[i], SIGKILL);
}

static void
word_add(char ***v, int *n, struct sbuf *w)
{
	*v = xrealloc(*v, (size_t)(*n + 2) * sizeof **v);
	(*v)[(*n)++] = xstrdup(sbuf_str(w));
	(*v)[*n] = NULL;
	sbuf_reset(w);
}

char **
engine_split(const char *text, char *err, size_t errlen)
{
	char **v = NULL;
	struct sbuf w = { 0 };
	const char *p = text;
	int n = 0, inword = 0;
	char q = 0;

	for (; *p; p++) {
		if (q == '\'') {
			if (*p == '\'')
				q = 0;
			else
				sbuf_add(&w, p, 1);
		} else if (q == '"') {
			if (*p == '"')
				q = 0;
			else if (*p == '\\' && p[1] && strchr("\"\\$`", p[1]))
				sbuf_add(&w, ++p, 1);
			else
				sbuf_add(&w, p, 1);
		} else if (*p == ' ' || *p == '\t' || *p == '\n') {
			if (inword)
				word_add(&v, &n, &w);
			inword = 0;
		} else {
			inword = 1;
			if (*p == '\'' || *p == '"')
				q = *p;
			else if (*p == '\\' && p[1])
				sbuf_add(&w, ++p, 1);
			else
				sbuf_add(&w, p, 1);
		}
	}
	if (inword && !q)
		word_add(&v, &n, &w);
	sbuf_free(&w);
	if (q || n == 0) {
		if (q)
			snprintf(err, errlen, "unclosed %c in the command '%s'", q,
			    text);
		else
			snprintf(err, errlen, "an empty command");
		engine_argv_free(v);
		return NULL;
	}
	return v;
}

void
engine_argv_free(char **argv)
{
	char **p;

	for (p = argv; p && *p; p++)
		free(*p);
	free(argv);
}

int
engine_def_parse(const char *text, struct engine_def *d, char *err,
    size_t errlen)
{
	const char *eq = strchr(text, '=');
	const char *p;

	memset(d, 0, sizeof *d);
	if (eq == NULL || eq == text) {
		snprintf(err, errlen, "--engine wants NAME=COMMAND, not '%s'", text);
		return -1;
	}
	for (p = text; p < eq; p++)
		if (!(*p == '-' || *p == '_' || (*p >= '0' && *p <= '9') ||
		    (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))) {
			snprintf(err, errlen, "--engine: the name '%.*s' may hold "
			    "only letters, digits, '-' and '_'", (int)(eq - text),
			    text);
			return -1;
		}
	d->name = xstrndup(text, (size_t)(eq - text));
	d->command = xstrdup(eq + 1);
	if ((d->argv = engine_split(eq + 1, err, errlen)) == NULL) {
		engine_def_free(d);
		return -1;
	}
	return 0;
}

void
engine_def_free(struct engine_def *d)
{
	free(d->name);
	free(d->command);
	free(d->log);
	engine_argv_free(d->argv);
	memset(d, 0, sizeof *d);
}

/*
 * The child's side: wire the descriptors, then exec (never returns).  What
 * fails goes down `report` as an errno, negated when it is the log that
 * could not be opened.
 */
static void
child(const struct engine_def *d, int in, int out, int report, pid_t parent)
{
	ssize_t w;
	int fd, e;

	setpgid(0, 0);
#ifdef PR_SET_PDEATHSIG
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127);
#else
	(void)parent;
#endif
	signal(SIGPIPE, SIG_DFL);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	fd = open(d->log ? d->log : "/dev/null", O_WRONLY | O_APPEND | O_CREAT,
	    0666);
	if (fd < 0)
		e = -errno;
	else if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(fd, 2) < 0)
		e = errno;
	else {
		for (fd = 3; fd < 1024; fd++)
			if (fd != report)
				close(fd);
		coverage_dump();	/* exec replaces the counts too */
		execvp(d->argv[0], d->argv);
		e = errno;
	}
	/* The parent sees an exec that failed, told why or not. */
	w = write(report, &e, sizeof e);
	(void)w;
	child_exit(127);
}

/* Close the descriptors of fd[0 .. n) that are open (not -1). */
static void
close_open(const int *fd, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (fd[i] >= 0)
			close(fd[i]);
}

struct engine *
engine_start(const struct engine_def *d, char *err, size_t errlen)
{
	/* fds: the socket pair (0, 1), its stdout (2, 3), the report (4, 5). */
	int fds[6] = { -1, -1, -1, -1, -1, -1 }, e = 0;
	pid_t parent = getpid(), pid;
	struct engine *eng;
	ssize_t got;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0 || pipe(fds + 2) != 0 ||
	    pipe(fds + 4) != 0) {
		snprintf(err, errlen, "engine %s: %s", d->name, strerror(errno));
		close_open(fds, 6);
		return NULL;
	}
	/* Our ends stay out of other engines; the report pipe closes at exec. */
	fcntl(fds[0], F_SETFD, FD_CLOEXEC);
	fcntl(fds[2], F_SETFD, FD_CLOEXEC);
	fcntl(fds[5], F_SETFD, FD_CLOEXEC);
	fflush(stdout);
	fflush(stderr);
#ifdef PR_SET_CHILD_SUBREAPER
	prctl(PR_SET_CHILD_SUBREAPER, 1);
#endif
	if ((pid = fork()) == 0)
		child(d, fds[1], fds[3], fds[5], parent);
	close(fds[1]);
	close(fds[3]);
	close(fds[5]);
	if (pid > 0) {
		/* Nothing to read: exec went through and closed the pipe. */
		while ((got = read(fds[4], &e, sizeof e)) < 0 && errno == EINTR)
			;
		if (got <= 0)
			e = 0;
	}
	close(fds[4]);
	if (pid < 0 || e != 0) {
		if (e < 0)
			snprintf(err, errlen, "engine %s: cannot open its log %s: %s",
			    d->name, d->log, strerror(-e));
		else
			snprintf(err, errlen, "engine %s: cannot run '%s': %s",
			    d->name, d->argv[0], strerror(pid < 0 ? errno : e));
		if (pid > 0)
			waitpid(pid, NULL, 0);
		close(fds[0]);
		close(fds[2]);
		return NULL;
	}
	setpgid(pid, pid);	/* also here: no race with a kill of the group */
	fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
	eng = xcalloc(1, sizeof *eng);
	eng->pid = pid;
	eng->to = fds[0];
	eng->from = fds[2];
	group_note(pid, 1);
	return eng;
}

/* Give e's input what it takes now of the output waiting. */
static void
flush(struct engine *e)
{
	while (e->outoff < e->out.len) {
		ssize_t n = send(e->to, e->out.s + e->outoff, e->out.len - e->outoff,
		    MSG_NOSIGNAL | MSG_DONTWAIT);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
			e->outoff = e->out.len;	/* its input is closed */
		if (n <= 0)
			break;		/* full, or gone: its output says how */
		e->outoff += (size_t)n;
	}
	if (e->outoff == e->out.len) {
		sbuf_reset(&e->out);
		e->outoff = 0;
	}
}

int
engine_send(struct engine *e, const char *fmt, ...)
{
	va_list ap;

	if (e->deaf)
		return -1;
	if (e->outoff > 0 && e->outoff == e->out.len) {
		sbuf_reset(&e->out);
		e->outoff = 0;
	}
	va_start(ap, fmt);
	sbuf_vprintf(&e->out, fmt, ap);
	va_end(ap);
	sbuf_puts(&e->out, "\n");
	flush(e);
	if (e->out.len - e->outoff > (size_t)UNREAD_MAX)
		e->deaf = 1;
	return e->deaf ? -1 : 0;
}

int
engine_unread(const struct engine *e)
{
	return e->deaf || e->outoff < e->out.len;
}

int
engine_line_nul(const struct engine *e)
{
	return e->nul;
}

/* Take the first line of e->in into e->line; 1 when there was one. */
static int
take_line(struct engine *e, int at_eof)
{
	char *nl = e->in.len ? memchr(e->in.s, '\n', e->in.len) : NULL;
	size_t n, i;

	if (nl == NULL && e->in.len < LINE_MAX_BYTES && !(at_eof && e->in.len))
		return 0;
	n = nl ? (size_t)(nl - e->in.s) : e->in.len;
	if (n > LINE_MAX_BYTES)
		n = LINE_MAX_BYTES;
	free(e->line);
	e->line = xmalloc(n + 1);
	memcpy(e->line, e->in.s, n);
	e->line[n] = '\0';
	e->nul = 0;
	for (i = 0; i < n; i++)
		if (e->line[i] == '\0') {
			e->line[i] = '?';	/* a line with a NUL is garbage */
			e->nul = 1;
		}
	if (n > 0 && e->line[n - 1] == '\r')
		e->line[n - 1] = '\0';
	if (nl != NULL && (size_t)(nl - e->in.s) == n)
		n++;
	memmove(e->in.s, e->in.s + n, e->in.len - n);
	e->in.len -= n;
	e->in.s[e->in.len] = '\0';
	return 1;
}

/* Whether e's process has ended (reaped now if so), its output aside. */
static int
exited(struct engine *e)
{
	if (!e->reaped) {
		pid_t r = waitpid(e->pid, &e->status, WNOHANG);
		if (r == e->pid || (r < 0 && errno != EINTR))
			e->reaped = 1;
	}
	return e->reaped;
}

/* Read what e's output holds into e->in; 0, or -1 at its end. */
static int
read_some(struct engine *e)
{
	char buf[4096];
	ssize_t got = read(e->from, buf, sizeof buf);

	if (got < 0 && (errno == EINTR || errno == EAGAIN))
		return 0;
	if (got <= 0) {
		close(e->from);
		e->from = -1;
		return -1;
	}
	sbuf_add(&e->in, buf, (size_t)got);
	return 0;
}

enum engine_read
engine_read(struct engine *e, double timeout, const char **line)
{
	double end = now_seconds() + timeout;
	int polled = 0;

	for (;;) {
		struct pollfd pfd[2] = { { e->from, POLLIN, 0 }, { e->to, POLLOUT,
		    0 } };
		double left = end - now_seconds();
		int ms = 200, r, out = e->outoff < e->out.len && !e->deaf;

		if (take_line(e, e->from < 0)) {
			*line = e->line;
			return ENGINE_LINE;
		}
		if (e->from < 0)
			return ENGINE_EOF;
		if (interrupt_pending())
			return ENGINE_STOPPED;
		if (timeout >= 0 && left <= 0 && polled)
			return ENGINE_TIMEOUT;
		if (timeout >= 0 && left * 1000 < ms)
			ms = left > 0 ? (int)(left * 1000) + 1 : 0;
		r = poll(pfd, out ? 2 : 1, ms);
		polled = 1;
		if (r < 0 && errno != EINTR)
			return ENGINE_EOF;
		if (r > 0 && out && pfd[1].revents)
			flush(e);
		if (r > 0 && pfd[0].revents)
			read_some(e);
		else if (r == 0 && exited(e)) {
			/* It exited, and a child of it may hold its output:
			 * what it wrote is read, then it is gone. */
			while (poll(pfd, 1, 0) > 0 && read_some(e) == 0)
				;
			if (e->from >= 0) {
				close(e->from);
				e->from = -1;
			}
		}
	}
}

/* Reap e within `wait` seconds; 1 when it has ended. */
static int
reap(struct engine *e, double wait)
{
	double end = now_seconds() + wait;

	while (!e->reaped) {
		pid_t r = waitpid(e->pid, &e->status, WNOHANG);
		if (r == e->pid || (r < 0 && errno != EINTR))
			e->reaped = 1;
		else if (now_seconds() >= end)
			return 0;
		else {
			struct timespec ts = { 0, 5000000 };
			nanosleep(&ts, NULL);
		}
	}
	return 1;
}

const char *
engine_death(struct engine *e)
{
	if (!reap(e, 0.5))
		snprintf(e->death, sizeof e->death, "closed its output");
	else if (WIFSIGNALED(e->status))
		snprintf(e->death, sizeof e->death, "killed by signal %d",
		    WTERMSIG(e->status));
	else	/* waitpid without WUNTRACED: it exited */
		snprintf(e->death, sizeof e->death, "exited with status %d",
		    WEXITSTATUS(e->status));
	return e->death;
}

#ifdef PR_SET_CHILD_SUBREAPER
/* The children of this process, from /proc, into kids[0..max); how many. */
static int
children(pid_t *kids, int max)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *de;
	int n = 0;

	while (d != NULL && n < max && (de = readdir(d)) != NULL) {
		char path[300];
		FILE *fp;
		long pid;
		if (de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		snprintf(path, sizeof path, "/proc/self/task/%s/children",
		    de->d_name);
		if ((fp = fopen(path, "r")) == NULL)
			continue;
		while (n < max && fscanf(fp, "%ld", &pid) == 1)
			kids[n++] = (pid_t)pid;
		fclose(fp);
	}
	if (d != NULL)
		closedir(d);
	return n;
}
#endif

/*
 * End the children of this process that are no live engine: descendants
 * of ended engines that had left their process groups, given back to
 * this process (a child subreaper) when their parents died.  A process
 * that starts engines has no other children (a run's workers and timed
 * games start theirs in a process of their own).
 */
static void
end_strays(void)
{
#ifdef PR_SET_CHILD_SUBREAPER
	pid_t kids[256];
	int round, n, k, i, ended;

	for (round = 0; round < 32; round++) {
		n = children(kids, 256);
		for (k = ended = 0; k < n; k++) {
			for (i = 0; i < MAX_GROUPS && groups[i] != kids[k]; i++)
				;
			if (i < MAX_GROUPS)
				continue;
			kill(kids[k], SIGKILL);
			while (waitpid(kids[k], NULL, 0) < 0 && errno == EINTR)
				;
			ended++;
		}
		if (ended == 0)
			break;
	}
#endif
}

void
engine_end(struct engine *e)
{
	if (e == NULL)
		return;
	if (!e->reaped) {
		engine_send(e, "quit");
		reap(e, 0.5);
	}
	/* Whatever it started goes with it. */
	kill(-e->pid, SIGKILL);
	if (!e->reaped)
		kill(e->pid, SIGKILL);
	reap(e, 5);
	group_note(e->pid, 0);
	end_strays();
	close(e->to);
	if (e->from >= 0)
		close(e->from);
	sbuf_free(&e->in);
	sbuf_free(&e->out);
	free(e->line);
	free(e);
}
