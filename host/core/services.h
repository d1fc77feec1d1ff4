/*
 * services.h - the host's services to every plugin: struct tbl_host of
 * the SDK (memory, warnings, the data directory, and the bounded readers
 * of data files and of files the user names).
 */
#ifndef TABLERO_SERVICES_H
#define TABLERO_SERVICES_H

#include <stddef.h>

#include "tablero.h"

/* The services every plugin receives (init and create). */
extern const struct tbl_host host_services;

/*
 * open_data() below directory `dir`: file DIR/GAME/NAME, read whole when
 * it is a regular file of at most max bytes.  GAME must be a plugin name
 * (letters, digits, '_' and '-'), NAME a file name (not empty, no '/',
 * not "." or "..").  Returns a new NUL-terminated text of *len bytes, or
 * NULL with "FILE: cannot open: REASON" in err (errno ENOENT when the
 * file does not exist, EINVAL for a name refused, as readfile() leaves it
 * otherwise).
 */
char *services_read_data(const char *dir, const char *game,
    const char *name, size_t max, size_t *len, char *err, size_t errlen);

/* open_file(): the file `path` as the user named it, the same way. */
char *services_read_file(const char *path, size_t max, size_t *len,
    char *err, size_t errlen);

#endif /* TABLERO_SERVICES_H */
