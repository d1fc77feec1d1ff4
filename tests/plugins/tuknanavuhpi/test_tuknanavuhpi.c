/*
 * test_tuknanavuhpi.c - unit tests of the tuknanavuhpi plugin (Tuknanavuhpi,
 * Aiyawatstani, Kharbaga), driven through its descriptor with the fake host.
 *
 * Positions are written in the plugin's position string: ranks 1 to 9
 * separated by '/', each rank's points left to right (rank 1: a1 c1 e1 g1
 * i1; rank 2: b2 d2 f2 h2; ...), then the side to move and key=value
 * fields.  Each test says in a comment where the counters stand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fakehost.h"
#include "../../../plugins/tuknanavuhpi/board.h"
#include "../../../plugins/tuknanavuhpi/tuknanavuhpi.h"

static const struct tbl_game *g;

/* Create a game with options `opts` and, unless NULL, set position `pos`. */
static struct tbl_state *
at(const char *opts, const char *pos)
{
	return fake_setup(g, opts, pos);
}

/* The legal moves of s in notation, separated by single spaces. */
static const char *
legal(struct tbl_state *s)
{
	return fake_moves(g, s);
}

static void
play(struct tbl_state *s, const char *moves)
{
	fake_must_play(g, s, moves);
}

/* Expect `moves` to be refused (illegal or unparsable). */
static void
refuse(struct tbl_state *s, const char *moves)
{
	char err[TBL_ERRLEN] = "", before[8192];

	snprintf(before, sizeof before, "%s", fake_position(g, s));
	assert_int_not_equal(fake_play(g, s, moves, err, sizeof err), 0);
	assert_string_equal(fake_position(g, s), before);
}

static void
result_is(struct tbl_state *s, double w, double b, const char *text)
{
	double out[2];
	char buf[256];

	assert_int_equal(g->to_move(s), TBL_END);
	assert_int_equal(g->legal_moves(s, NULL, 0), 0);
	assert_int_equal(g->result(s, out), 0);
	assert_true(out[0] == w && out[1] == b);
	g->describe_result(s, buf, sizeof buf);
	assert_string_equal(buf, text);
}

/*
 * A game in progress: no result (out untouched), no chance outcomes, and
 * its account says so.
 */
static void
game_in_progress(struct tbl_state *s)
{
	double out[2] = { -1, -1 };
	tbl_move m[4];
	double prob[4];
	char buf[64];

	assert_int_equal(g->result(s, out), -1);
	assert_true(out[0] == -1 && out[1] == -1);
	assert_int_equal(g->chance_outcomes(s, m, prob, 4), 0);
	assert_int_equal(g->describe_result(s, buf, sizeof buf),
	    (int)strlen("game in progress"));
	assert_string_equal(buf, "game in progress");
}

static void
set_fails(const char *opts, const char *pos, const char *msg)
{
	struct tbl_state *s = fake_create(g, opts);
	char err[TBL_ERRLEN] = "", before[8192];

	snprintf(before, sizeof before, "%s", fake_position(g, s));
	assert_int_equal(g->set_position(s, pos, err, sizeof err), -1);
	assert_string_equal(err, msg);
	assert_string_equal(fake_position(g, s), before);
	g->destroy(s);
}

/* ------------------------------------------------------------------ */
/* The board tables                                                    */
/* ------------------------------------------------------------------ */

/* Recompute every table of board.h from the lattice description. */
static void
test_board_tables(void **st)
{
	static const int df[8] = { 0, -1, 1, -2, 2, -1, 1, 0 };
	static const int dr[8] = { -2, -1, -1, 0, 0, 1, 1, 2 };
	int p, d, f, r, nf, nr, want, q, n = 0;
	uint64_t m;

	(void)st;
	for (r = 0; r < 9; r++)
		for (f = 0; f < 9; f++) {
			if ((f ^ r) & 1)
				continue;
			p = (9 * r + f) / 2;
			assert_int_equal(p, n++);
			for (d = 0; d < 8; d++) {
				nf = f + df[d];
				nr = r + dr[d];
				want = -1;
				/* orthogonal lines join corners only */
				if (!((df[d] == 0 || dr[d] == 0) && (f & 1)) &&
				    nf >= 0 && nf <= 8 && nr >= 0 && nr <= 8)
					want = (9 * nr + nf) / 2;
				assert_int_equal(tk_nb[p][d], want);
				if (want >= 0)
					assert_int_equal(want - p, tk_shift[d]);
				assert_int_equal(tk_dirmask[d] >> p & 1,
				    want >= 0);
				/* lines are symmetric */
				if (want >= 0)
					assert_int_equal(tk_nb[want][7 - d], p);
			}
		}
	assert_int_equal(n, 41);
	for (q = 0; q < 16; q++) {
		f = 1 + 2 * (q % 4);
		r = 1 + 2 * (q / 4);
		assert_int_equal(tk_sq_centre[q], (9 * r + f) / 2);
		m = UINT64_C(1) << ((9 * r + f) / 2);
		m |= UINT64_C(1) << ((9 * (r - 1) + f - 1) / 2);
		m |= UINT64_C(1) << ((9 * (r - 1) + f + 1) / 2);
		m |= UINT64_C(1) << ((9 * (r + 1) + f - 1) / 2);
		m |= UINT64_C(1) << ((9 * (r + 1) + f + 1) / 2);
		assert_true(tk_sq_points[q] == m);
	}
}

/* tk_near and tk_far from tk_nb (checked above), and the property the
 * plugin draws from them: a jump from p over its neighbour q lands on
 * 2q - p, the one point of tk_far[p] on that line. */
static void
test_board_near_far(void **st)
{
	uint64_t near, far;
	int p, d, q, l;

	(void)st;
	for (p = 0; p < 41; p++) {
		near = far = 0;
		for (d = 0; d < 8; d++) {
			q = tk_nb[p][d];
			if (q < 0)
				continue;
			near |= UINT64_C(1) << q;
			l = tk_nb[q][d];
			if (l >= 0) {
				far |= UINT64_C(1) << l;
				assert_int_equal(l, 2 * q - p);
			} else if (2 * q - p >= 0 && 2 * q - p < 41) {
				assert_false(tk_far[p] >> (2 * q - p) & 1);
			}
		}
		assert_true(tk_near[p] == near);
		assert_true(tk_far[p] == far);
	}
}

