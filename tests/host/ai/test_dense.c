/*
 * test_dense.c - the dense solver (ai/dense.c) on a small game defined
 * here, whose values are known by hand: its refusals (three sides, a
 * numbering declined, a root not numbered, too many levels), the memory
 * cap at a level's table, the values and margins, endless play scored
 * or drawn, the values of ends, and one thread against two on levels
 * large enough for two: the same tables, value for value.  And the
 * levels shared by processes (ai/dense_share.c), through a transport of
 * threads defined here: one process or two, levels narrow and wide, the
 * same tables as one process alone; each fault of the game, of the
 * transport, and Ctrl-C, named where it struck.
 *
 * The game "take": L men on the board (the level) and a wheel of M
 * places; the side to move takes a man (the level falls by one, the man
 * is the taker's) or turns the wheel one place back (the level stays:
 * play can go round for ever).  With no man left the game is over, won
 * by whoever took more.  Both sides take at once, as turning only hands
 * the other side the move: with L men the side to move wins by 1 when L
 * is odd and draws when it is even, wherever the wheel stands.  With
 * spin, taking a man turns the wheel too: the same values, and a move
 * down that lands in another process's block.  With tilt, the end is
 * scored by where the wheel stands too, and so is every position.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <pthread.h>

#include "ai/dense.h"
#include "ai/dense_level.h"	/* slots: a wide level tried small */
#include "base/interrupt.h"
#include "base/procs.h"

struct tbl_state {
	int level, x, who, taken;
};

static int sides = 2;		/* what players() says */
static int nlevels = 6;		/* levels 0 .. 5: up to 5 men */
static int wheel = 4;		/* M */
static int decline;		/* dense_levels() declines the options */
static int unnumbered;		/* dense_index() refuses every position */
static int cycle;		/* endless play scored by the board (0) */
static int endkind = TBL_DENSE_SCORE;	/* how level 0 ends */
static int spin;		/* taking turns the wheel too */
static int tilt;		/* level 0 scored by the wheel too */

/* A fault of the game's, at level fault_level (level 0 for F_END). */
enum { F_NONE, F_SET, F_SIDE, F_CHANCE, F_END, F_NOMOVE, F_MANY,
	F_APPLY, F_UP, F_TAKEN };
static int fault, fault_level = 2;

static struct tbl_state *
take_clone(const struct tbl_state *s)
{
	struct tbl_state *c = malloc(sizeof *c);

	*c = *s;
	return c;
}

static void
take_copy(struct tbl_state *d, const struct tbl_state *s)
{
	*d = *s;
}

static void
take_destroy(struct tbl_state *s)
{
	free(s);
}

static int
take_players(const struct tbl_state *s)
{
	(void)s;
	return sides;
}

static int
take_to_move(const struct tbl_state *s)
{
	if (s->level == fault_level && (fault == F_SIDE || fault == F_CHANCE))
		return fault == F_SIDE ? 5 : TBL_CHANCE;
	return s->level == 0 ? TBL_END : s->who;
}

static int
take_legal(const struct tbl_state *s, tbl_move *out, int cap)
{
	int i, n = s->level == fault_level && fault == F_MANY ? 300 : 2;

	if (s->level == 0 || (s->level == fault_level && fault == F_NOMOVE))
		return 0;
	if (cap < n)
		return n;
	out[0] = 1;		/* take a man */
	for (i = 1; i < n; i++)
		out[i] = 2;	/* turn the wheel */
	return n;
}

static int
take_apply(struct tbl_state *s, tbl_move m)
{
	if (s->level == fault_level && fault == F_APPLY)
		return -1;
	if (m == 1) {
		s->level--;
		s->taken += (s->who == 0 ? 1 : -1) * (fault == F_TAKEN ? 200 : 1);
		if (spin)
			s->x = (s->x + wheel - 1) % wheel;
	} else {
		s->x = (s->x + wheel - 1) % wheel;
	}
	s->who ^= 1;
	return 0;
}

static int
take_dense_levels(const struct tbl_state *s, char *err, size_t errlen)
{
	(void)s;
	if (decline) {
		snprintf(err, errlen, "wheel=odd: not numbered");
		return -1;
	}
	return nlevels;
}

