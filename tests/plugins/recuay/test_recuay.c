/*
 * test_recuay.c - unit tests of the recuay plugin (the Schaedel Stone),
 * driven through its descriptor with the fake host: the board file and
 * its checks, every movement and capture rule of both reconstructions in
 * set-up positions, and whole games.
 *
 * Positions are written in the plugin's position string: the spaces in
 * board-file order p1-p7 / q1-q7 / c / np nq / hp1-hp4 / rp / hq1-hq4 /
 * rq, then the side to move and the fields.
 */
#include <fcntl.h>
#include <sys/stat.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>
#include <cmocka.h>

#include "fakehost.h"
#include "board.h"
#include "recuay.h"

static const struct tbl_game *g;

/* ---- helpers --------------------------------------------------------- */

static struct tbl_state *
setup(const char *opts, const char *pos)
{
	return fake_setup(g, opts, pos);
}

/* The legal moves as text, sorted as the plugin lists them. */
static const char *
moves(struct tbl_state *s)
{
	return fake_moves(g, s);
}

static void
play(struct tbl_state *s, const char *text)
{
	fake_must_play(g, s, text);
}

static int
refused(struct tbl_state *s, const char *text)
{
	char err[TBL_ERRLEN] = "";

	return fake_play(g, s, text, err, sizeof err) != 0;
}

/* Apply a throw at a chance point. */
static void
throw(struct tbl_state *s, int v)
{
	assert_int_equal(g->to_move(s), TBL_CHANCE);
	assert_int_equal(g->apply(s, 0x100000u + (tbl_move)v), 0);
}

static int
has_move(struct tbl_state *s, const char *mv)
{
	const char *all = moves(s), *p = all;
	size_t n = strlen(mv);

	while ((p = strstr(p, mv)) != NULL) {
		if ((p == all || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return 1;
		p += n;
	}
	return 0;
}

static char *
slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *t = malloc(1 << 16);
	size_t n;

	assert_non_null(f);
	n = fread(t, 1, (1 << 16) - 1, f);
	t[n] = '\0';
	fclose(f);
	return t;
}

/* ---- the board -------------------------------------------------------- */

/* The built-in board is the shipped file, byte for byte. */
static void
test_builtin_is_shipped(void **st)
{
	char *t = slurp(RECUAY_CONF_DIR "/schaedel.board");

	(void)st;
	assert_string_equal(rc_default_board, t);
	free(t);
}

/* The shipped board satisfies what the text fixes. */
static void
test_board_statements(void **st)
{
	struct rc_board b;
	char err[TBL_ERRLEN] = "";
	int i, k, small[2] = { 0, 0 }, c, touch[2] = { 0, 0 };

	(void)st;
	assert_int_equal(rc_board_parse(&b, rc_default_board, "x", err,
	    sizeof err), 0);
	assert_int_equal(b.ncomp, 21);	/* Bennett: 21 boxes */
	for (i = 0; i < b.n; i++)
		if (b.kind[i] == RC_SMALL)
			small[b.owner[i]]++;
	assert_int_equal(small[0], 7);
	assert_int_equal(small[1], 7);
	/* The centre is strongly connected to both sevens. */
	c = b.centre;
	for (k = 0; k < b.nnb[c]; k++)
		if (b.kind[b.nb[c][k]] == RC_SMALL)
			touch[b.owner[b.nb[c][k]]]++;
	assert_true(touch[0] >= 2 && touch[1] >= 2);
	/* Neutral compartments are on no track; the back line is beside
	 * the home, and the men enter on its first square. */
	for (i = 0; i < b.n; i++)
		if (b.kind[i] == RC_NEUTRAL) {
			assert_int_equal(b.fwd[0][i] | b.fwd[1][i], 0);
			for (k = 0; k < b.n; k++)
				assert_false((b.fwd[0][k] | b.fwd[1][k]) >> i & 1);
		}
	assert_string_equal(b.name[b.entry[0]], "p1");
	assert_string_equal(b.name[b.entry[1]], "q1");
	for (k = 0; k < RC_HOMEPLACES; k++) {
		char want[16];	/* room for any int: -O1 cannot bound k */

		snprintf(want, sizeof want, "p%d", k + 1);
		assert_int_equal(b.nb[b.home[0][k]][0],
		    rc_board_find(&b, want, strlen(want)));
	}
}

/*
 * '#' starts a comment after a keyword's words but not inside the keyword
 * or a drawing; one blank (a tab too) follows 'draw'.
 */
static void
test_board_comments(void **st)
{
	static struct rc_board b;
	static char text[16384];
	char err[TBL_ERRLEN] = "";
	const char *rest = strstr(rc_default_board, "\nspace ");
	size_t n;

	(void)st;
	assert_non_null(rest);
	snprintf(text, sizeof text, "title Mine # not the title\n%s"
	    "draw\t|#| last\n", rest + 1);
	assert_int_equal(rc_board_parse(&b, text, "t.board", err, sizeof err),
	    0);
	assert_string_equal(b.title, "Mine ");
	n = strlen(b.art);
	assert_true(n > 9);
	assert_string_equal(b.art + n - 9, "|#| last\n");
	snprintf(text, sizeof text, "spa#ce p1\n%s", rest + 1);
	assert_int_equal(rc_board_parse(&b, text, "t.board", err, sizeof err),
	    -1);
	assert_non_null(strstr(err, "unknown keyword 'spa#ce'"));
}

/* Each validation error, with its file and line. */
static void
test_board_errors(void **st)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
		{ "space a kind=small owner=P\nnear a e=b\n",
		  "t.board:2: unknown compartment 'b'" },
		{ "space a kind=small owner=P\nspace b kind=small owner=P\n"
		  "near a e=b\nnear b n=a\n",
		  "t.board:3: asymmetric neighbours: 'a' has 'b' to the east but "
		  "'b' does not have 'a' to the west" },
		{ "space a kind=small owner=P\nspace n kind=neutral owner=-\n"
		  "near a e=n\nnear n w=a\ntrack P a n\n",
		  "t.board:5: track of P runs through the neutral compartment 'n'" },
		{ "space a kind=small owner=P\nspace b kind=small owner=P\n"
		  "track P a b\n",
		  "t.board:3: track of P steps from 'a' to 'b', which are not "
		  "neighbours" },
		{ "space a kind=small owner=P\nspace a kind=small owner=P\n",
		  "t.board:2: space 'a' declared twice" },
		{ "space a kind=tiny owner=P\n",
		  "t.board:1: unknown kind 'tiny' (small, centre, neutral, home "
		  "or raised)" },
		{ "spaces a\n", "t.board:1: unknown keyword 'spaces' (title, "
		  "space, near, track or draw)" },
		{ "space a kind=small owner=P\nnear a up=a\n",
		  "t.board:2: unknown direction 'up' (n, e, s or w)" },
		{ "space a kind=centre owner=-\n",
		  "t.board:2: P's home has 0 places, not 4" },
	};
	struct rc_board b;
	char err[TBL_ERRLEN];
	size_t i;

	(void)st;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		err[0] = '\0';
		assert_int_equal(rc_board_parse(&b, cases[i].text, "t.board",
		    err, sizeof err), -1);
		assert_string_equal(err, cases[i].want);
	}
}

