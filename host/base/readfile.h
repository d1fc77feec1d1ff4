/*
 * readfile.h - opening the files the user names for reading: a regular
 * file only, so that a FIFO cannot block the host and a device such as
 * /dev/zero cannot feed it without end, and read whole within a size
 * limit that the caller states (and its man page names).
 */
#ifndef TABLERO_READFILE_H
#define TABLERO_READFILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * Open `path` for reading when it is a regular file of at most max bytes
 * (0: any size).  The open does not block on a FIFO.  Returns the
 * stream, or NULL with a message in err ("not a regular file", "larger
 * than N bytes", or the system's reason; errno is kept from open()).
 */
FILE *readfile_open(const char *path, size_t max, char *err,
    size_t errlen);

/*
 * Read all of fp, at most max bytes, into a new NUL-terminated string
 * (*len bytes, NULs included); NULL with a message in err when the file
 * is larger than max or cannot be read.
 */
char *readfile_all(FILE *fp, size_t max, size_t *len, char *err,
    size_t errlen);

/* readfile_open() and readfile_all(), then close. */
char *readfile(const char *path, size_t max, size_t *len, char *err,
    size_t errlen);

/*
 * A 64-bit FNV-1a checksum of the bytes of file path (a regular file,
 * any size), to tell two files apart: not a signature.  0, or -1 with a
 * message in err.
 */
int readfile_checksum(const char *path, uint64_t *sum, char *err,
    size_t errlen);

#endif /* TABLERO_READFILE_H */
