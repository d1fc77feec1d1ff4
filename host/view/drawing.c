/*
 * drawing.c - a plugin's description of a position (its diagram() hook)
 * collected through struct tbl_draw and checked call by call (see
 * drawing.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "core/game.h"
#include "view/drawing.h"

static void
fail(struct drawing *dr, const char *what)
{
	if (dr->err[0] == '\0')
		snprintf(dr->err, sizeof dr->err, "%s", what);
}

/*
 * Copy plugin text, at most DIAGRAM_MAX_TEXT bytes; a longer one, or one
 * that is not one line of printable UTF-8, noted in dr->lax as `what`.
 */
static void
copy_text(struct drawing *dr, char *dst, const char *src, const char *what)
{
	size_t n = src ? strnlen(src, DIAGRAM_MAX_TEXT + 1) : 0;
	const char *fault = NULL;

	if (n > DIAGRAM_MAX_TEXT) {
		fault = "longer than 80 bytes";
		n = DIAGRAM_MAX_TEXT;
	}
	memcpy(dst, src ? src : "", n);
	dst[n] = '\0';
	if (fault == NULL && !game_text_is_clean(dst, 0))
		fault = "that is not one line of printable UTF-8";
	if (fault != NULL && dr->lax[0] == '\0')
		snprintf(dr->lax, sizeof dr->lax, "%s %s", what, fault);
}

static int
finite_in(double v, double lo, double hi)
{
	return isfinite(v) && v >= lo && v <= hi;
}

int
drawing_cell(const struct drawing *dr, int id)
{
	return id >= 0 && id <= DIAGRAM_MAX_ID && dr->index[id] > 0 ?
	    dr->index[id] - 1 : -1;
}

/* The index of cell id, or -1 after recording the error. */
static int
cell_of(struct drawing *dr, int id, const char *what)
{
	char msg[96];
	int i = drawing_cell(dr, id);

	if (i >= 0)
		return i;
	snprintf(msg, sizeof msg, "%s on cell %d, which it did not declare",
	    what, id);
	fail(dr, msg);
	return -1;
}

static struct drawing_item *
new_item(struct drawing *dr, enum drawing_kind kind)
{
	struct drawing_item *it;

	if (dr->err[0])
		return NULL;
	if (dr->nitems >= DIAGRAM_MAX_ITEMS) {
		fail(dr, "more than 16384 lines, pieces, captions and sides");
		return NULL;
	}
	it = &dr->items[dr->nitems++];
	memset(it, 0, sizeof *it);
	it->kind = kind;
	return it;
}

static void
d_frame(void *ctx, double w, double h)
{
	struct drawing *dr = ctx;

	if (dr->framed || !finite_in(w, 0.1, DIAGRAM_MAX_EXTENT) ||
	    !finite_in(h, 0.1, DIAGRAM_MAX_EXTENT)) {
		fail(dr, dr->framed ? "a second frame" :
		    "a frame size out of range");
		return;
	}
	dr->w = w;
	dr->h = h;
	dr->framed = 1;
}

static void
d_cell(void *ctx, int id, double x, double y, double w, double h, int shape,
    const char *name)
{
	struct drawing *dr = ctx;
	struct drawing_cell *cl;
	char msg[96];

	if (dr->err[0])
		return;
	if (!dr->framed)
		fail(dr, "a cell before the frame");
	else if (id < 0 || id > DIAGRAM_MAX_ID) {
		snprintf(msg, sizeof msg, "a cell numbered %d, not 0 to 65535",
		    id);
		fail(dr, msg);
	} else if (dr->index[id] > 0) {
		snprintf(msg, sizeof msg, "cell %d declared twice", id);
		fail(dr, msg);
	} else if (dr->ncells >= DIAGRAM_MAX_CELLS)
		fail(dr, "more than 4096 cells");
	else if (!finite_in(x, -1, dr->w + 1) || !finite_in(y, -1, dr->h + 1) ||
	    !finite_in(w, 0, dr->w + 2) || !finite_in(h, 0, dr->h + 2))
		fail(dr, "a cell outside the frame");
	else if (shape < TBL_CELL_POINT || shape > TBL_CELL_STORE)
		fail(dr, "a cell of an unknown shape");
	if (dr->err[0])
		return;
	cl = &dr->cells[dr->ncells];
	memset(cl, 0, sizeof *cl);
	cl->id = id;
	cl->x = x;
	cl->y = y;
	cl->w = w;
	cl->h = h;
	cl->shape = shape;
	copy_text(dr, cl->name, name, "a cell name");
	dr->index[id] = ++dr->ncells;
}