static uint64_t
take_dense_size(const struct tbl_state *s, int level)
{
	(void)s;
	return level >= 0 && level < nlevels ? 2 * (uint64_t)wheel : 0;
}

static int
take_dense_set(struct tbl_state *s, int level, uint64_t index)
{
	if (level < 0 || level >= nlevels || index >= 2 * (uint64_t)wheel ||
	    (fault == F_SET && level == fault_level && index == 3))
		return -1;
	s->level = level;
	s->x = (int)(index / 2);
	s->who = (int)(index % 2);
	s->taken = 0;
	return 0;
}

static int
take_dense_index(const struct tbl_state *s, struct tbl_dense *out)
{
	if (unnumbered || (fault == F_END && s->level == 0))
		return -1;
	memset(out, 0, sizeof *out);
	out->taken = s->taken;
	if (s->level == 0) {
		out->end = endkind;
		out->margin = tilt ? s->x % 3 - 1 : 0;
		return 0;
	}
	out->end = TBL_DENSE_PLAY;
	out->level = s->level + (fault == F_UP && s->level == fault_level);
	out->index = 2 * (uint64_t)s->x + (uint64_t)s->who;
	out->cycle = cycle;
	return 0;
}

static const struct tbl_game take = {
	.name = "take",
	.clone = take_clone, .copy = take_copy, .destroy = take_destroy,
	.players = take_players, .to_move = take_to_move,
	.legal_moves = take_legal, .apply = take_apply,
	.dense_levels = take_dense_levels, .dense_size = take_dense_size,
	.dense_set = take_dense_set, .dense_index = take_dense_index,
};

static void
reset(void)
{
	sides = 2;
	nlevels = 6;
	wheel = 4;
	decline = unnumbered = cycle = spin = tilt = fault = 0;
	fault_level = 2;
	endkind = TBL_DENSE_SCORE;
}

/* The solver of the position of `men` men, P to move, or NULL (err). */
static struct dense *
solver(int men, size_t cap, int threads, char *err, size_t errlen)
{
	struct tbl_state root = { men, 0, 0, 0 };

	return dense_new(&take, &root, cap, threads, err, errlen);
}

static void
test_refusals(void **unused)
{
	char err[256];

	(void)unused;
	reset();
	sides = 3;
	assert_null(solver(5, 1 << 20, 1, err, sizeof err));
	assert_string_equal(err, "take is played by 3 sides here: the dense "
	    "solver handles two");
	reset();
	decline = 1;
	assert_null(solver(5, 1 << 20, 1, err, sizeof err));
	assert_string_equal(err, "wheel=odd: not numbered");
	reset();
	unnumbered = 1;
	assert_null(solver(5, 1 << 20, 1, err, sizeof err));
	assert_string_equal(err, "take does not number this position (a "
	    "chance point, or a choice left out)");
	reset();
	nlevels = 200;
	assert_null(solver(5, 1 << 20, 1, err, sizeof err));
	assert_string_equal(err, "take: 200 levels, more than the 121 the "
	    "dense solver's values hold");
	reset();
}

/* With L men the side to move wins by 1 (L odd) or draws (L even). */
static void
test_values(void **unused)
{
	char err[256];
	struct dense_value v;
	struct tbl_state s = { 0, 0, 0, 0 };
	struct dense *d;
	int men, c;

	(void)unused;
	for (c = 0; c < 2; c++) {
		reset();
		cycle = c;
		d = solver(5, 1 << 20, 1, err, sizeof err);
		assert_non_null(d);
		assert_int_equal(dense_root_level(d), 5);
		assert_int_equal(dense_run(d, -1, NULL, NULL, err, sizeof err), 0);
		/*
		 * With endless play scored (c 1), dense.h's rule reads every
		 * position neither side can force a win from by the men on
		 * the board, a draw by a real end too: only the odd counts,
		 * won by force, keep their value there.
		 */
		for (men = 1; men <= 5; men += 1 + c) {
			s.level = men;
			s.who = men % 2;	/* Q moves at 5, 3, 1 */
			s.x = men % wheel;
			assert_int_equal(dense_value(d, &s, &v), 0);
			assert_int_equal(v.winner, men % 2 ? s.who : -1);
			assert_int_equal(v.margin, men % 2 ? 1 : 0);
		}
		/* What was taken counts: Q took two, P moves with 3 men. */
		s.level = 3;
		s.who = 0;
		s.taken = -2;
		assert_int_equal(dense_value(d, &s, &v), 0);
		assert_int_equal(v.winner, 1);
		if (c == 0)
			assert_int_equal(v.margin, 1);
		s.taken = 0;
		assert_int_equal(dense_stats(d)->positions, 6 * 2 * 4);
		dense_free(d);
	}
	reset();
}

