/*
 * thinking.h - on a terminal, the moves of a command as they are played
 * and a live line while a computer player searches ("Q (mcts:30000ms) is
 * thinking... 1.2 s, 340k playouts"), cleared when it has chosen.
 */
#ifndef TABLERO_THINKING_H
#define TABLERO_THINKING_H

#include "repl/app.h"

/*
 * The hook for struct app's `thinking` (see app.h): at start, print out's
 * text so far to stdout (emptying out) and follow p's search, showing the
 * line from half a second on, redrawn ten times a second; at the end,
 * clear the line.  Only for a stdout that is a terminal.
 */
void thinking_hook(struct app *a, struct ai_player *p, int who,
    const struct seat_spec *spec, struct sbuf *out, int start);

/* "950", "340k", "12.3M": a count of playouts in at most five characters. */
void thinking_count(long n, char *buf, size_t len);

#endif /* TABLERO_THINKING_H */
