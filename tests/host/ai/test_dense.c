/*
 * test_dense.c - the dense solver (ai/dense.c) on a small game defined
 * here, whose values are known by hand: its refusals (three sides, a
 * numbering declined, a root not numbered, too many levels), the memory
 * cap at a level's table, the values and margins, endless play scored
 * or drawn, the values of ends, and one thread against two on levels
 * large enough for two: the same tables, value for value.
 *
 * The game "take": L men on the board (the level) and a wheel of M
 * places; the side to move takes a man (the level falls by one, the man
 * is the taker's) or turns the wheel one place back (the level stays:
 * play can go round for ever).  With no man left the game is over, won
 * by whoever took more.  Both sides take at once, as turning only hands
 * the other side the move: with L men the side to move wins by 1 when L
 * is odd and draws when it is even, wherever the wheel stands.
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

#include "ai/dense.h"

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
	return s->level == 0 ? TBL_END : s->who;
}

static int
take_legal(const struct tbl_state *s, tbl_move *out, int cap)
{
	if (s->level == 0)
		return 0;
	if (cap < 2)
		return 2;
	out[0] = 1;		/* take a man */
	out[1] = 2;		/* turn the wheel */
	return 2;
}

static int
take_apply(struct tbl_state *s, tbl_move m)
{
	if (m == 1) {
		s->level--;
		s->taken += s->who == 0 ? 1 : -1;
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
	if (level < 0 || level >= nlevels || index >= 2 * (uint64_t)wheel)
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
	if (unnumbered)
		return -1;
	memset(out, 0, sizeof *out);
	out->taken = s->taken;
	if (s->level == 0) {
		out->end = endkind;
		return 0;
	}
	out->end = TBL_DENSE_PLAY;
	out->level = s->level;
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
	decline = unnumbered = cycle = 0;
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
		cmocka_unit_test(test_where),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
