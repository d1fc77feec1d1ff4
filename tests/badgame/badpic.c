/*
 * badpic.c - a test plugin whose diagram breaks the rules of the
 * diagram() hook as its `drawing` option says, so that tests can show
 * that the host refuses the picture with a message and keeps the game,
 * escapes whatever text a plugin draws, and that `tablero check` names
 * each fault.  The game: two players take turns saying "go" until four
 * moves are made; `said` counts them too, but the position string does
 * not hold it (a set_position leaves it alone).
 */
#include <signal.h>
#include <string.h>

#include "tablero.h"

struct tbl_state {
	const struct tbl_host *host;
	int moves, drawing, said;
};

TBL_FLAT_STATE_FUNCTIONS(bp)

enum { GOOD, UNDECLARED, TWICE, OUTSIDE, NOFRAME, NONE, EVIL, LONG, DIRTY,
	RETURN, UNSTEADY, HIDDEN, BEFORE, HANG, MARK, SIDE, COUNT, BIG, MANY,
	NUMBER, ITEMS, NDRAW };
static const char *const drawings[] = { "good", "undeclared", "twice",
	"outside", "noframe", "none", "evil", "long", "dirty", "return",
	"unsteady", "hidden", "before", "hang", "mark", "side", "count", "big",
	"many", "number", "items", NULL };

static const struct tbl_option options[] = {
	{ "drawing", TBL_OPT_ENUM, "good", 0, 0, drawings,
	  "how the diagram breaks the rules" },
};

static struct tbl_state *
bp_create(const struct tbl_host *h, const struct tbl_optval *o, uint64_t seed,
    char *err, size_t errlen)
{
	struct tbl_state *s = h->calloc(sizeof *s);

	(void)seed, (void)err, (void)errlen;
	s->host = h;
	s->drawing = (int)o[0].i;
	return s;
}

static int bp_players(const struct tbl_state *s) { (void)s; return 2; }

static const char *
bp_name(const struct tbl_state *s, int p)
{
	(void)s;
	return p == 0 ? "A<&\"'" : "B";
}

static int
bp_to_move(const struct tbl_state *s)
{
	return s->moves >= 4 ? TBL_END : s->moves % 2;
}

static int
bp_legal(const struct tbl_state *s, tbl_move *out, int cap)
{
	if (s->moves >= 4)
		return 0;
	if (cap > 0)
		out[0] = 1;
	return 1;
}

static int
bp_chance(const struct tbl_state *s, tbl_move *out, double *p, int cap)
{
	(void)s, (void)out, (void)p, (void)cap;
	return 0;
}

static int
bp_apply(struct tbl_state *s, tbl_move m)
{
	if (m != 1 || s->moves >= 4)
		return -1;
	s->moves++;
	s->said++;
	return 0;
}

static int
bp_parse(const struct tbl_state *s, const char *text, tbl_move *m,
    size_t *used, char *err, size_t errlen)
{
	const char *p = tbl_skip_blanks(text);

	(void)s;
	if (strncmp(p, "go", 2) != 0) {
		tbl_error(err, errlen, "say go");
		return -1;
	}
	*m = 1;
	*used = (size_t)(p - text) + 2;
	return 0;
}

static int
bp_format(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	(void)s, (void)m;
	return snprintf(buf, len, "go");
}

static int
bp_pos(const struct tbl_state *s, char *buf, size_t len)
{
	return snprintf(buf, len, "%d", s->moves);
}

static int
bp_set(struct tbl_state *s, const char *pos, char *err, size_t errlen)
{
	unsigned long v;

	if (tbl_read_uint(pos, 4, &v) <= 0) {
		tbl_error(err, errlen, "a position is 0 to 4");
		return -1;
	}
	s->moves = (int)v;
	return 0;
}

static int
bp_result(const struct tbl_state *s, double *out)
{
	if (s->moves < 4)
		return -1;
	out[0] = out[1] = 0.5;
	return 0;
}

