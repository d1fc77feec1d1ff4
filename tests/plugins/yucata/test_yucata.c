/*
 * test_yucata.c - unit tests of the Yucata' plugin, driven through its
 * descriptor and the fake host.  Every rule is checked by setting up a
 * position, playing, and comparing the resulting position string.
 *
 * The default layout, spaces 5-39 (dark on 8 12 15 19 23 26 30 33 36,
 * red on 39):
 *
 *	pppdpppdppdpppdpppdppdpppdppdppdppr
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fakehost.h"

#define L0 "pppdpppdppdpppdpppdppdpppdppdppdppr"
#define FULL "12345k?"

static const struct tbl_game *g;

/* Create, set a position, and return the state (fails on errors). */
static struct tbl_state *
setup_pos(const char *opts, const char *pos)
{
	struct tbl_state *s = fake_setup(g, opts, pos);

	assert_string_equal(fake_position(g, s), pos);
	return s;
}

/* Play a line of moves, failing the test on an error. */
static void
play(struct tbl_state *s, const char *moves)
{
	fake_must_play(g, s, moves);
}

/* The legal moves as text, "1 2 3 knife ?". */
static const char *
legal_text(const struct tbl_state *s)
{
	return fake_moves(g, s);
}

/* Expect set_position to fail with a message containing `want`. */
static void
setup_fails(const char *opts, const char *pos, const char *want)
{
	struct tbl_state *s = fake_create(g, opts);
	char err[TBL_ERRLEN] = "", before[512];

	g->get_position(s, before, sizeof before);
	assert_int_equal(g->set_position(s, pos, err, sizeof err), -1);
	if (strstr(err, want) == NULL)
		fail_msg("error '%s' lacks '%s'", err, want);
	assert_string_equal(fake_position(g, s), before);
	g->destroy(s);
}

/* Expect create to fail with a message containing `want`. */
static void
create_fails(const char *opts, const char *want)
{
	char err[TBL_ERRLEN] = "";

	assert_null(fake_try_create(g, opts, err, sizeof err));
	if (strstr(err, want) == NULL)
		fail_msg("error '%s' lacks '%s'", err, want);
}

/* ---- start and numbers ------------------------------------------------ */

static void
test_start(void **st)
{
	struct tbl_state *s;

	(void)st;
	s = fake_create(g, NULL);
	assert_string_equal(fake_position(g, s), L0 " 0," FULL ",-,0:0:0 0,"
	    FULL ",-,0:0:0 1");
	assert_int_equal(g->players(s), 2);
	assert_int_equal(g->to_move(s), 0);
	/* first_question = forbidden: no ? as the first card. */
	assert_string_equal(legal_text(s), "1 2 3 4 5 knife");
	g->destroy(s);
	s = fake_create(g, "players=4 first=3");
	assert_int_equal(g->players(s), 4);
	assert_int_equal(g->to_move(s), 2);
	assert_string_equal(fake_position(g, s), L0 " 0," FULL ",-,0:0:0 0,"
	    FULL ",-,0:0:0 0," FULL ",-,0:0:0 0," FULL ",-,0:0:0 3");
	g->destroy(s);
	create_fails("players=2 first=3", "first = 3");
}

/* Stones are taken when reached or passed; only beyond the leader. */
static void
test_numbers_take_stones(void **st)
{
	struct tbl_state *s = fake_create(g, NULL);

	(void)st;
	play(s, "5");		/* P1 reaches space 5 and takes its pale stone */
	assert_string_equal(fake_position(g, s), ".ppdpppdppdpppdpppdppdpppdppdppdppr "
	    "5,1234k?,5,1:0:0 0," FULL ",-,0:0:0 2");
	play(s, "4");		/* P2 stays behind the leader: nothing */
	assert_string_equal(fake_position(g, s), ".ppdpppdppdpppdpppdppdpppdppdppdppr "
	    "5,1234k?,5,1:0:0 4,1235k?,4,0:0:0 1");
	/* P1 may not repeat P2's 4; 3 passes 6 and 7 and reaches 8. */
	assert_string_equal(legal_text(s), "1 2 3 knife ?");
	play(s, "3");
	assert_string_equal(fake_position(g, s), "....pppdppdpppdpppdppdpppdppdppdppr "
	    "8,124k?,3,3:1:0 4,1235k?,4,0:0:0 2");
	/* P2 overtakes with 5 (4 -> 9): takes only space 9. */
	play(s, "5");
	assert_string_equal(fake_position(g, s), ".....ppdppdpppdpppdppdpppdppdppdppr "
	    "8,124k?,3,3:1:0 9,123k?,5,1:0:0 1");
	g->destroy(s);
}

/* A leader with 5 takes five stones at once, in their colours. */
static void
test_take_several(void **st)
{
	struct tbl_state *s;

	(void)st;
	/* P1 leads on 10 (5-10 taken: 5 pale, 1 dark); 11 p 12 d 13 p 14 p
	 * 15 d lie ahead. */
	s = setup_pos(NULL, "......pdppdpppdpppdppdpppdppdppdppr "
	    "10,12345?,k,4:1:0 7,1245k?,3,1:0:0 1");
	play(s, "5");
	assert_string_equal(fake_position(g, s), "...........pppdpppdppdpppdppdppdppr "
	    "15,1234?,5,7:3:0 7,1245k?,3,1:0:0 2");
	g->destroy(s);
}

/* ---- knife ---------------------------------------------------------- */

static void
test_knife_leader(void **st)
{
	struct tbl_state *s;

	(void)st;
	s = setup_pos(NULL, "......pdppdpppdpppdppdpppdppdppdppr "
	    "10,234k?,1,4:1:0 7,1234k?,5,1:0:0 1");
	/* The leader's knife moves one space and takes the stone on 11. */
	play(s, "knife");
	assert_string_equal(fake_position(g, s), ".......dppdpppdpppdppdpppdppdppdppr "
	    "11,234?,k,5:1:0 7,1234k?,5,1:0:0 2");
	g->destroy(s);
}

static void
test_knife_follower_crowded(void **st)
{
	struct tbl_state *s;

	(void)st;
	/* P1 and P3 share the lead on 12; P2 on 6 plays the knife and lands
	 * on 13, just in front of them, taking its pale stone. */
	s = setup_pos("players=3", "........ppdpppdpppdppdpppdppdppdppr "
	    "12,1235k?,4,4:1:0 6,1234k?,5,0:0:0 12,1245k?,3,2:1:0 2");
	assert_string_equal(legal_text(s), "1 2 3 knife ?");
	play(s, "k");
	assert_string_equal(fake_position(g, s), ".........pdpppdpppdppdpppdppdppdppr "
	    "12,1235k?,4,4:1:0 13,1234?,k,1:0:0 12,1245k?,3,2:1:0 3");
	/* P3, now a follower, may not repeat the knife; its ? acts as one
	 * and lands on 14, in front of P2. */
	assert_string_equal(legal_text(s), "1 2 4 5 ?");
	play(s, "?");
	assert_string_equal(fake_position(g, s), "..........dpppdpppdppdpppdppdppdppr "
	    "12,1235k?,4,4:1:0 13,1234?,k,1:0:0 14,1245k,?k,3:1:0 1");
	g->destroy(s);
}

