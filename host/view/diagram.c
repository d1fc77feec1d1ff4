/*
 * diagram.c - a plugin's description of a position (its diagram() hook,
 * collected and checked by drawing.c) written as SVG.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "base/util.h"
#include "core/session.h"
#include "core/sessiontext.h"
#include "view/diagram.h"
#include "view/drawing.h"
#include "view/escape.h"

#define UNIT 48.0		/* pixels per board unit */
const char diagram_css[] =
	".tablero-diagram{font-family:DejaVu Sans,Verdana,sans-serif}\n"
	".tablero-diagram .board{fill:#f6efdf}\n"
	".tablero-diagram .line{stroke:#222;stroke-width:2}\n"
	".tablero-diagram .cell{fill:#fffdf6;stroke:#222;stroke-width:1.5}\n"
	".tablero-diagram .cell.point{fill:#222;stroke:none}\n"
	".tablero-diagram .shade{fill:#999;stroke:#222;stroke-width:1}\n"
	".tablero-diagram .mark{fill:none;stroke:#c00;stroke-width:4}\n"
	".tablero-diagram .mark.from{stroke-dasharray:5 4}\n"
	".tablero-diagram .mark.special{stroke:#555;stroke-width:1.5;"
	"stroke-dasharray:2 2}\n"
	".tablero-diagram .piece{stroke:#111;stroke-width:1.5}\n"
	".tablero-diagram .side0{fill:#fff}\n"
	".tablero-diagram .side1{fill:#111}\n"
	".tablero-diagram .side2{fill:#999}\n"
	".tablero-diagram .neutral{fill:#e6dcc0;stroke-width:1}\n"
	".tablero-diagram .side3{fill:#fff;stroke-dasharray:3 2}\n"
	".tablero-diagram text{stroke:none;fill:#111;text-anchor:middle;"
	"dominant-baseline:central}\n"
	".tablero-diagram text.on1{fill:#fff}\n"
	".tablero-diagram .label{font-size:10px;fill:#555;paint-order:stroke;"
	"stroke:#fffdf6;stroke-width:3px}\n"
	".tablero-diagram .label.point{text-anchor:start}\n"
	".tablero-diagram .count{font-size:18px}\n"
	".tablero-diagram .piecetext{font-size:12px;font-weight:bold}\n"
	".tablero-diagram .caption{font-size:13px}\n"
	".tablero-diagram .sidename{font-size:14px;text-anchor:start}\n"
	".tablero-diagram .tomove{font-weight:bold;text-decoration:underline}\n"
	".tablero-diagram .status{font-size:14px}\n";

static double
px(double v)
{
	return (v + 0.5) * UNIT;
}

/*
 * The outline of cell c grown by `grow` pixels, of class cls, named by
 * data-cell (when it has a name); a point's is a circle unless point_box.
 */
static void
outline(struct sbuf *b, const struct drawing_cell *c, double grow,
    const char *cls, int point_box)
{
	double w = c->w * UNIT / 2 + grow, h = c->h * UNIT / 2 + grow;

	if (c->name[0]) {
		struct sbuf named = { 0 };
		sbuf_printf(&named, "%s\" data-cell=\"", cls);
		xml_escape(&named, c->name);
		outline(b, &(struct drawing_cell){ .x = c->x, .y = c->y,
		    .w = c->w, .h = c->h, .shape = c->shape }, grow,
		    sbuf_str(&named), point_box);
		sbuf_free(&named);
		return;
	}

	if (c->shape == TBL_CELL_POINT && !point_box) {
		sbuf_printf(b, "<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" "
		    "r=\"%.1f\"/>\n", cls, px(c->x), px(c->y), 4 + grow);
	} else if (c->shape == TBL_CELL_HOLE) {
		sbuf_printf(b, "<ellipse class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" "
		    "rx=\"%.1f\" ry=\"%.1f\"/>\n", cls, px(c->x), px(c->y), w, h);
	} else {
		double r = c->shape == TBL_CELL_STORE ? (w < h ? w : h) * 0.6 : 0;
		sbuf_printf(b, "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" "
		    "width=\"%.1f\" height=\"%.1f\" rx=\"%.1f\"/>\n", cls,
		    px(c->x) - w, px(c->y) - h, 2 * w, 2 * h, r);
	}
}

static const char *const shape_class[] = { "point", "hole", "square", "store" };

static void
emit_shape(struct sbuf *b, const struct drawing_cell *cl)
{
	char cls[64];
	int shaded = (cl->marks & 1u << TBL_MARK_SHADE) != 0;

	if (cl->shape == TBL_CELL_POINT && shaded) {
		outline(b, cl, 0, "cell point shade", 0);
		return;
	}
	snprintf(cls, sizeof cls, "cell %s%s", shape_class[cl->shape],
	    shaded ? " shade" : "");
	outline(b, cl, 0, cls, 0);
}

