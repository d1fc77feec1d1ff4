/*
 * diagram.c - the mancala board as a diagram (SDK ABI 1.3), after
 * Wagner's figures: the rows of holes, top to bottom as the rows are
 * lettered (a, b, ...), each with its count of men, the holes named as in
 * moves (b6), each player's rows framed together with his name beside
 * them and the men he has taken, and the holes of the last move marked:
 * dashed where a sowing started, solid where its laps ended; for an
 * extra capture or a transfer, the holes it names.
 */
#include <stdio.h>
#include <string.h>

#include "mancala.h"

/*
 * Where a sowing landed, told by the rules as they play m on a copy of
 * `before`: each relay's hole after the first (its last man landed there
 * and lifted the hole) and the hole the move ended in.
 */
static void
mark_landings(const struct tbl_state *before, tbl_move m,
    const struct tbl_draw *d)
{
	struct tbl_state t = *before;
	struct mc_tell tell;
	int i;

	memset(&tell, 0, sizeof tell);
	mc_tell_engine(&t.r, &tell);
	if (mc_apply(&t.r, &t.p, m) != 0)
		return;
	for (i = 1; i < tell.relays && i < 4; i++)
		tbl_draw_mark(d, tell.relay_at[i], TBL_MARK_TO);
	if (tell.relays > 1)
		tbl_draw_mark(d, tell.last_relay, TBL_MARK_TO);
	for (i = 0; i < tell.n; i++)
		if (tell.e[i].ev == 'E' || tell.e[i].ev == 'L')
			tbl_draw_mark(d, tell.e[i].a, TBL_MARK_TO);
}

/*
 * Mark the holes of move m: a sowing from the hole it names (dashed) to
 * every hole a lap of it ended in (solid); a transfer from its first
 * hole to its last; anything else (a capture chosen, a man dealt) on the
 * hole it names.
 */
static void
mark_move(const struct tbl_state *before, tbl_move m, const struct tbl_draw *d)
{
	const struct rules *r = &before->r;
	char text[64];
	const char *c;
	int first = -1, last = -1, f, k, rank;

	mc_format_move(r, m, text, sizeof text);
	for (c = text; *c; c++) {
		if ((k = tbl_read_square(c, r->rows, r->n, &f, &rank)) <= 0)
			continue;
		last = f * r->n + rank;
		if (first < 0)
			first = last;
		c += k - 1;
	}
	if ((m & MV_KIND) == MV_HOLE || (m & MV_KIND) == MV_TRANSFER) {
		if (first >= 0)
			tbl_draw_mark(d, first, TBL_MARK_FROM);
		if (last >= 0 && last != first)
			tbl_draw_mark(d, last, TBL_MARK_TO);
		if ((m & MV_KIND) == MV_HOLE)
			mark_landings(before, m, d);
	} else if (last >= 0)
		tbl_draw_mark(d, last, TBL_MARK_TO);
}

/* Which rows player p owns lie on the board's upper half? */
static int
upper(const struct rules *r, int p)
{
	int row, sum = 0, nrows = 0;

	for (row = 0; row < r->rows; row++)
		if (r->own[mc_hole(r, row, 0)] == p) {
			sum += row;
			nrows++;
		}
	return nrows > 0 && 2 * sum < nrows * (r->rows - 1);
}

int
mc_diagram(const struct tbl_state *s, const struct tbl_state *before,
    tbl_move last, const struct tbl_draw *d)
{
	const struct rules *r = &s->r;
	char name[16], taken[48];
	int row, col, h, p, up;

	tbl_draw_frame(d, r->n, r->rows + 1.6);
	/* Each player's rows framed together, behind the holes. */
	for (p = P; p <= Q; p++) {
		int lo = -1, hi = -1;

		for (row = 0; row < r->rows; row++)
			if (r->own[mc_hole(r, row, 0)] == p) {
				lo = lo < 0 ? row : lo;
				hi = row;
			}
		if (lo >= 0)
			tbl_draw_cell(d, MAXH + p, r->n / 2.0, (lo + hi) / 2.0 + 1.3,
			    r->n - 0.06, hi - lo + 0.96, TBL_CELL_STORE, NULL);
	}
	for (row = 0; row < r->rows; row++)
		for (col = 0; col < r->n; col++) {
			h = mc_hole(r, row, col);
			tbl_write_square(name, sizeof name, row, col);
			tbl_draw_cell(d, h, col + 0.5, row + 1.3, 0.86, 0.86,
			    TBL_CELL_HOLE, name);
			tbl_draw_piece(d, h, TBL_SIDE_NONE, s->p.c[h], NULL);
		}
	for (p = P; p <= Q; p++) {
		double y;

		up = upper(r, p) || (p == Q && !upper(r, P) && r->rows < 2);
		y = up ? 0.4 : r->rows + 1.2;
		tbl_draw_side(d, p, 0.4, y);
		snprintf(taken, sizeof taken, "taken: %u", s->p.credit[p]);
		tbl_draw_text(d, r->n - 1.0, y, taken);
	}
	if (before != NULL)
		mark_move(before, last, d);
	return 0;
}