/* ---- question mark -------------------------------------------------- */

static void
test_question_copies_number(void **st)
{
	struct tbl_state *s = fake_create(g, NULL);

	(void)st;
	play(s, "3 ?");		/* P2's ? acts as P1's 3 */
	assert_string_equal(fake_position(g, s), L0 " 3,1245k?,3,0:0:0 "
	    "3,12345k,?3,0:0:0 1");
	/* P1 may not answer ? with ?; a 3 is fine (a different card). */
	assert_string_equal(legal_text(s), "1 2 4 5 knife");
	g->destroy(s);
}

static void
test_question_copies_knife(void **st)
{
	struct tbl_state *s;

	(void)st;
	s = setup_pos(NULL, "......pdppdpppdpppdppdpppdppdppdppr "
	    "10,234k?,1,4:1:0 7,1234k?,5,1:0:0 1");
	play(s, "knife");	/* P1 leads: one space, to 11 */
	/* P2's ? acts as a knife judged now: from 7 to 12, not one space. */
	play(s, "?");
	assert_string_equal(fake_position(g, s), "........ppdpppdpppdppdpppdppdppdppr "
	    "11,234?,k,5:1:0 12,1234k,?k,1:1:0 1");
	/* P1 may not repeat the ?. */
	assert_string_equal(legal_text(s), "2 3 4");
	g->destroy(s);
}

static void
test_question_after_question(void **st)
{
	struct tbl_state *s;

	(void)st;
	/* P1's ? acted as a knife; P2's last card is a ?, which the
	 * last-card exception lets it play: it acts as a knife too. */
	s = setup_pos(NULL, "........ppdpppdpppdppdpppdppdppdppr "
	    "12,12345k,?k,5:2:0 9,?,3,1:0:0 2");
	assert_string_equal(legal_text(s), "?");
	play(s, "?");
	/* 9 -> 13 (in front of the leader); the hand is picked up again. */
	assert_string_equal(fake_position(g, s), ".........pdpppdpppdppdpppdppdppdppr "
	    "12,12345k,?k,5:2:0 13," FULL ",?k,2:0:0 1");
	g->destroy(s);
	/* A ? that acted as a 4 makes the next ? a 4. */
	s = setup_pos(NULL, "........ppdpppdpppdppdpppdppdppdppr "
	    "12,12345k,?4,5:2:0 9,?,3,1:0:0 2");
	play(s, "?");
	assert_string_equal(fake_position(g, s), ".........pdpppdpppdppdpppdppdppdppr "
	    "12,12345k,?4,5:2:0 13," FULL ",?4,2:0:0 1");
	g->destroy(s);
}

static void
test_first_question(void **st)
{
	struct tbl_state *s;

	(void)st;
	s = fake_create(g, "first_question=one");
	assert_string_equal(legal_text(s), "1 2 3 4 5 knife ?");
	play(s, "?");
	assert_string_equal(fake_position(g, s), L0 " 1,12345k,?1,0:0:0 0,"
	    FULL ",-,0:0:0 2");
	g->destroy(s);
	s = fake_create(g, "first_question=zero");
	play(s, "? 2");
	assert_string_equal(fake_position(g, s), L0 " 0,12345k,?0,0:0:0 2,"
	    "1345k?,2,0:0:0 1");
	g->destroy(s);
	/* ?0 is only possible under first_question = zero. */
	setup_fails(NULL, L0 " 0,12345k,?0,0:0:0 0," FULL ",-,0:0:0 2",
	    "first_question = zero");
	/* With zero, a ? answering a first ? (last card) moves nothing. */
	s = setup_pos("first_question=zero", L0 " 0,12345k,?0,0:0:0 3,?,3,0:0:0 2");
	play(s, "?");
	assert_string_equal(fake_position(g, s), L0 " 0,12345k,?0,0:0:0 3,"
	    FULL ",?0,0:0:0 1");
	g->destroy(s);
}

/* ---- the card rules ------------------------------------------------- */

static void
test_no_repeat(void **st)
{
	struct tbl_state *s = fake_create(g, NULL);
	char before[512];

	(void)st;
	play(s, "3");
	assert_string_equal(legal_text(s), "1 2 4 5 knife ?");
	g->get_position(s, before, sizeof before);
	assert_int_equal(g->apply(s, 3), -1);
	assert_string_equal(fake_position(g, s), before);
	g->destroy(s);
}

static void
test_last_card_exception(void **st)
{
	struct tbl_state *s;

	(void)st;
	/* P2 holds only the 3 that P1 just played: it may play it. */
	s = setup_pos(NULL, "......pdppdpppdpppdppdpppdppdppdppr "
	    "10,1245k?,3,5:1:0 6,3,1,0:0:0 2");
	assert_string_equal(legal_text(s), "3");
	play(s, "3");
	assert_string_equal(fake_position(g, s), "......pdppdpppdpppdppdpppdppdppdppr "
	    "10,1245k?,3,5:1:0 9," FULL ",3,0:0:0 1");
	/* Two cards left, one of them the previous card: only the other. */
	g->destroy(s);
	s = setup_pos(NULL, "......pdppdpppdpppdppdpppdppdppdppr "
	    "10,1245k?,3,5:1:0 6,3?,1,0:0:0 2");
	assert_string_equal(legal_text(s), "?");
	g->destroy(s);
}

static void
test_pick_up_after_seven(void **st)
{
	struct tbl_state *s = fake_create(g, NULL);

	(void)st;
	/* Each player plays six cards and keeps the ?. */
	play(s, "1 3 2 4 3 5 4 knife 5 1 knife 2");
	assert_string_equal(fake_position(g, s), "............ppdpppdppdpppdppdppdppr "
	    "16,?,k,2:1:0 16,?,2,7:2:0 1");
	/* P1's seventh card acts as P2's 2 (16 -> 18, two pale stones) and
	 * brings all seven back to the hand. */
	play(s, "?");
	assert_string_equal(fake_position(g, s), "..............dpppdppdpppdppdppdppr "
	    "18," FULL ",?2,4:1:0 16,?,2,7:2:0 2");
	/* P2's last card is the ? P1 just played: allowed as the last. */
	assert_string_equal(legal_text(s), "?");
	play(s, "?");
	assert_string_equal(fake_position(g, s), "..............dpppdppdpppdppdppdppr "
	    "18," FULL ",?2,4:1:0 18," FULL ",?2,7:2:0 1");
	/* With a full hand again, P1 still may not repeat P2's ?. */
	assert_string_equal(legal_text(s), "1 2 3 4 5 knife");
	g->destroy(s);
}

