/*
 * dense_sweep.c - one level of the dense solver (dense.h) solved to its
 * fixed point, on several threads.
 *
 * Player 0 to move takes the least of his moves' thresholds, player 1
 * the greatest.  Within a level, moves that take nothing stay on it and
 * can go round in circles, so the level is swept until no value changes:
 * b starts at POS (player 0 wins nowhere yet) and only falls, a at NEG
 * (player 1 wins nowhere yet) and only rises, so what is left where it
 * started is play neither side can end in its favour: a draw, as the hash
 * solver has it.  The sweeps read the table as it is being written (each
 * word loaded and stored whole): the values only move one way, so any
 * order, and any interleaving of the threads, reaches the same fixed
 * point.
 *
 * The first sweep plays every move of every position.  What the moves
 * that leave the level give (lower levels, solved, and ends) is fixed,
 * so a chunk of CHUNK positions keeps, while the level is solved, that
 * fixed value, who moves, and the numbers of the children on the level:
 * the later sweeps read those and play no move.  They are kept in
 * memory as far as the tables and they stay within 2 bytes a position of
 * the levels held (and within the memory cap), the rest in a scratch
 * file (unlinked, in $TMPDIR or /tmp) that each sweep reads back chunk
 * by chunk, in order.  A chunk whose edges fit in neither (no scratch
 * file, a full disk) keeps none and plays its moves again in every
 * sweep (skipping the positions with no move on the level, one bit
 * each).  Only the values stay when the level is done.
 */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai/dense_level.h"
#include "base/interrupt.h"
#include "base/util.h"
#include "core/game.h"

/*
 * A chunk's moves on the level, kept after its first sweep, in one block
 * (8 bytes a position of the level on Mankal'ah, where 4 in 5 positions
 * have a move on the level and 1.3 such moves): the children on the
 * level of each live position (a position with such a move), in order,
 * 4 bytes each; the value of the moves off the level of each live
 * position, 2 bytes; then a byte a position: the count of its children
 * on the level (0: settled after the first sweep; at most MAXKIDS, or
 * the chunk keeps nothing), and player 1 to move in bit 7.
 */
struct chunk {
	uint8_t *mem;		/* in memory; NULL: in the scratch file */
	uint64_t off;		/* where in the scratch file */
	uint32_t bytes;		/* 0: nothing kept, replayed each sweep */
	uint32_t nkid, nlive;	/* children kept, live positions */
};

#define MAXKIDS 127
#define WHO1 0x80

/*
 * The workers' states are the plugin's, cloned one after another: where
 * one worker's position (written by every move) shared a cache line with
 * the next worker's rules (read by every move), two threads running at
 * once took 1.25 to 1.35 times the CPU of one thread in the first sweep.
 * The host's allocation (xmalloc_lines, under the plugin's alloc too)
 * keeps them apart; the move buffers are taken the same way.
 */

struct sweep {
	struct dense *d;
	int level;
	unsigned number;	/* 0: the first sweep */
	struct chunk *ch;	/* one a chunk of the level */
	uint8_t *live;		/* bit i: position i has a move on the level
				   (NULL with a scratch file: all kept) */
	size_t work, room;	/* bytes of edges held (atomic), the most */
	int fd;			/* the scratch file, or -1 */
	uint64_t disk;		/* its bytes written (atomic) */
	uint64_t lo, hi;	/* the positions swept: the level's */
	uint64_t next;		/* the next chunk to take (atomic) */
	int stop;		/* Ctrl-C or a failure (atomic) */
	dense_progress_fn fn;	/* called by the first worker */
	void *arg;
	struct worker *first;
	double tick;
};

struct worker {
	struct sweep *sw;
	struct tbl_state *s, *c;
	tbl_move *mv;
	int mvcap;
	uint32_t *kids;		/* in-level children of the chunk so far */
	size_t nkids, kidcap;
	uint32_t koff[CHUNK + 1];
	uint16_t fixed[CHUNK];
	uint8_t who[CHUNK / 8];
	uint8_t *buf;		/* a chunk's edges to or from the scratch */
	size_t bufcap;
	uint64_t evaluated;
	int changed, failed;
	char err[256];
	pthread_t th;
};

