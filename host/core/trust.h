/*
 * trust.h - the plugin trust policy: which files the host agrees to load
 * code from.  After sshd's StrictModes.
 */
#ifndef TABLERO_TRUST_H
#define TABLERO_TRUST_H

#include <stddef.h>

/*
 * Is `path` a file the host may dlopen()?  Always: it resolves (symlinks
 * followed) to a regular file.  Unless `unsafe_ok`: that file and every
 * directory above it up to "/" is owned by root or by the effective
 * user, and is not writable by group or others; a sticky directory
 * owned by root (such as /tmp) is accepted, since nobody but the owner
 * of an entry can rename or remove it.  Returns 0, or -1 with a
 * one-line reason in err naming the offending file or directory.
 */
int trust_check(const char *path, int unsafe_ok, char *err, size_t errlen);

#endif /* TABLERO_TRUST_H */