/* A pseudo-random 64-bit sequence for the bit-trick tests below. */
static uint64_t
next_bits(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/*
 * tk_ray from tk_nb, and the branch-free ray helpers of tuknanavuhpi.h
 * (ray_first, ray_steps, ray_run, ray_pop, jump_over for a mullah)
 * against a walk along the line, on random boards from every point in
 * every direction.
 */
static void
test_board_rays(void **st)
{
	uint64_t x = 88172645463325252u, ray, empty, enemy, run, b;
	int p, d, q, k, i, first, steps, dist, want;

	(void)st;
	for (p = 0; p < 41; p++)
		for (d = 0; d < 8; d++) {
			ray = 0;
			for (q = tk_nb[p][d]; q >= 0; q = tk_nb[q][d])
				ray |= UINT64_C(1) << q;
			assert_true(tk_ray[p][d] == ray);
			for (i = 0; i < 200; i++) {
				empty = next_bits(&x) & next_bits(&x) >> 3 &
				    ((UINT64_C(1) << 41) - 1);
				enemy = next_bits(&x) & ~empty &
				    ((UINT64_C(1) << 41) - 1);
				first = d >= 4 ? 63 : -1;
				steps = 0;
				for (q = tk_nb[p][d], k = 1; q >= 0;
				    q = tk_nb[q][d], k++)
					if (!(empty >> q & 1)) {
						first = q;
						steps = k;
						break;
					}
				assert_int_equal(ray_first(p, d, ~empty), first);
				want = first >= 0 && first < 41 &&
				    (enemy >> first & 1) ? first : -1;
				assert_int_equal(jump_over(p, d, 1, enemy, empty,
				    &dist), want);
				if (want >= 0)
					assert_int_equal(dist, steps);
				if (first >= 0 && first < 41)
					assert_int_equal(ray_steps(p, first, d),
					    steps);
				/* The empty run from p, popped in walk order. */
				run = ray_run(p, d, empty);
				b = run;
				for (q = tk_nb[p][d]; q >= 0 &&
				    (empty >> q & 1); q = tk_nb[q][d])
					assert_int_equal(ray_pop(&b, d), q);
				assert_true(b == 0);
			}
		}
}

/* man_lands() against the loop over the enemies next to the man. */
static void
test_man_lands(void **st)
{
	uint64_t x = 0x9e3779b97f4a7c15u, empty, enemy, want;
	int p, d, q, l, i;

	(void)st;
	for (p = 0; p < 41; p++)
		for (i = 0; i < 500; i++) {
			empty = next_bits(&x) & ((UINT64_C(1) << 41) - 1);
			enemy = next_bits(&x) & ~empty;
			want = 0;
			for (d = 0; d < 8; d++) {
				q = tk_nb[p][d];
				l = q >= 0 ? tk_nb[q][d] : -1;
				if (l >= 0 && (enemy >> q & 1) &&
				    (empty >> l & 1))
					want |= UINT64_C(1) << l;
			}
			assert_true(man_lands(p, enemy, empty) == want);
		}
}

/* ------------------------------------------------------------------ */
/* Start positions and options                                         */
/* ------------------------------------------------------------------ */

static void
test_start(void **st)
{
	struct tbl_state *s;

	(void)st;
	s = at("", NULL);
	/* White ranks 1-4 and g5 i5 (its right); Black a5 c5 and 6-9. */
	assert_string_equal(fake_position(g, s),
	    "wwwww/wwww/wwwww/wwww/bb.ww/bbbb/bbbbb/bbbb/bbbbb w");
	assert_int_equal(g->to_move(s), 0);
	assert_string_equal(legal(s), "g5-e5 f4-e5 d4-e5 e3-e5");
	assert_string_equal(g->player_name(s, 0), "White");
	assert_string_equal(g->player_name(s, 1), "Black");
	assert_int_equal(g->players(s), 2);
	g->destroy(s);

	s = at("opening=left first=black", NULL);
	game_in_progress(s);
	assert_string_equal(fake_position(g, s),
	    "wwwww/wwww/wwwww/wwww/ww.bb/bbbb/bbbbb/bbbb/bbbbb b");
	assert_int_equal(g->to_move(s), 1);
	/* Black holds g5 i5 now: e7 (south), f6, d6 (diagonals), g5. */
	assert_string_equal(legal(s), "e7-e5 f6-e5 d6-e5 g5-e5");
	g->destroy(s);

	/* The alias plays the same game. */
	s = at("variant=aiyawatstani", NULL);
	assert_string_equal(legal(s), "g5-e5 f4-e5 d4-e5 e3-e5");
	g->destroy(s);

	/* Kharbaga: only forward steps, so e3 (straight) and d4, f4. */
	s = at("variant=kharbaga", NULL);
	assert_string_equal(legal(s), "f4-e5 d4-e5 e3-e5");
	g->destroy(s);
}

/*
 * legal_moves() with room for fewer moves than there are returns the
 * count of all and writes the first ones (SDK); apply() after the end
 * refuses and leaves the game as it was.
 */
static void
test_short_room(void **st)
{
	static const char *const opts[] = { "", "variant=kharbaga",
	    "capture=optional" };
	const char *over;
	struct tbl_state *s;
	tbl_move all[256], few[3];
	size_t i;
	int n;

	(void)st;
	for (i = 0; i < sizeof opts / sizeof opts[0]; i++) {
		s = at(opts[i], NULL);
		n = g->legal_moves(s, all, 256);
		assert_int_equal(n, i == 1 ? 3 : 4);
		few[2] = 0;
		assert_int_equal(g->legal_moves(s, few, 2), n);
		assert_memory_equal(few, all, 2 * sizeof *few);
		assert_int_equal(few[2], 0);
		assert_int_equal(g->legal_moves(s, NULL, 0), n);
		g->destroy(s);
	}
	s = at("shrink=no", "w..../..../...../..../...../..../...../..../"
	    "....b w quiet=49");
	n = g->legal_moves(s, all, 256);
	play(s, "a1-a3");
	over = "...../..../w..../..../...../..../...../..../....b b quiet=50";
	assert_string_equal(fake_position(g, s), over);
	assert_int_equal(g->apply(s, all[0]), -1);
	assert_string_equal(fake_position(g, s), over);
	g->destroy(s);
}

/* Kharbaga's defaults: longest capture, no wiping; both can be changed. */
static void
test_variant_defaults(void **st)
{
	/* W: a1 i1; B: b2 d4 f6 c5 i3 (see test_longest_capture). */
	const char *pos = "w...w/b.../....b/.b../.b.../..b./...../..../..... w";
	/* A square with all points empty: no wipe offered in Kharbaga. */
	const char *quiet = "w..../..../...../..../...../..../...../..../..b.. w";
	struct tbl_state *s;

	(void)st;
	s = at("variant=kharbaga", pos);
	assert_string_equal(legal(s), "a1xc3");
	g->destroy(s);
	s = at("variant=kharbaga capture=compulsory", pos);
	assert_string_equal(legal(s), "a1xc3 i1xi5");
	g->destroy(s);
	s = at("variant=kharbaga", quiet);
	assert_string_equal(legal(s), "a1-b2 a1-a3");
	g->destroy(s);
	s = at("variant=kharbaga shrink=yes", quiet);
	/* Not b2 (a1), d8 f8 (e9), nor the inner squares. */
	assert_string_equal(legal(s), "a1-b2 a1-a3 wipe d2 wipe f2 wipe h2 "
	    "wipe b4 wipe h4 wipe b6 wipe h6 wipe b8 wipe h8");
	g->destroy(s);
	/* Tuknanavuhpi with capture=longest. */
	s = at("capture=longest shrink=no", pos);
	assert_string_equal(legal(s), "a1xc3");
	g->destroy(s);
	s = at("shrink=no", pos);
	assert_string_equal(legal(s), "a1xc3 i1xi5");
	g->destroy(s);
}

/* narrate() of the move `text` in s is `line`; then the move is played. */
static void
says(struct tbl_state *s, const char *text, const char *line)
{
	char buf[256], err[TBL_ERRLEN];
	tbl_move m;
	size_t used;

	assert_int_equal(g->parse_move(s, text, &m, &used, err, sizeof err),
	    0);
	assert_int_equal(g->narrate(s, m, buf, sizeof buf), (int)strlen(line));
	assert_string_equal(buf, line);
	play(s, text);
}

/* What a legal move does, in one line (ABI 1.3 narrate), and how the
 * game ended (end_kind). */
static void
test_narrate(void **st)
{
	const char *chain = "...../..../.wb../..../...b./..../...../..../"
	    "b.... w";
	struct tbl_state *s;
	char buf[64];

	(void)st;
	/* W: c3; B: e3 g5 a9. */
	s = at("shrink=no", chain);
	says(s, "c3xg3", "White's counter jumps from c3 over e3 to g3 and "
	    "takes Black's counter; it must jump on from g3");
	says(s, "xg7", "White's counter jumps from g3 over g5 to g7 and "
	    "takes Black's counter");
	/* An illegal move: nothing to say. */
	assert_int_equal(g->narrate(s, MV(K_STEP, 0, 4, 1), buf, sizeof buf),
	    0);
	assert_string_equal(buf, "");
	g->destroy(s);
	s = at("shrink=no capture=optional", chain);
	says(s, "c3xg3", "White's counter jumps from c3 over e3 to g3 and "
	    "takes Black's counter; it may jump on from g3 or stop");
	says(s, "stop", "White's counter stops its chain on g3");
	g->destroy(s);
	s = at("shrink=no capture=huff", chain);
	play(s, "c3xg3");
	says(s, "stop", "White's counter stops its chain on g3; Black may "
	    "huff g3, which could have captured");
	says(s, "huff g3", "Black huffs White's counter on g3, which could "
	    "have captured; Black wins, 2 counters to 0: White has none left");
	assert_int_equal(g->end_kind(s), TBL_END_RULES);
	g->destroy(s);
	/* W: c3 i1; B: d4 a9. */
	s = at("shrink=no capture=huff", "....w/..../.w.../.b../...../..../"
	    "...../..../b.... w");
	says(s, "i1-i3", "White's counter steps from i1 to i3; Black may huff "
	    "c3, which could have captured");
	g->destroy(s);
	/* W: a1; B: b2 i9; square d2 wiped. */
	s = at("", "w##../b#../.##../..../...../..../...../..../....b w");
	says(s, "wipe d4", "White wipes square d4 (c3 e3 d4 c5 e5) off the "
	    "board");
	g->destroy(s);
	/* Kharbaga: W c7 crowned on c9; a mullah steps or flies. */
	s = at("variant=kharbaga", "...../..../...../..../....b/..../.w.../"
	    "..../..... w");
	says(s, "c7-c9", "White's counter steps from c7 to c9 and becomes a "
	    "mullah");
	g->destroy(s);
	s = at("variant=kharbaga", "...../..../...../..../..W../..../b..../"
	    "..../..... w");
	says(s, "e5-a1", "White's mullah flies from e5 to a1");
	g->destroy(s);
	s = at("variant=kharbaga", "...../..../...../..../..W../..../b..../"
	    "..../..... w");
	says(s, "e5-f4", "White's mullah steps from e5 to f4");
	g->destroy(s);
	/* The longest chain: W a1 i1; B b2 d4 f6 c5 i3. */
	s = at("variant=kharbaga", "w...w/b.../....b/.b../.b.../..b./...../"
	    "..../..... w");
	says(s, "a1xc3", "White's counter jumps from a1 over b2 to c3 and "
	    "takes Black's counter; it must jump on from c3 (2 more to take)");
	g->destroy(s);
	/* The quiet-turn limit ends the game: the game's own limit. */
	s = at("shrink=no", "w...w/..../...../..../...../..../...../..../"
	    "....b w quiet=49");
	says(s, "a1-a3", "White's counter steps from a1 to a3; White wins, 2 "
	    "counters to 1 after 50 turns without a capture");
	assert_int_equal(g->end_kind(s), TBL_END_LIMIT);
	g->destroy(s);
	/* W: c3; B: d4, the last. */
	s = at("shrink=no", "...../..../.w.../.b../...../..../...../..../"
	    "..... w");
	says(s, "c3xe5", "White's counter jumps from c3 over d4 to e5 and "
	    "takes Black's counter; White wins, 1 counter to 0: Black has "
	    "none left");
	assert_int_equal(g->end_kind(s), TBL_END_RULES);
	g->destroy(s);
}

/* ------------------------------------------------------------------ */
/* Tuknanavuhpi rules                                                  */
/* ------------------------------------------------------------------ */

/* A chain changes direction: c3 x e3 to g3 (east), then x g5 to g7. */
static void
test_chain_turns(void **st)
{
	struct tbl_state *s;

	(void)st;
	/* W: c3; B: e3 g5 a9. */
	s = at("shrink=no", "...../..../.wb../..../...b./..../...../..../b.... w");
	assert_string_equal(legal(s), "c3xg3");
	play(s, "c3xg3");
	assert_string_equal(fake_position(g, s),
	    "...../..../...w./..../...b./..../...../..../b.... w chain=g3");
	assert_int_equal(g->to_move(s), 0);
	assert_string_equal(legal(s), "g3xg7");
	refuse(s, "stop");
	play(s, "xg7");
	assert_string_equal(fake_position(g, s),
	    "...../..../...../..../...../..../...w./..../b.... b");
	assert_string_equal(legal(s), "a9-a7 a9-b8 a9-c9");
	g->destroy(s);

	/* The whole turn on one line. */
	s = at("shrink=no", "...../..../.wb../..../...b./..../...../..../b.... w");
	play(s, "c3xg3xg7");
	assert_string_equal(fake_position(g, s),
	    "...../..../...../..../...../..../...w./..../b.... b");
	g->destroy(s);
}

/* A compulsory capture hides every step; capture=optional shows them. */
static void
test_compulsory_hides_steps(void **st)
{
	/* W: c3 i1; B: d4 a9.  c3 can jump d4 to e5. */
	const char *pos = "....w/..../.w.../.b../...../..../...../..../b.... w";
	struct tbl_state *s;

	(void)st;
	s = at("shrink=no", pos);
	assert_string_equal(legal(s), "c3xe5");
	refuse(s, "i1-i3");
	play(s, "c3xe5");
	/* Black a9 is all that is left; d4 was taken. */
	assert_string_equal(fake_position(g, s),
	    "....w/..../...../..../..w../..../...../..../b.... b");
	g->destroy(s);

	s = at("shrink=no capture=optional", pos);
	assert_string_equal(legal(s), "c3-c1 c3-b2 c3-d2 i1-g1 c3-a3 c3-e3 "
	    "i1-h2 c3-b4 i1-i3 c3-c5 c3xe5");
	play(s, "i1-i3");
	/* No huff under optional. */
	assert_string_equal(fake_position(g, s),
	    "...../..../.w..w/.b../...../..../...../..../b.... b quiet=1");
	g->destroy(s);
}

/* Under optional (and huff) capture a chain may stop early. */
static void
test_stop(void **st)
{
	struct tbl_state *s;

	(void)st;
	s = at("shrink=no capture=optional",
	    "...../..../.wb../..../...b./..../...../..../b.... w");
	play(s, "c3xg3");
	assert_string_equal(legal(s), "g3xg7 stop");
	play(s, "stop");
	assert_string_equal(fake_position(g, s),
	    "...../..../...w./..../...b./..../...../..../b.... b");
	/* Black is not obliged to capture either; g5 x g3 is one choice. */
	assert_string_equal(legal(s), "a9-a7 g5-f4 g5-h4 a9-b8 g5-e5 g5-i5 "
	    "a9-c9 g5-f6 g5-h6 g5-g7 g5xg1");
	g->destroy(s);

	/* Under huff a stop leaves the stopping counter open to a huff. */
	s = at("shrink=no capture=huff",
	    "...../..../.wb../..../...b./..../...../..../b.... w");
	play(s, "c3xg3 stop");
	assert_string_equal(fake_position(g, s),
	    "...../..../...w./..../...b./..../...../..../b.... b huff=g3");
	play(s, "huff g3");
	assert_string_equal(fake_position(g, s),
	    "...../..../...../..../...b./..../...../..../b.... b done=huff");
	/* White has nothing left: Black wins at once. */
	result_is(s, 0, 1, "Black wins, 2 counters to 0: White has none left");
	g->destroy(s);
}

/* Huffing: a counter that could have captured and did not. */
static void
test_huff(void **st)
{
	/* W: c3 i1; B: d4 a9. White could take d4 (c3 x e5). */
	const char *pos = "....w/..../.w.../.b../...../..../...../..../b.... w "
	    "quiet=5";
	struct tbl_state *s;

	(void)st;
	s = at("shrink=no capture=huff", pos);
	play(s, "i1-i3");
	assert_string_equal(fake_position(g, s),
	    "...../..../.w..w/.b../...../..../...../..../b.... b huff=c3 "
	    "quiet=6");
	/* Black may huff c3, or capture it, or just move. */
	assert_string_equal(legal(s),
	    "a9-a7 d4-e3 a9-b8 a9-c9 d4-c5 d4-e5 d4xb2 huff c3");
	play(s, "huff c3");
	assert_string_equal(fake_position(g, s),
	    "...../..../....w/.b../...../..../...../..../b.... b done=huff "
	    "quiet=6");
	refuse(s, "huff c3");
	assert_string_equal(legal(s),
	    "a9-a7 d4-c3 d4-e3 a9-b8 a9-c9 d4-c5 d4-e5");
	play(s, "a9-a7");
	/* The huff counts as a capture for the quiet-turn count. */
	assert_string_equal(fake_position(g, s),
	    "...../..../....w/.b../...../..../b..../..../..... w");
	g->destroy(s);

	/* The guilty counter moved: it is huffed where it now stands. */
	s = at("shrink=no capture=huff", pos);
	play(s, "c3-b2");
	assert_string_equal(fake_position(g, s),
	    "....w/w.../...../.b../...../..../...../..../b.... b huff=b2 "
	    "quiet=6");
	play(s, "huff b2 d4-c3");
	assert_string_equal(fake_position(g, s),
	    "....w/..../.b.../..../...../..../...../..../b.... w");
	g->destroy(s);

	/* The chance lapses if not taken before the move; and Black, who
	 * could have taken c3 with d4 and did not, may be huffed in turn. */
	s = at("shrink=no capture=huff", pos);
	play(s, "i1-i3 a9-a7");
	assert_string_equal(fake_position(g, s),
	    "...../..../.w..w/.b../...../..../b..../..../..... w huff=d4 "
	    "quiet=7");
	play(s, "i3-i5");
	assert_string_equal(fake_position(g, s),
	    "...../..../.w.../.b../....w/..../b..../..../..... b huff=c3 "
	    "quiet=8");
	g->destroy(s);

	/* Under compulsory capture there is never anything to huff. */
	set_fails("shrink=no", "....w/..../.w.../.b../...../..../...../..../"
	    "b.... b huff=c3", "huff= needs capture=huff");
}

/* Wiping: which squares may go and what it does. */
static void
test_wipe(void **st)
{
	struct tbl_state *s;

	(void)st;
	/*
	 * W: a1; B: b2 i9; square d2 wiped (c1 e1 c3 e3 d2 gone).  White's
	 * only move is a1-a3: b2 cannot be jumped (c3 is gone).  Wiping b4
	 * would take a3 and leave White without a move, so it is not
	 * offered.  f4, d6, f6 are inner squares away from the wiped one;
	 * h8 holds i9; b2 holds a1.  d4 touches the wiped d2.
	 */
	s = at("", "w##../b#../.##../..../...../..../...../..../....b w");
	assert_string_equal(legal(s), "a1-a3 wipe f2 wipe h2 wipe d4 wipe h4 "
	    "wipe b6 wipe h6 wipe b8 wipe d8 wipe f8");
	refuse(s, "wipe b4");
	refuse(s, "wipe f4");
	refuse(s, "wipe h8");
	play(s, "wipe d4");
	assert_string_equal(fake_position(g, s),
	    "w##../b#../.##../.#../.##../..../...../..../....b w done=wipe");
	/* One wipe a turn, then the move. */
	assert_string_equal(legal(s), "a1-a3");
	play(s, "a1-a3");
	assert_string_equal(fake_position(g, s),
	    ".##../b#../w##../.#../.##../..../...../..../....b b quiet=1");
	g->destroy(s);

	/* A wipe and a move typed as one turn. */
	s = at("", "w##../b#../.##../..../...../..../...../..../....b w");
	play(s, "wipe h2 a1-a3");
	assert_string_equal(fake_position(g, s),
	    ".####/b#.#/w####/..../...../..../...../..../....b b quiet=1");
	g->destroy(s);
}

/* shrink_edge: an inner square is on the current edge once a neighbour
 * is wiped, never on the original edge; shrink=no offers no wipes. */
static void
test_shrink_edge(void **st)
{
	/* W: a1 c1 e1 g1 i1; B: a9 c9 e9 g9 i9; square b4 wiped. */
	const char *pos = "wwwww/..../##.../#.../##.../..../...../..../bbbbb w";
	const char *steps = "c1-b2 e1-d2 g1-f2 i1-h2 a1-b2 c1-d2 e1-f2 g1-h2 "
	    "e1-e3 g1-g3 i1-i3";
	char want[512];
	struct tbl_state *s;

	(void)st;
	s = at("", pos);
	snprintf(want, sizeof want, "%s wipe d4 wipe h4 wipe b6 wipe h6", steps);
	assert_string_equal(legal(s), want);
	g->destroy(s);
	s = at("shrink_edge=original", pos);
	snprintf(want, sizeof want, "%s wipe h4 wipe b6 wipe h6", steps);
	assert_string_equal(legal(s), want);
	refuse(s, "wipe d4");
	g->destroy(s);
	s = at("shrink=no", "wwwww/..../...../..../...../..../...../..../bbbbb w");
	/* a3 and c3 are back, and no wipes. */
	assert_string_equal(legal(s), "c1-b2 e1-d2 g1-f2 i1-h2 a1-b2 c1-d2 "
	    "e1-f2 g1-h2 a1-a3 c1-c3 e1-e3 g1-g3 i1-i3");
	refuse(s, "wipe b4");
	g->destroy(s);
	/* Wiped points in a position need shrink=yes. */
	set_fails("shrink=no", pos, "wiped points (#) need shrink=yes");
}

/* A side without a step or jump at the start of its turn loses. */
static void
test_blocked(void **st)
{
	struct tbl_state *s;

	(void)st;
	/* W: a1 boxed in by B c1 b2 a3, with e1 c3 a5 taken too. */
	s = at("", "wbb../b.../bb.../..../b..../..../...../..../..... w");
	result_is(s, 0, 1, "Black wins, 6 counters to 1: White cannot move");
	g->destroy(s);
	/* One move earlier: Black closes the box by stepping b4-a5, which
	 * takes away White's last jump (a1 over a3 to a5). */
	s = at("", "wbb../b.../bb.../b.../...../..../...../..../..... b");
	play(s, "b4-a5");
	result_is(s, 0, 1, "Black wins, 6 counters to 1: White cannot move");
	g->destroy(s);
}

/* Taking the last enemy counter wins. */
static void
test_capture_all(void **st)
{
	struct tbl_state *s;

	(void)st;
	s = at("", "...../..../.w.../.b../...../..../...../..../..... w");
	play(s, "c3xe5");
	assert_string_equal(fake_position(g, s),
	    "...../..../...../..../..w../..../...../..../..... b");
	result_is(s, 1, 0, "White wins, 1 counter to 0: Black has none left");
	g->destroy(s);
}

/* quiet_limit ends a game without captures; 0 turns it off. */
static void
test_quiet_limit(void **st)
{
	struct tbl_state *s;

	(void)st;
	/* W: a1 i1; B: i9 — White has more counters. */
	s = at("shrink=no", "w...w/..../...../..../...../..../...../..../"
	    "....b w quiet=49");
	play(s, "a1-a3");
	assert_string_equal(fake_position(g, s),
	    "....w/..../w..../..../...../..../...../..../....b b quiet=50");
	result_is(s, 1, 0, "White wins, 2 counters to 1 after 50 turns "
	    "without a capture");
	g->destroy(s);
	/* Equal counts draw. */
	s = at("shrink=no", "w..../..../...../..../...../..../...../..../"
	    "....b w quiet=49");
	play(s, "a1-a3");
	result_is(s, 0.5, 0.5, "draw, 1 to 1 after 50 turns without a capture");
	g->destroy(s);
	/* Off. */
	s = at("shrink=no quiet_limit=0", "w..../..../...../..../...../..../"
	    "...../..../....b w quiet=49");
	play(s, "a1-a3");
	assert_int_equal(g->to_move(s), 1);
	assert_string_equal(legal(s), "i9-i7 i9-h8 i9-g9");
	g->destroy(s);
	/* A shorter limit. */
	s = at("shrink=no quiet_limit=3", "w..../..../...../..../...../..../"
	    "...../..../....b w quiet=2");
	play(s, "a1-a3");
	assert_int_equal(g->to_move(s), TBL_END);
	g->destroy(s);
	/* A capture resets the count. */
	s = at("shrink=no", "...../..../.w.../.b../...../..../...../..../"
	    "b.... w quiet=49");
	play(s, "c3xe5");
	assert_string_equal(fake_position(g, s),
	    "...../..../...../..../..w../..../...../..../b.... b");
	g->destroy(s);
}

/* ------------------------------------------------------------------ */
/* Kharbaga                                                            */
/* ------------------------------------------------------------------ */

/* Uncrowned counters step forward only; captures go any way. */
static void
test_kharbaga_forward(void **st)
{
	struct tbl_state *s;

	(void)st;
	/* W: e5; B: a7. */
	s = at("variant=kharbaga", "...../..../...../..../..w../..../b..../..../..... w");
	assert_string_equal(legal(s), "e5-d6 e5-f6 e5-e7");
	refuse(s, "e5-e3");
	refuse(s, "e5-c5");
	g->destroy(s);
	/* Black's forward is down: B e5, W a1. */
	s = at("variant=kharbaga", "w..../..../...../..../..b../..../...../..../..... b");
	assert_string_equal(legal(s), "e5-e3 e5-d4 e5-f4");
	g->destroy(s);
	/* A backward capture: W e5 jumps B e3 to e1. */
	s = at("variant=kharbaga", "...../..../..b../..../..w../..../b..../..../..... w");
	assert_string_equal(legal(s), "e5xe1");
	play(s, "e5xe1");
	assert_string_equal(fake_position(g, s),
	    "..w../..../...../..../...../..../b..../..../..... b");
	g->destroy(s);
}

/* Promotion only by a non-capturing move ending on the far rank. */
static void
test_promotion(void **st)
{
	struct tbl_state *s;

	(void)st;
	/* W: c7; B: i5. */
	s = at("variant=kharbaga", "...../..../...../..../....b/..../.w.../..../..... w");
	assert_string_equal(legal(s), "c7-b8 c7-d8 c7-c9");
	play(s, "c7-c9");
	assert_string_equal(fake_position(g, s),
	    "...../..../...../..../....b/..../...../..../.W... b quiet=1");
	g->destroy(s);
	/* Black promotes on rank 1: B h2 steps to g1. */
	s = at("variant=kharbaga", "...../...b/...../..../...../..../...../..../w.... b");
	play(s, "h2-g1");
	assert_string_equal(fake_position(g, s),
	    "...B./..../...../..../...../..../...../..../w.... w quiet=1");
	g->destroy(s);
	/* Landing on rank 9 by a capture does not promote: W e5 x e7. */
	s = at("variant=kharbaga", "...../..../...../..../..w../..../..b../..../b.... w");
	play(s, "e5xe9");
	assert_string_equal(fake_position(g, s),
	    "...../..../...../..../...../..../...../..../b.w.. b");
	g->destroy(s);
	/* Nor does a chain passing through rank 9: W c7 x d8 lands on e9,
	 * then x f8 lands on g7.  B a3 stays. */
	s = at("variant=kharbaga", "...../..../b..../..../...../..../.w.../.bb./..... w");
	assert_string_equal(legal(s), "c7xe9");
	play(s, "c7xe9");
	assert_string_equal(fake_position(g, s),
	    "...../..../b..../..../...../..../...../..b./..w.. w chain=e9");
	play(s, "e9xg7");
	assert_string_equal(fake_position(g, s),
	    "...../..../b..../..../...../..../...w./..../..... b");
	g->destroy(s);
	/* No promotion in Tuknanavuhpi, and no mullahs in its positions. */
	s = at("shrink=no", "...../..../...../..../....b/..../.w.../..../..... w");
	play(s, "c7-c9");
	assert_string_equal(fake_position(g, s),
	    "...../..../...../..../....b/..../...../..../.w... b quiet=1");
	g->destroy(s);
	set_fails("", "...../..../...../..../....b/..../...../..../.W... b",
	    "mullahs (W, B) exist only in variant=kharbaga");
}

/* A mullah flies along a line (mullah_moves=flying) or steps (short). */
static void
test_mullah_moves(void **st)
{
	/* W mullah e5; B a7 (on no line through e5). */
	const char *pos = "...../..../...../..../..W../..../b..../..../..... w";
	struct tbl_state *s;

	(void)st;
	s = at("variant=kharbaga", pos);
	assert_string_equal(legal(s), "e5-e3 e5-e1 e5-d4 e5-c3 e5-b2 e5-a1 "
	    "e5-f4 e5-g3 e5-h2 e5-i1 e5-c5 e5-a5 e5-g5 e5-i5 e5-d6 e5-c7 "
	    "e5-b8 e5-a9 e5-f6 e5-g7 e5-h8 e5-i9 e5-e7 e5-e9");
	play(s, "e5-a1");
	assert_string_equal(fake_position(g, s),
	    "W..../..../...../..../...../..../b..../..../..... b quiet=1");
	g->destroy(s);
	s = at("variant=kharbaga mullah_moves=short", pos);
	assert_string_equal(legal(s), "e5-e3 e5-d4 e5-f4 e5-c5 e5-g5 e5-d6 "
	    "e5-f6 e5-e7");
	refuse(s, "e5-a1");
	g->destroy(s);
}

/* A mullah's long jump: over one counter at any distance, landing on any
 * empty point beyond before the next counter. */
static void
test_mullah_long_jump(void **st)
{
	struct tbl_state *s;

	(void)st;
	/* W mullah a1; B c3 and i9 on the same diagonal. */
	s = at("variant=kharbaga",
	    "W..../..../.b.../..../...../..../...../..../....b w");
	assert_string_equal(legal(s), "a1xd4 a1xe5 a1xf6 a1xg7 a1xh8");
	play(s, "a1xf6");
	assert_string_equal(fake_position(g, s),
	    "...../..../...../..../...../..W./...../..../....b b");
	g->destroy(s);
	/* Two counters in a row cannot be jumped: W mullah a1, B c3 d4. */
	s = at("variant=kharbaga",
	    "W..../..../.b.../.b../...../..../...../..../..... w");
	assert_string_equal(legal(s), "a1-c1 a1-e1 a1-g1 a1-i1 a1-b2 a1-a3 "
	    "a1-a5 a1-a7 a1-a9");
	g->destroy(s);
	/* Mullah_moves=short limits only non-capturing moves. */
	s = at("variant=kharbaga mullah_moves=short",
	    "W..../..../.b.../..../...../..../...../..../....b w");
	assert_string_equal(legal(s), "a1xd4 a1xe5 a1xf6 a1xg7 a1xh8");
	g->destroy(s);
	/* The longest rule picks the landings that go on: W mullah a1,
	 * B c3 and g5.  From e5 the mullah takes g5 going east, from f6
	 * going south-east, from g7 going south; not from d4, h8 or i9. */
	s = at("variant=kharbaga",
	    "W..../..../.b.../..../...b./..../...../..../..... w");
	assert_string_equal(legal(s), "a1xe5 a1xf6 a1xg7");
	refuse(s, "a1xd4");
	play(s, "a1xe5");
	assert_string_equal(legal(s), "e5xi5");
	play(s, "xi5");
	result_is(s, 1, 0, "White wins, 1 counter to 0: Black has none left");
	g->destroy(s);
	/* In mid-chain too the mullah may land anywhere beyond. */
	s = at("variant=kharbaga",
	    "W..../..../.b.../..../...b./..../...../..../..... w");
	play(s, "a1xf6");
	assert_string_equal(fake_position(g, s),
	    "...../..../...../..../...b./..W./...../..../..... w chain=f6");
	assert_string_equal(legal(s), "f6xh4 f6xi3");
	play(s, "xi3");
	assert_string_equal(fake_position(g, s),
	    "...../..../....W/..../...../..../...../..../..... b");
	g->destroy(s);
}

/* The longest capture sequence is compulsory, at the start and in the
 * middle of a chain. */
static void
test_longest_capture(void **st)
{
	struct tbl_state *s;

	(void)st;
	/*
	 * W: a1 i1; B: b2 d4 f6 c5 i3.  i1 x i3 takes one.  a1 x b2 lands
	 * on c3; from there c3 x d4 (to e5) leads on to e5 x f6 or e5 x c5
	 * (three in all), while c3 x c5 (to c7) ends at two.
	 */
	s = at("variant=kharbaga",
	    "w...w/b.../....b/.b../.b.../..b./...../..../..... w");
	assert_string_equal(legal(s), "a1xc3");
	refuse(s, "i1xi5");
	play(s, "a1xc3");
	assert_string_equal(fake_position(g, s),
	    "....w/..../.w..b/.b../.b.../..b./...../..../..... w chain=c3");
	assert_string_equal(legal(s), "c3xe5");
	refuse(s, "xc7");
	play(s, "xe5");
	assert_string_equal(legal(s), "e5xa5 e5xg7");
	play(s, "xa5");
	assert_string_equal(fake_position(g, s),
	    "....w/..../....b/..../w..../..b./...../..../..... b");
	g->destroy(s);
	/* With capture=compulsory any chain will do, and it may end short of
	 * the longest only where no jump is left. */
	s = at("variant=kharbaga capture=compulsory",
	    "w...w/b.../....b/.b../.b.../..b./...../..../..... w");
	assert_string_equal(legal(s), "a1xc3 i1xi5");
	play(s, "a1xc3");
	assert_string_equal(legal(s), "c3xe5 c3xc7");
	play(s, "xc7");
	assert_string_equal(fake_position(g, s),
	    "....w/..../....b/.b../...../..b./.w.../..../..... b");
	g->destroy(s);
}

/* ------------------------------------------------------------------ */
/* Notation                                                            */
/* ------------------------------------------------------------------ */

static void
test_notation(void **st)
{
	struct tbl_state *s;
	char err[TBL_ERRLEN], buf[64];
	tbl_move m;
	size_t used;

	(void)st;
	s = at("shrink=no", "...../..../.wb../..../...b./..../...../..../b.... w");
	assert_int_equal(g->parse_move(s, "  c3xg3xg7", &m, &used, err,
	    sizeof err), 0);
	assert_int_equal(used, 7);
	g->format_move(s, m, buf, sizeof buf);
	assert_string_equal(buf, "c3xg3");
	/* The continuation "xg7" needs a chain in progress. */
	assert_int_equal(g->parse_move(s, "xg7", &m, &used, err, sizeof err),
	    -1);
	assert_string_equal(err, "'xg7': no jump is in progress; name the "
	    "jumping counter (c3x...)");
	assert_int_equal(g->parse_move(s, "c3-d5", &m, &used, err,
	    sizeof err), -1);
	assert_string_equal(err, "'c3-d5': 'd5' is not a point of the board");
	assert_int_equal(g->parse_move(s, "c3-d6", &m, &used, err,
	    sizeof err), -1);
	assert_string_equal(err, "'c3-d6': no line joins the two points");
	assert_int_equal(g->parse_move(s, "c3-", &m, &used, err,
	    sizeof err), -1);
	assert_string_equal(err, "'c3-': expected a point after '-'");
	assert_int_equal(g->parse_move(s, "c3xg3y", &m, &used, err,
	    sizeof err), -1);
	assert_string_equal(err, "'c3xg3y': unexpected text after the move");
	assert_int_equal(g->parse_move(s, "wipe", &m, &used, err,
	    sizeof err), -1);
	assert_string_equal(err, "'wipe' needs a point (wipe d4)");
	assert_int_equal(g->parse_move(s, "huff zz", &m, &used, err,
	    sizeof err), -1);
	assert_string_equal(err, "'zz': expected a point after 'huff'");
	assert_int_equal(g->parse_move(s, "c3-f4", &m, &used, err,
	    sizeof err), -1);
	assert_string_equal(err, "'c3-f4': no line joins the two points");
	/* c3-f6 is a line (c3 d4 e5 f6): a flying move, parsed; illegal. */
	assert_int_equal(g->parse_move(s, "c3-f6", &m, &used, err,
	    sizeof err), 0);
	refuse(s, "c3-f6");
	assert_int_equal(g->parse_move(s, "b2-d2", &m, &used, err,
	    sizeof err), -1);
	assert_string_equal(err, "'b2-d2': no line joins the two points");
	assert_int_equal(g->parse_move(s, "wipe c3", &m, &used, err,
	    sizeof err), -1);
	assert_string_equal(err, "'wipe c3': name a square by its centre "
	    "point (b2, d2, ... h8)");
	assert_int_equal(g->parse_move(s, "hello", &m, &used, err,
	    sizeof err), -1);
	assert_string_equal(err, "'hello': not a move (c3-d4, c3xg3, wipe d4, "
	    "huff c3, stop)");
	assert_int_equal(g->parse_move(s, "c3+d4", &m, &used, err,
	    sizeof err), -1);
	assert_string_equal(err, "'c3+d4': expected '-' (step) or 'x' (jump) "
	    "after c3");
	assert_int_equal(g->parse_move(s, "wipe h2 c3xg3", &m, &used, err,
	    sizeof err), 0);
	assert_int_equal(used, 7);
	g->format_move(s, m, buf, sizeof buf);
	assert_string_equal(buf, "wipe h2");
	assert_int_equal(g->parse_move(s, "huff e3", &m, &used, err,
	    sizeof err), 0);
	g->format_move(s, m, buf, sizeof buf);
	assert_string_equal(buf, "huff e3");
	assert_int_equal(g->parse_move(s, "stop", &m, &used, err,
	    sizeof err), 0);
	assert_int_equal(used, 4);
	/* Parsable but not legal: a step when a capture is due. */
	refuse(s, "c3-d4");
	refuse(s, "huff e3");
	refuse(s, "stop");
	g->destroy(s);
}

/* ------------------------------------------------------------------ */
/* Position strings                                                    */
/* ------------------------------------------------------------------ */

static void
test_position_errors(void **st)
{
	const char *rest = "/..../...../..../...../..../...../..../..... w";
	char pos[256];

	(void)st;
	snprintf(pos, sizeof pos, "....%s", rest);
	set_fails("", pos, "rank 1 has 4 points, expected 5");
	set_fails("", "...../...../...../..../...../..../...../..../..... w",
	    "rank 2 has 5 points, expected 4");
	set_fails("", "...../..../...../..../...../..../...../..../..... w",
	    "no counters on the board");
	set_fails("", "..x../..../...../..../...../..../...../..../..... w",
	    "rank 1: unknown piece letter 'x' (expected . w b W B #)");
	set_fails("", "...../..../...../..../...../..../...../..../ w",
	    "rank 9 has 0 points, expected 5");
	set_fails("", "...../..../...../..../...../..../...../..../..w.b",
	    "side to move must be 'w' or 'b', not ''");
	set_fails("", "...../..../...../..../..w../..../...../..b. ..... w",
	    "position has 8 ranks, expected 9 separated by '/'");
	set_fails("", "w..../..../...../..../...../..../...../..../....b x",
	    "side to move must be 'w' or 'b', not 'x'");
	set_fails("", "w..../..../...../..../...../..../...../..../....b/ w",
	    "position has more than 9 ranks");
	set_fails("", "w..../..../...../..../...../..../...../..../....b w "
	    "foo=1", "unknown field 'foo' (expected chain, huff, done or quiet)");
	set_fails("", "w..../..../...../..../...../..../...../..../....b w "
	    "quiet=1 quiet=2", "field 'quiet' given twice");
	set_fails("", "w..../..../...../..../...../..../...../..../....b w "
	    "quiet=x", "quiet=x: expected a number 0..65535");
	set_fails("", "w..../..../...../..../...../..../...../..../....b w "
	    "quiet", "'quiet': expected key=value");
	/* Wiped points must make whole squares. */
	set_fails("", "#..w./..../...../..../...../..../...../..../....b w",
	    "point a1 is marked wiped (#) but no wiped square contains it "
	    "(a square is wiped by its centre)");
	set_fails("", "w#.../#.../##.../..../...../..../...../..../....b w",
	    "counter on a1, a point of the wiped square b2");
	set_fails("", ".#.../#.../##.../..../...../..../...../..../w...b w",
	    "point a1 belongs to the wiped square b2 and must be '#'");
	set_fails("", "wwwww/wwww/wwwww/wwww/bbwww/bbbb/bbbbb/bbbb/bbbbb w",
	    "White has 21 counters, at most 20");
	/* Impossible turn states. */
	set_fails("", "w..../..../...../..../...../..../...../..../....b w "
	    "chain=c3", "chain=c3: no White counter there");
	set_fails("", "w..../..../...../..../...../..../...../..../....b w "
	    "chain=a1", "chain=a1: the counter there has no jump to go on with");
	set_fails("", "w..../..../...../..../...../..../...../..../....b w "
	    "chain=z9", "chain=z9: not a point");
	set_fails("capture=huff", "w..../..../...../..../...../..../...../"
	    "..../....b w huff=a1", "huff=: no Black counter on a1");
	set_fails("capture=huff", "w..../..../...../..../...../..../...../"
	    "..../....b w huff=i9,", "huff=i9,: expected points separated by "
	    "commas");
	set_fails("capture=huff", "w..../..../...../..../...../..../...../"
	    "..../....b w huff=i9 done=wipe", "huff= cannot go with done= "
	    "(the chance to huff ends with the first action of a turn)");
	set_fails("", "w..../..../...../..../...../..../...../..../....b w "
	    "done=huff", "done=huff needs capture=huff");
	set_fails("", "w..../..../...../..../...../..../...../..../....b w "
	    "done=nap", "done=nap: expected huff, wipe or huff,wipe");
	set_fails("", "w..../..../...../..../...../..../...../..../..... w",
	    "Black has no counters, so the game ended before White's turn");
	set_fails("", "w..../..../...../..../...../..../...../..../....b w "
	    "chain=a1 done=wipe", "chain= cannot go with huff= or done= "
	    "(a chain is the last part of a turn)");
	/* W a1 boxed in, mid-turn after a wipe: impossible. */
	set_fails("", "wbb../b.../bb.../..../b..../..../...../..../..... w "
	    "done=wipe", "White is in mid-turn (done=) but has no step or jump");
}

/*
 * Blanks: a tab is a blank like a space everywhere (the SDK toolkit's
 * rule for every game), before and after the board, the side to move and
 * each field, and before a move and between the words of "wipe d4".
 */
static void
test_blanks(void **st)
{
	const char *board = "w..../..../...../..../...../..../...../..../....b";
	char pos[256];
	struct tbl_state *s;
	tbl_move m, m2;
	size_t used;
	char err[TBL_ERRLEN] = "";

	(void)st;
	snprintf(pos, sizeof pos, "\t %s\tb \tquiet=3\t", board);
	s = at("", pos);
	snprintf(pos, sizeof pos, "%s b quiet=3", board);
	assert_string_equal(fake_position(g, s), pos);
	snprintf(pos, sizeof pos, "%s\tw\r\nquiet=7\n", board);
	assert_int_equal(g->set_position(s, pos, err, sizeof err), 0);
	snprintf(pos, sizeof pos, "%s w quiet=7", board);
	assert_string_equal(fake_position(g, s), pos);
	/* A tab inside the board ends it, as a space does. */
	set_fails("", "w..../..../...../....\t/...../..../...../..../....b w",
	    "position has 4 ranks, expected 9 separated by '/'");
	assert_int_equal(g->parse_move(s, "\ta1-b2", &m, &used, err,
	    sizeof err), 0);
	assert_int_equal(used, 6);
	assert_int_equal(g->parse_move(s, "a1-b2", &m2, &used, err,
	    sizeof err), 0);
	assert_int_equal(m, m2);
	assert_int_equal(g->parse_move(s, "wipe\td4", &m, &used, err,
	    sizeof err), 0);
	assert_int_equal(used, 7);
	assert_int_equal(g->parse_move(s, "wipe d4", &m2, &used, err,
	    sizeof err), 0);
	assert_int_equal(m, m2);
	g->destroy(s);
}

/* Accepted positions round-trip, game-over positions included. */
static void
test_position_roundtrip(void **st)
{
	static const char *const cases[][2] = {
		{ "", "wwwww/wwww/wwwww/wwww/bb.ww/bbbb/bbbbb/bbbb/bbbbb w" },
		{ "", "...../..../...w./..../...b./..../...../..../b.... w chain=g3" },
		{ "capture=huff", "...../..../.w..w/.b../...../..../...../..../b.... b huff=c3 quiet=6" },
		{ "capture=huff", "...../..../....w/.b../...../..../...../..../b.... b done=huff quiet=6" },
		{ "capture=huff", "...../..../....w/.b../...../..../...../..../b.... b done=huff,wipe" },
		{ "", "w##../b#../.##../.#../.##../..../...../..../....b w done=wipe" },
		{ "", "wbb../b.../bb.../..../b..../..../...../..../..... w" },
		{ "variant=kharbaga", "...B./..../...../..../...../..../...../..../W.... w quiet=12" },
		{ "capture=huff", "...../..../...../..../...b./..../...../..../b.... b done=huff" },
	};
	struct tbl_state *s;
	char err[TBL_ERRLEN];
	size_t i;

	(void)st;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		s = fake_create(g, cases[i][0]);
		if (g->set_position(s, cases[i][1], err, sizeof err) != 0) {
			fprintf(stderr, "%s: %s\n", cases[i][1], err);
			fail();
		}
		assert_string_equal(fake_position(g, s), cases[i][1]);
		g->destroy(s);
	}
}

