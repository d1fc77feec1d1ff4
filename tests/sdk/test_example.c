/*
 * test_example.c - the example plugin's rules, through its descriptor and
 * a fake host table (no tablero program involved).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "fakehost.h"

static const struct tbl_game *g;

static void
test_start_and_moves(void **state)
{
	struct tbl_state *s = fake_create(g, "");
	tbl_move mv[16];

	(void)state;
	assert_string_equal(fake_position(g, s), ".../.../... X");
	assert_int_equal(g->legal_moves(s, mv, 16), 9);
	assert_int_equal(g->legal_moves(s, mv, 2), 9);	/* count beyond cap */
	assert_int_equal(g->to_move(s), 0);
	g->destroy(s);
}

static void
test_row_wins(void **state)
{
	struct tbl_state *s = fake_create(g, "");
	char err[256];
	double r[2];

	(void)state;
	assert_int_equal(g->set_position(s, "..O/.O./XX. X", err, sizeof err), 0);
	assert_int_equal(g->result(s, r), -1);
	assert_int_equal(fake_play(g, s, "c1", err, sizeof err), 0);
	assert_string_equal(fake_position(g, s), "..O/.O./XXX -");
	assert_int_equal(g->to_move(s), TBL_END);
	assert_int_equal(g->result(s, r), 0);
	assert_true(r[0] == 1.0 && r[1] == 0.0);
	assert_int_equal(g->legal_moves(s, NULL, 0), 0);
	g->destroy(s);
}

static void
test_diagonal_and_k(void **state)
{
	struct tbl_state *s = fake_create(g, "width=5 height=4 k=4 first=O");
	char err[256];

	(void)state;
	assert_string_equal(fake_position(g, s), "...../...../...../..... O");
	assert_int_equal(g->set_position(s, "...../..OX./.O.../.X... O", err,
	    sizeof err), 0);
	/* Three on the diagonal a1-b2-c3 is not enough with k=4. */
	assert_int_equal(fake_play(g, s, "a1", err, sizeof err), 0);
	assert_string_equal(fake_position(g, s), "...../..OX./.O.../OX... X");
	assert_int_equal(fake_play(g, s, "e4", err, sizeof err), 0);
	assert_int_equal(fake_play(g, s, "e4", err, sizeof err), -1);	/* taken */
	assert_string_equal(err, "illegal move 'e4'");
	/* The fourth stone on the diagonal wins. */
	assert_int_equal(fake_play(g, s, "d4", err, sizeof err), 0);
	assert_string_equal(fake_position(g, s), "...OX/..OX./.O.../OX... -");
	assert_int_equal(g->to_move(s), TBL_END);
	g->destroy(s);
}

static void
test_draw(void **state)
{
	struct tbl_state *s = fake_create(g, "");
	char err[256];
	double r[2];

	(void)state;
	assert_int_equal(g->set_position(s, "XOX/XOO/OX. X", err, sizeof err), 0);
	assert_int_equal(fake_play(g, s, "c1", err, sizeof err), 0);
	assert_string_equal(fake_position(g, s), "XOX/XOO/OXX -");
	assert_int_equal(g->result(s, r), 0);
	assert_true(r[0] == 0.5 && r[1] == 0.5);
	g->destroy(s);
}

