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
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

#include "ai/dense.h"
#include "ai/dense_db.h"
#include "base/util.h"
#include "core/game.h"

#define DB_MAGIC "tablero-dense 1"
#define HEADER_MAX 8192
#define BLOCK 65536		/* values read or written at a time */

/*
 * The header of level's file of n positions for game g from root: each
 * option's value in effect, or with `unlimit` the value of g's
 * `unlimited` setting for its key (as solve switches the limits off).
 */
static void
header_text(const struct tbl_game *g, const struct tbl_state *root,
    int unlimit, int level, uint64_t n, struct sbuf *b)
{
	const char *const *w;
	char val[256];
	int i;

	sbuf_printf(b, "%s\ngame %s\noptions", DB_MAGIC, g->name);
	for (i = 0; i < g->noptions; i++) {
		const char *v = val;
		size_t k = strlen(g->options[i].key);

		game_option_value(g, root, i, val, sizeof val);
		for (w = g->unlimited; unlimit && w != NULL && *w != NULL; w++)
			if (strncmp(*w, g->options[i].key, k) == 0 &&
			    (*w)[k] == '=')
				v = *w + k + 1;
		sbuf_printf(b, " %s=%s", g->options[i].key, v);
	}
	sbuf_printf(b, "\nlevel %d\npositions %llu\nvalue-bytes 2\n\n", level,
	    (unsigned long long)n);
}

