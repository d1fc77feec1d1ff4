/*
 * fuzzsandbox.h - the sandbox of the fuzz build, and nothing else.
 *
 * Only `make fuzz` compiles with -DTABLERO_FUZZ (see Makefile.am); the
 * tablero program and the test suite never do, and for them both macros
 * below are no-ops.  In a fuzz build:
 *
 *  - FUZZ_SANDBOX_REFUSES(name, err, errlen): a file name that save,
 *    load and config open, or a string option a game may open as a file
 *    (recuay's board, yucata's layout), is refused when it contains a
 *    '/' or starts with '.', so that every file stays in the fuzzer's
 *    working directory (a fresh temporary directory, tests/fuzz/
 *    fuzz_repl.c) and no input reaches /dev/tty, a FIFO or the user's
 *    files;
 *  - FUZZ_SANDBOX_AI(spec): a computer player searches at most
 *    FUZZ_AI_PLAYOUTS playouts on one thread (several share a tree and
 *    do not repeat), and a time budget (mcts:500ms) counts playouts
 *    instead, so that one input runs in milliseconds and repeats exactly;
 *  - FUZZ_SANDBOX_SOLVE(cap): the REPL's solve works within the smallest
 *    memory cap (1 MiB), so that solving a full-size game gives up at
 *    once instead of running for minutes (a timeout of the fuzz run).
 */
#ifndef TABLERO_FUZZSANDBOX_H
#define TABLERO_FUZZSANDBOX_H

#ifdef TABLERO_FUZZ
#include <stdio.h>
#include <string.h>

#define FUZZ_AI_PLAYOUTS 8

static inline int
fuzz_sandbox_refuses(const char *name, char *err, size_t errlen)
{
	if (name[0] != '.' && strchr(name, '/') == NULL)
		return 0;
	snprintf(err, errlen, "fuzz sandbox: '%s' is outside the working "
	    "directory", name);
	return 1;
}

#define FUZZ_SANDBOX_REFUSES(name, err, errlen) \
	fuzz_sandbox_refuses((name), (err), (errlen))
#define FUZZ_SANDBOX_AI(spec) do {					\
	(spec)->ms = 0;							\
	if ((spec)->budget > FUZZ_AI_PLAYOUTS)				\
		(spec)->budget = FUZZ_AI_PLAYOUTS;			\
	if ((spec)->threads > 1)					\
		(spec)->threads = 1;					\
} while (0)
#define FUZZ_SANDBOX_SOLVE(cap) ((cap) = (size_t)1 << 20)
#else
#define FUZZ_SANDBOX_REFUSES(name, err, errlen) 0
#define FUZZ_SANDBOX_AI(spec) ((void)0)
#define FUZZ_SANDBOX_SOLVE(cap) ((void)0)
#endif

#endif /* TABLERO_FUZZSANDBOX_H */