/* A board whose parse must fail with want (file "t.board"). */
static void
board_fails(const char *text, const char *want)
{
	static struct rc_board b;
	char err[TBL_ERRLEN] = "";

	assert_int_equal(rc_board_parse(&b, text, "t.board", err, sizeof err),
	    -1);
	assert_string_equal(err, want);
}

/* The centre and two homes of four places: lines 1-9 of a board. */
#define HOMES "space c kind=centre owner=-\n" \
	"space h1 kind=home owner=P in=hp\nspace h2 kind=home owner=P in=hp\n" \
	"space h3 kind=home owner=P in=hp\nspace h4 kind=home owner=P in=hp\n" \
	"space k1 kind=home owner=Q in=hq\nspace k2 kind=home owner=Q in=hq\n" \
	"space k3 kind=home owner=Q in=hq\nspace k4 kind=home owner=Q in=hq\n"
#define RAISED "space r kind=raised owner=P\nspace s kind=raised owner=Q\n"

/*
 * The rest of the validation errors, each with its line: the words of a
 * line, and the whole-board checks after the last line (their line is the
 * one after it).
 */
static void
test_board_errors_more(void **st)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
		{ "space\n", "t.board:1: space without a name" },
		{ "space abcdefgh kind=small owner=P\n",
		  "t.board:1: space name 'abcdefgh' is longer than 7 letters" },
		{ "space a kind\n", "t.board:1: expected key=value, not 'kind'" },
		{ "space a kind=small owner=R\n",
		  "t.board:1: unknown owner 'R' (P, Q or -)" },
		{ "space a kind=small owner=P level=10\n",
		  "t.board:1: level '10' is not a number 0-9" },
		{ "space a kind=small owner=P in=\n",
		  "t.board:1: bad compartment name ''" },
		{ "space a kind=small owner=P in=abcdefgh\n",
		  "t.board:1: bad compartment name 'abcdefgh'" },
		{ "space a kind=small owner=P colour=red\n",
		  "t.board:1: unknown field 'colour=' (kind, owner, level or in)" },
		{ "space a kind=small level=0\n",
		  "t.board:1: space 'a' needs kind= and owner=" },
		{ "space a kind=small owner=P\nnear\n",
		  "t.board:2: near without a space" },
		{ "space a kind=small owner=P\nnear b e=a\n",
		  "t.board:2: unknown compartment 'b'" },
		{ "space a kind=small owner=P\nspace b kind=small owner=P\n"
		  "near a e=b\n\nnear a w=b\n",
		  "t.board:5: neighbours of 'a' given twice (first on line 3)" },
		{ "space a kind=small owner=P\nnear a e\n",
		  "t.board:2: expected DIRECTION=SPACE, not 'e'" },
		{ "space a kind=small owner=P\nnear a e=a\n",
		  "t.board:2: 'a' is its own neighbour" },
		{ "space a kind=small owner=P\nspace b kind=small owner=P\n"
		  "near a n=b n=b n=b n=b n=b n=b n=b n=b n=b\n",
		  "t.board:3: 'a' has more than 8 neighbours" },
		{ "space a kind=small owner=P\ntrack\n",
		  "t.board:2: track wants a player P or Q first" },
		{ "space a kind=small owner=P\ntrack R a\n",
		  "t.board:2: track wants a player P or Q first" },
		{ "space a kind=small owner=P\ntrack P a z\n",
		  "t.board:2: unknown compartment 'z'" },
		{ "space a kind=small owner=P\nspace r kind=raised owner=P\n"
		  "near a e=r\nnear r w=a\ntrack P a r\n",
		  "t.board:5: track of P runs through the raised compartment 'r'" },
		{ "space a kind=small owner=P\ntrack P a\n",
		  "t.board:2: a track needs at least two spaces" },
		{ "title 123456789012345678901234567890123456789012345678\n",
		  "t.board:1: title longer than 47 bytes" },
		/* The last line without its newline. */
		{ "space a kind=small owner=P\nspaces a",
		  "t.board:2: unknown keyword 'spaces' (title, space, near, "
		  "track or draw)" },
		{ "", "t.board:1: no spaces declared" },
		{ "# a comment\n\n", "t.board:1: no spaces declared" },
		{ "space a kind=small owner=-\n",
		  "t.board:2: 'a' is a small compartment without an owner" },
		{ "space a kind=small owner=P\n",
		  "t.board:2: the board needs one centre compartment, not 0" },
		{ HOMES, "t.board:10: P needs one raised compartment, not 0" },
		{ HOMES RAISED, "t.board:12: no track for P" },
		{ HOMES RAISED "near c w=h1 e=k1\nnear h1 e=c\nnear k1 w=c\n"
		  "track P h1 c\ntrack Q k1 c\n",
		  "t.board:17: P's track never reaches Q's home" },
	};
	static char text[8192];
	size_t i, n = 0;

	(void)st;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		board_fails(cases[i].text, cases[i].want);
	/* 33 spaces. */
	for (i = 0; i < 33; i++)
		n += (size_t)snprintf(text + n, sizeof text - n,
		    "space s%zu kind=small owner=P\n", i);
	board_fails(text, "t.board:33: more than 32 spaces");
	/* A line of 1024 bytes, even when most of it is a comment. */
	n = (size_t)snprintf(text, sizeof text, "space a kind=small owner=P #");
	memset(text + n, 'y', 1024 - n);
	strcpy(text + 1024, "\n");
	board_fails(text, "t.board:1: line longer than 1023 bytes");
	/* Drawing lines of 100 bytes: the 16th makes it too long. */
	for (n = 0, i = 0; i < 16; i++)
		n += (size_t)snprintf(text + n, sizeof text - n, "draw %0100d\n",
		    0);
	board_fails(text, "t.board:16: the drawing is longer than 1534 bytes");
}

/*
 * A board file with CRLF line ends is the same board, its drawing
 * without the CRs.
 */
static void
test_board_crlf(void **st)
{
	static struct rc_board a, b;
	static char text[16384];
	char err[TBL_ERRLEN] = "";
	const char *p;
	size_t n = 0;

	(void)st;
	for (p = rc_default_board; *p != '\0'; p++) {
		if (*p == '\n')
			text[n++] = '\r';
		text[n++] = *p;
	}
	text[n] = '\0';
	assert_int_equal(rc_board_parse(&a, rc_default_board, "t.board", err,
	    sizeof err), 0);
	assert_int_equal(rc_board_parse(&b, text, "t.board", err, sizeof err),
	    0);
	assert_string_equal(a.art, b.art);
	assert_string_equal(a.title, b.title);
	assert_memory_equal(&a, &b, sizeof a);
}

