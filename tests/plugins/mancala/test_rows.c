/*
 * test_rows.c - unit tests of the mancala plugin's two- and three-row
 * games (Wagner 1917, section IIb and IIc): Annana's record (Fig. 8)
 * lap by lap, the takes of Mankal'ah with their chains, a match to 60,
 * the ignorants' deal, Mangala's and Gabatta's boards.  The plugin is
 * compiled in with the trace hooks on: every lap, take and end of a move
 * is reported to mancala_trace(), and the board after every lap to
 * mancala_lap().
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fakehost.h"
#include "helpers.h"

/* ---- trace ---------------------------------------------------------- */

static char laps_buf[16][256];		/* the board after each lap */
static int nlaps;

/* S "b5:4" (a lap), T "xa2+b2:7" (a take), F "!a6>P" (a four in
 * passing), E "|a6" (the end). */
void
mancala_trace(int ev, int n, int a, int b, unsigned men)
{
	const char *sp = trace_len ? " " : "";

	switch (ev) {
	case 'S':
		trace_add("%s%c%d:%u", sp, 'a' + a / n, a % n + 1, men);
		break;
	case 'T':
		if (b == 0xFF)
			trace_add("%sx%c%d:%u", sp, 'a' + a / n, a % n + 1, men);
		else
			trace_add("%sx%c%d+%c%d:%u", sp, 'a' + a / n, a % n + 1,
			    'a' + b / n, b % n + 1, men);
		break;
	case 'F':
		trace_add("%s!%c%d>%c", sp, 'a' + a / n, a % n + 1,
		    b ? 'Q' : 'P');
		break;
	case 'E':
		trace_add("%s|%c%d", sp, 'a' + a / n, a % n + 1);
		break;
	default:
		trace_add("%s%c?", sp, ev);
		break;
	}
}

void
mancala_lap(const uint16_t *c, int rows, int n)
{
	size_t k = 0;
	int i;

	if (nlaps >= 16)
		return;
	for (i = 0; i < rows * n; i++)
		k += (size_t)snprintf(laps_buf[nlaps] + k,
		    sizeof laps_buf[0] - k, "%u%s", c[i],
		    i == rows * n - 1 ? "" : (i + 1) % n ? "," : "/");
	nlaps++;
}

static void
trace_reset(void)
{
	trace_len = 0;
	trace_buf[0] = '\0';
	nlaps = 0;
}

/* ---- helpers -------------------------------------------------------- */

/* Apply a chance outcome ("+a3"): the host's part at a chance point. */
static void
deal(struct tbl_state *s, const char *text)
{
	char err[TBL_ERRLEN] = "";
	tbl_move m;
	size_t used;

	assert_int_equal(G->to_move(s), TBL_CHANCE);
	if (G->parse_move(s, text, &m, &used, err, sizeof err) != 0)
		fail_msg("parse(%s): %s", text, err);
	assert_int_equal(G->apply(s, m), 0);
}

static uint64_t rng_state = 0x2545F4914F6CDD1DULL;

static uint64_t
rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* ---- Annana (Fig. 8) ------------------------------------------------ */

/*
 * Wagner's record of a game of Annana, Fig. 8 I-VII, lap by lap.
 *
 * Q's first move (II-IV) as printed: b-5 sown into b-6, a-6, a-5, a-4;
 * a-4's five into a-3 .. b-2; b-2's five into b-3 .. a-6, "a-6 being an
 * empty hole his move comes to an end".  But a-6 already held five men
 * after the first lap and receives its sixth here: by the rules the move
 * goes on, a-6's six into a-5 .. b-1 and b-1's six into b-2 .. a-6, which
 * is now empty (it was lifted the lap before), so the move really ends
 * in a-6 two laps later.  P's printed reply confirms the longer move: it
 * starts from "the six pieces in a-1" (a-1 holds five after the printed
 * three laps, six only after the fourth), meets "the eight pieces in
 * b-6" and "three pieces" in b-2, all as the rules leave them.  The test
 * follows the rules.
 */
