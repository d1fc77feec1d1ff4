/*
 * test_awithlaknakwe.c - the rules of awithlaknakwe, driven through the
 * plugin's descriptor with the fake host.
 *
 * Positions are written with build(), which places pieces by square name
 * ("s@e5 N@g10") on the cross and writes the position string the way the
 * man page describes it, with its own idea of which squares exist.  Every
 * rule test sets a position, plays, and compares the whole position
 * string.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "fakehost.h"
/* The generated tables, checked against the geometry below. */
#include "tables.h"

static const struct tbl_game *g;

/* Does square (file, rank), both from 0, exist on the cross? */
static int
on_cross(int f, int r)
{
	if (f < 0 || f > 13 || r < 0 || r > 13)
		return 0;
	if (r == 0 || r == 13)
		return f >= 4 && f <= 9;
	if (f == 0 || f == 13)
		return r >= 4 && r <= 9;
	return 1;
}

/*
 * A position string: `pieces` is a list like "s@e5 N@g10" (letter, '@',
 * square), `turn` the side to move, `fields` the rest ("" for none).
 */
static const char *
build(const char *pieces, char turn, const char *fields)
{
	static char out[1024];
	char grid[14][14], *o = out;
	const char *p = pieces;
	int f, r;

	memset(grid, '.', sizeof grid);
	while (*p) {
		char letter;
		int ff, rr;

		while (*p == ' ')
			p++;
		if (!*p)
			break;
		letter = *p;
		assert_int_equal(p[1], '@');
		ff = p[2] - 'a';
		rr = p[3] - '0';
		p += 4;
		if (*p >= '0' && *p <= '9')
			rr = rr * 10 + (*p++ - '0');
		assert_true(on_cross(ff, rr - 1));
		grid[ff][rr - 1] = letter;
	}
	for (r = 0; r < 14; r++) {
		if (r)
			*o++ = '/';
		for (f = 0; f < 14; f++)
			if (on_cross(f, r))
				*o++ = grid[f][r];
	}
	*o++ = ' ';
	*o++ = turn;
	if (fields && *fields) {
		*o++ = ' ';
		strcpy(o, fields);
	} else
		*o = '\0';
	return out;
}

static struct tbl_state *
new_game(const char *opts)
{
	return fake_create(g, opts);
}

static void
setup(struct tbl_state *s, const char *pos)
{
	fake_must_set(g, s, pos);
}

static void
play(struct tbl_state *s, const char *moves)
{
	fake_must_play(g, s, moves);
}

/* Does the move text parse but fail to apply (illegal here)? */
static void
refused(struct tbl_state *s, const char *move)
{
	char err[TBL_ERRLEN] = "", before[1024];
	tbl_move m;
	size_t used;

	strcpy(before, fake_position(g, s));
	assert_int_equal(g->parse_move(s, move, &m, &used, err, sizeof err), 0);
	assert_int_equal(g->apply(s, m), -1);
	assert_string_equal(fake_position(g, s), before);
}

/* Resolve the chance point with the outcome named `text`. */
static void
draw(struct tbl_state *s, const char *text)
{
	char err[TBL_ERRLEN] = "";
	tbl_move m, out[8];
	size_t used;
	int i, n;

	assert_int_equal(g->to_move(s), TBL_CHANCE);
	assert_int_equal(g->parse_move(s, text, &m, &used, err, sizeof err), 0);
	n = g->chance_outcomes(s, out, NULL, 8);
	for (i = 0; i < n && out[i] != m; i++)
		continue;
	assert_true(i < n);
	assert_int_equal(g->apply(s, m), 0);
}

/* The legal moves as text, separated by blanks. */
static const char *
moves_text(struct tbl_state *s)
{
	return fake_moves(g, s);
}

static const char *
describe(struct tbl_state *s)
{
	return fake_result_text(g, s);
}

#define Q0_2 "captures=s0,n0 priest=s-,n- quiet=0"
#define Q0_4 "captures=s0,w0,n0,e0 priest=s-,w-,n-,e- quiet=0"

/* ------------------------------------------------------------------ */

static void
test_tables(void **state)
{
	static const int fdf[4] = { 0, 1, 0, -1 }, fdr[4] = { 1, 0, -1, 0 };
	int f, r, n = 0, side, sq, k;
	int num[14][14];

	(void)state;
	for (r = 0; r < 14; r++)
		for (f = 0; f < 14; f++) {
			num[f][r] = on_cross(f, r) ? n++ : AWK_NONE;
			assert_int_equal(awk_at[f][r], num[f][r]);
		}
	assert_int_equal(n, 168);
	for (sq = 0; sq < AWK_NSQ; sq++) {
		f = awk_file[sq];
		r = awk_rank[sq];
		assert_int_equal(num[f][r], sq);
		for (k = 0; k < 4; k++) {
			int df = k & 1 ? -1 : 1, dr = k < 2 ? 1 : -1;
			int want = on_cross(f + df, r + dr) ?
			    num[f + df][r + dr] : AWK_NONE;
			assert_int_equal(awk_diag[sq][k], want);
			want = on_cross(f + 2 * df, r + 2 * dr) ?
			    num[f + 2 * df][r + 2 * dr] : AWK_NONE;
			assert_int_equal(awk_diag2[sq][k], want);
		}
		for (side = 0; side < 4; side++) {
			int pf = fdr[side], pr = fdf[side], cnt = 0, i;
			int want[2], got = 0;
			int tf = f + fdf[side], tr = r + fdr[side];

			want[0] = on_cross(tf + pf, tr + pr) ?
			    num[tf + pf][tr + pr] : AWK_NONE;
			want[1] = on_cross(tf - pf, tr - pr) ?
			    num[tf - pf][tr - pr] : AWK_NONE;
			for (i = 0; i < 2; i++)
				if (want[i] != AWK_NONE) {
					cnt++;
					got += awk_wdst[side][sq][0] == want[i] ||
					    awk_wdst[side][sq][1] == want[i];
				}
			assert_int_equal(got, cnt);
			assert_true(awk_wdst[side][sq][0] <= awk_wdst[side][sq][1]);
			/* Progress: 0 on the home rank, 13 on the goal rank. */
			assert_int_equal(awk_fwd[side][sq], side == 0 ? r :
			    side == 1 ? f : side == 2 ? 13 - r : 13 - f);
		}
	}
	for (k = 0; k < 4; k++)
		assert_int_equal(awk_diag[AWK_NONE][k], AWK_NONE);
	/* The packed tables of the warrior's step say the same. */
	for (side = 0; side < 4; side++)
		for (sq = 0; sq <= AWK_NSQ; sq++) {
			for (k = 0; k < 2; k++) {
				assert_int_equal(awk_wstep[side][sq][k],
				    awk_wdst[side][sq][k]);
				assert_int_equal(awk_wmove[side][sq][k],
				    (unsigned)sq << 8 | awk_wdst[side][sq][k]);
			}
			assert_int_equal(awk_wstep[side][sq][2],
			    sq < AWK_NSQ && awk_fwd[side][sq] == 13);
			assert_int_equal(awk_wstep[side][sq][3],
			    awk_wdst[side][sq][0] != AWK_NONE);
		}
}

