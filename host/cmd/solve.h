/*
 * solve.h - `tablero solve GAME [key=value ...] [--position POS] [--json]
 * [--memory SIZE]`: the value of a position with perfect play.
 */
#ifndef TABLERO_CMD_SOLVE_H
#define TABLERO_CMD_SOLVE_H

struct host;

int solve_main(struct host *host, int argc, char **argv);

/* Its entry in the list of subcommands (cmd/dispatch.c). */
struct subcmd_entry;
extern const struct subcmd_entry subcmd_solve;

#endif /* TABLERO_CMD_SOLVE_H */
