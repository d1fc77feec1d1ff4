/*
 * journal.h - the games of a server journalled as the REPL's game is
 * (repl/journal.h): after every change that leaves it waiting for a
 * human or ended, each game with a move played is
 * written as a complete game record (core/record.h), atomically, to a
 * file of its own in the state directory's serve/ folder
 * ($XDG_STATE_HOME/tablero/serve/).  Ctrl-C (the normal end) removes
 * them; SIGTERM, SIGHUP or a kill leaves them, and `tablero serve
 * --recover` serves them again.
 */
#ifndef TABLERO_SERVE_JOURNAL_H
#define TABLERO_SERVE_JOURNAL_H

struct server;

/* The journal directory, made as needed, or NULL (said on stderr). */
char *serve_journal_dir(void);

/*
 * --recover: each record of dir becomes a game of sv, journalled on in
 * its file, and a line on stderr names it with its URL (base: the
 * server's URL); a record that does not load is named and left.
 * Without --recover (`recover` 0), only say how many games there are
 * to recover.  Returns the games recovered.
 */
int serve_recover(struct server *sv, const char *dir, const char *base,
    int recover);

#endif /* TABLERO_SERVE_JOURNAL_H */