static void
test_start_positions(void **state)
{
	struct tbl_state *s = new_game("players=2");
	char buf[4096], *line;
	size_t w;

	(void)state;
	assert_int_equal(g->players(s), 2);
	assert_string_equal(fake_position(g, s), build(
	    "s@e1 s@f1 s@g1 s@h1 s@i1 s@j1 n@e14 n@f14 n@g14 n@h14 n@i14 n@j14",
	    's', Q0_2));
	assert_string_equal(fake_position(g, s),
	    "ssssss/............/............/............/.............."
	    "/............../............../............../.............."
	    "/............../............/............/............/nnnnnn"
	    " s captures=s0,n0 priest=s-,n- quiet=0");
	assert_string_equal(g->player_name(s, 0), "South");
	assert_string_equal(g->player_name(s, 1), "North");
	assert_int_equal(g->to_move(s), 0);
	assert_string_equal(moves_text(s), "e1-d2 e1-f2 f1-e2 f1-g2 g1-f2 "
	    "g1-h2 h1-g2 h1-i2 i1-h2 i1-j2 j1-i2 j1-k2");
	g->destroy(s);

	s = new_game("players=4");
	assert_int_equal(g->players(s), 4);
	assert_string_equal(fake_position(g, s), build(
	    "s@e1 s@f1 s@g1 s@h1 s@i1 s@j1 n@e14 n@f14 n@g14 n@h14 n@i14 n@j14 "
	    "w@a5 w@a6 w@a7 w@a8 w@a9 w@a10 e@n5 e@n6 e@n7 e@n8 e@n9 e@n10",
	    's', Q0_4));
	assert_string_equal(g->player_name(s, 1), "West (team N-W)");
	assert_string_equal(g->player_name(s, 3), "East (team S-E)");
	/* The cross fits in 80 columns. */
	g->render(s, buf, sizeof buf);
	for (line = buf; *line; line += w + 1) {
		w = strcspn(line, "\n");
		assert_true(w <= 80);
		if (!line[w])
			break;
	}
	assert_non_null(strstr(buf, " 7  w . . . . . . . . . . . . e  7"));
	assert_non_null(strstr(buf, "Quiet turns: 0 of 20\n"));
	g->destroy(s);
}

static void
test_warrior_steps(void **state)
{
	struct tbl_state *s = new_game("");

	(void)state;
	/* Diagonally forward only; never backward, never onto a piece. */
	setup(s, build("s@f5 n@g6 n@k10", 's', ""));
	assert_string_equal(moves_text(s), "f5-e6");
	refused(s, "f5-g6");
	refused(s, "f5-e4");
	refused(s, "f5-f6");
	play(s, "f5-e6");
	assert_string_equal(fake_position(g, s),
	    build("s@e6 n@g6 n@k10", 'n', Q0_2));
	/* North moves down; the edge of the cross limits the steps. */
	assert_string_equal(moves_text(s), "g6-f5 g6-h5 k10-j9 k10-l9");
	/* A South warrior may pass through the West arm. */
	setup(s, build("s@b4 n@k10", 's', ""));
	assert_string_equal(moves_text(s), "b4-a5 b4-c5");
	play(s, "b4-a5");
	play(s, "k10-j9");
	assert_string_equal(moves_text(s), "a5-b6");
	g->destroy(s);
}

static void
test_capture(void **state)
{
	struct tbl_state *s = new_game("");

	(void)state;
	/* e5 takes f6, which stands between it and g7. */
	setup(s, build("s@d4 s@g7 n@f6 n@h10", 's', ""));
	play(s, "d4-e5");
	assert_string_equal(fake_position(g, s), build("s@e5 s@g7 n@h10", 'n',
	    "captures=s1,n0 priest=s-,n+ quiet=0"));
	g->destroy(s);
}

/*
 * narrate() (ABI 1.3): the move played on a copy through the general
 * apply, the rules writing what they do; end_kind(): the quiet limit is
 * the game's own.
 */
static void
test_narrate(void **state)
{
	struct tbl_state *s = new_game("");

	(void)state;
	setup(s, build("s@d4 s@c7 s@g7 n@d6 n@f6 n@h10", 's', ""));
	assert_string_equal(fake_narrate(g, s, "d4-e5"), "d4-e5: South's "
	    "warrior steps from d4 to e5; it captures North's warrior on f6; "
	    "North's priest of the bow is earned; it captures North's warrior "
	    "on d6");
	/* Narrating plays nothing. */
	assert_string_equal(fake_position(g, s),
	    build("s@d4 s@c7 s@g7 n@d6 n@f6 n@h10", 's', Q0_2));
	g->destroy(s);
	/* A position at the quiet limit is over, at the game's own limit. */
	s = new_game("quiet_limit=5");
	setup(s, build("s@d4 n@h10", 's', "captures=s0,n0 priest=s-,n- "
	    "quiet=5"));
	assert_int_equal(g->to_move(s), TBL_END);
	assert_int_equal(g->end_kind(s), TBL_END_LIMIT);
	g->destroy(s);
}

