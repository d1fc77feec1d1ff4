/*
 * example.c - Tablero's example plugin: the m,n,k-game (tic-tac-toe and
 * its larger relatives, such as free-style gomoku).
 *
 * Two players, X and O, take turns placing a stone on an empty cell of a
 * width x height board; the first to make an unbroken line of k stones
 * (across, down or diagonally) wins; a full board without one is a draw.
 *
 * This file is the model a plugin author copies.  It includes only
 * tablero.h, keeps no global mutable state, keeps its whole state in one
 * flat struct (so clone and copy are a memcpy, written for it by the SDK's
 * TBL_FLAT_STATE_FUNCTIONS), generates moves without
 * allocating, and validates every text it reads with the SDK's text
 * toolkit (tbl_next_word, tbl_read_square, ...), never a tokenizer of its
 * own.  Build it out of tree:
 *
 *	cc -shared -fPIC $(pkg-config --cflags tablero) -o example.so example.c
 */
#include <stdlib.h>
#include <string.h>

#include "tablero.h"

#define MAXW 19
#define MAXCELLS (MAXW * MAXW)

/* Cell contents. */
enum { EMPTY = 0, XS = 1, OS = 2 };

struct tbl_state {
	const struct tbl_host *host;	/* for clone/destroy */
	int w, h, k;			/* the options, fixed per game */
	int turn;			/* 0: X to move, 1: O to move */
	int winner;			/* -1 none yet, 0 X, 1 O, 2 draw */
	int filled;			/* stones on the board */
	unsigned char cell[MAXCELLS];	/* row-major, row 0 = rank 1 */
};

TBL_FLAT_STATE_FUNCTIONS(ex)

/* Option indices, in declaration order. */
enum { OPT_WIDTH, OPT_HEIGHT, OPT_K, OPT_FIRST };

static const char *const first_choices[] = { "X", "O", NULL };

static const struct tbl_option options[] = {
	{ "width", TBL_OPT_INT, "3", 3, MAXW, NULL, "columns of the board" },
	{ "height", TBL_OPT_INT, "3", 3, MAXW, NULL, "rows of the board" },
	{ "k", TBL_OPT_INT, "3", 3, MAXW,
	  NULL, "stones in a line needed to win" },
	{ "first", TBL_OPT_ENUM, "X", 0, 0, first_choices,
	  "which side places the first stone" },
};

static const char *const names[] = { "X", "O" };

static struct tbl_state *
ex_create(const struct tbl_host *host, const struct tbl_optval *opts,
    uint64_t seed, char *err, size_t errlen)
{
	struct tbl_state *s;

	(void)seed;
	if (opts[OPT_K].i > opts[OPT_WIDTH].i && opts[OPT_K].i > opts[OPT_HEIGHT].i) {
		tbl_error(err, errlen, "k=%ld does not fit on a %ldx%ld board",
		    opts[OPT_K].i, opts[OPT_WIDTH].i, opts[OPT_HEIGHT].i);
		return NULL;
	}
	s = host->calloc(sizeof *s);
	s->host = host;
	s->w = (int)opts[OPT_WIDTH].i;
	s->h = (int)opts[OPT_HEIGHT].i;
	s->k = (int)opts[OPT_K].i;
	s->turn = (int)opts[OPT_FIRST].i;
	s->winner = -1;
	return s;
}

static int
ex_players(const struct tbl_state *s)
{
	(void)s;
	return 2;
}

static const char *
ex_player_name(const struct tbl_state *s, int p)
{
	(void)s;
	return p >= 0 && p < 2 ? names[p] : "?";
}

static int
ex_to_move(const struct tbl_state *s)
{
	return s->winner >= 0 ? TBL_END : s->turn;
}

/* A move is the index of the cell it fills. */
static int
ex_legal_moves(const struct tbl_state *s, tbl_move *out, int cap)
{
	int i, n = 0;

	if (s->winner >= 0)
		return 0;
	for (i = 0; i < s->w * s->h; i++)
		if (s->cell[i] == EMPTY) {
			if (n < cap)
				out[n] = (tbl_move)i;
			n++;
		}
	return n;
}

