/*
 * diagram.c - the Zuni board as a diagram (SDK ABI 1.3), after Culin's
 * figure: the cross of 168 squares, each named as in moves (g1, n10),
 * the warriors and priests ("P") of each side on them, the squares of
 * the last move marked, and each side's name at its home edge with the
 * pieces its seat has taken.
 */
#include <stdio.h>

#include "awithlaknakwe.h"

/* Where each side's name goes: North (and West) in the row above the
 * board, South (and East) in the row below, each name at the left of its
 * half of the row and its captures at the right, so that a long name
 * with "to move" overlaps neither its count nor the squares. */
static const double side_x[4] = { 0.2, 7.2, 0.2, 7.2 };
static const double side_y[4] = { 15.5, 0.5, 0.5, 15.5 };

int
awk_diagram(const struct tbl_state *s, const struct tbl_state *before,
    tbl_move last, const struct tbl_draw *d)
{
	char name[16], taken[32];
	int sq, c, side;

	tbl_draw_frame(d, 14, 16);
	for (sq = 0; sq < AWK_NSQ; sq++) {
		tbl_write_square(name, sizeof name, awk_file[sq], awk_rank[sq]);
		tbl_draw_cell(d, sq, awk_file[sq] + 0.5, 14.5 - awk_rank[sq], 1,
		    1, TBL_CELL_SQUARE, name);
		c = s->board[sq];
		if (c & PC_PIECE)
			tbl_draw_piece(d, sq, player_of(s, code_side[c]), 1,
			    code_priest[c] ? "P" : NULL);
	}
	for (side = 0; side < 4; side++) {
		if (!side_exists(s, side))
			continue;
		tbl_draw_side(d, player_of(s, side), side_x[side], side_y[side]);
		snprintf(taken, sizeof taken, "taken: %u", s->captures[side]);
		tbl_draw_text(d, side_x[side] + 5.6, side_y[side], taken);
	}
	if (before != NULL && last != AWK_PASS && (last & AWK_DRAW) != AWK_DRAW) {
		if ((last >> 8) < AWK_NSQ)
			tbl_draw_mark(d, (int)(last >> 8), TBL_MARK_FROM);
		if ((last & 0xff) < AWK_NSQ)
			tbl_draw_mark(d, (int)(last & 0xff), TBL_MARK_TO);
	}
	return 0;
}