static void
test_capture_several(void **state)
{
	struct tbl_state *s = new_game("");

	(void)state;
	/* The step d4-e5 closes two lines: d6 (with c7) and f6 (with g7). */
	setup(s, build("s@d4 s@c7 s@g7 n@d6 n@f6 n@h10", 's', ""));
	play(s, "d4-e5");
	assert_string_equal(fake_position(g, s), build("s@e5 s@c7 s@g7 n@h10",
	    'n', "captures=s2,n0 priest=s-,n+ quiet=0"));
	g->destroy(s);
}

static void
test_between_two_enemies_is_safe(void **state)
{
	struct tbl_state *s = new_game("");

	(void)state;
	/* e5 steps in between d6 and f4: nothing happens to it. */
	setup(s, build("s@d4 s@j2 n@d6 n@f4 n@k10", 's', ""));
	play(s, "d4-e5");
	assert_string_equal(fake_position(g, s),
	    build("s@e5 s@j2 n@d6 n@f4 n@k10", 'n', Q0_2));
	/* North moving elsewhere does not take it either. */
	play(s, "k10-j9");
	assert_string_equal(fake_position(g, s),
	    build("s@e5 s@j2 n@d6 n@f4 n@j9", 's', Q0_2));
	g->destroy(s);

	/* But North closing the line by a move of its own does take it. */
	s = new_game("");
	setup(s, build("s@d4 s@j2 n@d6 n@g5 n@k10", 's', ""));
	play(s, "d4-e5 g5-f4");
	assert_string_equal(fake_position(g, s),
	    build("s@j2 n@d6 n@f4 n@k10", 's',
	    "captures=s0,n1 priest=s+,n- quiet=0"));
	g->destroy(s);
}

static void
test_capture_partner_flank(void **state)
{
	struct tbl_state *s = new_game("players=4");

	(void)state;
	/* South steps to e5; f6 (North) is held against East's g7. */
	setup(s, build("s@d4 e@g7 n@f6 w@b8", 's', ""));
	play(s, "d4-e5");
	assert_string_equal(fake_position(g, s), build("s@e5 e@g7 w@b8", 'w',
	    "captures=s1,w0,n0,e0 priest=s-,w-,n+,e- quiet=0"));
	g->destroy(s);

	s = new_game("players=4 flank=own");
	setup(s, build("s@d4 e@g7 n@f6 w@b8", 's', ""));
	play(s, "d4-e5");
	assert_string_equal(fake_position(g, s),
	    build("s@e5 e@g7 n@f6 w@b8", 'w', Q0_4));
	g->destroy(s);

	/* A partner is no enemy: South steps next to East's piece safely. */
	s = new_game("players=4");
	setup(s, build("s@d4 e@f6 s@g7 w@b8", 's', ""));
	play(s, "d4-e5");
	assert_string_equal(fake_position(g, s),
	    build("s@e5 e@f6 s@g7 w@b8", 'w', Q0_4));
	g->destroy(s);
}

static void
test_priest_entry_next_turn(void **state)
{
	struct tbl_state *s = new_game("");

	(void)state;
	setup(s, build("s@d4 s@g7 n@f6 n@h10", 's', ""));
	play(s, "d4-e5");
	/* North's first lost warrior: the priest must enter now. */
	assert_string_equal(moves_text(s),
	    "P@e14 P@f14 P@g14 P@h14 P@i14 P@j14");
	refused(s, "h10-g9");
	play(s, "P@g14");
	/* An entry is neither a capture nor a forward move: it is quiet
	 * (the spec's quiet_limit rule, read literally). */
	assert_string_equal(fake_position(g, s), build("s@e5 s@g7 N@g14 n@h10",
	    's', "captures=s1,n0 priest=s-,n* quiet=1"));
	g->destroy(s);
}

static void
test_priest_entry_any_turn(void **state)
{
	struct tbl_state *s = new_game("priest_entry=any_turn");

	(void)state;
	setup(s, build("s@d4 s@g7 n@f6 n@h10", 's', ""));
	play(s, "d4-e5");
	/* Steps and entries, the owner chooses. */
	assert_string_equal(moves_text(s), "h10-g9 h10-i9 "
	    "P@e14 P@f14 P@g14 P@h14 P@i14 P@j14");
	play(s, "h10-g9");
	assert_string_equal(fake_position(g, s), build("s@e5 s@g7 n@g9", 's',
	    "captures=s1,n0 priest=s-,n+ quiet=0"));
	play(s, "e5-d6");
	play(s, "P@j14");
	assert_string_equal(fake_position(g, s), build("s@d6 s@g7 n@g9 N@j14",
	    's', "captures=s1,n0 priest=s-,n* quiet=1"));
	g->destroy(s);
}

static void
test_priest_waits_for_room(void **state)
{
	struct tbl_state *s = new_game("");
	const char *home = "n@e14 n@f14 n@g14 n@h14 n@i14 s@j14 ";
	char pieces[256];

	(void)state;
	/* North's home rank is full (five of its own, one South arrival). */
	snprintf(pieces, sizeof pieces, "%ss@b2", home);
	setup(s, build(pieces, 'n', "priest=n+"));
	assert_string_equal(moves_text(s), "e14-d13 e14-f13 f14-e13 f14-g13 "
	    "g14-f13 g14-h13 h14-g13 h14-i13 i14-h13 i14-j13");
	play(s, "e14-d13 b2-c3");
	/* Now e14 is free and the entry is forced. */
	assert_string_equal(moves_text(s), "P@e14");
	play(s, "P@e14");
	assert_string_equal(fake_position(g, s), build("N@e14 n@f14 n@g14 "
	    "n@h14 n@i14 s@j14 n@d13 s@c3", 's',
	    "captures=s0,n0 priest=s-,n* quiet=1"));
	g->destroy(s);
}

