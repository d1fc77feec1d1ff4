/*
 * match.h - `tablero match`: self-play tournaments between players.
 */
#ifndef TABLERO_MATCH_H
#define TABLERO_MATCH_H

struct app;

/*
 * `tablero match GAME [key=value ...] --players P1,P2[,...] [--games N]
 * [--jobs J] [--seed N]`: argv[0] is "match".  Prints wins, draws and
 * losses per seat with a 95% interval of the mean score; the results do
 * not depend on J.  Returns the exit status.
 */
int match_main(struct app *a, int argc, char **argv);

#endif /* TABLERO_MATCH_H */
