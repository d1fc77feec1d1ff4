/*
 * perft.h - `tablero perft`: move-generation counts from a start position.
 */
#ifndef TABLERO_PERFT_H
#define TABLERO_PERFT_H

struct app;

/*
 * `tablero perft GAME [key=value ...] DEPTH`: argv[0] is "perft".  Prints
 * the number of positions after every sequence of 1, 2, ... DEPTH
 * decisions from the start (the declared option defaults changed by the
 * key=value words), chance points expanded over all their outcomes.
 * Returns the exit status.
 */
int perft_main(struct app *a, int argc, char **argv);

#endif /* TABLERO_PERFT_H */