/* board=FILE refuses a file with a NUL byte and one of 64 KiB or more. */
static void
test_board_not_text(void **st)
{
	static struct rc_board b;
	char path[] = "/tmp/recuay-board.XXXXXX", want[256];
	char err[TBL_ERRLEN] = "";
	static char big[65536];
	int fd;

	(void)st;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "space\0a\n", 8), 8);
	close(fd);
	snprintf(want, sizeof want, "board: '%s' is not a board file "
	    "(binary)", path);
	assert_int_equal(rc_board_load(&b, &fake_host, path, err, sizeof err), -1);
	assert_string_equal(err, want);
	fd = open(path, O_WRONLY | O_TRUNC);
	assert_true(fd >= 0);
	memset(big, '#', sizeof big);
	assert_int_equal(write(fd, big, sizeof big), (ssize_t)sizeof big);
	close(fd);
	err[0] = '\0';
	snprintf(want, sizeof want, "board: %s: cannot open: larger than "
	    "65535 bytes", path);
	assert_int_equal(rc_board_load(&b, &fake_host, path, err, sizeof err), -1);
	assert_string_equal(err, want);
	unlink(path);
}

/*
 * board=VALUE read through the host's open_file and open_data: a FIFO
 * (by path, or by name in the current directory, where it is found before
 * the shipped boards) and a device are refused at once with the host's
 * reason; a name found in the current directory wins over a shipped one.
 */
static void
test_board_refusals(void **st)
{
	char tmp[] = "/tmp/recuay-refusals.XXXXXX", old[1024], spec[128];
	char err[TBL_ERRLEN], want[TBL_ERRLEN];
	struct tbl_state *s;
	FILE *f;

	(void)st;
	assert_non_null(getcwd(old, sizeof old));
	assert_non_null(mkdtemp(tmp));
	assert_int_equal(chdir(tmp), 0);
	assert_int_equal(mkfifo("schaedel", 0600), 0);
	snprintf(spec, sizeof spec, "board=%s/schaedel", tmp);
	assert_null(fake_try_create(g, spec, err, sizeof err));
	snprintf(want, sizeof want, "board: %s/schaedel: cannot open: not a "
	    "regular file (a FIFO or a device?)", tmp);
	assert_string_equal(err, want);
	assert_null(fake_try_create(g, "board=schaedel", err, sizeof err));
	assert_string_equal(err, "board: schaedel: cannot open: not a "
	    "regular file (a FIFO or a device?)");
	assert_null(fake_try_create(g, "board=/dev/zero", err, sizeof err));
	assert_string_equal(err, "board: /dev/zero: cannot open: not a "
	    "regular file (a FIFO or a device?)");
	assert_null(fake_try_create(g, "board=..", err, sizeof err));
	assert_string_equal(err, "board: ..: cannot open: a directory, not a "
	    "file");
	/* A file of the shipped board's name here is the one read. */
	assert_non_null(f = fopen("schaedel.board", "w"));
	fputs("title here\n", f);
	fclose(f);
	assert_null(fake_try_create(g, "board=schaedel.board", err,
	    sizeof err));
	assert_string_equal(err, "schaedel.board:1: no spaces declared");
	unlink("schaedel.board");
	s = fake_create(g, "board=schaedel.board");	/* the shipped one */
	g->destroy(s);
	unlink("schaedel");
	assert_int_equal(chdir(old), 0);
	assert_int_equal(rmdir(tmp), 0);
}

/* board=FILE: the malformed files of the transcript tests are refused at
 * create with their file and line; the shipped file is accepted. */
static void
test_board_option(void **st)
{
	static const char *const bad[][2] = {
		{ "bad-unknown.board", "bad-unknown.board:50: unknown compartment 'p8'" },
		{ "bad-asymmetric.board", "bad-asymmetric.board:45: asymmetric neighbours: 'p2' has 'p3' to the east but 'p3' does not have 'p2' to the west" },
		{ "bad-neutral.board", "bad-neutral.board:80: track of P runs through the neutral compartment 'np'" },
	};
	char spec[512], err[TBL_ERRLEN];
	struct tbl_state *s;
	size_t i;

	(void)st;
	for (i = 0; i < 3; i++) {
		snprintf(spec, sizeof spec, "board=%s/%s", RECUAY_TEST_DIR,
		    bad[i][0]);
		err[0] = '\0';
		assert_null(fake_try_create(g, spec, err, sizeof err));
		assert_non_null(strstr(err, bad[i][1]));
	}
	assert_null(fake_try_create(g, "board=/nonexistent.board", err,
	    sizeof err));
	assert_string_equal(err, "board: /nonexistent.board: cannot open: No "
	    "such file or directory");
	s = fake_create(g, "board=" RECUAY_CONF_DIR "/schaedel.board");
	assert_string_equal(fake_position(g, s),
	    "......./......././../..../J/..../j P");
	g->destroy(s);
	/* A shipped board by its name, with or without .board. */
	s = fake_create(g, "board=schaedel");
	assert_string_equal(fake_position(g, s),
	    "......./......././../..../J/..../j P");
	g->destroy(s);
	s = fake_create(g, "board=schaedel.board");
	assert_string_equal(fake_position(g, s),
	    "......./......././../..../J/..../j P");
	g->destroy(s);
	/* A board found nowhere names where it was looked for. */
	assert_null(fake_try_create(g, "board=nosuch", err, sizeof err));
	assert_string_equal(err, "board 'nosuch': no such file here nor "
	    "among the shipped boards (looked for ./nosuch and "
	    TEST_DATA_DIR "/recuay/nosuch.board)");
	s = fake_create(g, "board=" RECUAY_CONF_DIR "/schaedel.board");
	/* A board the user named is the user's value, not the game's. */
	assert_int_equal(g->option_value(s, 3, err, sizeof err), 0);
	g->destroy(s);
	s = fake_create(g, "");
	assert_int_equal(g->option_value(s, 3, err, sizeof err),
	    (int)strlen("built-in schaedel.board"));
	assert_string_equal(err, "built-in schaedel.board");
	assert_int_equal(g->option_value(s, 0, err, sizeof err), 0);
	/* No value is the empty text, terminated as snprintf does (found by
	 * tests/fuzz/fuzz_plugin.c: the buffer was left as it was). */
	memset(err, 'x', sizeof err);
	assert_int_equal(g->option_value(s, 1, err, 1), 0);
	assert_int_equal(err[0], '\0');
	assert_int_equal(err[1], 'x');
	assert_int_equal(g->option_value(s, 0, NULL, 0), 0);
	g->destroy(s);
}

/* ---- race ------------------------------------------------------------- */

/* "The soldiers enter the field individually through the first square
 * of their respective back line and move counter-clockwise." */
static void
test_race_enter(void **st)
{
	struct tbl_state *s = setup("", NULL);

	(void)st;
	throw(s, 2);
	assert_string_equal(moves(s), "@p2");
	play(s, "@p2");
	assert_string_equal(fake_position(g, s),
	    ".S...../......././../..../J/..../j Q");
	throw(s, 1);
	assert_string_equal(moves(s), "@q1");
	play(s, "@q1");
	throw(s, 3);
	assert_string_equal(moves(s), "@p3 p2-p5 p2-q3 p2-q4 p2-c");
	g->destroy(s);
}