/* A level not solved is not answered; the ends decode as they say. */
static void
test_unsolved_and_ends(void **unused)
{
	char err[256];
	struct dense_value v;
	struct tbl_state s = { 4, 0, 0, 0 };
	struct dense *d;
	static const int kinds[] = { TBL_DENSE_WON0, TBL_DENSE_WON1,
	    TBL_DENSE_DRAW, TBL_DENSE_SCORE };
	static const int winner[] = { 0, 1, -1, 0 }, margin[] = { -1, -1, 0, 2 };
	int k;

	(void)unused;
	reset();
	d = solver(5, 1 << 20, 1, err, sizeof err);
	assert_non_null(d);
	assert_int_equal(dense_run(d, 2, NULL, NULL, err, sizeof err), 0);
	assert_int_equal(dense_value(d, &s, &v), -1);	/* level 4 */
	assert_int_equal(dense_run(d, 9, NULL, NULL, err, sizeof err), -1);
	assert_string_equal(err, "take: level 9 asked for, but these options "
	    "have levels 0 to 5");
	s.level = 0;
	s.taken = 2;
	for (k = 0; k < 4; k++) {
		endkind = kinds[k];
		assert_int_equal(dense_value(d, &s, &v), 0);
		assert_int_equal(v.winner, winner[k]);
		assert_int_equal(v.margin, margin[k]);
	}
	dense_free(d);
	reset();
}

/* A level's table past the cap: refused, named, before it is held. */
static void
test_memory_cap(void **unused)
{
	char err[256];
	struct dense *d;

	(void)unused;
	reset();
	wheel = 1000;		/* 2000 positions, 4000 bytes a level */
	d = solver(5, 3 * 4000 + 100, 1, err, sizeof err);
	assert_non_null(d);
	assert_int_equal(dense_run(d, -1, NULL, NULL, err, sizeof err), -1);
	assert_string_equal(err, "level 3 of 2000 positions would bring the "
	    "tables to 15.6 KiB, past the memory cap of 11.8 KiB (--memory)");
	assert_int_equal(dense_stats(d)->levels, 3);
	dense_free(d);
	reset();
}

/* The tables of level 0 .. top of d into one array (the caller's). */
static uint16_t *
tables(const struct dense *d, int top, uint64_t *n)
{
	uint16_t *t;
	uint64_t at = 0, m = 0;
	int level;

	for (*n = 0, level = 0; level <= top; level++)
		*n += dense_positions(d, level);
	t = malloc((size_t)*n * sizeof *t);
	for (level = 0; level <= top; level++) {
		m = dense_positions(d, level);
		assert_int_equal(dense_get(d, level, 0, m, t + at), 0);
		at += m;
	}
	assert_int_equal(dense_get(d, top, 0, m + 1, t), -1);
	return t;
}

/*
 * Levels of 80000 positions, past the 16 chunks below which one thread
 * sweeps alone, endless play scored: one thread and two give the same
 * table, value for value.
 */
static void
test_threads(void **unused)
{
	char err[256];
	struct dense *d1, *d2;
	uint16_t *t1, *t2;
	uint64_t n1, n2;

	(void)unused;
	reset();
	wheel = 40000;
	nlevels = 4;
	cycle = 1;
	d1 = solver(3, (size_t)1 << 30, 1, err, sizeof err);
	d2 = solver(3, (size_t)1 << 30, 2, err, sizeof err);
	assert_non_null(d1);
	assert_non_null(d2);
	assert_int_equal(dense_run(d1, -1, NULL, NULL, err, sizeof err), 0);
	assert_int_equal(dense_run(d2, -1, NULL, NULL, err, sizeof err), 0);
	assert_int_equal(dense_stats(d2)->threads, 2);
	t1 = tables(d1, 3, &n1);
	t2 = tables(d2, 3, &n2);
	assert_int_equal(n1, 4 * 80000);
	assert_int_equal(n1, n2);
	assert_memory_equal(t1, t2, (size_t)n1 * sizeof *t1);
	assert_int_equal(dense_stats(d1)->positions,
	    dense_stats(d2)->positions);
	free(t1);
	free(t2);
	dense_free(d1);
	dense_free(d2);
	reset();
}