/* ---- the end and the score ------------------------------------------ */

static void
test_game_end(void **st)
{
	struct tbl_state *s;
	double r[2];
	char buf[256];

	(void)st;
	/* Two stones left (38 p, 39 r); P2 from 35 plays 5: capped at 39. */
	s = setup_pos(NULL, ".................................pr "
	    "37,12345?,k,16:5:0 35,12345?,k,8:4:0 2");
	assert_int_equal(g->result(s, r), -1);
	play(s, "5");
	assert_string_equal(fake_position(g, s), "................................... "
	    "37,12345?,k,16:5:0 39,1234?,5,9:4:1 end");
	assert_int_equal(g->to_move(s), TBL_END);
	assert_int_equal(g->legal_moves(s, NULL, 0), 0);
	/* P1: 16 - 15 = 1; P2: red cancels a dark, 9 - 6 = 3. */
	assert_int_equal(g->result(s, r), 0);
	assert_true(r[0] == 0.0 && r[1] == 1.0);
	g->describe_result(s, buf, sizeof buf);
	assert_string_equal(buf, "P2 wins with 3 (P1 1)");
	g->destroy(s);
}

/* Set an end position and compare the description of the result. */
static void
check_end(const char *opts, const char *pos, const char *want, double r0,
    double r1)
{
	struct tbl_state *s = setup_pos(opts, pos);
	double r[4];
	char buf[256];

	assert_int_equal(g->result(s, r), 0);
	g->describe_result(s, buf, sizeof buf);
	assert_string_equal(buf, want);
	assert_true(r[0] == r0 && r[1] == r1);
	g->destroy(s);
}

#define DONE "..................................."

static void
test_scoring(void **st)
{
	(void)st;
	/* Red with blue: P1 keeps 2 dark (cost 3), 12 - 3 = 9; P2 pays 21. */
	check_end(NULL, DONE " 39,1234k?,5,12:3:1 30,1234k?,5,13:6:0 end",
	    "P1 wins with 9 (P2 -8)", 1, 0);
	check_end("shortfall=zero", DONE " 39,1234k?,5,12:3:1 30,1234k?,5,"
	    "13:6:0 end", "P1 wins with 9 (P2 0)", 1, 0);
	/* Red without blue does nothing: 10 against 15 - 45. */
	check_end(NULL, DONE " 39,1234k?,5,10:0:1 30,1234k?,5,15:9:0 end",
	    "P1 wins with 10 (P2 -30)", 1, 0);
	/* Four dark stones cost 10 pale: P1 20 - 10 = 10; P2 (5 dark, red)
	 * keeps 4 and pays 10 too: 5 - 10. */
	check_end(NULL, DONE " 39,1234k?,5,20:4:0 30,1234k?,5,5:5:1 end",
	    "P1 wins with 10 (P2 -5)", 1, 0);
	/* A tie at 2: P1 8 - 6 (3 dark), P2 17 - 15 (6 dark, red). */
	check_end(NULL, DONE " 39,1234k?,5,8:3:0 30,1234k?,5,17:6:1 end",
	    "P1 and P2 share the win with 2", 0.5, 0.5);
	check_end("ties=fewer_dark", DONE " 39,1234k?,5,8:3:0 30,1234k?,5,"
	    "17:6:1 end", "P1 wins with 2 (P2 2)", 1, 0);
	/* P1 5 - 15 stops at 0; P2 20 - 6 (3 dark after red). */
	check_end("shortfall=zero", DONE " 39,1234k?,5,5:5:0 30,1234k?,5,"
	    "20:4:1 end", "P2 wins with 14 (P1 0)", 0, 1);
	/* All nine dark stones: 25 - 45.  Under zero, 0 ties P2's 0. */
	check_end(NULL, DONE " 39,1234k?,5,25:9:0 30,1234k?,5,0:0:1 end",
	    "P2 wins with 0 (P1 -20)", 0, 1);
	check_end("shortfall=zero", DONE " 39,1234k?,5,25:9:0 30,1234k?,5,"
	    "0:0:1 end", "P1 and P2 share the win with 0", 0.5, 0.5);
	check_end("shortfall=zero ties=fewer_dark", DONE " 39,1234k?,5,"
	    "25:9:0 30,1234k?,5,0:0:1 end", "P2 wins with 0 (P1 0)", 0, 1);
	check_end(NULL, DONE " 39,1234k?,5,5:4:1 30,1234k?,5,20:5:0 end",
	    "P2 wins with 5 (P1 -1)", 0, 1);
	check_end("shortfall=zero", DONE " 30,1234k?,5,1:4:1 39,1234k?,5,"
	    "24:5:0 end", "P2 wins with 9 (P1 0)", 0, 1);
	check_end("shortfall=zero", DONE " 30,1234k?,5,3:3:0 39,1234k?,5,"
	    "22:6:1 end", "P2 wins with 7 (P1 0)", 0, 1);
}

static void
test_ties_three(void **st)
{
	struct tbl_state *s;
	double r[3];
	char buf[256];

	(void)st;
	s = setup_pos("players=3 shortfall=zero", DONE " 39,1234k?,5,3:3:1 "
	    "30,1234k?,5,3:2:0 31,1234k?,5,19:4:0 end");
	g->result(s, r);
	g->describe_result(s, buf, sizeof buf);
	/* P1 keeps 2 of 3 dark (red): 3 - 3 = 0; P2 3 - 3 = 0; P3 19 - 10. */
	assert_string_equal(buf, "P3 wins with 9 (P1 0, P2 0)");
	g->destroy(s);
	s = setup_pos("players=3 shortfall=zero ties=fewer_dark", DONE
	    " 39,1234k?,5,2:5:1 30,1234k?,5,4:4:0 31,1234k?,5,19:0:0 end");
	/* P1 2 - 10 -> 0 (4 dark), P2 4 - 10 -> 0 (4 dark), P3 19. */
	g->describe_result(s, buf, sizeof buf);
	assert_string_equal(buf, "P3 wins with 19 (P1 0, P2 0)");
	g->destroy(s);
	s = setup_pos("players=3", DONE " 39,1234k?,5,10:3:1 30,1234k?,5,"
	    "10:3:0 31,1234k?,5,5:3:0 end");
	/* 10 - 3 = 7, 10 - 6 = 4, 5 - 6 = -1. */
	g->describe_result(s, buf, sizeof buf);
	assert_string_equal(buf, "P1 wins with 7 (P2 4, P3 -1)");
	g->destroy(s);
	s = setup_pos("players=3", DONE " 39,1234k?,5,9:3:1 30,1234k?,5,"
	    "12:3:0 31,1234k?,5,4:3:0 end");
	/* 9 - 3 = 6, 12 - 6 = 6, 4 - 6 = -2: P1 and P2 share. */
	g->result(s, r);
	assert_true(r[0] == 0.5 && r[1] == 0.5 && r[2] == 0);
	g->describe_result(s, buf, sizeof buf);
	assert_string_equal(buf, "P1 and P2 share the win with 6 (P3 -2)");
	g->destroy(s);
	s = setup_pos("players=3 ties=fewer_dark", DONE " 39,1234k?,5,9:3:1 "
	    "30,1234k?,5,12:3:0 31,1234k?,5,4:3:0 end");
	/* P1 keeps 2 dark, P2 3: P1 wins the tie. */
	g->result(s, r);
	assert_true(r[0] == 1 && r[1] == 0 && r[2] == 0);
	g->destroy(s);
}

