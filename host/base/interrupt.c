/*
 * interrupt.c - SIGINT, SIGTERM and SIGHUP as flags that long work polls.
 */
#include "config.h"

#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/interrupt.h"
#include "base/util.h"

#define SHUTDOWN_GRACE 5	/* seconds to end in order after SIGTERM */

static volatile sig_atomic_t pending;	/* Ctrl-Cs not yet served */
static volatile sig_atomic_t quit_asked;
static volatile sig_atomic_t last_sec = -1000;	/* CLOCK_MONOTONIC seconds */
static volatile sig_atomic_t last_ms;
static volatile sig_atomic_t shutdown_sig;	/* SIGTERM or SIGHUP, or 0 */
static volatile sig_atomic_t second_kills;	/* interrupt_second_kills() */

/*
 * End the program as sig does by default, once a handler returns (sig is
 * blocked in its own handler).  The coverage counts are written first:
 * the raise() is the one line they cannot include.
 */
static void
die_of(int sig)
{
	signal_handle(sig, SIG_DFL);
	coverage_dump();
	raise(sig);
}

/* Async-signal-safe: clock_gettime and sigaction only. */
static void
on_sigint(int sig)
{
	struct timespec ts;
	long sec = 0, ms = 0, dt;

	(void)sig;
	if (clock_gettime(CLOCK_MONOTONIC, &ts) == 0) {
		sec = (long)ts.tv_sec;
		ms = ts.tv_nsec / 1000000L;
	}
	dt = (sec - (long)last_sec) * 1000L + (ms - (long)last_ms);
	if (dt >= 0 && dt < 1000)
		quit_asked = 1;
	last_sec = (sig_atomic_t)sec;
	last_ms = (sig_atomic_t)ms;
	if (pending < 100)
		pending++;
	/* Nobody is listening, or the user insists on leaving work that has
	 * nothing to save: die as Ctrl-C normally does. */
	if (pending >= 3 || (quit_asked && second_kills))
		die_of(SIGINT);
}

void
signal_handle(int sig, void (*fn)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;	/* no SA_RESTART: reads return EINTR */
	sigaction(sig, &sa, NULL);
}

void
interrupt_second_kills(void)
{
	second_kills = 1;
}

void
interrupt_install(void)
{
	signal_handle(SIGINT, on_sigint);
}

int
interrupt_pending(void)
{
	return pending != 0 || shutdown_sig != 0;
}

int
interrupt_quit_requested(void)
{
	return quit_asked != 0;
}

void
interrupt_clear(void)
{
	pending = 0;
}

void
interrupt_request(void)
{
	pending = 1;
}

/* The program has not ended SHUTDOWN_GRACE seconds after SIGTERM. */
static void
on_grace_over(int sig)
{
	(void)sig;
	die_of(shutdown_sig);
}

/*
 * Async-signal-safe: note the signal, and give the program a few seconds
 * to end in order; a plugin stuck in a loop never polls the flag.  A
 * second SIGTERM or SIGHUP ends it at once.
 */
static void
on_shutdown(int sig)
{
	if (shutdown_sig != 0) {
		die_of(sig);
	} else {
		shutdown_sig = sig;
		signal_handle(SIGALRM, on_grace_over);
		alarm(SHUTDOWN_GRACE);
	}
}

void
shutdown_install(void)
{
	signal_handle(SIGTERM, on_shutdown);
	signal_handle(SIGHUP, on_shutdown);
}

void
shutdown_uninstall(void)
{
	static const int sigs[] = { SIGTERM, SIGHUP };
	struct sigaction sa;
	size_t i;

	for (i = 0; i < sizeof sigs / sizeof *sigs; i++)
		if (sigaction(sigs[i], NULL, &sa) == 0 &&
		    sa.sa_handler == on_shutdown)
			signal_handle(sigs[i], SIG_DFL);
}

int
shutdown_signal(void)
{
	return shutdown_sig;
}

int
interrupt_exit_status(void)
{
	return shutdown_sig ? 128 + shutdown_sig : 130;
}
