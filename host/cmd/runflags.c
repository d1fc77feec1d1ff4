/*
 * runflags.c - the flags that bench, check, match and survey share.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd/runflags.h"
#include "core/host.h"
#include "run/playgame.h"

void
runflags_init(struct runflags *rf, const struct host *host, unsigned which,
    const struct flag *own)
{
	const struct flag shared[] = {
		{ "--players", FLAG_TEXT, &rf->players, "P1,P2[,...]",
		    "the players, one a seat: random, mcts[:N], or a "
		    "--engine NAME" },
		{ "--games", FLAG_COUNT, &rf->games, "N",
		    "play N games (default 100)" },
		{ "--jobs", FLAG_COUNT, &rf->jobs, "J",
		    "play J games at once, in worker processes (1 to 256; "
		    "default 1)" },
		{ "--seed", FLAG_SEED, &rf->seed, "N",
		    "seed the first game with N (default: -s, else 1)" },
		{ "--cap", FLAG_COUNT, &rf->cap, "N",
		    "stop a game still running after N moves (default "
		    "100000)" },
		{ "--timeout", FLAG_SECONDS, &rf->timeout, "S",
		    "stop a game whose worker has run for S seconds" },
		{ "--shard", FLAG_TEXT, &rf->shard, "K/N",
		    "play only the K-th of N shares of the games, as JSON "
		    "lines for merge" },
		TERMFLAGS(rf->terms)
	};
	static const unsigned bits[] = { RF_PLAYERS, RF_GAMES, RF_JOBS, RF_SEED,
	    RF_CAP, RF_TIMEOUT, RF_SHARD, RF_TERMS, RF_TERMS, RF_TERMS, RF_TERMS,
	    RF_TERMS, RF_TERMS, RF_TERMS };
	size_t k, n = 0;

	memset(rf, 0, sizeof *rf);
	rf->games = 100;
	rf->jobs = 1;
	rf->cap = RUN_DEFAULT_CAP;
	rf->seed = host->seed_given ? host->seed : 1;
	rf->shard_k = rf->shard_n = 1;
	for (k = 0; k < sizeof bits / sizeof *bits; k++)
		if (which & bits[k])
			rf->table[n++] = shared[k];
	for (; own && own->name && n + 1 < sizeof rf->table /
	    sizeof *rf->table; own++)
		rf->table[n++] = *own;
	rf->table[n].name = NULL;
}

int
runflags_finish(struct runflags *rf, const char *cmd)
{
	char err[1024];

	if (rf->shard && playgame_shard(rf->shard, &rf->shard_k, &rf->shard_n,
	    err, sizeof err) != 0) {
		fprintf(stderr, "tablero: %s: %s\n", cmd, err);
		return 2;
	}
	return 0;
}
