/*
 * colour.h - the sides in colour on a terminal: the name of the player a
 * line is about ("P plays b6", "Q to move", "3. P: b6", "game over: Q
 * wins ...") and the one in the prompt, each seat its own colour.  The
 * `color` setting (auto|always|never) decides; auto colours a terminal
 * whose TERM is not "dumb", unless NO_COLOR is set and not empty.
 */
#ifndef TABLERO_COLOUR_H
#define TABLERO_COLOUR_H

#include "repl/app.h"

/* Colour what goes to stdout?  `framed`: never (programs read it). */
int colour_wanted(const struct app *a, int framed);

/*
 * text with the names of the sides coloured (see above) when a->colour
 * is set, else a copy of it.  Caller frees.
 */
char *colour_sides(const struct app *a, const char *text);

/*
 * The prompt ("mancala Q> ") with the side's name coloured for readline
 * (its escape sequences between \001 and \002) when a->colour is set,
 * else as it was.  Takes ownership of prompt; caller frees the result.
 */
char *colour_prompt(const struct app *a, char *prompt);

#endif /* TABLERO_COLOUR_H */