static void
test_priest_moves_and_captures(void **state)
{
	struct tbl_state *s = new_game("");

	(void)state;
	/* Left, right, forward, diagonally forward; never backward. */
	setup(s, build("N@g10 s@b2", 'n', "priest=n*"));
	assert_string_equal(moves_text(s),
	    "g10-f9 g10-g9 g10-h9 g10-f10 g10-h10");
	setup(s, build("S@g5 n@k10", 's', "priest=s*"));
	assert_string_equal(moves_text(s),
	    "g5-f5 g5-h5 g5-f6 g5-g6 g5-h6");
	refused(s, "g5-g4");
	refused(s, "g5-f4");
	/* A sideways step captures along the diagonals like any move. */
	setup(s, build("S@e5 n@g6 s@h7 n@k10", 's', "priest=s*"));
	play(s, "e5-f5");
	assert_string_equal(fake_position(g, s), build("S@f5 s@h7 n@k10", 'n',
	    "captures=s1,n0 priest=s*,n+ quiet=0"));
	g->destroy(s);
}

static void
test_priest_entry_captures(void **state)
{
	struct tbl_state *s = new_game("");

	(void)state;
	/* Entering on g14 takes h13, held against i12. */
	setup(s, build("s@h13 n@i12 s@b2", 'n', "priest=n+"));
	play(s, "P@g14");
	assert_string_equal(fake_position(g, s), build("N@g14 n@i12 s@b2", 's',
	    "captures=s0,n1 priest=s+,n* quiet=0"));
	g->destroy(s);
}

static void
test_team_priest(void **state)
{
	struct tbl_state *s = new_game("players=4");

	(void)state;
	/* West already holds the team's priest: North earns none. */
	setup(s, build("s@d4 s@g7 n@f6 W@b8", 's', "priest=w*"));
	play(s, "d4-e5");
	assert_string_equal(fake_position(g, s), build("s@e5 s@g7 W@b8", 'w',
	    "captures=s1,w0,n0,e0 priest=s-,w*,n-,e- quiet=0"));
	g->destroy(s);

	s = new_game("players=4 team_priest=each");
	setup(s, build("s@d4 s@g7 n@f6 W@b8", 's', "priest=w*"));
	play(s, "d4-e5");
	assert_string_equal(fake_position(g, s), build("s@e5 s@g7 W@b8", 'w',
	    "captures=s1,w0,n0,e0 priest=s-,w*,n+,e- quiet=0"));
	/* North's entry is its own next move: West moves on meanwhile. */
	assert_string_equal(moves_text(s), "b8-b7 b8-c7 b8-c8 b8-b9 b8-c9");
	play(s, "b8-c8");
	assert_string_equal(moves_text(s),
	    "P@e14 P@f14 P@g14 P@h14 P@i14 P@j14");
	g->destroy(s);
}

static void
test_arrival(void **state)
{
	struct tbl_state *s = new_game("");
	char buf[4096];

	(void)state;
	/* A warrior on its goal rank counts and stays. */
	setup(s, build("s@d13 S@f13 n@k10", 's', "priest=s*"));
	play(s, "d13-e14");
	g->render(s, buf, sizeof buf);
	assert_non_null(strstr(buf, "South  2 on board, 1 arrived"));
	play(s, "k10-j9 f13-f14 j9-i8");
	/* Frozen: neither the warrior nor the priest on rank 14 moves. */
	assert_string_equal(moves_text(s), "pass");
	g->destroy(s);

	s = new_game("arrived=slide");
	setup(s, build("s@d13 S@f13 n@k10", 's', "priest=s*"));
	play(s, "d13-e14 k10-j9 f13-f14 j9-i8");
	/* Slide: the arrived priest steps along the goal rank only. */
	assert_string_equal(moves_text(s), "f14-g14");
	play(s, "f14-g14");
	assert_string_equal(fake_position(g, s), build("s@e14 S@g14 n@i8", 'n',
	    "captures=s0,n0 priest=s*,n- quiet=1"));
	g->destroy(s);
}

static void
test_pass_when_blocked(void **state)
{
	struct tbl_state *s = new_game("");

	(void)state;
	/* b13 has no square diagonally forward: South must pass. */
	setup(s, build("s@b13 n@k10", 's', ""));
	assert_string_equal(moves_text(s), "pass");
	refused(s, "b13-c12");
	play(s, "pass");
	assert_string_equal(fake_position(g, s),
	    build("s@b13 n@k10", 'n', "captures=s0,n0 priest=s-,n- quiet=1"));
	/* A side with a move may not pass. */
	refused(s, "pass");
	play(s, "k10-j9");
	assert_string_equal(fake_position(g, s),
	    build("s@b13 n@j9", 's', Q0_2));
	g->destroy(s);
}

/*
 * Four players, West and North with nothing left to move: they pass in
 * turn, and East's moves after the passes are those of the board as it is
 * (South's step took one of them away).
 */
static void
test_passes_in_a_row(void **state)
{
	struct tbl_state *s = new_game("players=4");

	(void)state;
	setup(s, build("s@f7 w@n7 n@f1 e@h9", 's', ""));
	play(s, "f7-g8");
	assert_int_equal(g->to_move(s), 1);
	assert_string_equal(moves_text(s), "pass");
	refused(s, "n7-m8");
	play(s, "pass");
	assert_int_equal(g->to_move(s), 2);
	assert_string_equal(moves_text(s), "pass");
	play(s, "pass");
	assert_int_equal(g->to_move(s), 3);
	assert_string_equal(moves_text(s), "h9-g10");
	refused(s, "h9-g8");
	refused(s, "pass");
	assert_string_equal(fake_position(g, s), build("s@g8 w@n7 n@f1 e@h9",
	    'e', "captures=s0,w0,n0,e0 priest=s-,w-,n-,e- quiet=2"));
	play(s, "h9-g10");
	assert_string_equal(moves_text(s), "g8-f9 g8-h9");
	assert_string_equal(fake_position(g, s), build("s@g8 w@n7 n@f1 e@g10",
	    's', Q0_4));
	g->destroy(s);

	/* The quiet limit may end the game in the middle of the passes. */
	s = new_game("players=4 quiet_limit=2");
	setup(s, build("s@f7 w@n7 n@f1 e@h9", 's', ""));
	play(s, "f7-g8 pass pass");
	assert_int_equal(g->to_move(s), TBL_END);
	assert_string_equal(describe(s), "Team North-West wins, 2 to 0 on "
	    "arrivals plus captures (2 turns without a capture or a forward "
	    "move)");
	g->destroy(s);
}

