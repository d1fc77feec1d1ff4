/*
 * drawing.h - what a plugin's diagram() hook says of a position,
 * collected through the struct tbl_draw it is given and held to the
 * rules of tablero-sdk(3) call by call: the view draws it (diagram.c)
 * and `tablero check` judges it (cmd/check_diagram.c).  The caller calls
 * the hook itself, with drawing_begin()'s struct tbl_draw.
 */
#ifndef TABLERO_VIEW_DRAWING_H
#define TABLERO_VIEW_DRAWING_H

#include "tablero.h"

/* Bounds on what a plugin may describe in one diagram. */
#define DIAGRAM_MAX_CELLS 4096
#define DIAGRAM_MAX_ITEMS 16384		/* lines, pieces, captions, sides */
#define DIAGRAM_MAX_TEXT 80		/* bytes of one name, kind or caption */
#define DIAGRAM_MAX_ID 65535		/* the largest cell number */
#define DIAGRAM_MAX_EXTENT 200.0	/* board units either way */
#define DIAGRAM_MAX_COUNT 99999		/* pieces in one call */

enum drawing_kind { DR_LINE, DR_PIECE, DR_TEXT, DR_SIDE };

/* A cell as declared, with the marks and pieces put on it. */
struct drawing_cell {
	int id;				/* the plugin's number */
	double x, y, w, h;
	int shape;
	unsigned marks;			/* 1 << enum tbl_mark */
	int npieces;
	char name[DIAGRAM_MAX_TEXT + 1];
};

/* A line, a piece, a caption or a side, in the order drawn. */
struct drawing_item {
	enum drawing_kind kind;
	int a, b;			/* cells (index into cells), or player */
	int side, count;
	int has_kind;			/* a piece drawn with a kind */
	double x, y;
	char text[DIAGRAM_MAX_TEXT + 1];
};

struct drawing {
	double w, h;
	int framed;
	int *index;			/* id -> cell index + 1 */
	struct drawing_cell *cells;
	int ncells;
	struct drawing_item *items;
	int nitems;
	int players;
	struct tbl_draw draw;		/* what the hook is given */
	/* The first description the host cannot draw: no picture. */
	char err[160];
	/* The first text the host draws otherwise than given: cut at
	 * DIAGRAM_MAX_TEXT bytes, or with bytes that are not printable
	 * UTF-8 (a control character, a newline) replaced. */
	char lax[160];
};

/* An empty drawing, its room allocated. */
void drawing_init(struct drawing *dr);
void drawing_free(struct drawing *dr);

/*
 * Empty dr for one call of the hook, in a game of `players` players;
 * returns what to pass the hook.
 */
const struct tbl_draw *drawing_begin(struct drawing *dr, int players);

/* After the hook returned 0: a description without a frame is refused. */
void drawing_end(struct drawing *dr);

/* Whether two drawings describe the same picture, in the same order. */
int drawing_same(const struct drawing *a, const struct drawing *b);

/* The index of the cell numbered id in dr, or -1. */
int drawing_cell(const struct drawing *dr, int id);

#endif /* TABLERO_VIEW_DRAWING_H */
