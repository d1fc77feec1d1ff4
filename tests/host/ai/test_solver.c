/*
 * test_solver.c - the solver of ai/solve.c and what its faces share
 * (ai/solve_setup.c), on a small race game defined here: every value
 * against a minimax of the test's own, the memory cap at each table it
 * charges and the allocator's refusal, Ctrl-C between the phases, and the
 * plugin answers the solver
 * must refuse (keys that do not fit or do not restore, chance, a player
 * out of range, too many moves, a legal move refused).
 *
 * The race: a counter from 0 to TARGET; P and Q take turns adding 1 or
 * 2 (never past TARGET); who brings it to TARGET wins.
 */
#include "config.h"

#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ai/solve.h"
#include "ai/solve_setup.h"
#include "ai/solve_table.h"
#include "base/interrupt.h"
#include "base/util.h"
#include "core/settings.h"

struct tbl_state {
	int n, who;
};

/* How the race misbehaves, at the position with counter fault_n. */
enum fault {
	FINE, GETKEY, SETKEY, KEYSIZE_NEG, KEYSIZE_WHY, KEYSIZE_BIG, CHANCE,
	BADWHO, HUGE, WIDE, APPLY, NORESULT
};
static enum fault fault;
static int longtext;		/* move texts of 200 characters */
static int fault_n = -1;
static int setkey_calls;	/* SETKEY: fails on call number fault_n */
static int target = 4;

static struct tbl_state *
race_clone(const struct tbl_state *s)
{
	struct tbl_state *c = malloc(sizeof *c);

	*c = *s;
	return c;
}

static void
race_copy(struct tbl_state *d, const struct tbl_state *s)
{
	*d = *s;
}

static void
race_destroy(struct tbl_state *s)
{
	free(s);
}

static int
race_players(const struct tbl_state *s)
{
	(void)s;
	return 2;
}

static int
race_to_move(const struct tbl_state *s)
{
	if (s->n >= target)
		return TBL_END;
	if (s->n == fault_n && fault == CHANCE)
		return TBL_CHANCE;
	if (s->n == fault_n && fault == BADWHO)
		return 5;
	return s->who;
}

static int
race_legal(const struct tbl_state *s, tbl_move *out, int cap)
{
	int n = fault == WIDE ? TBL_MOVES_HINT + 44 :
	    fault == HUGE && s->n == fault_n ? 70000 : 2, k;

	if (s->n >= target)
		return 0;
	if (n > cap)
		return n;
	for (k = 0; k < n; k++)
		out[k] = 1 + (tbl_move)(k % 2);
	return n;
}

static int
race_apply(struct tbl_state *s, tbl_move m)
{
	if (fault == APPLY && s->n == fault_n)
		return -1;
	s->n = s->n + (int)m > target ? target : s->n + (int)m;
	s->who ^= 1;
	return 0;
}

static int
race_result(const struct tbl_state *s, double *out)
{
	if (fault == NORESULT)
		return -1;
	out[s->who] = 0;	/* the side to move did not reach it */
	out[!s->who] = 1;
	return 0;
}

static int
race_format(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	(void)s;
	if (longtext)
		return snprintf(buf, len, "%0200d", (int)m);
	return snprintf(buf, len, "+%d", (int)m);
}

static int
race_position(const struct tbl_state *s, char *buf, size_t len)
{
	return snprintf(buf, len, "%d%c", s->n, s->who ? 'Q' : 'P');
}

static int
race_key_size(const struct tbl_state *s, char *err, size_t errlen)
{
	(void)s;
	if (fault == KEYSIZE_NEG)
		return -1;
	if (fault == KEYSIZE_WHY) {
		snprintf(err, errlen, "set keyed=yes first");
		return -1;
	}
	return fault == KEYSIZE_BIG ? 5000 : 2;
}

static int
race_get_key(const struct tbl_state *s, unsigned char *key, size_t len)
{
	assert_int_equal(len, 2);
	if (fault == GETKEY && s->n == fault_n)
		return -1;
	key[0] = (unsigned char)s->n;
	key[1] = (unsigned char)s->who;
	return 0;
}

static int
race_set_key(struct tbl_state *s, const unsigned char *key, size_t len)
{
	assert_int_equal(len, 2);
	if (fault == SETKEY && ++setkey_calls == fault_n)
		return -1;
	s->n = key[0];
	s->who = key[1];
	return 0;
}

