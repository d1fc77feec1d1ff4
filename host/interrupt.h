/*
 * interrupt.h - Ctrl-C (SIGINT) as a request, not a death: long work
 * (searches, bench, check, match) polls interrupt_pending() and stops
 * with what it has; the REPL clears the line; a second Ctrl-C within a
 * second asks to quit (after the REPL saves its history).
 *
 * SIGTERM and SIGHUP are not handled here.
 */
#ifndef TABLERO_INTERRUPT_H
#define TABLERO_INTERRUPT_H

/*
 * Install the SIGINT handler (no SA_RESTART, so a blocking read returns
 * EINTR).  A third Ctrl-C that arrives before the first two were served
 * kills the program the ordinary way, so a stuck plugin can still be left.
 */
void interrupt_install(void);

/*
 * Handle signal sig with fn (or SIG_DFL), without SA_RESTART so that a
 * blocking read returns EINTR.  Async-signal-safe.
 */
void signal_handle(int sig, void (*fn)(int));

/* Nonzero when Ctrl-C was pressed since the last interrupt_clear(). */
int interrupt_pending(void);

/* Nonzero when a second Ctrl-C came within a second of the first. */
int interrupt_quit_requested(void);

/* Forget the Ctrl-Cs served so far (the quit request stays). */
void interrupt_clear(void);

#endif /* TABLERO_INTERRUPT_H */
