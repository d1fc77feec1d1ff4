/*
 * interrupt.h - Ctrl-C (SIGINT) as a request, not a death: long work
 * (searches, bench, check, match) polls interrupt_pending() and stops
 * with what it has; the REPL clears the line; a second Ctrl-C within a
 * second asks to quit (after the REPL saves its history).
 *
 * SIGTERM and SIGHUP, once shutdown_install() handled them, are a stop
 * request too, one that is never cleared: long work stops as for Ctrl-C,
 * and the caller sees shutdown_signal() and ends the session in order.
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
 * For work with nothing to save (the subcommands): a second Ctrl-C
 * within a second of the first kills the program at once, as Ctrl-C
 * normally does (status 130 to the shell), instead of asking to quit.
 */
void interrupt_second_kills(void);

/*
 * Handle signal sig with fn (or SIG_DFL), without SA_RESTART so that a
 * blocking read returns EINTR.  Async-signal-safe.
 */
void signal_handle(int sig, void (*fn)(int));

/*
 * Nonzero when work must stop: Ctrl-C was pressed since the last
 * interrupt_clear(), or SIGTERM or SIGHUP asked to end the program.
 */
int interrupt_pending(void);

/* Nonzero when a second Ctrl-C came within a second of the first. */
int interrupt_quit_requested(void);

/* Forget the Ctrl-Cs served so far (the quit request stays). */
void interrupt_clear(void);

/*
 * Ask long work to stop as one Ctrl-C does, without counting as one (no
 * quit request, no death): a program's own stop, such as the `stop` of
 * `tablero engine` during a search.  Cleared by interrupt_clear().
 */
void interrupt_request(void);

/*
 * SIGTERM and SIGHUP end an interactive session in order: the handler
 * only notes the signal, long work stops (interrupt_pending()), and the
 * REPL sees shutdown_signal(), saves the history and returns 128 + N.
 * A program that has not ended 5 seconds later (a plugin stuck in a
 * loop), or that gets a second SIGTERM or SIGHUP, dies of the signal.
 * SIGALRM is then the handler's.
 */
void shutdown_install(void);

/*
 * Give SIGTERM and SIGHUP their default action again where
 * shutdown_install() handled them (and nobody has since): in a worker
 * process, which its parent ends with SIGTERM at once.
 */
void shutdown_uninstall(void);

/* The signal that asked to end the session, or 0. */
int shutdown_signal(void);

/*
 * The exit status of work that a signal stopped: 128 + the number of
 * SIGTERM or SIGHUP when one came, else 130 (Ctrl-C).
 */
int interrupt_exit_status(void);

#endif /* TABLERO_INTERRUPT_H */