static void
test_end_when_nobody_can_move(void **state)
{
	struct tbl_state *s = new_game("");
	double r[2];

	(void)state;
	/* m3-l2 is North's last step; then no side can move. */
	setup(s, build("s@b13 s@e14 n@m3", 's', ""));
	play(s, "pass m3-l2");
	assert_int_equal(g->to_move(s), TBL_END);
	assert_int_equal(g->legal_moves(s, NULL, 0), 0);
	assert_int_equal(g->result(s, r), 0);
	assert_true(r[0] == 1.0 && r[1] == 0.0);
	assert_string_equal(describe(s),
	    "South wins, 1 to 0 on arrivals plus captures (no side can move)");
	g->destroy(s);
}

/* One final position, three scoring rules, three different results. */
static void
test_scoring_rules(void **state)
{
	static const char *const opts[3] = {
		"scoring=combined", "scoring=captures", "scoring=race"
	};
	static const char *const want[3] = {
		"Draw, 3 to 3 on arrivals plus captures (no side can move)",
		"North wins, 3 to 1 on captures (no side can move)",
		"South wins, 2 to 0 on pieces arrived (no side can move)",
	};
	static const double r0[3] = { 0.5, 0.0, 1.0 };
	const char *pos = build("s@e14 s@f14 s@b13 n@m2 n@l2", 's',
	    "captures=s1,n3 priest=s*,n* quiet=0");
	int i;

	(void)state;
	for (i = 0; i < 3; i++) {
		struct tbl_state *s = new_game(opts[i]);
		double r[2];

		setup(s, pos);
		assert_string_equal(fake_position(g, s), pos);
		assert_int_equal(g->to_move(s), TBL_END);
		assert_int_equal(g->result(s, r), 0);
		assert_true(r[0] == r0[i] && r[1] == 1.0 - r0[i]);
		assert_string_equal(describe(s), want[i]);
		g->destroy(s);
	}
}

static void
test_race_target(void **state)
{
	struct tbl_state *s = new_game("scoring=race race_target=2");
	double r[2];

	(void)state;
	setup(s, build("s@e14 s@g13 n@h10 n@c3", 's', ""));
	play(s, "g13-f14");
	assert_int_equal(g->to_move(s), TBL_END);
	g->result(s, r);
	assert_true(r[0] == 1.0 && r[1] == 0.0);
	assert_string_equal(describe(s), "South wins, 2 to 0 on pieces arrived "
	    "(South brought 2 to the goal)");
	g->destroy(s);

	/* Under the default scoring the same step does not end the game. */
	s = new_game("race_target=2");
	setup(s, build("s@e14 s@g13 n@h10 n@c3", 's', ""));
	play(s, "g13-f14");
	assert_int_equal(g->to_move(s), 1);
	g->destroy(s);
}

static void
test_side_wiped_out(void **state)
{
	struct tbl_state *s = new_game("");

	(void)state;
	/* North's priest is gone already; its last warrior is taken. */
	setup(s, build("s@d4 s@g7 n@f6", 's', "priest=n*"));
	play(s, "d4-e5");
	assert_int_equal(g->to_move(s), TBL_END);
	assert_string_equal(describe(s), "South wins, 1 to 0 on arrivals plus "
	    "captures (North has no pieces left)");
	g->destroy(s);

	/* A side whose priest still waits to enter is not wiped out. */
	s = new_game("");
	setup(s, build("s@d4 s@g7 n@f6", 's', ""));
	play(s, "d4-e5");
	assert_int_equal(g->to_move(s), 1);
	assert_string_equal(moves_text(s),
	    "P@e14 P@f14 P@g14 P@h14 P@i14 P@j14");
	g->destroy(s);
}

static void
test_team_wiped_out(void **state)
{
	struct tbl_state *s = new_game("players=4");
	double r[4];

	(void)state;
	/* North's last warrior goes; West has no pieces; the team priest
	 * was West's and is gone. */
	setup(s, build("s@d4 e@g7 n@f6 s@k2", 's', "priest=w*"));
	play(s, "d4-e5");
	assert_int_equal(g->to_move(s), TBL_END);
	assert_int_equal(g->result(s, r), 0);
	assert_true(r[0] == 1.0 && r[1] == 0.0 && r[2] == 0.0 && r[3] == 1.0);
	assert_string_equal(describe(s), "Team South-East wins, 1 to 0 on "
	    "arrivals plus captures (team North-West has no pieces left)");
	g->destroy(s);
}

static void
test_evaluate(void **state)
{
	struct tbl_state *s = new_game("");
	double e[2], r[2];

	(void)state;
	/* Even at the start; South's capture tips it; the end is exact. */
	assert_int_equal(g->evaluate(s, e), 0);
	assert_true(e[0] == 0.5 && e[1] == 0.5);
	setup(s, build("s@d4 s@g7 n@f6 n@h10", 's', ""));
	play(s, "d4-e5");
	assert_int_equal(g->evaluate(s, e), 0);
	assert_true(e[0] > 0.5 && e[0] + e[1] == 1.0);
	setup(s, build("s@e14 s@f14 s@b13 n@m2 n@l2", 's',
	    "captures=s1,n3 priest=s*,n*"));
	assert_int_equal(g->evaluate(s, e), 0);
	g->result(s, r);
	assert_true(e[0] == r[0] && e[1] == r[1]);
	g->destroy(s);
}

