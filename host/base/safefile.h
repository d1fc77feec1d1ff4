/*
 * safefile.h - replacing a file so that a crash, a kill or a full disk
 * at any moment leaves either the old contents or the new, never a mix.
 *
 * Every system call that can fail goes through safefile_io, so tests can
 * fail or interrupt each step in turn (tests/host/base/test_safefile.c).
 */
#ifndef TABLERO_SAFEFILE_H
#define TABLERO_SAFEFILE_H

#include <stddef.h>
#include <sys/types.h>

/* The system calls behind saving; a test may replace them. */
struct safefile_io {
	ssize_t (*write)(int fd, const void *buf, size_t n);
	int (*fsync)(int fd);
	int (*rename)(const char *from, const char *to);
	int (*close)(int fd);
};

/* The calls in use: the real ones unless a test changed them. */
extern struct safefile_io safefile_io;

/*
 * Replace the contents of `path` by the n bytes of data:
 *  - a symbolic link is followed and its target replaced (the link
 *    stays); a target that exists but is not a regular file (a device,
 *    a FIFO, a directory) is refused;
 *  - the data goes to PATH.tmpXXXXXX in the target's directory, is
 *    synced, renamed over the target, and the directory is synced;
 *  - an existing target keeps its mode; a new file gets 0666 & ~umask;
 *  - temporary files of earlier saves of the same target that a kill
 *    left behind are removed (a save in progress holds a lock on its
 *    temporary file, so only abandoned ones go).
 * Returns 0, or -1 with "PATH: cannot save: REASON" in err; on failure
 * the old file is untouched and no temporary file is left.
 */
int safefile_replace(const char *path, const char *data, size_t n,
    char *err, size_t errlen);

/*
 * Remove the PATH-PID.tmp files beside path (as readline writes its
 * history) whose process is gone: what a writer killed between its write
 * and its rename left behind.
 */
void safefile_remove_stale_pid(const char *path);

#endif /* TABLERO_SAFEFILE_H */
