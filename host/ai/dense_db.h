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
#include <stdint.h>

#include "tablero.h"

struct dense;
struct dense_value;

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

/*
 * An endgame database in play: the levels DIR holds for game g with the
 * options of root (its limits off, as solve writes them), each file
 * mapped read only once a process and shared by every caller and thread
 * (never unmapped).  A position on a level DIR does not hold is not
 * answered.  NULL with a message naming DIR, or the file that does not
 * match, when DIR holds no level or a file of other options.
 */
struct dense_db;
const struct dense_db *dense_db_open(const struct tbl_game *g,
    const struct tbl_state *root, const char *dir, char *err,
    size_t errlen);

/*
 * The value of s with best play (as dense_value()): 0 with its level in
 * *level (-1: the game is over; level may be NULL), or -1 when the
 * database does not hold s.  Safe from any thread.
 */
int dense_db_value(const struct dense_db *db, const struct tbl_state *s,
    struct dense_value *v, int *level);

/*
 * Does st keep a limit that g's `unlimited` settings switch off (such
 * as turn_limit=1000)?  Then a database's draw (play that never ends)
 * may end otherwise in play, and is not the value of the position.
 */
int dense_db_limited(const struct tbl_game *g, const struct tbl_state *st);

/* The highest level held, and DIR as it was named. */
int dense_db_top(const struct dense_db *db);
const char *dense_db_dir(const struct dense_db *db);

/* Does DIR hold level's file? */
int dense_db_has(const char *dir, int level);

/*
 * Write level's table to DIR unless DIR holds it (DIR made when
 * missing): t (all its positions; the caller's, only read) or, when t
 * is NULL, d's own, read through dense_get() (one process: d holds it
 * whole).  0, or -1 with a message.
 */
int dense_db_save_level(struct dense *d, const char *dir, int level,
    const uint16_t *t, char *err, size_t errlen);

#endif /* TABLERO_DENSE_DB_H */