/* ---- layouts -------------------------------------------------------- */

static void
test_layout_rules(void **st)
{
	struct tbl_state *s;

	(void)st;
	/* The dark stone of 36 moved to 38, next to the red stone. */
	create_fails("layout=pppdpppdppdpppdpppdppdpppdppdppdppdr",
	    "layout: 36 stones given, but a layout gives 35");
	/* The dark stone of 36 moved to 38, next to the red stone. */
	create_fails("layout=pppdpppdppdpppdpppdppdpppdppdppppdr",
	    "layout rule 2: the dark stone on space 38 is next to the red "
	    "stone on space 39");
	/* Red in the middle with a dark stone just before it. */
	create_fails("layout=pppdpppdppdpppdpppdpdrpppdppdppdppp",
	    "the dark stone on space 25 is next to the red stone on space 26");
	/* Wrong counts: one pale turned dark. */
	create_fails("layout=dppdpppdppdpppdpppdppdpppdppdppdppr",
	    "layout: 24 pale, 10 dark, 1 red stones");
	create_fails("layout=pppdpppdppdpppdpppdppdpppdppdppdppp",
	    "0 red stones");
	/* Wrong length: 34 and 39 letters (stones on spaces 1-4). */
	create_fails("layout=ppdpppdppdpppdpppdppdpppdppdppdppr",
	    "layout: 34 stones given, but a layout gives 35");
	create_fails("layout=pppppppdpppdppdpppdpppdppdpppdppdppdppr",
	    "layout: 39 stones given");
	create_fails("layout=pppdpppdppdpppdpppdppdpppdppdppdppx",
	    "'x' on space 39 is not a stone");
	create_fails("layout=.ppdpppdppdpppdpppdppdpppdppdppdppr",
	    "space 5 is empty");
	create_fails("layout=nosuchlayout", "layout 'nosuchlayout': no such "
	    "layout (the layouts: tablero (standard), random, centre, pairs; "
	    "or 35 letters p/d/r, or a .layout file)");
	create_fails("layout=a,b", "layout 'a,b'");
	/* Blanks (as an INI value may have them) are ignored. */
	{
		struct tbl_optval v[16];
		char err[TBL_ERRLEN];
		int i;

		memset(v, 0, sizeof v);
		for (i = 0; i < g->noptions; i++) {
			v[i].s = NULL;
			if (strcmp(g->options[i].key, "players") == 0)
				v[i].i = 2;
			if (strcmp(g->options[i].key, "layout") == 0) {
				v[i].s = " pppdp ppdpp dpppd pppdp pdppp dppdp "
				    "pdppr ";
				v[i].set = 1;
			}
		}
		s = g->create(&fake_host, v, 1, err, sizeof err);
		assert_non_null(s);
		assert_string_equal(fake_position(g, s), L0 " 0," FULL
		    ",-,0:0:0 0," FULL ",-,0:0:0 1");
		g->destroy(s);
	}
	/* Capitals are accepted in an inline layout. */
	s = fake_create(g, "layout=PPPDPPPDPPDPPPDPPPDPPDPPPDPPDPPDPPR");
	assert_string_equal(fake_position(g, s), L0 " 0," FULL ",-,0:0:0 0,"
	    FULL ",-,0:0:0 1");
	g->destroy(s);
}

static void
test_layout_inline_and_custom(void **st)
{
	struct tbl_state *s;
	char err[TBL_ERRLEN];

	(void)st;
	/* Red on space 5, a pale stone on 6 before the first dark. */
	s = fake_create(g, "layout=rpdpppdpppdpppdpppdpppdpppdpppdppdp");
	assert_string_equal(fake_position(g, s), "rpdpppdpppdpppdpppdpppdpppdpppdppdp "
	    "0," FULL ",-,0:0:0 0," FULL ",-,0:0:0 1");
	/* P1 plays 5 and takes the red stone. */
	play(s, "5");
	assert_string_equal(fake_position(g, s), ".pdpppdpppdpppdpppdpppdpppdpppdppdp "
	    "5,1234k?,5,0:0:1 0," FULL ",-,0:0:0 2");
	g->destroy(s);
	/* stones = custom: other counts and empty spaces. */
	assert_null(fake_try_create(g, "layout=ppp.pppp.ppppdppppdppppdppppdpppppr",
	    err, sizeof err));
	s = fake_create(g, "stones=custom layout=ppp.pppp.ppppdppppdppppdppppdpppppr");
	assert_string_equal(fake_position(g, s), "ppp.pppp.ppppdppppdppppdppppdpppppr "
	    "0," FULL ",-,0:0:0 0," FULL ",-,0:0:0 1");
	/* P1's ? acts as 5: from 4 to 9 past the empty space 8. */
	play(s, "4 5 ?");
	assert_string_equal(fake_position(g, s), ".....ppp.ppppdppppdppppdppppdpppppr "
	    "9,1235k,?5,3:0:0 5,1234k?,5,1:0:0 2");
	/* A standard position may not hold an empty space beyond the leader,
	 * a custom one may. */
	g->destroy(s);
	setup_fails(NULL, ".....ppp.ppppdppppdppppdppppdpppppr "
	    "9,1235k,?5,3:0:0 5,1234k?,5,1:0:0 2", "space 13 beyond the leader");
	/* Under custom the red/dark rule still holds across empty spaces. */
	create_fails("stones=custom layout=pppdpppdppdpppdpppdppdpppdppdppd..r",
	    "no pale stone between the dark stone on space 36 and the red "
	    "stone on space 39");
	create_fails("stones=custom layout=...................................",
	    "no stones");
	/* A layout with few stones ends as soon as they are all taken. */
	s = fake_create(g, "stones=custom layout=pd.................................");
	play(s, "2 5 4");
	assert_string_equal(fake_position(g, s), "................................... "
	    "6,135k?,4,0:1:0 5,1234k?,5,1:0:0 end");
	assert_int_equal(g->to_move(s), TBL_END);
	g->destroy(s);
}