static void
test_render(void **st)
{
	struct tbl_state *s;
	char buf[4096];
	int n;

	(void)st;
	s = at("", NULL);
	n = g->render(s, buf, sizeof buf);
	assert_int_equal(n, (int)strlen(buf));
	assert_string_equal(buf,
	    "9  b---b---b---b---b\n"
	    "   |\\ /|\\ /|\\ /|\\ /|\n"
	    "8  | b | b | b | b |\n"
	    "   |/ \\|/ \\|/ \\|/ \\|\n"
	    "7  b---b---b---b---b\n"
	    "   |\\ /|\\ /|\\ /|\\ /|\n"
	    "6  | b | b | b | b |\n"
	    "   |/ \\|/ \\|/ \\|/ \\|\n"
	    "5  b---b---.---w---w\n"
	    "   |\\ /|\\ /|\\ /|\\ /|\n"
	    "4  | w | w | w | w |\n"
	    "   |/ \\|/ \\|/ \\|/ \\|\n"
	    "3  w---w---w---w---w\n"
	    "   |\\ /|\\ /|\\ /|\\ /|\n"
	    "2  | w | w | w | w |\n"
	    "   |/ \\|/ \\|/ \\|/ \\|\n"
	    "1  w---w---w---w---w\n"
	    "   a b c d e f g h i\n"
	    "White 20, Black 20; 0 of 50 turns without a capture\n");
	/* A short buffer still reports the full length. */
	assert_int_equal(g->render(s, buf, 10), n);
	g->destroy(s);
	/* Wiped squares leave holes with no lines. */
	s = at("", "w##../b#../.##../.#../.##../..../...../..../....b w done=wipe");
	g->render(s, buf, sizeof buf);
	assert_string_equal(buf,
	    "9  .---.---.---.---b\n"
	    "   |\\ /|\\ /|\\ /|\\ /|\n"
	    "8  | . | . | . | . |\n"
	    "   |/ \\|/ \\|/ \\|/ \\|\n"
	    "7  .---.---.---.---.\n"
	    "   |\\ / \\ / \\ /|\\ /|\n"
	    "6  | .   .   . | . |\n"
	    "   |/         \\|/ \\|\n"
	    "5  .           .---.\n"
	    "   |\\         /|\\ /|\n"
	    "4  | .       . | . |\n"
	    "   |/         \\|/ \\|\n"
	    "3  .           .---.\n"
	    "   |\\         /|\\ /|\n"
	    "2  | b       . | . |\n"
	    "   |/         \\|/ \\|\n"
	    "1  w           .---.\n"
	    "   a b c d e f g h i\n"
	    "wiped squares: d2, d4\n"
	    "White 1, Black 2; 0 of 50 turns without a capture\n"
	    "White has wiped this turn\n");
	g->destroy(s);
}

