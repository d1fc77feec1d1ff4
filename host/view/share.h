/*
 * share.h - what the positions of a page have in common, drawn once:
 * the static board (spaces, lines and points, before the first mark,
 * piece or count) and the labels, in runs of lines that the page's
 * diagrams then draw with <use>.
 */
#ifndef TABLERO_VIEW_SHARE_H
#define TABLERO_VIEW_SHARE_H

struct sbuf;

/*
 * Append to out the n diagrams svg[0..n) (each an <svg> element for a
 * page, as diagram_svg() writes it), each in a <div class="pos"> of its
 * step, after one hidden <svg> whose <g> runs of lines the diagrams
 * share: a run (16 lines of the static board or of the labels) that is
 * the same, line for line, in two diagrams or more is written once and
 * drawn by each with <use href="#tb-R-K"/> in its place, so the order in
 * which things are drawn is kept.  Everything else stays in each diagram.
 */
void share_positions(struct sbuf *out, char **svg, int n);

#endif /* TABLERO_VIEW_SHARE_H */