static void
test_quiet_limit(void **state)
{
	struct tbl_state *s = new_game("quiet_limit=3");

	(void)state;
	setup(s, build("S@c5 N@c10", 's', "priest=s*,n*"));
	play(s, "c5-d5 c10-d10");
	assert_string_equal(fake_position(g, s), build("S@d5 N@d10", 's',
	    "captures=s0,n0 priest=s*,n* quiet=2"));
	/* A forward step resets the count. */
	play(s, "d5-d6");
	assert_string_equal(fake_position(g, s), build("S@d6 N@d10", 'n',
	    "captures=s0,n0 priest=s*,n* quiet=0"));
	play(s, "d10-e10 d6-e6");
	assert_int_equal(g->to_move(s), 1);
	play(s, "e10-f10");
	assert_int_equal(g->to_move(s), TBL_END);
	assert_string_equal(describe(s), "Draw, 0 to 0 on arrivals plus "
	    "captures (3 turns without a capture or a forward move)");
	g->destroy(s);
}

static void
test_partners(void **state)
{
	struct tbl_state *s = new_game("players=4");

	(void)state;
	setup(s, build("s@f5 e@k8 n@c10 w@b4", 's', ""));
	assert_string_equal(moves_text(s), "f5-e6 f5-g6");
	refused(s, "k8-j7");
	g->destroy(s);

	/* Combined: South may move East's warrior, in East's direction. */
	s = new_game("players=4 partners=combined");
	setup(s, build("s@f5 e@k8 n@c10 w@b4", 's', ""));
	assert_string_equal(moves_text(s), "f5-e6 f5-g6 k8-j7 k8-j9");
	play(s, "k8-j7");
	assert_string_equal(fake_position(g, s),
	    build("s@f5 e@j7 n@c10 w@b4", 'w', Q0_4));
	/* West may move North's. */
	assert_string_equal(moves_text(s),
	    "b4-c3 b4-c5 c10-b9 c10-d9");
	g->destroy(s);
}

static void
test_turn_order(void **state)
{
	struct tbl_state *s = new_game("players=4");

	(void)state;
	/* Clockwise from South: S, W, N, E. */
	assert_int_equal(g->to_move(s), 0);
	play(s, "e1-d2");
	assert_int_equal(g->to_move(s), 1);
	play(s, "a5-b6");
	assert_int_equal(g->to_move(s), 2);
	play(s, "e14-d13");
	assert_int_equal(g->to_move(s), 3);
	play(s, "n5-m6");
	assert_int_equal(g->to_move(s), 0);
	g->destroy(s);

	/* Anticlockwise, North first: N, W, S, E. */
	s = new_game("players=4 order=anticlockwise first=north");
	assert_int_equal(g->to_move(s), 2);
	assert_string_equal(fake_position(g, s) + strlen(fake_position(g, s)) -
	    strlen(Q0_4) - 2, "n " Q0_4);
	play(s, "e14-d13");
	assert_int_equal(g->to_move(s), 1);
	play(s, "a5-b6");
	assert_int_equal(g->to_move(s), 0);
	play(s, "e1-d2");
	assert_int_equal(g->to_move(s), 3);
	g->destroy(s);

	s = new_game("first=north");
	assert_int_equal(g->to_move(s), 1);
	g->destroy(s);
}

static void
test_first_random(void **state)
{
	struct tbl_state *s = new_game("first=random");
	tbl_move out[8];
	double prob[8];
	char buf[32];
	int n;

	(void)state;
	assert_int_equal(g->to_move(s), TBL_CHANCE);
	assert_int_equal(g->legal_moves(s, out, 8), 0);
	n = g->chance_outcomes(s, out, prob, 8);
	assert_int_equal(n, 2);
	assert_true(prob[0] == 0.5 && prob[1] == 0.5);
	g->format_move(s, out[1], buf, sizeof buf);
	assert_string_equal(buf, "North");
	assert_string_equal(strchr(fake_position(g, s), ' '), " ? " Q0_2);
	draw(s, "north");
	assert_int_equal(g->to_move(s), 1);
	g->destroy(s);

	s = new_game("players=4 first=random");
	n = g->chance_outcomes(s, out, prob, 8);
	assert_int_equal(n, 4);
	assert_true(prob[3] == 0.25);
	draw(s, "West");
	assert_int_equal(g->to_move(s), 1);
	g->destroy(s);
}

static void
test_create_errors(void **state)
{
	char err[TBL_ERRLEN] = "";

	(void)state;
	assert_null(fake_try_create(g, "first=west", err, sizeof err));
	assert_string_equal(err, "first=west needs players=4 (two play North "
	    "against South)");
}

