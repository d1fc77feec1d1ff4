/*
 * test_mancala.c - unit tests of the mancala plugin (Wagner's four-row
 * games), driven through its descriptor with the fake host.
 *
 * The plugin is compiled into this program with MANCALA_TRACE defined, so
 * every lap of a move is reported to mancala_trace() below.  The records
 * of Wagner (1917) are checked lap by lap against his prose: a token
 * "b3:2" is "picks up the two pieces in b-3", "xc5+d5:3" is "captures the
 * three pieces in c-5 and d-5", "+d6:2" the supplementary capture of d-6,
 * "|a9" the hole where the move ends.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fakehost.h"
#include "helpers.h"

/* ---- trace ---------------------------------------------------------- */

static unsigned long trace_laps;	/* 'S' events since the last reset */
static int trace_limit;			/* an 'L' event was seen */

void
mancala_trace(int ev, int n, int a, int b, unsigned men)
{
	const char *sp = trace_len ? " " : "";

	switch (ev) {
	case 'S':
		trace_laps++;
		trace_add("%s%c%d:%u", sp, 'a' + a / n, a % n + 1, men);
		break;
	case 'C':
		trace_add("%sx%c%d+%c%d:%u", sp, 'a' + a / n, a % n + 1,
		    'a' + b / n, b % n + 1, men);
		break;
	case 'X':
		if (b == 0xFF)
			trace_add("%s+%c%d:%u", sp, 'a' + a / n, a % n + 1, men);
		else
			trace_add("%s+%c%d+%c%d:%u", sp, 'a' + a / n, a % n + 1,
			    'a' + b / n, b % n + 1, men);
		break;
	case 'E':
		trace_add("%s|%c%d", sp, 'a' + a / n, a % n + 1);
		break;
	case 'L':
		trace_limit = 1;
		trace_add("%sLIMIT@%c%d", sp, 'a' + a / n, a % n + 1);
		break;
	default:
		trace_add("%s?", sp);
		break;
	}
}

/* The board after each lap: not used by these tests (test_rows.c). */

void
mancala_lap(const uint16_t *c, int rows, int n)
{
	(void)c;
	(void)rows;
	(void)n;
}

static void
trace_reset(void)
{
	trace_len = 0;
	trace_buf[0] = '\0';
	trace_laps = 0;
	trace_limit = 0;
}

/* ---- ||Hus ---------------------------------------------------------- */

#define HUS_START "2,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,0,0,0,0,0,0/" \
	"0,0,0,0,0,0,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,2"

static void
test_hus_start(void **state)
{
	struct tbl_state *s = mk("variant=hus");

	(void)state;
	assert_string_equal(POS(s), HUS_START " P P:0 Q:0 open=PQ");
	assert_int_equal(G->to_move(s), 0);
	/* Any own hole of two or more, and the opening transfer (IIa). */
	assert_string_equal(moves_of(s), "a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 "
	    "a12 b1 b2 b3 b4 b5 b6 a6>b7");
	G->destroy(s);
}

/*
 * Wagner's complete ||Hus record (Figs. 1-4, moves II-XX), lap by lap
 * as the prose gives it.  Two slips of the print are corrected: in VI
 * the four pieces are picked up from a-5 (printed a-7), and the garbled
 * passage "picks up the four pieces in a-11, a-10 and a-12" is the lift
 * of b-9 (four pieces into b-10, b-11, b-12 and a-12).
 */
static const char *const hus_record[][2] = {
	{ "b6", "b6:2 |b8" },					/* II */
	{ "c9", "c9:2 xb7+a7:3 |c4" },				/* III */
	{ "b3", "b3:2 xc5+d5:3 xc8+d8:5 a12:3 a9:3 a6:3 a3:3 b1:3 "
	    "xc4+d4:3 xc7+d7:5 xc12+d12:4 |a9" },		/* IV */
	{ "d9", "d9:2 d11:3 xb11+a11:6 |c5" },			/* V */
	{ "b6", "b6:2 xc8+d8:1 xc9+d9:1 xc10+d10:6 a9:2 a7:2 a5:4 a1:4 "
	    "b4:5 b9:4 a12:3 |a9" },				/* VI */
	{ "d1", "d1:2 d3:3 d6:3 |d9" },				/* VII */
	{ "b3", "b3:2 xc5+d5:2 xc7+d7:2 |b9" },			/* VIII */
	{ "d2", "d2:3 |d5" },					/* IX */
	{ "b2", "b2:4 xc6+d6:2 b8:7 a10:7 a3:2 |a1" },		/* X */
	{ "d4", "d4:2 |d6" },					/* XI */
	{ "b9", "b9:2 xc11+d11:3 a11:4 a7:2 a5:2 |a3" },	/* XII */
	{ "d5", "d5:2 |d7" },					/* XIII */
	{ "b5", "b5:7 xc12+d12:2 |a11" },			/* XIV */
	{ "d6", "d6:2 d8:2 |d10" },				/* XV */
	{ "a12", "a12:3 a9:4 |a5" },				/* XVI */
	{ "d7", "d7:2 d9:3 |d12" },				/* XVII */
	{ "a8", "a8:7 a1:2 |b2" },				/* XVIII */
	{ "d10", "d10:2 d12:2 |c11" },				/* XIX */
	{ "b4", "b4:2 b6:5 xc11+d11:3 a11:3 |a8" },		/* XX */
};

/* Count the men on the board of a Hus position string. */
static unsigned
men_in(const char *pos)
{
	unsigned t = 0, v = 0;
	const char *p;

	for (p = pos; *p && *p != ' '; p++) {
		if (*p >= '0' && *p <= '9') {
			v = v * 10 + (unsigned)(*p - '0');
		} else {
			t += v;
			v = 0;
		}
	}
	return t + v;
}

static void
test_hus_record(void **state)
{
	struct tbl_state *s = mk("variant=hus");
	size_t i;
	double out[2];

	(void)state;
	for (i = 0; i < sizeof hus_record / sizeof hus_record[0]; i++) {
		assert_int_equal(G->to_move(s), (int)(i % 2));
		assert_string_equal(play(s, hus_record[i][0]), hus_record[i][1]);
		/* ||Hus: every man stays in play. */
		assert_int_equal(men_in(POS(s)), 72);
	}
	/* End (Fig. 4, XX 2): Q has one man in each occupied hole. */
	assert_string_equal(POS(s),
	    "0,6,2,7,2,5,2,1,1,3,0,1/2,1,1,0,1,0,8,2,2,8,6,8/"
	    "0,0,0,0,0,0,0,0,0,0,0,1/0,0,1,0,0,0,0,1,0,0,0,0 Q P:0 Q:0 turn=19");
	assert_int_equal(G->to_move(s), TBL_END);
	assert_int_equal(G->legal_moves(s, NULL, 0), 0);
	assert_int_equal(G->result(s, out), 0);
	assert_true(out[0] == 1.0 && out[1] == 0.0);
	assert_string_equal(result_of(s), "P wins: Q cannot move");
	G->destroy(s);
}

/* Spot checks inside the record: positions the figures describe. */
static void
test_hus_record_positions(void **state)
{
	struct tbl_state *s = mk("variant=hus");

	(void)state;
	play(s, "b6");
	/* Fig. 1, II: b-7 and b-8 hold one man each, b-6 is empty. */
	assert_string_equal(POS(s), "2,2,2,2,2,2,2,2,2,2,2,2/"
	    "2,2,2,2,2,0,1,1,0,0,0,0/0,0,0,0,0,0,2,2,2,2,2,2/"
	    "2,2,2,2,2,2,2,2,2,2,2,2 Q P:0 Q:0 open=Q turn=1");
	play(s, "c9");
	/*
	 * Fig. 1, III 2: c-7 keeps its three men, b-7 and a-7 are empty,
	 * c-6, c-5 and c-4 hold the three captured men.
	 */
	assert_string_equal(POS(s), "2,2,2,2,2,2,0,2,2,2,2,2/"
	    "2,2,2,2,2,0,0,1,0,0,0,0/0,0,0,1,1,1,3,3,0,2,2,2/"
	    "2,2,2,2,2,2,2,2,2,2,2,2 P P:0 Q:0 turn=2");
	G->destroy(s);
}

/* The opening transfer (Fig. 1, IIa) and Q's mirror (ours). */
static void
test_hus_transfer(void **state)
{
	struct tbl_state *s = mk("variant=hus");
	struct tbl_state *t;

	(void)state;
	assert_string_equal(play(s, "a6>b7"), "a6:2 |b8");
	assert_string_equal(POS(s), "2,2,2,2,2,0,2,2,2,2,2,2/"
	    "2,2,2,2,2,2,1,1,0,0,0,0/0,0,0,0,0,0,2,2,2,2,2,2/"
	    "2,2,2,2,2,2,2,2,2,2,2,2 Q P:0 Q:0 open=Q turn=1");
	/* Q's mirror: d7 sown as if from c7, into c6 and c5. */
	assert_string_equal(moves_of(s), "c7 c8 c9 c10 c11 c12 d1 d2 d3 d4 "
	    "d5 d6 d7 d8 d9 d10 d11 d12 d7>c6");
	assert_string_equal(play(s, "d7>c6"), "d7:2 |c5");
	assert_string_equal(POS(s), "2,2,2,2,2,0,2,2,2,2,2,2/"
	    "2,2,2,2,2,2,1,1,0,0,0,0/0,0,0,0,1,1,2,2,2,2,2,2/"
	    "2,2,2,2,2,2,0,2,2,2,2,2 P P:0 Q:0 turn=2");
	/* Only on a player's first move. */
	assert_string_equal(moves_of(s), "a1 a2 a3 a4 a5 a7 a8 a9 a10 a11 "
	    "a12 b1 b2 b3 b4 b5 b6");
	/* The option off: no transfer, no open= field. */
	t = mk("variant=hus opening_transfer=no");
	assert_string_equal(POS(t), HUS_START " P P:0 Q:0");
	assert_string_equal(moves_of(t), "a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 "
	    "a12 b1 b2 b3 b4 b5 b6");
	G->destroy(t);
	/* Maruba has no transfer by default; it can be switched on. */
	t = mk("variant=maruba opening_transfer=yes");
	assert_string_equal(moves_of(t), "a1 a2 a3 a4 a5 a6 a7 a8 b1 b2 b3 "
	    "b4 b5 b6 a4>b5");
	G->destroy(t);
	G->destroy(s);
}

