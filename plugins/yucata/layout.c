/*
 * layout.c - Yucata' stone layouts: the built-in layout, layout names and
 * files, inline layout strings, and the layout rules of the source:
 *
 *   1) the first four spaces stay free of stones (a layout covers spaces
 *      5-39 only, so a layout of any other length breaks this rule);
 *   2) at least one pale stone lies between the red stone and any dark
 *      stone;
 *   and the box holds 25 pale, 9 dark and 1 red stone (stones = custom
 *   lifts this count and lets a space stay empty).
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tablero.h"
#include "layout.h"

/*
 * Our own layout, named "tablero" (also "standard"): the printed board's
 * layout is a picture the source text does not contain.  Red on the final
 * space as the source says of the board; the dark stones spread three or
 * four spaces apart.  Spaces 5-39:
 *
 *	space  5    10   15   20   25   30   35  39
 *	       pppdpppdppdpppdpppdppdpppdppdppdppr
 */
static const char tablero_layout[] = "pppdpppdppdpppdpppdppdpppdppdppdppr";

char
yu_stone_char(int st)
{
	static const char ch[5] = { '.', 'p', 'd', 'r', '_' };

	return st >= 0 && st <= 4 ? ch[st] : '#';
}

/*
 * Rule 2 over a filled track: from every red stone, walking either way past
 * empty spaces, the first stone met must not be dark.
 */
static int
check_rule2(const uint8_t *track, char *err, size_t errlen)
{
	int i, j, dir;

	for (i = YU_FIRST; i <= YU_SPACES; i++) {
		if (track[i] != ST_RED)
			continue;
		for (dir = -1; dir <= 1; dir += 2) {
			for (j = i + dir; j >= YU_FIRST && j <= YU_SPACES &&
			    track[j] == ST_EMPTY; j += dir)
				;
			if (j < YU_FIRST || j > YU_SPACES ||
			    track[j] != ST_DARK)
				continue;
			if (j == i + dir)
				snprintf(err, errlen, "layout rule 2: the dark "
				    "stone on space %d is next to the red stone "
				    "on space %d (at least one pale stone must "
				    "lie between them)", j, i);
			else
				snprintf(err, errlen, "layout rule 2: no pale "
				    "stone between the dark stone on space %d "
				    "and the red stone on space %d", j, i);
			return -1;
		}
	}
	return 0;
}

/* Length check shared by layouts and positions. */
static int
check_length(size_t n, char *err, size_t errlen)
{
	if (n == YU_STONES)
		return 0;
	snprintf(err, errlen, "layout: %zu stone%s given, but a layout gives "
	    "%d, one for each of spaces 5-39", n, n == 1 ? "" : "s",
	    YU_STONES);
	return -1;
}

/* Check a layout's text with blanks removed; fill track. */
static int
check_layout(const char *text, int custom, uint8_t *track, char *err,
    size_t errlen)
{
	size_t n = strlen(text), k;
	int cnt[4] = { 0, 0, 0, 0 }, st, i;

	if (check_length(n, err, errlen) != 0)
		return -1;
	memset(track, ST_EMPTY, YU_SPACES + 1);
	for (k = 0; k < n; k++) {
		i = YU_FIRST + (int)k;
		switch (tolower((unsigned char)text[k])) {
		case 'p': st = ST_PALE; break;
		case 'd': st = ST_DARK; break;
		case 'r': st = ST_RED; break;
		case '.': st = ST_EMPTY; break;
		default:
			snprintf(err, errlen, "layout: '%c' on space %d is not "
			    "a stone (p pale, d dark, r red)", text[k], i);
			return -1;
		}
		if (st == ST_EMPTY && !custom) {
			snprintf(err, errlen, "layout: space %d is empty, but "
			    "stones = standard puts a stone on every space "
			    "5-39", i);
			return -1;
		}
		track[i] = (uint8_t)st;
		cnt[st]++;
	}
	if (!custom && (cnt[ST_PALE] != YU_PALE || cnt[ST_DARK] != YU_DARK ||
	    cnt[ST_RED] != YU_RED)) {
		snprintf(err, errlen, "layout: %d pale, %d dark, %d red stones; "
		    "the rules want %d, %d and %d (stones = custom allows "
		    "other counts)", cnt[ST_PALE], cnt[ST_DARK], cnt[ST_RED],
		    YU_PALE, YU_DARK, YU_RED);
		return -1;
	}
	if (cnt[ST_EMPTY] == YU_STONES) {
		snprintf(err, errlen, "layout: no stones at all");
		return -1;
	}
	return check_rule2(track, err, errlen);
}

