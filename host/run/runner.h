/*
 * runner.h - many games over worker processes: each task's result is one
 * line of text that the parent takes in, in whatever order the workers
 * finish them.
 */
#ifndef TABLERO_RUNNER_H
#define TABLERO_RUNNER_H

struct sbuf;

struct runner {
	long ntasks;
	long jobs;		/* worker processes (at most 256); 1 plays in
				 * this process */
	const char *label;	/* progress on a terminal: "match"; NULL: none */
	/*
	 * Optional: append to the progress line (", 2 failures"); the time
	 * left at the rate so far follows (", 1m 05s left").
	 */
	void (*note)(void *ctx, struct sbuf *b);
	/* Play task t (from 0); append its one line (no newline) to line. */
	int (*play)(void *ctx, long t, struct sbuf *line);
	/* Take a finished line: 0 go on, 1 stop now (decided), -1 error. */
	int (*take)(void *ctx, const char *line);
	void *ctx;
};

/*
 * Run the tasks: worker j plays tasks j, j + J, j + 2J, ...  Returns 0
 * when every task was taken, 1 when take() stopped the run (the other
 * workers are ended), -1 after an error (printed) or when Ctrl-C
 * interrupted it (interrupt_pending() then says so; the results taken
 * before stay taken, a task that play() gave up on is not taken).
 */
int runner_run(const struct runner *r);

#endif /* TABLERO_RUNNER_H */