/* ---- Maruba, Mofuba, Tschuba, Chuba -------------------------------- */

#define MARUBA_START "2,2,2,2,2,2,2,2/2,2,2,2,2,2,1,0/0,1,2,2,2,2,2,2/" \
	"2,2,2,2,2,2,2,2"

static void
test_maruba_record(void **state)
{
	struct tbl_state *s = mk("variant=maruba");

	(void)state;
	assert_string_equal(POS(s), MARUBA_START " P P:0 Q:0");
	/* The first move: any inner hole of two, any outer hole. */
	assert_string_equal(moves_of(s), "a1 a2 a3 a4 a5 a6 a7 a8 b1 b2 b3 "
	    "b4 b5 b6");
	/* II: b-6 into b-7, b-8; kill c-8 and d-8 (4); capture d-6 (2). */
	assert_string_equal(play(s, "b6"), "b6:2 xc8+d8:4 |b8");
	assert_int_equal(G->to_move(s), 0);	/* P still decides */
	assert_string_equal(POS(s), "2,2,2,2,2,2,2,2/2,2,2,2,2,0,2,1/"
	    "0,1,2,2,2,2,2,0/2,2,2,2,2,2,2,0 P P:4 Q:0 choice=extra");
	assert_string_equal(play(s, "xd6"), "+d6:2");
	/* Fig. 5, II 2: all six pieces removed. */
	assert_string_equal(POS(s), "2,2,2,2,2,2,2,2/2,2,2,2,2,0,2,1/"
	    "0,1,2,2,2,2,2,0/2,2,2,2,2,0,2,0 Q P:6 Q:0 turn=1");
	/* III: c-3 into c-2, c-1; kill b-1 and a-1 (4); capture a-2. */
	assert_string_equal(play(s, "c3xa2"), "c3:2 xb1+a1:4 |c1 +a2:2");
	assert_string_equal(POS(s), "0,0,2,2,2,2,2,2/0,2,2,2,2,0,2,1/"
	    "1,2,0,2,2,2,2,0/2,2,2,2,2,0,2,0 P P:6 Q:6 turn=2");
	/* IV: b-4 into b-5, b-6; kill c-6 (2; d-6 is empty); capture c-5. */
	assert_string_equal(play(s, "b4xc5"), "b4:2 xc6+d6:2 |b6 +c5:2");
	assert_string_equal(POS(s), "0,0,2,2,2,2,2,2/0,2,2,0,3,1,2,1/"
	    "1,2,0,2,0,0,2,0/2,2,2,2,2,0,2,0 Q P:10 Q:6 turn=3");
	/* V: eight laps, ending in the empty d-7. */
	assert_string_equal(play(s, "c2"), "c2:2 d1:3 d4:3 d7:3 c7:3 c4:3 "
	    "c1:3 d3:4 |d7");
	assert_string_equal(POS(s), "0,0,2,2,2,2,2,2/0,2,2,0,3,1,2,1/"
	    "0,1,1,0,1,1,0,1/1,4,0,1,4,2,1,1 P P:10 Q:6 turn=4");
	G->destroy(s);
}

/*
 * Fig. 5, IX: Q has one man in each occupied hole and "may start from
 * c-8, c-6, c-3, d-1, d-3 or d-7, but not from c-4, d-5 or d-6".  The
 * figure is not legible in our copy; Q's side follows from the
 * statement (the holes after the legal ones are empty, those after the
 * illegal ones occupied).  P's side is ours.
 */
#define FIG5_IX "0,2,1,0,0,3,1,0/2,0,1,0,3,0,1,0/" \
	"0,0,1,1,0,1,0,1/1,0,1,0,1,1,1,0 Q P:14 Q:10"

static void
test_maruba_fig5_ix(void **state)
{
	struct tbl_state *s = mk("variant=maruba");
	struct tbl_state *t;

	(void)state;
	setpos(s, FIG5_IX);
	assert_string_equal(moves_of(s), "c3 c6 c8 d1 d3 d7");
	/* Illegal starts are refused by apply, the state unchanged. */
	assert_int_equal(G->apply(s, (tbl_move)(2 * 8 + 3)), -1);  /* c4 */
	assert_int_equal(G->apply(s, (tbl_move)(3 * 8 + 4)), -1);  /* d5 */
	assert_string_equal(POS(s), FIG5_IX);
	/* A singleton start into an empty hole: c-3 into c-2. */
	assert_string_equal(play(s, "c3"), "c3:1 |c2");
	/* singletons=never (the Hus rule): Q cannot move at all. */
	t = mk("variant=maruba singletons=never");
	setpos(t, FIG5_IX);
	assert_int_equal(G->to_move(t), TBL_END);
	assert_string_equal(result_of(t), "P wins, 14 to 10 (Q cannot move)");
	G->destroy(t);
	/* singletons=always (the Annana rule): every occupied hole. */
	t = mk("variant=maruba singletons=always");
	setpos(t, FIG5_IX);
	assert_string_equal(moves_of(t), "c3 c4 c6 c8 d1 d3 d5 d6 d7");
	G->destroy(t);
	/* A hole of two forbids every single start. */
	t = mk("variant=maruba");
	setpos(t, "0,2,1,0,0,3,1,0/2,0,1,0,3,0,1,0/0,0,1,1,0,1,0,1/"
	    "1,0,1,0,1,1,1,2 Q P:14 Q:10");
	assert_string_equal(moves_of(t), "d8");
	G->destroy(t);
	G->destroy(s);
}

static void
test_mofuba_is_maruba(void **state)
{
	struct tbl_state *s = mk("variant=mofuba");

	(void)state;
	assert_string_equal(POS(s), MARUBA_START " P P:0 Q:0");
	assert_string_equal(play(s, "b6xd6"), "b6:2 xc8+d8:4 |b8 +d6:2");
	G->destroy(s);
}

#define TSCHUBA_START "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/" \
	"2,2,2,2,2,2,2,2"

/* Tschuba, Fig. 6: Q's first move, seven laps, then b-1, a-1 and a-2. */
static void
test_tschuba_first_move(void **state)
{
	struct tbl_state *s = mk("variant=tschuba");

	(void)state;
	assert_string_equal(POS(s), TSCHUBA_START " Q P:0 Q:0");
	assert_string_equal(play(s, "c6"), "c6:2 c4:3 c1:3 d3:3 d6:3 c8:3 "
	    "c5:4 xb1+a1:4 |c1");
	assert_string_equal(play(s, "xa2"), "+a2:2");
	/* Fig. 6, II 3: six pieces removed. */
	assert_string_equal(POS(s), "0,0,2,2,2,2,2,2/0,2,2,2,2,2,2,2/"
	    "1,4,4,1,0,1,3,0/3,3,0,3,3,0,3,3 P P:0 Q:6 turn=1");
	G->destroy(s);
}

/* The second form: the further capture is a pair of holes (a-2, b-2). */
static void
test_tschuba2_pair(void **state)
{
	struct tbl_state *s = mk("variant=tschuba2");
	struct tbl_state *t;

	(void)state;
	play(s, "c6");
	assert_string_equal(moves_of(s), "xb2 xb3 xb4 xb5 xb6 xb7 xb8");
	t = G->clone(s);
	assert_string_equal(play(s, "xa2"), "+b2+a2:4");
	assert_string_equal(POS(s), "0,0,2,2,2,2,2,2/0,0,2,2,2,2,2,2/"
	    "1,4,4,1,0,1,3,0/3,3,0,3,3,0,3,3 P P:0 Q:8 turn=1");
	/* Either hole names the pair. */
	assert_string_equal(play(t, "xb2"), "+b2+a2:4");
	assert_string_equal(POS(t), POS(s));
	G->destroy(t);
	G->destroy(s);
}

/* Chuba: 4 x 11, sixty men, one in each outer hole; Fig. 7, II. */
static void
test_chuba(void **state)
{
	struct tbl_state *s = mk("variant=chuba");

	(void)state;
	assert_string_equal(POS(s), "1,1,1,1,1,1,1,1,1,1,1/"
	    "2,2,2,2,2,2,2,2,2,1,0/0,1,2,2,2,2,2,2,2,2,2/"
	    "1,1,1,1,1,1,1,1,1,1,1 P P:0 Q:0");
	assert_int_equal(men_in(POS(s)), 60);
	/* Q's last man drops into the empty c-4: b-4, a-4, then b-9, a-9. */
	setpos(s, "1,1,1,1,1,1,1,1,1,1,1/2,2,2,2,2,2,2,2,2,1,0/"
	    "0,1,2,0,2,2,2,2,2,2,2/1,1,1,1,1,1,1,1,1,1,1 Q P:0 Q:0");
	assert_string_equal(play(s, "c6"), "c6:2 xb4+a4:3 |c4");
	assert_string_equal(play(s, "xa9"), "+b9+a9:3");
	assert_string_equal(POS(s), "1,1,1,0,1,1,1,1,0,1,1/"
	    "2,2,2,0,2,2,2,2,0,1,0/0,1,2,1,3,0,2,2,2,2,2/"
	    "1,1,1,1,1,1,1,1,1,1,1 P P:0 Q:6 turn=1");
	G->destroy(s);
}

/* ---- options -------------------------------------------------------- */