/* The header of level's file, as this solver writes it. */
static void
header_of(struct dense *d, int level, struct sbuf *b)
{
	header_text(dense_game(d), dense_root(d), 0, level,
	    dense_positions(d, level), b);
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
	uint16_t *v = xmalloc(BLOCK * sizeof *v);
	unsigned char *raw = xmalloc(BLOCK * 2);
	uint64_t n = dense_positions(d, level), i, k, m, lo, hi;
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
	dense_held(d, level, &lo, &hi);	/* shared: this process's */
	if (lo > 0 && fseek(f, (long)(2 * lo), SEEK_CUR) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto out;
	}
	for (i = lo; i < hi; i += m) {
		m = hi - i < BLOCK ? hi - i : BLOCK;
		k = fread(raw, 2, (size_t)m, f);
		if (k != m) {
			snprintf(err, errlen, "%s: ends after %llu of its %llu "
			    "values", path, (unsigned long long)(i + k),
			    (unsigned long long)n);
			goto out;
		}
		for (k = 0; k < m; k++)
			v[k] = (uint16_t)(raw[2 * k] | raw[2 * k + 1] << 8);
		dense_put(d, level, i, m, v);
	}
	if (hi == n && fgetc(f) != EOF) {
		snprintf(err, errlen, "%s: more than its %llu values", path,
		    (unsigned long long)n);
		goto out;
	}
	dense_mark_solved(d, level);
	dense_count_loaded(d, n);
	rc = 0;
out:
	free(got);
	free(v);
	free(raw);
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

/*
 * Write level's table to path (through path.tmp): t, the caller's, or
 * when NULL d's own (held whole: one process).  0 or -1.
 */
static int
write_level(struct dense *d, int level, const uint16_t *t, const char *path,
    char *err, size_t errlen)
{
	struct sbuf h = { 0 }, tmp = { 0 };
	uint64_t n = dense_positions(d, level), i, k, m;
	uint16_t *v;
	unsigned char *raw;
	FILE *f;
	int ok;

	sbuf_printf(&tmp, "%s.tmp", path);
	if ((f = fopen(tmp.s, "wb")) == NULL) {
		snprintf(err, errlen, "%s: %s", tmp.s, strerror(errno));
		sbuf_free(&tmp);
		return -1;
	}
	v = xmalloc(BLOCK * sizeof *v);
	raw = xmalloc(BLOCK * 2);
	header_of(d, level, &h);
	ok = fwrite(h.s, 1, h.len, f) == h.len;
	for (i = 0; ok && i < n; i += m) {
		m = n - i < BLOCK ? n - i : BLOCK;
		if (t != NULL)
			memcpy(v, t + i, (size_t)m * sizeof *v);
		else
			dense_get(d, level, i, m, v);	/* held whole */
		for (k = 0; k < m; k++) {
			raw[2 * k] = (unsigned char)(v[k] & 0xFF);
			raw[2 * k + 1] = (unsigned char)(v[k] >> 8);
		}
		ok = fwrite(raw, 2, (size_t)m, f) == m;
	}
	free(v);
	free(raw);
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
dense_db_has(const char *dir, int level)
{
	struct stat st;
	char *path = path_of(dir, level);
	int rc = stat(path, &st) == 0;

	free(path);
	return rc;
}

int
dense_db_save_level(struct dense *d, const char *dir, int level,
    const uint16_t *t, char *err, size_t errlen)
{
	char *path;
	uint64_t lo, hi;
	int rc = 0;

	dense_held(d, level, &lo, &hi);
	if (t == NULL && (lo != 0 || hi != dense_positions(d, level) ||
	    dense_get(d, level, 0, 0, NULL) != 0)) {
		snprintf(err, errlen, "level %d is not held whole here (shared "
		    "by processes, it is written gathered)", level);
		return -1;
	}
	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return -1;
	}
	if (!dense_db_has(dir, level)) {
		path = path_of(dir, level);
		rc = write_level(d, level, t, path, err, errlen);
		free(path);
	}
	return rc;
}

int
dense_db_save(struct dense *d, const char *dir, int top, char *err,
    size_t errlen)
{
	int level;

	for (level = 0; level <= top; level++)
		if (dense_db_save_level(d, dir, level, NULL, err, errlen) != 0)
			return -1;
	return 0;
}

/*
 * The database in play: each level file DIR holds mapped read only, once
 * a process whatever the players and threads that read it, and kept
 * until the process ends.
 */
#define DB_LEVELS 256

struct db_level {
	const unsigned char *map;	/* the file; NULL: not held */
	size_t len;
	const unsigned char *vals;	/* its values */
	uint64_t n;
};

struct dense_db {
	const struct tbl_game *g;
	char *dir;
	char *key;		/* the header's game and options */
	int top;		/* the highest level held */
	uint64_t positions;
	struct db_level lev[DB_LEVELS];
	struct dense_db *next;
};

static pthread_mutex_t dbs_lock = PTHREAD_MUTEX_INITIALIZER;
static struct dense_db *dbs;

/* Map level's file of db if DIR holds it: 0 (held or not), or -1. */
static int
map_level(struct dense_db *db, const struct tbl_state *root, int level,
    char *err, size_t errlen)
{
	char *path = path_of(db->dir, level);
	struct sbuf want = { 0 };
	uint64_t n = db->g->dense_size(root, level);
	struct stat st;
	void *m = MAP_FAILED;
	int fd = open(path, O_RDONLY), rc = -1;

	if (fd < 0 && errno == ENOENT)
		rc = 0;
	else if (fd < 0 || fstat(fd, &st) != 0)
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
	else {
		header_text(db->g, root, 1, level, n, &want);
		if (n > (uint64_t)(SIZE_MAX - want.len) / 2 ||
		    (uint64_t)st.st_size != want.len + 2 * n ||
		    (m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED,
		    fd, 0)) == MAP_FAILED ||
		    memcmp(m, want.s, want.len) != 0)
			snprintf(err, errlen, "%s: not the table of level %d of "
			    "%s with these options (its header or its size "
			    "differs)", path, level, db->g->name);
		else {
			db->lev[level].map = m;
			db->lev[level].len = (size_t)st.st_size;
			db->lev[level].vals = (const unsigned char *)m + want.len;
			db->lev[level].n = n;
			db->positions += n;
			db->top = level;
			m = MAP_FAILED;
			rc = 0;
		}
		if (m != MAP_FAILED)
			munmap(m, (size_t)st.st_size);
	}
	if (fd >= 0)
		close(fd);
	sbuf_free(&want);
	free(path);
	return rc;
}

