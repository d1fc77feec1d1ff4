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
 * option keys and values (as "key=" and "key=value"), and the legal moves
 * of the current position, as the command at the start of the line
 * expects.  Returns a NULL-terminated array the caller frees (each string
 * and the array), or NULL when file names should be completed instead.
 */
char **complete_line(struct app *a, const char *line, int start, int end);

void complete_free(char **v);

#endif /* TABLERO_COMPLETE_H */