static void
test_opt_holes_seeds_start_first(void **state)
{
	struct tbl_state *s;
	char err[TBL_ERRLEN];

	(void)state;
	s = mk("variant=hus holes=6");
	assert_string_equal(POS(s), "2,2,2,2,2,2/2,2,2,0,0,0/0,0,0,2,2,2/"
	    "2,2,2,2,2,2 P P:0 Q:0 open=PQ");
	assert_string_equal(moves_of(s), "a1 a2 a3 a4 a5 a6 b1 b2 b3 a3>b4");
	G->destroy(s);
	/* The hus start needs an even number of holes. */
	assert_null(fake_try_create(G, "variant=hus holes=7", err, sizeof err));
	assert_non_null(strstr(err, "holes=7"));
	s = mk("variant=maruba holes=5");
	assert_string_equal(POS(s), "2,2,2,2,2/2,2,2,1,0/0,1,2,2,2/2,2,2,2,2 P "
	    "P:0 Q:0");
	G->destroy(s);
	s = mk("variant=tschuba seeds=3");
	assert_string_equal(POS(s), "3,3,3,3,3,3,3,3/3,3,3,3,3,3,3,3/"
	    "3,3,3,3,3,3,3,3/3,3,3,3,3,3,3,3 Q P:0 Q:0");
	G->destroy(s);
	s = mk("variant=chuba outer_seeds=2");
	assert_string_equal(POS(s), "2,2,2,2,2,2,2,2,2,2,2/"
	    "2,2,2,2,2,2,2,2,2,1,0/0,1,2,2,2,2,2,2,2,2,2/"
	    "2,2,2,2,2,2,2,2,2,2,2 P P:0 Q:0");
	G->destroy(s);
	s = mk("variant=maruba start=hus");
	assert_string_equal(POS(s), "2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0/"
	    "0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2 P P:0 Q:0");
	G->destroy(s);
	s = mk("variant=hus start=full outer_seeds=0 opening_transfer=no");
	assert_string_equal(POS(s), "0,0,0,0,0,0,0,0,0,0,0,0/"
	    "2,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,2/"
	    "0,0,0,0,0,0,0,0,0,0,0,0 P P:0 Q:0");
	G->destroy(s);
	s = mk("variant=hus first=Q");
	assert_string_equal(POS(s), HUS_START " Q P:0 Q:0 open=PQ");
	G->destroy(s);
	s = mk("variant=tschuba first=P");
	assert_string_equal(POS(s), TSCHUBA_START " P P:0 Q:0");
	G->destroy(s);
}

/* skip_start: a hand of nine on a circuit of eight skips its own hole. */
static void
test_opt_skip_start(void **state)
{
	const char *pos = "0,0,0,0/9,0,0,0/0,0,0,0/2,0,0,0 P P:0 Q:0";
	struct tbl_state *s = mk("variant=maruba holes=4 capture=none "
	    "relay=no");
	struct tbl_state *t = mk("variant=maruba holes=4 capture=none "
	    "relay=no skip_start=yes");

	(void)state;
	setpos(s, pos);
	setpos(t, pos);
	play(s, "b1");
	play(t, "b1");
	assert_string_equal(POS(s), "1,1,1,1/1,2,1,1/0,0,0,0/2,0,0,0 Q P:0 Q:0 "
	    "turn=1");
	assert_string_equal(POS(t), "1,1,1,1/0,2,2,1/0,0,0,0/2,0,0,0 Q P:0 Q:0 "
	    "turn=1");
	G->destroy(s);
	G->destroy(t);
}

/* relay=no: a last man into an occupied hole ends the move (Maruba V). */
static void
test_opt_relay(void **state)
{
	const char *pos = "0,0,2,2,2,2,2,2/0,2,2,0,3,1,2,1/1,2,0,2,0,0,2,0/"
	    "2,2,2,2,2,0,2,0 Q P:10 Q:6";
	struct tbl_state *s = mk("variant=maruba relay=no");

	(void)state;
	setpos(s, pos);
	assert_string_equal(play(s, "c2"), "c2:2 |d1");
	assert_string_equal(POS(s), "0,0,2,2,2,2,2,2/0,2,2,0,3,1,2,1/"
	    "2,0,0,2,0,0,2,0/3,2,2,2,2,0,2,0 P P:10 Q:6 turn=1");
	G->destroy(s);
}

/* capture: the trigger flipped on the opening moves. */
static void
test_opt_capture(void **state)
{
	struct tbl_state *s;

	(void)state;
	/* Maruba with the Hus trigger: b-8 was empty, so no capture. */
	s = mk("variant=maruba capture=occupied");
	assert_string_equal(play(s, "b6"), "b6:2 |b8");
	assert_string_equal(POS(s), "2,2,2,2,2,2,2,2/2,2,2,2,2,0,2,1/"
	    "0,1,2,2,2,2,2,2/2,2,2,2,2,2,2,2 Q P:0 Q:0 turn=1");
	G->destroy(s);
	/* Maruba without captures. */
	s = mk("variant=maruba capture=none");
	assert_string_equal(play(s, "b6"), "b6:2 |b8");
	G->destroy(s);
	/* ||Hus on four holes: b-1 into b-2, b-3 (empty, facing c-3). */
	s = mk("variant=hus holes=4");
	setpos(s, "0,0,0,0/2,0,0,0/0,0,1,0/2,0,1,0 P");
	assert_string_equal(play(s, "b1"), "b1:2 |b3");
	assert_string_equal(POS(s), "0,0,0,0/0,1,1,0/0,0,1,0/2,0,1,0 Q P:0 "
	    "Q:0 turn=1");
	G->destroy(s);
	/* The Maruba trigger in ||Hus: c-3 and d-3 are sown on. */
	s = mk("variant=hus holes=4 capture=empty");
	setpos(s, "0,0,0,0/2,0,0,0/0,0,1,0/2,0,1,0 P");
	assert_string_equal(play(s, "b1"), "b1:2 xc3+d3:2 |a4");
	assert_string_equal(POS(s), "0,0,0,1/0,1,1,1/0,0,0,0/2,0,0,0 Q P:0 "
	    "Q:0 turn=1");
	G->destroy(s);
}

/* captured=remove in ||Hus: Q's move III credits Q with three men. */
static void
test_opt_captured(void **state)
{
	struct tbl_state *s = mk("variant=hus captured=remove");

	(void)state;
	play(s, "b6");
	assert_string_equal(play(s, "c9"), "c9:2 xb7+a7:3 |c7");
	assert_string_equal(POS(s), "2,2,2,2,2,2,0,2,2,2,2,2/"
	    "2,2,2,2,2,0,0,1,0,0,0,0/0,0,0,0,0,0,3,3,0,2,2,2/"
	    "2,2,2,2,2,2,2,2,2,2,2,2 P P:0 Q:3 turn=2");
	G->destroy(s);
	/* Maruba with the captured men sown on: pending mid-sowing. */
	s = mk("variant=maruba captured=sow");
	assert_string_equal(play(s, "b6"), "b6:2 xc8+d8:4");
	assert_string_equal(POS(s), "2,2,2,2,2,2,2,2/2,2,2,2,2,0,2,1/"
	    "0,1,2,2,2,2,2,0/2,2,2,2,2,2,2,0 P P:0 Q:0 choice=extra hand=4 "
	    "at=b8 laps=1");
	/*
	 * d-6's two men join the four in hand, sown a-8 to a-3; then a-3,
	 * b-1, b-4, b-7 and a-7 are lifted in turn until the emptied a-3
	 * receives the last man.
	 */
	assert_string_equal(play(s, "xd6"), "+d6:2 a3:3 b1:3 b4:3 b7:3 a7:4 "
	    "|a3");
	assert_string_equal(POS(s), "3,3,1,4,4,4,0,4/0,3,3,0,3,1,0,2/"
	    "0,1,2,2,2,2,2,0/2,2,2,2,2,0,2,0 Q P:0 Q:0 turn=1");
	G->destroy(s);
}

/* extra: none, one hole, or a column pair after a kill (Maruba II). */
static void
test_opt_extra(void **state)
{
	struct tbl_state *s;

	(void)state;
	s = mk("variant=maruba extra=none");
	assert_string_equal(play(s, "b6"), "b6:2 xc8+d8:4 |b8");
	assert_string_equal(POS(s), "2,2,2,2,2,2,2,2/2,2,2,2,2,0,2,1/"
	    "0,1,2,2,2,2,2,0/2,2,2,2,2,2,2,0 Q P:4 Q:0 turn=1");
	G->destroy(s);
	s = mk("variant=maruba extra=pair");
	assert_string_equal(play(s, "b6xd6"), "b6:2 xc8+d8:4 |b8 +c6+d6:4");
	assert_string_equal(POS(s), "2,2,2,2,2,2,2,2/2,2,2,2,2,0,2,1/"
	    "0,1,2,2,2,0,2,0/2,2,2,2,2,0,2,0 Q P:8 Q:0 turn=1");
	G->destroy(s);
	s = mk("variant=maruba");
	play(s, "b6");
	assert_string_equal(moves_of(s), "xc2 xc3 xc4 xc5 xc6 xc7 xd1 xd2 "
	    "xd3 xd4 xd5 xd6 xd7");
	G->destroy(s);
	/* No man left to take: no choice is offered. */
	s = mk("variant=maruba");
	setpos(s, "0,0,0,0,0,0,0,0/0,0,0,0,0,2,0,0/0,0,0,0,0,0,0,3/"
	    "0,0,0,0,0,0,0,0 P P:0 Q:0");
	assert_string_equal(play(s, "b6"), "b6:2 xc8+d8:3 |b8");
	assert_string_equal(POS(s), "0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,1/"
	    "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 Q P:3 Q:0 turn=1");
	assert_int_equal(G->to_move(s), TBL_END);
	assert_string_equal(result_of(s), "P wins, 3 to 0 (Q cannot move)");
	G->destroy(s);
	/* ||Hus with a further capture: the hand waits for the choice. */
	s = mk("variant=hus extra=hole");
	play(s, "b6");
	assert_string_equal(play(s, "c9"), "c9:2 xb7+a7:3");
	assert_string_equal(POS(s), "2,2,2,2,2,2,0,2,2,2,2,2/"
	    "2,2,2,2,2,0,0,1,0,0,0,0/0,0,0,0,0,0,3,3,0,2,2,2/"
	    "2,2,2,2,2,2,2,2,2,2,2,2 Q P:0 Q:0 open=Q turn=1 choice=extra "
	    "hand=3 at=c7 laps=1");
	assert_string_equal(play(s, "xb8"), "+b8:1 |c3");
	G->destroy(s);
}

/*
 * The endless-move rule, on the opening of the record with a tiny lap
 * limit, and on a move from random play that never ends.
 */
#define HUS_LOOP "2,1,2,0,4,5,1,4,0,1,2,1/3,4,6,2,1,3,4,1,4,0,8,0/" \
	"0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,5,0,1,0,0,2,1,4 P P:0 Q:0 turn=28"
#define MARUBA_LOOP "1,0,1,0,1,0,1,0/0,2,3,6,2,1,4,1/0,1,1,0,1,0,0,0/" \
	"0,1,1,0,1,1,0,3 P P:19 Q:6 turn=10"

