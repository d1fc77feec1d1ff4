/*
 * diagram.c - the Yucata' board as a diagram (SDK ABI 1.3): the start
 * space 0 and the track of 39 spaces, numbered, laid out in four rows of
 * ten that turn at each end, the stones on it (pale, "D" dark, "R" red),
 * each player's amulet ("A"), the spaces of the last card's move marked,
 * and per player the cards in hand and the stones taken.
 */
#include <stdio.h>

#include "yucata.h"

int
yu_diagram(const struct tbl_state *s, const struct tbl_state *before,
    tbl_move last, const struct tbl_draw *d)
{
	static const char *const stone_kind[] = { NULL, "", "D", "R" };
	char name[8], line[64];
	int i, p, c, k, row, col;

	(void)last;
	tbl_draw_frame(d, 10, 4.2 + 0.6 * s->nplayers);
	for (i = 0; i <= YU_SPACES; i++) {
		row = i / 10;
		col = row % 2 ? 9 - i % 10 : i % 10;
		snprintf(name, sizeof name, "%d", i);
		tbl_draw_cell(d, i, col + 0.5, row + 0.5, 0.94, 0.94,
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

		tbl_draw_side(d, p, 0.4, 4.5 + 0.6 * p);
		tbl_bprintf(line, sizeof line, &n, "hand ");
		for (c = 1; c <= 7; c++)
			tbl_bprintf(line, sizeof line, &n, "%c",
			    s->hand[p] & (1u << (c - 1)) ? yu_card_chars[c] : '.');
		tbl_bprintf(line, sizeof line, &n, "   stones %dp %dd %dr",
		    s->held[p][0], s->held[p][1], s->held[p][2]);
		tbl_draw_text(d, 6.2, 4.5 + 0.6 * p, line);
	}
	if (before != NULL && before->turn >= 0 && before->turn < MAXP) {
		k = before->turn;
		if (before->pos[k] != s->pos[k])
			tbl_draw_mark(d, before->pos[k], TBL_MARK_FROM);
		tbl_draw_mark(d, s->pos[k], TBL_MARK_TO);
	}
	return 0;
}
