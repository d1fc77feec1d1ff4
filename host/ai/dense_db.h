/*
 * dense_db.h - the dense solver's tables on disk (`tablero solve --levels
 * N --db DIR`): one file a level, DIR/level-NNN.tbd, a header of text
 * lines naming the format, the game, every option's value, the level and
 * its positions, then 2 bytes a position, little-endian (the format is
 * in tablero-db(5)).
 */
#ifndef TABLERO_DENSE_DB_H
#define TABLERO_DENSE_DB_H

#include <stddef.h>

struct dense;

/*
 * Read the levels 0 .. top that DIR holds into d (a level missing is
 * left to solve).  0, or -1 with a message naming the file that does
 * not match or cannot be read.
 */
int dense_db_load(struct dense *d, const char *dir, int top, char *err,
    size_t errlen);

/*
 * Write the levels 0 .. top of d that DIR does not hold yet (DIR is made
 * when missing; each file is written whole under a temporary name, then
 * renamed).  0, or -1 with a message.
 */
int dense_db_save(struct dense *d, const char *dir, int top, char *err,
    size_t errlen);

#endif /* TABLERO_DENSE_DB_H */