static void
test_annana_record(void **state)
{
	struct tbl_state *s = mk("variant=annana");

	(void)state;
	/* I: four in each hole, Q starts. */
	assert_string_equal(POS(s), "4,4,4,4,4,4/4,4,4,4,4,4 Q P:0 Q:0");
	assert_string_equal(moves_of(s), "b1 b2 b3 b4 b5 b6");
	assert_string_equal(play(s, "b5"),
	    "b5:4 a4:5 b2:5 a6:6 b1:6 |a6");
	assert_int_equal(nlaps, 5);
	/* II: b-5 into b-6, a-6, a-5, a-4. */
	assert_string_equal(laps_buf[0], "4,4,4,5,5,5/4,4,4,4,0,5");
	/* III: a-4's five into a-3, a-2, a-1, b-1, b-2. */
	assert_string_equal(laps_buf[1], "5,5,5,0,5,5/5,5,4,4,0,5");
	/* Where the printed account stops: b-2's five, last in a-6 (6). */
	assert_string_equal(laps_buf[2], "5,5,5,0,5,6/5,0,5,5,1,6");
	/* The two laps the rules add: a-6's six, then b-1's six. */
	assert_string_equal(laps_buf[3], "6,6,6,1,6,0/6,0,5,5,1,6");
	assert_string_equal(laps_buf[4], "6,6,6,1,6,1/0,1,6,6,2,7");
	/* IV. */
	assert_string_equal(POS(s), "6,6,6,1,6,1/0,1,6,6,2,7 P P:0 Q:0 "
	    "turn=1");
	/* V-VII: P's six from a-1, the eight of b-6, three from b-2. */
	assert_string_equal(play(s, "a1"), "a1:6 b6:8 b2:3 xb5:4 |b5");
	assert_int_equal(nlaps, 3);
	/* V: a-1's six into b-1 .. b-6. */
	assert_string_equal(laps_buf[0], "0,6,6,1,6,1/1,2,7,7,3,8");
	assert_string_equal(laps_buf[1], "1,7,7,2,7,2/2,3,7,7,3,0");
	/* VI: "There being now four pieces in b-5". */
	assert_string_equal(laps_buf[2], "1,7,7,2,7,2/2,0,8,8,4,0");
	/* VII: he captures these, and his move ends. */
	assert_string_equal(POS(s), "1,7,7,2,7,2/2,0,8,8,0,0 Q P:4 Q:0 "
	    "turn=2");
	G->destroy(s);
}

/* The aliases are the same game. */
static void
test_annana_aliases(void **state)
{
	static const char *const v[] = {
		"variant=djamo", "variant=poo", "variant=kale"
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof v / sizeof v[0]; i++) {
		struct tbl_state *s = mk(v[i]);

		assert_string_equal(POS(s), "4,4,4,4,4,4/4,4,4,4,4,4 Q P:0 Q:0");
		play(s, "b5");
		assert_string_equal(POS(s), "6,6,6,1,6,1/0,1,6,6,2,7 P P:0 Q:0 "
		    "turn=1");
		G->destroy(s);
	}
}

/*
 * A four formed in passing goes at once to the owner of its row: P's
 * row a to P even on Q's move, Q's own row to Q; the last man is judged
 * as usual.  A single man may start a move.
 */
static void
test_annana_passing(void **state)
{
	struct tbl_state *s = mk("variant=annana");

	(void)state;
	setpos(s, "1,0,0,0,0,3/0,0,0,0,3,0 Q");
	assert_string_equal(play(s, "b5"), "b5:3 !a6>P |a5");
	assert_string_equal(POS(s), "1,0,0,0,1,0/0,0,0,0,0,1 P P:4 Q:0 "
	    "turn=1");
	/* Singletons start: a1, a5. */
	assert_string_equal(moves_of(s), "a1 a5");
	setpos(s, "1,0,0,0,0,0/0,0,3,3,0,0 Q");
	assert_string_equal(play(s, "b3"), "b3:3 !b4>Q |b6");
	assert_string_equal(POS(s), "1,0,0,0,0,0/0,0,0,0,1,1 P P:0 Q:4 "
	    "turn=1");
	/* passing=no: the four stays and is sown past. */
	G->destroy(s);
	s = mk("variant=annana passing=no");
	setpos(s, "1,0,0,0,0,0/0,0,3,3,0,0 Q");
	assert_string_equal(play(s, "b3"), "b3:3 |b6");
	assert_string_equal(POS(s), "1,0,0,0,0,0/0,0,0,4,1,1 P P:0 Q:0 "
	    "turn=1");
	G->destroy(s);
}