/*
 * A position set up with a throw no man can use (a 0 here) has one move,
 * pass, played by hand: the other player throws next, and the men stay.
 */
static void
test_race_pass_set_up(void **st)
{
	struct tbl_state *s = setup("", ".S...../......././../..../J/..../j "
	    "P throw=0");

	(void)st;
	assert_string_equal(moves(s), "pass");
	assert_true(refused(s, "p2-p3"));
	play(s, "pass");
	assert_string_equal(fake_position(g, s),
	    ".S...../......././../..../J/..../j Q");
	assert_int_equal(g->to_move(s), TBL_CHANCE);
	g->destroy(s);
}

/*
 * The race's estimate for the AI: each side's steps still to go (a man
 * off the board 6, one more than from the entry p1/q1 to the home; a man
 * on the centre 2, a man home 0), as P's share (Q's need + 4) / (both + 8).
 */
static void
test_race_estimate(void **st)
{
	static const struct {
		const char *pos;
		double p;
	} cases[] = {
		{ "......./......././../..../J/..../j P", 28.0 / 56 },
		{ "......./......./S/../..../J/..../j P", 28.0 / 52 },
		{ "......./......./S/../..../J/S.../j Q", 28.0 / 46 },
		{ "......./s....../S/../..../J/..../j P", 27.0 / 51 },
	};
	double out[2];
	size_t i;

	(void)st;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct tbl_state *s = setup("", cases[i].pos);

		assert_int_equal(g->evaluate(s, out), 0);
		assert_true(out[0] > cases[i].p - 1e-12 &&
		    out[0] < cases[i].p + 1e-12);
		assert_true(out[0] + out[1] == 1.0);
		g->destroy(s);
	}
}

/* Counter-clockwise round both sevens; own territory forward only. */
static void
test_race_forward_only(void **st)
{
	struct tbl_state *s = setup("", "....S../......././../..../J/..../j P throw=3");

	(void)st;
	assert_string_equal(moves(s), "@p3 p5-q1");
	g->destroy(s);
	s = setup("", "..S..../......././../..../J/..../j P throw=1");
	assert_string_equal(moves(s), "@p1 p3-p4 p3-c");	/* never p2 */
	g->destroy(s);
}

/* "It can advance or retreat when in enemy territory." */
static void
test_race_enemy_both_ways(void **st)
{
	struct tbl_state *s = setup("", "SSS..../...S.../s/../..../J/..../j P throw=2");

	(void)st;
	/* q4: forward to q6 (q4-q5-q6; q4-hq4 is one step), back to q2. */
	assert_true(has_move(s, "q4-q6"));
	assert_true(has_move(s, "q4-q2"));
	play(s, "q4-q2");
	assert_string_equal(fake_position(g, s),
	    "SSS..../.S...../s/../..../J/..../j Q");
	g->destroy(s);
}

/* Never onto one's own man, never through an enemy soldier, through
 * one's own men freely. */
static void
test_race_blocking(void **st)
{
	struct tbl_state *s = setup("", "....SS./......././../..../J/..../j P throw=1");

	(void)st;
	assert_string_equal(moves(s), "@p1 p6-p7");	/* p5 blocked by p6 */
	g->destroy(s);
	s = setup("", "....SS./......././../..../J/..../j P throw=2");
	assert_true(has_move(s, "p5-p7"));		/* over its own man */
	g->destroy(s);
	s = setup("", "....Ss./......././../..../J/..../j P throw=2");
	assert_false(has_move(s, "p5-p7"));		/* not over an enemy */
	g->destroy(s);
}

/* Bump-back: the enemy man goes off the board and re-enters. */
static void
test_race_bump(void **st)
{
	struct tbl_state *s = setup("", ".....S./s.....././../..../J/..../j P throw=2");

	(void)st;
	assert_string_equal(fake_position(g, s),
	    ".....S./s.....././../..../J/..../j P throw=2");
	play(s, "p6-q1");
	assert_string_equal(fake_position(g, s),
	    "......./S.....././../..../J/..../j Q");
	g->destroy(s);
}

/* A 0 clears the centre: zero=any (any throw), zero=mover (only the
 * man's own player); with a 0 nobody moves, and the throw passes by
 * itself. */
static void
test_race_zero(void **st)
{
	struct tbl_state *s = setup("", "S....../......./S/../..../J/..../j Q");

	(void)st;
	throw(s, 0);
	assert_string_equal(fake_position(g, s),
	    "S....../......././../..../J/..../j P");
	g->destroy(s);
	s = setup("zero=mover", "S....../......./S/../..../J/..../j Q");
	throw(s, 0);
	assert_string_equal(fake_position(g, s),
	    "S....../......./S/../..../J/..../j P");
	throw(s, 0);
	assert_string_equal(fake_position(g, s),
	    "S....../......././../..../J/..../j Q");
	g->destroy(s);
}

/*
 * The throw: "randomly selects values of 0, 1, 2, 3".  By default three
 * two-sided sticks, P(0..3) = 1/8, 3/8, 3/8, 1/8 (dice = sticks); dice =
 * uniform gives each value 1/4.  The jaguar game has no chance point.
 */
static void
test_race_dice(void **st)
{
	static const double sticks[4] = { 0.125, 0.375, 0.375, 0.125 };
	struct tbl_state *s;
	tbl_move out[8];
	double prob[8];
	int v;

	(void)st;
	s = fake_create(g, NULL);
	assert_int_equal(g->to_move(s), TBL_CHANCE);
	assert_int_equal(g->chance_outcomes(s, out, prob, 8), 4);
	for (v = 0; v < 4; v++) {
		assert_int_equal(out[v], 0x100000u + (tbl_move)v);
		assert_true(prob[v] == sticks[v]);
	}
	/* The throw is kept in the position until it is used. */
	throw(s, 3);
	assert_string_equal(fake_position(g, s),
	    "......./......././../..../J/..../j P throw=3");
	g->destroy(s);
	s = fake_create(g, "dice=uniform");
	assert_int_equal(g->chance_outcomes(s, out, prob, 8), 4);
	for (v = 0; v < 4; v++) {
		assert_int_equal(out[v], 0x100000u + (tbl_move)v);
		assert_true(prob[v] == 0.25);
	}
	g->destroy(s);
	s = fake_create(g, "ruleset=jaguar");
	assert_int_equal(g->to_move(s), 0);
	assert_int_equal(g->chance_outcomes(s, out, prob, 8), 0);
	g->destroy(s);
}

/* "Any, but only one, soldier may be moved"; must-move; a throw nobody
 * can use leaves only "pass". */
