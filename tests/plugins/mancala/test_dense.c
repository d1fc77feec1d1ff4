/*
 * test_dense.c - the mancala plugin's dense numbering (ABI 1.4, dense.c):
 * every index of whole levels of small boards set and numbered back to
 * itself; every legal move of those positions stays on its level or goes
 * down, the men it takes off the board credited (taken); ends told as
 * the rules decide them; the options the numbering does not cover
 * declined with their names.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "fakehost.h"

static const struct tbl_game *G;

/*
 * At least the men on the board and taken (|taken| is at most what the
 * move took off the board).
 */
static int
men_of(int level, const struct tbl_dense *d)
{
	return level + (d->taken < 0 ? -d->taken : d->taken);
}

/*
 * Every index of levels 0 .. top of the game of `spec`: set, numbered
 * back; each move's child on the same level or lower (or an end), its
 * men conserved.  Returns the positions in play seen.
 */
static uint64_t
check_levels(const char *spec, int top)
{
	struct tbl_state *s = fake_create(G, spec), *c = G->clone(s);
	char err[TBL_ERRLEN] = "";
	tbl_move mv[256];
	struct tbl_dense d, e;
	uint64_t i, n, inplay = 0;
	int level, k, nm, nlev = G->dense_levels(s, err, sizeof err);

	if (nlev < 0)
		fail_msg("dense_levels(%s): %s", spec, err);
	assert_true(top < nlev);
	assert_int_equal(G->dense_size(s, nlev + 300), 0);
	for (level = 0; level <= top; level++) {
		n = G->dense_size(s, level);
		assert_true(n > 0);
		assert_int_equal(G->dense_set(s, level, n), -1);
		for (i = 0; i < n; i++) {
			assert_int_equal(G->dense_set(s, level, i), 0);
			assert_int_equal(G->dense_index(s, &d), 0);
			assert_int_equal(d.taken, 0);
			if (d.end != TBL_DENSE_PLAY) {
				assert_int_equal(G->to_move(s), TBL_END);
				continue;
			}
			inplay++;
			assert_int_equal(d.level, level);
			/* stuck=pass may hand the move over: the side bit. */
			assert_true(d.index == i || d.index == (i ^ 1));
			nm = G->legal_moves(s, mv, 256);
			assert_true(nm > 0 && nm <= 256);
			for (k = 0; k < nm; k++) {
				G->copy(c, s);
				assert_int_equal(G->apply(c, mv[k]), 0);
				assert_int_equal(G->dense_index(c, &e), 0);
				if (e.end != TBL_DENSE_PLAY)
					continue;
				assert_true(e.level <= level);
				assert_true(e.index < G->dense_size(c, e.level));
				assert_true(men_of(e.level, &e) <= level);
			}
		}
	}
	G->destroy(c);
	G->destroy(s);
	return inplay;
}

static void
test_round_trip_two_rows(void **state)
{
	(void)state;
	assert_true(check_levels("variant=mankalah holes=4 seeds=1 "
	    "turn_limit=0", 8) > 0);
	assert_true(check_levels("variant=annana holes=4 seeds=1 "
	    "turn_limit=0", 7) > 0);
	assert_true(check_levels("variant=mangala holes=5 seeds=1 "
	    "turn_limit=0 stuck=pass leftover=owner", 6) > 0);
}

static void
test_round_trip_four_rows(void **state)
{
	(void)state;
	/* ||Hus: the opening transfer numbered too (open). */
	assert_true(check_levels("variant=hus holes=4 turn_limit=0", 5) > 0);
}

/* The sizes: stars and bars, times side and who may transfer. */
static void
test_sizes(void **state)
{
	struct tbl_state *s = fake_create(G, "variant=mankalah holes=4 "
	    "seeds=1 turn_limit=0"), *h = fake_create(G, "variant=hus "
	    "holes=4 turn_limit=0");
	char err[TBL_ERRLEN];

	(void)state;
	assert_int_equal(G->dense_levels(s, err, sizeof err), 9);
	assert_int_equal(G->dense_size(s, 0), 2);
	assert_int_equal(G->dense_size(s, 1), 16);
	assert_int_equal(G->dense_size(s, 8), 2 * 6435);	/* C(15,7) */
	assert_int_equal(G->dense_levels(h, err, sizeof err), 25);	/* 24 men */
	assert_int_equal(G->dense_size(h, 2), 8 * 136);	/* C(17,15) */
	G->destroy(s);
	G->destroy(h);
}