static void
test_opt_endless(void **state)
{
	struct tbl_state *s;
	double out[2];

	(void)state;
	/* Record move IV stopped after three laps: a-12 keeps its men. */
	s = mk("variant=hus lap_limit=3");
	play(s, "b6 c9");
	assert_string_equal(play(s, "b3"), "b3:2 xc5+d5:3 xc8+d8:5 LIMIT@a12");
	assert_string_equal(POS(s), "2,2,2,2,2,2,0,2,2,2,2,3/"
	    "2,2,0,3,3,1,1,2,1,1,1,1/0,0,0,1,0,1,3,0,0,2,2,2/"
	    "2,2,2,2,0,2,2,0,2,2,2,2 Q P:0 Q:0 turn=3");
	G->destroy(s);
	/* endless=draw: the same move ends the game. */
	s = mk("variant=hus lap_limit=3 endless=draw");
	play(s, "b6 c9 b3");
	assert_int_equal(G->to_move(s), TBL_END);
	assert_int_equal(G->result(s, out), 0);
	assert_true(out[0] == 0.5 && out[1] == 0.5);
	assert_string_equal(POS(s), "2,2,2,2,2,2,0,2,2,2,2,3/"
	    "2,2,0,3,3,1,1,2,1,1,1,1/0,0,0,1,0,1,3,0,0,2,2,2/"
	    "2,2,2,2,0,2,2,0,2,2,2,2 P P:0 Q:0 turn=2 over=draw");
	assert_string_equal(result_of(s), "drawn: a move reached the lap "
	    "limit (3 laps)");
	G->destroy(s);
	/* A ||Hus move that never ends: stopped at 2000 and at 20000 laps. */
	s = mk("variant=hus");
	setpos(s, HUS_LOOP);
	play(s, "b9");
	assert_true(trace_limit);
	assert_int_equal(trace_laps, 2000);
	assert_int_equal(men_in(POS(s)), 72);
	G->destroy(s);
	s = mk("variant=hus lap_limit=20000");
	setpos(s, HUS_LOOP);
	play(s, "b9");
	assert_true(trace_limit);
	assert_int_equal(trace_laps, 20000);
	G->destroy(s);
	/* ... and one of Maruba. */
	s = mk("variant=maruba");
	setpos(s, MARUBA_LOOP);
	play(s, "b4");
	assert_true(trace_limit);
	assert_int_equal(trace_laps, 2000);
	assert_int_equal(G->to_move(s), 1);
	G->destroy(s);
	s = mk("variant=maruba endless=draw");
	setpos(s, MARUBA_LOOP);
	play(s, "b4");
	assert_int_equal(G->to_move(s), TBL_END);
	G->destroy(s);
}

/* stuck and leftover: the end of the Hus record under other rules. */
#define HUS_END "0,6,2,7,2,5,2,1,1,3,0,1/2,1,1,0,1,0,8,2,2,8,6,8/" \
	"0,0,0,0,0,0,0,0,0,0,0,1/0,0,1,0,0,0,0,1,0,0,0,0 Q P:0 Q:0 turn=19"

static void
test_opt_stuck_leftover(void **state)
{
	struct tbl_state *s;

	(void)state;
	s = mk("variant=hus stuck=end");
	setpos(s, HUS_END);
	assert_int_equal(G->to_move(s), TBL_END);
	assert_string_equal(result_of(s), "P wins, 69 to 3 (Q cannot move)");
	G->destroy(s);
	s = mk("variant=hus stuck=end leftover=none");
	setpos(s, HUS_END);
	assert_string_equal(result_of(s), "drawn, 0 to 0 (Q cannot move)");
	G->destroy(s);
	/* stuck=pass: P moves again. */
	s = mk("variant=hus stuck=pass");
	setpos(s, HUS_END);
	assert_int_equal(G->to_move(s), 0);
	assert_string_equal(POS(s), "0,6,2,7,2,5,2,1,1,3,0,1/"
	    "2,1,1,0,1,0,8,2,2,8,6,8/0,0,0,0,0,0,0,0,0,0,0,1/"
	    "0,0,1,0,0,0,0,1,0,0,0,0 P P:0 Q:0 turn=19");
	G->destroy(s);
	/* Maruba's default: scored on the men taken; leftover=owner adds. */
	s = mk("variant=maruba singletons=never");
	setpos(s, FIG5_IX);
	assert_string_equal(result_of(s), "P wins, 14 to 10 (Q cannot move)");
	G->destroy(s);
	s = mk("variant=maruba singletons=never leftover=owner");
	setpos(s, FIG5_IX);
	assert_string_equal(result_of(s), "P wins, 28 to 19 (Q cannot move)");
	G->destroy(s);
	s = mk("variant=maruba singletons=never stuck=lose");
	setpos(s, "0,2,1,0,0,3,1,0/2,0,1,0,3,0,1,0/0,0,1,1,0,1,0,1/"
	    "1,0,1,0,1,1,1,0 Q P:0 Q:30");
	assert_string_equal(result_of(s), "P wins: Q cannot move");
	G->destroy(s);
}

static void
test_opt_turn_limit(void **state)
{
	struct tbl_state *s;

	(void)state;
	s = mk("variant=hus turn_limit=1");
	play(s, "b6");
	assert_int_equal(G->to_move(s), TBL_END);
	assert_string_equal(result_of(s), "drawn, 36 to 36 (turn limit 1)");
	G->destroy(s);
	/* The default limit of 1000 turns. */
	s = mk("variant=maruba");
	setpos(s, MARUBA_START " P P:0 Q:0 turn=999");
	play(s, "b6xd6");
	assert_int_equal(G->to_move(s), TBL_END);
	assert_string_equal(result_of(s), "P wins, 6 to 0 (turn limit 1000)");
	G->destroy(s);
	s = mk("variant=maruba turn_limit=0");
	setpos(s, MARUBA_START " P P:0 Q:0 turn=999");
	play(s, "b6xd6");
	assert_int_equal(G->to_move(s), 1);
	G->destroy(s);
}

/*
 * narrate() (ABI 1.3) in the four-row games: the record's move IV (two
 * captures sown on, then the lap limit), a long relay, Maruba's capture
 * with the extra capture to choose and the extra capture itself; and
 * end_kind(): the turn limit and the lap limit are the game's own limits.
 */
static void
test_narrate_four_rows(void **state)
{
	struct tbl_state *s;

	(void)state;
	s = mk("variant=hus lap_limit=3");
	play(s, "b6 c9");
	assert_string_equal(fake_narrate(G, s, "b3"), "b3: 3 laps; the last "
	    "man in b5 captured c5 and d5 (3 men) and sowed them on; the last "
	    "man in b8 captured c8 and d8 (5 men) and sowed them on; the lap "
	    "limit (3 laps) stopped it in a12");
	G->destroy(s);
	s = mk("variant=hus");
	setpos(s, "1,1,2,0,1,2,1,0,1,0,3,0/0,1,0,0,0,0,1,1,1,0,0,0/"
	    "3,3,0,3,3,3,5,1,2,1,6,2/2,5,3,2,0,2,0,3,3,1,0,3 Q P:0 Q:0 turn=13");
	assert_string_equal(fake_narrate(G, s, "d4"), "d4: 8 laps, relayed 5 "
	    "times, last at c1; the last man in c9 captured b9 and a9 (2 men) "
	    "and sowed them on; the last man in c7 captured b7 and a7 (2 men) "
	    "and sowed them on; the last man fell into empty d4");
	G->destroy(s);
	s = mk("variant=maruba");
	setpos(s, MARUBA_START " P P:0 Q:0");
	assert_string_equal(fake_narrate(G, s, "b6"), "b6: 1 lap; the last "
	    "man in b8 captured c8 and d8 (4 men); P takes one more hole (x "
	    "and a hole)");
	play(s, "b6");
	assert_string_equal(fake_narrate(G, s, "xd6"), "xd6: took d6 (2 men)");
	G->destroy(s);
}

/*
 * narrate() of the other kinds of move: a man dealt and the board
 * accepted or turned (setup=ignorants), the extra capture of a column
 * pair, an extra capture sown on, the end of a game of a match; and an
 * illegal move, which it leaves unsaid.
 */
static void
test_narrate_more(void **state)
{
	struct tbl_state *s;
	char buf[64];

	(void)state;
	s = mk("variant=mankalah setup=ignorants");
	assert_string_equal(fake_narrate(G, s, "+a1"),
	    "+a1: a man dropped into a1 (23 still to deal)");
	setpos(s, "4,4,4,4,4,4/4,4,4,4,4,8 P P:0 Q:0 choice=board");
	assert_string_equal(fake_narrate(G, s, "accept"),
	    "accept: P accepts the board as dealt");
	assert_string_equal(fake_narrate(G, s, "turn"),
	    "turn: P turns the board as dealt");
	G->destroy(s);
	s = mk("variant=maruba extra=pair");
	setpos(s, MARUBA_START " P P:0 Q:0");
	play(s, "b6");
	assert_string_equal(fake_narrate(G, s, "xc6"),
	    "xc6: took c6 and d6 (4 men)");
	G->destroy(s);
	s = mk("variant=maruba captured=sow");
	setpos(s, MARUBA_START " P P:0 Q:0");
	assert_string_equal(fake_narrate(G, s, "b6"), "b6: 1 lap; the last "
	    "man in b8 captured c8 and d8 (4 men) and sowed them on; P takes "
	    "one more hole (x and a hole)");
	play(s, "b6");
	assert_string_equal(fake_narrate(G, s, "xd6"), "xd6: took d6 (2 "
	    "men) and sowed them on; the last man fell into empty a3; 7 laps, "
	    "relayed 5 times, last at a7");
	G->destroy(s);
	s = mk("variant=mankalah holes=4 seeds=2 match_target=5");
	setpos(s, "0,0,0,1/0,0,0,0 P P:9 Q:6 gains=0,0 lead=P");
	assert_string_equal(fake_narrate(G, s, "a4"), "a4: 1 lap; the last "
	    "man fell into empty a3; the game is over (gains P 3, Q 0) and P "
	    "begins the next");
	/* An illegal move (0: a1, empty): nothing said, 0 bytes. */
	buf[0] = 'X';
	assert_int_equal(G->narrate(s, (tbl_move)0, buf, sizeof buf), 0);
	assert_string_equal(buf, "");
	G->destroy(s);
}

