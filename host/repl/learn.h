/*
 * learn.h - the commands that help a player learn a game: `explain` (what
 * the last move did, or what a move would do) and `goto` (step through
 * the game played).  Their entries are in the command table.
 */
#ifndef TABLERO_LEARN_H
#define TABLERO_LEARN_H

#include <stddef.h>

struct app;
struct sbuf;

int cmd_explain(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen);
int cmd_goto(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen);

#endif /* TABLERO_LEARN_H */