static const struct tbl_game race = {
	.name = "race",
	.clone = race_clone, .copy = race_copy, .destroy = race_destroy,
	.players = race_players, .to_move = race_to_move,
	.legal_moves = race_legal, .apply = race_apply,
	.format_move = race_format, .get_position = race_position,
	.result = race_result,
	.key_size = race_key_size, .get_key = race_get_key,
	.set_key = race_set_key,
};

/* The value of (n, who) by plain minimax: a win as quick as can be, a
 * loss as slow (the solver's plies). */
static void
minimax(int n, int who, int *winner, unsigned *plies)
{
	int step, w, best_win = -1;
	unsigned p, win_plies = 0, loss_plies = 0;

	if (n >= target) {
		*winner = !who;
		*plies = 0;
		return;
	}
	for (step = 1; step <= 2; step++) {
		minimax(n + step > target ? target : n + step, !who, &w, &p);
		if (w == who && (best_win < 0 || p + 1 < win_plies)) {
			best_win = 1;
			win_plies = p + 1;
		}
		if (w != who && p + 1 > loss_plies)
			loss_plies = p + 1;
	}
	*winner = best_win > 0 ? who : !who;
	*plies = best_win > 0 ? win_plies : loss_plies;
}

static void
reset(enum fault f, int at)
{
	fault = f;
	fault_n = at;
	setkey_calls = 0;
	longtext = 0;
	target = 4;
}

/* Solve the race from (n, who) under cap: the solver, or NULL with err. */
static struct solver *
solve_from(int n, int who, size_t cap, char *err, size_t errlen)
{
	struct tbl_state root = { n, who };
	struct solver *sv = solver_new(&race, &root, cap, err, errlen);

	if (sv != NULL && solver_run(sv, NULL, NULL, err, errlen) != 0) {
		solver_free(sv);
		return NULL;
	}
	return sv;
}

static void
test_values(void **state)
{
	char err[TBL_ERRLEN];
	int n, who, w, mw;
	unsigned p, mp;

	(void)state;
	for (target = 2; target <= 9; target++) {
		int t = target;
		struct solver *sv;
		const struct solve_stats *st;

		reset(FINE, -1);
		target = t;
		sv = solve_from(0, 0, (size_t)1 << 24, err, sizeof err);
		assert_non_null(sv);
		st = solver_stats(sv);
		/* 0P, 1Q, then both sides at 2..TARGET */
		assert_int_equal(st->positions, 2 * (uint64_t)t);
		assert_int_equal(st->ends, 2);
		assert_int_equal(st->edges, 2 * (2 * (uint64_t)t - 2));
		assert_int_equal(st->won[0] + st->won[1], st->positions);
		assert_int_equal(st->key_bytes, 2);
		for (n = 0; n <= t; n++)
			for (who = 0; who < 2; who++) {
				struct tbl_state s = { n, who };
				int unreachable = (n == 0 && who == 1) ||
				    (n == 1 && who == 0);
				if (unreachable) {
					assert_int_equal(solver_lookup(sv, &s, &w,
					    &p), -1);
					continue;
				}
				assert_int_equal(solver_lookup(sv, &s, &w, &p), 0);
				minimax(n, who, &mw, &mp);
				assert_int_equal(w, mw);
				assert_int_equal(p, mp);
			}
		solver_free(sv);
	}
}

/* The values of the moves of one position, and a move whose position the
 * tables do not hold, and moves of more than TBL_MOVES_HINT. */
