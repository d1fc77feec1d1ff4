/*
 * solve.h - the REPL's `solve`, and what `hint` says of a solved position
 * (see solve.c).
 */
#ifndef TABLERO_REPL_SOLVE_H
#define TABLERO_REPL_SOLVE_H

#include <stddef.h>

struct app;
struct sbuf;
struct repl_solved;

/*
 * `solve [SIZE]`: the value of the position in play and of each of its
 * legal moves, solving the game from it within SIZE bytes (default: half
 * the machine's memory) unless the tables of an earlier `solve` of the
 * same game hold it.  0, or -1 with a message in err.
 */
int repl_solve(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen);

/*
 * When the last `solve` knows the position in play: the best move with
 * perfect play and the position's value ("hint: a1 (solved: win for P in
 * 5 plies)"), and 1; else nothing and 0.
 */
int repl_solved_hint(struct app *a, struct sbuf *out);

/*
 * The tables a `solve` keeps (a->solved, freed by app_free through
 * a->solved_free, or when the next solve replaces them) own everything
 * they hold, the name of the database they read included, so that they
 * outlive the command's line and the seats; only the plugin is
 * borrowed, from the host, which closes it after app_free.
 */
void repl_solved_free(struct repl_solved *rs);

#endif /* TABLERO_REPL_SOLVE_H */