static void
test_layout_files(void **st)
{
	struct tbl_state *s;
	char opts[512], buf[2048];

	(void)st;
	/* A named layout from conf/yucata. */
	s = fake_create(g, "layout=pairs");
	assert_string_equal(fake_position(g, s), "ppppddpppppddpppppddpppppddppppdppr "
	    "0," FULL ",-,0:0:0 0," FULL ",-,0:0:0 1");
	g->render(s, buf, sizeof buf);
	assert_non_null(strstr(buf, "layout pairs"));
	g->destroy(s);
	s = fake_create(g, "layout=centre");
	assert_string_equal(fake_position(g, s), "ppdpppdpppdppdppprpppdppdppdppdppdp "
	    "0," FULL ",-,0:0:0 0," FULL ",-,0:0:0 1");
	g->destroy(s);
	/* The shipped tablero.layout is the built-in default. */
	snprintf(opts, sizeof opts, "layout=%s/yucata/tablero.layout",
	    TEST_DATA_DIR);
	s = fake_create(g, opts);
	assert_string_equal(fake_position(g, s), L0 " 0," FULL ",-,0:0:0 0,"
	    FULL ",-,0:0:0 1");
	g->destroy(s);
	/* The spec's name of the default, layout = standard, is our
	 * tablero layout (red on space 39). */
	s = fake_create(g, "layout=standard");
	assert_string_equal(fake_position(g, s), L0 " 0," FULL ",-,0:0:0 0,"
	    FULL ",-,0:0:0 1");
	g->destroy(s);
	/* A file path whose layout breaks rule 2. */
	snprintf(opts, sizeof opts, "layout=%s/plugins/yucata/rule2.layout",
	    TEST_SRCDIR);
	create_fails(opts, "rule2.layout: layout rule 2: the dark stone on "
	    "space 6 is next to the red stone on space 5");
	create_fails("layout=/nonexistent/x.layout", "layout file "
	    "/nonexistent/x.layout: cannot open: No such file or directory");
}

/*
 * A layout file read through the host's open_file: a FIFO and a device
 * are refused at once, a file of more than 4095 bytes too, each with the
 * host's reason; a shipped layout comes through open_data.
 */
static void
test_layout_refusals(void **st)
{
	char tmp[] = "/tmp/yucata-refusals.XXXXXX", path[128], opts[160];
	char want[256];
	FILE *f;
	int i;

	(void)st;
	assert_non_null(mkdtemp(tmp));
	snprintf(path, sizeof path, "%s/fifo.layout", tmp);
	assert_int_equal(mkfifo(path, 0600), 0);
	snprintf(opts, sizeof opts, "layout=%s", path);
	snprintf(want, sizeof want, "layout file %s: cannot open: not a "
	    "regular file (a FIFO or a device?)", path);
	create_fails(opts, want);
	unlink(path);
	create_fails("layout=/dev/zero", "layout file /dev/zero: cannot "
	    "open: not a regular file (a FIFO or a device?)");
	snprintf(path, sizeof path, "%s/big.layout", tmp);
	assert_non_null(f = fopen(path, "w"));
	for (i = 0; i < 4096; i++)
		fputc('#', f);
	fclose(f);
	snprintf(opts, sizeof opts, "layout=%s", path);
	snprintf(want, sizeof want, "layout file %s: cannot open: larger "
	    "than 4095 bytes", path);
	create_fails(opts, want);
	unlink(path);
	assert_int_equal(rmdir(tmp), 0);
	snprintf(opts, sizeof opts, "layout=pairs");
	g->destroy(fake_create(g, opts));
}

static void
test_random_layout(void **st)
{
	struct tbl_state *s = fake_create(g, "layout=random first=random");
	tbl_move m[64];
	double p[64], sum = 0;
	int n, i, k;
	char buf[32];

	(void)st;
	assert_int_equal(g->to_move(s), TBL_CHANCE);
	assert_int_equal(g->legal_moves(s, m, 64), 0);
	assert_string_equal(fake_position(g, s), "___________________________________"
	    " 0," FULL ",-,0:0:0 0," FULL ",-,0:0:0 chance");
	/* The red stone: 35 spaces, the ends likelier (33 free neighbours'
	 * worth of dark placements against 32). */
	n = g->chance_outcomes(s, m, p, 64);
	assert_int_equal(n, 35);
	for (i = 0; i < n; i++)
		sum += p[i];
	assert_true(sum > 0.999999 && sum < 1.000001);
	assert_true(p[0] / p[1] > 1.374 && p[0] / p[1] < 1.376);
	assert_true(p[34] == p[0]);
	g->format_move(s, m[17], buf, sizeof buf);
	assert_string_equal(buf, "red22");
	assert_int_equal(g->apply(s, m[17]), 0);
	/* Dark stones: never next to red (21 and 23 excluded), never on a
	 * taken space. */
	n = g->chance_outcomes(s, m, p, 64);
	assert_int_equal(n, 32);
	for (i = 0; i < n; i++) {
		g->format_move(s, m[i], buf, sizeof buf);
		assert_string_not_equal(buf, "dark21");
		assert_string_not_equal(buf, "dark23");
	}
	assert_int_equal(g->apply(s, 0x200 | 21), -1);
	assert_int_equal(g->apply(s, 0x100 | 5), -1);	/* red again */
	for (k = 0; k < 9; k++) {
		n = g->chance_outcomes(s, m, p, 64);
		assert_int_equal(n, 32 - k);
		assert_true(p[0] == 1.0 / n);
		assert_int_equal(g->apply(s, m[0]), 0);	/* lowest space */
	}
	/* Dark on 5-13, then pale; now the first player is drawn. */
	assert_string_equal(fake_position(g, s), "dddddddddpppppppprppppppppppppppppp "
	    "0," FULL ",-,0:0:0 0," FULL ",-,0:0:0 chance");
	assert_int_equal(g->chance_outcomes(s, m, p, 64), 2);
	g->destroy(s);
}

static void
test_random_layout_first(void **st)
{
	struct tbl_state *s = fake_create(g, "layout=random first=random "
	    "players=3");
	tbl_move m[64], mv;
	double p[64];
	int n, k;
	size_t used;
	char err[TBL_ERRLEN], buf[32];

	(void)st;
	/* Red on 39, darks on 5-13 by the lowest outcome each time. */
	assert_int_equal(g->parse_move(s, "red39", &mv, &used, err, sizeof err),
	    0);
	assert_int_equal(used, 5);
	assert_int_equal(g->apply(s, mv), 0);
	for (k = 0; k < 9; k++) {
		n = g->chance_outcomes(s, m, p, 64);
		assert_int_equal(g->apply(s, m[0]), 0);
	}
	assert_string_equal(fake_position(g, s), "dddddddddpppppppppppppppppppppppppr "
	    "0," FULL ",-,0:0:0 0," FULL ",-,0:0:0 0," FULL ",-,0:0:0 chance");
	n = g->chance_outcomes(s, m, p, 64);
	assert_int_equal(n, 3);
	assert_true(p[2] == 1.0 / 3);
	g->format_move(s, m[1], buf, sizeof buf);
	assert_string_equal(buf, "first2");
	assert_int_equal(g->apply(s, m[1]), 0);
	assert_int_equal(g->to_move(s), 1);
	play(s, "5");
	assert_string_equal(fake_position(g, s), ".ddddddddpppppppppppppppppppppppppr "
	    "0," FULL ",-,0:0:0 5,1234k?,5,0:1:0 0," FULL ",-,0:0:0 3");
	g->destroy(s);
	/* A chance position round-trips through set_position. */
	s = setup_pos("layout=random", "_________________r_________________"
	    " 0," FULL ",-,0:0:0 0," FULL ",-,0:0:0 chance");
	n = g->chance_outcomes(s, m, p, 64);
	assert_int_equal(n, 32);
	g->destroy(s);
}

