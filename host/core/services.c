/*
 * services.c - the host's services to every plugin (struct tbl_host):
 * memory, warnings, the data directory, and reading files through the
 * host's one bounded reader of regular files (base/readfile.c).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/services.h"
#include "core/paths.h"
#include "base/readfile.h"
#include "base/util.h"

/*
 * A plugin's states (create, clone) on cache lines of their own: a
 * search's threads each play in a clone of the root made one after the
 * other, and two small states side by side would share a line that both
 * threads write at every move (Tuknanavuhpi's 120-byte state).
 */
static void *
svc_alloc(size_t n)
{
	return xmalloc_lines(n);
}

static void *
svc_calloc(size_t n)
{
	return xcalloc_lines(n);
}

static void
svc_warn(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("tablero: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

char *
services_read_file(const char *path, size_t max, size_t *len, char *err,
    size_t errlen)
{
	char why[TBL_ERRLEN];
	char *text;
	int e;

	if (max == 0) {
		snprintf(err, errlen, "%s: cannot open: no size limit given", path);
		errno = EINVAL;
		return NULL;
	}
	errno = 0;
	if ((text = readfile(path, max, len, why, sizeof why)) == NULL) {
		e = errno == ENOENT ? ENOENT : errno != 0 ? errno : EFBIG;
		snprintf(err, errlen, "%s: cannot open: %s", path, why);
		errno = e;
	}
	return text;
}

/* Is s a plugin's name: 1 to 64 letters, digits, '_' and '-'? */
static int
game_name(const char *s)
{
	size_t n = 0;

	for (; s[n] != '\0'; n++)
		if (!isalnum((unsigned char)s[n]) && s[n] != '_' && s[n] != '-')
			return 0;
	return n > 0 && n <= 64;
}

char *
services_read_data(const char *dir, const char *game, const char *name,
    size_t max, size_t *len, char *err, size_t errlen)
{
	char *path, *text;
	int e;

	if (game == NULL || !game_name(game)) {
		snprintf(err, errlen, "'%.64s': cannot open a data file: not a "
		    "game's name", game ? game : "(null)");
		errno = EINVAL;
		return NULL;
	}
	if (name == NULL || name[0] == '\0' || strchr(name, '/') != NULL ||
	    strcmp(name, ".") == 0 || strcmp(name, "..") == 0) {
		snprintf(err, errlen, "'%.64s': cannot open: not a file name of "
		    "the %s data directory (empty, '/', '.' or '..')",
		    name ? name : "(null)", game);
		errno = EINVAL;
		return NULL;
	}
	path = xasprintf("%s/%s/%s", dir, game, name);
	text = services_read_file(path, max, len, err, errlen);
	e = errno;
	free(path);
	errno = e;
	return text;
}

static char *
svc_open_data(const char *game, const char *name, size_t max, size_t *len,
    char *err, size_t errlen)
{
	return services_read_data(paths_data_dir(), game, name, max, len, err,
	    errlen);
}

const struct tbl_host host_services = {
	sizeof(struct tbl_host), TABLERO_ABI_MAJOR, TABLERO_ABI_MINOR,
	svc_alloc, svc_calloc, free, svc_warn,
	/* ABI 1.2 and later */
	paths_data_dir,
	/* ABI 1.4 and later */
	svc_open_data, services_read_file
};