static void
test_move_values(void **state)
{
	char err[TBL_ERRLEN];
	struct solver *sv;
	struct solve_move *mv;
	struct tbl_state s = { 0, 0 };
	int n;

	(void)state;
	reset(FINE, -1);
	sv = solve_from(0, 0, (size_t)1 << 24, err, sizeof err);
	assert_non_null(sv);
	/* 4: +1 leaves Q at 3 to lose in 2; +2 leaves Q at 2 to win in 1. */
	n = solve_move_values(sv, &race, &s, &mv);
	assert_int_equal(n, 2);
	assert_string_equal(mv[0].text, "+1");
	assert_int_equal(mv[0].move, 1);
	assert_int_equal(mv[0].winner, 0);
	assert_int_equal(mv[0].plies, 3);
	assert_string_equal(solve_value_word(mv[0].winner, 0), "win");
	assert_string_equal(mv[1].text, "+2");
	assert_int_equal(mv[1].winner, 1);
	assert_int_equal(mv[1].plies, 2);
	assert_string_equal(solve_value_word(mv[1].winner, 0), "loss");
	assert_string_equal(solve_value_word(-1, 0), "draw");
	solve_moves_free(mv, n);
	solver_free(sv);

	/* Solved from 1Q: the child 2Q of 0P is not in the tables. */
	sv = solve_from(1, 1, (size_t)1 << 24, err, sizeof err);
	assert_non_null(sv);
	n = solve_move_values(sv, &race, &s, &mv);
	assert_int_equal(n, 1);
	assert_string_equal(mv[0].text, "+1");
	assert_int_equal(mv[0].winner, 0);
	assert_int_equal(mv[0].plies, 3);
	solve_moves_free(mv, n);
	/* A move the game refuses has no value. */
	reset(APPLY, 0);
	n = solve_move_values(sv, &race, &s, &mv);
	assert_int_equal(n, 0);
	solve_moves_free(mv, n);
	solver_free(sv);

	/* 300 moves a position (each +1 or +2 again), long move texts. */
	reset(WIDE, -1);
	sv = solve_from(0, 0, (size_t)1 << 24, err, sizeof err);
	assert_non_null(sv);
	assert_int_equal(solver_stats(sv)->edges, (2 * 4 - 2) *
	    (uint64_t)(TBL_MOVES_HINT + 44));
	longtext = 1;
	n = solve_move_values(sv, &race, &s, &mv);
	assert_int_equal(n, TBL_MOVES_HINT + 44);
	assert_int_equal(strlen(mv[0].text), 200);
	assert_int_equal(mv[0].plies, 3);
	assert_string_equal(mv[1].text + 195, "00002");
	assert_int_equal(mv[1].plies, 2);
	solve_moves_free(mv, n);
	solver_free(sv);
}

/* A game without a result is drawn everywhere. */
static void
test_no_result(void **state)
{
	char err[TBL_ERRLEN];
	struct solver *sv;
	struct tbl_state s = { 0, 0 };
	int w;
	unsigned p;

	(void)state;
	reset(NORESULT, -1);
	sv = solve_from(0, 0, (size_t)1 << 24, err, sizeof err);
	assert_non_null(sv);
	assert_int_equal(solver_lookup(sv, &s, &w, &p), 0);
	assert_int_equal(w, -1);
	assert_int_equal(p, 0);
	assert_int_equal(solver_stats(sv)->won[0] + solver_stats(sv)->won[1], 0);
	solver_free(sv);
}

/* solver_new's and solver_run's refusals, each message exactly. */
static void
refused(enum fault f, int at, const char *want)
{
	char err[TBL_ERRLEN] = "";

	reset(f, at);
	assert_null(solve_from(0, 0, (size_t)1 << 24, err, sizeof err));
	assert_string_equal(err, want);
}

static void
test_refusals(void **state)
{
	(void)state;
	refused(KEYSIZE_NEG, -1, "these options allow no position key");
	refused(KEYSIZE_WHY, -1, "set keyed=yes first");
	refused(KEYSIZE_BIG, -1,
	    "race: a position key of 5000 bytes (1 to 4096 allowed)");
	refused(GETKEY, 0, "race: position '0P' does not fit in a key of 2 bytes");
	refused(GETKEY, 3, "race: position '3P' does not fit in a key of 2 bytes");
	refused(SETKEY, 1, "race refuses its own key of position 0");
	refused(SETKEY, 2, "race refuses its own key of position 0");
	refused(CHANCE, 2, "race reaches a chance point (position '2Q'): solve "
	    "handles only games without chance");
	refused(BADWHO, 1, "race names player 5 to move (position '1Q')");
	refused(HUGE, 2, "race has 70000 moves in one position, more than the "
	    "65535 solve counts (position '2Q')");
	refused(APPLY, 2, "race refuses its own legal move 1 (position '2Q')");
}

/* The lookup of a position whose key does not fit, and before a run. */
static void
test_lookup_misses(void **state)
{
	char err[TBL_ERRLEN];
	struct tbl_state root = { 0, 0 }, s = { 3, 1 };
	struct solver *sv;
	int w;
	unsigned p;

	(void)state;
	reset(FINE, -1);
	sv = solver_new(&race, &root, (size_t)1 << 24, err, sizeof err);
	assert_non_null(sv);
	assert_int_equal(solver_lookup(sv, &root, &w, &p), -1);
	assert_int_equal(solver_run(sv, NULL, NULL, err, sizeof err), 0);
	assert_int_equal(solver_lookup(sv, &s, &w, &p), 0);
	reset(GETKEY, 3);
	assert_int_equal(solver_lookup(sv, &s, &w, &p), -1);
	solver_free(sv);
}

