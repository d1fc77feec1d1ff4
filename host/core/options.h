/*
 * options.h - values of declared options.
 *
 * A plugin declares its house rules as data (struct tbl_option in
 * tablero.h), and the host declares its own settings the same way.  These
 * functions read a value by its declaration; the loader (checking a
 * plugin's defaults), the configuration (INI files), `new` and `set` all
 * use them, and so does the unit tests' fake host, so a value means the
 * same everywhere.  They depend on nothing but util.c.
 */
#ifndef TABLERO_OPTIONS_H
#define TABLERO_OPTIONS_H

#include <stddef.h>

#include "tablero.h"

/*
 * Parse `text` as a value of option o into *v (v->s points into text for
 * strings).  Returns 0, or -1 with a message naming the option, the bad
 * value and, for enums, the nearest choice.
 */
int opt_parse(const struct tbl_option *o, const char *text,
    struct tbl_optval *v, char *err, size_t errlen);

/* The index of option `key` in opts, or -1. */
int opt_find(const struct tbl_option *opts, int n, const char *key);

/*
 * "unknown option 'sise' for testgame (did you mean 'size'?)" into err.
 */
void opt_unknown(const struct tbl_option *opts, int n, const char *game,
    const char *key, char *err, size_t errlen);

#endif /* TABLERO_OPTIONS_H */
