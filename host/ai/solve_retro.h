/*
 * solve_retro.h - the retrograde pass of the hash solver (solve_retro.c),
 * called by solve.c once the enumeration has filled the tables.
 * Private to the hash solver.
 */
#ifndef TABLERO_SOLVE_RETRO_H
#define TABLERO_SOLVE_RETRO_H

#include "ai/solve_table.h"

/* Turn the children round into parents (rev, rev_off); free fwd. */
int solve_link_parents(struct solver *sv);

/*
 * From the won ends back, and with play that never ends scored
 * (struct tbl_dense's cycle), level by level.  0, 1 (Ctrl-C) or -1.
 */
int solve_retrograde(struct solver *sv, struct ticker *t);

#endif /* TABLERO_SOLVE_RETRO_H */