static int
ex_chance_outcomes(const struct tbl_state *s, tbl_move *out, double *prob,
    int cap)
{
	(void)s, (void)out, (void)prob, (void)cap;
	return 0;	/* no chance in this game */
}

/* The length of the line through cell i in direction (dx, dy). */
static int
run_length(const struct tbl_state *s, int i, int dx, int dy)
{
	int x = i % s->w, y = i / s->w, c = s->cell[i], n = 1, j;

	for (j = 1; ; j++) {
		int xx = x + dx * j, yy = y + dy * j;
		if (xx < 0 || yy < 0 || xx >= s->w || yy >= s->h ||
		    s->cell[yy * s->w + xx] != c)
			break;
		n++;
	}
	for (j = 1; ; j++) {
		int xx = x - dx * j, yy = y - dy * j;
		if (xx < 0 || yy < 0 || xx >= s->w || yy >= s->h ||
		    s->cell[yy * s->w + xx] != c)
			break;
		n++;
	}
	return n;
}

/* The cell at the far end of the line through cell i in direction (dx, dy). */
static int
line_end(const struct tbl_state *s, int i, int dx, int dy)
{
	int x = i % s->w, y = i / s->w, c = s->cell[i];

	while (x + dx >= 0 && y + dy >= 0 && x + dx < s->w && y + dy < s->h &&
	    s->cell[(y + dy) * s->w + x + dx] == c)
		x += dx, y += dy;
	return y * s->w + x;
}

static int ex_format_move(const struct tbl_state *, tbl_move, char *, size_t);

/*
 * Where play() tells what a move does, for narrate(); apply() passes
 * NULL.  One function plays the move for both, so the account cannot
 * disagree with the game.
 */
struct narration {
	char *buf;
	size_t len, n;
};

/* Tell w what the stone just placed on cell i made of its longest line. */
static void
tell_line(const struct tbl_state *s, struct narration *w, int i, int d)
{
	static const int dirs[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };
	const char *who = names[s->cell[i] - 1];
	char a[8], b[8];
	int len = run_length(s, i, dirs[d][0], dirs[d][1]);

	ex_format_move(s, (tbl_move)i, a, sizeof a);
	tbl_bprintf(w->buf, w->len, &w->n, "%s: ", a);
	if (len >= s->k) {
		ex_format_move(s, (tbl_move)line_end(s, i, -dirs[d][0],
		    -dirs[d][1]), a, sizeof a);
		ex_format_move(s, (tbl_move)line_end(s, i, dirs[d][0],
		    dirs[d][1]), b, sizeof b);
		tbl_bprintf(w->buf, w->len, &w->n, "%s's stone makes %d in a "
		    "line from %s to %s: %s wins", who, len, a, b, who);
	} else if (s->filled == s->w * s->h)
		tbl_bprintf(w->buf, w->len, &w->n, "%s fills the last cell "
		    "without a line of %d: a draw", who, s->k);
	else if (len == 1)
		tbl_bprintf(w->buf, w->len, &w->n, "%s's stone has no stone of "
		    "%s's in line beside it (%d in a line win)", who, who, s->k);
	else
		tbl_bprintf(w->buf, w->len, &w->n, "%s's stone makes a line of "
		    "%d (%d in a line win)", who, len, s->k);
}

/* Play m in s, telling w (when not NULL) what it did; -1 if illegal. */
static int
play(struct tbl_state *s, tbl_move m, struct narration *w)
{
	static const int dirs[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };
	int d, len, best = 0, bestd = 0;

	if (s->winner >= 0 || m >= (tbl_move)(s->w * s->h) || s->cell[m] != EMPTY)
		return -1;
	s->cell[m] = (unsigned char)(s->turn + 1);
	s->filled++;
	for (d = 0; d < 4; d++) {
		len = run_length(s, (int)m, dirs[d][0], dirs[d][1]);
		if (len > best)
			best = len, bestd = d;
	}
	if (w != NULL)
		tell_line(s, w, (int)m, bestd);
	if (best >= s->k) {
		s->winner = s->turn;
		return 0;
	}
	if (s->filled == s->w * s->h)
		s->winner = 2;
	s->turn ^= 1;
	return 0;
}

