/*
 * host.h - the host without a face (struct host): the configuration,
 * the plugin set and the seed, as main.c sets them up from the command
 * line and the files, and under MPI the processes of the run.  Every face is given one: the REPL keeps its own
 * state beside it (repl/app.h), and each subcommand runs on it alone.
 */
#ifndef TABLERO_HOST_H
#define TABLERO_HOST_H

#include <stddef.h>
#include <stdint.h>

#include "base/procs.h"
#include "core/loader.h"
#include "core/settings.h"

struct host {
	struct config cfg;
	struct pluginset plugins;
	uint64_t seed;			/* seed of the next game */
	int seed_given;			/* -s on the command line */
	int seed_clock;			/* no seed given: each new game draws one */
	const struct procs *procs;	/* the processes of the run (lent by
					   main_mpi.c for the run), or NULL */
};

/*
 * The plugin of game `name`, or NULL with "unknown game 'x' (did you
 * mean 'y'?)" in err.
 */
struct plugin *host_find_game(struct host *h, const char *name, char *err,
    size_t errlen);

/* Free the plugins and the configuration (h itself is the caller's). */
void host_free(struct host *h);

#endif /* TABLERO_HOST_H */