static void
d_line(void *ctx, int a, int b)
{
	struct drawing *dr = ctx;
	int ia = cell_of(dr, a, "a line"), ib = cell_of(dr, b, "a line");
	struct drawing_item *it;

	if (ia < 0 || ib < 0 || (it = new_item(dr, DR_LINE)) == NULL)
		return;
	it->a = ia;
	it->b = ib;
}

static void
d_piece(void *ctx, int cell, int side, int count, const char *kind)
{
	struct drawing *dr = ctx;
	int i = cell_of(dr, cell, "a piece");
	struct drawing_item *it;
	char msg[96];

	if (i < 0)
		return;
	if (side < TBL_SIDE_NONE || side >= dr->players) {
		snprintf(msg, sizeof msg, "a piece of player %d, not a player "
		    "(0 to %d) or TBL_SIDE_NONE", side, dr->players - 1);
		fail(dr, msg);
		return;
	}
	if (count < 0 || count > DIAGRAM_MAX_COUNT) {
		snprintf(msg, sizeof msg, "%d pieces on a cell, not 0 to 99999",
		    count);
		fail(dr, msg);
		return;
	}
	if ((it = new_item(dr, DR_PIECE)) == NULL)
		return;
	it->a = i;
	it->side = side;
	it->count = count;
	it->has_kind = kind != NULL;
	copy_text(dr, it->text, kind, "a piece's kind");
	dr->cells[i].npieces++;
}

static void
d_mark(void *ctx, int cell, int mark)
{
	struct drawing *dr = ctx;
	int i = cell_of(dr, cell, "a mark");

	if (i < 0)
		return;
	if (mark < TBL_MARK_FROM || mark > TBL_MARK_SPECIAL) {
		fail(dr, "a mark of an unknown kind");
		return;
	}
	dr->cells[i].marks |= 1u << mark;
}

static void
d_text(void *ctx, double x, double y, const char *text)
{
	struct drawing *dr = ctx;
	struct drawing_item *it;

	if (!finite_in(x, -1, dr->w + 1) || !finite_in(y, -1, dr->h + 1)) {
		fail(dr, "a text outside the frame");
		return;
	}
	if ((it = new_item(dr, DR_TEXT)) == NULL)
		return;
	it->x = x;
	it->y = y;
	copy_text(dr, it->text, text, "a caption");
}

static void
d_side(void *ctx, int player, double x, double y)
{
	struct drawing *dr = ctx;
	struct drawing_item *it;
	char msg[96];

	if (player < 0 || player >= dr->players) {
		snprintf(msg, sizeof msg, "the side of player %d, not a player "
		    "(0 to %d)", player, dr->players - 1);
		fail(dr, msg);
		return;
	}
	if (!finite_in(x, -1, dr->w + 1) || !finite_in(y, -1, dr->h + 1)) {
		fail(dr, "a side outside the frame");
		return;
	}
	if ((it = new_item(dr, DR_SIDE)) == NULL)
		return;
	it->a = player;
	it->x = x;
	it->y = y;
}

void
drawing_init(struct drawing *dr)
{
	memset(dr, 0, sizeof *dr);
	dr->index = xcalloc(DIAGRAM_MAX_ID + 1, sizeof *dr->index);
	dr->cells = xcalloc(DIAGRAM_MAX_CELLS, sizeof *dr->cells);
	dr->items = xcalloc(DIAGRAM_MAX_ITEMS, sizeof *dr->items);
}

void
drawing_free(struct drawing *dr)
{
	free(dr->index);
	free(dr->cells);
	free(dr->items);
}

const struct tbl_draw *
drawing_begin(struct drawing *dr, int players)
{
	struct tbl_draw d = { sizeof d, NULL, d_frame, d_cell, d_line, d_piece,
	    d_mark, d_text, d_side };
	int i;

	for (i = 0; i < dr->ncells; i++)
		dr->index[dr->cells[i].id] = 0;
	dr->w = dr->h = 0;
	dr->framed = dr->ncells = dr->nitems = 0;
	dr->players = players;
	dr->err[0] = dr->lax[0] = '\0';
	d.ctx = dr;
	dr->draw = d;
	return &dr->draw;
}

void
drawing_end(struct drawing *dr)
{
	if (dr->err[0] == '\0' && !dr->framed)
		fail(dr, "no frame");
}

int
drawing_same(const struct drawing *a, const struct drawing *b)
{
	return a->w == b->w && a->h == b->h && a->framed == b->framed &&
	    a->ncells == b->ncells && a->nitems == b->nitems &&
	    strcmp(a->err, b->err) == 0 && strcmp(a->lax, b->lax) == 0 &&
	    memcmp(a->cells, b->cells, (size_t)a->ncells * sizeof *a->cells)
	    == 0 && memcmp(a->items, b->items, (size_t)a->nitems *
	    sizeof *a->items) == 0;
}