/* The moves of w->s into w->mv; the count. */
static int
moves_of(struct worker *w)
{
	int n;

	while ((n = w->sw->d->g->legal_moves(w->s, w->mv, w->mvcap)) >
	    w->mvcap) {
		w->mvcap = n;
		free(w->mv);	/* filled afresh by the next call */
		w->mv = xmalloc_lines((size_t)n * sizeof *w->mv);
	}
	return n < 0 ? 0 : n;
}

/* A message naming position i of the level, into w->err. */
static int
fail(struct worker *w, uint64_t i, const char *what)
{
	snprintf(w->err, sizeof w->err, "%s %s (level %d, position %llu)",
	    w->sw->d->g->name, what, w->sw->level, (unsigned long long)i);
	w->failed = 1;
	return -1;
}

static void
add_kid(struct worker *w, uint64_t j)
{
	if (w->nkids == w->kidcap) {
		w->kidcap = w->kidcap ? 2 * w->kidcap : 4 * CHUNK;
		w->kids = xrealloc(w->kids, w->kidcap * sizeof *w->kids);
	}
	w->kids[w->nkids++] = (uint32_t)j;
}

/*
 * Play the moves of position i of the level: the value of those that
 * leave the level into *fixed, who moves into *who (2: the game is over
 * there, *fixed its value), and the children on the level appended to
 * w->kids.  0 or -1.
 */
static int
evaluate(struct worker *w, uint64_t i, uint16_t *fixed, int *who)
{
	const struct tbl_game *g = w->sw->d->g;
	const uint64_t *size = w->sw->d->size;
	uint16_t *const *tab = w->sw->d->tab;
	int level = w->sw->level, n, k, a, b, ca, cb;
	struct tbl_dense e;

	if (g->dense_set(w->s, level, i) != 0)
		return fail(w, i, "refuses its own dense number");
	if (game_check_to_move(g, w->s, who) != 0)
		return fail(w, i, "names a side to move that does not play");
	if (*who == TBL_END) {
		if (g->dense_index(w->s, &e) != 0)
			return fail(w, i, "does not number its own end");
		end_value(&e, &a, &b);
		*fixed = enc(a, b);
		*who = 2;
		return 0;
	}
	if (*who != 0 && *who != 1)
		return fail(w, i, "has a chance point or a third side");
	if ((n = moves_of(w)) == 0)
		return fail(w, i, "has no move for the side to move");
	a = b = *who == 0 ? POS : NEG;
	for (k = 0; k < n; k++) {
		g->copy(w->c, w->s);	/* far cheaper than dense_set */
		if (g->apply(w->c, w->mv[k]) != 0 || g->dense_index(w->c, &e) != 0)
			return fail(w, i, "refuses a move or its number");
		if (e.end != TBL_DENSE_PLAY) {
			end_value(&e, &ca, &cb);
		} else if (e.level > level || e.index >= size[e.level]) {
			return fail(w, i, "has a move to a higher level");
		} else if (e.level == level) {
			add_kid(w, e.index);
			continue;
		} else {
			uint16_t v = tab[e.level][e.index];
			ca = shift(lo_of(v), e.taken);
			cb = shift(hi_of(v), e.taken);
		}
		fold(*who, ca, cb, &a, &b);
	}
	*fixed = enc(a, b);
	return 0;
}

/* The value from fixed and the children kid[0 .. n) on the level. */
static inline uint16_t
value_of(const uint16_t *t, uint16_t fixed, int who, const uint32_t *kid,
    uint32_t n)
{
	int a = lo_of(fixed), b = hi_of(fixed);
	uint32_t k;

	for (k = 0; k < n; k++) {
		uint16_t v = __atomic_load_n(&t[kid[k]], __ATOMIC_RELAXED);
		fold(who, lo_of(v), hi_of(v), &a, &b);
	}
	return enc(a, b);
}

/* Store v as position i's value; note a change. */
static inline void
put(struct worker *w, uint16_t *t, uint64_t i, uint16_t v)
{
	if (v != __atomic_load_n(&t[i], __ATOMIC_RELAXED)) {
		__atomic_store_n(&t[i], v, __ATOMIC_RELAXED);
		w->changed = 1;
	}
}