/*
 * A move of more events than the narration keeps (32): Annana on 2 x 20,
 * every hole 3 but b1 39; Q's b1 goes once round, making a four in
 * passing in every hole (b2-b20 Q's, a20-a2 P's) and a four with the
 * last man in a1, which he takes: the first 32 told, the rest counted.
 */
static void
test_narrate_long_move(void **state)
{
	static char want[4096], got[4096];
	struct tbl_state *s = mk("variant=annana holes=20");
	size_t n = 0, used;
	tbl_move m;
	int i;

	(void)state;
	setpos(s, "3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3/"
	    "39,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3 Q P:0 Q:0");
	n += (size_t)snprintf(want + n, sizeof want - n, "b1: 1 lap");
	for (i = 2; i <= 20; i++)
		n += (size_t)snprintf(want + n, sizeof want - n, "; a four "
		    "formed in passing at b%d went to Q", i);
	for (i = 20; i >= 8; i--)
		n += (size_t)snprintf(want + n, sizeof want - n, "; a four "
		    "formed in passing at a%d went to P", i);
	snprintf(want + n, sizeof want - n, "; and 8 more events; the game "
	    "is over: Q wins");
	assert_int_equal(G->parse_move(s, "b1", &m, &used, got, sizeof got),
	    0);
	assert_int_equal(G->narrate(s, m, got, sizeof got), (int)strlen(want));
	assert_string_equal(got, want);
	play(s, "b1");
	assert_string_equal(POS(s), "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0/"
	    "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 P P:76 Q:80 turn=1");
	G->destroy(s);
}

static void
test_end_kind(void **state)
{
	struct tbl_state *s;

	(void)state;
	assert_non_null(G->end_kind);
	s = mk("variant=hus turn_limit=1");
	play(s, "b6");
	assert_int_equal(G->end_kind(s), TBL_END_LIMIT);
	G->destroy(s);
	s = mk("variant=hus lap_limit=3 endless=draw");
	play(s, "b6 c9 b3");
	assert_int_equal(G->end_kind(s), TBL_END_LIMIT);
	G->destroy(s);
	/* Q cannot move (the Hus record's end): an end by the rules. */
	s = mk("variant=hus");
	setpos(s, HUS_END);
	assert_int_equal(G->to_move(s), TBL_END);
	assert_int_equal(G->end_kind(s), TBL_END_RULES);
	G->destroy(s);
}

/* a and b hold the same position with the same legal moves. */
static void
assert_same_game(const struct tbl_state *a, const struct tbl_state *b)
{
	char *pa = strdup(POS(a)), *ma = strdup(moves_of(a));

	assert_string_equal(pa, POS(b));
	assert_string_equal(ma, moves_of(b));
	free(pa);
	free(ma);
}

/*
 * copy() copies only the position between states of one rule table (a
 * state and its clones): the whole state otherwise, so that a state of
 * other options, or one created apart, plays the source's rules after.
 */
static void
test_copy_rules(void **state)
{
	struct tbl_state *hus = mk("variant=hus"), *maruba = mk("variant=maruba");
	struct tbl_state *c = G->clone(hus), *apart = mk("variant=hus");

	(void)state;
	play(hus, "b6");
	/* Another table: Maruba's state becomes ||Hus, rules and all. */
	G->copy(maruba, hus);
	assert_same_game(maruba, hus);
	play(maruba, "c9");
	play(hus, "c9");
	assert_same_game(maruba, hus);
	/* A clone (the same table) and a state created apart. */
	play(c, "b3");
	G->copy(c, hus);
	G->copy(apart, hus);
	assert_same_game(c, hus);
	assert_same_game(apart, hus);
	play(c, "b3");
	play(apart, "b3");
	assert_same_game(c, apart);
	/* And back: the clone takes Maruba's start whole. */
	G->destroy(maruba);
	maruba = mk("variant=maruba");
	G->copy(c, maruba);
	assert_same_game(c, maruba);
	G->destroy(hus);
	G->destroy(maruba);
	G->destroy(c);
	G->destroy(apart);
}

/* ---- notation and position strings --------------------------------- */

static void
test_parse_format(void **state)
{
	struct tbl_state *s = mk("variant=hus");
	char err[TBL_ERRLEN], buf[32];
	tbl_move m;
	size_t used;

	(void)state;
	assert_int_equal(G->parse_move(s, "b-6", &m, &used, err, sizeof err), 0);
	assert_int_equal(used, 3);
	G->format_move(s, m, buf, sizeof buf);
	assert_string_equal(buf, "b6");
	assert_int_equal(G->parse_move(s, "  B12 x", &m, &used, err,
	    sizeof err), 0);
	assert_int_equal(used, 5);
	G->format_move(s, m, buf, sizeof buf);
	assert_string_equal(buf, "b12");
	assert_int_equal(G->parse_move(s, "b6xd6", &m, &used, err,
	    sizeof err), 0);
	assert_int_equal(used, 2);
	assert_int_equal(G->parse_move(s, "xd6", &m, &used, err, sizeof err),
	    0);
	G->format_move(s, m, buf, sizeof buf);
	assert_string_equal(buf, "xd6");
	assert_int_equal(G->parse_move(s, "a-6>b-7", &m, &used, err,
	    sizeof err), 0);
	assert_int_equal(used, 7);
	G->format_move(s, m, buf, sizeof buf);
	assert_string_equal(buf, "a6>b7");
	/* Errors name the text. */
	assert_int_equal(G->parse_move(s, "e5", &m, &used, err, sizeof err),
	    -1);
	assert_non_null(strstr(err, "'e5'"));
	assert_int_equal(G->parse_move(s, "b13", &m, &used, err, sizeof err),
	    -1);
	assert_non_null(strstr(err, "'b13'"));
	assert_int_equal(G->parse_move(s, "b0", &m, &used, err, sizeof err),
	    -1);
	assert_int_equal(G->parse_move(s, "bb", &m, &used, err, sizeof err),
	    -1);
	assert_non_null(strstr(err, "'bb'"));
	assert_int_equal(G->parse_move(s, "12", &m, &used, err, sizeof err),
	    -1);
	assert_non_null(strstr(err, "'12'"));
	assert_int_equal(G->parse_move(s, "", &m, &used, err, sizeof err), -1);
	assert_int_equal(G->parse_move(s, "a6>b8", &m, &used, err,
	    sizeof err), -1);
	assert_non_null(strstr(err, "a6>b8"));
	assert_int_equal(G->parse_move(s, "a5>b7", &m, &used, err,
	    sizeof err), -1);
	assert_int_equal(G->parse_move(s, "a6>", &m, &used, err, sizeof err),
	    -1);
	/* Parsed but illegal: the host checks legal_moves; apply refuses. */
	assert_int_equal(G->parse_move(s, "c9", &m, &used, err, sizeof err),
	    0);
	assert_int_equal(G->apply(s, m), -1);
	assert_int_equal(G->apply(s, 0xFFFFFFFFu), -1);
	assert_int_equal(G->apply(s, 0x100u | 4), -1);	/* a5>: no */
	assert_int_equal(G->apply(s, 0x200u | 30), -1);	/* xc7: no */
	assert_string_equal(POS(s), HUS_START " P P:0 Q:0 open=PQ");
	/* A bad move in a turn line stops there. */
	assert_int_equal(fake_play(G, s, "b6 q1", err, sizeof err), -1);
	G->destroy(s);
}

static void
test_render(void **state)
{
	struct tbl_state *s = mk("variant=maruba");
	char buf[2048];
	int n;

	(void)state;
	n = G->render(s, buf, sizeof buf);
	assert_int_equal(n, (int)strlen(buf));
	assert_string_equal(buf,
	    "      1  2  3  4  5  6  7  8\n"
	    "P a   2  2  2  2  2  2  2  2\n"
	    "  b   2  2  2  2  2  2  1  .\n"
	    "    ------------------------\n"
	    "Q c   .  1  2  2  2  2  2  2\n"
	    "  d   2  2  2  2  2  2  2  2\n"
	    "Men on the board: P 29, Q 29.  Taken: P 0, Q 0.\n");
	play(s, "b6");
	G->render(s, buf, sizeof buf);
	assert_non_null(strstr(buf, "Taken: P 4, Q 0.\nP to choose the extra "
	    "capture (x and a hole).\n"));
	/* snprintf convention: the full length, truncated text. */
	n = G->render(s, buf, sizeof buf);
	assert_int_equal(G->render(s, buf, 10), n);
	assert_int_equal(strlen(buf), 9);
	G->destroy(s);
}

/*
 * Every blank alike (the SDK text toolkit): tabs, spaces, carriage returns
 * and newlines separate the fields of a position string and may lead a
 * move, wherever a space may.
 */
static void
test_blanks(void **state)
{
	struct tbl_state *s = mk("variant=maruba");
	struct tbl_state *t = mk("variant=maruba");
	char err[TBL_ERRLEN];
	tbl_move m;
	size_t used;

	(void)state;
	setpos(s, MARUBA_START " Q P:3 Q:4 turn=7");
	setpos(t, "\t" MARUBA_START "\tQ \tP:3\r\nQ:4\tturn=7\t");
	assert_string_equal(POS(t), POS(s));
	assert_string_equal(POS(t), MARUBA_START " Q P:3 Q:4 turn=7");
	/* A tab ends the board word like a space. */
	assert_int_equal(G->set_position(t, MARUBA_START "\tR", err,
	    sizeof err), -1);
	assert_non_null(strstr(err, "side to move 'R'"));
	assert_int_equal(G->parse_move(s, "\tc3", &m, &used, err, sizeof err),
	    0);
	assert_int_equal(used, 3);
	G->format_move(s, m, err, sizeof err);
	assert_string_equal(err, "c3");
	G->destroy(s);
	G->destroy(t);
}