/*
 * The memory cap: below the first tables (the index of keys, 32 KiB, the
 * positions, 8 + 4 + 8 KiB, the moves, 64 KiB) refused at once; then met
 * by the parents' index and the parents.
 */
static void
capped(size_t cap, const char *want)
{
	char err[TBL_ERRLEN] = "";

	reset(FINE, -1);
	assert_null(solve_from(0, 0, cap, err, sizeof err));
	assert_string_equal(err, want);
}

static void
test_memory_cap(void **state)
{
	char err[TBL_ERRLEN];
	struct solver *sv;
	size_t all = 32768 + 8192 + 4096 + 8192 + 65536;

	(void)state;
	capped(1000, "a memory cap of 1000 B cannot hold the first tables of "
	    "race (116.0 KiB for keys of 2 bytes): the smallest cap that "
	    "starts is 1M");
	capped(all - 1, "a memory cap of 116.0 KiB cannot hold the first "
	    "tables of race (116.0 KiB for keys of 2 bytes): the smallest cap "
	    "that starts is 1M");
	/* 8 positions: 9 entries of 4 bytes, then 12 moves of 4 bytes. */
	capped(all, "stopped at 8 positions: the parents' index would bring "
	    "the tables to 116.0 KiB, past the memory cap of 116.0 KiB "
	    "(--memory)");
	capped(all + 36, "stopped at 8 positions: the parents would bring the "
	    "tables to 116.1 KiB, past the memory cap of 116.0 KiB "
	    "(--memory)");
	reset(FINE, -1);
	sv = solve_from(0, 0, all + 36 + 48, err, sizeof err);
	assert_non_null(sv);
	assert_int_equal(solver_stats(sv)->peak, all + 36 + 48);
	solver_free(sv);
}

/*
 * A table the allocator refuses though the cap allows it: the message
 * names the table and its size, and nothing is counted.  (Not built
 * under AddressSanitizer, whose allocator stops the program at such a
 * size.)
 */
#ifndef __SANITIZE_ADDRESS__
static void
test_no_memory(void **state)
{
	struct solver sv;
	char err[TBL_ERRLEN] = "";
	void *p = NULL;

	(void)state;
	memset(&sv, 0, sizeof sv);
	sv.cap = SIZE_MAX;
	sv.err = err;
	sv.errlen = sizeof err;
	assert_int_equal(solve_resize(&sv, &p, 0, (size_t)1 << 62, "queue"), -1);
	assert_string_equal(err, "stopped at 0 positions: no memory for queue "
	    "of 4194304.0 TiB");
	assert_null(p);
	assert_int_equal(sv.used, 0);
	assert_int_equal(sv.st.peak, 0);
}
#endif

/* Ctrl-C between enumerating and linking: the run stops with 1. */
static void
raise_sigint(void *arg, enum solve_phase ph, uint64_t done, uint64_t total)
{
	int *calls = arg;

	assert_int_equal(ph, SOLVE_ENUMERATE);
	assert_int_equal(done, 0);
	assert_int_equal(total, 1);
	(*calls)++;
	raise(SIGINT);
}

static void
test_interrupted(void **state)
{
	char err[TBL_ERRLEN];
	struct tbl_state root = { 0, 0 };
	struct solver *sv;
	int calls = 0;

	(void)state;
	reset(FINE, -1);
	interrupt_install();
	sv = solver_new(&race, &root, (size_t)1 << 24, err, sizeof err);
	assert_non_null(sv);
	assert_int_equal(solver_run(sv, raise_sigint, &calls, err, sizeof err), 1);
	assert_int_equal(calls, 1);
	assert_int_equal(interrupt_pending(), 1);
	interrupt_clear();
	solver_free(sv);
}

static void
test_parse_bytes(void **state)
{
	static const struct { const char *text; size_t v; } good[] = {
		{ "100B", 100 }, { "15k", 15360 },
		{ "2KiB", 2048 }, { "3M", 3 << 20 }, { "1G", (size_t)1 << 30 },
		{ "2GB", (size_t)2 << 30 }, { "1TiB", (size_t)1 << 40 },
		{ "4t", (size_t)4 << 40 },
	};
	static const char *const bad[] = {
		"", "M", "0", "-1K", "0.5", "5X", "5Bi", "5iB", "1KiBx",
		"1e18", "1000000T", "100", "1.5k", "0x10M", "1e3M", " 5M",
		"+5M", "5 M", "18446744073709551617K",
	};
	size_t i, v;

	(void)state;
	for (i = 0; i < sizeof good / sizeof *good; i++) {
		v = 0;
		assert_int_equal(solve_parse_bytes(good[i].text, &v), 0);
		assert_int_equal(v, good[i].v);
	}
	for (i = 0; i < sizeof bad / sizeof *bad; i++) {
		v = 7;
		assert_int_equal(solve_parse_bytes(bad[i], &v), -1);
		assert_int_equal(v, 7);
	}
}