static int
ex_apply(struct tbl_state *s, tbl_move m)
{
	return play(s, m, NULL);
}

/* ABI 1.3: what legal move m does, told by play() on a copy of s. */
static int
ex_narrate(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	struct tbl_state t = *s;
	struct narration w = { buf, len, 0 };

	if (len > 0)
		buf[0] = '\0';
	if (play(&t, m, &w) != 0)
		return 0;
	return (int)w.n;
}

/*
 * Cells are named like a chess board: column letter, rank number ("b2").
 * The SDK's text toolkit reads the words and the square names, so blanks
 * (spaces and tabs) and numbers work as in every other game.
 */
static int
ex_parse_move(const struct tbl_state *s, const char *text, tbl_move *m,
    size_t *used, char *err, size_t errlen)
{
	const char *p = text;
	struct tbl_word w;
	int col, row, k;

	tbl_next_word(&p, &w);
	k = tbl_read_square(w.p, s->w, s->h, &col, &row);
	if (k < 0) {
		tbl_error(err, errlen, "no cell %.*s on a %dx%d board",
		    (int)w.len, w.p, s->w, s->h);
		return -1;
	}
	if (k == 0 || (size_t)k != w.len) {
		tbl_error(err, errlen, "'%.*s' is not a cell: expected a column "
		    "letter and a rank, like b2", (int)w.len, w.p);
		return -1;
	}
	*m = (tbl_move)(row * s->w + col);
	*used = (size_t)(p - text);
	return 0;
}

static int
ex_format_move(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	size_t n = 0;

	tbl_bprintf(buf, len, &n, "%c%d", 'a' + (int)(m % (tbl_move)s->w),
	    (int)(m / (tbl_move)s->w) + 1);
	return (int)n;
}

static const char cellch[] = ".XO";

static int
ex_render(const struct tbl_state *s, char *buf, size_t len)
{
	size_t n = 0;
	int x, y;

	for (y = s->h - 1; y >= 0; y--) {
		tbl_bprintf(buf, len, &n, "%2d ", y + 1);
		for (x = 0; x < s->w; x++)
			tbl_bprintf(buf, len, &n, " %c", cellch[s->cell[y * s->w + x]]);
		tbl_bprintf(buf, len, &n, "\n");
	}
	tbl_bprintf(buf, len, &n, "   ");
	for (x = 0; x < s->w; x++)
		tbl_bprintf(buf, len, &n, " %c", 'a' + x);
	tbl_bprintf(buf, len, &n, "\n");
	return (int)n;
}

/*
 * The diagram (ABI 1.3): what is where, for the host to draw.  A square
 * board of w x h unit cells with rank 1 at the bottom, each cell named as
 * in moves, the stones of X (player 0) and O (player 1) on them, the
 * cell of the last move marked, and each player's name below the board.
 * The host draws it: `save game.svg`, `save game.html`.
 */
static int
ex_diagram(const struct tbl_state *s, const struct tbl_state *before,
    tbl_move last, const struct tbl_draw *d)
{
	char name[16];
	int x, y, i;

	(void)before;
	tbl_draw_frame(d, s->w, s->h + 1);
	for (y = 0; y < s->h; y++)
		for (x = 0; x < s->w; x++) {
			i = y * s->w + x;
			tbl_write_square(name, sizeof name, x, y);
			tbl_draw_cell(d, i, x + 0.5, s->h - y - 0.5, 1, 1,
			    TBL_CELL_SQUARE, name);
			if (s->cell[i] != EMPTY)
				tbl_draw_piece(d, i, s->cell[i] - 1, 1, NULL);
		}
	if (before != NULL)
		tbl_draw_mark(d, (int)last, TBL_MARK_TO);
	tbl_draw_side(d, 0, 0.4, s->h + 0.5);
	tbl_draw_side(d, 1, s->w / 2.0 + 0.4, s->h + 0.5);
	return 0;
}

/*
 * Position string: the ranks from the top down, separated by '/', each a
 * row of '.', 'X' and 'O' from column a; then a space and the side to
 * move ("X", "O", or "-" once the game is over).  3x3 start: ".../.../... X"
 */