static void
test_position_errors(void **state)
{
	static const char *const bad[][2] = {
		{ "", "empty position" },
		{ "2,2/2,2/2,2 P", "the board has 3 rows, expected 4" },
		{ "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/"
		    "2,2,2,2,2,2,2,2 P", "row b has 7 holes, expected 8" },
		{ "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/"
		    "2,2,2,2,2,2,2,2 P", "row b has 9 holes, expected 8" },
		{ "2,2,2,2,2,2,2,2/2,2,-1,2,2,2,2,2/2,2,2,2,2,2,2,2/"
		    "2,2,2,2,2,2,2,2 P", "row b hole 3: negative count '-1'" },
		{ "2,2,2,2,2,2,2,2/2,2,x,2,2,2,2,2/2,2,2,2,2,2,2,2/"
		    "2,2,2,2,2,2,2,2 P", "row b hole 3: 'x' is not a count" },
		{ "2,2,2,2,2,2,2,2/2,2,,2,2,2,2,2/2,2,2,2,2,2,2,2/"
		    "2,2,2,2,2,2,2,2 P", "row b hole 3: '' is not a count" },
		{ "2,2,2,2,2,2,2,2/2,2,99999,2,2,2,2,2/2,2,2,2,2,2,2,2/"
		    "2,2,2,2,2,2,2,2 P", "too large" },
		{ "9999,9999,9999,3,2,2,2,2/2,2,2,2,2,2,1,0/0,1,2,2,2,2,2,2/"
		    "2,2,2,2,2,2,2,2 P", "30050 men on the board, at most 30000" },
		{ MARUBA_START " P P:29000 Q:1000", "30058 men in all" },
		{ MARUBA_START, "side to move (P or Q) is missing" },
		{ MARUBA_START " R", "side to move 'R' is not P or Q" },
		{ MARUBA_START " p", "side to move 'p' is not P or Q" },
		{ MARUBA_START " P P:x", "'P:x'" },
		{ MARUBA_START " P P:1 P:2", "P: given twice" },
		{ MARUBA_START " P foo", "unexpected 'foo'" },
		{ MARUBA_START " P colour=red", "unknown key 'colour'" },
		{ MARUBA_START " P open=P", "opening_transfer is off" },
		{ MARUBA_START " P turn=-1", "turn=-1" },
		{ MARUBA_START " P choice=maybe", "choice=maybe" },
		{ MARUBA_START " P hand=3", "belong to a pending choice" },
		{ MARUBA_START " P choice=extra hand=3 at=b8",
		    "only used when captured men are sown" },
		{ MARUBA_START " P choice=extra over=P", "no pending choice" },
		{ MARUBA_START " P over=maybe", "over=maybe" },
		{ "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/"
		    "0,0,0,0,0,0,0,0 P choice=extra", "Q has no men to take" },
	};
	struct tbl_state *s = mk("variant=maruba");
	char err[TBL_ERRLEN], before[8192];
	size_t i;

	(void)state;
	snprintf(before, sizeof before, "%s", POS(s));
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		err[0] = '\0';
		if (G->set_position(s, bad[i][0], err, sizeof err) == 0)
			fail_msg("accepted '%s'", bad[i][0]);
		if (strstr(err, bad[i][1]) == NULL)
			fail_msg("'%s': got '%s', expected '%s'", bad[i][0], err,
			    bad[i][1]);
		assert_null(strchr(err, '\n'));
		assert_string_equal(POS(s), before);
	}
	G->destroy(s);
	/* Keys that need the options they describe. */
	s = mk("variant=hus extra=hole");
	assert_int_equal(G->set_position(s, HUS_START " Q choice=extra", err,
	    sizeof err), -1);
	assert_non_null(strstr(err, "needs hand= and at="));
	assert_int_equal(G->set_position(s, HUS_START " Q choice=extra hand=3 "
	    "at=b7", err, sizeof err), -1);
	assert_non_null(strstr(err, "at=b7 is not an inner hole of Q"));
	assert_int_equal(G->set_position(s, HUS_START " Q choice=extra hand=3 "
	    "at=z7", err, sizeof err), -1);
	assert_non_null(strstr(err, "'z7'"));
	assert_int_equal(G->set_position(s, HUS_START " Q choice=extra hand=3 "
	    "at=c7 laps=5000", err, sizeof err), -1);
	assert_non_null(strstr(err, "laps=5000"));
	/* Defaults of an abbreviated string: no credits, nobody open. */
	setpos(s, HUS_START " Q");
	assert_string_equal(POS(s), HUS_START " Q P:0 Q:0");
	G->destroy(s);
}

/*
 * get -> set -> get round trips, clone and copy, in every position of
 * random games of every variant, mid-turn choices included.
 */
static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;

static uint64_t
rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static void
test_round_trip(void **state)
{
	static const char *const variants[] = {
		"variant=hus", "variant=maruba", "variant=mofuba",
		"variant=tschuba", "variant=tschuba2", "variant=chuba",
		"variant=hus extra=hole", "variant=maruba captured=sow",
		"variant=tschuba2 captured=sow capture=occupied holes=5",
		"variant=hus stuck=pass skip_start=yes holes=4",
		"variant=maruba singletons=always relay=no holes=24",
	};
	size_t v;
	int pending_seen = 0, hand_seen = 0;

	(void)state;
	for (v = 0; v < sizeof variants / sizeof variants[0]; v++) {
		struct tbl_state *s = mk(variants[v]);
		struct tbl_state *t = mk(variants[v]);
		struct tbl_state *u = G->clone(s);
		int game;

		for (game = 0; game < 40; game++) {
			struct tbl_state *start = mk(variants[v]);

			G->copy(s, start);
			G->destroy(start);
			for (;;) {
				char a[4096], b[4096];
				tbl_move mv[512], mw[512];
				int n, nt, i;

				G->get_position(s, a, sizeof a);
				setpos(t, a);
				G->get_position(t, b, sizeof b);
				assert_string_equal(a, b);
				assert_int_equal(G->to_move(s), G->to_move(t));
				n = G->legal_moves(s, mv, 512);
				nt = G->legal_moves(t, mw, 512);
				assert_int_equal(n, nt);
				assert_memory_equal(mv, mw, sizeof mv[0] *
				    (size_t)n);
				/* A small buffer reports the same count. */
				assert_int_equal(G->legal_moves(s, mw, 1), n);
				if (n)
					assert_int_equal(mw[0], mv[0]);
				for (i = 1; i < n; i++)
					assert_true(mv[i - 1] < mv[i]);
				if (strstr(a, "choice=extra"))
					pending_seen = 1;
				if (strstr(a, "hand="))
					hand_seen = 1;
				if (G->to_move(s) == TBL_END) {
					double out[2];

					assert_int_equal(n, 0);
					assert_int_equal(G->result(s, out), 0);
					assert_true(out[0] + out[1] == 1.0);
					break;
				}
				assert_true(n > 0);
				/* Every move text parses back to the move. */
				for (i = 0; i < n; i++) {
					char txt[32], err[TBL_ERRLEN];
					tbl_move m;
					size_t used;

					G->format_move(s, mv[i], txt, sizeof txt);
					assert_int_equal(G->parse_move(s, txt, &m,
					    &used, err, sizeof err), 0);
					assert_int_equal(m, mv[i]);
					assert_int_equal(used, strlen(txt));
				}
				i = (int)(rnd() % (uint64_t)n);
				G->copy(u, s);
				assert_int_equal(G->apply(s, mv[i]), 0);
				assert_int_equal(G->apply(u, mv[i]), 0);
				G->get_position(u, b, sizeof b);
				assert_string_equal(POS(s), b);
			}
		}
		G->destroy(s);
		G->destroy(t);
		G->destroy(u);
	}
	assert_true(pending_seen);
	assert_true(hand_seen);
}

/* A position string without its turn= field. */
static char *
no_turn(char *pos)
{
	char *t = strstr(pos, " turn="), *e;

	if (t != NULL) {
		e = strchr(t + 1, ' ');
		memmove(t, e != NULL ? e : t + strlen(t),
		    strlen(e != NULL ? e : t + strlen(t)) + 1);
	}
	return pos;
}

/*
 * A position key (for tablero solve) is the position: the key of a
 * position reached in play equals the key of the same position read from
 * its string, and set_key() gives back that string.  With captured=remove
 * the hole and laps of a capture do not outlive it: a pending extra
 * capture from b8 and one from b5 with the same board are one position.
 */
static const char *key_hex(const unsigned char *k, size_t len);

static void
test_key_is_the_position(void **state)
{
	static const char *const variants[] = {
		"variant=maruba holes=4 seeds=1 turn_limit=0",
		"variant=tschuba2 holes=5 turn_limit=0",
		"variant=chuba holes=4 turn_limit=0",
		"variant=maruba captured=sow turn_limit=0",
		"variant=hus holes=4 outer_seeds=1 turn_limit=0",
		"variant=mankalah holes=4 setup=ignorants turn_limit=0",
		"variant=mankalah holes=4 seeds=2 match_target=6 turn_limit=0",
	};
	size_t v;
	int pending_seen = 0, deal_seen = 0, decide_seen = 0, gains_seen = 0;

	(void)state;
	for (v = 0; v < sizeof variants / sizeof variants[0]; v++) {
		struct tbl_state *s = mk(variants[v]);
		struct tbl_state *t = mk(variants[v]);
		struct tbl_state *u = mk(variants[v]);
		struct tbl_state *start = G->clone(s);
		char err[TBL_ERRLEN];
		int klen = G->key_size(s, err, sizeof err), game, ply;

		assert_true(klen > 0 && klen <= 64);
		for (game = 0; game < 20; game++) {
			G->copy(s, start);
			for (ply = 0; ply < 200; ply++) {
				unsigned char ks[64], kt[64];
				char a[4096], b[4096];
				tbl_move mv[512];
				int n = G->legal_moves(s, mv, 512);

				G->get_position(s, a, sizeof a);
				setpos(t, a);
				assert_int_equal(G->get_key(s, ks, (size_t)klen), 0);
				assert_int_equal(G->get_key(t, kt, (size_t)klen), 0);
				assert_memory_equal(ks, kt, (size_t)klen);
				assert_int_equal(G->set_key(u, ks, (size_t)klen), 0);
				G->get_position(u, b, sizeof b);
				/* The turn count is not in the key. */
				assert_string_equal(no_turn(a), no_turn(b));
				if (strstr(a, "choice=extra"))
					pending_seen = 1;
				deal_seen |= strstr(a, "deal=") != NULL;
				decide_seen |= strstr(a, "choice=board") != NULL;
				gains_seen |= strstr(a, "gains=0,0") == NULL &&
				    strstr(a, "gains=") != NULL;
				/* The ignorants' deal: a chance point. */
				if (n == 0)
					n = G->chance_outcomes(s, mv, NULL, 512);
				if (n == 0)
					break;
				assert_int_equal(G->apply(s,
				    mv[rnd() % (uint64_t)n]), 0);
			}
		}
		G->destroy(start);
		G->destroy(s);
		G->destroy(t);
		G->destroy(u);
	}
	assert_true(pending_seen && deal_seen && decide_seen && gains_seen);
}