/*
 * apply() takes only the outcomes chance_outcomes() lists: every other
 * 16-bit value, and every listed outcome with a bit from 12 up added
 * (apply(0x1000119), red on 25 with bit 24 set, was once taken), is
 * refused and leaves the position as it was.  At both kinds of chance
 * point: the layout being drawn and the first player.
 */
static void
check_only_listed(struct tbl_state *s)
{
	struct tbl_state *u = g->clone(s);
	char before[512];
	tbl_move out[64], m;
	int n = g->chance_outcomes(s, out, NULL, 64), i, b;

	strcpy(before, fake_position(g, s));
	for (m = 0; m < 0x10000; m++) {
		for (i = 0; i < n && out[i] != m; i++)
			continue;
		g->copy(u, s);
		if (i < n)
			assert_int_equal(g->apply(u, m), 0);
		else if (g->apply(u, m) != -1)
			fail_msg("unlisted outcome %#x applied", (unsigned)m);
	}
	for (i = 0; i < n; i++)
		for (b = 12; b < 32; b++) {
			g->copy(u, s);
			if (g->apply(u, out[i] | (tbl_move)1 << b) != -1)
				fail_msg("outcome %#x applied", (unsigned)(out[i] |
				    (tbl_move)1 << b));
			assert_string_equal(fake_position(g, u), before);
		}
	g->destroy(u);
}

static void
test_unlisted_chance_outcomes(void **st)
{
	struct tbl_state *s = fake_create(g, "layout=random first=random");
	int k;

	(void)st;
	assert_int_equal(g->apply(s, 0x1000119), -1);
	assert_string_equal(fake_position(g, s), "___________________________________"
	    " 0," FULL ",-,0:0:0 0," FULL ",-,0:0:0 chance");
	check_only_listed(s);		/* the red stone */
	assert_int_equal(g->apply(s, 0x119), 0);	/* red25 */
	check_only_listed(s);		/* a dark stone */
	for (k = 0; k < 9; k++) {
		tbl_move m[64];

		assert_true(g->chance_outcomes(s, m, NULL, 64) > 0);
		assert_int_equal(g->apply(s, m[0]), 0);
	}
	assert_int_equal(g->apply(s, 0x1000300), -1);
	check_only_listed(s);		/* the first player */
	g->destroy(s);
}

/* ---- positions ------------------------------------------------------ */

static void
test_position_errors(void **st)
{
	(void)st;
	setup_fails(NULL, L0 " 0," FULL ",-,0:0:0 1", "expected the layout, "
	    "2 players and the player to move: 3 fields");
	setup_fails(NULL, L0 " 0," FULL ",-,0:0:0 0," FULL ",-,0:0:0 3",
	    "player to move 3");
	setup_fails(NULL, L0 " 0," FULL ",-,0:0:0 0," FULL ",-,0:0:0 1 x",
	    "player to move: 5 fields");
	setup_fails(NULL, L0 " 0,,-,0:0:0 0," FULL ",-,0:0:0 1", "empty hand");
	setup_fails(NULL, L0 " 0,11,-,0:0:0 0," FULL ",-,0:0:0 1", "bad hand");
	setup_fails(NULL, L0 " 40," FULL ",-,0:0:0 0," FULL ",-,0:0:0 1",
	    "SPACE 0-39");
	setup_fails(NULL, L0 " 0," FULL ",x,0:0:0 0," FULL ",-,0:0:0 1",
	    "bad last card");
	setup_fails(NULL, L0 " 0," FULL ",?,0:0:0 0," FULL ",-,0:0:0 1",
	    "bad last card");
	/* A stone on the leader's space. */
	setup_fails(NULL, L0 " 5,1234k?,5,0:0:0 0," FULL ",-,0:0:0 2",
	    "a stone lies on space 5");
	/* Stones held do not match the track. */
	setup_fails(NULL, ".ppdpppdppdpppdpppdppdpppdppdppdppr 5,1234k?,5,0:1:0 0,"
	    FULL ",-,0:0:0 2", "0 pale stones held");
	/* A hole beyond the leader in a standard layout. */
	setup_fails(NULL, "..p.pppdppdpppdpppdppdpppdppdppdppr 6,1234k?,5,2:0:0 0,"
	    FULL ",-,0:0:0 2", "space 8 beyond the leader is empty");
	/* More stones than the spaces behind the amulet held. */
	setup_fails(NULL, "......pdppdpppdpppdppdpppdppdppdppr 10,1245k?,3,2:0:0 "
	    "6,1234k,?3,3:1:0 1", "P2 on space 6 holds 4 stones, more than "
	    "spaces 5-6 held");
	setup_fails(NULL, "......pdppdpppdpppdppdpppdppdppdppr 10,1245k?,3,4:1:0 "
	    "3,1234k,?3,1:0:0 1", "P2 on space 3 holds stones");
	/* The last card still in a hand that is not full. */
	setup_fails(NULL, L0 " 3,1234k?,4,0:0:0 0," FULL ",-,0:0:0 2",
	    "last card 4 is still in the hand");
	/* Not played but moved. */
	setup_fails(NULL, L0 " 3," FULL ",-,0:0:0 0," FULL ",-,0:0:0 1",
	    "has not played a card yet");
	/* P1 to move again before P2 has played. */
	setup_fails(NULL, L0 " 3,1245k?,3,0:0:0 0," FULL ",-,0:0:0 1",
	    "P2 has not played a card yet");
	setup_fails(NULL, L0 " 0," FULL ",-,0:0:0 0," FULL ",-,0:0:0 end",
	    "'end' but 35 stones remain");
	setup_fails(NULL, DONE " 39,1234k?,5,12:3:1 30,1234k?,5,13:6:0 1",
	    "must be 'end'");
	setup_fails(NULL, L0 " 0," FULL ",-,0:0:0 0," FULL ",-,0:0:0 chance",
	    "first = random");
	setup_fails(NULL, "pppdpppdppdpppdpppdppdpppdppdppdppdr 0," FULL
	    ",-,0:0:0 0," FULL ",-,0:0:0 1", "but a layout gives 35");
	setup_fails(NULL, "pppdpppdppdpppdpppdppdpppdppdppppdr 0," FULL
	    ",-,0:0:0 0," FULL ",-,0:0:0 1", "layout rule 2");
	setup_fails(NULL, "_p_________________________________ 0," FULL
	    ",-,0:0:0 0," FULL ",-,0:0:0 chance", "being drawn");
	setup_fails(NULL, "__________________________________r 3,1245k?,3,0:0:0 0,"
	    FULL ",-,0:0:0 chance", "needs to move 'chance'");
}