static int
ex_get_position(const struct tbl_state *s, char *buf, size_t len)
{
	size_t n = 0;
	int x, y;

	for (y = s->h - 1; y >= 0; y--) {
		for (x = 0; x < s->w; x++)
			tbl_bprintf(buf, len, &n, "%c", cellch[s->cell[y * s->w + x]]);
		if (y > 0)
			tbl_bprintf(buf, len, &n, "/");
	}
	tbl_bprintf(buf, len, &n, " %s", s->winner >= 0 ? "-" : names[s->turn]);
	return (int)n;
}

/* Does the player who just moved (stone c) have a line anywhere? */
static int
has_line(const struct tbl_state *s, int c)
{
	static const int dirs[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };
	int i, d;

	for (i = 0; i < s->w * s->h; i++)
		if (s->cell[i] == c)
			for (d = 0; d < 4; d++)
				if (run_length(s, i, dirs[d][0], dirs[d][1]) >= s->k)
					return 1;
	return 0;
}

/*
 * Read the board, the first word of a position string, into t->cell;
 * count the stones of each side in *nx and *no.
 */
static int
parse_board(struct tbl_state *t, struct tbl_word w, int *nx, int *no,
    char *err, size_t errlen)
{
	const char *p = w.p, *end = w.p + w.len, *c;
	int x, y;

	memset(t->cell, 0, sizeof t->cell);
	*nx = *no = 0;
	for (y = t->h - 1; y >= 0; y--) {
		for (x = 0; x < t->w; x++, p++) {
			c = p < end && *p != '/' ? strchr(cellch, *p) : NULL;
			if (c == NULL) {
				if (p == end || *p == '/')
					tbl_error(err, errlen, "rank %d is short: %d "
					    "cells, expected %d", y + 1, x, t->w);
				else
					tbl_error(err, errlen, "rank %d: '%c' is not a "
					    "cell (use . X O)", y + 1, *p);
				return -1;
			}
			t->cell[y * t->w + x] = (unsigned char)(c - cellch);
			*nx += *p == 'X';
			*no += *p == 'O';
		}
		if (y > 0 && (p == end || *p++ != '/')) {
			tbl_error(err, errlen, "rank %d is long or a '/' is missing "
			    "after it (expected %d cells)", y + 1, t->w);
			return -1;
		}
	}
	if (p != end) {
		tbl_error(err, errlen, "expected %d ranks, then a space and the "
		    "side to move", t->h);
		return -1;
	}
	return 0;
}

/*
 * Check a board of nx X and no O stones and the side to move `side`
 * ('X', 'O' or '-'), and set who is to move or has won.
 */
static int
check_position(struct tbl_state *t, int nx, int no, char side, char *err,
    size_t errlen)
{
	int xl = has_line(t, XS), ol = has_line(t, OS);

	t->filled = nx + no;
	if (xl && ol) {
		tbl_error(err, errlen, "impossible position: both sides have %d "
		    "in a line", t->k);
		return -1;
	}
	if (nx - no > 1 || no - nx > 1) {
		tbl_error(err, errlen, "impossible position: %d X and %d O stones",
		    nx, no);
		return -1;
	}
	if (xl || ol || t->filled == t->w * t->h) {
		if (side != '-') {
			tbl_error(err, errlen, "the game is over in this position: "
			    "the side to move must be -");
			return -1;
		}
		t->winner = xl ? 0 : ol ? 1 : 2;
		t->turn = xl ? 0 : ol ? 1 : t->turn;
	} else {
		if (side == '-') {
			tbl_error(err, errlen, "the game is not over: give the side "
			    "to move (X or O)");
			return -1;
		}
		/*
		 * The sides alternate: X moves when O has as many stones or one
		 * more (O began), O when X has as many or one more.  Any other
		 * side to move leads, after its move, to a count refused above.
		 */
		if ((side == 'X' && nx > no) || (side == 'O' && no > nx)) {
			tbl_error(err, errlen, "impossible position: %d X and "
			    "%d O stones with %c to move", nx, no, side);
			return -1;
		}
		t->winner = -1;
		t->turn = side == 'X' ? 0 : 1;
	}
	return 0;
}

