/*
 * dense.c - the level-by-level solver over a game's dense numbering (see
 * dense.h): the tables, one a level, the run from the lowest level up
 * (each level solved by dense_sweep.c), and the value of a position.
 *
 * Level L's table holds, for each of its positions, the thresholds (a, b)
 * of dense.h in one 16-bit word (a + 128 in the low byte, b + 128 in the
 * high), from player 0's view, what has been taken left out: a
 * position's own taken is 0 as dense_set() makes it, and a child's
 * taken d (what the move took) shifts the child's thresholds down by d.
 * A threshold of -128 (NEG) or 127 (POS) stands for "every score": a
 * shift leaves it so.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai/dense.h"
#include "ai/dense_level.h"
#include "base/util.h"
#include "core/game.h"

int
dense_offered(const struct tbl_game *g)
{
	return g->dense_levels != NULL && g->dense_size != NULL &&
	    g->dense_set != NULL && g->dense_index != NULL;
}

struct dense *
dense_new(const struct tbl_game *g, const struct tbl_state *root,
    size_t cap, int threads, char *err, size_t errlen)
{
	struct dense *d;
	struct tbl_dense e;
	char why[TBL_ERRLEN] = "";
	int n, i;

	if (!dense_offered(g)) {
		snprintf(err, errlen, "%s offers no dense numbering (the "
		    "dense hooks of SDK 1.4): solve it with --method hash",
		    g->name);
		return NULL;
	}
	if (game_players(g, root) != 2) {
		snprintf(err, errlen, "%s is played by %d sides here: the dense "
		    "solver handles two", g->name, game_players(g, root));
		return NULL;
	}
	if ((n = g->dense_levels(root, why, sizeof why)) < 0) {
		snprintf(err, errlen, "%s", why[0] ? why : "these options are "
		    "not numbered");
		return NULL;
	}
	memset(&e, 0, sizeof e);
	if (g->dense_index(root, &e) != 0) {
		snprintf(err, errlen, "%s does not number this position (a "
		    "chance point, or a choice left out)", g->name);
		return NULL;
	}
	if (n > MAX_LEVELS) {
		snprintf(err, errlen, "%s: %d levels, more than the %d the "
		    "dense solver's values hold", g->name, n, MAX_LEVELS);
		return NULL;
	}
	d = xcalloc(1, sizeof *d);
	d->g = g;
	d->root = g->clone(root);
	d->nlevels = n;
	d->rootlevel = e.end == TBL_DENSE_PLAY ? e.level : 0;
	d->cycles = e.end == TBL_DENSE_PLAY && e.cycle;
	d->threads = threads < 1 ? 1 : threads;
	d->cap = cap;
	d->size = xcalloc((size_t)n, sizeof *d->size);
	d->tab = xcalloc((size_t)n, sizeof *d->tab);
	d->solved = xcalloc((size_t)n, 1);
	d->base = xcalloc((size_t)n, sizeof *d->base);
	for (i = 0; i < n; i++)
		d->size[i] = g->dense_size(root, i);
	d->st.threads = d->threads;
	d->st.processes = 1;
	d->slots = UINT32_MAX;
	return d;
}

void
dense_free(struct dense *d)
{
	int i;

	if (d == NULL)
		return;
	for (i = 0; i < d->nlevels; i++)
		free(d->tab[i]);
	free(d->tab);
	free(d->size);
	free(d->solved);
	free(d->base);
	free(d->pin);
	free(d->pinval);
	free(d->proc);
	d->g->destroy(d->root);
	free(d);
}

const struct dense_stats *
dense_stats(const struct dense *d)
{
	return &d->st;
}

int
dense_root_level(const struct dense *d)
{
	return d->rootlevel;
}

size_t
dense_need(const struct dense *d, int top, uint64_t *held)
{
	uint64_t lo, hi, most = 0;
	double bytes;
	int level;

	*held = 0;
	for (level = 0; level <= top && level < d->nlevels; level++) {
		dense_share(d, level, &lo, &hi);
		*held += hi - lo;
		most = hi - lo > most ? hi - lo : most;
	}
	bytes = 2.0 * (double)*held;
	if (d->comm != NULL)
		bytes += SHARE_BYTES * (double)most;
	return bytes >= (double)SIZE_MAX ? SIZE_MAX : (size_t)bytes;
}

/* Shared, each process solves its block on one thread (dense_share.c):
 * a machine's cores are used by as many processes. */