/*
 * Processes as threads of this test: a real transport (base/procs.h)
 * for dense_share.c.  Each collective call meets the others at a
 * barrier, reads what they put up, and meets them again before the
 * next call may overwrite it.
 */
#define RANKS 2

struct hub {
	int size;
	pthread_barrier_t bar;
	const void *put[RANKS];
	const uint64_t *count[RANKS];
	uint64_t *val[RANKS];
	int refuse;		/* 1: counts() refuses, 2: exchange() of
				   values (2 bytes) refuses */
	int stop_level;		/* progress: Ctrl-C at this level, */
	unsigned stop_sweep;	/* ... in this sweep (0: while playing) */
	int refuse_level;	/* progress: refuse = 2 from this level */
	uint64_t slots;		/* the solvers' (0: as dense_new makes it) */
	int men;		/* the root's level */
};

struct rank {
	struct procs p;
	struct hub *h;
	int rc;
	char err[256];
	uint16_t *full[8];	/* rank 0: the levels gathered */
};

static int
hub_counts(void *ctx, const uint64_t *send, uint64_t *recv)
{
	struct rank *r = ctx;
	struct hub *h = r->h;
	int q;

	h->count[r->p.rank] = send;
	pthread_barrier_wait(&h->bar);
	for (q = 0; q < h->size && h->refuse != 1; q++)
		recv[q] = h->count[q][r->p.rank];
	pthread_barrier_wait(&h->bar);
	r->p.calls++;
	return h->refuse == 1 ? -1 : 0;
}

static int
hub_exchange(void *ctx, const void *send, const uint64_t *scount,
    void *recv, const uint64_t *rcount, size_t width)
{
	struct rank *r = ctx;
	struct hub *h = r->h;
	uint64_t at = 0, off;
	int q, t, me = r->p.rank, bad = 0;

	h->put[me] = send;
	h->count[me] = scount;
	pthread_barrier_wait(&h->bar);
	for (q = 0; q < h->size; q++) {
		for (off = 0, t = 0; t < me; t++)
			off += h->count[q][t];
		bad |= h->count[q][me] != rcount[q];
		if (rcount[q] > 0 && !bad)
			memcpy((char *)recv + at * width, (const char *)
			    h->put[q] + off * width, rcount[q] * width);
		at += rcount[q];
		if (q != me)
			r->p.sent += scount[q] * width;
	}
	pthread_barrier_wait(&h->bar);
	r->p.calls++;
	return bad || (h->refuse == 2 && width == 2) ? -1 : 0;
}

static int
hub_reduce(void *ctx, uint64_t *v, int n, int sum)
{
	struct rank *r = ctx;
	struct hub *h = r->h;
	uint64_t *t = calloc((size_t)n, sizeof *t);
	int i, q;

	h->val[r->p.rank] = v;
	pthread_barrier_wait(&h->bar);
	for (q = 0; q < h->size; q++)
		for (i = 0; i < n; i++)
			t[i] = sum ? t[i] + h->val[q][i] : t[i] > h->val[q][i] ?
			    t[i] : h->val[q][i];
	pthread_barrier_wait(&h->bar);
	memcpy(v, t, (size_t)n * sizeof *v);
	free(t);
	r->p.calls++;
	return 0;
}

/*
 * Progress: Ctrl-C, or the transport's refusal, where the hub says.
 * Rank 0 alone writes the hub, between two calls that the others meet.
 */
static void
hub_progress(void *arg, int level, int levels, unsigned sweep,
    uint64_t done, uint64_t total)
{
	struct rank *r = arg;
	struct hub *h = r->h;

	(void)levels;
	(void)done;
	(void)total;
	if (r->p.rank != 0)
		return;
	if (level == h->stop_level && sweep == h->stop_sweep)
		interrupt_request();
	if (level == h->refuse_level && sweep > 0)
		h->refuse = 2;
}

