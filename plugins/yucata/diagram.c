/*
 * diagram.c - the Yucata' board as a diagram (SDK ABI 1.3): the start
 * space 0 in a corner and the 39 track spaces, numbered, winding inwards
 * clockwise to space 39 in the middle (the spec's board: the start a large
 * corner space, the last space in the centre; the printed board's exact
 * shape is not given, so the track is a spiral of 8 by 5 spaces), the
 * stones on it (pale, "D" dark, "R" red), each player's amulet ("A"),
 * the spaces of the last card's move marked, and per player the cards in
 * hand and the stones taken.
 */
#include <stdio.h>

#include "yucata.h"

/*
 * Where space i lies on a clockwise spiral of 8 columns by 5 rows that
 * starts in the top left corner: walk the rim, then the rim inside it.
 */
static void
spiral(int i, int *col, int *row)
{
	int x0 = 0, y0 = 0, x1 = 7, y1 = 4, k;

	for (;;) {
		int w = x1 - x0, h = y1 - y0, ring = w == 0 || h == 0 ?
		    w + h + 1 : 2 * (w + h);
		if (i < ring)
			break;
		i -= ring;
		x0++, y0++, x1--, y1--;
	}
	k = i;
	if (k <= x1 - x0) {
		*col = x0 + k, *row = y0;
		return;
	}
	k -= x1 - x0;
	if (k <= y1 - y0) {
		*col = x1, *row = y0 + k;
		return;
	}
	k -= y1 - y0;
	if (k <= x1 - x0) {
		*col = x1 - k, *row = y1;
		return;
	}
	k -= x1 - x0;
	*col = x0, *row = y1 - k;
}

int
yu_diagram(const struct tbl_state *s, const struct tbl_state *before,
    tbl_move last, const struct tbl_draw *d)
{
	static const char *const stone_kind[] = { NULL, "", "D", "R" };
	char name[12], line[64];
	int i, p, c, k, row, col;

	(void)last;
	tbl_draw_frame(d, 10, 5.8 + 0.6 * s->nplayers);
	for (i = 0; i <= YU_SPACES; i++) {
		spiral(i, &col, &row);
		snprintf(name, sizeof name, "%d", i);
		tbl_draw_cell(d, i, col + 1.5, row + 0.5, 0.94, 0.94,
		    i == 0 ? TBL_CELL_STORE : TBL_CELL_SQUARE, name);
		if (i >= YU_FIRST && s->track[i] >= ST_PALE &&
		    s->track[i] <= ST_RED)
			tbl_draw_piece(d, i, TBL_SIDE_NONE, 1,
			    stone_kind[s->track[i]]);
		for (p = 0; p < s->nplayers; p++)
			if (s->pos[p] == i)
				tbl_draw_piece(d, i, p, 1, "A");
	}
	for (p = 0; p < s->nplayers; p++) {
		size_t n = 0;

		tbl_draw_side(d, p, 0.4, 5.5 + 0.6 * p);
		tbl_bprintf(line, sizeof line, &n, "cards ");
		for (c = 1; c <= 7; c++)
			tbl_bprintf(line, sizeof line, &n, "%c",
			    s->hand[p] & (1u << (c - 1)) ? yu_card_chars[c] : '.');
		tbl_bprintf(line, sizeof line, &n, "   holds %d pale %d dark "
		    "%d red", s->held[p][0], s->held[p][1], s->held[p][2]);
		tbl_draw_text(d, 6.2, 5.5 + 0.6 * p, line);
	}
	/* The key to the track and to the lines above. */
	tbl_draw_text(d, 5, 5.5 + 0.6 * s->nplayers, "stones: plain pale, "
	    "D dark, R red;  A amulet;  cards in hand, '.' played");
	if (before != NULL && before->turn >= 0 && before->turn < MAXP) {
		k = before->turn;
		if (before->pos[k] != s->pos[k])
			tbl_draw_mark(d, before->pos[k], TBL_MARK_FROM);
		tbl_draw_mark(d, s->pos[k], TBL_MARK_TO);
	}
	return 0;
}