/* The AI's estimate: each side's share of the material, a mullah 3. */
static void
test_evaluate(void **st)
{
	struct tbl_state *s;
	double out[2];

	(void)st;
	s = at("", NULL);
	assert_int_equal(g->evaluate(s, out), 0);
	assert_true(out[0] == 0.5 && out[1] == 0.5);
	g->destroy(s);
	/* W mullah a1 and man c1 (4) against B i9 (1). */
	s = at("variant=kharbaga", "Ww.../..../...../..../...../..../...../"
	    "..../....b w");
	assert_int_equal(g->evaluate(s, out), 0);
	assert_true(out[0] == 0.8 && out[1] == 0.2);
	g->destroy(s);
	/* At the end, the result. */
	s = at("", "wbb../b.../bb.../..../b..../..../...../..../..... w");
	assert_int_equal(g->evaluate(s, out), 0);
	assert_true(out[0] == 0 && out[1] == 1);
	g->destroy(s);
}

/* ------------------------------------------------------------------ */
/* Whole games                                                         */
/* ------------------------------------------------------------------ */

static uint64_t
rnd(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/*
 * Check that apply() accepts exactly the moves legal_moves() lists, over
 * every encoding the plugin could produce, and that each legal move's
 * text parses back to it.
 */
static void
check_apply_agrees(struct tbl_state *s, struct tbl_state *tmp)
{
	tbl_move mv[2048], m, pm;
	char buf[64], err[TBL_ERRLEN], pos[8192];
	size_t used;
	int n = g->legal_moves(s, mv, 2048), i, j, ok;

	snprintf(pos, sizeof pos, "%s", fake_position(g, s));

	for (i = 0; i < n; i++) {
		g->format_move(s, mv[i], buf, sizeof buf);
		assert_int_equal(g->parse_move(s, buf, &pm, &used, err,
		    sizeof err), 0);
		assert_int_equal(used, strlen(buf));
		assert_int_equal(pm, mv[i]);
		if (i > 0)
			assert_true(mv[i - 1] < mv[i]);
	}
	for (m = 0; m < (1u << 15) + 8; m++) {
		if (m == (1u << 15))
			m = 0xffffffffu - 8;
		for (j = 0, ok = 0; j < n; j++)
			if (mv[j] == m)
				ok = 1;
		g->copy(tmp, s);
		assert_int_equal(g->apply(tmp, m), ok ? 0 : -1);
		/* A refused move leaves the state as it was (checked where
		 * the encoding names a point and distance 1 or 2, to keep the
		 * test quick). */
		if (!ok && ((m >> 3) & 63) < 41 && (m & 7) < 2)
			assert_string_equal(fake_position(g, tmp), pos);
		if (m == 0xffffffffu)
			break;
	}
}

/* A draw fixed in advance for play_random(), and what it was asked. */
struct fixed_draw {
	uint32_t k, n;
	int calls;
};

static uint32_t
fixed_below(void *p, uint32_t n)
{
	struct fixed_draw *d = p;

	d->calls++;
	d->n = n;
	return d->k;
}

/* Positions play_random() took (check_fast_agrees). */
static long random_taken;

/*
 * play_random() given draw k at s: it declines (0) without a draw or a
 * change, or draws once among the n moves and leaves exactly the state
 * `after` (legal move k applied).
 */
static void
check_random_agrees(const struct tbl_state *s, int n, int k,
    const struct tbl_state *after)
{
	struct tbl_state c;
	struct fixed_draw d = { (uint32_t)k, 0, 0 };
	int r;

	memcpy(&c, s, sizeof c);
	r = g->play_random(&c, fixed_below, &d);
	if (r == 0) {
		assert_int_equal(d.calls, 0);
		assert_memory_equal(&c, s, sizeof c);
		return;
	}
	assert_int_equal(r, n);
	assert_int_equal(d.calls, 1);
	assert_int_equal(d.n, n);
	assert_memory_equal(&c, after, sizeof c);
	random_taken++;
}

/*
 * The fast way (movegen.c) against the readable rules (rules.c) at
 * position s: legal_moves() lists exactly what tk_gen_any() lists, and each
 * legal move played by apply() leaves the state that tk_move_legal() and
 * tk_do_move() leave, tk_do_move() telling what the move does as
 * narrate() says it; play_random() given each draw plays that move too.
 */
static void
check_fast_agrees(struct tbl_state *s)
{
	tbl_move mv[2048], mv2[2048];
	struct tbl_state a, b;
	int n = g->legal_moves(s, mv, 2048), i;
	char said[256], told[256];
	struct tk_tell w = { told, sizeof told, 0 };

	assert_int_equal(tk_gen_any(s, mv2, 2048), n);
	assert_memory_equal(mv, mv2, (size_t)n * sizeof mv[0]);
	for (i = 0; i < n; i++) {
		memcpy(&a, s, sizeof a);
		memcpy(&b, s, sizeof b);
		assert_int_equal(g->apply(&a, mv[i]), 0);
		assert_true(tk_move_legal(&b, mv[i]));
		/* Played telling what it does: the narration comes from the
		 * play the state is compared with. */
		w.n = 0;
		tk_do_move(&b, mv[i], &w);
		assert_memory_equal(&a, &b, sizeof a);
		check_random_agrees(s, n, i, &a);
		assert_true(w.n > 0 && w.n < sizeof told);
		assert_int_equal(g->narrate(s, mv[i], said, sizeof said),
		    (int)w.n);
		assert_string_equal(said, told);
	}
}

/* Features of the positions check_apply_agrees() saw (run_games). */
#define SAW_CHAIN 1
#define SAW_HUFF 2
#define SAW_DONE 4
#define SAW_MULLAH 8
#define SAW_WIPED 16

/*
 * Play random games to the end under each rule set; at every point the
 * position string round-trips and legal_moves agrees after the round
 * trip, and the fast way agrees with the readable rules.  Every `checks`
 * plies, and at every 61st position with fields, also check that apply
 * agrees with legal_moves.  Returns the SAW_* features
 * of the positions so checked.
 */
static int
run_games(const char *opts, int games, int checks)
{
	struct tbl_state *s = fake_create(g, opts), *t = fake_create(g, opts);
	struct tbl_state *tmp = fake_create(g, opts), *start = g->clone(s);
	tbl_move mv[2048], mv2[2048];
	char pos[8192], err[TBL_ERRLEN];
	double res[2];
	uint64_t x = 88172645463325252ull;
	int gm, n, n2, len, plies = 0, mid = 0, saw = 0;

	for (gm = 0; gm < games; gm++) {
		g->copy(s, start);
		for (len = 0; g->to_move(s) >= 0; len++) {
			assert_true(len < 100000);
			snprintf(pos, sizeof pos, "%s", fake_position(g, s));
			assert_int_equal(g->set_position(t, pos, err,
			    sizeof err), 0);
			assert_string_equal(fake_position(g, t), pos);
			n = g->legal_moves(s, mv, 2048);
			n2 = g->legal_moves(t, mv2, 2048);
			assert_true(n > 0);
			assert_int_equal(n, n2);
			assert_memory_equal(mv, mv2, (size_t)n * sizeof mv[0]);
			assert_int_equal(g->to_move(t), g->to_move(s));
			check_fast_agrees(s);
			if (checks && (plies++ % checks == 0 ||
			    ((strchr(pos, '=') != NULL) && mid++ % 61 == 0))) {
				check_apply_agrees(s, tmp);
				saw |= (strstr(pos, "chain=") ? SAW_CHAIN : 0) |
				    (strstr(pos, "huff=") ? SAW_HUFF : 0) |
				    (strstr(pos, "done=") ? SAW_DONE : 0) |
				    (strpbrk(pos, "WB") ? SAW_MULLAH : 0) |
				    (strchr(pos, '#') ? SAW_WIPED : 0);
			}
			assert_int_equal(g->apply(s, mv[rnd(&x) % (uint64_t)n]),
			    0);
		}
		/* The final position round-trips and is over too. */
		snprintf(pos, sizeof pos, "%s", fake_position(g, s));
		assert_int_equal(g->set_position(t, pos, err, sizeof err), 0);
		assert_int_equal(g->to_move(t), TBL_END);
		assert_int_equal(g->result(s, res), 0);
		assert_true(res[0] + res[1] == 1.0);
		assert_true(res[0] == 0 || res[0] == 0.5 || res[0] == 1);
	}
	g->destroy(s);
	g->destroy(t);
	g->destroy(tmp);
	g->destroy(start);
	return saw;
}

static void
test_games_tuknanavuhpi(void **st)
{
	long taken = random_taken;

	(void)st;
	assert_int_equal(run_games("", 200, 0), 0);
	/* play_random() takes the plain rules' positions. */
	assert_true(random_taken > taken + 10000);
	assert_int_equal(run_games("capture=optional first=black", 100, 211),
	    SAW_CHAIN | SAW_DONE | SAW_WIPED);
	assert_int_equal(run_games("capture=huff opening=left", 100, 211),
	    SAW_CHAIN | SAW_HUFF | SAW_DONE | SAW_WIPED);
	assert_int_equal(run_games("capture=longest shrink_edge=original", 100,
	    211), SAW_CHAIN | SAW_DONE | SAW_WIPED);
	assert_int_equal(run_games("shrink=no quiet_limit=20", 100, 0), 0);
}

static void
test_games_kharbaga(void **st)
{
	long taken = random_taken;

	(void)st;
	assert_int_equal(run_games("variant=kharbaga", 200, 113),
	    SAW_CHAIN | SAW_MULLAH);
	/* play_random() takes Kharbaga's positions without mullahs. */
	assert_true(random_taken > taken + 10000);
	assert_int_equal(run_games("variant=kharbaga mullah_moves=short "
	    "capture=huff", 100, 113), SAW_CHAIN | SAW_HUFF | SAW_DONE |
	    SAW_MULLAH);
	assert_int_equal(run_games("variant=kharbaga shrink=yes "
	    "capture=optional", 100, 113), SAW_CHAIN | SAW_DONE | SAW_MULLAH |
	    SAW_WIPED);
	assert_int_equal(run_games("variant=kharbaga capture=compulsory "
	    "quiet_limit=10", 50, 0), 0);
}

#ifdef TK_PDEP_TWIN
/* A draw for play_random() from rnd(). */
static uint32_t
rnd_below(void *p, uint32_t n)
{
	return (uint32_t)(rnd(p) % n);
}
#endif

/*
 * The PDEP twin of the playouts' code (playout_pdep.c) plays what the
 * portable code plays: random games of the plain rules and of Kharbaga
 * (mullahs, long chains), and at every position each draw of
 * play_random() leaves the same state both ways.  Skipped where the
 * processor cannot run the twin.
 */
static void
test_pdep_twin(void **st)
{
#ifdef TK_PDEP_TWIN
	static const char *const opts[] = { "", "variant=kharbaga",
	    "variant=kharbaga capture=huff mullah_moves=short" };
	struct tbl_state *s, *start, a, b;
	struct fixed_draw d;
	uint64_t x = 0x2545f4914f6cdd1dull;
	int was = tk_fast_pdep, i, gm, n, k, ra, rb;
	long plays = 0;

	(void)st;
	__builtin_cpu_init();
	if (!__builtin_cpu_supports("x86-64-v3"))
		skip();
	for (i = 0; i < 3; i++) {
		s = fake_create(g, opts[i]);
		start = g->clone(s);
		for (gm = 0; gm < 40; gm++) {
			g->copy(s, start);
			while (g->to_move(s) >= 0) {
				for (k = 0; k < 64; k++) {
					memcpy(&a, s, sizeof a);
					memcpy(&b, s, sizeof b);
					d = (struct fixed_draw){ (uint32_t)k, 0, 0 };
					tk_fast_pdep = 0;
					ra = g->play_random(&a, fixed_below, &d);
					n = (int)d.n;
					d = (struct fixed_draw){ (uint32_t)k, 0, 0 };
					tk_fast_pdep = 1;
					rb = g->play_random(&b, fixed_below, &d);
					assert_int_equal(ra, rb);
					assert_memory_equal(&a, &b, sizeof a);
					plays += ra > 0;
					if (ra == 0 || k + 1 >= n)
						break;
				}
				n = g->play_random(s, rnd_below, &x);
				if (n == 0) {
					tbl_move mv[2048];

					n = g->legal_moves(s, mv, 2048);
					assert_int_equal(g->apply(s,
					    mv[rnd(&x) % (uint64_t)n]), 0);
				}
			}
		}
		g->destroy(s);
		g->destroy(start);
	}
	tk_fast_pdep = was;
	assert_true(plays > 10000);
#else
	(void)st;
	skip();
#endif
}

/* One whole game from the start, played to a blocked finish by hand:
 * each move checked against the rules in the comments. */
static void
test_full_game_kharbaga(void **st)
{
	struct tbl_state *s;

	(void)st;
	/*
	 * A short Kharbaga ending.  W: c5 (man) and mullah a1; B: d6 f8.
	 * White's c5 must take d6 (to e7), then e7 x f8 lands g9: two, the
	 * longest; the mullah has nothing to take.  Black is then gone.
	 */
	s = at("variant=kharbaga",
	    "W..../..../...../..../.w.../.b../...../..b./..... w");
	assert_string_equal(legal(s), "c5xe7");
	play(s, "c5xe7xg9");
	assert_string_equal(fake_position(g, s),
	    "W..../..../...../..../...../..../...../..../...w. b");
	result_is(s, 1, 0, "White wins, 2 counters to 0: Black has none left");
	g->destroy(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_board_tables),
		cmocka_unit_test(test_board_near_far),
		cmocka_unit_test(test_board_rays),
		cmocka_unit_test(test_man_lands),
		cmocka_unit_test(test_start),
		cmocka_unit_test(test_short_room),
		cmocka_unit_test(test_variant_defaults),
		cmocka_unit_test(test_chain_turns),
		cmocka_unit_test(test_compulsory_hides_steps),
		cmocka_unit_test(test_stop),
		cmocka_unit_test(test_huff),
		cmocka_unit_test(test_wipe),
		cmocka_unit_test(test_shrink_edge),
		cmocka_unit_test(test_blocked),
		cmocka_unit_test(test_capture_all),
		cmocka_unit_test(test_quiet_limit),
		cmocka_unit_test(test_kharbaga_forward),
		cmocka_unit_test(test_promotion),
		cmocka_unit_test(test_mullah_moves),
		cmocka_unit_test(test_mullah_long_jump),
		cmocka_unit_test(test_longest_capture),
		cmocka_unit_test(test_narrate),
		cmocka_unit_test(test_notation),
		cmocka_unit_test(test_position_errors),
		cmocka_unit_test(test_blanks),
		cmocka_unit_test(test_position_roundtrip),
		cmocka_unit_test(test_render),
		cmocka_unit_test(test_evaluate),
		cmocka_unit_test(test_full_game_kharbaga),
		cmocka_unit_test(test_games_tuknanavuhpi),
		cmocka_unit_test(test_games_kharbaga),
		cmocka_unit_test(test_pdep_twin),
	};

	g = fake_game();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
