/*
 * check_diagram.h - `tablero check` judges a plugin's diagram() hook
 * (ABI 1.3), called raw at every position of a game beside the rules of
 * cmd/checker.c: what it describes is collected by view/drawing.c and
 * held to tablero-sdk(3), and asked again of the same position it must
 * be the same.
 */
#ifndef TABLERO_CHECK_DIAGRAM_H
#define TABLERO_CHECK_DIAGRAM_H

#include <stddef.h>

#include "tablero.h"

/* What a game's judging keeps: the drawings, the last move made. */
struct check_diagram;

/*
 * For a game of g that starts at start; NULL when g has no diagram()
 * (then the functions below do nothing and find nothing).
 */
struct check_diagram *check_diagram_new(const struct tbl_game *g,
    const struct tbl_state *start);
void check_diagram_free(struct check_diagram *cd);

/*
 * Move m is about to be played in st by `who`: a player's move is the
 * last move the next diagrams are given (with st as `before`); a chance
 * outcome (who TBL_CHANCE) leaves the last move as it was.
 */
void check_diagram_played(struct check_diagram *cd,
    const struct tbl_state *st, int who, tbl_move m);

/*
 * diagram() of st, given the last move played (none at the start):
 * returns 0 or -1 (no diagram of this position), and with 0 describes a
 * picture the host can draw (view/drawing.c's rules) whose texts are at
 * most 80 bytes of one line of printable UTF-8; asked again, on a clone
 * and on the position read back from its string, it answers the same.
 * Returns 0 when all holds, else 1 with the first fault in why, one line
 * naming the hook and the position.
 */
int check_diagram(struct check_diagram *cd, const struct tbl_state *st,
    char *why, size_t wlen);

#endif /* TABLERO_CHECK_DIAGRAM_H */