static void
test_bad_positions(void **state)
{
	static const struct {
		const char *pos, *err;
	} cases[] = {
		{ "../.../... X", "rank 3 is short: 2 cells, expected 3" },
		{ "..../.../... X", "rank 3 is long or a '/' is missing after it (expected 3 cells)" },
		{ "..Z/.../... X", "rank 3: 'Z' is not a cell (use . X O)" },
		{ ".../.../... Y", "side to move must be X, O or -, not 'Y'" },
		{ ".../.../...", "expected 3 ranks, then a space and the side to move" },
		{ "XXX/OOO/... X", "impossible position: both sides have 3 in a line" },
		{ "XXX/OO./... O", "the game is over in this position: the side to move must be -" },
		{ "XX./.../... O", "impossible position: 2 X and 0 O stones" },
		{ "XO./.../... -", "the game is not over: give the side to move (X or O)" },
		{ "X../.../... X", "impossible position: 1 X and 0 O stones with X to move" },
		{ "O../.../... O", "impossible position: 0 X and 1 O stones with O to move" },
	};
	struct tbl_state *s = fake_create(g, "");
	char err[256];
	size_t i;

	(void)state;
	assert_int_equal(g->set_position(s, "X../.O./... X", err, sizeof err), 0);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		err[0] = '\0';
		assert_int_equal(g->set_position(s, cases[i].pos, err, sizeof err), -1);
		assert_string_equal(err, cases[i].err);
		/* Unchanged by the refused string. */
		assert_string_equal(fake_position(g, s), "X../.O./... X");
	}
	g->destroy(s);
}

/*
 * Every position string set_position() accepts on a 3x3 board stays one
 * it accepts after any legal move: the plugin never writes a string it
 * refuses ("X../.../... X" was accepted; after X's move, 2 X and 0 O).
 */
static void
test_positions_round_trip(void **state)
{
	static const char cells[] = ".XO", sides[] = "XO-";
	struct tbl_state *s = fake_create(g, ""), *t = fake_create(g, "");
	char pos[16], err[256];
	const char *after;
	tbl_move mv[9];
	int code, side, n, i, k, accepted = 0;

	(void)state;
	for (code = 0; code < 19683; code++)
		for (side = 0; side < 3; side++) {
			for (k = 0, i = code; k < 11; k++)
				if (k == 3 || k == 7)
					pos[k] = '/';
				else {
					pos[k] = cells[i % 3];
					i /= 3;
				}
			snprintf(pos + 11, sizeof pos - 11, " %c", sides[side]);
			if (g->set_position(s, pos, err, sizeof err) != 0)
				continue;
			accepted++;
			n = g->legal_moves(s, mv, 9);
			for (i = 0; i < n; i++) {
				g->copy(t, s);
				assert_int_equal(g->apply(t, mv[i]), 0);
				after = fake_position(g, t);
				if (g->set_position(s, after, err, sizeof err) != 0)
					fail_msg("%s, then move %d: '%s' is refused: %s", pos,
					    (int)mv[i], after, err);
				assert_int_equal(g->set_position(s, pos, err, sizeof err), 0);
			}
		}
	assert_true(accepted > 1000);
	g->destroy(s);
	g->destroy(t);
}

static void
test_notation(void **state)
{
	struct tbl_state *s = fake_create(g, "width=12 height=12 k=5");
	char err[256], buf[8];
	tbl_move m;
	size_t used;

	(void)state;
	assert_int_equal(g->parse_move(s, " l12 rest", &m, &used, err, sizeof err), 0);
	assert_int_equal(used, 4);
	g->format_move(s, m, buf, sizeof buf);
	assert_string_equal(buf, "l12");
	assert_int_equal(g->parse_move(s, "m1", &m, &used, err, sizeof err), -1);
	assert_string_equal(err, "no cell m1 on a 12x12 board");
	assert_int_equal(g->parse_move(s, "b2x", &m, &used, err, sizeof err), -1);
	assert_int_equal(g->parse_move(s, "B2", &m, &used, err, sizeof err), -1);
	assert_int_equal(g->apply(s, 999), -1);
	assert_string_equal(err, "'B2' is not a cell: expected a column letter and a rank, like b2");
	assert_null(fake_try_create(g, "width=3 height=3 k=5", err, sizeof err));
	assert_string_equal(err, "k=5 does not fit on a 3x3 board");
	/* The fake host parses options with the host's code: what tablero
	 * refuses is refused here, with tablero's message. */
	assert_null(fake_try_create(g, "width=4x", err, sizeof err));
	assert_string_equal(err, "option 'width' wants an integer, not '4x'");
	assert_null(fake_try_create(g, "width=99", err, sizeof err));
	assert_non_null(strstr(err, "option 'width' must be between 3 and"));
	assert_null(fake_try_create(g, "widht=4", err, sizeof err));
	assert_string_equal(err, "unknown option 'widht' for example (did you "
	    "mean 'width'?)");
	g->destroy(s);
}