void
dense_set_comm(struct dense *d, const struct procs *c)
{
	uint64_t hi;
	int i;

	d->comm = c;
	d->threads = d->st.threads = 1;
	d->st.processes = c->size;
	for (i = 0; i < d->nlevels; i++)
		dense_block(d->size[i], c->rank, c->size, &d->base[i], &hi);
}

const struct tbl_game *
dense_game(const struct dense *d)
{
	return d->g;
}

const struct tbl_state *
dense_root(const struct dense *d)
{
	return d->root;
}

void
dense_count_loaded(struct dense *d, uint64_t n)
{
	d->st.loaded += n;
}

uint64_t
dense_positions(const struct dense *d, int level)
{
	return d->size[level];
}

void
dense_held(const struct dense *d, int level, uint64_t *lo, uint64_t *hi)
{
	dense_share(d, level, lo, hi);
}

/* Are first .. first + n within level's positions held here? */
static int
held_range(const struct dense *d, int level, uint64_t first, uint64_t n)
{
	uint64_t lo, hi;

	if (level < 0 || level >= d->nlevels || d->tab[level] == NULL)
		return 0;
	dense_share(d, level, &lo, &hi);
	return first >= lo && first <= hi && n <= hi - first;
}

int
dense_get(const struct dense *d, int level, uint64_t first, uint64_t n,
    uint16_t *v)
{
	uint64_t lo, hi;

	if (!held_range(d, level, first, n))
		return -1;
	dense_share(d, level, &lo, &hi);
	if (n > 0)
		memcpy(v, d->tab[level] + (first - lo), (size_t)n * sizeof *v);
	return 0;
}

int
dense_put(struct dense *d, int level, uint64_t first, uint64_t n,
    const uint16_t *v)
{
	uint64_t lo, hi;

	if (!held_range(d, level, first, n))
		return -1;
	dense_share(d, level, &lo, &hi);
	if (n > 0)
		memcpy(d->tab[level] + (first - lo), v, (size_t)n * sizeof *v);
	return 0;
}

void
dense_mark_solved(struct dense *d, int level)
{
	d->solved[level] = 1;
}

/* Room for level's table within the cap: 0, or -1 with a message. */
int
dense_hold(struct dense *d, int level, char *err, size_t errlen)
{
	uint64_t n = d->size[level], lo, hi;
	size_t bytes;
	char a[32], b[32];

	dense_share(d, level, &lo, &hi);
	bytes = (size_t)(hi - lo) * sizeof **d->tab;
	if (d->tab[level] != NULL)
		return 0;
	if (hi - lo > SIZE_MAX / 4 || d->st.bytes + bytes > d->cap) {
		format_bytes(d->st.bytes + bytes, a, sizeof a);
		format_bytes(d->cap, b, sizeof b);
		snprintf(err, errlen, "level %d of %llu positions would bring "
		    "the tables to %s, past the memory cap of %s (--memory)",
		    level, (unsigned long long)n, a, b);
		return -1;
	}
	if ((d->tab[level] = malloc(bytes ? bytes : 1)) == NULL) {
		format_bytes(bytes, a, sizeof a);
		snprintf(err, errlen, "no memory for level %d (%s)", level, a);
		return -1;
	}
	d->st.bytes += bytes;
	if (d->st.bytes > d->st.peak)
		d->st.peak = d->st.bytes;
	d->st.positions += n;
	if (level + 1 > d->st.levels)
		d->st.levels = level + 1;
	return 0;
}