/* A position with men taken: taken is P's less Q's; the level the rest. */
static void
test_taken_and_ends(void **state)
{
	struct tbl_state *s = fake_create(G, "variant=mankalah holes=4 "
	    "seeds=1 turn_limit=0");
	struct tbl_state *t = fake_create(G, "variant=mankalah holes=4 "
	    "seeds=1 turn_limit=0");
	struct tbl_dense d, e;

	(void)state;
	fake_must_set(G, s, "0,1,0,2/1,0,0,0 P P:3 Q:1");
	assert_int_equal(G->dense_index(s, &d), 0);
	assert_int_equal(d.end, TBL_DENSE_PLAY);
	assert_int_equal(d.level, 4);
	assert_int_equal(d.taken, 2);
	assert_int_equal(G->dense_set(t, d.level, d.index), 0);
	G->dense_index(t, &e);
	assert_int_equal(e.index, d.index);
	assert_int_equal(e.taken, 0);
	fake_must_set(G, s, "0,1,0,2/1,0,0,0 P P:0 Q:0");
	assert_string_equal(fake_position(G, t), fake_position(G, s));
	/* Q cannot move (stuck=end): scored, nothing on the board counted. */
	fake_must_set(G, s, "1,0,0,0/0,0,0,0 Q P:0 Q:1");
	assert_int_equal(G->dense_index(s, &d), 0);
	assert_int_equal(d.end, TBL_DENSE_SCORE);
	assert_int_equal(d.taken, -1);
	assert_int_equal(d.margin, 0);
	G->destroy(s);
	G->destroy(t);
	/* leftover=owner: the men on a side are its owner's margin. */
	s = fake_create(G, "variant=mankalah holes=4 seeds=1 turn_limit=0 "
	    "leftover=owner");
	fake_must_set(G, s, "1,2,0,0/0,0,0,0 Q P:0 Q:1");
	G->dense_index(s, &d);
	assert_int_equal(d.end, TBL_DENSE_SCORE);
	assert_int_equal(d.margin, 3);
	G->destroy(s);
	/* ||Hus: a player who cannot move loses, whatever the score. */
	s = fake_create(G, "variant=hus holes=4 turn_limit=0");
	fake_must_set(G, s, "1,1,0,0/0,0,0,0/0,2,0,0/0,0,0,0 P");
	G->dense_index(s, &d);
	assert_int_equal(d.end, TBL_DENSE_WON1);
	G->destroy(s);
}

/* Options the numbering leaves out are declined, named. */
static void
test_declined(void **state)
{
	static const char *const specs[][2] = {
		{ "variant=mankalah holes=4", "turn_limit=1000" },
		{ "variant=maruba holes=4 turn_limit=0", "extra=hole" },
		{ "variant=mankalah holes=4 turn_limit=0 setup=ignorants",
		  "setup=ignorants" },
		{ "variant=mankalah holes=4 turn_limit=0 match_target=60",
		  "match_target=60" },
	};
	char err[TBL_ERRLEN];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof specs / sizeof specs[0]; i++) {
		struct tbl_state *s = fake_create(G, specs[i][0]);
		err[0] = '\0';
		assert_int_equal(G->dense_levels(s, err, sizeof err), -1);
		if (strstr(err, specs[i][1]) == NULL)
			fail_msg("%s: '%s' does not name %s", specs[i][0], err,
			    specs[i][1]);
		G->destroy(s);
	}
}

static int
group_setup(void **state)
{
	(void)state;
	G = fake_game();
	return 0;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_round_trip_two_rows),
		cmocka_unit_test(test_round_trip_four_rows),
		cmocka_unit_test(test_taken_and_ends),
		cmocka_unit_test(test_declined),
	};

	return cmocka_run_group_tests(tests, group_setup, NULL);
}
