/*
 * paths.h - where tablero finds its plugins and its shipped data files,
 * decided at run time, never compiled in from the build; and the user's
 * directories (configuration, data, state) with the one mkdir -p.
 *
 * An installed tablero reads the installed directories (PKGLIBDIR,
 * PKGDATADIR).  A tablero run from its build tree, uninstalled, reads that
 * tree: it knows it is in one when the executable itself lies in a
 * directory named host/ (or host/.libs/) whose parent holds the file
 * tablero-build-tree that `make` writes there (never installed), and that
 * file passes the plugin trust policy (trust.h).  The file's first line is
 * the source directory, whose conf/ holds the data.  See tablero(1),
 * PLUGIN SEARCH PATH.
 */
#ifndef TABLERO_PATHS_H
#define TABLERO_PATHS_H

#include <stddef.h>

/* Look for the build tree (once; later calls do nothing). */
void paths_init(void);

/*
 * The build tree found from an executable at `exe` (paths_init()'s work,
 * apart for the tests): 0 with new strings in *plugins, *data and *man
 * the caller frees, or -1 when exe is not in a build tree.
 */
int paths_from_exe(const char *exe, char **plugins, char **data,
    char **man);

/* The build tree's plugin directory, or NULL for an installed tablero. */
const char *paths_build_plugins(void);

/*
 * The build tree's manual pages (its source man/), where `man NAME`
 * does not look, or NULL for an installed tablero.
 */
const char *paths_build_man(void);

/* The shipped data: the build's source conf/, else PKGDATADIR. */
const char *paths_data_dir(void);

/*
 * The user's directories of tablero, one rule for all three (the XDG
 * base directory specification): $XDG_CONFIG_HOME/tablero (the
 * configuration), $XDG_DATA_HOME/tablero (the history) and
 * $XDG_STATE_HOME/tablero (the autosave journal, the server's games),
 * each variable taken only when it holds an absolute path (a relative
 * value is ignored, as the specification says), else ~/.config/tablero,
 * ~/.local/share/tablero and ~/.local/state/tablero from HOME.
 */
enum paths_user { PATHS_CONFIG, PATHS_DATA, PATHS_STATE };

/*
 * The directory of `kind`, with `sub` appended (NULL: none), not
 * created; NULL when neither its variable (absolute) nor HOME is set.
 * The caller frees.
 */
char *paths_user_dir(enum paths_user kind, const char *sub);

/*
 * mkdir -p: dir and every missing parent, mode 0700 (the rule for the
 * directories a program makes for its user).  0, or -1 with errno set
 * (ENOTDIR when something that is not a directory is in the way).
 */
int paths_mkdir(const char *dir);

/*
 * paths_user_dir() made with its parents (paths_mkdir): the caller
 * frees.  NULL when neither variable is set (err empty), or with
 * "cannot create DIR: REASON" in err.
 */
char *paths_user_dir_made(enum paths_user kind, const char *sub, char *err,
    size_t errlen);

#endif /* TABLERO_PATHS_H */