/*
 * A won match read back from its position string is the same position:
 * won by the match (not "as set up"), with the same key; over= must name
 * the side whose gains reach the target.
 */
static void
test_match_over_read_back(void **state)
{
	const char *opts = "variant=mankalah holes=4 seeds=2 match_target=6 "
	    "turn_limit=0";
	struct tbl_state *s = mk(opts), *t = mk(opts);
	unsigned char ks[16], kt[16];
	char err[TBL_ERRLEN] = "", a[256], b[256];
	int klen;

	(void)state;
	setpos(s, "0,0,0,1/0,0,0,0 P P:2 Q:9 gains=0,0 lead=P");
	play(s, "a4");
	assert_string_equal(POS(s), "0,0,1,0/0,0,0,0 Q P:2 Q:9 turn=1 "
	    "gains=0,7 lead=P over=Q");
	assert_string_equal(result_of(s), "Q wins the match, gains 7 to 0 "
	    "(target 6)");
	setpos(t, POS(s));
	assert_string_equal(result_of(t), "Q wins the match, gains 7 to 0 "
	    "(target 6)");
	G->render(s, a, sizeof a);
	G->render(t, b, sizeof b);
	assert_string_equal(a, b);
	klen = G->key_size(s, err, sizeof err);
	assert_true(klen > 0 && klen <= 16);
	assert_int_equal(G->get_key(s, ks, (size_t)klen), 0);
	assert_int_equal(G->get_key(t, kt, (size_t)klen), 0);
	assert_memory_equal(ks, kt, (size_t)klen);
	assert_int_equal(G->set_position(t, "0,0,1,0/0,0,0,0 Q P:2 Q:9 "
	    "gains=0,7 lead=P over=P", err, sizeof err), -1);
	assert_string_equal(err, "gains=0,7: Q won the match (over=Q)");
	G->destroy(s);
	G->destroy(t);
}

/* The bytes of a key, as hex, for messages and comparisons. */
static const char *
key_hex(const unsigned char *k, size_t len)
{
	static char buf[200];
	size_t i;

	for (i = 0; i < len && 2 * i + 2 < sizeof buf; i++)
		snprintf(buf + 2 * i, 3, "%02x", k[i]);
	buf[2 * i] = '\0';
	return buf;
}

/*
 * The edges of a key: a turn limit the key leaves out is refused by
 * name; a key too short for any count, or for the counts of the position
 * at hand, is refused; a longer key holds 16-bit counts and ends in
 * zeros; and set_key() refuses what no position writes.
 */
