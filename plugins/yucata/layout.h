/*
 * layout.h - Yucata' stone layouts: the track's constants, the built-in
 * layout, the layout option (names, files, inline strings, random) and the
 * checks of the layout rules.  Private to the yucata plugin.
 */
#ifndef YUCATA_LAYOUT_H
#define YUCATA_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

struct tbl_host;

#define YU_SPACES	39	/* track spaces after the start space 0 */
#define YU_FIRST	5	/* first space that can hold a stone */
#define YU_STONES	35	/* spaces 5..39, one stone each */
#define YU_PALE		25
#define YU_DARK		9
#define YU_RED		1

/* What lies on a space. */
#define ST_EMPTY	0
#define ST_PALE		1
#define ST_DARK		2
#define ST_RED		3
#define ST_UNSET	4	/* not yet drawn (layout = random) */

/* The letter of a space's content in layouts and positions. */
char yu_stone_char(int st);

/*
 * Turn the `layout` option into a track (spaces 0..39, ST_* each): a name
 * (tablero, standard, random, or NAME for NAME.layout of the host's data
 * directory, read with open_data), a file path (containing '/' or ending
 * in ".layout", read with open_file), or an inline string of 35 letters.
 * `custom` relaxes the
 * stone counts.  Writes the layout's display name to label.  Returns 0, or
 * -1 with a message in err naming the rule and the space.
 */
int yu_layout_option(const char *value, int custom, uint8_t *track,
    char *label, size_t labellen, const struct tbl_host *host, char *err,
    size_t errlen);

/*
 * Check the layout field of a position string (35 letters p d r, '.' for
 * an empty space, '_' for a space not yet drawn) and fill track.  Sets
 * *unset when the layout is still being drawn.  Checks the letters, the
 * length and the red/dark rule; the counts are the position's business.
 */
int yu_check_track(const char *text, int custom, uint8_t *track, int *unset,
    char *err, size_t errlen);

/*
 * The probability that a random layout puts the red stone on space i,
 * proportional to the number of ways to place the nine dark stones around
 * it, so that every valid layout is equally likely.
 */
double yu_red_weight(int i);

#endif /* YUCATA_LAYOUT_H */
