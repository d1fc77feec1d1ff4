/*
 * diagram.h - a position as a picture.  The view room (host/view/)
 * turns what a plugin's diagram() hook says about a position (cells,
 * lines, pieces, marks, captions, sides; see tablero.h) into SVG, and a
 * game into a self-contained HTML page (page.h), and draws survey and
 * match plots (plot.h).  It knows no game: it draws only what the plugin
 * describes (drawing.h collects and checks that).  It uses base/ and
 * core/ and nothing above them; the faces (cmd/, repl/) call it.
 */
#ifndef TABLERO_VIEW_DIAGRAM_H
#define TABLERO_VIEW_DIAGRAM_H

#include <stddef.h>

#include "tablero.h"

struct sbuf;
struct session;

/*
 * The last move made by a player, and the moves of his turn before it
 * (a capture chain: his moves in a row): move i of those was made in
 * turn_before[i] and reached turn_before[i + 1], the last in `before`.
 */
struct view_last {
	const struct tbl_state *before;	/* NULL: none */
	tbl_move move;
	const struct tbl_state *const *turn_before;
	const tbl_move *turn_moves;
	int nturn;			/* moves of the turn before `move` */
};

/*
 * Append the SVG drawing of position st of session s's game to out:
 * a whole document when `standalone`, else an <svg> element for a page
 * (the page's style sheet then draws it).  `last` marks the last move.
 * `step` is written as the drawing's data-step.  Returns 0, or -1 with a
 * message in err when the game has no diagram (an older plugin) or
 * describes one the host refuses (out is then unchanged).
 */
int diagram_svg(const struct session *s, const struct tbl_state *st,
    const struct view_last *last, int step, int standalone,
    struct sbuf *out, char *err, size_t errlen);

/* The style sheet of diagrams (in a standalone SVG, and in pages). */
extern const char diagram_css[];

#endif /* TABLERO_VIEW_DIAGRAM_H */
