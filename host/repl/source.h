/*
 * source.h - `source FILE`: the commands of a script, run from inside
 * the REPL or another script as -f runs them.
 */
#ifndef TABLERO_SOURCE_H
#define TABLERO_SOURCE_H

#include <stddef.h>

struct app;
struct sbuf;

int cmd_source(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen);

#endif /* TABLERO_SOURCE_H */
