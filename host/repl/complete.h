/*
 * complete.h - tab completion candidates, computed by ordinary code that
 * unit tests can call; repl.c only glues it to readline.
 */
#ifndef TABLERO_COMPLETE_H
#define TABLERO_COMPLETE_H

struct app;

/*
 * The candidates that complete the word starting at byte `start` of
 * `line` (the word is line[start..end)): command names, game names,
 * option keys and values (as "key=" and "key=value"), seat numbers and
 * kinds of player, configuration profiles and files, and the next word
 * of the legal moves of the position that the moves already typed on the
 * line lead to, as the command at the start of the line expects, in
 * natural order.  Returns a NULL-terminated array the caller frees (each string
 * and the array), or NULL when file names should be completed instead.
 */
char **complete_line(struct app *a, const char *line, int start, int end);

void complete_free(char **v);

/* Natural order for candidates: "a2" before "a10" (strcmp-like). */
int complete_natural_cmp(const char *x, const char *y);

#endif /* TABLERO_COMPLETE_H */