/* The end: a player with no man to move ends the game (stuck = end). */
static void
test_annana_end(void **state)
{
	struct tbl_state *s = mk("variant=annana");

	(void)state;
	setpos(s, "0,0,0,0,0,0/0,0,0,0,1,0 Q P:20 Q:24");
	play(s, "b5");
	assert_int_equal(G->to_move(s), TBL_END);
	assert_string_equal(result_of(s), "Q wins, 24 to 20 (P cannot move)");
	G->destroy(s);
	s = mk("variant=annana leftover=owner");
	setpos(s, "0,0,0,0,0,0/0,0,0,0,1,0 Q P:20 Q:24");
	play(s, "b5");
	assert_string_equal(result_of(s), "Q wins, 25 to 20 (P cannot move)");
	G->destroy(s);
	/* stuck = pass: Q moves again while P has nothing. */
	s = mk("variant=annana stuck=pass");
	setpos(s, "0,0,0,0,0,0/0,0,0,1,0,0 Q P:20 Q:24");
	play(s, "b4");
	assert_string_equal(POS(s), "0,0,0,0,0,0/0,0,0,0,1,0 Q P:20 Q:24 "
	    "turn=1");
	G->destroy(s);
}

/* ---- Mankal'ah ------------------------------------------------------ */

static void
test_mankalah_setups(void **state)
{
	struct tbl_state *s = mk("variant=mankalah");

	(void)state;
	/* The wise: a-3 .. a-6 and b-1 .. b-4, 72 men. */
	assert_string_equal(POS(s), "0,0,9,9,9,9/9,9,9,9,0,0 P P:0 Q:0");
	G->destroy(s);
	/* The wise, ends: half in a-6, half in b-1. */
	s = mk("variant=mankalah setup=wise_ends");
	assert_string_equal(POS(s), "0,0,0,0,0,36/36,0,0,0,0,0 P P:0 Q:0");
	G->destroy(s);
	/* setup = none: seeds in each hole. */
	s = mk("variant=mankalah setup=none");
	assert_string_equal(POS(s), "6,6,6,6,6,6/6,6,6,6,6,6 P P:0 Q:0");
	G->destroy(s);
}

/*
 * A last man making two takes them with the facing hole, and the chain
 * of directly preceding 2s and 4s with theirs: a5's three men make a4 4,
 * a3 2 and a2 2; a2 is taken with b2, then a3 with b3, a4 with b4; a5,
 * now empty, ends the chain.
 */
static void
test_mankalah_chain(void **state)
{
	struct tbl_state *s = mk("variant=mankalah");

	(void)state;
	setpos(s, "2,1,1,3,3,0/1,5,2,7,1,1 P");
	assert_string_equal(play(s, "a5"),
	    "a5:3 xa2+b2:7 xa3+b3:4 xa4+b4:11 |a2");
	assert_string_equal(POS(s), "2,0,0,0,0,0/1,0,0,0,1,1 Q P:22 Q:0 "
	    "turn=1");
	/* The chain ends at a hole of another count (a4 makes 3). */
	setpos(s, "2,1,1,2,3,0/1,5,2,7,1,1 P");
	assert_string_equal(play(s, "a5"), "a5:3 xa2+b2:7 xa3+b3:4 |a2");
	assert_string_equal(POS(s), "2,0,0,3,0,0/1,0,0,7,1,1 Q P:11 Q:0 "
	    "turn=1");
	/* A last man making four; making three sows on (relay). */
	setpos(s, "0,0,0,0,2,0/0,0,0,3,0,2 Q");
	assert_string_equal(play(s, "b6"), "b6:2 a5:3 |a2");
	setpos(s, "0,0,0,5,0,0/0,0,0,3,0,0 Q P:1 Q:2");
	assert_string_equal(play(s, "b4"), "b4:3 |a6");
	/* Q's last man making four in P's a6 takes it and b6 (1). */
	setpos(s, "0,0,0,5,0,3/0,0,0,3,0,0 Q P:1 Q:2");
	assert_string_equal(play(s, "b4"), "b4:3 xa6+b6:5 |a6");
	assert_string_equal(POS(s), "0,0,0,5,0,0/0,0,0,0,1,0 P P:1 Q:7 "
	    "turn=1");
	G->destroy(s);
}