/* Undo the maps of db and free it. */
static void
db_drop(struct dense_db *db)
{
	int level;

	for (level = 0; level < DB_LEVELS; level++)
		if (db->lev[level].map != NULL)
			munmap((void *)db->lev[level].map, db->lev[level].len);
	free(db->dir);
	free(db->key);
	free(db);
}

/* A new database of DIR for g from root: NULL with a message. */
static struct dense_db *
db_map(const struct tbl_game *g, const struct tbl_state *root,
    const char *dir, const char *key, char *err, size_t errlen)
{
	struct dense_db *db = xcalloc(1, sizeof *db);
	struct stat st;
	int level;

	db->g = g;
	db->dir = xstrdup(dir);
	db->key = xstrdup(key);
	db->top = -1;
	if (stat(dir, &st) != 0) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		db_drop(db);
		return NULL;
	}
	for (level = 0; level < DB_LEVELS; level++)
		if (map_level(db, root, level, err, errlen) != 0) {
			db_drop(db);
			return NULL;
		}
	if (db->top < 0) {
		snprintf(err, errlen, "%s: no level of %s (%s/level-NNN.tbd, "
		    "written by tablero solve --levels N --db %s)", dir, g->name,
		    dir, dir);
		db_drop(db);
		return NULL;
	}
	return db;
}

const struct dense_db *
dense_db_open(const struct tbl_game *g, const struct tbl_state *root,
    const char *dir, char *err, size_t errlen)
{
	struct sbuf key = { 0 };
	struct dense_db *db;

	if (g->dense_index == NULL || g->dense_size == NULL ||
	    game_players(g, root) != 2) {
		snprintf(err, errlen, "%s: %s has no endgame database (it "
		    "offers no dense numbering for two players)", dir, g->name);
		return NULL;
	}
	header_text(g, root, 1, 0, 0, &key);
	pthread_mutex_lock(&dbs_lock);
	for (db = dbs; db != NULL; db = db->next)
		if (db->g == g && strcmp(db->dir, dir) == 0 &&
		    strcmp(db->key, key.s) == 0)
			break;
	if (db == NULL && (db = db_map(g, root, dir, key.s, err,
	    errlen)) != NULL) {
		db->next = dbs;
		dbs = db;
	}
	pthread_mutex_unlock(&dbs_lock);
	sbuf_free(&key);
	return db;
}

int
dense_db_value(const struct dense_db *db, const struct tbl_state *s,
    struct dense_value *v, int *level)
{
	const struct db_level *l;
	struct tbl_dense e;
	uint16_t x = 0;

	if (db->g->dense_index(s, &e) != 0)
		return -1;
	if (e.end == TBL_DENSE_PLAY) {
		if (e.level < 0 || e.level > db->top)
			return -1;
		l = &db->lev[e.level];
		if (l->vals == NULL || e.index >= l->n)
			return -1;
		x = (uint16_t)(l->vals[2 * e.index] |
		    l->vals[2 * e.index + 1] << 8);
	}
	if (level != NULL)
		*level = e.end == TBL_DENSE_PLAY ? e.level : -1;
	return dense_decode(&e, x, v);
}

int
dense_db_limited(const struct tbl_game *g, const struct tbl_state *st)
{
	const char *const *w;
	char val[256];
	int i;

	for (i = 0; i < g->noptions; i++) {
		size_t k = strlen(g->options[i].key);
		game_option_value(g, st, i, val, sizeof val);
		for (w = g->unlimited; w != NULL && *w != NULL; w++)
			if (strncmp(*w, g->options[i].key, k) == 0 &&
			    (*w)[k] == '=' && strcmp(*w + k + 1, val) != 0)
				return 1;
	}
	return 0;
}

int
dense_db_top(const struct dense_db *db)
{
	return db->top;
}

const char *
dense_db_dir(const struct dense_db *db)
{
	return db->dir;
}