/* Parse the board, then the side to move, then check the whole; s is
 * changed only when all of it is good. */
static int
ex_set_position(struct tbl_state *s, const char *pos, char *err,
    size_t errlen)
{
	struct tbl_state t = *s;
	struct tbl_word w;
	const char *p = pos;
	int nx, no;
	char side;

	tbl_next_word(&p, &w);
	if (parse_board(&t, w, &nx, &no, err, errlen) != 0)
		return -1;
	if (!tbl_next_word(&p, &w)) {
		tbl_error(err, errlen, "expected %d ranks, then a space and the "
		    "side to move", s->h);
		return -1;
	}
	if (!tbl_word_is(w, "X") && !tbl_word_is(w, "O") &&
	    !tbl_word_is(w, "-")) {
		tbl_error(err, errlen, "side to move must be X, O or -, not "
		    "'%.*s'", (int)w.len, w.p);
		return -1;
	}
	side = w.p[0];
	if (tbl_next_word(&p, &w)) {
		tbl_error(err, errlen, "unexpected '%.*s' after the side to move",
		    (int)w.len, w.p);
		return -1;
	}
	if (check_position(&t, nx, no, side, err, errlen) != 0)
		return -1;
	*s = t;
	return 0;
}

static int
ex_result(const struct tbl_state *s, double *out)
{
	if (s->winner < 0)
		return -1;
	out[0] = s->winner == 0 ? 1 : s->winner == 2 ? 0.5 : 0;
	out[1] = 1 - out[0];
	return 0;
}

static int
ex_describe_result(const struct tbl_state *s, char *buf, size_t len)
{
	size_t n = 0;

	if (s->winner == 2)
		tbl_bprintf(buf, len, &n, "a draw: the board is full");
	else if (s->winner >= 0)
		tbl_bprintf(buf, len, &n, "%s wins with %d in a line",
		    names[s->winner], s->k);
	return (int)n;
}

/* ABI 1.2: why a cell the player named may not take a stone. */
static int
ex_explain_illegal(const struct tbl_state *s, tbl_move m, char *buf,
    size_t len)
{
	size_t n = 0;
	char cell[16];

	if (len > 0)
		buf[0] = '\0';
	if (s->winner >= 0 || m >= (tbl_move)(s->w * s->h) ||
	    s->cell[m] == EMPTY)
		return 0;
	ex_format_move(s, m, cell, sizeof cell);
	tbl_bprintf(buf, len, &n, "%s holds %s's stone", cell,
	    names[s->cell[m] - 1]);
	return (int)n;
}

static const struct tbl_game game = {
	.name = "example",
	.title = "m,n,k-game (tic-tac-toe, gomoku): the SDK example",
	.version = "1.0",
	.rules =
	    "X and O take turns placing a stone on an empty cell; the first to\n"
	    "make a line of k stones across, down or diagonally wins; a full\n"
	    "board is a draw.  Cells are named by column letter and rank: b2.\n"
	    "See tablero-example(7) and 'options' for the board size, and\n"
	    "tablero-sdk(3) for this game's source, sdk/example/example.c.\n",
	.options = options,
	.noptions = (int)(sizeof options / sizeof options[0]),
	.init = NULL,
	.create = ex_create,
	.clone = ex_clone,
	.copy = ex_copy,
	.destroy = ex_destroy,
	.players = ex_players,
	.player_name = ex_player_name,
	.to_move = ex_to_move,
	.legal_moves = ex_legal_moves,
	.chance_outcomes = ex_chance_outcomes,
	.apply = ex_apply,
	.parse_move = ex_parse_move,
	.format_move = ex_format_move,
	.render = ex_render,
	.get_position = ex_get_position,
	.set_position = ex_set_position,
	.result = ex_result,
	.describe_result = ex_describe_result,
	.explain_illegal = ex_explain_illegal,
	.narrate = ex_narrate,
	.diagram = ex_diagram,
	/*
	 * ABI 1.3: the state is flat and canonical (create() zeroes it, and
	 * every field is the position or follows from it), so `tablero
	 * solve` keys a position by its bytes.
	 */
	.flat_key = sizeof(struct tbl_state),
};

TABLERO_PLUGIN(game)
