/*
 * bench.h - `tablero bench`: uniform random playouts in one thread.
 */
#ifndef TABLERO_BENCH_H
#define TABLERO_BENCH_H

#include <stdint.h>

struct host;
struct sbuf;

struct bench_result {
	long playouts;
	long long moves;
	long cut;		/* playouts stopped by the move cap */
	long broken;		/* stopped: the plugin gave nothing to play */
	long limit;		/* ended by the game's own turn limit */
	double seconds;
};

/*
 * `tablero bench GAME [key=value ...] [--seconds S] [--seed N]
 * [--playouts N]`: argv[0] is "bench".  Prints the figures to stdout;
 * returns the exit status.
 */
int bench_main(struct host *host, int argc, char **argv);

/* Its entry in the list of subcommands (cmd/dispatch.c). */
struct subcmd_entry;
extern const struct subcmd_entry subcmd_bench;

#endif /* TABLERO_BENCH_H */