/* One process: its solver run and, if solved, every level gathered. */
static void *
rank_main(void *arg)
{
	struct rank *r = arg;
	struct tbl_state root = { r->h->men, 0, 0, 0 };
	struct dense *d;
	int level;

	d = dense_new(&take, &root, (size_t)1 << 30, 1, r->err, sizeof r->err);
	if (d == NULL)
		abort();
	if (r->h->slots != 0)
		d->slots = r->h->slots;
	dense_set_comm(d, &r->p);
	r->rc = dense_run(d, -1, hub_progress, r, r->err, sizeof r->err);
	for (level = 0; r->rc == 0 && level <= r->h->men; level++)
		if (dense_share_gather(d, level, &r->full[level], r->err,
		    sizeof r->err) != 0)
			r->rc = -2;
	dense_free(d);
	return NULL;
}

/* The root of `men` men solved by h->size processes, into r[]. */
static void
share_run(struct hub *h, struct rank *r)
{
	pthread_t t[RANKS];
	int i;

	memset(r, 0, RANKS * sizeof *r);
	assert_int_equal(pthread_barrier_init(&h->bar, NULL,
	    (unsigned)h->size), 0);
	for (i = 0; i < h->size; i++) {
		r[i].p = (struct procs){ .rank = i, .size = h->size,
		    .counts = hub_counts, .exchange = hub_exchange,
		    .reduce = hub_reduce, .ctx = &r[i] };
		r[i].h = h;
		assert_int_equal(pthread_create(&t[i], NULL, rank_main, &r[i]),
		    0);
	}
	for (i = 0; i < h->size; i++)
		assert_int_equal(pthread_join(t[i], NULL), 0);
	pthread_barrier_destroy(&h->bar);
	interrupt_clear();
}

static void
share_free(struct rank *r)
{
	int i, level;

	for (i = 0; i < RANKS; i++)
		for (level = 0; level < 8; level++)
			free(r[i].full[level]);
}

/*
 * Levels of 6000 positions, two blocks of them with two processes,
 * taking spins the wheel (moves down cross the blocks), the ends tilted
 * (every value hangs on the wheel), endless play scored or not: one
 * process, two, and two with the levels wide (fewer slots than
 * positions: the children held elsewhere listed by key, as on a level
 * of 2^32 positions or more) give the tables of one process alone,
 * value for value.
 */
static void
test_share(void **unused)
{
	static const struct { int size; uint64_t slots; } runs[] = {
		{ 1, 0 }, { 2, 0 }, { 2, 6000 }, { 2, 4100 },
	};
	struct hub h;
	struct rank r[RANKS];
	struct dense *d;
	uint16_t *t;
	uint64_t n, at;
	char err[256];
	int c, i, level;

	(void)unused;
	for (c = 0; c < 2; c++) {
		reset();
		wheel = 3000;
		nlevels = 4;
		spin = tilt = 1;
		cycle = c;
		d = solver(3, (size_t)1 << 30, 1, err, sizeof err);
		assert_non_null(d);
		assert_int_equal(dense_run(d, -1, NULL, NULL, err, sizeof err), 0);
		t = tables(d, 3, &n);
		assert_int_equal(n, 4 * 6000);
		for (i = 0; i < (int)(sizeof runs / sizeof runs[0]); i++) {
			memset(&h, 0, sizeof h);
			h.size = runs[i].size;
			h.slots = runs[i].slots;
			h.men = 3;
			h.stop_level = h.refuse_level = -1;
			share_run(&h, r);
			assert_int_equal(r[0].rc, 0);
			assert_int_equal(r[h.size - 1].rc, 0);
			for (at = 0, level = 0; level <= 3; level++, at += 6000)
				assert_memory_equal(r[0].full[level], t + at,
				    6000 * sizeof *t);
			assert_null(r[1].full[0]);
			share_free(r);
		}
		free(t);
		dense_free(d);
	}
	reset();
}

/* One process of a hub of size, the game as reset() and the caller
 * left it: its run's rc and message. */
static int
share_fails(struct hub *h, int size, char *err, size_t errlen)
{
	struct rank r[RANKS];

	h->size = size;
	h->men = 3;
	share_run(h, r);
	snprintf(err, errlen, "%s", r[0].err);
	if (size > 1)
		assert_int_equal(r[1].rc, r[0].rc);
	share_free(r);
	return r[0].rc;
}

