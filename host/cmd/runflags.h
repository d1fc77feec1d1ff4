/*
 * runflags.h - the --flags that bench, check, match and survey share,
 * in one table with one set of defaults: how many games and workers, the
 * seed, the move cap, the time a game may take and the shard, and the
 * terms of match and survey (cmd/termflags.h: engines, clocks, openings,
 * adjudication).  A subcommand names the ones it takes and adds its own
 * table.
 */
#ifndef TABLERO_RUNFLAGS_H
#define TABLERO_RUNFLAGS_H

#include <stdint.h>

#include "cmd/subcmd.h"
#include "cmd/termflags.h"
#include "core/settings.h"

struct host;

/* The move cap of a game played by check, match and survey. */
#define RUN_DEFAULT_CAP ((long)SETTINGS_MOVE_CAP)

/* The shared flags, by bit. */
enum {
	RF_GAMES = 1 << 0,	/* --games N */
	RF_JOBS = 1 << 1,	/* --jobs J */
	RF_SEED = 1 << 2,	/* --seed N */
	RF_CAP = 1 << 3,	/* --cap N */
	RF_TIMEOUT = 1 << 4,	/* --timeout S, each game's */
	RF_SHARD = 1 << 5,	/* --shard K/N */
	RF_PLAYERS = 1 << 6,	/* --players P1,P2[,...] */
	RF_TERMS = 1 << 7	/* --engine, --st, --tc, ... (termflags.h) */
};

struct runflags {
	long games, jobs, cap;
	uint64_t seed;
	double timeout;		/* seconds; 0: no limit */
	const char *shard;	/* as given, or NULL */
	long shard_k, shard_n;	/* 1/1 for the whole run */
	const char *players;	/* as given, or NULL */
	struct termflags terms;	/* RF_TERMS: as given */
	/* The table subcmd_parse() reads: the shared flags, then own. */
	struct flag table[32];
};

/*
 * Set the defaults (100 games, 1 job, seed -s or 1, RUN_DEFAULT_CAP
 * moves, no time limit, the whole run) and make rf->table from the shared
 * flags in `which` followed by `own` (ending with a NULL name; the table holds 32
 * flags in all).
 */
void runflags_init(struct runflags *rf, const struct host *host, unsigned which,
    const struct flag *own);

/*
 * After parsing: the shard's K and N.  Returns 0, or 2 after printing
 * "tablero: CMD: why".
 */
int runflags_finish(struct runflags *rf, const char *cmd);

#endif /* TABLERO_RUNFLAGS_H */
