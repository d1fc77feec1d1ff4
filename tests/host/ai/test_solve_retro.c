/*
 * test_solve_retro.c - the retrograde pass of the hash solver
 * (ai/solve_retro.c) where the game scores play that never ends
 * (struct tbl_dense's cycle), on a game of rings defined here: the
 * values level by level, a position the numbering does not place, and
 * Ctrl-C in each propagation.
 *
 * The rings: a position is a point n of the ring of its level and the
 * side to move.  On level 0 the only move steps round the ring (n + 1);
 * on level 1 a move steps round the ring of level 1, or drops to point
 * n of level 0.  No position ends the game (unless ENDS makes level 0
 * the ends), so every value comes from the scores: taken + margin of
 * struct tbl_dense, from player 0's side.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "ai/solve.h"
#include "base/interrupt.h"

struct tbl_state {
	int lvl, n, who;
};

/* How the rings misbehave, at dense_index call number fault_call. */
enum fault { FINE, UNNUMBERED, LEVEL_HIGH, LEVEL_LOW, STOP, ENDS };
static enum fault fault;
static int fault_call, calls;
static int ring[2] = { 6, 4 };	/* points of level 0 and level 1 */
static int wide;		/* level 0's margins never 0 */

static struct tbl_state *
rings_clone(const struct tbl_state *s)
{
	struct tbl_state *c = malloc(sizeof *c);

	*c = *s;
	return c;
}

static void
rings_copy(struct tbl_state *d, const struct tbl_state *s)
{
	*d = *s;
}

static void
rings_destroy(struct tbl_state *s)
{
	free(s);
}

static int
rings_players(const struct tbl_state *s)
{
	(void)s;
	return 2;
}

static int
rings_to_move(const struct tbl_state *s)
{
	return fault == ENDS && s->lvl == 0 ? TBL_END : s->who;
}

static int
rings_legal(const struct tbl_state *s, tbl_move *out, int cap)
{
	int n = rings_to_move(s) == TBL_END ? 0 : s->lvl == 1 ? 2 : 1, k;

	if (n > cap)
		return n;
	for (k = 0; k < n; k++)
		out[k] = (tbl_move)(k + 1);
	return n;
}

static int
rings_apply(struct tbl_state *s, tbl_move m)
{
	if (m == 2) {
		s->lvl = 0;
		s->n %= ring[0];
	} else
		s->n = (s->n + 1) % ring[s->lvl];
	s->who ^= 1;
	return 0;
}

/* Level 0's margin of point n (player 0's side): -1, 0, 1 round the
 * ring, or -1 and 1 when wide; level 1's: 1, 0, -1, 0. */
static int
margin(const struct tbl_state *s)
{
	if (s->lvl == 1)
		return s->n % 4 == 0 ? 1 : s->n % 4 == 2 ? -1 : 0;
	return wide ? (s->n % 2 ? 1 : -1) : s->n % 3 - 1;
}

static int
rings_result(const struct tbl_state *s, double *out)
{
	/* ENDS: the last end found holds the enumeration up long enough
	 * for the progress to be shown again when the linking starts. */
	if (s->n == ring[1] - 1) {
		struct timespec quarter = { 0, 250000000 };
		nanosleep(&quarter, NULL);
	}
	out[0] = margin(s) > 0;
	out[1] = margin(s) < 0;
	return 0;
}

static int
rings_position(const struct tbl_state *s, char *buf, size_t len)
{
	return snprintf(buf, len, "%d:%d%c", s->lvl, s->n, s->who ? 'Q' : 'P');
}

static int
rings_dense_levels(const struct tbl_state *s, char *err, size_t errlen)
{
	(void)s;
	(void)err;
	(void)errlen;
	return 2;
}

static uint64_t
rings_dense_size(const struct tbl_state *s, int level)
{
	(void)s;
	return level >= 0 && level < 2 ? 2 * (uint64_t)ring[level] : 0;
}

static int
rings_dense_set(struct tbl_state *s, int level, uint64_t index)
{
	if (level < 0 || level > 1 || index >= 2 * (uint64_t)ring[level])
		return -1;
	s->lvl = level;
	s->n = (int)(index / 2);
	s->who = (int)(index % 2);
	return 0;
}

static int
rings_dense_index(const struct tbl_state *s, struct tbl_dense *out)
{
	int now = ++calls == fault_call;

	if (now && fault == STOP)
		interrupt_request();
	if (now && fault == UNNUMBERED)
		return -1;
	out->end = TBL_DENSE_PLAY;
	out->level = now && fault == LEVEL_HIGH ? 255 : now &&
	    fault == LEVEL_LOW ? -1 : s->lvl;
	out->index = 2 * (uint64_t)s->n + (uint64_t)s->who;
	out->taken = 0;
	out->margin = margin(s);
	out->cycle = 1;
	return 0;
}

static const struct tbl_game rings = {
	.name = "rings",
	.clone = rings_clone, .copy = rings_copy, .destroy = rings_destroy,
	.players = rings_players, .to_move = rings_to_move,
	.legal_moves = rings_legal, .apply = rings_apply,
	.get_position = rings_position, .result = rings_result,
	.flat_key = sizeof(struct tbl_state),
	.dense_levels = rings_dense_levels, .dense_size = rings_dense_size,
	.dense_set = rings_dense_set, .dense_index = rings_dense_index,
};