static inline int
imin(int x, int y)
{
	return x < y ? x : y;
}

static inline int
imax(int x, int y)
{
	return x > y ? x : y;
}

/*
 * With cycles scored (dense_level.h), after level's fixed point: where
 * neither side can force a win (a <= t < b), the men on each side of the
 * position decide, as if play ended there: player 0 wins when t + m > 0.
 * Shared by processes, each scores the block it holds.  0, or -1 with a
 * message.
 */
static int
score_cycles(struct dense *d, int level, char *err, size_t errlen)
{
	uint16_t *t = d->tab[level];
	uint64_t i, lo, hi;
	struct tbl_state *s = d->g->clone(d->root);
	struct tbl_dense e;
	int a, b, m, rc = 0;

	dense_share(d, level, &lo, &hi);	/* t[0]: position lo */
	for (i = lo; i < hi && rc == 0; i++) {
		memset(&e, 0, sizeof e);
		if (d->g->dense_set(s, level, i) != 0 ||
		    d->g->dense_index(s, &e) != 0) {
			snprintf(err, errlen, "%s does not number its own "
			    "position (level %d, position %llu)", d->g->name,
			    level, (unsigned long long)i);
			rc = -1;
			break;
		}
		if (e.end != TBL_DENSE_PLAY)
			continue;	/* an end: its value stands */
		m = e.margin;
		a = lo_of(t[i - lo]);
		b = hi_of(t[i - lo]);
		t[i - lo] = enc(imax(a, imin(b, -m)),
		    imin(b, imax(a, 1 - m)));
	}
	d->g->destroy(s);
	return d->comm != NULL ? dense_share_agree(d, rc, err, errlen) : rc;
}

int
dense_run(struct dense *d, int top, dense_progress_fn fn, void *arg,
    char *err, size_t errlen)
{
	double t0 = now_seconds();
	clock_t c0 = clock();
	int level, rc = 0;

	if (top < 0)
		top = d->rootlevel;
	if (top >= d->nlevels) {
		snprintf(err, errlen, "%s: level %d asked for, but these "
		    "options have levels 0 to %d", d->g->name, top,
		    d->nlevels - 1);
		return -1;
	}
	for (level = 0; level <= top && rc == 0; level++)
		if (!d->solved[level]) {
			rc = dense_hold(d, level, err, errlen) != 0 ? -1 : 0;
			if (d->comm != NULL)
				rc = dense_share_agree(d, rc, err, errlen);
			if (rc != 0)
				break;
			if (d->comm != NULL)
				rc = dense_share_level(d, level, fn, arg, err,
				    errlen);
			else
				rc = dense_solve_level(d, level, fn, arg, err,
				    errlen);
			if (rc == 0 && d->cycles)
				rc = score_cycles(d, level, err, errlen);
		}
	d->st.seconds += now_seconds() - t0;
	d->st.cpu += (double)(clock() - c0) / CLOCKS_PER_SEC;
	if (d->comm != NULL && rc >= 0)
		dense_share_figures(d);
	return rc;
}

int
dense_share_pin(struct dense *d, struct tbl_state *const *s, int n,
    char *err, size_t errlen)
{
	uint64_t *key = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *key);
	uint16_t *val = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *val);
	struct tbl_dense e;
	int i, k = 0, rc;

	for (i = 0; i < n; i++)
		if (d->g->dense_index(s[i], &e) == 0 &&
		    e.end == TBL_DENSE_PLAY && e.level < d->nlevels &&
		    d->solved[e.level] && e.index < d->size[e.level])
			key[k++] = KEY(e.level, e.index);
	rc = dense_fetch(d, key, (size_t)k, val);
	if (rc == 0) {
		d->pin = xrealloc(d->pin, (size_t)(d->npin + k) * sizeof *d->pin);
		d->pinval = xrealloc(d->pinval, (size_t)(d->npin + k) *
		    sizeof *d->pinval);
		memcpy(d->pin + d->npin, key, (size_t)k * sizeof *key);
		memcpy(d->pinval + d->npin, val, (size_t)k * sizeof *val);
		d->npin += k;
	} else {
		snprintf(err, errlen, "the values of the position could not "
		    "be fetched from the other processes");
	}
	free(key);
	free(val);
	return rc;
}