/*
 * The chain stays on the mover's own side by default (Wagner's footnote:
 * "Presumably only when the holes in question are on his side of the
 * board"); chain=both takes the opponent's 2s and 4s as well.  P's a1
 * sows b1, b2, b3: b3 makes four, b2 two, b1 one.
 */
static void
test_mankalah_chain_sides(void **state)
{
	struct tbl_state *s = mk("variant=mankalah");
	struct tbl_state *t = mk("variant=mankalah chain=both");
	struct tbl_state *u = mk("variant=mankalah chain=none");

	(void)state;
	setpos(s, "3,5,6,0,0,0/0,1,3,0,0,0 P");
	setpos(t, "3,5,6,0,0,0/0,1,3,0,0,0 P");
	setpos(u, "2,1,1,3,3,0/1,5,2,7,1,1 P");
	assert_string_equal(play(s, "a1"), "a1:3 xb3+a3:10 |b3");
	assert_string_equal(POS(s), "0,5,0,0,0,0/1,2,0,0,0,0 Q P:10 Q:0 "
	    "turn=1");
	assert_string_equal(play(t, "a1"), "a1:3 xb3+a3:10 xb2+a2:7 |b3");
	assert_string_equal(POS(t), "0,0,0,0,0,0/1,0,0,0,0,0 Q P:17 Q:0 "
	    "turn=1");
	/* chain=none: only the last hole and its facing hole. */
	assert_string_equal(play(u, "a5"), "a5:3 xa2+b2:7 |a2");
	G->destroy(s);
	G->destroy(t);
	G->destroy(u);
}

/*
 * Lane's match: each game's winner books the excess of his men as gains
 * and leads the next game; the first to 60 wins.  Set-up endings first,
 * then a whole match of random moves checked against one-game states.
 */
static void
test_mankalah_match_setups(void **state)
{
	struct tbl_state *s = mk("variant=mankalah match_target=60");

	(void)state;
	assert_string_equal(POS(s), "0,0,9,9,9,9/9,9,9,9,0,0 P P:0 Q:0 "
	    "gains=0,0 lead=P");
	/* Q cannot move after a6: P wins 40 to 31, +9, and leads next. */
	setpos(s, "0,0,0,0,0,1/0,0,0,0,0,0 P P:40 Q:31 gains=50,10 lead=Q");
	play(s, "a6");
	assert_string_equal(POS(s), "0,0,9,9,9,9/9,9,9,9,0,0 P P:0 Q:0 "
	    "gains=59,10 lead=P");
	/* Q wins one: Q leads the next game. */
	setpos(s, "0,0,0,0,0,0/1,0,0,0,0,0 Q P:30 Q:41 gains=59,10 lead=P");
	play(s, "b1");
	assert_string_equal(POS(s), "0,0,9,9,9,9/9,9,9,9,0,0 Q P:0 Q:0 "
	    "gains=59,21 lead=Q");
	/* P's 35 to 34 brings him to 60: the match is over. */
	setpos(s, "0,0,0,0,0,1/0,0,0,0,0,0 P P:35 Q:34 gains=59,21 lead=Q");
	play(s, "a6");
	assert_int_equal(G->to_move(s), TBL_END);
	assert_string_equal(POS(s), "0,0,0,0,1,0/0,0,0,0,0,0 Q P:35 Q:34 "
	    "turn=1 gains=60,21 lead=Q over=P");
	assert_string_equal(result_of(s), "P wins the match, gains 60 to 21 "
	    "(target 60)");
	G->destroy(s);
}

/* Credits P:n Q:n read from a position string. */
static void
credits_of(const char *pos, unsigned *p, unsigned *q)
{
	const char *a = strstr(pos, " P:"), *b = strstr(pos, " Q:");

	assert_non_null(a);
	assert_non_null(b);
	*p = (unsigned)strtoul(a + 3, NULL, 10);
	*q = (unsigned)strtoul(b + 3, NULL, 10);
}