static void
test_race_blocked_throw_passes(void **st)
{
	struct tbl_state *s = setup("", "...SSSS/s.....././../..../J/..../j P");

	(void)st;
	throw(s, 1);	/* p7 bumps q1, or p4 goes into the centre */
	assert_string_equal(moves(s), "p7-q1 p4-c");
	assert_true(refused(s, "pass"));
	g->destroy(s);
	/* P's last man on p6, Q's man on p7: a 2 would cross it. */
	/* A throw no man can use passes by itself: Q throws next, and the
	 * passes hook names P (shown as "P passes"). */
	s = setup("", ".....Ss/......././../..../J/SSS./j P");
	{
		struct tbl_state *before = g->clone(s);
		int who[2] = { -1, -1 };

		throw(s, 2);
		assert_int_equal(g->to_move(s), TBL_CHANCE);
		assert_string_equal(fake_position(g, s),
		    ".....Ss/......././../..../J/SSS./j Q");
		assert_int_equal(g->passes(before, 0x100000u + 2, s, who, 2), 1);
		assert_int_equal(who[0], 0);
		g->destroy(before);
	}
	g->destroy(s);
	/* A 0 with no man on the centre passes too; a usable throw does not. */
	s = setup("", "......./......././../..../J/..../j Q");
	throw(s, 0);
	assert_string_equal(fake_position(g, s),
	    "......./......././../..../J/..../j P");
	throw(s, 1);
	assert_string_equal(moves(s), "@p1");
	g->destroy(s);
	s = setup("", ".....Ss/......././../..../J/SSS./j P");
	throw(s, 1);	/* a 1 bumps it */
	assert_string_equal(moves(s), "p6-p7");
	g->destroy(s);
}

/* The win: three men home and the fourth exactly on the centre; the
 * last man may not go home. */
static void
test_race_win(void **st)
{
	struct tbl_state *s = setup("", "......./...S..././../..../J/SSS./j P throw=1");
	double r[2];

	(void)st;
	/* q4-hq4 is closed to the last man: forward q5, back q3. */
	assert_string_equal(moves(s), "q4-q3 q4-q5");
	g->destroy(s);
	s = setup("", ".S...../......././../..../J/SSS./j P throw=2");
	assert_string_equal(moves(s), "p2-p4 p2-c");
	play(s, "p2-c");
	assert_int_equal(g->to_move(s), TBL_END);
	/* The turn passes at the end as after any move (as in the jaguar
	 * game); the position string used to leave the winner to move. */
	assert_string_equal(fake_position(g, s),
	    "......./......./S/../..../J/SSS./j Q");
	assert_int_equal(g->result(s, r), 0);
	assert_true(r[0] == 1.0 && r[1] == 0.0);
	g->destroy(s);
}

/* A whole race from a fixed sequence of throws ends in a win. */
static void
test_race_game(void **st)
{
	struct tbl_state *s = setup("dice=uniform", NULL);
	uint64_t x = 12345;
	tbl_move m[TBL_MOVES_HINT];
	int plies = 0, n;
	double r[2];

	(void)st;
	while (g->to_move(s) != TBL_END && plies < 5000) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		if (g->to_move(s) == TBL_CHANCE) {
			throw(s, (int)(x >> 62));
		} else {
			n = g->legal_moves(s, m, TBL_MOVES_HINT);
			assert_true(n > 0);
			assert_int_equal(g->apply(s, m[(x >> 33) % (uint64_t)n]), 0);
		}
		plies++;
	}
	assert_int_equal(g->to_move(s), TBL_END);
	assert_int_equal(g->result(s, r), 0);
	assert_true(r[0] + r[1] == 1.0 && (r[0] == 1.0 || r[1] == 1.0));
	g->destroy(s);
}

/* ---- jaguar ------------------------------------------------------------ */

#define JSTART "......./......././../SSSS/J/ssss/j P quiet=0"

/* "Opening Positions: Jaguars in innermost raised compartment of home.
 * Soldiers on lower level of home aligned to adjacent squares." */
static void
test_jaguar_opening(void **st)
{
	struct tbl_state *s = setup("ruleset=jaguar", NULL);

	(void)st;
	assert_string_equal(fake_position(g, s), JSTART);
	assert_string_equal(moves(s),
	    "hp1-p1 hp2-p2 hp3-p3 hp4-p4 rp-p4 rp-p6 rp-hp3");
	play(s, "hp3-p3");
	assert_string_equal(fake_position(g, s),
	    "..S..../......././../SS.S/J/ssss/j Q quiet=1");
	g->destroy(s);
}

/* "Soldiers move one space in any direction"; "soldiers cannot occupy
 * same square"; never onto their own jaguar or into a raised home. */
static void
test_jaguar_soldier_steps(void **st)
{
	struct tbl_state *s = setup("ruleset=jaguar",
	    "..SSJ../......././../...S/./..../j P quiet=0");

	(void)st;
	assert_true(has_move(s, "p3-p2"));
	assert_true(has_move(s, "p3-c"));
	assert_true(has_move(s, "p3-hp3"));
	assert_false(has_move(s, "p3-p4"));	/* own soldier */
	assert_false(has_move(s, "p4-p5"));	/* own jaguar */
	assert_false(has_move(s, "hp4-rp"));	/* raised */
	assert_false(has_move(s, "p3-p1"));	/* one space only */
	g->destroy(s);
}

/* "Jaguar moves two spaces, or at right angles": straight on or one
 * turn, never back; never into a neutral compartment. */
static void
test_jaguar_moves(void **st)
{
	struct tbl_state *s = setup("ruleset=jaguar",
	    "..J..../......././../...././..../j P quiet=0");

	(void)st;
	assert_string_equal(moves(s),
	    "p3-p1 p3-p5 p3-q3 p3-q4 p3-c p3-hp2 p3-hp4");
	g->destroy(s);
}

/* "[He] cannot move through a space or spaces occupied by an enemy
 * piece"; "can move through ... space already occupied by own men". */
static void
test_jaguar_through(void **st)
{
	struct tbl_state *s = setup("ruleset=jaguar",
	    "..Js.../......./s/../...././..../j P quiet=0");

	(void)st;
	assert_string_equal(moves(s), "p3-p1 p3-hp2 p3-hp4");
	g->destroy(s);
	s = setup("ruleset=jaguar",
	    "..JS.../......./S/../...././..../j P quiet=0");
	assert_true(has_move(s, "p3-p5"));	/* over its own p4 */
	assert_true(has_move(s, "p3-q4"));	/* over its own c */
	g->destroy(s);
}

/* "He cannot re-enter original position after moving out." */
static void
test_jaguar_no_return(void **st)
{
	struct tbl_state *s = setup("ruleset=jaguar",
	    "...J.../......././../...././..../j P quiet=0");

	(void)st;
	assert_false(has_move(s, "p4-rp"));
	g->destroy(s);
	/* The enemy's raised home is open to it: here it kills there. */
	s = setup("ruleset=jaguar",
	    "......./...J..././../...././..../j P quiet=0");
	assert_true(has_move(s, "q4-rq"));
	g->destroy(s);
}

/* "An enemy's piece is killed and, therefore, removed from the field
 * when an opponent's jaguar moves into the same space it occupies." */