/* The dotted box of a space with a rule of its own, below the strip its
 * label takes (piece_radius), so that the label is not struck through. */
#define LABEL_STRIP 13.0
static void
special(struct sbuf *b, const struct drawing_cell *cl)
{
	struct drawing_cell in = *cl;

	if (cl->shape != TBL_CELL_POINT && cl->name[0] &&
	    cl->h * UNIT > LABEL_STRIP + 16) {
		in.y += LABEL_STRIP / 2 / UNIT;
		in.h -= LABEL_STRIP / UNIT;
	}
	outline(b, &in, -4, "mark special", 1);
}

/* Spaces, then the lines over them, then points, then the marks. */
static void
emit_cells(struct sbuf *b, const struct drawing *c)
{
	int i;

	for (i = 0; i < c->ncells; i++)
		if (c->cells[i].shape != TBL_CELL_POINT)
			emit_shape(b, &c->cells[i]);
	for (i = 0; i < c->nitems; i++) {
		const struct drawing_item *it = &c->items[i];
		if (it->kind != DR_LINE)
			continue;
		sbuf_printf(b, "<line class=\"line\" x1=\"%.1f\" y1=\"%.1f\" "
		    "x2=\"%.1f\" y2=\"%.1f\"/>\n", px(c->cells[it->a].x),
		    px(c->cells[it->a].y), px(c->cells[it->b].x),
		    px(c->cells[it->b].y));
	}
	for (i = 0; i < c->ncells; i++)
		if (c->cells[i].shape == TBL_CELL_POINT)
			emit_shape(b, &c->cells[i]);
	for (i = 0; i < c->ncells; i++) {
		const struct drawing_cell *cl = &c->cells[i];
		if (cl->marks & 1u << TBL_MARK_SPECIAL)
			special(b, cl);
		if (cl->marks & 1u << TBL_MARK_FROM)
			outline(b, cl, cl->shape == TBL_CELL_POINT ? 10 : -2,
			    "mark last from", 0);
		if (cl->marks & 1u << TBL_MARK_TO)
			outline(b, cl, cl->shape == TBL_CELL_POINT ? 10 : -2,
			    "mark last to", 0);
	}
}

/* The text drawn on a piece: its kind, then its count when not 1. */
static void
piece_text(const struct drawing_item *it, char *buf, size_t len)
{
	if (it->count != 1)
		snprintf(buf, len, "%s%d", it->text, it->count);
	else
		snprintf(buf, len, "%s", it->text);
}

/*
 * The radius of each of the n pieces on cell cl, and the y of their
 * centres.  A named space keeps a strip of LABEL_STRIP pixels at its top
 * for its label, so the pieces sit below it; a point's label goes beside
 * the piece (emit_labels), so pieces there are centred.
 */
static double
piece_radius(const struct drawing_cell *cl, int n, double *y)
{
	double size = (cl->w < cl->h ? cl->w : cl->h) * UNIT, r = size * 0.34;
	double room = cl->h * UNIT - LABEL_STRIP;

	*y = px(cl->y);
	if (cl->shape != TBL_CELL_POINT && cl->name[0] && room > 8) {
		*y += LABEL_STRIP / 2;
		if (r > room / 2 - 2)
			r = room / 2 - 2;
	}
	if (n > 1 && r > cl->w * UNIT / (2.2 * n))
		r = cl->w * UNIT / (2.2 * n);
	return r < 3 ? 3 : r;
}

static void
emit_pieces(struct sbuf *b, const struct drawing *c)
{
	int *placed = xcalloc((size_t)c->ncells + 1, sizeof *placed), i;
	char t[DIAGRAM_MAX_TEXT + 16];

	for (i = 0; i < c->nitems; i++) {
		const struct drawing_item *it = &c->items[i];
		const struct drawing_cell *cl;
		double r, x, y;
		int n, j;
		if (it->kind != DR_PIECE)
			continue;
		cl = &c->cells[it->a];
		n = cl->npieces;
		j = placed[it->a]++;
		r = piece_radius(cl, n, &y);
		x = px(cl->x) + (j - (n - 1) / 2.0) * 2.1 * r;
		piece_text(it, t, sizeof t);
		if (it->side == TBL_SIDE_NONE && !it->has_kind) {
			sbuf_printf(b, "<text class=\"count\" data-cell=\"");
			xml_escape(b, cl->name);
			sbuf_printf(b, "\" x=\"%.1f\" y=\"%.1f\">%d</text>\n", x,
			    px(cl->y), it->count);
			continue;
		}
		if (it->side == TBL_SIDE_NONE)
			sbuf_puts(b, "<circle class=\"piece neutral\" ");
		else
			sbuf_printf(b, "<circle class=\"piece side%d\" ",
			    it->side % 4);
		sbuf_printf(b, "data-side=\"%d\" data-count=\"%d\" "
		    "data-cell=\"", it->side, it->count);
		xml_escape(b, cl->name);
		sbuf_printf(b, "\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\"/>\n", x,
		    y, r);
		if (*t) {
			sbuf_printf(b, "<text class=\"piecetext%s\" x=\"%.1f\" "
			    "y=\"%.1f\">", it->side % 4 == 1 ? " on1" : "", x, y);
			xml_escape(b, t);
			sbuf_puts(b, "</text>\n");
		}
	}
	free(placed);
}

