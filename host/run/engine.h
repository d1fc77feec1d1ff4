/*
 * engine.h - engine processes: programs that play through the engine
 * protocol of tablero-engine(5), started without a shell, talked to in
 * lines over pipes, and never left behind.
 *
 * Each engine runs in a process group of its own, so that ending it ends
 * whatever it started, and (on Linux) dies with the process that started
 * it, so that a worker killed outright takes its engines along; on Linux
 * the process that starts engines is their children's subreaper, so that
 * a descendant that left the group (setsid) is ended with the engine.
 */
#ifndef TABLERO_ENGINE_H
#define TABLERO_ENGINE_H

#include <stddef.h>

/* The protocol version this host speaks (the handshake's number). */
#define ENGINE_PROTOCOL 1

/* An engine as --engine NAME=COMMAND defines it. */
struct engine_def {
	char *name;		/* the player name in --players */
	char *command;		/* COMMAND as given */
	char **argv;		/* COMMAND split as a shell would, NULL-ended */
	char *log;		/* the file its stderr is appended to */
};

/*
 * Split text into words as sh(1) does, without expanding anything:
 * blanks separate words; '...' keeps everything, "..." keeps everything
 * but \" \\ \$ \` (a backslash escapes them), and a backslash outside
 * quotes escapes any byte.  Returns a NULL-ended array (free with
 * engine_argv_free()), or NULL with a message for an unclosed quote or
 * an empty command.
 */
char **engine_split(const char *text, char *err, size_t errlen);
void engine_argv_free(char **argv);

/* Parse "NAME=COMMAND" into d (log unset); 0, or -1 with a message. */
int engine_def_parse(const char *text, struct engine_def *d, char *err,
    size_t errlen);
void engine_def_free(struct engine_def *d);

struct engine;

/*
 * Start d's command with its stdin and stdout on pipes and its stderr
 * appended to d->log (or /dev/null).  Returns the engine, or NULL with a
 * message when the command cannot be started (it does not exist, is not
 * executable) or the log cannot be opened.
 */
struct engine *engine_start(const struct engine_def *d, char *err,
    size_t errlen);

/*
 * Send one line (a newline is added) without waiting: what the engine's
 * input cannot take now is kept and given while engine_read() waits.
 * 0, or -1 when the engine has left more than 4 MiB unread.
 */
int engine_send(struct engine *e, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Whether some of what was sent has not reached the engine's input yet. */
int engine_unread(const struct engine *e);

enum engine_read {
	ENGINE_LINE,		/* *line holds the line, without its newline */
	ENGINE_TIMEOUT,		/* nothing within the time */
	ENGINE_EOF,		/* the engine closed its output or died */
	ENGINE_STOPPED		/* Ctrl-C, SIGTERM or SIGHUP (interrupt.h) */
};

/*
 * Read one line, waiting at most `timeout` seconds (negative: as long as
 * it takes).  *line points into e and stays valid until the next read.
 */
enum engine_read engine_read(struct engine *e, double timeout,
    const char **line);

/* Whether the line engine_read() gave last held a NUL byte (shown '?'). */
int engine_line_nul(const struct engine *e);

/*
 * How the engine ended, once engine_read() said ENGINE_EOF: "exited with
 * status 3", "killed by signal 11", or "closed its output".
 */
const char *engine_death(struct engine *e);

/*
 * End the engine: `quit`, half a second to exit, then SIGKILL to its
 * whole process group and (on Linux) to every descendant of it that left
 * the group; reap them and free e.  NULL does nothing.
 */
void engine_end(struct engine *e);

/*
 * SIGKILL the process group of every live engine; async-signal-safe, for
 * a handler of a signal that ends the process.
 */
void engine_kill_groups(void);

#endif /* TABLERO_ENGINE_H */
