/*
 * serve.h - `tablero serve [GAME [key=value ...]] [--seats P1,P2,...]
 * [--port N] [--bind ADDR] [--recover] [--workers N]`: the games played
 * in the browser (host/serve/, tablero-serve(1)).
 */
#ifndef TABLERO_CMD_SERVE_H
#define TABLERO_CMD_SERVE_H

struct host;

/* argv[0] is "serve".  Returns the exit status. */
int serve_main(struct host *host, int argc, char **argv);

/* Its entry in the list of subcommands (cmd/dispatch.c). */
struct subcmd_entry;
extern const struct subcmd_entry subcmd_serve;

#endif /* TABLERO_CMD_SERVE_H */