static void
test_mankalah_full_match(void **state)
{
	struct tbl_state *m = mk("variant=mankalah match_target=60");
	struct tbl_state *one = mk("variant=mankalah");
	unsigned gp = 0, gq = 0, games = 0;
	char lead = 'P', expect[512];

	(void)state;
	rng_state = 0x2545F4914F6CDD1DULL;
	while (G->to_move(m) != TBL_END) {
		tbl_move mv[64];
		int n = G->legal_moves(m, mv, 64), k;
		char pos[8192];

		assert_true(n > 0);
		k = (int)(rnd() % (uint64_t)n);
		assert_int_equal(G->apply(m, mv[k]), 0);
		assert_int_equal(G->apply(one, mv[k]), 0);
		if (G->to_move(one) != TBL_END)
			continue;
		/* A game ended: the match books its winner's excess. */
		{
			unsigned cp, cq, want_p, want_q;
			char *cut;

			credits_of(POS(one), &cp, &cq);
			want_p = gp + (cp > cq ? cp - cq : 0);
			want_q = gq + (cq > cp ? cq - cp : 0);
			games++;
			snprintf(pos, sizeof pos, "%s", POS(m));
			if (want_p >= 60 || want_q >= 60) {
				char buf[64];

				snprintf(buf, sizeof buf, " gains=%u,%u ", want_p,
				    want_q);
				assert_non_null(strstr(pos, buf));
				assert_int_equal(G->to_move(m), TBL_END);
				assert_non_null(strstr(result_of(m),
				    want_p >= 60 ? "P wins the match" :
				    "Q wins the match"));
				break;
			}
			/*
			 * The next game: the wise start, led by the winner
			 * (by the same player after a draw).
			 */
			lead = cp > cq ? 'P' : cq > cp ? 'Q' : lead;
			snprintf(expect, sizeof expect, "0,0,9,9,9,9/"
			    "9,9,9,9,0,0 %c P:0 Q:0 gains=%u,%u lead=%c", lead,
			    want_p, want_q, lead);
			assert_string_equal(pos, expect);
			gp = want_p;
			gq = want_q;
			cut = strstr(pos, " gains=");
			*cut = '\0';
			setpos(one, pos);
		}
	}
	assert_int_equal(G->to_move(m), TBL_END);
	assert_true(games >= 2);
	G->destroy(m);
	G->destroy(one);
}

/*
 * The ignorants: four a hole, then the other 24 men dealt one at a time
 * at chance points (never making the board equal), then the leader
 * accepts the board or turns it round, then leads.
 */
static void
test_mankalah_ignorants(void **state)
{
	struct tbl_state *s = mk("variant=mankalah setup=ignorants");
	tbl_move out[64];
	double prob[64];
	int n, i;

	(void)state;
	assert_string_equal(POS(s), "4,4,4,4,4,4/4,4,4,4,4,4 P P:0 Q:0 "
	    "deal=24");
	assert_int_equal(G->to_move(s), TBL_CHANCE);
	assert_int_equal(G->legal_moves(s, out, 64), 0);
	n = G->chance_outcomes(s, out, prob, 64);
	assert_int_equal(n, 12);
	for (i = 0; i < n; i++)
		assert_true(prob[i] > 0.0833 && prob[i] < 0.0834);
	deal(s, "+a3");
	assert_string_equal(POS(s), "4,4,5,4,4,4/4,4,4,4,4,4 P P:0 Q:0 "
	    "deal=23");
	/* The last man may not make the board equal. */
	setpos(s, "6,6,6,6,6,6/6,6,6,6,6,5 P deal=1");
	n = G->chance_outcomes(s, out, prob, 64);
	assert_int_equal(n, 11);
	for (i = 0; i < n; i++)
		assert_true(out[i] != (0x300u | 11));
	assert_int_equal(G->apply(s, 0x300u | 11), -1);
	deal(s, "+a1");
	assert_string_equal(POS(s), "7,6,6,6,6,6/6,6,6,6,6,5 P P:0 Q:0 "
	    "choice=board");
	assert_string_equal(moves_of(s), "accept turn");
	play(s, "turn");
	assert_string_equal(POS(s), "5,6,6,6,6,6/6,6,6,6,6,7 P P:0 Q:0");
	assert_string_equal(moves_of(s), "a1 a2 a3 a4 a5 a6");
	setpos(s, "7,6,6,6,6,6/6,6,6,6,6,5 P choice=board");
	play(s, "accept");
	assert_string_equal(POS(s), "7,6,6,6,6,6/6,6,6,6,6,5 P P:0 Q:0");
	G->destroy(s);
}