static void
emit_labels(struct sbuf *b, const struct drawing *c)
{
	int i;

	for (i = 0; i < c->ncells; i++) {
		const struct drawing_cell *cl = &c->cells[i];
		double x = px(cl->x), y = px(cl->y);
		if (cl->name[0] == '\0')
			continue;
		if (cl->shape == TBL_CELL_POINT) {
			/* up and right, clear of a piece on the point */
			double r = (cl->w < cl->h ? cl->w : cl->h) * UNIT * 0.34;
			if (r < 4)
				r = 4;
			x += 0.7 * r + 3;
			y -= 0.7 * r + 6;
		} else if (cl->shape == TBL_CELL_SQUARE) {
			x -= cl->w * UNIT / 2 - 9;
			y -= cl->h * UNIT / 2 - 8;
		} else
			y -= cl->h * UNIT / 2 - 8;
		sbuf_printf(b, "<text class=\"label%s\" x=\"%.1f\" y=\"%.1f\">",
		    cl->shape == TBL_CELL_POINT ? " point" : "", x, y);
		xml_escape(b, cl->name);
		sbuf_puts(b, "</text>\n");
	}
}

/* The result a record gives at `step` that the position does not show
 * (a game a match ended: a fault, an adjudication), or NULL. */
static const char *
recorded_end(const struct session *s, int step)
{
	return s->ended && step == session_count_moves(s) ? s->ended : NULL;
}

static void
emit_texts(struct sbuf *b, const struct drawing *c, const struct session *s,
    const struct tbl_state *st, int step)
{
	int i, tomove = recorded_end(s, step) ? TBL_END : game_to_move(s->g, st);

	for (i = 0; i < c->nitems; i++) {
		const struct drawing_item *it = &c->items[i];
		if (it->kind == DR_TEXT) {
			sbuf_printf(b, "<text class=\"caption\" x=\"%.1f\" "
			    "y=\"%.1f\">", px(it->x), px(it->y));
			xml_escape(b, it->text);
			sbuf_puts(b, "</text>\n");
		} else if (it->kind == DR_SIDE) {
			sbuf_printf(b, "<circle class=\"piece swatch side%d\" "
			    "cx=\"%.1f\" cy=\"%.1f\" r=\"7\"/>\n", it->a % 4,
			    px(it->x) - 12, px(it->y));
			sbuf_printf(b, "<text class=\"sidename%s\" data-player="
			    "\"%d\" x=\"%.1f\" y=\"%.1f\">", it->a == tomove ?
			    " tomove" : "", it->a, px(it->x), px(it->y));
			xml_escape(b, session_player(s, it->a));
			sbuf_puts(b, it->a == tomove ? " \xe2\x80\x94 to move" : "");
			sbuf_puts(b, "</text>\n");
		}
	}
}

/* "P to move", "chance to move", or the result (the recorded one). */
static char *
status_text(const struct session *s, const struct tbl_state *st, int step)
{
	int who = game_to_move(s->g, st);

	if (recorded_end(s, step))
		return xstrdup(recorded_end(s, step));
	if (who == TBL_END) {
		if (s->g->describe_result != NULL) {
			char *r = game_describe_result(s->g, st);

			if (*r)
				return r;
			free(r);
		}
		return xstrdup("the game is over");
	}
	if (who == TBL_CHANCE)
		return xstrdup("chance to move");
	return xasprintf("%s to move", session_player(s, who));
}