static void
test_position_errors(void **state)
{
	static const struct {
		const char *pos;
		const char *msg;
	} bad[] = {
		{ "ssssss/............/............/............/.............",
		  "rank 5 has 13 squares, expected 14" },
		{ "sssssss/............/............/............/..............",
		  "rank 1 has 7 squares, expected 6" },
		{ "ssssss/............", "the board ends after rank 2 (expected "
		  "14 ranks separated by '/')" },
		{ "ssssss/", "the board ends after rank 1 (expected 14 ranks "
		  "separated by '/')" },
		{ "", "no board (expected 14 ranks separated by '/')" },
		{ NULL, NULL },
	};
	struct tbl_state *s = new_game(""), *s4 = new_game("players=4");
	char err[TBL_ERRLEN], before[1024];
	int i;

	(void)state;
	strcpy(before, fake_position(g, s));
	for (i = 0; bad[i].pos; i++) {
		err[0] = '\0';
		assert_int_equal(g->set_position(s, bad[i].pos, err, sizeof err),
		    -1);
		assert_string_equal(err, bad[i].msg);
	}
#define BAD(st, pos, msg) do { \
		err[0] = '\0'; \
		assert_int_equal(g->set_position(st, pos, err, sizeof err), -1); \
		assert_string_equal(err, msg); \
	} while (0)
	BAD(s, build("s@e5 x@f6", 's', ""), "unknown letter 'x' on f6 "
	    "(expected . s n w e, or S N W E for a priest)");
	BAD(s, build("S@e5 S@f6", 's', "priest=s*"), "two priests for South "
	    "(e5 and f6)");
	BAD(s, build("s@e5 w@f6", 's', ""), "West piece on f6 in a two-player "
	    "game (only s and n play)");
	BAD(s, build("s@e1 s@f1 s@g1 s@h1 s@i1 s@j1 s@e5", 's', ""),
	    "more than six South warriors (the seventh on e5)");
	BAD(s, build("s@e5", 'w', ""), "West cannot be to move in a "
	    "two-player game");
	BAD(s, build("s@e5", 'x', ""), "bad side to move 'x' (expected s or n)");
	BAD(s, build("s@e5", '?', ""), "side to move '?' (not yet drawn) "
	    "needs first=random");
	BAD(s, build("S@e5", 's', "priest=s+"), "South's priest stands on e5 "
	    "but priest=s+ says it has not entered");
	BAD(s, build("s@e1 s@f1 s@g1 s@h1 s@i1 s@j1", 's', "priest=s+"),
	    "priest=s+ but all six South warriors are on the board (a priest "
	    "replaces a lost warrior)");
	BAD(s, build("s@e5 n@e10", 's', "captures=s6"), "captures: South took "
	    "6 pieces but only 5 are missing");
	BAD(s, build("s@e5", 's', "captures=w1"), "captures: 'w' is not a side "
	    "of this game (expected s or n)");
	BAD(s, build("s@e5", 's', "captures=s1,s2"), "captures: South given "
	    "twice");
	BAD(s, build("s@e5", 's', "priest=s?"), "priest: South's status must be "
	    "- (not earned), + (waiting) or * (entered)");
	BAD(s, build("s@e5", 's', "quiet=21"), "quiet=21 exceeds quiet_limit 20");
	BAD(s, build("s@e5", 's', "quiet=x"), "quiet: bad number 'x'");
	BAD(s, build("s@e5", 's', "moves=3"), "unknown field 'moves' (expected "
	    "captures=, priest= or quiet=)");
	BAD(s, build("s@e5", 's', "quiet"), "bad field 'quiet' (expected "
	    "key=value)");
	BAD(s, "ssssss/............/............/............/.............."
	    "/............../............../............../.............."
	    "/............../............/............/............/nnnnnn",
	    "missing side to move after the board (s, n)");
	BAD(s, "ssssss/............/............/............/.............."
	    "/............../............../............../.............."
	    "/............../............/............/............/nnnnnn/"
	    "...... s", "the board has more than 14 ranks");
	BAD(s4, build("S@e5 E@f6 w@b8", 's', "priest=s*,e*"), "two priests for "
	    "team South-East (South and East) with team_priest=one");
	/* Nothing changed. */
	assert_string_equal(fake_position(g, s), before);
	g->destroy(s);
	g->destroy(s4);
}

static void
test_position_defaults(void **state)
{
	struct tbl_state *s = new_game("");

	(void)state;
	/* Omitted fields: no captures, a priest on the board has entered. */
	setup(s, build("S@e5 n@k10", 'n', ""));
	assert_string_equal(fake_position(g, s), build("S@e5 n@k10", 'n',
	    "captures=s0,n0 priest=s*,n- quiet=0"));
	g->destroy(s);
}

/*
 * Blanks in a position string and a move: a tab, a carriage return or a
 * newline is a blank like a space (the SDK toolkit's words), before the
 * side to move, between fields, around the whole string.
 */
static void
test_blanks(void **state)
{
	struct tbl_state *s = new_game("players=2"), *t = new_game("players=2");
	char pos[1024], err[TBL_ERRLEN];
	const char *want = build("s@e5 N@g10", 'n', "captures=s0,n1 "
	    "priest=s-,n* quiet=3");
	char *p;
	tbl_move m;
	size_t used;

	(void)state;
	setup(s, want);
	/* The same string with every blank another blank, and more of them. */
	snprintf(pos, sizeof pos, "\t %s \r\n", want);
	for (p = pos + 2; *p != '\0'; p++)
		if (*p == ' ')
			*p = "\t\n\r"[(p - pos) % 3];
	if (g->set_position(t, pos, err, sizeof err) != 0)
		fail_msg("set_position with tabs: %s", err);
	assert_string_equal(fake_position(g, t), want);
	assert_int_equal(g->parse_move(t, "\tg10-f9\tpass", &m, &used, err,
	    sizeof err), 0);
	assert_int_equal(used, 7);
	g->destroy(s);
	g->destroy(t);
}

static void
test_notation_errors(void **state)
{
	struct tbl_state *s = new_game("");
	char err[TBL_ERRLEN];
	tbl_move m;
	size_t used;

	(void)state;
	assert_int_equal(g->parse_move(s, "a1-b2", &m, &used, err, sizeof err),
	    -1);
	assert_string_equal(err, "no square a1 on the board (the cross has "
	    "ranks 1 and 14 on files e-j only, files a and n on ranks 5-10 "
	    "only)");
	assert_int_equal(g->parse_move(s, "e1-o2", &m, &used, err, sizeof err),
	    -1);
	assert_string_equal(err, "cannot read move 'e1-o2' (expected a step "
	    "like f1-g2)");
	assert_int_equal(g->parse_move(s, "e1-d1", &m, &used, err, sizeof err),
	    -1);
	assert_string_equal(err, "no square d1 on the board");
	assert_int_equal(g->parse_move(s, "hello", &m, &used, err, sizeof err),
	    -1);
	assert_string_equal(err, "cannot read move 'hello' (expected a step "
	    "like f1-g2, an entry like P@g1, or pass)");
	assert_int_equal(g->parse_move(s, "P@z9", &m, &used, err, sizeof err),
	    -1);
	assert_string_equal(err, "cannot read entry 'P@z9' (expected P@ and a "
	    "square of the home rank, like P@g1)");
	/* Bytes used, leading blanks included. */
	assert_int_equal(g->parse_move(s, "  j1-k2 e1-d2", &m, &used, err,
	    sizeof err), 0);
	assert_int_equal(used, 7);
	assert_int_equal(g->parse_move(s, "n10-m11", &m, &used, err,
	    sizeof err), 0);
	assert_int_equal(used, 7);
	g->destroy(s);
}

/* ------------------------------------------------------------------ */
/* Random games                                                        */
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
 * Play `games` random games under `opts` to the end, checking on the way
 * that the legal moves are sorted and each applies, that the position
 * string survives a round trip, and that an illegal token is refused.
 */