/* Each fault of the game, where it struck; the first kept. */
static void
test_share_faults(void **unused)
{
	static const struct { int fault; const char *err; } f[] = {
		{ F_SET, "refuses its own dense number (level 2, position 3)" },
		{ F_SIDE, "names a side to move that does not play (level 2, "
		    "position 0)" },
		{ F_CHANCE, "has a chance point or a third side (level 2, "
		    "position 0)" },
		{ F_END, "does not number its own end (level 0, position 0)" },
		{ F_NOMOVE, "has no move for the side to move (level 2, "
		    "position 0)" },
		{ F_MANY, "has more than 255 moves on its level (level 2, "
		    "position 0)" },
		{ F_APPLY, "refuses a move or its number (level 2, position 0)" },
		{ F_UP, "has a move to a higher level (level 2, position 0)" },
	};
	struct hub h;
	char err[256], want[256];
	int i;

	(void)unused;
	for (i = 0; i < (int)(sizeof f / sizeof f[0]); i++) {
		reset();
		fault = f[i].fault;
		memset(&h, 0, sizeof h);
		h.stop_level = h.refuse_level = -1;
		assert_int_equal(share_fails(&h, 1, err, sizeof err), -1);
		snprintf(want, sizeof want, "take %s", f[i].err);
		assert_string_equal(err, want);
	}
	/* A move down to another's block that takes 200 men. */
	reset();
	wheel = 3000;
	spin = 1;
	fault = F_TAKEN;
	memset(&h, 0, sizeof h);
	h.stop_level = h.refuse_level = -1;
	assert_int_equal(share_fails(&h, 2, err, sizeof err), -1);
	assert_string_equal(err, "take takes more than 127 men in a move "
	    "(level 2, position 0)");
	/*
	 * More children than a slot numbers (4097 here): the first named,
	 * at the second child held elsewhere, not the list of them after.
	 */
	reset();
	wheel = 3000;
	memset(&h, 0, sizeof h);
	h.stop_level = h.refuse_level = -1;
	h.slots = 4097;
	assert_int_equal(share_fails(&h, 2, err, sizeof err), -1);
	assert_string_equal(err, "take has too many positions for one "
	    "process: run more processes (level 1, position 1)");
	reset();
}

/* The transport's refusals and Ctrl-C, while playing and sweeping. */
static void
test_share_stops(void **unused)
{
	struct hub h;
	char err[256];

	(void)unused;
	reset();
	wheel = 3000;		/* two batches a level */
	memset(&h, 0, sizeof h);
	h.refuse_level = -1;
	h.stop_level = 2;
	assert_int_equal(share_fails(&h, 1, err, sizeof err), 1);
	assert_string_equal(err, "take interrupted (level 2, position 0)");
	h.stop_sweep = 1;
	assert_int_equal(share_fails(&h, 1, err, sizeof err), 1);
	assert_string_equal(err, "interrupted");
	memset(&h, 0, sizeof h);
	h.stop_level = -1;
	h.refuse_level = 1;
	assert_int_equal(share_fails(&h, 2, err, sizeof err), -1);
	assert_string_equal(err, "take exchanges more values than the "
	    "transport takes at once: run more processes (level 1, "
	    "position 0)");
	memset(&h, 0, sizeof h);
	h.stop_level = h.refuse_level = -1;
	h.refuse = 1;
	assert_int_equal(share_fails(&h, 2, err, sizeof err), -1);
	assert_string_equal(err, "take exchanges more values than the "
	    "transport takes at once: run more processes (level 0, "
	    "position 0)");
	reset();
}

static void
test_where(void **unused)
{
	struct dense_where w = { 0 };
	char buf[128];

	(void)unused;
	dense_where_text(&w, buf, sizeof buf);
	assert_string_equal(buf, "before the first level");
	dense_where_note(&w, 12, 21, 2, 40960, 1000560);
	dense_where_text(&w, buf, sizeof buf);
	assert_string_equal(buf, "in level 12 of 0 to 20, sweep 3, at 40960 "
	    "of its 1000560 positions");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_values),
		cmocka_unit_test(test_unsolved_and_ends),
		cmocka_unit_test(test_memory_cap),
		cmocka_unit_test(test_threads),
		cmocka_unit_test(test_share),
		cmocka_unit_test(test_share_faults),
		cmocka_unit_test(test_share_stops),
		cmocka_unit_test(test_where),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
