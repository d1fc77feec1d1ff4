/*
 * statedir.h - the user's state directory of tablero, where what must
 * outlive a crash is kept: $XDG_STATE_HOME/tablero, else
 * ~/.local/state/tablero (the REPL's journal; the games of a server).
 */
#ifndef TABLERO_STATEDIR_H
#define TABLERO_STATEDIR_H

#include <stddef.h>

/*
 * The state directory, or its subdirectory `sub` (NULL: none), created
 * with its parents (mode 0700) as needed; the caller frees.  NULL when
 * neither XDG_STATE_HOME (an absolute path) nor HOME is set (err empty),
 * or with "cannot create DIR: REASON" in err.
 */
char *state_dir(const char *sub, char *err, size_t errlen);

#endif /* TABLERO_STATEDIR_H */
