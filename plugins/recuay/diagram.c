/*
 * diagram.c - the Recuay board as a diagram (SDK ABI 1.3), from the board
 * file's own geometry: each `draw` line's [name] slot places its space,
 * as wide as the slot; the places of a compartment that holds several
 * (the lower homes) are framed together, raised compartments marked, and
 * the solid corners (#####) shaded.  Another board file (board=FILE)
 * draws its own reading.  Soldiers are plain pieces, jaguars "J" (with
 * the soldier a jaguar carries beside it); the spaces of the last move
 * and of a bumped soldier are marked; the captions give the throw and
 * the men still to enter and already home.
 */
#include <stdio.h>
#include <string.h>

#include "recuay.h"

#define COLS 6.0		/* characters of a drawing line per unit */
#define CELL_SOLID 64		/* cell numbers of shaded corners from here */
#define CELL_COMP 128		/* of compartment frames from here */

struct slot {
	double x0, x1, y;	/* units */
	int found;
};

/*
 * Read the drawing: each space's slot, the solid runs as shaded cells,
 * and the frame's size.  Returns the lines, or 0 when some space has no
 * slot (then there is no diagram).
 */
static int
read_art(const struct rc_board *b, struct slot *sl, const struct tbl_draw *d,
    int draw, double *w)
{
	const char *line = b->art, *nl, *c, *e;
	int row = 0, i, solid = CELL_SOLID;

	*w = 1;
	for (; *line; line = nl + 1, row++) {
		nl = strchr(line, '\n');
		if (nl == NULL)
			nl = line + strlen(line);
		if ((nl - line) / COLS > *w)
			*w = (double)(nl - line) / COLS;
		for (c = line; c < nl; c++) {
			if (*c == '#' && draw && (c == line || c[-1] != '#')) {
				for (e = c; e < nl && *e == '#'; e++)
					;
				tbl_draw_cell(d, solid, ((c - line) + (e - line)) /
				    (2 * COLS), row / 2.0 + 0.5, (e - c + 1) / COLS,
				    1, TBL_CELL_SQUARE, NULL);
				tbl_draw_mark(d, solid++, TBL_MARK_SHADE);
			}
			if (*c != '[' || (e = memchr(c, ']', (size_t)(nl - c))) == NULL)
				continue;
			i = rc_board_find(b, c + 1, strcspn(c + 1, " ]"));
			if (i >= 0) {
				sl[i].x0 = (c - line) / COLS;
				sl[i].x1 = (e - line + 1) / COLS;
				sl[i].y = row / 2.0 + 0.5;
				sl[i].found = 1;
			}
			c = e;
		}
		if (*nl == '\0')
			break;
	}
	for (i = 0; i < b->n; i++)
		if (!sl[i].found)
			return 0;
	return row + 1;
}

/* A frame around each compartment of several places. */
static void
frame_compartments(const struct rc_board *b, const struct slot *sl,
    const struct tbl_draw *d)
{
	int comp, i, n;
	double x0, x1, y0, y1;

	for (comp = 0; comp < b->ncomp; comp++) {
		n = 0;
		x0 = y0 = 1e9;
		x1 = y1 = -1e9;
		for (i = 0; i < b->n; i++) {
			if (b->comp[i] != comp)
				continue;
			n++;
			x0 = sl[i].x0 < x0 ? sl[i].x0 : x0;
			x1 = sl[i].x1 > x1 ? sl[i].x1 : x1;
			y0 = sl[i].y < y0 ? sl[i].y : y0;
			y1 = sl[i].y > y1 ? sl[i].y : y1;
		}
		if (n > 1)
			tbl_draw_cell(d, CELL_COMP + comp, (x0 + x1) / 2,
			    (y0 + y1) / 2, x1 - x0 - 0.04, y1 - y0 + 0.96,
			    TBL_CELL_STORE, NULL);
	}
}

static void
draw_men(const struct tbl_state *s, const struct tbl_draw *d, double w,
    double h)
{
	char line[64];
	int i, p, c;

	for (i = 0; i < s->b.n; i++) {
		c = s->cell[i];
		if (c == RC_EMPTY)
			continue;
		tbl_draw_piece(d, i, RC_OWNER(c), 1, RC_ISJAG(c) ? "J" : NULL);
		if (c == RC_JAGC(RC_OWNER(c)))
			tbl_draw_piece(d, i, RC_OWNER(c), 1, NULL);
	}
	for (p = 0; p < 2; p++) {
		double y = p == 0 ? h - 0.25 : 0.25;

		tbl_draw_side(d, p, 0.2, y);
		if (s->ruleset == RC_RACE) {
			snprintf(line, sizeof line, "to enter %d, home %d",
			    rc_race_off(s, p), rc_race_home(s, p));
			tbl_draw_text(d, w / 2, y, line);
		}
	}
	if (s->ruleset == RC_RACE && s->throwv >= 0) {
		snprintf(line, sizeof line, "throw %d", s->throwv);
		tbl_draw_text(d, w - 0.8, s->side == 0 ? h - 0.25 : 0.25, line);
	}
}

int
rc_diagram(const struct tbl_state *s, const struct tbl_state *before,
    tbl_move last, const struct tbl_draw *d)
{
	struct slot sl[RC_MAXSP];
	struct tbl_draw none;
	double w, h;
	int i, rows;

	memset(sl, 0, sizeof sl);
	memset(&none, 0, sizeof none);
	if ((rows = read_art(&s->b, sl, &none, 0, &w)) == 0)
		return -1;
	h = rows / 2.0 + 1;
	tbl_draw_frame(d, w, h);
	read_art(&s->b, sl, d, 1, &w);
	frame_compartments(&s->b, sl, d);
	for (i = 0; i < s->b.n; i++) {
		tbl_draw_cell(d, i, (sl[i].x0 + sl[i].x1) / 2, sl[i].y,
		    sl[i].x1 - sl[i].x0 - 0.12, 0.84, s->b.kind[i] == RC_HOME ?
		    TBL_CELL_HOLE : TBL_CELL_SQUARE, s->b.name[i]);
		if (s->b.kind[i] == RC_RAISED)
			tbl_draw_mark(d, i, TBL_MARK_SPECIAL);
	}
	draw_men(s, d, w, h);
	if (before != NULL && (last & RC_THROW) == 0 && last != RC_PASS) {
		if (RC_FROM(last) < s->b.n)
			tbl_draw_mark(d, RC_FROM(last), TBL_MARK_FROM);
		if (RC_TO(last) < s->b.n)
			tbl_draw_mark(d, RC_TO(last), TBL_MARK_TO);
		if (RC_BUMP(last) < s->b.n)
			tbl_draw_mark(d, RC_BUMP(last), TBL_MARK_TO);
	}
	return 0;
}