static void
test_jaguar_kill(void **st)
{
	struct tbl_state *s = setup("ruleset=jaguar",
	    "J.s..../......././../...././..../j P quiet=7");
	double r[2];

	(void)st;
	play(s, "p1-p3");
	assert_string_equal(fake_position(g, s),
	    "..J..../......././../...././..../j Q quiet=0");
	g->destroy(s);
	/* Killing the jaguar ends the game. */
	s = setup("ruleset=jaguar",
	    "J.j..../......././../...././..../. P quiet=0");
	play(s, "p1-p3");
	assert_int_equal(g->to_move(s), TBL_END);
	assert_int_equal(g->result(s, r), 0);
	assert_true(r[0] == 1.0);
	g->destroy(s);
}

/* Carrying: "may combine or carry one and only one soldier"; "this
 * combination cannot choose to move only one space, but at any time
 * either piece may be moved without moving the other". */
static void
test_jaguar_carry(void **st)
{
	struct tbl_state *s = setup("ruleset=jaguar",
	    "...S.../......././../..../J/..../j P quiet=0");

	(void)st;
	play(s, "rp-p4");
	assert_string_equal(fake_position(g, s),
	    "...K.../......././../...././..../j Q quiet=1");
	g->destroy(s);
	s = setup("ruleset=jaguar",
	    "...K.../......././../...././..../j P quiet=0");
	assert_true(has_move(s, "p4-p6"));	/* the pair */
	assert_true(has_move(s, "Jp4-p6"));	/* the jaguar alone */
	assert_true(has_move(s, "Sp4-p5"));	/* the soldier alone */
	assert_true(refused(s, "p4-p5"));	/* the pair moves two */
	play(s, "p4-p6");
	assert_string_equal(fake_position(g, s),
	    ".....K./......././../...././..../j Q quiet=1");
	g->destroy(s);
	s = setup("ruleset=jaguar",
	    "...K.../......././../...././..../j P quiet=0");
	play(s, "Jp4-p6");
	assert_string_equal(fake_position(g, s),
	    "...S.J./......././../...././..../j Q quiet=1");
	g->destroy(s);
	s = setup("ruleset=jaguar",
	    "...K.../......././../...././..../j P quiet=0");
	play(s, "Sp4-p5");
	assert_string_equal(fake_position(g, s),
	    "...JS../......././../...././..../j Q quiet=1");
	g->destroy(s);
	/* One soldier only: the pair may not end on another; the jaguar
	 * alone may (it leaves one and takes the other). */
	s = setup("ruleset=jaguar",
	    "...K.S./......././../...././..../j P quiet=0");
	assert_false(has_move(s, "p4-p6"));
	play(s, "Jp4-p6");
	assert_string_equal(fake_position(g, s),
	    "...S.K./......././../...././..../j Q quiet=1");
	g->destroy(s);
}

/* "The enemy soldier is bumped-back one space as directed by the
 * advancing man." */
static void
test_jaguar_bump(void **st)
{
	struct tbl_state *s = setup("ruleset=jaguar",
	    ".Ss..../......././../..../J/..../j P quiet=0");
	char err[TBL_ERRLEN];
	tbl_move m;
	size_t used;

	(void)st;
	assert_true(has_move(s, "p2-p3>p4"));
	play(s, "p2-p3");	/* the only bump: no need to say where */
	assert_string_equal(fake_position(g, s),
	    "..Ss.../......././../..../J/..../j Q quiet=1");
	g->destroy(s);
	/* Beyond the centre lie q4 and q3: the attacker chooses. */
	s = setup("ruleset=jaguar",
	    "..S..../......./s/../..../J/..../j P quiet=0");
	assert_true(has_move(s, "p3-c>q3"));
	assert_true(has_move(s, "p3-c>q4"));
	assert_int_equal(g->parse_move(s, "p3-c", &m, &used, err, sizeof err),
	    -1);
	assert_string_equal(err, "'p3-c' is ambiguous: say where the bumped "
	    "soldier goes (p3-c>SPACE)");
	play(s, "p3-c>q4");
	assert_string_equal(fake_position(g, s),
	    "......./...s.../S/../..../J/..../j Q quiet=1");
	g->destroy(s);
	/* Onto its own uncombined jaguar: the jaguar now carries it. */
	s = setup("ruleset=jaguar",
	    ".Ssj.../......././../..../J/..../. P quiet=0");
	play(s, "p2-p3>p4");
	assert_string_equal(fake_position(g, s),
	    "..Sk.../......././../..../J/..../. Q quiet=1");
	g->destroy(s);
}

/* "A soldier cannot be bumped-back into a space occupied by another of
 * his own men nor into a space occupied by his own jaguar when his
 * jaguar is combined with a soldier. In this case a local deadlock
 * exists and other pieces must be moved." */
static void
test_jaguar_deadlock(void **st)
{
	struct tbl_state *s = setup("ruleset=jaguar",
	    ".Sss.../......././../..../J/..../j P quiet=0");

	(void)st;
	assert_false(has_move(s, "p2-p3>p4"));
	assert_true(refused(s, "p2-p3"));
	assert_true(has_move(s, "p2-p1"));	/* other moves remain */
	g->destroy(s);
	s = setup("ruleset=jaguar",
	    ".Ssk.../......././../..../J/..../. P quiet=0");
	assert_false(has_move(s, "p2-p3>p4"));
	g->destroy(s);
	/* Nor onto the attacker's pieces, nor off the board (p1 has no
	 * neighbour to the west). */
	s = setup("ruleset=jaguar",
	    "sS...../......././../..../J/..../j P quiet=0");
	assert_false(has_move(s, "p2-p1"));
	g->destroy(s);
}

/* "If a soldier moves into a square occupied by the enemy jaguar, the
 * enemy jaguar is forced to move three spaces of his (the attacked
 * jaguar) choosing ... the space the soldier vacated is considered open
 * ... the jaguar has offensive or killing potential even when forced out
 * of a space." */
static void
test_jaguar_forced(void **st)
{
	struct tbl_state *s = setup("ruleset=jaguar",
	    "...Sj../......././../..../J/..../. P quiet=0");
	double r[2];

	(void)st;
	play(s, "p4-p5");
	assert_string_equal(fake_position(g, s),
	    "....j../......././../..../J/..../. Q forced=soldier quiet=1");
	assert_true(has_move(s, "p5-p2"));	/* through the vacated p4 */
	assert_true(has_move(s, "p5-q1"));
	assert_false(has_move(s, "p5-p6"));	/* one space: not a route */
	assert_true(has_move(s, "p5-p3"));	/* p4-c-p3, back through c */
	/* The attacker stays where the jaguar was. */
	play(s, "p5-p2");
	assert_string_equal(fake_position(g, s),
	    ".j..S../......././../..../J/..../. P quiet=2");
	g->destroy(s);
	/* A forced route may end on the enemy jaguar: it kills. */
	s = setup("ruleset=jaguar",
	    "....j../......././../..../J/..../. Q forced=soldier quiet=1");
	assert_true(has_move(s, "p5-rp"));
	play(s, "p5-rp");
	assert_int_equal(g->result(s, r), 0);
	assert_true(r[1] == 1.0);
	g->destroy(s);
}

/* A forced route is "any route of three spaces", visiting no space
 * twice: it may pass through the centre and leave it on the side it
 * came from (q3-c-q4), which a normal move, never straight back, may
 * not (p3-c-p4).  Found by the differential test (compare.py): the
 * forced routes used to refuse the turn back as a normal move does. */
