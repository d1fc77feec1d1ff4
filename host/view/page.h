/*
 * page.h - a game as pictures: the diagram of any position of a session
 * (SVG), and the whole game as one self-contained HTML page to step
 * through (inline SVG, CSS and JavaScript; nothing fetched).
 */
#ifndef TABLERO_VIEW_PAGE_H
#define TABLERO_VIEW_PAGE_H

#include <stddef.h>

struct sbuf;
struct session;

/* The moves of s's game so far (history entries that are not passes). */
int view_steps(const struct session *s);

/*
 * Append to out the SVG document of the position after the first `step`
 * moves of s (0 .. view_steps(s)), the last move by a player marked.
 * Returns 0, or -1 with a message in err (out unchanged).
 */
int view_svg(const struct session *s, int step, struct sbuf *out, char *err,
    size_t errlen);

/* The same, as an <svg> element for a page unless `standalone`: the
 * marks of the last turn on every cell it passed through (a capture
 * chain's every jump), as the pages and `save FILE.svg` draw them. */
int view_diagram(const struct session *s, int step, int standalone,
    struct sbuf *out, char *err, size_t errlen);

/*
 * Append to out the HTML page of s's game: every position's diagram, the
 * move list, buttons and arrow keys to step, and the tags of `record`
 * (the game's record text, shown whole at the end).  The page opens at
 * position `start`.  Returns 0, or -1 with a message in err.
 */
int view_page(const struct session *s, const char *record, int start,
    struct sbuf *out, char *err, size_t errlen);

/*
 * Write the picture of s (FILE.svg: the diagram of position `step`;
 * FILE.html: the page opened there) to path, atomically.  Returns 0, or
 * -1 with a message naming the file.
 */
int view_save(const struct session *s, const char *record, int step,
    const char *path, char *err, size_t errlen);

/* Is path a picture view_save() writes (ends in .svg or .html)? */
int view_is_picture(const char *path);

#endif /* TABLERO_VIEW_PAGE_H */
