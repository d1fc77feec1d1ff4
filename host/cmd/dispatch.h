/*
 * dispatch.h - the subcommands of the command line, in the order --help
 * lists them: main.c finds `tablero NAME ...` here.  Each entry is
 * defined by its subcommand's own file (cmd/subcmd.h).
 */
#ifndef TABLERO_DISPATCH_H
#define TABLERO_DISPATCH_H

#include "cmd/subcmd.h"

/* The subcommands' entries, ending with NULL. */
extern const struct subcmd_entry *const subcmd_table[];

/* The subcommand called `name`, or NULL. */
const struct subcmd_entry *subcmd_find(const char *name);

#endif /* TABLERO_DISPATCH_H */