static void
test_check_cap(void **state)
{
	char err[TBL_ERRLEN] = "";
	size_t m = solve_machine_memory();

	(void)state;
	assert_true(m > 0);
	assert_int_equal(solve_default_cap(), m / 2);
	assert_int_equal(solve_check_cap(SOLVE_MIN_CAP, err, sizeof err), 0);
	assert_int_equal(solve_check_cap(m, err, sizeof err), 0);
	assert_int_equal(solve_check_cap(SOLVE_MIN_CAP - 1, err, sizeof err), -1);
	assert_string_equal(err, "a memory cap of 1024.0 KiB is too small to "
	    "start: solve needs at least 1.0 MiB");
}

/* The settings that switch a game's limits off (its `unlimited`). */
static const char *const styles[] = { "fixed", "free", NULL };
static const struct tbl_option limit_opts[] = {
	{ "limit", TBL_OPT_INT, "10", 0, 100, NULL, NULL },
	{ "style", TBL_OPT_STRING, "free", 0, 0, NULL, NULL },
	{ "kind", TBL_OPT_ENUM, "fixed", 0, 0, styles, NULL },
	{ "plain", TBL_OPT_INT, NULL, 0, 100, NULL, NULL },
};
static const char *const unlim_ok[] = {
	"noequals", "nosuch=1", "style=free", "limit=00", "kind=free",
	"plain=0", NULL,
};
static const char *const unlim_bad[] = { "limit=zero", NULL };

static void
test_unlimit(void **state)
{
	struct tbl_game g = { .name = "lim", .options = limit_opts,
	    .noptions = 4, .unlimited = unlim_ok };
	struct optset os;
	struct sbuf applied = { 0 };
	char err[TBL_ERRLEN] = "";

	(void)state;
	/* Defaults: limit 10 and kind fixed switched, style already free,
	 * plain (no default) set. */
	optset_init(&os, &g, NULL);
	assert_int_equal(solve_unlimit(&g, &os, 0, &applied, err, sizeof err), 0);
	assert_string_equal(sbuf_str(&applied), "limit=00 kind=free plain=0");
	assert_string_equal(os.text[0], "00");
	assert_string_equal(os.text[2], "free");
	assert_string_equal(os.text[3], "0");
	/* Again: every value is already the one wanted (0 is 00). */
	sbuf_free(&applied);
	assert_int_equal(solve_unlimit(&g, &os, 0, &applied, err, sizeof err), 0);
	assert_string_equal(sbuf_str(&applied), "");
	optset_free(&os);
	sbuf_free(&applied);

	/* The user's own limit: refused, or overridden when forced. */
	optset_init(&os, &g, NULL);
	assert_int_equal(optset_assign(&os, &g, "limit", "7", err, sizeof err), 0);
	assert_int_equal(solve_unlimit(&g, &os, 0, NULL, err, sizeof err), -1);
	assert_string_equal(err, "limit=7: solve needs limit=00, as a position "
	    "key leaves out what this limit counts");
	assert_int_equal(solve_unlimit(&g, &os, 1, NULL, err, sizeof err), 0);
	assert_string_equal(os.text[0], "00");
	optset_free(&os);

	/* A setting the game's own option refuses. */
	g.unlimited = unlim_bad;
	optset_init(&os, &g, NULL);
	assert_int_equal(solve_unlimit(&g, &os, 1, NULL, err, sizeof err), -1);
	assert_string_equal(err, "option 'limit' wants an integer, not 'zero'");
	optset_free(&os);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_values),
		cmocka_unit_test(test_move_values),
		cmocka_unit_test(test_no_result),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_lookup_misses),
		cmocka_unit_test(test_memory_cap),
#ifndef __SANITIZE_ADDRESS__
		cmocka_unit_test(test_no_memory),
#endif
		cmocka_unit_test(test_interrupted),
		cmocka_unit_test(test_parse_bytes),
		cmocka_unit_test(test_check_cap),
		cmocka_unit_test(test_unlimit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