/* Copy the non-blank characters of s to out (at most outlen - 1). */
static void
squeeze(const char *s, char *out, size_t outlen, int comments)
{
	size_t n = 0;

	for (; *s; s++) {
		if (comments && *s == '#') {
			while (*s && *s != '\n')
				s++;
			if (*s == '\0')
				break;
			continue;
		}
		if (tbl_is_blank((unsigned char)*s))
			continue;
		if (n + 1 < outlen)
			out[n++] = *s;
	}
	out[n] = '\0';
}

/* The most bytes of a layout file. */
#define LAYOUT_MAX 4095

/*
 * Read layout file `file` through the host (shipped: NAME.layout of the
 * data directory, else a path the user gave) into text, comments and
 * blanks dropped: 0; 1 for a shipped file that does not exist; -1 (err
 * set).
 */
static int
read_layout_file(const struct tbl_host *host, const char *file,
    int shipped, char *text, size_t textlen, char *err, size_t errlen)
{
	char why[TBL_ERRLEN];
	size_t n;
	char *raw;

	if (!TBL_HOST_HAS(host, open_file)) {
		snprintf(err, errlen, "layout file %s: this tablero reads no "
		    "files (SDK ABI 1.4 does)", file);
		return -1;
	}
	raw = shipped ? host->open_data("yucata", file, LAYOUT_MAX, &n, why,
	    sizeof why) : host->open_file(file, LAYOUT_MAX, &n, why,
	    sizeof why);
	if (raw == NULL) {
		if (shipped && errno == ENOENT)
			return 1;
		snprintf(err, errlen, "layout file %s", why);
		return -1;
	}
	squeeze(raw, text, textlen, 1);
	host->free(raw);
	return 0;
}

/* Is s a plausible inline layout (only stone letters, '.' and blanks)? */
static int
looks_inline(const char *s)
{
	for (; *s; s++)
		if (!tbl_is_blank((unsigned char)*s) && !strchr("pdrPDR.", *s))
			return 0;
	return 1;
}

/* Is s a layout name (letters, digits, '_' and '-')? */
static int
is_name(const char *s)
{
	if (*s == '\0' || strlen(s) > 32)
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_' && *s != '-')
			return 0;
	return 1;
}

static void
set_label(char *label, size_t labellen, const char *s, size_t n)
{
	if (n >= labellen)
		n = labellen - 1;
	memcpy(label, s, n);
	label[n] = '\0';
}