int
dense_share_gather(struct dense *d, int level, uint16_t **full, char *err,
    size_t errlen)
{
	const struct procs *cm = d->comm;
	uint64_t *sc = xcalloc((size_t)cm->size, sizeof *sc);
	uint64_t *rc = xcalloc((size_t)cm->size, sizeof *rc), lo, hi;
	int r, ok;

	*full = NULL;
	for (r = 0; r < cm->size; r++) {
		dense_block(d->size[level], r, cm->size, &lo, &hi);
		rc[r] = cm->rank == 0 ? hi - lo : 0;
		if (r == cm->rank)
			sc[0] = hi - lo;
	}
	if (cm->rank == 0)
		*full = xmalloc((size_t)(d->size[level] ? d->size[level] : 1) *
		    sizeof **full);
	ok = cm->exchange(cm->ctx, d->tab[level], sc, *full, rc,
	    sizeof **full) == 0;
	free(sc);
	free(rc);
	if (!ok) {
		free(*full);
		*full = NULL;
		snprintf(err, errlen, "level %d is too large to gather on one "
		    "process", level);
	}
	return ok ? 0 : -1;
}

/* The value of position index of level: held here, or pinned.  0 or -1. */
static int
dense_held_value(const struct dense *d, int level, uint64_t index,
    uint16_t *x)
{
	uint64_t lo, hi, key = KEY(level, index);
	int i;

	dense_share(d, level, &lo, &hi);
	if (index >= lo && index < hi) {
		*x = d->tab[level][index - lo];
		return 0;
	}
	for (i = 0; i < d->npin; i++)
		if (d->pin[i] == key) {
			*x = d->pinval[i];
			return 0;
		}
	return -1;
}

int
dense_decode(const struct tbl_dense *e, uint16_t x, struct dense_value *v)
{
	struct tbl_dense end;
	int a, b, t = e->taken;

	if (e->end == TBL_DENSE_PLAY) {
		a = lo_of(x);
		b = hi_of(x);
	} else {
		end = *e;
		end.taken = 0;
		end_value(&end, &a, &b);
	}
	if (t >= b) {
		v->winner = 0;
		v->margin = b == NEG ? -1 : t - b + 1;
	} else if (t >= a) {
		v->winner = -1;
		v->margin = 0;
	} else {
		v->winner = 1;
		v->margin = a == POS ? -1 : a - t;
	}
	return 0;
}

int
dense_value(const struct dense *d, const struct tbl_state *s,
    struct dense_value *v)
{
	struct tbl_dense e;
	uint16_t x = 0;

	if (d->g->dense_index(s, &e) != 0)
		return -1;
	if (e.end == TBL_DENSE_PLAY) {
		if (e.level >= d->nlevels || !d->solved[e.level] ||
		    e.index >= d->size[e.level] ||
		    dense_held_value(d, e.level, e.index, &x) != 0)
			return -1;
	}
	return dense_decode(&e, x, v);
}

void
dense_where_note(struct dense_where *w, int level, int levels,
    unsigned sweep, uint64_t done, uint64_t total)
{
	w->level = level;
	w->levels = levels;
	w->sweep = sweep;
	w->done = done;
	w->total = total;
}

void
dense_where_text(const struct dense_where *w, char *buf, size_t len)
{
	if (w->levels <= 0)
		snprintf(buf, len, "before the first level");
	else
		snprintf(buf, len, "in level %d of 0 to %d, sweep %u, at %llu "
		    "of its %llu positions", w->level, w->levels - 1,
		    w->sweep + 1, (unsigned long long)w->done,
		    (unsigned long long)w->total);
}
