/*
 * isolate.h - one piece of work in a child process of its own, so that
 * a plugin that crashes, hangs or forks costs that piece of work and not
 * the run: the child runs in a process group of its own, its answer
 * comes back through a pipe, and at the end (or when its time is up, or
 * on Ctrl-C) the whole group is killed, so that a process the plugin
 * forked cannot keep the pipe, or the caller, waiting.
 */
#ifndef TABLERO_ISOLATE_H
#define TABLERO_ISOLATE_H

struct sbuf;

/* How the child ended. */
enum isolate_end {
	ISOLATE_OK,		/* exited with status 0 */
	ISOLATE_EXIT,		/* exited with status code */
	ISOLATE_SIGNAL,		/* killed by signal code (a crash) */
	ISOLATE_TIMEOUT,	/* still running after its time: killed */
	ISOLATE_INTERRUPTED,	/* Ctrl-C, SIGTERM or SIGHUP: killed */
	ISOLATE_NOFORK		/* no process to spare: nothing was run */
};

struct isolate_result {
	enum isolate_end end;
	int code;		/* the exit status or the signal */
};

/*
 * Run work(ctx, fd) in a child process with `timeout` seconds (0: no
 * limit); what it writes to fd arrives in out (also when it ends
 * badly).  The child exits with work's answer.  The caller's standard
 * output is flushed first.
 */
struct isolate_result isolate_run(int (*work)(void *ctx, int fd), void *ctx,
    double timeout, struct sbuf *out);

/* Kill the child running now and its group (from a signal handler). */
void isolate_kill(void);

/* "the plugin crashed: signal 11 (Segmentation fault)" and the like. */
void isolate_describe(const struct isolate_result *r, double timeout,
    char *buf, size_t len);

#endif /* TABLERO_ISOLATE_H */