static int
cmp_names(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

/*
 * The layouts there are, for an error: the built-in ones and the names of
 * the .layout files in DATADIR/yucata, sorted ("tablero (standard),
 * random, centre, pairs").
 */
static void
list_layouts(const char *datadir, char *out, size_t len)
{
	char dir[1100], names[32][33];
	struct dirent *e;
	size_t k, n = 0, used = 0;
	DIR *d;

	snprintf(dir, sizeof dir, "%s/yucata", datadir ? datadir : ".");
	d = datadir ? opendir(dir) : NULL;
	while (d != NULL && n < 32 && (e = readdir(d)) != NULL) {
		k = strlen(e->d_name);
		if (k > 7 && k - 7 <= 32 &&
		    strcmp(e->d_name + k - 7, ".layout") == 0 &&
		    (k - 7 != 7 || strncmp(e->d_name, "tablero", 7) != 0)) {
			memcpy(names[n], e->d_name, k - 7);
			names[n++][k - 7] = '\0';
		}
	}
	if (d != NULL)
		closedir(d);
	qsort(names, n, sizeof names[0], cmp_names);
	tbl_bprintf(out, len, &used, "tablero (standard), random");
	for (k = 0; k < n; k++)
		tbl_bprintf(out, len, &used, ", %s", names[k]);
}

/*
 * Read layout file `file` (as read_layout_file() takes it) into track,
 * checked, naming it `shown` in messages: 0; 1 for a shipped file that
 * does not exist; -1 (err set).
 */
static int
layout_file(const struct tbl_host *host, const char *file, int shipped,
    const char *shown, int custom, uint8_t *track, char *err, size_t errlen)
{
	char text[1024], msg[256];
	int rc = read_layout_file(host, file, shipped, text, sizeof text, err,
	    errlen);

	if (rc != 0)
		return rc;
	if (check_layout(text, custom, track, msg, sizeof msg) != 0) {
		snprintf(err, errlen, "layout file %s: %s", shown, msg);
		return -1;
	}
	return 0;
}

int
yu_layout_option(const char *value, int custom, uint8_t *track,
    char *label, size_t labellen, const struct tbl_host *host, char *err,
    size_t errlen)
{
	const char *datadir = TBL_HOST_HAS(host, data_dir) ? host->data_dir() :
	    NULL;
	char text[1024], path[1024], msg[256];
	const char *base, *v = value;
	size_t n, vl;
	int i;

	v = tbl_skip_blanks(v);
	vl = strlen(v);
	while (vl > 0 && tbl_is_blank((unsigned char)v[vl - 1]))
		vl--;
	if (vl >= sizeof path) {
		snprintf(err, errlen, "layout: value too long");
		return -1;
	}
	memcpy(path, v, vl);
	path[vl] = '\0';
	if (strcmp(path, "tablero") == 0 || strcmp(path, "standard") == 0) {
		set_label(label, labellen, "tablero", 7);
		return check_layout(tablero_layout, custom, track, err, errlen);
	}
	if (strcmp(path, "random") == 0) {
		memset(track, ST_EMPTY, YU_SPACES + 1);
		for (i = YU_FIRST; i <= YU_SPACES; i++)
			track[i] = ST_UNSET;
		set_label(label, labellen, "random", 6);
		return 0;
	}
	if (strchr(path, '/') != NULL || (vl > 7 &&
	    strcmp(path + vl - 7, ".layout") == 0)) {
		if (layout_file(host, path, 0, path, custom, track, err,
		    errlen) != 0)
			return -1;
		base = strrchr(path, '/');
		base = base ? base + 1 : path;
		n = strlen(base);
		if (n > 7 && strcmp(base + n - 7, ".layout") == 0)
			n -= 7;
		set_label(label, labellen, base, n);
		return 0;
	}
	/* Stone letters, or too long for a name: an inline layout. */
	if (looks_inline(path) || vl > 32) {
		squeeze(path, text, sizeof text, 0);
		set_label(label, labellen, "inline", 6);
		return check_layout(text, custom, track, err, errlen);
	}
	if (!is_name(path)) {
		snprintf(err, errlen, "layout '%.40s': not tablero, random, a "
		    "layout name, a .layout file or 35 letters p/d/r", path);
		return -1;
	}
	/* A name: DATADIR/yucata/NAME.layout, shipped with tablero. */
	if (datadir != NULL && TBL_HOST_HAS(host, open_data)) {
		char file[64], shown[1200];
		int rc;

		/* is_name(): at most 32 bytes, which the compiler is told
		 * (format-truncation at -O1 otherwise). */
		snprintf(file, sizeof file, "%.32s.layout", path);
		snprintf(shown, sizeof shown, "%s/yucata/%s", datadir, file);
		rc = layout_file(host, file, 1, shown, custom, track, err, errlen);
		if (rc < 0)
			return -1;
		if (rc == 0) {
			set_label(label, labellen, path, vl);
			return 0;
		}
	}
	list_layouts(datadir, msg, sizeof msg);
	snprintf(err, errlen, "layout '%s': no such layout (the layouts: %s; "
	    "or 35 letters p/d/r, or a .layout file)", path, msg);
	return -1;
}

int
yu_check_track(const char *text, int custom, uint8_t *track, int *unset,
    char *err, size_t errlen)
{
	size_t n = strlen(text), k;
	int cnt[5] = { 0, 0, 0, 0, 0 }, st, i;

	(void)custom;
	if (check_length(n, err, errlen) != 0)
		return -1;
	memset(track, ST_EMPTY, YU_SPACES + 1);
	for (k = 0; k < n; k++) {
		i = YU_FIRST + (int)k;
		switch (text[k]) {
		case 'p': st = ST_PALE; break;
		case 'd': st = ST_DARK; break;
		case 'r': st = ST_RED; break;
		case '.': st = ST_EMPTY; break;
		case '_': st = ST_UNSET; break;
		default:
			snprintf(err, errlen, "layout: '%c' on space %d is not "
			    "p, d, r, '.' (empty) or '_' (not yet drawn)",
			    text[k], i);
			return -1;
		}
		track[i] = (uint8_t)st;
		cnt[st]++;
	}
	*unset = cnt[ST_UNSET] > 0;
	if (*unset && (cnt[ST_PALE] || cnt[ST_EMPTY] || cnt[ST_RED] > 1 ||
	    cnt[ST_DARK] >= YU_DARK || (cnt[ST_DARK] && !cnt[ST_RED]))) {
		snprintf(err, errlen, "layout: a layout being drawn ('_') holds "
		    "the red stone, then up to %d dark stones, and no pale "
		    "stone or empty space", YU_DARK - 1);
		return -1;
	}
	return check_rule2(track, err, errlen);
}

/* Binomial coefficient as a double (small arguments). */
static double
choose(int n, int k)
{
	double r = 1;
	int i;

	for (i = 1; i <= k; i++)
		r = r * (n - k + i) / i;
	return r;
}

double
yu_red_weight(int i)
{
	/* Spaces left for the dark stones: 34 minus red's neighbours. */
	double end = choose(YU_STONES - 2, YU_DARK);	/* red on 5 or 39 */
	double mid = choose(YU_STONES - 3, YU_DARK);
	double total = 2 * end + (YU_STONES - 2) * mid;

	if (i < YU_FIRST || i > YU_SPACES)
		return 0;
	return (i == YU_FIRST || i == YU_SPACES ? end : mid) / total;
}