static void
test_jaguar_forced_through_centre(void **st)
{
	struct tbl_state *s = setup("ruleset=jaguar",
	    "..j..../..J..../S/../..S././..s./. P forced=soldier quiet=2");

	(void)st;
	assert_string_equal(moves(s), "q3-p3 q3-p4 q3-p5 q3-p7 q3-q5 q3-q6 "
	    "q3-hp4 q3-hq1 q3-hq3 q3-hq4 q3-rq");
	play(s, "q3-q5");	/* q3-c-q4-q5, through his own soldier on c */
	assert_string_equal(fake_position(g, s),
	    "..j..../..s.J../S/../..S././..s./. Q quiet=3");
	g->destroy(s);
	/* A pair forced by a soldier: two spaces, c-q3-q4 as well. */
	s = setup("ruleset=jaguar",
	    "......./......./K/../...././..../j P forced=soldier quiet=0");
	assert_true(has_move(s, "c-q4"));
	assert_true(has_move(s, "c-p3"));
	play(s, "c-p4");
	assert_string_equal(fake_position(g, s),
	    "...K.../......./s/../...././..../j Q quiet=1");
	g->destroy(s);
	/* A normal move does not turn back through the centre. */
	s = setup("ruleset=jaguar", "..J..../......././../...././..../j P quiet=0");
	assert_string_equal(moves(s),
	    "p3-p1 p3-p5 p3-q3 p3-q4 p3-c p3-hp2 p3-hp4");
	g->destroy(s);
}

/* "If the same situation exists but the attack is by an enemy soldier
 * the jaguar and attached soldier is forced to move only two spaces." */
static void
test_jaguar_forced_pair(void **st)
{
	struct tbl_state *s = setup("ruleset=jaguar",
	    "...Sk../......././../..../J/..../. P quiet=0");

	(void)st;
	play(s, "p4-p5");
	assert_string_equal(fake_position(g, s),
	    "....k../......././../..../J/..../. Q forced=soldier quiet=1");
	assert_string_equal(moves(s), "p5-p3 p5-p7 p5-c p5-hp4");
	play(s, "p5-c");
	assert_string_equal(fake_position(g, s),
	    "....S../......./k/../..../J/..../. P quiet=2");
	g->destroy(s);
}

/* "If the jaguar, while combined with one of his soldiers, is attacked
 * by the enemy jaguar, the soldier is killed and removed and the jaguar
 * under attack moves three spaces of its choice." */
static void
test_jaguar_attacks_pair(void **st)
{
	struct tbl_state *s = setup("ruleset=jaguar",
	    "J.k..../......././../...././..../. P quiet=5");

	(void)st;
	play(s, "p1-p3");
	assert_string_equal(fake_position(g, s),
	    "..j..../......././../...././..../. Q forced=jaguar quiet=0");
	assert_true(has_move(s, "p3-q7"));	/* p2, p1 (now open), q7 */
	play(s, "p3-q7");
	assert_string_equal(fake_position(g, s),
	    "..J..../......j/./../...././..../. P quiet=1");
	g->destroy(s);
}

/* "The contest is over when one jaguar is killed by the other or when
 * one jaguar is trapped"; a draw when nobody can move; our quiet limit. */
static void
test_jaguar_end(void **st)
{
	struct tbl_state *s;
	double r[2];

	(void)st;
	/* P's jaguar in rp, Q soldiers on hp4 and p5: P cannot move. */
	s = setup("ruleset=jaguar",
	    "....s../......././../...s/J/..../j P quiet=0");
	assert_int_equal(g->to_move(s), TBL_END);
	assert_int_equal(g->result(s, r), 0);
	assert_true(r[1] == 1.0);
	g->destroy(s);
	/* A forced jaguar with no route is trapped. */
	s = setup("ruleset=jaguar",
	    ".SjS.../......./S/../..J././..../. Q forced=soldier quiet=0");
	assert_int_equal(g->to_move(s), TBL_END);
	assert_int_equal(g->result(s, r), 0);
	assert_true(r[0] == 1.0);
	g->destroy(s);
	/* The quiet limit. */
	s = setup("ruleset=jaguar quiet_limit=5",
	    "J....../......././../...././..../j P quiet=4");
	play(s, "p1-p3");
	assert_int_equal(g->to_move(s), TBL_END);
	assert_int_equal(g->result(s, r), 0);
	assert_true(r[0] == 0.5 && r[1] == 0.5);
	g->destroy(s);
}

/* "If no pieces can be moved by either side, the contest is deemed a
 * draw": on a tiny board where the pieces set up cannot move. */
static void
test_jaguar_stuck_draw(void **st)
{
	struct tbl_state *s = setup("ruleset=jaguar board=" RECUAY_TEST_DIR
	    "/stuck.board", "./././.SSS/J/.sss/j P quiet=0");
	double r[2];
	char buf[64];

	(void)st;
	assert_int_equal(g->to_move(s), TBL_END);
	assert_int_equal(g->result(s, r), 0);
	assert_true(r[0] == 0.5 && r[1] == 0.5);
	g->describe_result(s, buf, sizeof buf);
	assert_string_equal(buf, "draw: no piece of either side can move");
	g->destroy(s);
}

/*
 * narrate() (ABI 1.3): what a move or a throw does, written by the rules
 * as they play it on a copy; end_kind(): the quiet limit is the game's
 * own.
 */
static void
test_narrate(void **st)
{
	struct tbl_state *s = setup("", "...SSSS/s.....././../..../J/..../j P");

	(void)st;
	throw(s, 1);
	assert_string_equal(fake_narrate(g, s, "p7-q1"), "p7-q1: P's man "
	    "moves 1 from p7 to q1; it bumps Q's man back off the board");
	assert_string_equal(fake_narrate(g, s, "p4-c"), "p4-c: P's man moves "
	    "1 from p4 to c");
	assert_string_equal(fake_position(g, s),
	    "...SSSS/s.....././../..../J/..../j P throw=1");
	g->destroy(s);
	s = setup("", "S....../......./S/../..../J/..../j Q");
	assert_string_equal(fake_narrate(g, s, "t0"), "t0: the 0 sends P's "
	    "man on c back off the board; no man of Q's can use the 0: Q "
	    "passes");
	assert_string_equal(fake_narrate(g, s, "t2"), "t2: Q threw 2");
	g->destroy(s);
	s = setup("ruleset=jaguar",
	    ".S...J./...Ss.././../S.S././ssjs/. Q quiet=13");
	assert_string_equal(fake_narrate(g, s, "hq3-q4"), "hq3-q4: Q's jaguar "
	    "moves from hq3 to q4; it kills P's soldier on q4");
	g->destroy(s);
	s = setup("ruleset=jaguar quiet_limit=3",
	    ".S...../......././../S.SS/J/ssks/. P quiet=2");
	assert_int_equal(g->to_move(s), 0);
	assert_string_equal(fake_narrate(g, s, "rp-p4"), "rp-p4: P's jaguar "
	    "moves from rp to p4; the game is over: draw: 3 moves without a "
	    "kill");
	play(s, "rp-p4");
	assert_int_equal(g->to_move(s), TBL_END);
	assert_int_equal(g->end_kind(s), TBL_END_LIMIT);
	g->destroy(s);
}