static void
test_parse_format(void **st)
{
	struct tbl_state *s = fake_create(g, NULL);
	tbl_move m;
	size_t used;
	char err[TBL_ERRLEN], buf[32];

	(void)st;
	assert_int_equal(g->parse_move(s, "  knife 3", &m, &used, err,
	    sizeof err), 0);
	assert_int_equal(m, 6);
	assert_int_equal(used, 7);
	assert_int_equal(g->parse_move(s, "K", &m, &used, err, sizeof err), 0);
	assert_int_equal(m, 6);
	assert_int_equal(g->parse_move(s, "q", &m, &used, err, sizeof err), 0);
	assert_int_equal(m, 7);
	assert_int_equal(g->parse_move(s, "6", &m, &used, err, sizeof err), -1);
	assert_string_equal(err, "'6' is not a card (cards: 1 2 3 4 5 knife ?)");
	assert_int_equal(g->parse_move(s, "", &m, &used, err, sizeof err), -1);
	assert_int_equal(g->parse_move(s, "dark40", &m, &used, err, sizeof err),
	    -1);
	/* A move is a whole word: blanks (tab too) end it, nothing else. */
	assert_int_equal(g->parse_move(s, "\tknife\t3", &m, &used, err,
	    sizeof err), 0);
	assert_int_equal(m, 6);
	assert_int_equal(used, 6);
	assert_int_equal(g->parse_move(s, "k+ife", &m, &used, err, sizeof err),
	    -1);
	assert_string_equal(err, "'k+ife' is not a card (cards: 1 2 3 4 5 "
	    "knife ?)");
	assert_int_equal(g->parse_move(s, "3,4", &m, &used, err, sizeof err),
	    -1);
	g->format_move(s, 7, buf, sizeof buf);
	assert_string_equal(buf, "?");
	g->format_move(s, 6, buf, sizeof buf);
	assert_string_equal(buf, "knife");
	g->destroy(s);
}

static void
test_render(void **st)
{
	struct tbl_state *s = fake_create(g, "players=3");
	char buf[2048];

	(void)st;
	play(s, "5 ?");
	g->render(s, buf, sizeof buf);
	assert_string_equal(buf,
	    "Yucata', layout tablero\n"
	    " 0- 9  3    .    .    .    .    12   p    p    d    p\n"
	    "10-19  p    p    d    p    p    d    p    p    p    d\n"
	    "20-29  p    p    p    d    p    p    d    p    p    p\n"
	    "30-39  d    p    p    d    p    p    d    p    p    r\n"
	    "amulets: 1 = P1, 2 = P2, 3 = P3 (123: amulets 1, 2 and 3 on one "
	    "space)\n"
	    "stones left: 24 pale, 9 dark, 1 red\n"
	    "  P1 space  5  hand 1234.k?  last 5   stones 1p 0d 0r  score 1\n"
	    "  P2 space  5  hand 12345k.  last ?5  stones 0p 0d 0r  score 0\n"
	    "> P3 space  0  hand 12345k?  last -   stones 0p 0d 0r  score 0\n");
	g->destroy(s);
}

/* narrate() and end_kind() (ABI 1.3): what a card does, told by the code
 * that plays it; every end is by the rules. */
static void
test_narrate(void **st)
{
	struct tbl_state *s = fake_create(g, "players=3");

	(void)st;
	assert_string_equal(fake_narrate(g, s, "5"), "5: P1's amulet from 0 "
	    "to 5, taking 1 pale stone");
	play(s, "5");
	assert_string_equal(fake_narrate(g, s, "?"), "?: as a 5, P2's amulet "
	    "from 0 to 5, taking no stone");
	assert_string_equal(fake_narrate(g, s, "k"), "knife: to the space in "
	    "front of the leader, P2's amulet from 0 to 6, taking 1 pale "
	    "stone");
	play(s, "4");
	assert_string_equal(fake_narrate(g, s, "5"), "5: P3's amulet from 0 "
	    "to 5, taking no stone");
	assert_string_equal(fake_narrate(g, s, "k"), "knife: to the space in "
	    "front of the leader, P3's amulet from 0 to 6, taking 1 pale "
	    "stone");
	assert_int_equal(g->end_kind(s), TBL_END_RULES);
	g->destroy(s);
	s = fake_create(g, "first_question=zero");
	assert_string_equal(fake_narrate(g, s, "?"), "?: as zero, P1's amulet "
	    "stays on 0, taking no stone");
	play(s, "5 4");
	assert_string_equal(fake_narrate(g, s, "3"), "3: P1's amulet from 5 "
	    "to 8, taking 2 pale stones and 1 dark");
	g->destroy(s);
}

/* The AI's estimate: even at the start, the leader in score favoured. */
static void
test_evaluate(void **st)
{
	struct tbl_state *s = fake_create(g, "players=3");
	double e[3];

	(void)st;
	assert_int_equal(g->evaluate(s, e), 0);
	assert_true(e[0] == e[1] && e[1] == e[2]);
	assert_true(e[0] > 0.333 && e[0] < 0.334);
	g->destroy(s);
	/* Scores 6, 6, -2: P3 out of it, P1 and P2 even. */
	s = setup_pos("players=3", DONE " 39,1234k?,5,9:3:1 30,1234k?,5,"
	    "12:3:0 31,1234k?,5,4:3:0 end");
	assert_int_equal(g->evaluate(s, e), 0);
	assert_true(e[0] == 0.5 && e[1] == 0.5 && e[2] == 0);
	g->destroy(s);
	/* P1 leads 2 to 0 (3 pale, 1 dark against nothing). */
	s = setup_pos(NULL, "....pppdppdpppdpppdppdpppdppdppdppr "
	    "8,234k,5,3:1:0 4,1345?,2,0:0:0 2");
	assert_int_equal(g->evaluate(s, e), 0);
	assert_true(e[0] > 0.6 && e[0] < 0.7 && e[0] + e[1] > 0.9999 &&
	    e[0] + e[1] < 1.0001);
	g->destroy(s);
	s = fake_create(g, "layout=random");
	assert_int_equal(g->evaluate(s, e), -1);
	g->destroy(s);
}

