/*
 * trust.h - the plugin trust policy: which files the host agrees to load
 * code from.  After sshd's StrictModes.
 */
#ifndef TABLERO_TRUST_H
#define TABLERO_TRUST_H

#include <stddef.h>

/*
 * Open `path` to load code from it: the file opened must be a regular
 * file.  Unless `unsafe_ok`: that file (as opened: fstat) is owned by
 * root or by the effective user and is not writable by group or others,
 * and so is every directory on the way of the name given, walked name
 * by name as the kernel resolves it (a symbolic link in an open
 * directory could be pointed elsewhere; each link met must be the
 * user's or root's), and every directory above the file opened (read
 * from /proc/self/fd), up to "/"; a sticky
 * directory owned by root (such as /tmp) is accepted, since nobody but
 * the owner of an entry can rename or remove it.  Returns the open
 * descriptor, for the caller to load through /proc/self/fd/N, so that
 * the file checked is the file loaded; or -1 with a one-line reason in
 * err naming the offending file or directory.
 */
int trust_open(const char *path, int unsafe_ok, char *err, size_t errlen);

#endif /* TABLERO_TRUST_H */