/*
 * The edges of the notation: an empty move, a move number naming no
 * space (the host formats what the plugin gave), and the account of a
 * game not over.
 */
static void
test_notation_edges(void **st)
{
	struct tbl_state *s = setup("ruleset=jaguar", NULL);
	char err[TBL_ERRLEN] = "", buf[64];
	tbl_move m;
	size_t used;

	(void)st;
	assert_int_equal(g->parse_move(s, "  ", &m, &used, err, sizeof err),
	    -1);
	assert_string_equal(err, "expected a move");
	assert_int_equal(g->format_move(s, RC_MOVE(3, 30, RC_NOBUMP, 0), buf,
	    sizeof buf), 1);
	assert_string_equal(buf, "?");
	assert_int_equal(g->format_move(s, RC_MOVE(30, 3, RC_NOBUMP, 0), buf,
	    sizeof buf), 1);
	assert_string_equal(buf, "?");
	assert_int_equal(g->describe_result(s, buf, sizeof buf),
	    (int)strlen("the game is not over"));
	assert_string_equal(buf, "the game is not over");
	g->destroy(s);
}

/* Position strings that describe no position are refused. */
static void
test_bad_positions(void **st)
{
	static const char *const bad[][2] = {
		{ "......./......././../SSSS/J/ssss/j", "position: expected the side to move, P or Q, after the spaces" },
		{ "......../......././../SSSS/J/ssss/j P", "position: expected '/' before q1 (character 8)" },
		{ "......./......././S./SSSS/J/ssss/j P", "position: the neutral np holds a piece" },
		{ "SS...../......././../SSSS/J/ssss/j P", "position: P has 6 soldiers, at most 4" },
		{ "......./......././../SSSS/S/ssss/j P", "position: a soldier in the raised rp" },
		{ "......./......././../SSSS/J/ssss/j P throw=2", "position: throw= wants 0, 1, 2 or 3 (race only)" },
		{ "......./......././../SSSS/J/ssss/j P quiet=1 quiet=2", "quiet= given twice" },
		{ "......./......././../SSSS/./ssss/j P forced=soldier", "position: forced= but P has no jaguar" },
		{ "", "position: empty" },
	};
	struct tbl_state *s = setup("ruleset=jaguar", NULL);
	char err[TBL_ERRLEN];
	size_t i;

	(void)st;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		err[0] = '\0';
		assert_int_equal(g->set_position(s, bad[i][0], err, sizeof err),
		    -1);
		assert_string_equal(err, bad[i][1]);
		assert_string_equal(fake_position(g, s), JSTART);
	}
	g->destroy(s);
	s = setup("", NULL);
	assert_int_equal(g->set_position(s,
	    "......./s.....././../S.../J/..../j P throw=1", err, sizeof err),
	    -1);
	assert_string_equal(err, "position: S in hp1 is not a race position");
	g->destroy(s);
}

/* Why a move is illegal, in the words of the rules. */
static void
test_explain_illegal(void **st)
{
	static const char *const cases[][4] = {
		{ "ruleset=jaguar", ".Sss.../......././../..../J/..../j P quiet=0",
		  "p2-p3", "the soldier on p3 has no space to be bumped back to "
		  "(a local deadlock)" },
		{ "ruleset=jaguar", JSTART, "hp1-hp2", "soldiers cannot share a space" },
		{ "ruleset=jaguar", JSTART, "hp1-p2",
		  "a soldier moves one space, never diagonally" },
		{ "ruleset=jaguar", "...J.../......././../...././..../j P quiet=0",
		  "p4-rp", "a jaguar never re-enters its starting compartment" },
		{ "ruleset=jaguar", "....j../......././../..../J/..../. Q forced=soldier quiet=1",
		  "rp-p4", "Q's jaguar on p5 must make its forced move first" },
		{ "", "......./...S..././../..../J/SSS./j P throw=1", "q4-hq4",
		  "the last man must land on the centre, not go home" },
		{ "", ".S...../......././../..../J/..../j P throw=2", "pass",
		  "a man can use the throw of 2: pass only when none can" },
	};
	char err[TBL_ERRLEN], why[TBL_ERRLEN];
	struct tbl_state *s;
	tbl_move m;
	size_t used, i;

	(void)st;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		s = setup(cases[i][0], cases[i][1]);
		assert_int_equal(g->parse_move(s, cases[i][2], &m, &used, err,
		    sizeof err), 0);
		assert_false(has_move(s, cases[i][2]));
		assert_true(g->explain_illegal(s, m, why, sizeof why) > 0);
		assert_string_equal(why, cases[i][3]);
		g->destroy(s);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_builtin_is_shipped),
		cmocka_unit_test(test_board_statements),
		cmocka_unit_test(test_board_errors),
		cmocka_unit_test(test_board_errors_more),
		cmocka_unit_test(test_board_crlf),
		cmocka_unit_test(test_board_not_text),
		cmocka_unit_test(test_board_comments),
		cmocka_unit_test(test_board_option),
		cmocka_unit_test(test_board_refusals),
		cmocka_unit_test(test_race_enter),
		cmocka_unit_test(test_race_pass_set_up),
		cmocka_unit_test(test_race_estimate),
		cmocka_unit_test(test_notation_edges),
		cmocka_unit_test(test_race_forward_only),
		cmocka_unit_test(test_race_enemy_both_ways),
		cmocka_unit_test(test_race_blocking),
		cmocka_unit_test(test_race_bump),
		cmocka_unit_test(test_race_zero),
		cmocka_unit_test(test_race_dice),
		cmocka_unit_test(test_race_blocked_throw_passes),
		cmocka_unit_test(test_race_win),
		cmocka_unit_test(test_race_game),
		cmocka_unit_test(test_jaguar_opening),
		cmocka_unit_test(test_jaguar_soldier_steps),
		cmocka_unit_test(test_jaguar_moves),
		cmocka_unit_test(test_jaguar_through),
		cmocka_unit_test(test_jaguar_no_return),
		cmocka_unit_test(test_jaguar_kill),
		cmocka_unit_test(test_jaguar_carry),
		cmocka_unit_test(test_jaguar_bump),
		cmocka_unit_test(test_jaguar_deadlock),
		cmocka_unit_test(test_jaguar_forced),
		cmocka_unit_test(test_jaguar_forced_through_centre),
		cmocka_unit_test(test_jaguar_forced_pair),
		cmocka_unit_test(test_jaguar_attacks_pair),
		cmocka_unit_test(test_jaguar_end),
		cmocka_unit_test(test_jaguar_stuck_draw),
		cmocka_unit_test(test_narrate),
		cmocka_unit_test(test_bad_positions),
		cmocka_unit_test(test_explain_illegal),
	};

	g = fake_game();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
