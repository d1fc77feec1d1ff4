/*
 * dense_db.c - the dense solver's tables on disk (see dense_db.h and
 * tablero-db(5)).  A file:
 *
 *	tablero-dense 1
 *	game mancala
 *	options variant=mankalah holes=4 ... (every option's value)
 *	level 8
 *	positions 12870
 *	value-bytes 2
 *	(an empty line)
 *	the values, 2 bytes each, little-endian, in index order
 *
 * A file whose header differs from the one this solver would write (the
 * game, an option, the level, the count) is refused, named.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ai/dense.h"
#include "ai/dense_db.h"
#include "base/util.h"
#include "core/game.h"

#define DB_MAGIC "tablero-dense 1"
#define HEADER_MAX 8192

/* The header of level's file, as this solver writes it. */
static void
header_of(struct dense *d, int level, struct sbuf *b)
{
	const struct tbl_game *g = dense_game(d);
	const struct tbl_state *root = dense_root(d);
	uint64_t n;
	char val[256];
	int i;

	dense_table(d, level, &n);
	sbuf_printf(b, "%s\ngame %s\noptions", DB_MAGIC, g->name);
	for (i = 0; i < g->noptions; i++) {
		game_option_value(g, root, i, val, sizeof val);
		sbuf_printf(b, " %s=%s", g->options[i].key, val);
	}
	sbuf_printf(b, "\nlevel %d\npositions %llu\nvalue-bytes 2\n\n", level,
	    (unsigned long long)n);
}

static char *
path_of(const char *dir, int level)
{
	struct sbuf b = { 0 };

	sbuf_printf(&b, "%s/level-%03d.tbd", dir, level);
	return b.s;
}

/* Read level's file f (named path) into d's table.  0 or -1. */
static int
read_level(struct dense *d, int level, FILE *f, const char *path,
    char *err, size_t errlen)
{
	struct sbuf want = { 0 };
	char *got;
	uint16_t *t;
	uint64_t n, i;
	unsigned char two[2];
	int rc = -1;

	header_of(d, level, &want);
	got = xmalloc(want.len + 1);
	if (fread(got, 1, want.len, f) != want.len ||
	    memcmp(got, want.s, want.len) != 0) {
		snprintf(err, errlen, "%s: not the table of level %d of this "
		    "game and these options (its header differs)", path, level);
		goto out;
	}
	if (dense_hold(d, level, err, errlen) != 0)
		goto out;
	t = dense_table(d, level, &n);
	for (i = 0; i < n; i++) {
		if (fread(two, 1, 2, f) != 2) {
			snprintf(err, errlen, "%s: ends after %llu of its %llu "
			    "values", path, (unsigned long long)i,
			    (unsigned long long)n);
			goto out;
		}
		t[i] = (uint16_t)(two[0] | two[1] << 8);
	}
	if (fgetc(f) != EOF) {
		snprintf(err, errlen, "%s: more than its %llu values", path,
		    (unsigned long long)n);
		goto out;
	}
	dense_mark_solved(d, level);
	dense_count_loaded(d, n);
	rc = 0;
out:
	free(got);
	sbuf_free(&want);
	return rc;
}

int
dense_db_load(struct dense *d, const char *dir, int top, char *err,
    size_t errlen)
{
	int level;

	for (level = 0; level <= top; level++) {
		char *path = path_of(dir, level);
		FILE *f = fopen(path, "rb");
		int rc = 0;

		if (f == NULL && errno != ENOENT) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			rc = -1;
		} else if (f != NULL) {
			rc = read_level(d, level, f, path, err, errlen);
			fclose(f);
		}
		free(path);
		if (rc != 0)
			return -1;
	}
	return 0;
}

/* Write level's table to path (through path.tmp).  0 or -1. */
static int
write_level(struct dense *d, int level, const char *path, char *err,
    size_t errlen)
{
	struct sbuf h = { 0 }, tmp = { 0 };
	uint64_t n, i;
	const uint16_t *t = dense_table(d, level, &n);
	FILE *f;
	int ok;

	sbuf_printf(&tmp, "%s.tmp", path);
	if ((f = fopen(tmp.s, "wb")) == NULL) {
		snprintf(err, errlen, "%s: %s", tmp.s, strerror(errno));
		sbuf_free(&tmp);
		return -1;
	}
	header_of(d, level, &h);
	ok = fwrite(h.s, 1, h.len, f) == h.len;
	for (i = 0; ok && i < n; i++) {
		unsigned char two[2] = { (unsigned char)(t[i] & 0xFF),
		    (unsigned char)(t[i] >> 8) };
		ok = fwrite(two, 1, 2, f) == 2;
	}
	ok = fclose(f) == 0 && ok;
	if (!ok || rename(tmp.s, path) != 0) {
		snprintf(err, errlen, "%s: %s", ok ? path : tmp.s,
		    strerror(errno));
		unlink(tmp.s);
		ok = 0;
	}
	sbuf_free(&h);
	sbuf_free(&tmp);
	return ok ? 0 : -1;
}

int
dense_db_save(struct dense *d, const char *dir, int top, char *err,
    size_t errlen)
{
	struct stat st;
	int level;

	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return -1;
	}
	for (level = 0; level <= top; level++) {
		char *path = path_of(dir, level);
		int rc = 0;

		if (stat(path, &st) != 0)
			rc = write_level(d, level, path, err, errlen);
		free(path);
		if (rc != 0)
			return -1;
	}
	return 0;
}
