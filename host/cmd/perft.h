/*
 * perft.h - `tablero perft`: move-generation counts from a start position.
 */
#ifndef TABLERO_PERFT_H
#define TABLERO_PERFT_H

struct host;

/*
 * `tablero perft GAME [key=value ...] DEPTH [--seed N] [--position POS]`:
 * argv[0] is "perft".  Prints the number of positions after every
 * sequence of 1, 2, ... DEPTH decisions from the start (the declared
 * option defaults changed by the key=value words, or POS), chance points
 * expanded over all their outcomes; with --seed, those before the first
 * decision are dealt from the generator seeded with N instead.  A start
 * with more than 1000 chance paths before its first decision is refused
 * unless dealt.  Returns the exit status.
 */
int perft_main(struct host *host, int argc, char **argv);

/* Its entry in the list of subcommands (cmd/dispatch.c). */
struct subcmd_entry;
extern const struct subcmd_entry subcmd_perft;

#endif /* TABLERO_PERFT_H */