/* Chunk c's edges from w (n positions, nlive of them live) into out. */
static void
pack_edges(const struct worker *w, uint8_t *out, uint32_t n, uint32_t nlive)
{
	uint16_t *fx = (uint16_t *)(void *)(out + w->nkids * sizeof *w->kids);
	uint8_t *nk = (uint8_t *)(fx + nlive);
	uint32_t k, m;

	if (w->nkids > 0)
		memcpy(out, w->kids, w->nkids * sizeof *w->kids);
	for (k = 0; k < n; k++) {
		m = w->koff[k + 1] - w->koff[k];
		nk[k] = (uint8_t)m;
		if (m == 0)
			continue;
		*fx++ = w->fixed[k];
		if ((w->who[k >> 3] >> (k & 7)) & 1)
			nk[k] |= WHO1;
	}
}

/* n bytes at buf to (put) or from the scratch file at off: 0 or -1. */
static int
scratch_io(int fd, uint8_t *buf, size_t n, uint64_t off, int put)
{
	ssize_t r;

	while (n > 0) {
		r = put ? pwrite(fd, buf, n, (off_t)off) :
		    pread(fd, buf, n, (off_t)off);
		if (r <= 0)
			return -1;
		buf += r;
		n -= (size_t)r;
		off += (uint64_t)r;
	}
	return 0;
}

/* w->buf at least n bytes. */
static void
buf_room(struct worker *w, size_t n)
{
	if (w->bufcap < n) {
		w->bufcap = n;
		w->buf = xrealloc(w->buf, n);
	}
}

/*
 * Keep the edges w gathered for chunk c of n positions: in memory if
 * they fit in the room, else in the scratch file, else not at all.
 */
static void
keep_edges(struct worker *w, struct chunk *c, uint32_t n)
{
	struct sweep *sw = w->sw;
	uint32_t k, nlive = 0, m;
	size_t bytes;

	for (k = 0; k < n; k++) {
		m = w->koff[k + 1] - w->koff[k];
		if (m > MAXKIDS)
			return;
		nlive += m > 0;
	}
	bytes = w->nkids * sizeof *w->kids + nlive * sizeof *w->fixed + n;
	if (sw->d->size[sw->level] > UINT32_MAX || bytes > UINT32_MAX)
		return;
	if (__atomic_add_fetch(&sw->work, bytes, __ATOMIC_RELAXED) <=
	    sw->room) {
		c->mem = xmalloc(bytes);
		pack_edges(w, c->mem, n, nlive);
	} else {
		__atomic_sub_fetch(&sw->work, bytes, __ATOMIC_RELAXED);
		if (sw->fd < 0)
			return;
		buf_room(w, bytes);
		pack_edges(w, w->buf, n, nlive);
		c->off = __atomic_fetch_add(&sw->disk, bytes, __ATOMIC_RELAXED);
		if (scratch_io(sw->fd, w->buf, bytes, c->off, 1) != 0)
			return;
	}
	c->nkid = (uint32_t)w->nkids;
	c->nlive = nlive;
	c->bytes = (uint32_t)bytes;
}

/*
 * Positions [lo, hi) by playing their moves (the first sweep, and every
 * sweep of a chunk without edges).  0 or -1.
 */
static int
sweep_play(struct worker *w, uint64_t lo, uint64_t hi)
{
	struct sweep *sw = w->sw;
	uint16_t *t = sw->d->tab[sw->level], fixed = 0;
	uint64_t i;
	int who = 0, k;		/* set by evaluate(); -O1 cannot see it */

	w->nkids = 0;
	memset(w->who, 0, sizeof w->who);
	for (i = lo; i < hi; i++) {
		k = (int)(i - lo);
		w->koff[k] = (uint32_t)w->nkids;
		if (sw->number > 0 && sw->live != NULL &&
		    !((sw->live[i >> 3] >> (i & 7)) & 1))
			continue;
		if (evaluate(w, i, &fixed, &who) != 0)
			return -1;
		w->evaluated++;
		w->fixed[k] = fixed;
		w->who[k >> 3] |= (uint8_t)((who == 1) << (k & 7));
		if (w->nkids > w->koff[k] && sw->number == 0 && sw->live)
			sw->live[i >> 3] |= (uint8_t)(1u << (i & 7));
		put(w, t, i, value_of(t, fixed, who, w->kids + w->koff[k],
		    (uint32_t)w->nkids - w->koff[k]));
	}
	w->koff[hi - lo] = (uint32_t)w->nkids;
	if (sw->number == 0)
		keep_edges(w, &sw->ch[lo / CHUNK], (uint32_t)(hi - lo));
	return 0;
}