static void
emit_svg(struct sbuf *b, const struct drawing *c, const struct session *s,
    const struct tbl_state *st, int step, int standalone)
{
	double w = (c->w + 1) * UNIT, h = (c->h + 1.6) * UNIT;
	char *pos = game_position(s->g, st), *status;

	if (standalone)
		sbuf_puts(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	sbuf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	    "class=\"tablero-diagram\" width=\"%.0f\" height=\"%.0f\" "
	    "viewBox=\"0 0 %.0f %.0f\" data-step=\"%d\" data-game=\"", w, h,
	    w, h, step);
	xml_escape(b, s->g->name);
	sbuf_puts(b, "\" data-position=\"");
	xml_escape(b, pos);
	sbuf_printf(b, "\" data-tomove=\"%d\">\n<title>", recorded_end(s, step) ?
	    TBL_END : game_to_move(s->g, st));
	xml_escape(b, s->g->title ? s->g->title : s->g->name);
	sbuf_puts(b, ": ");
	xml_escape(b, pos);
	sbuf_puts(b, "</title>\n");
	if (standalone)
		sbuf_printf(b, "<style>\n%s</style>\n", diagram_css);
	sbuf_printf(b, "<rect class=\"board\" x=\"0\" y=\"0\" width=\"%.0f\" "
	    "height=\"%.0f\"/>\n", w, (c->h + 1) * UNIT);
	emit_cells(b, c);
	emit_pieces(b, c);
	emit_labels(b, c);
	emit_texts(b, c, s, st, step);
	status = status_text(s, st, step);
	sbuf_printf(b, "<text class=\"status\" x=\"%.1f\" y=\"%.1f\">", w / 2,
	    (c->h + 1.3) * UNIT);
	xml_escape(b, status);
	sbuf_puts(b, "</text>\n</svg>\n");
	free(status);
	free(pos);
}

/* What the plugin says of position st (the move m made in before), in c
 * (drawing_init'ed). */
static int
collect_run(const struct session *s, const struct tbl_state *st,
    const struct tbl_state *before, tbl_move m, struct drawing *c)
{
	const struct tbl_draw *d = drawing_begin(c, game_players(s->g, st));
	int rc = s->g->diagram(st, before, before ? m : 0, d);

	if (rc == 0)
		drawing_end(c);
	return rc;
}

#define FROM_BIT (1u << TBL_MARK_FROM)
#define TO_BIT (1u << TBL_MARK_TO)
/*
 * Fold move k of a turn, whose from and to marks are in got[] (by cell
 * of c), into c: the turn's first move leaves its cell (dashed), and so
 * does a later one from a cell the turn had not landed on; every cell a
 * move reaches is one the turn landed on (solid).
 */
static void
fold_marks(struct drawing *c, const unsigned *got, int k, unsigned char *landed)
{
	int i;

	for (i = 0; i < c->ncells; i++) {
		if ((got[i] & FROM_BIT) && (k == 0 || !landed[i]))
			c->cells[i].marks |= FROM_BIT;
		if (got[i] & TO_BIT) {
			c->cells[i].marks |= TO_BIT;
			landed[i] = 1;
		}
	}
}

/* The marks of the whole last turn in c, which holds the last move's:
 * those of the diagram after each earlier move of the turn, by cell. */
static void
turn_marks(const struct session *s, const struct view_last *last,
    struct drawing *c)
{
	unsigned *got = xcalloc((size_t)c->ncells + 1, sizeof *got);
	unsigned char *landed = xcalloc((size_t)c->ncells + 1, 1);
	struct drawing e;
	int k, i, j;

	drawing_init(&e);
	for (k = 0; k <= last->nturn; k++) {
		memset(got, 0, (size_t)c->ncells * sizeof *got);
		if (k == last->nturn) {
			for (i = 0; i < c->ncells; i++) {
				got[i] = c->cells[i].marks & (FROM_BIT | TO_BIT);
				c->cells[i].marks &= ~(FROM_BIT | TO_BIT);
			}
		} else if (collect_run(s, last->turn_before[k + 1],
		    last->turn_before[k], last->turn_moves[k], &e) == 0 &&
		    e.err[0] == '\0') {
			for (j = 0; j < e.ncells; j++)
				if ((i = drawing_cell(c, e.cells[j].id)) >= 0)
					got[i] = e.cells[j].marks & (FROM_BIT | TO_BIT);
		}
		fold_marks(c, got, k, landed);
	}
	drawing_free(&e);
	free(got);
	free(landed);
}

int
diagram_svg(const struct session *s, const struct tbl_state *st,
    const struct view_last *last, int step, int standalone,
    struct sbuf *out, char *err, size_t errlen)
{
	struct drawing c;
	int rc;

	if (s->g->diagram == NULL) {
		snprintf(err, errlen, "%s has no diagram (its plugin does not "
		    "describe its board)", s->g->name);
		return -1;
	}
	drawing_init(&c);
	rc = collect_run(s, st, last ? last->before : NULL,
	    last ? last->move : 0, &c);
	if (rc != 0)
		snprintf(err, errlen, "%s has no diagram of this position",
		    s->g->name);
	else if (c.err[0])
		snprintf(err, errlen, "%s describes a diagram tablero cannot "
		    "draw: %s", s->g->name, c.err);
	else {
		if (last && last->before && last->nturn > 0)
			turn_marks(s, last, &c);
		emit_svg(out, &c, s, st, step, standalone);
	}
	drawing_free(&c);
	return rc != 0 || c.err[0] ? -1 : 0;
}
