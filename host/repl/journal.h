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

struct pluginset;
struct seat_spec;
struct session;

struct journal {
	char *path;		/* the journal file */
	char *written;		/* the text last written, or NULL */
	int held;		/* an earlier session's journal, not yet replaced */
	int warned;		/* a write failed and the user was told */
};

/*
 * Start journalling into the journal file (*jp: NULL, or the journal a
 * recovery started).  Says on stderr when an earlier session left a game
 * to recover.
 */
void journal_start(struct journal **jp);

/*
 * Write the game s with its seats when it changed (see above); j may be
 * NULL (no journal).
 */
void journal_update(struct journal *j, const struct session *s,
    const struct seat_spec *seats);

/*
 * Stop journalling and free *jp; `clean` (a normal end) removes the
 * journal unless it is still an earlier session's.
 */
void journal_stop(struct journal **jp, int clean);

/*
 * The game in the journal (j's file, or the default one when j is NULL):
 * the same position, history, seats (its `players`) and chance state.
 * Returns it with the file's name in *path (the caller frees both), or
 * NULL with a message in err.
 */
struct session *journal_recover(const struct journal *j,
    struct pluginset *ps, char **path, char *err, size_t errlen);

/*
 * The game recovered from path is now the one in progress: journal it
 * from here on (*jp is made when it was NULL).
 */
void journal_recovered(struct journal **jp, const char *path);

#endif /* TABLERO_JOURNAL_H */