/* The faults of a cell, a mark, a piece or the frame that the host
 * cannot draw, beyond those of bp_diagram. */
static void
bp_out_of_range(const struct tbl_state *s, const struct tbl_draw *d)
{
	int i;

	if (s->drawing == MARK)
		tbl_draw_mark(d, 0, (enum tbl_mark)9);
	if (s->drawing == SIDE)
		tbl_draw_piece(d, 1, 2, 1, NULL);
	if (s->drawing == COUNT)
		tbl_draw_piece(d, 1, 0, 100000, NULL);
	if (s->drawing == NUMBER)
		tbl_draw_cell(d, 65536, 3, 1, 1, 1, TBL_CELL_POINT, NULL);
	for (i = 0; s->drawing == ITEMS && i < 16384; i++)
		tbl_draw_line(d, 0, 1);
	for (i = 2; s->drawing == MANY && i <= 4096; i++)
		tbl_draw_cell(d, i, 3, 1, 0.1, 0.1, TBL_CELL_POINT, NULL);
}

static int
bp_diagram(const struct tbl_state *s, const struct tbl_state *before,
    tbl_move last, const struct tbl_draw *d)
{
	static int calls;
	volatile int spin = 1;

	(void)last;
	if (s->drawing == NONE)
		return -1;
	if (s->drawing == RETURN)
		return 2;
	/* A hook that reads before at the start (NULL there) crashes: as
	 * raised, so that the sanitizers' build sees the same signal. */
	if (s->drawing == BEFORE && before == NULL)
		raise(SIGSEGV);
	while (s->drawing == HANG && spin)
		;
	if (s->drawing != NOFRAME)
		tbl_draw_frame(d, s->drawing == BIG ? 201 : 4, 2);
	tbl_draw_cell(d, 0, 0.5, 0.5, 1, 1, TBL_CELL_SQUARE, s->drawing == LONG ?
	    "a1234567890123456789012345678901234567890123456789012345678901234"
	    "5678901234567890" : "a1");
	tbl_draw_cell(d, s->drawing == TWICE ? 0 : 1, 1.5, 0.5, 1, 1,
	    TBL_CELL_HOLE, "b1");
	tbl_draw_line(d, 0, s->drawing == UNDECLARED ? 7 : 1);
	tbl_draw_piece(d, 0, 0, s->moves, s->drawing == DIRTY ? "K\n" : NULL);
	if (s->drawing == OUTSIDE)
		tbl_draw_text(d, 99, 1, "far");
	if (s->drawing == EVIL) {
		tbl_draw_text(d, 2, 1, "</text><script>alert(1)</script>"
		    "\x01\xff\"'&");
		tbl_draw_piece(d, 1, TBL_SIDE_NONE, 3, "<b>");
	}
	if (s->drawing == UNSTEADY)
		tbl_draw_text(d, 2, 1, ++calls % 2 ? "odd" : "even");
	if (s->drawing == HIDDEN)
		tbl_draw_piece(d, 1, 1, s->said, NULL);
	bp_out_of_range(s, d);
	tbl_draw_side(d, 0, 0.2, 1.5);
	return 0;
}

static const struct tbl_game game = {
	.name = "badpic",
	.title = "a game whose diagram breaks the rules as told",
	.version = "0",
	.options = options, .noptions = 1,
	.create = bp_create, .clone = bp_clone, .copy = bp_copy,
	.destroy = bp_destroy, .players = bp_players, .player_name = bp_name,
	.to_move = bp_to_move, .legal_moves = bp_legal,
	.chance_outcomes = bp_chance, .apply = bp_apply, .parse_move = bp_parse,
	.format_move = bp_format, .render = bp_pos, .get_position = bp_pos,
	.set_position = bp_set, .result = bp_result,
	.diagram = bp_diagram,
};

TABLERO_PLUGIN(game)
