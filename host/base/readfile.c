/*
 * readfile.c - reading the files the user names: regular files only,
 * within a size limit.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/readfile.h"
#include "base/util.h"

FILE *
readfile_open(const char *path, size_t max, char *err, size_t errlen)
{
	struct stat sb = { 0 };
	FILE *fp;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC), flags;

	if (fd < 0) {
		int e = errno;
		snprintf(err, errlen, "%s", strerror(e));
		errno = e;
		return NULL;
	}
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
		snprintf(err, errlen, "%s", S_ISDIR(sb.st_mode) ? "a directory, "
		    "not a file" : "not a regular file (a FIFO or a device?)");
		close(fd);
		errno = EINVAL;
		return NULL;
	}
	if (max > 0 && (uintmax_t)sb.st_size > (uintmax_t)max) {
		snprintf(err, errlen, "larger than %zu bytes", max);
		close(fd);
		errno = EFBIG;
		return NULL;
	}
	/* A regular file never blocks; clear the flag all the same. */
	if ((flags = fcntl(fd, F_GETFL)) >= 0)
		(void)fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
	if ((fp = fdopen(fd, "r")) == NULL) {
		snprintf(err, errlen, "%s", strerror(errno));
		close(fd);
	}
	return fp;
}

char *
readfile_all(FILE *fp, size_t max, size_t *len, char *err, size_t errlen)
{
	struct sbuf b = { 0 };
	char buf[65536];
	size_t got;

	while ((got = fread(buf, 1, sizeof buf, fp)) > 0) {
		if (b.len + got > max) {
			snprintf(err, errlen, "larger than %zu bytes", max);
			sbuf_free(&b);
			return NULL;
		}
		sbuf_add(&b, buf, got);
	}
	if (ferror(fp)) {
		snprintf(err, errlen, "%s", strerror(errno));
		sbuf_free(&b);
		return NULL;
	}
	*len = b.len;
	return b.s ? b.s : xstrdup("");
}

char *
readfile(const char *path, size_t max, size_t *len, char *err,
    size_t errlen)
{
	FILE *fp = readfile_open(path, max, err, errlen);
	char *s;

	if (fp == NULL)
		return NULL;
	s = readfile_all(fp, max, len, err, errlen);
	fclose(fp);
	return s;
}

int
readfile_checksum(const char *path, uint64_t *sum, char *err, size_t errlen)
{
	FILE *fp = readfile_open(path, 0, err, errlen);
	unsigned char buf[65536];
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t got, i;
	int rc = 0;

	if (fp == NULL)
		return -1;
	while ((got = fread(buf, 1, sizeof buf, fp)) > 0)
		for (i = 0; i < got; i++)
			h = (h ^ buf[i]) * 0x100000001b3ULL;
	if (ferror(fp)) {
		snprintf(err, errlen, "%s", strerror(errno));
		rc = -1;
	}
	fclose(fp);
	*sum = h;
	return rc;
}