/* Blanks: a tab is a blank like a space in positions and moves (the SDK
 * toolkit's rule); a word after the side to move is refused. */
static void
test_blanks(void **state)
{
	struct tbl_state *s = fake_create(g, "");
	char err[256] = "";
	tbl_move m;
	size_t used;

	(void)state;
	assert_int_equal(g->set_position(s, "\tX../.O./...\tX\t", err,
	    sizeof err), 0);
	assert_string_equal(fake_position(g, s), "X../.O./... X");
	assert_int_equal(g->set_position(s, "X../.O./... X O", err, sizeof err),
	    -1);
	assert_string_equal(err, "unexpected 'O' after the side to move");
	assert_int_equal(g->parse_move(s, "\tb1\tc1", &m, &used, err,
	    sizeof err), 0);
	assert_int_equal(used, 3);
	assert_int_equal(m, 1);
	g->destroy(s);
}

/* Narrate what a legal move does, from the code that plays it (ABI 1.3). */
static const char *
narration(struct tbl_state *s, const char *move)
{
	static char buf[128];
	char err[256];
	tbl_move m;
	size_t used;
	int n;

	assert_int_equal(g->parse_move(s, move, &m, &used, err, sizeof err), 0);
	n = g->narrate(s, m, buf, sizeof buf);
	assert_int_equal(n, (int)strlen(buf));
	return buf;
}

static void
test_narrate(void **state)
{
	struct tbl_state *s = fake_create(g, "");
	char small[8];
	tbl_move m;

	(void)state;
	assert_non_null(g->narrate);
	assert_string_equal(narration(s, "b2"), "b2: X's stone has no stone of "
	    "X's in line beside it (3 in a line win)");
	/* Narrating plays nothing. */
	assert_string_equal(fake_position(g, s), ".../.../... X");
	fake_must_set(g, s, "..O/.O./X.. X");
	assert_string_equal(narration(s, "b1"),
	    "b1: X's stone makes a line of 2 (3 in a line win)");
	fake_must_set(g, s, "..O/.O./XX. X");
	assert_string_equal(narration(s, "c1"),
	    "c1: X's stone makes 3 in a line from a1 to c1: X wins");
	fake_must_set(g, s, "XOX/XOO/OX. X");
	assert_string_equal(narration(s, "c1"),
	    "c1: X fills the last cell without a line of 3: a draw");
	/* snprintf's convention: the full length, a truncated text. */
	m = 2;
	assert_int_equal(g->narrate(s, m, small, sizeof small), 53);
	assert_string_equal(small, "c1: X f");
	g->destroy(s);
}

static void
test_clone_is_independent(void **state)
{
	struct tbl_state *s = fake_create(g, ""), *c;
	char err[256];

	(void)state;
	c = g->clone(s);
	assert_int_equal(fake_play(g, c, "a1", err, sizeof err), 0);
	assert_string_equal(fake_position(g, s), ".../.../... X");
	assert_string_equal(fake_position(g, c), ".../.../X.. O");
	g->copy(s, c);
	assert_string_equal(fake_position(g, s), ".../.../X.. O");
	g->destroy(c);
	g->destroy(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_start_and_moves),
		cmocka_unit_test(test_row_wins),
		cmocka_unit_test(test_diagonal_and_k),
		cmocka_unit_test(test_draw),
		cmocka_unit_test(test_bad_positions),
		cmocka_unit_test(test_positions_round_trip),
		cmocka_unit_test(test_notation),
		cmocka_unit_test(test_blanks),
		cmocka_unit_test(test_clone_is_independent),
		cmocka_unit_test(test_narrate),
	};
	g = fake_game();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