/*
 * Positions [lo, hi) from chunk c's edges: no move played.  0; -1 when
 * the scratch file would not give them back.
 */
static int
sweep_edges(struct worker *w, const struct chunk *c, uint64_t lo,
    uint64_t hi)
{
	uint16_t *t = w->sw->d->tab[w->sw->level];
	const uint8_t *mem = c->mem;
	const uint32_t *kid;
	const uint16_t *fx;
	const uint8_t *nk;
	uint32_t k, m, n = (uint32_t)(hi - lo);

	if (mem == NULL) {
		buf_room(w, c->bytes);
		if (scratch_io(w->sw->fd, w->buf, c->bytes, c->off, 0) != 0)
			return -1;
		mem = w->buf;
	}
	kid = (const uint32_t *)(const void *)mem;
	fx = (const uint16_t *)(const void *)(kid + c->nkid);
	nk = (const uint8_t *)(fx + c->nlive);
	for (k = 0; k < n; k++) {
		if ((m = nk[k] & MAXKIDS) == 0)
			continue;	/* no move on the level: settled */
		w->evaluated++;
		put(w, t, lo + k, value_of(t, *fx++, nk[k] >> 7, kid, m));
		kid += m;
	}
	return 0;
}

static void *
sweep_thread(void *arg)
{
	struct worker *w = arg;
	struct sweep *sw = w->sw;
	uint64_t n = sw->hi, lo, hi;
	const struct chunk *c;
	double now;

	while (!__atomic_load_n(&sw->stop, __ATOMIC_RELAXED)) {
		lo = __atomic_fetch_add(&sw->next, CHUNK, __ATOMIC_RELAXED);
		if (lo >= n)
			break;
		hi = lo + CHUNK < n ? lo + CHUNK : n;
		c = &sw->ch[lo / CHUNK];
		if (sw->number > 0 && c->bytes > 0 &&
		    sweep_edges(w, c, lo, hi) == 0)
			;
		else if (sweep_play(w, lo, hi) != 0 || interrupt_pending()) {
			__atomic_store_n(&sw->stop, 1, __ATOMIC_RELAXED);
			break;
		}
		if (w == sw->first && sw->fn != NULL &&
		    (now = now_seconds()) >= sw->tick) {
			sw->tick = now + 0.2;
			sw->fn(sw->arg, sw->level, sw->d->nlevels, sw->number, lo, n);
		}
	}
	return NULL;
}

/*
 * The end of a sweep: 1 when a value changed, 0 when none did, -1 with a
 * message when a worker failed.
 */
static int
sweep_end(struct sweep *sw, struct worker *w, int nw, int changed,
    char *err, size_t errlen)
{
	int k, state = sw->stop ? -1 : changed;

	for (k = 0; k < nw; k++)
		if (w[k].failed) {
			snprintf(err, errlen, "%s", w[k].err);
			return -1;
		}
	if (sw->stop)
		snprintf(err, errlen, "interrupted");
	return state;
}

/*
 * One sweep of sw over its level on nw threads (the workers w): 1 when a
 * value changed, 0 when none did, -1 on a failure or Ctrl-C (err set).
 */
static int
run_sweep(struct sweep *sw, struct worker *w, int nw, char *err,
    size_t errlen)
{
	int k, changed = 0, started = 1;

	/* A small level is not worth the threads' start. */
	if (sw->hi - sw->lo < 16 * CHUNK)
		nw = 1;
	sw->next = sw->lo;
	sw->first = &w[0];
	for (k = 0; k < nw; k++)
		w[k].changed = 0;
	for (k = 1; k < nw; k++)
		if (pthread_create(&w[k].th, NULL, sweep_thread, &w[k]) != 0)
			break;
		else
			started++;
	sweep_thread(&w[0]);
	for (k = 1; k < started; k++)
		pthread_join(w[k].th, NULL);
	for (k = 0; k < nw; k++)
		changed |= w[k].changed;
	return sweep_end(sw, w, nw, changed, err, errlen);
}