static void
test_key_edges(void **state)
{
	struct tbl_state *s = mk("variant=mangala holes=4 seeds=1 turn_limit=0");
	struct tbl_state *t = mk("variant=mangala holes=4 seeds=1 turn_limit=0");
	struct tbl_state *u = mk("variant=mangala turn_limit=5");
	unsigned char k[64];
	char err[TBL_ERRLEN] = "";
	int klen = G->key_size(s, err, sizeof err);

	(void)state;
	assert_int_equal(G->key_size(u, err, sizeof err), -1);
	assert_string_equal(err, "turn_limit=5 ends the game by a turn count "
	    "that a position key leaves out: set turn_limit=0");
	G->destroy(u);
	/* 8 men: 4-bit counts, (8 holes + 2 credits) * 4 + 6 bits. */
	assert_int_equal(klen, 6);
	assert_int_equal(G->get_key(s, k, 1), -1);
	assert_int_equal(G->set_key(s, k, 1), -1);
	/* 6 bytes hold counts to 15: 16 men in a hole, or credited, do not fit. */
	setpos(t, "0,0,0,16/0,0,0,0 P P:0 Q:0");
	assert_int_equal(G->get_key(t, k, (size_t)klen), -1);
	setpos(t, "0,0,0,1/0,0,0,0 P P:16 Q:0");
	assert_int_equal(G->get_key(t, k, (size_t)klen), -1);
	/* 64 bytes: 16-bit counts, 166 bits, zeros from byte 21 on. */
	setpos(t, "0,0,0,300/1,0,0,0 Q P:1 Q:2");
	assert_int_equal(G->get_key(t, k, sizeof k), 0);
	assert_string_equal(key_hex(k, 24), "0000000000002c01"
	    "0100000000000000" "01000200" "01" "000000");
	assert_int_equal(G->set_key(s, k, sizeof k), 0);
	assert_string_equal(POS(s), "0,0,0,300/1,0,0,0 Q P:1 Q:2");
	/* A reason (why) past the last (bits 163-165), too many men. */
	k[20] |= 0x38;
	assert_int_equal(G->set_key(s, k, sizeof k), -1);
	k[20] &= (unsigned char)~0x38;
	k[0] = k[1] = 0xff;
	assert_int_equal(G->set_key(s, k, sizeof k), -1);
	assert_string_equal(POS(s), "0,0,0,300/1,0,0,0 Q P:1 Q:2");
	G->destroy(s);
	G->destroy(t);
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

/* a and b are the same position, with the same player and moves next. */
static void
assert_same_state(const struct tbl_state *a, const struct tbl_state *b)
{
	char pa[4096], pb[4096];
	tbl_move ma[512], mb[512];
	int na, nb;

	G->get_position(a, pa, sizeof pa);
	G->get_position(b, pb, sizeof pb);
	assert_string_equal(pa, pb);
	assert_int_equal(G->to_move(a), G->to_move(b));
	na = G->legal_moves(a, ma, 512);
	nb = G->legal_moves(b, mb, 512);
	assert_int_equal(na, nb);
	assert_memory_equal(ma, mb, (size_t)na * sizeof ma[0]);
}

/*
 * play_random() (SDK ABI 1.3) given each draw k at every position of
 * random games plays legal move k, leaving the state apply() leaves, or
 * declines without a draw or a change (transfers, chance points,
 * extra captures, the end); it takes ordinary play.
 */
static void
test_play_random(void **state)
{
	static const char *const variants[] = {
		"variant=hus", "variant=maruba", "variant=tschuba2",
		"variant=chuba opening_transfer=yes", "variant=maruba extra=hole",
		"variant=annana", "variant=mankalah setup=wise",
		"variant=gabatta",
	};
	size_t v;
	long taken = 0, declined = 0;

	(void)state;
	for (v = 0; v < sizeof variants / sizeof variants[0]; v++) {
		struct tbl_state *s = mk(variants[v]), *a = mk(variants[v]);
		struct tbl_state *b = mk(variants[v]), *start = G->clone(s);
		int game, ply, n, k, r;

		for (game = 0; game < 10; game++) {
			G->copy(s, start);
			for (ply = 0; ply < 300 && G->to_move(s) != TBL_END;
			    ply++) {
				tbl_move mv[512];
				double pr[512];

				n = G->to_move(s) == TBL_CHANCE ?
				    G->chance_outcomes(s, mv, pr, 512) :
				    G->legal_moves(s, mv, 512);
				for (k = 0; k < n; k++) {
					struct fixed_draw d = { (uint32_t)k, 0, 0 };

					G->copy(a, s);
					G->copy(b, s);
					r = G->play_random(a, fixed_below, &d);
					if (r == 0) {
						assert_int_equal(d.calls, 0);
						assert_same_state(a, s);
						declined++;
						continue;
					}
					assert_int_equal(r, n);
					assert_int_equal(d.calls, 1);
					assert_int_equal(d.n, n);
					assert_int_equal(G->apply(b, mv[k]), 0);
					assert_same_state(a, b);
					taken++;
				}
				assert_int_equal(G->apply(s,
				    mv[rnd() % (uint64_t)n]), 0);
			}
		}
		G->destroy(s);
		G->destroy(a);
		G->destroy(b);
		G->destroy(start);
	}
	assert_true(taken > 10000 && declined > 0);
}

/*
 * Play on b the n moves playout() played, each drawn by tbl_rng_below()
 * from rb among the listed moves; none at a chance point or the end.
 */
static void
replay_listed(struct tbl_state *b, struct tbl_rng *rb, long n)
{
	tbl_move mv[512];
	long i;
	int cnt;

	for (i = 0; i < n; i++) {
		assert_true(G->to_move(b) >= 0);
		cnt = G->legal_moves(b, mv, 512);
		assert_true(cnt > 0 && cnt <= 512);
		assert_int_equal(G->apply(b, mv[tbl_rng_below(rb,
		    (uint32_t)cnt)]), 0);
	}
}

/*
 * playout() (SDK ABI 1.4) from every position of random games, allowed
 * 1 to 40 moves, plays the moves that listing and applying the drawn
 * one plays, with the same draws: the byte boards of ||Hus and its like
 * (different widths, the turn and lap limits, stuck = pass), the board
 * of too many men for them, and the other engines.
 */
static void
test_playout(void **state)
{
	static const char *const variants[] = {
		"variant=hus", "variant=hus holes=4", "variant=hus holes=16",
		"variant=hus holes=16 seeds=3", "variant=hus holes=6 stuck=pass",
		"variant=hus lap_limit=2 endless=stop turn_limit=40",
		"variant=hus lap_limit=3 endless=draw", "variant=maruba",
		"variant=mofuba", "variant=chuba opening_transfer=yes",
		"variant=annana", "variant=mankalah setup=ignorants",
		"variant=gabatta",
	};
	size_t v;
	long played = 0, calls = 0;

	(void)state;
	for (v = 0; v < sizeof variants / sizeof variants[0]; v++) {
		struct tbl_state *s = mk(variants[v]), *a = mk(variants[v]);
		struct tbl_state *b = mk(variants[v]), *start = G->clone(s);
		int game, ply;

		for (game = 0; game < 12; game++) {
			G->copy(s, start);
			for (ply = 0; ply < 400 && G->to_move(s) != TBL_END;
			    ply++) {
				struct tbl_rng ra, rb;
				tbl_move mv[512];
				double pr[512];
				long cap = 1 + (long)(rnd() % 40), n;
				int k;

				ra.s[0] = rnd() | 1;
				ra.s[1] = rnd();
				ra.s[2] = rnd();
				ra.s[3] = rnd();
				rb = ra;
				G->copy(a, s);
				G->copy(b, s);
				n = G->playout(a, &ra, cap);
				assert_true(n >= 0 && n <= cap);
				replay_listed(b, &rb, n);
				assert_same_state(a, b);
				assert_memory_equal(&ra, &rb, sizeof ra);
				played += n;
				calls++;
				/* On by one move: each position is met. */
				k = G->to_move(s) == TBL_CHANCE ?
				    G->chance_outcomes(s, mv, pr, 512) :
				    G->legal_moves(s, mv, 512);
				assert_int_equal(G->apply(s,
				    mv[rnd() % (uint64_t)k]), 0);
			}
		}
		G->destroy(s);
		G->destroy(a);
		G->destroy(b);
		G->destroy(start);
	}
	assert_true(played > 10 * calls);
}

/*
 * The same with the portable count and search of the legal starts, on a
 * processor where play_random() would use popcnt and pdep (x86-64 with
 * BMI2): both ways play the k-th legal move.
 */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
void mancala_portable_select(int on);
#else
static void
mancala_portable_select(int on)
{
	(void)on;
}
#endif

static void
test_play_random_portable(void **state)
{
	mancala_portable_select(1);
	test_play_random(state);
	mancala_portable_select(0);
}

static void
test_playout_portable(void **state)
{
	mancala_portable_select(1);
	test_playout(state);
	mancala_portable_select(0);
}

/*
 * The start rule against a reference written from Wagner's text, with
 * its own circuits: random positions of single men (and a few holes of
 * two) on every board size, for both players.
 */
static int
ref_next(int p, int row, int col, int n, int *nrow)
{
	if (p == 0) {		/* P: b1 -> bn -> an -> a1 -> b1 */
		if (row == 1) {
			*nrow = col < n - 1 ? 1 : 0;
			return col < n - 1 ? col + 1 : n - 1;
		}
		*nrow = col > 0 ? 0 : 1;
		return col > 0 ? col - 1 : 0;
	}
	if (row == 2) {		/* Q: cn -> c1 -> d1 -> dn -> cn */
		*nrow = col > 0 ? 2 : 3;
		return col > 0 ? col - 1 : 0;
	}
	*nrow = col < n - 1 ? 3 : 2;
	return col < n - 1 ? col + 1 : n - 1;
}

static void
test_singletons_reference(void **state)
{
	int trial;

	(void)state;
	for (trial = 0; trial < 3000; trial++) {
		int n = 4 + (int)(rnd() % 29), p = (int)(rnd() % 2);
		int cnt[4][32], row, col, any_two = 0, big = 0;
		char opts[64], pos[2048], want[2048];
		size_t k = 0, w = 0;
		struct tbl_state *s;

		snprintf(opts, sizeof opts, "variant=maruba holes=%d", n);
		s = mk(opts);
		for (row = 0; row < 4; row++)
			for (col = 0; col < n; col++) {
				cnt[row][col] = (int)(rnd() % 2);
				if (trial % 3 == 0 && rnd() % 40 == 0)
					cnt[row][col] = 2;
				/* Large counts test the packed lanes. */
				if (trial % 5 == 0 && big < 2 &&
				    rnd() % 30 == 0) {
					cnt[row][col] = 9997 + (int)(rnd() % 3);
					big++;
				}
				k += (size_t)snprintf(pos + k, sizeof pos - k,
				    "%d%s", cnt[row][col], col < n - 1 ? "," :
				    row < 3 ? "/" : " ");
			}
		snprintf(pos + k, sizeof pos - k, "%c", p ? 'Q' : 'P');
		for (row = 2 * p; row < 2 * p + 2; row++)
			for (col = 0; col < n; col++)
				any_two |= cnt[row][col] >= 2;
		want[0] = '\0';
		for (row = 2 * p; row < 2 * p + 2; row++)
			for (col = 0; col < n; col++) {
				int nr, nc = ref_next(p, row, col, n, &nr);
				int ok = any_two ? cnt[row][col] >= 2 :
				    cnt[row][col] == 1 && cnt[nr][nc] == 0;

				if (ok)
					w += (size_t)snprintf(want + w,
					    sizeof want - w, "%s%c%d",
					    w ? " " : "", 'a' + row, col + 1);
			}
		setpos(s, pos);
		if (want[0] == '\0') {
			assert_int_equal(G->to_move(s), TBL_END);
		} else {
			/* moves_of lists in hole order; so does want. */
			assert_int_equal(G->to_move(s), p);
			assert_string_equal(moves_of(s), want);
		}
		G->destroy(s);
	}
}

/* No position makes a move run away: huge hands, every rule mix. */
static void
test_termination(void **state)
{
	static const char *const variants[] = {
		"variant=hus lap_limit=500", "variant=maruba lap_limit=500",
		"variant=hus skip_start=yes lap_limit=500",
		"variant=tschuba2 captured=sow lap_limit=500",
	};
	size_t v;

	(void)state;
	for (v = 0; v < sizeof variants / sizeof variants[0]; v++) {
		struct tbl_state *s = mk(variants[v]);
		int trial;

		for (trial = 0; trial < 300; trial++) {
			char pos[4096];
			size_t n = 0;
			int h, steps;

			for (h = 0; h < (v == 0 || v == 2 ? 48 : 32); h++) {
				unsigned c = (unsigned)(rnd() % 8);

				if (rnd() % 16 == 0)
					c = (unsigned)(rnd() % 300);
				n += (size_t)snprintf(pos + n, sizeof pos - n,
				    "%u%s", c, (h + 1) % (v == 0 || v == 2 ?
				    12 : 8) ? "," : "/");
			}
			pos[n - 1] = ' ';
			snprintf(pos + n, sizeof pos - n, "%c", trial % 2 ? 'Q' :
			    'P');
			setpos(s, pos);
			for (steps = 0; steps < 200 &&
			    G->to_move(s) != TBL_END; steps++) {
				tbl_move mv[512];
				int k = G->legal_moves(s, mv, 512);

				assert_true(k > 0);
				trace_reset();
				assert_int_equal(G->apply(s,
				    mv[rnd() % (uint64_t)k]), 0);
				assert_true(trace_laps <= 500);
			}
		}
		G->destroy(s);
	}
}

/* The AI's estimate: each side's share of the men at home or taken. */
static void
test_evaluate(void **state)
{
	struct tbl_state *s = mk("variant=maruba");
	double out[2];

	(void)state;
	assert_int_equal(G->evaluate(s, out), 0);
	assert_true(out[0] == 0.5 && out[1] == 0.5);
	play(s, "b6xd6");
	/* P: 29 at home and 6 taken; Q: 23 at home. */
	assert_int_equal(G->evaluate(s, out), 0);
	assert_true(out[0] == 35.0 / 58.0);
	assert_true(out[0] + out[1] == 1.0);
	/* At the end, the result. */
	setpos(s, "0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,1/0,0,0,0,0,0,0,0/"
	    "0,0,0,0,0,0,0,0 Q P:3 Q:0");
	assert_int_equal(G->evaluate(s, out), 0);
	assert_true(out[0] == 1.0 && out[1] == 0.0);
	G->destroy(s);
}

static void
test_descriptor(void **state)
{
	struct tbl_state *s = mk("variant=hus");
	double out[2] = { -1, -1 };
	int i, j;

	(void)state;
	assert_string_equal(G->name, "mancala");
	assert_int_equal(G->players(s), 2);
	assert_string_equal(G->player_name(s, 0), "P");
	assert_string_equal(G->player_name(s, 1), "Q");
	assert_int_equal(G->result(s, out), -1);
	assert_true(out[0] == -1);
	assert_int_equal(G->chance_outcomes(s, NULL, NULL, 0), 0);
	/* Every declared option is documented and its default is valid. */
	for (i = 0; i < G->noptions; i++) {
		const struct tbl_option *o = &G->options[i];

		assert_non_null(o->doc);
		if (o->type == TBL_OPT_ENUM) {
			assert_non_null(o->choices);
			if (o->def) {
				for (j = 0; o->choices[j]; j++)
					if (strcmp(o->choices[j], o->def) == 0)
						break;
				assert_non_null(o->choices[j]);
			}
		}
	}
	G->destroy(s);
	G->destroy(NULL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hus_start),
		cmocka_unit_test(test_hus_record),
		cmocka_unit_test(test_hus_record_positions),
		cmocka_unit_test(test_hus_transfer),
		cmocka_unit_test(test_maruba_record),
		cmocka_unit_test(test_maruba_fig5_ix),
		cmocka_unit_test(test_mofuba_is_maruba),
		cmocka_unit_test(test_tschuba_first_move),
		cmocka_unit_test(test_tschuba2_pair),
		cmocka_unit_test(test_chuba),
		cmocka_unit_test(test_opt_holes_seeds_start_first),
		cmocka_unit_test(test_opt_skip_start),
		cmocka_unit_test(test_opt_relay),
		cmocka_unit_test(test_opt_capture),
		cmocka_unit_test(test_opt_captured),
		cmocka_unit_test(test_opt_extra),
		cmocka_unit_test(test_opt_endless),
		cmocka_unit_test(test_opt_stuck_leftover),
		cmocka_unit_test(test_opt_turn_limit),
		cmocka_unit_test(test_parse_format),
		cmocka_unit_test(test_render),
		cmocka_unit_test(test_blanks),
		cmocka_unit_test(test_position_errors),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_key_is_the_position),
		cmocka_unit_test(test_key_edges),
		cmocka_unit_test(test_match_over_read_back),
		cmocka_unit_test(test_play_random),
		cmocka_unit_test(test_play_random_portable),
		cmocka_unit_test(test_playout),
		cmocka_unit_test(test_playout_portable),
		cmocka_unit_test(test_singletons_reference),
		cmocka_unit_test(test_termination),
		cmocka_unit_test(test_evaluate),
		cmocka_unit_test(test_descriptor),
		cmocka_unit_test(test_narrate_four_rows),
		cmocka_unit_test(test_narrate_more),
		cmocka_unit_test(test_narrate_long_move),
		cmocka_unit_test(test_end_kind),
		cmocka_unit_test(test_copy_rules),
	};

	return cmocka_run_group_tests(tests, group_setup, NULL);
}
