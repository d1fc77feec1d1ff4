/*
 * paths.h - where tablero finds its plugins and its shipped data files,
 * decided at run time, never compiled in from the build.
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

#endif /* TABLERO_PATHS_H */
