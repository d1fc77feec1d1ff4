/*
 * check_hooks.h - the value hooks `tablero check` judges at each position
 * beside the rules of cmd/checker.c.
 */
#ifndef TABLERO_CHECK_HOOKS_H
#define TABLERO_CHECK_HOOKS_H

#include <stddef.h>

#include "tablero.h"

/*
 * Judge the answers of st's value hooks, raw: each of the np players'
 * names (never NULL; printable UTF-8 of at most 64 bytes) and, when the
 * game has evaluate() (ABI 1.1) and gives an estimate, each value a
 * number in [0, 1].  0 when all hold, else 1 with the first wrong answer
 * said in what.
 */
int check_hooks(const struct tbl_game *g, const struct tbl_state *st,
    int np, char *what, size_t len);

#endif /* TABLERO_CHECK_HOOKS_H */
