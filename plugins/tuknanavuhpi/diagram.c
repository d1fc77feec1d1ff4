/*
 * diagram.c - the Tuknanavuhpi board as a diagram (SDK ABI 1.3): Culin's
 * figure of the Hopi board, a 4 x 4 block of squares with both diagonals,
 * the counters on its 41 points, and the wiped squares shaded.
 *
 * Only the plugin's public functions are used (the position string and
 * the notation), so the diagram follows the rules whatever the fast code
 * keeps in the state.  The lattice: file f and rank r from 0 to 8, a
 * point where f + r is even, point p = (9 * r + f) / 2 (board.h); corner
 * points (f and r even) are joined across and down to the next corner,
 * every point diagonally to its neighbours.
 */
#include "tuknanavuhpi.h"

/* Cell numbers: points 0..40, squares SQ + 0..15. */
#define SQ 100

static double
px(int f)
{
	return f + 0.5;
}

static double
py(int r)
{
	return 8 - r + 0.5;
}

static int
point_at(int f, int r)
{
	if (f < 0 || f > 8 || r < 0 || r > 8 || (f + r) % 2 != 0)
		return -1;
	return (9 * r + f) / 2;
}

/*
 * The points named in the text of move m: the first where the counter
 * left (dashed), every later one where it landed (solid).  A point is
 * read where a word starts or after the 'x' of a jump ("c3xe5", "xe7").
 */
static void
mark_move(const struct tbl_state *before, tbl_move m, const struct tbl_draw *d)
{
	char text[128];
	const char *c;
	int first = -1, n = 0, p, f, r, k;

	tk_format_move(before, m, text, sizeof text);
	for (c = text; *c; c++) {
		int word = c == text || c[-1] == ' ' || c[-1] == '-' ||
		    (c[-1] == 'x' && (c - 1 == text || c[-2] == ' ' ||
		    (c[-2] >= '0' && c[-2] <= '9')));
		if (!word || (k = tbl_read_square(c, 9, 9, &f, &r)) <= 0)
			continue;
		if ((p = point_at(f, r)) >= 0) {
			if (n++ == 0)
				first = p;
			else
				tbl_draw_mark(d, p, TBL_MARK_TO);
		}
		c += k - 1;
	}
	if (first >= 0)
		tbl_draw_mark(d, first, n > 1 ? TBL_MARK_FROM : TBL_MARK_TO);
}

/* The descriptor's diagram hook (ABI 1.3). */
int
tk_diagram(const struct tbl_state *s, const struct tbl_state *before,
    tbl_move last, const struct tbl_draw *d)
{
	char pos[128], name[PNAME];
	const char *c = pos;
	int f, r, p, q;

	tk_get_position(s, pos, sizeof pos);
	tbl_draw_frame(d, 9, 10);
	/* The squares first, shaded when wiped (their centre is '#'). */
	for (q = 0; q < 16; q++)
		tbl_draw_cell(d, SQ + q, px(2 * (q % 4) + 1), py(2 * (q / 4) + 1),
		    2, 2, TBL_CELL_SQUARE, NULL);
	for (p = 0; p < NPTS; p++) {
		r = 2 * p / 9;
		f = 2 * p - 9 * r;
		tbl_write_square(name, sizeof name, f, r);
		tbl_draw_cell(d, p, px(f), py(r), 0.8, 0.8, TBL_CELL_POINT, name);
	}
	for (p = 0; p < NPTS && *c != ' ' && *c; c++) {
		if (*c == '/')
			continue;
		r = 2 * p / 9;
		f = 2 * p - 9 * r;
		if (*c == '#') {
			tbl_draw_mark(d, p, TBL_MARK_SHADE);
			if (f % 2 == 1)
				tbl_draw_mark(d, SQ + f / 2 + 4 * (r / 2),
				    TBL_MARK_SHADE);
		} else if (*c != '.')
			tbl_draw_piece(d, p, *c == 'w' || *c == 'W' ? 0 : 1, 1,
			    *c == 'W' || *c == 'B' ? "M" : NULL);
		p++;
	}
	for (p = 0; p < NPTS; p++) {
		r = 2 * p / 9;
		f = 2 * p - 9 * r;
		if (f % 2 == 0 && r % 2 == 0 && f < 8)
			tbl_draw_line(d, p, point_at(f + 2, r));
		if (f % 2 == 0 && r % 2 == 0 && r < 8)
			tbl_draw_line(d, p, point_at(f, r + 2));
		if (point_at(f + 1, r + 1) >= 0)
			tbl_draw_line(d, p, point_at(f + 1, r + 1));
		if (point_at(f - 1, r + 1) >= 0)
			tbl_draw_line(d, p, point_at(f - 1, r + 1));
	}
	if (before != NULL)
		mark_move(before, last, d);
	tbl_draw_side(d, 0, 0.5, 9.5);
	tbl_draw_side(d, 1, 5, 9.5);
	return 0;
}