/* ---- Mangala and Gabatta -------------------------------------------- */

static void
test_mangala(void **state)
{
	struct tbl_state *s = mk("variant=mangala");

	(void)state;
	/* 2 x 7, seven a hole. */
	assert_string_equal(POS(s), "7,7,7,7,7,7,7/7,7,7,7,7,7,7 P P:0 Q:0");
	G->destroy(s);
	s = mk("variant=mangala seeds=1");
	assert_string_equal(POS(s), "1,1,1,1,1,1,1/1,1,1,1,1,1,1 P P:0 Q:0");
	G->destroy(s);
	/* Mankal'ah's takes: b7 ends in a7 making 2, with b7 emptied. */
	s = mk("variant=mangala");
	setpos(s, "0,0,0,0,0,0,1/0,0,0,0,0,0,1 Q");
	assert_string_equal(play(s, "b7"), "b7:1 xa7+b7:2 |a7");
	G->destroy(s);
}

/*
 * Gabatta (our reconstruction): 3 x 6, three a hole; P sows round rows b
 * and a, Q round b and c, the middle row in opposite directions; either
 * may start from the middle row; Annana's takes, a four formed in
 * passing in the shared row going to the mover.
 */
static void
test_gabatta(void **state)
{
	struct tbl_state *s = mk("variant=gabatta");

	(void)state;
	assert_string_equal(POS(s), "3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 P "
	    "P:0 Q:0");
	assert_string_equal(moves_of(s), "a1 a2 a3 a4 a5 a6 b1 b2 b3 b4 b5 "
	    "b6");
	/*
	 * P: b5 -> b6, a6, a5: fours in passing in b6 (the shared row: to
	 * the mover) and a6 (P's row), and the last man's four in a5.
	 */
	assert_string_equal(play(s, "b5"), "b5:3 !b6>P !a6>P xa5:4 |a5");
	assert_string_equal(POS(s), "3,3,3,3,0,0/3,3,3,3,0,0/3,3,3,3,3,3 Q "
	    "P:12 Q:0 turn=1");
	assert_string_equal(moves_of(s), "b1 b2 b3 b4 c1 c2 c3 c4 c5 c6");
	/* Q: b2 -> b1, c1, c2, the other way along the middle row. */
	assert_string_equal(play(s, "b2"), "b2:3 !b1>Q !c1>Q xc2:4 |c2");
	assert_string_equal(POS(s), "3,3,3,3,0,0/0,0,3,3,0,0/0,0,3,3,3,3 P "
	    "P:12 Q:12 turn=2");
	G->destroy(s);
}

/*
 * narrate() (ABI 1.3): what a move does, told by the engine that plays
 * it.  Wagner's record (the same laps as test_annana_record), a four
 * formed in passing, Gabatta's fours and take, Mankal'ah's take with the
 * facing hole and its chain, the end of the game.
 */
static void
test_narrate_rows(void **state)
{
	struct tbl_state *s = mk("variant=annana");

	(void)state;
	assert_string_equal(fake_narrate(G, s, "b5"), "b5: 5 laps, relayed "
	    "at a4, b2, a6 and b1; the last man fell into empty a6");
	play(s, "b5");
	assert_string_equal(fake_narrate(G, s, "a1"), "a1: 3 laps, relayed "
	    "at b6 and b2; the last man made four at b5 and took it");
	/* Narrating does not play: the position is as it was. */
	assert_string_equal(POS(s), "6,6,6,1,6,1/0,1,6,6,2,7 P P:0 Q:0 "
	    "turn=1");
	setpos(s, "1,0,0,0,0,3/0,0,0,0,3,0 Q");
	assert_string_equal(fake_narrate(G, s, "b5"), "b5: 1 lap; the last "
	    "man fell into empty a5; a four formed in passing at a6 went to P");
	setpos(s, "0,0,0,0,0,0/0,0,0,0,1,0 Q P:20 Q:24");
	assert_string_equal(fake_narrate(G, s, "b5"), "b5: 1 lap; the last "
	    "man fell into empty b6; the game is over: Q wins");
	G->destroy(s);
	s = mk("variant=gabatta");
	assert_string_equal(fake_narrate(G, s, "b5"), "b5: 1 lap; the last "
	    "man made four at a5 and took it; a four formed in passing at b6 "
	    "went to P; a four formed in passing at a6 went to P");
	G->destroy(s);
	s = mk("variant=mankalah");
	setpos(s, "0,1,1,0,1,0/0,3,0,3,0,1 P P:29 Q:33 turn=24");
	assert_string_equal(fake_narrate(G, s, "a3"), "a3: 1 lap; the last "
	    "man made two at a2 and took it with b2 (5 men in all)");
	/* The chain: a4 made two in passing, then a3 by the last man. */
	setpos(s, "0,0,1,1,2,0/0,0,3,1,0,5 P");
	assert_string_equal(fake_narrate(G, s, "a5"), "a5: 1 lap; the last "
	    "man made two at a3 and took it with b3, then the two at a4 with "
	    "b4 (8 men in all)");
	G->destroy(s);
}

