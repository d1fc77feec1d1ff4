/*
 * journal.h - the autosave journal: nothing of an interactive game is
 * lost to a crash, a kill, SIGHUP or SIGTERM.
 *
 * After every command that succeeds, the game in progress is written, as
 * a complete game record (record.h: options, seats, every move, the
 * chance generator's state), to $XDG_STATE_HOME/tablero/journal
 * (~/.local/state/tablero/journal), atomically and synced
 * (safefile_replace), before the command's output is shown.  A command
 * that SIGTERM or SIGHUP interrupted (interrupt.h) is not written: the
 * journal keeps the game as it was before that command.  A session
 * that ends normally (quit, end of input) removes it; any other end
 * leaves it, and the next session says it can be recovered with the
 * `recover` command or `tablero --recover`.  A journal left by an
 * earlier session is not replaced until this session plays a move or
 * recovers it.
 */
#ifndef TABLERO_JOURNAL_H
#define TABLERO_JOURNAL_H

#include <stddef.h>

struct app;
struct sbuf;

struct journal {
	char *path;		/* the journal file */
	char *written;		/* the text last written, or NULL */
	int held;		/* an earlier session's journal, not yet replaced */
	int warned;		/* a write failed and the user was told */
};

/*
 * The journal's file name, its directory created (0700) as needed, or
 * NULL when there is no state directory; the caller frees.
 */
char *journal_path(void);

/*
 * Start journalling a's games in the journal file.  Says on stderr when
 * an earlier session left a game to recover.
 */
void journal_start(struct app *a);

/* Write the game in progress when it changed (see above). */
void journal_update(struct app *a);

/*
 * Stop journalling; `clean` (a normal end) removes the journal unless it
 * is still an earlier session's.
 */
void journal_stop(struct app *a, int clean);

/*
 * Replace the game in progress by the one in the journal (the same
 * position, history, seats and chance state).  Returns 0 with a report
 * in out, or -1 with a message in err and nothing changed.
 */
int journal_recover(struct app *a, struct sbuf *out, char *err,
    size_t errlen);

#endif /* TABLERO_JOURNAL_H */
