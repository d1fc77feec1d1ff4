/*
 * solve.h - `tablero solve GAME [key=value ...] [--position POS] [--json]
 * [--memory SIZE]`: the value of a position with perfect play.
 */
#ifndef TABLERO_CMD_SOLVE_H
#define TABLERO_CMD_SOLVE_H

struct host;

int solve_main(struct host *host, int argc, char **argv);

#endif /* TABLERO_CMD_SOLVE_H */