/* ---- options and errors --------------------------------------------- */

static void
test_rows_options(void **state)
{
	char err[TBL_ERRLEN];
	struct tbl_state *s;

	(void)state;
	assert_null(fake_try_create(G, "variant=hus rows=2", err,
	    sizeof err));
	assert_non_null(strstr(err, "need four rows"));
	assert_null(fake_try_create(G, "variant=gabatta setup=wise", err,
	    sizeof err));
	assert_non_null(strstr(err, "two rows"));
	s = mk("variant=annana");
	assert_int_equal(G->set_position(s, "4,4,4,4,4,4/4,4,4,4,4,4 Q deal=3",
	    err, sizeof err), -1);
	assert_non_null(strstr(err, "setup=ignorants"));
	assert_int_equal(G->set_position(s, "4,4,4,4,4,4/4,4,4,4,4,4 Q "
	    "gains=1,2", err, sizeof err), -1);
	assert_non_null(strstr(err, "match_target is 0"));
	assert_int_equal(G->set_position(s, "4,4,4,4,4,4/4,4,4,4 Q", err,
	    sizeof err), -1);
	assert_non_null(strstr(err, "row b has 4 holes, expected 6"));
	G->destroy(s);
	s = mk("variant=mankalah match_target=60");
	assert_int_equal(G->set_position(s, "0,0,9,9,9,9/9,9,9,9,0,0 P "
	    "gains=60,0", err, sizeof err), -1);
	assert_non_null(strstr(err, "the match is over"));
	G->destroy(s);
	/* Rendering of two and three rows. */
	s = mk("variant=gabatta");
	{
		char buf[1024];

		G->render(s, buf, sizeof buf);
		assert_string_equal(buf,
		    "      1  2  3  4  5  6\n"
		    "P a   3  3  3  3  3  3\n"
		    "    ------------------\n"
		    "* b   3  3  3  3  3  3\n"
		    "    ------------------\n"
		    "Q c   3  3  3  3  3  3\n"
		    "Men on the board: P 18, Q 18.  Taken: P 0, Q 0.\n");
	}
	G->destroy(s);
}

/*
 * Every rule the variants differ on is its own option (the spec: "so a
 * user can mix them").  The two-row rules one at a time, against the
 * variant's default on the same position.
 */