/* ---- complete games (cross-checked with an independent model) -------- */

static void
complete_game(const char *opts, const char *moves, const char *const *ck,
    const char *result)
{
	struct tbl_state *s = fake_create(g, opts);
	char line[512], buf[256];
	const char *p = moves;
	int k = 0, n = 0;
	size_t i;

	while (*p) {
		for (i = 0; p[i] && p[i] != ' '; i++)
			;
		snprintf(line, sizeof line, "%.*s", (int)i, p);
		assert_int_not_equal(g->to_move(s), TBL_END);
		play(s, line);
		n++;
		p += i;
		while (*p == ' ')
			p++;
		if (n % 10 == 0)
			assert_string_equal(fake_position(g, s), ck[k++]);
	}
	assert_int_equal(g->to_move(s), TBL_END);
	if (n % 10 != 0)
		assert_string_equal(fake_position(g, s), ck[k]);
	g->describe_result(s, buf, sizeof buf);
	assert_string_equal(buf, result);
	g->destroy(s);
}

static void
test_game_2p(void **st)
{
	static const char *const ck[] = {
		"............ppdpppdppdpppdppdppdppr 13,4k,2,7:2:0 16,13,5,2:1:0 1",
		"...........................pdppdppr 31,123?,k,17:5:0 29,24k?,5,3:2:0 1",
		DONE " 39,12345k?,2,19:7:1 38,4,?1,6:2:0 end",
	};

	(void)st;
	complete_game(NULL, "1 knife ? 2 5 4 3 ? 2 5 knife 3 4 1 5 1 4 3 "
	    "knife 5 3 knife ? 2 1 ? 2", ck, "P2 wins with 3 (P1 -2)");
}

static void
test_game_3p(void **st)
{
	static const char *const ck[] = {
		"..........dpppdpppdppdpppdppdppdppr 14,13k,4,3:0:0 12,134k,2,4:2:0 13,1245,k,1:0:0 2",
		".......................ppdppdppdppr 23,12345k?,1,6:1:0 27,12345k?,4,7:4:0 23,2,4,4:1:0 3",
		"................................ppr 36,124?,5,8:2:0 35,235k,1,11:6:0 34,235k,4,4:1:0 1",
		DONE " 39,124,?4,10:2:1 35,235k,1,11:6:0 34,235k,4,4:1:0 end",
	};

	(void)st;
	complete_game("players=3", "2 5 ? 5 ? 3 ? 2 knife 4 1 5 knife 3 1 3 "
	    "knife 4 1 4 2 3 ? 1 knife 4 ? 5 1 4 ?", ck,
	    "P1 wins with 9 (P2 -10, P3 3)");
}

static void
test_game_4p(void **st)
{
	static const char *const ck[] = {
		"......pdppdpppdpppdppdpppdppdppdppr 8,235k,4,2:1:0 10,1234,5,3:0:0 5,145k?,3,0:0:0 5,1345?,2,0:0:0 3",
		"............ppdpppdppdpppdppdppdppr 13,5k,3,2:1:0 13,34,2,4:0:0 16,4k,1,3:2:0 13,5?,4,0:0:0 1",
		"........................pdppdppdppr 27,1234k?,5,7:2:0 28,12345?,k,5:0:0 23,12345k?,k,5:4:0 24,12345k?,?k,1:0:0 3",
		DONE " 32,14k?,2,7:2:0 34,1245,3,6:0:0 32,345k,1,6:4:0 39,123?,4,6:3:1 end",
	};

	(void)st;
	complete_game("players=4", "1 ? 2 knife ? knife 3 2 4 5 ? 3 2 1 5 1 3 "
	    "2 1 4 knife 3 4 5 5 4 knife ? 5 knife ? knife 3 ? 2 5 2 3 1 4",
	    ck, "P2 wins with 6 (P1 4, P3 -4, P4 3)");
}

/* Random playouts: every game ends, never without a legal move. */
static void
test_playouts(void **st)
{
	static const char *const opts[] = { "players=2", "players=3",
	    "players=4 first_question=zero", "players=4 layout=random "
	    "first=random first_question=one" };
	uint64_t x = 12345;
	int o, k, steps;

	(void)st;
	for (o = 0; o < 4; o++) {
		struct tbl_state *s = fake_create(g, opts[o]);
		struct tbl_state *w = g->clone(s);
		for (k = 0; k < 300; k++) {
			g->copy(w, s);
			for (steps = 0; g->to_move(w) != TBL_END; steps++) {
				tbl_move m[64];
				char pos[512], err[TBL_ERRLEN];
				int n;

				assert_true(steps < 400);
				x ^= x << 13; x ^= x >> 7; x ^= x << 17;
				if (g->to_move(w) == TBL_CHANCE)
					n = g->chance_outcomes(w, m, NULL, 64);
				else
					n = g->legal_moves(w, m, 64);
				assert_true(n > 0);
				assert_int_equal(g->apply(w, m[x % (unsigned)n]),
				    0);
				/* Every position reached round-trips. */
				g->get_position(w, pos, sizeof pos);
				assert_int_equal(g->set_position(w, pos, err,
				    sizeof err), 0);
				assert_string_equal(fake_position(g, w), pos);
			}
		}
		g->destroy(w);
		g->destroy(s);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_start),
		cmocka_unit_test(test_numbers_take_stones),
		cmocka_unit_test(test_take_several),
		cmocka_unit_test(test_knife_leader),
		cmocka_unit_test(test_knife_follower_crowded),
		cmocka_unit_test(test_question_copies_number),
		cmocka_unit_test(test_question_copies_knife),
		cmocka_unit_test(test_question_after_question),
		cmocka_unit_test(test_first_question),
		cmocka_unit_test(test_no_repeat),
		cmocka_unit_test(test_last_card_exception),
		cmocka_unit_test(test_pick_up_after_seven),
		cmocka_unit_test(test_game_end),
		cmocka_unit_test(test_scoring),
		cmocka_unit_test(test_ties_three),
		cmocka_unit_test(test_layout_rules),
		cmocka_unit_test(test_layout_inline_and_custom),
		cmocka_unit_test(test_layout_files),
		cmocka_unit_test(test_layout_refusals),
		cmocka_unit_test(test_random_layout),
		cmocka_unit_test(test_random_layout_first),
		cmocka_unit_test(test_unlisted_chance_outcomes),
		cmocka_unit_test(test_position_errors),
		cmocka_unit_test(test_parse_format),
		cmocka_unit_test(test_render),
		cmocka_unit_test(test_narrate),
		cmocka_unit_test(test_evaluate),
		cmocka_unit_test(test_game_2p),
		cmocka_unit_test(test_game_3p),
		cmocka_unit_test(test_game_4p),
		cmocka_unit_test(test_playouts),
	};

	g = fake_game();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