/* The workers' states and buffers, or their end. */
static struct worker *
workers_new(struct dense *d, struct sweep *sw)
{
	struct worker *w = xcalloc((size_t)d->threads, sizeof *w);
	int k;

	for (k = 0; k < d->threads; k++) {
		w[k].sw = sw;
		w[k].s = d->g->clone(d->root);
		w[k].c = d->g->clone(d->root);
		w[k].mvcap = TBL_MOVES_HINT;
		w[k].mv = xmalloc_lines((size_t)w[k].mvcap * sizeof *w[k].mv);
	}
	return w;
}

static void
workers_free(struct dense *d, struct worker *w)
{
	int k;

	for (k = 0; k < d->threads; k++) {
		d->st.evaluated += w[k].evaluated;
		d->g->destroy(w[k].s);
		d->g->destroy(w[k].c);
		free(w[k].mv);
		free(w[k].kids);
		free(w[k].buf);
	}
	free(w);
}

static void
chunks_free(struct sweep *sw, uint64_t n)
{
	uint64_t c;

	for (c = 0; c < n; c++)
		free(sw->ch[c].mem);
	free(sw->ch);
	free(sw->live);
}

/*
 * Open sw's scratch file, and the room of its edges in memory: what the
 * cap leaves, and with a scratch file no more than keeps the tables and
 * the edges within 2 bytes a position of the levels held (the rest goes
 * to the file).  Without one, the bits of the live positions too.
 */
static void
sweep_room(struct dense *d, struct sweep *sw)
{
	const char *dir = getenv("TMPDIR");
	char path[4096];
	size_t budget = 2 * (size_t)d->st.positions;
	uint64_t n = sw->hi;

	snprintf(path, sizeof path, "%s/tablero-kept.XXXXXX",
	    dir != NULL && *dir != '\0' ? dir : "/tmp");
	if ((sw->fd = mkstemp(path)) < 0) {
		sw->live = xcalloc((size_t)(n / 8 + 1), 1);
		sw->work += (size_t)(n / 8 + 1);
	} else {
		unlink(path);
	}
	sw->room = d->cap > d->st.bytes + sw->work ? d->cap - d->st.bytes : 0;
	if (sw->fd < 0)
		return;
	budget = budget > d->st.bytes ? budget - d->st.bytes : 0;
	sw->room = budget < sw->room ? budget : sw->room;
}

int
dense_solve_level(struct dense *d, int level, dense_progress_fn fn,
    void *arg, char *err, size_t errlen)
{
	struct sweep sw;
	struct worker *w;
	uint64_t i, n = d->size[level], nch = (n + CHUNK - 1) / CHUNK;
	int rc;

	for (i = 0; i < n; i++)
		d->tab[level][i] = UNKNOWN;
	memset(&sw, 0, sizeof sw);
	sw.d = d;
	sw.level = level;
	sw.fn = fn;
	sw.arg = arg;
	sw.hi = n;
	sw.ch = xcalloc((size_t)(nch ? nch : 1), sizeof *sw.ch);
	sw.work = (size_t)nch * sizeof *sw.ch;
	sweep_room(d, &sw);
	w = workers_new(d, &sw);
	do {
		rc = run_sweep(&sw, w, d->threads, err, errlen);
		sw.number++;
		d->st.sweeps++;
	} while (rc == 1);
	if (d->st.bytes + sw.work > d->st.peak)
		d->st.peak = d->st.bytes + sw.work;
	if (sw.disk > d->st.scratch)
		d->st.scratch = (size_t)sw.disk;
	if (sw.fd >= 0)
		close(sw.fd);
	workers_free(d, w);
	chunks_free(&sw, nch);
	if (rc < 0)
		return interrupt_pending() ? 1 : -1;
	d->solved[level] = 1;
	return 0;
}