static void
test_rows_mixing(void **state)
{
	struct tbl_state *s;

	(void)state;
	/* take_opposite: Q's last man makes four in b6; Annana takes the
	 * four alone, take_opposite=yes the facing a6 as well. */
	s = mk("variant=annana");
	setpos(s, "1,0,0,0,0,2/0,0,0,0,1,3 Q");
	play(s, "b5");
	assert_string_equal(POS(s), "1,0,0,0,0,2/0,0,0,0,0,0 P P:0 Q:4 "
	    "turn=1");
	G->destroy(s);
	s = mk("variant=annana take_opposite=yes");
	setpos(s, "1,0,0,0,0,2/0,0,0,0,1,3 Q");
	play(s, "b5");
	assert_string_equal(POS(s), "1,0,0,0,0,0/0,0,0,0,0,0 P P:0 Q:6 "
	    "turn=1");
	G->destroy(s);
	/* take: a last man making two sows on in Annana (relay: b6's two
	 * into a6 and a5, empty) and is taken under take=two_four. */
	s = mk("variant=annana");
	setpos(s, "1,0,0,0,0,0/0,0,0,0,1,1 Q");
	play(s, "b5");
	assert_string_equal(POS(s), "1,0,0,0,1,1/0,0,0,0,0,0 P P:0 Q:0 "
	    "turn=1");
	G->destroy(s);
	s = mk("variant=annana take=two_four");
	setpos(s, "1,0,0,0,0,0/0,0,0,0,1,1 Q");
	play(s, "b5");
	assert_string_equal(POS(s), "1,0,0,0,0,0/0,0,0,0,0,0 P P:0 Q:2 "
	    "turn=1");
	G->destroy(s);
	/* passing: Mankal'ah takes only at the end of a move, so the four
	 * Q makes in passing in b4 stays; passing=yes gives it to Q, the
	 * owner of the row. */
	s = mk("variant=mankalah");
	setpos(s, "1,0,0,0,0,0/0,0,3,3,0,0 Q");
	play(s, "b3");
	assert_string_equal(POS(s), "1,0,0,0,0,0/0,0,0,4,1,1 P P:0 Q:0 "
	    "turn=1");
	G->destroy(s);
	s = mk("variant=mankalah passing=yes");
	setpos(s, "1,0,0,0,0,0/0,0,3,3,0,0 Q");
	play(s, "b3");
	assert_string_equal(POS(s), "1,0,0,0,0,0/0,0,0,0,1,1 P P:0 Q:4 "
	    "turn=1");
	G->destroy(s);
}

/* Random games of every new variant: positions round-trip, moves parse. */
static void
test_rows_round_trip(void **state)
{
	static const char *const variants[] = {
		"variant=annana", "variant=mankalah",
		"variant=mankalah setup=wise_ends chain=both",
		"variant=mankalah setup=ignorants match_target=30",
		"variant=mangala", "variant=gabatta",
		"variant=gabatta stuck=pass skip_start=yes",
	};
	size_t v;

	(void)state;
	for (v = 0; v < sizeof variants / sizeof variants[0]; v++) {
		int game;

		for (game = 0; game < 20; game++) {
			struct tbl_state *s = mk(variants[v]);
			struct tbl_state *t = mk(variants[v]);

			while (G->to_move(s) != TBL_END) {
				tbl_move mv[64];
				int n, i;
				char a[8192];

				snprintf(a, sizeof a, "%s", POS(s));
				setpos(t, a);
				assert_string_equal(POS(t), a);
				if (G->to_move(s) == TBL_CHANCE)
					n = G->chance_outcomes(s, mv, NULL, 64);
				else
					n = G->legal_moves(s, mv, 64);
				assert_true(n > 0);
				for (i = 0; i < n; i++) {
					char txt[32], err[TBL_ERRLEN];
					tbl_move m;
					size_t used;

					G->format_move(s, mv[i], txt, sizeof txt);
					assert_int_equal(G->parse_move(s, txt, &m,
					    &used, err, sizeof err), 0);
					assert_int_equal(m, mv[i]);
				}
				i = (int)(rnd() % (uint64_t)n);
				assert_int_equal(G->apply(s, mv[i]), 0);
			}
			G->destroy(s);
			G->destroy(t);
		}
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_annana_record),
		cmocka_unit_test(test_annana_aliases),
		cmocka_unit_test(test_annana_passing),
		cmocka_unit_test(test_annana_end),
		cmocka_unit_test(test_mankalah_setups),
		cmocka_unit_test(test_mankalah_chain),
		cmocka_unit_test(test_mankalah_chain_sides),
		cmocka_unit_test(test_mankalah_match_setups),
		cmocka_unit_test(test_mankalah_full_match),
		cmocka_unit_test(test_mankalah_ignorants),
		cmocka_unit_test(test_mangala),
		cmocka_unit_test(test_gabatta),
		cmocka_unit_test(test_narrate_rows),
		cmocka_unit_test(test_rows_options),
		cmocka_unit_test(test_rows_mixing),
		cmocka_unit_test(test_rows_round_trip),
	};

	return cmocka_run_group_tests(tests, group_setup, NULL);
}
