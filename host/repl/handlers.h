/*
 * handlers.h - the command handlers that commands.c's table names, one
 * file per concern: game.c (the game in progress and its options),
 * history.c (undo, redo), records.c (save, load, recover), seats.c (who
 * plays; ai, hint), info.c (games, rules, config, quit); learn.c and
 * solve.c declare their own (learn.h: explain, goto; solve.h: solve);
 * help and source, which read the table, are commands.c's own.  Each
 * follows struct command's contract (commands.h): what it has to say
 * into out, on failure one line into err, never printing.
 */
#ifndef TABLERO_HANDLERS_H
#define TABLERO_HANDLERS_H

#include <stddef.h>

#include "repl/app.h"

/* The most words a command line is split into. */
#define MAXWORDS 256

#define HANDLER(name) int name(struct app *a, char *args, struct sbuf *out, \
    char *err, size_t errlen)

/* game.c */
HANDLER(cmd_new);
HANDLER(cmd_options);
HANDLER(cmd_set);
HANDLER(cmd_seed);
HANDLER(cmd_show);
HANDLER(cmd_moves);
HANDLER(cmd_play);
HANDLER(cmd_position);
HANDLER(cmd_setup);

/* history.c */
HANDLER(cmd_undo);
HANDLER(cmd_redo);
HANDLER(cmd_history);

/* records.c */
HANDLER(cmd_save);
HANDLER(cmd_load);
HANDLER(cmd_recover);

/* seats.c */
HANDLER(cmd_seat);
HANDLER(cmd_ai);
HANDLER(cmd_hint);

/* info.c */
HANDLER(cmd_games);
HANDLER(cmd_rules);
HANDLER(cmd_config);
HANDLER(cmd_quit);

#undef HANDLER

/*
 * records.c: the game the autosave journal holds, in play (`recover`,
 * and `tablero --recover` as a call, repl/main.c): 0 with what was
 * recovered in out, or -1 with the reason in err.
 */
int records_recover(struct app *a, struct sbuf *out, char *err,
    size_t errlen);

#endif /* TABLERO_HANDLERS_H */