static void
random_games(const char *opts, int games, int max_len)
{
	struct tbl_state *s0 = new_game(opts), *s = g->clone(s0);
	struct tbl_state *t = g->clone(s0), *u = g->clone(s0);
	uint64_t x = 0x9e3779b97f4a7c15ull;
	tbl_move mv[256];
	char pos[1024], err[TBL_ERRLEN];
	int i, k, n, len;

	for (i = 0; i < games; i++) {
		g->copy(s, s0);
		for (len = 0; g->to_move(s) != TBL_END; len++) {
			assert_true(len < max_len);
			if (g->to_move(s) == TBL_CHANCE) {
				n = g->chance_outcomes(s, mv, NULL, 256);
			} else {
				n = g->legal_moves(s, mv, 256);
				assert_true(n >= 1);
				for (k = 1; k < n; k++)
					assert_true(mv[k - 1] < mv[k]);
				/* Every legal move applies. */
				for (k = 0; k < n; k++) {
					g->copy(u, s);
					assert_int_equal(g->apply(u, mv[k]), 0);
				}
				g->copy(u, s);
				assert_int_equal(g->apply(u, 0xffffffffu), -1);
				assert_int_equal(g->apply(u, (200u << 8) | 200u), -1);
			}
			/* Round trip of the position string. */
			strcpy(pos, fake_position(g, s));
			if (g->set_position(t, pos, err, sizeof err) != 0)
				fail_msg("%s: %s", pos, err);
			assert_string_equal(fake_position(g, t), pos);
			assert_int_equal(g->to_move(t), g->to_move(s));
			/*
			 * The state rebuilt from the string has the same
			 * moves as the one updated move by move.
			 */
			if (g->to_move(s) >= 0) {
				tbl_move mt[256];
				assert_int_equal(g->legal_moves(t, mt, 256), n);
				assert_memory_equal(mt, mv, sizeof *mv * (size_t)n);
			}
			assert_int_equal(g->apply(s, mv[rnd(&x) % (uint64_t)n]), 0);
		}
		{
			double r[4], sum = 0;
			int p;
			assert_int_equal(g->result(s, r), 0);
			for (p = 0; p < g->players(s); p++)
				sum += r[p];
			assert_true(sum == g->players(s) / 2.0);
		}
	}
	g->destroy(s0);
	g->destroy(s);
	g->destroy(t);
	g->destroy(u);
}

/*
 * legal_moves() with no buffer (NULL, cap 0) counts the moves and writes
 * nothing; it once passed the NULL to memcpy, which this test program,
 * built with UndefinedBehaviorSanitizer, reports as an error.  With a
 * short buffer it writes only cap moves, the first ones.
 */
static void
test_legal_moves_count_only(void **state)
{
	static const char *const opts[] = { "players=2", "players=4",
	    "players=4 partners=combined" };
	uint64_t x = 12345;
	tbl_move mv[256], few[3 + 1];
	int i, k, n;

	(void)state;
	for (i = 0; i < 3; i++) {
		struct tbl_state *s = new_game(opts[i]);

		for (k = 0; k < 200 && g->to_move(s) >= 0; k++) {
			n = g->legal_moves(s, mv, 256);
			assert_int_equal(g->legal_moves(s, NULL, 0), n);
			few[3] = 0xdead;
			assert_int_equal(g->legal_moves(s, few, 3), n);
			assert_memory_equal(few, mv, sizeof *mv * (size_t)(n < 3 ?
			    n : 3));
			assert_int_equal(few[3], 0xdead);
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			assert_int_equal(g->apply(s, mv[x % (uint64_t)n]), 0);
		}
		g->destroy(s);
	}
}

static void
test_random_games_two(void **state)
{
	(void)state;
	random_games("players=2", 150, 4000);
	random_games("players=2 arrived=slide priest_entry=any_turn", 100, 4000);
	random_games("players=2 scoring=race race_target=3 first=random", 100,
	    4000);
}

static void
test_random_games_four(void **state)
{
	(void)state;
	random_games("players=4", 100, 8000);
	random_games("players=4 partners=combined team_priest=each flank=own",
	    100, 8000);
	random_games("players=4 order=anticlockwise first=random "
	    "scoring=captures arrived=slide quiet_limit=5", 100, 8000);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tables),
		cmocka_unit_test(test_start_positions),
		cmocka_unit_test(test_warrior_steps),
		cmocka_unit_test(test_capture),
		cmocka_unit_test(test_capture_several),
		cmocka_unit_test(test_narrate),
		cmocka_unit_test(test_between_two_enemies_is_safe),
		cmocka_unit_test(test_capture_partner_flank),
		cmocka_unit_test(test_priest_entry_next_turn),
		cmocka_unit_test(test_priest_entry_any_turn),
		cmocka_unit_test(test_priest_waits_for_room),
		cmocka_unit_test(test_priest_moves_and_captures),
		cmocka_unit_test(test_priest_entry_captures),
		cmocka_unit_test(test_team_priest),
		cmocka_unit_test(test_arrival),
		cmocka_unit_test(test_pass_when_blocked),
		cmocka_unit_test(test_passes_in_a_row),
		cmocka_unit_test(test_end_when_nobody_can_move),
		cmocka_unit_test(test_scoring_rules),
		cmocka_unit_test(test_race_target),
		cmocka_unit_test(test_side_wiped_out),
		cmocka_unit_test(test_team_wiped_out),
		cmocka_unit_test(test_evaluate),
		cmocka_unit_test(test_quiet_limit),
		cmocka_unit_test(test_partners),
		cmocka_unit_test(test_turn_order),
		cmocka_unit_test(test_first_random),
		cmocka_unit_test(test_create_errors),
		cmocka_unit_test(test_position_errors),
		cmocka_unit_test(test_position_defaults),
		cmocka_unit_test(test_blanks),
		cmocka_unit_test(test_notation_errors),
		cmocka_unit_test(test_legal_moves_count_only),
		cmocka_unit_test(test_random_games_two),
		cmocka_unit_test(test_random_games_four),
	};

	g = fake_game();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
