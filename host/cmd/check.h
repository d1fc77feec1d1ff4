/*
 * check.h - `tablero check`: conformance of any plugin to the SDK
 * contract, over many random games.
 */
#ifndef TABLERO_CHECK_H
#define TABLERO_CHECK_H

struct host;

/*
 * `tablero check PLUGIN.so|GAME [key=value ...] [--games N] [--jobs J]
 * [--seed N] [--cap N] [--timeout S] [--shard K/N]`: argv[0] is "check".
 * Prints each failure with a reproducer and a summary, the same whatever
 * the number of workers; returns 0 when the plugin conforms, 1 when it
 * does not, 2 on a usage error, 130 when Ctrl-C stopped it.  With
 * --shard, checks only games i with i mod N = K - 1 and prints JSON lines
 * for `merge` (status 0 unless interrupted).
 */
int check_main(struct host *host, int argc, char **argv);

/* Its entry in the list of subcommands (cmd/dispatch.c). */
struct subcmd_entry;
extern const struct subcmd_entry subcmd_check;

#endif /* TABLERO_CHECK_H */