static void
reset(enum fault f, int at, int points0, int points1)
{
	fault = f;
	fault_call = at;
	calls = 0;
	ring[0] = points0;
	ring[1] = points1;
	wide = 0;
}

/* Run the solver from point 0 of level 1 under cap: its status, with
 * the solver in *out (freed by the caller) and a message in err. */
static int
run(size_t cap, solve_progress_fn fn, struct solver **out, char *err,
    size_t errlen)
{
	struct tbl_state root = { 1, 0, 0 };

	*out = solver_new(&rings, &root, cap, err, errlen);
	assert_non_null(*out);
	return solver_run(*out, fn, NULL, err, errlen);
}

/* The value of position (lvl, n, who): winner and plies. */
static void
value_is(const struct solver *sv, int lvl, int n, int who, int winner,
    unsigned plies)
{
	struct tbl_state s = { lvl, n, who };
	int w;
	unsigned p;

	assert_int_equal(solver_lookup(sv, &s, &w, &p), 0);
	assert_int_equal(w, winner);
	assert_int_equal(p, plies);
}

/*
 * Level 0 first, each point by its own margin: points 2 and 5 won by P,
 * 0 and 3 by Q, 1 and 4 held drawn.  What that decides above is worked
 * out before level 1 is scored: point 2 of level 1 (P to move) drops to
 * point 2 of level 0, which P wins, so P wins it in 1 ply though its own
 * margin is -1; point 3 (Q) drops to point 3, won by Q.  Then level 1's
 * margins: point 0 won by P, point 1 held drawn.
 */
static void
test_levels(void **state)
{
	char err[TBL_ERRLEN] = "";
	struct solver *sv;
	const struct solve_stats *st;

	(void)state;
	reset(FINE, 0, 6, 4);
	assert_int_equal(run((size_t)1 << 24, NULL, &sv, err, sizeof err), 0);
	st = solver_stats(sv);
	assert_int_equal(st->positions, 10);
	assert_int_equal(st->ends, 0);
	assert_int_equal(st->won[0], 4);
	assert_int_equal(st->won[1], 3);
	value_is(sv, 0, 0, 1, 1, 0);
	value_is(sv, 0, 1, 0, -1, 0);
	value_is(sv, 0, 2, 1, 0, 0);
	value_is(sv, 0, 3, 0, 1, 0);
	value_is(sv, 0, 4, 1, -1, 0);
	value_is(sv, 0, 5, 0, 0, 0);
	value_is(sv, 1, 0, 0, 0, 0);
	value_is(sv, 1, 1, 1, -1, 0);
	value_is(sv, 1, 2, 0, 0, 1);
	value_is(sv, 1, 3, 1, 1, 1);
	solver_free(sv);
}

/*
 * A position in play that the numbering does not place (no index, a
 * level out of range) when its play that never ends is to be scored:
 * refused, named, whether found when the levels are first read (call 2,
 * the root, position 0) or when level 0 is scored (call 12: after the
 * root's and the 10 positions' first reading, the first position of
 * level 0, position 2).
 */
static void
unnumbered(enum fault f, int at, const char *want)
{
	char err[TBL_ERRLEN] = "";
	struct solver *sv;

	reset(f, at, 6, 4);
	assert_int_equal(run((size_t)1 << 24, NULL, &sv, err, sizeof err), -1);
	assert_string_equal(err, want);
	solver_free(sv);
}

static void
test_unnumbered(void **state)
{
	const char *root = "rings: position 0 in play is not numbered, and "
	    "its play that never ends is to be scored";
	const char *second = "rings: position 2 in play is not numbered, and "
	    "its play that never ends is to be scored";

	(void)state;
	unnumbered(UNNUMBERED, 2, root);
	unnumbered(LEVEL_HIGH, 2, root);
	unnumbered(LEVEL_LOW, 2, root);
	unnumbered(UNNUMBERED, 12, second);
	unnumbered(LEVEL_HIGH, 12, second);
}

/* Ctrl-C as the linking starts (the progress shown then). */
static void
stop_at_link(void *arg, enum solve_phase ph, uint64_t done, uint64_t total)
{
	(void)arg;
	(void)done;
	(void)total;
	if (ph == SOLVE_LINK)
		interrupt_request();
}

/*
 * Ctrl-C in the propagation from the won ends (ENDS: level 0 the ends,
 * 70000 of them, each won) and in the propagation of the scores (70000 points of
 * level 0 each scored a win): the pass looks at it every 65536
 * positions and stops with 1.
 */
static void
test_interrupted(void **state)
{
	char err[TBL_ERRLEN] = "";
	struct solver *sv;

	(void)state;
	reset(ENDS, 0, 70000, 70000);
	wide = 1;
	assert_int_equal(run((size_t)1 << 26, stop_at_link, &sv, err,
	    sizeof err), 1);
	assert_int_equal(solver_stats(sv)->phase, SOLVE_RETRO);
	assert_int_equal(solver_stats(sv)->ends, 70000);
	assert_int_equal(interrupt_pending(), 1);
	interrupt_clear();
	solver_free(sv);

	reset(STOP, 3, 70000, 4);
	wide = 1;
	assert_int_equal(run((size_t)1 << 26, NULL, &sv, err, sizeof err), 1);
	assert_int_equal(solver_stats(sv)->phase, SOLVE_RETRO);
	assert_int_equal(interrupt_pending(), 1);
	interrupt_clear();
	solver_free(sv);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_levels),
		cmocka_unit_test(test_unnumbered),
		cmocka_unit_test(test_interrupted),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
