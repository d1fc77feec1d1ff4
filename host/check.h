/*
 * check.h - `tablero check`: conformance of any plugin to the SDK
 * contract, over many random games.
 */
#ifndef TABLERO_CHECK_H
#define TABLERO_CHECK_H

struct app;

/*
 * `tablero check PLUGIN.so|GAME [key=value ...] [--games N] [--seed N]
 * [--cap N]`: argv[0] is "check".  Prints each failure with a reproducer
 * and a summary; returns 0 when the plugin conforms, 1 when it does not,
 * 2 on a usage error.
 */
int check_main(struct app *a, int argc, char **argv);

#endif /* TABLERO_CHECK_H */
