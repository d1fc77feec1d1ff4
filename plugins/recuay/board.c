/*
 * board.c - read and check a Recuay board file (see board.h and the BOARD
 * FILES section of tablero-recuay(7)).  Every line is cut into words and
 * key=value fields with the SDK text toolkit.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tablero.h"
#include "board.h"

/* Parser state: the file name and line for messages. */
struct parse {
	struct rc_board *b;
	const char *file;
	int line;
	char *err;
	size_t errlen;
	int nearline[RC_MAXSP];		/* line of each space's near, or 0 */
	int ntrack[2];
	char compname[RC_MAXSP][RC_NAMELEN];
};

static const char *const dir_names[] = { "north", "east", "south", "west" };

static const char *const kind_names[] = {
	"small", "centre", "neutral", "home", "raised", NULL
};

#define FAIL(ps, ...) do {						\
	size_t n_ = 0;							\
	tbl_bprintf((ps)->err, (ps)->errlen, &n_, "%s:%d: ",		\
	    (ps)->file, (ps)->line);					\
	if (n_ < (ps)->errlen)						\
		snprintf((ps)->err + n_, (ps)->errlen - n_, __VA_ARGS__); \
	return -1;							\
} while (0)

int
rc_board_find(const struct rc_board *b, const char *name, size_t len)
{
	int i;

	for (i = 0; i < b->n; i++)
		if (strlen(b->name[i]) == len && memcmp(b->name[i], name, len) == 0)
			return i;
	return -1;
}

/* A space named by word w, or -1 with "unknown compartment" reported. */
static int
need_space(struct parse *ps, struct tbl_word w)
{
	int i = rc_board_find(ps->b, w.p, w.len);

	if (i < 0) {
		size_t n = 0;

		tbl_bprintf(ps->err, ps->errlen, &n,
		    "%s:%d: unknown compartment '%.*s'", ps->file, ps->line,
		    (int)w.len, w.p);
	}
	return i;
}

static int
player_of(struct tbl_word w)
{
	if (tbl_word_is(w, "P"))
		return 0;
	if (tbl_word_is(w, "Q"))
		return 1;
	return -1;
}

/* space NAME kind=K owner=O level=N [in=C] */
static int
parse_space(struct parse *ps, const char *p)
{
	struct rc_board *b = ps->b;
	struct tbl_word w;
	struct tbl_field f;
	unsigned long lv;
	int i, k, have = 0, c;
	char comp[RC_NAMELEN];

	if (!tbl_next_word(&p, &w))
		FAIL(ps, "space without a name");
	if (w.len >= RC_NAMELEN)
		FAIL(ps, "space name '%.*s' is longer than %d letters",
		    (int)w.len, w.p, RC_NAMELEN - 1);
	if (rc_board_find(b, w.p, w.len) >= 0)
		FAIL(ps, "space '%.*s' declared twice", (int)w.len, w.p);
	if (b->n >= RC_MAXSP)
		FAIL(ps, "more than %d spaces", RC_MAXSP);
	i = b->n;
	memcpy(b->name[i], w.p, w.len);
	b->name[i][w.len] = '\0';
	memcpy(comp, w.p, w.len);
	comp[w.len] = '\0';
	while (tbl_next_word(&p, &w)) {
		if (!tbl_field_split(w, &f))
			FAIL(ps, "expected key=value, not '%.*s'", (int)w.len, w.p);
		if (tbl_word_is(f.key, "kind")) {
			for (k = 0; kind_names[k] != NULL; k++)
				if (tbl_word_is(f.val, kind_names[k]))
					break;
			if (kind_names[k] == NULL)
				FAIL(ps, "unknown kind '%.*s' (small, centre, "
				    "neutral, home or raised)", (int)f.val.len, f.val.p);
			b->kind[i] = (uint8_t)k;
			have |= 1;
		} else if (tbl_word_is(f.key, "owner")) {
			if (tbl_word_is(f.val, "-"))
				b->owner[i] = -1;
			else if ((b->owner[i] = (int8_t)player_of(f.val)) < 0)
				FAIL(ps, "unknown owner '%.*s' (P, Q or -)",
				    (int)f.val.len, f.val.p);
			have |= 2;
		} else if (tbl_word_is(f.key, "level")) {
			if (tbl_word_uint(f.val, 9, &lv) != 0)
				FAIL(ps, "level '%.*s' is not a number 0-9",
				    (int)f.val.len, f.val.p);
			b->level[i] = (uint8_t)lv;
		} else if (tbl_word_is(f.key, "in")) {
			if (f.val.len == 0 || f.val.len >= RC_NAMELEN)
				FAIL(ps, "bad compartment name '%.*s'",
				    (int)f.val.len, f.val.p);
			memcpy(comp, f.val.p, f.val.len);
			comp[f.val.len] = '\0';
		} else {
			FAIL(ps, "unknown field '%.*s=' (kind, owner, level or in)",
			    (int)f.key.len, f.key.p);
		}
	}
	if (have != 3)
		FAIL(ps, "space '%s' needs kind= and owner=", b->name[i]);
	for (c = 0; c < b->ncomp; c++)
		if (strcmp(ps->compname[c], comp) == 0)
			break;
	if (c == b->ncomp)
		memcpy(ps->compname[b->ncomp++], comp, RC_NAMELEN);
	b->comp[i] = (uint8_t)c;
	b->n++;
	return 0;
}

/* near NAME d=X ... */
static int
parse_near(struct parse *ps, const char *p)
{
	static const char *const dirs[] = { "n", "e", "s", "w" };
	struct rc_board *b = ps->b;
	struct tbl_word w;
	struct tbl_field f;
	int i, j, d;

	if (!tbl_next_word(&p, &w))
		FAIL(ps, "near without a space");
	if ((i = need_space(ps, w)) < 0)
		return -1;
	if (ps->nearline[i])
		FAIL(ps, "neighbours of '%s' given twice (first on line %d)",
		    b->name[i], ps->nearline[i]);
	ps->nearline[i] = ps->line;
	while (tbl_next_word(&p, &w)) {
		if (!tbl_field_split(w, &f))
			FAIL(ps, "expected DIRECTION=SPACE, not '%.*s'",
			    (int)w.len, w.p);
		for (d = 0; d < 4; d++)
			if (tbl_word_is(f.key, dirs[d]))
				break;
		if (d == 4)
			FAIL(ps, "unknown direction '%.*s' (n, e, s or w)",
			    (int)f.key.len, f.key.p);
		if ((j = need_space(ps, f.val)) < 0)
			return -1;
		if (j == i)
			FAIL(ps, "'%s' is its own neighbour", b->name[i]);
		if (b->nnb[i] >= RC_MAXNB)
			FAIL(ps, "'%s' has more than %d neighbours", b->name[i],
			    RC_MAXNB);
		b->nb[i][b->nnb[i]] = (uint8_t)j;
		b->nbdir[i][b->nnb[i]++] = (uint8_t)d;
	}
	return 0;
}

/* The direction from a to its neighbour b, or -1. */
static int
dir_to(const struct rc_board *b, int a, int c)
{
	int k;

	for (k = 0; k < b->nnb[a]; k++)
		if (b->nb[a][k] == c)
			return b->nbdir[a][k];
	return -1;
}

/* track P A B C ... */
static int
parse_track(struct parse *ps, const char *p)
{
	struct rc_board *b = ps->b;
	struct tbl_word w;
	int pl, prev = -1, i, steps = 0;

	if (!tbl_next_word(&p, &w) || (pl = player_of(w)) < 0)
		FAIL(ps, "track wants a player P or Q first");
	while (tbl_next_word(&p, &w)) {
		if ((i = need_space(ps, w)) < 0)
			return -1;
		if (b->kind[i] == RC_NEUTRAL)
			FAIL(ps, "track of %c runs through the neutral "
			    "compartment '%s'", "PQ"[pl], b->name[i]);
		if (b->kind[i] == RC_RAISED)
			FAIL(ps, "track of %c runs through the raised "
			    "compartment '%s'", "PQ"[pl], b->name[i]);
		if (prev < 0 && ps->ntrack[pl] == 0)
			b->entry[pl] = (uint8_t)i;
		if (prev >= 0) {
			if (dir_to(b, prev, i) < 0)
				FAIL(ps, "track of %c steps from '%s' to '%s', "
				    "which are not neighbours", "PQ"[pl],
				    b->name[prev], b->name[i]);
			b->fwd[pl][prev] |= (uint32_t)1 << i;
			steps++;
		}
		prev = i;
	}
	if (steps == 0)
		FAIL(ps, "a track needs at least two spaces");
	ps->ntrack[pl]++;
	return 0;
}

/* draw TEXT: keep the text after the keyword and one blank. */
static int
parse_draw(struct parse *ps, const char *p, const char *end)
{
	struct rc_board *b = ps->b;
	size_t len;

	if (p < end && tbl_is_blank((unsigned char)*p))
		p++;
	len = (size_t)(end - p);
	if (b->artlen + len + 2 > RC_ARTLEN)
		FAIL(ps, "the drawing is longer than %d bytes", RC_ARTLEN - 2);
	memcpy(b->art + b->artlen, p, len);
	b->artlen = (uint16_t)(b->artlen + len);
	b->art[b->artlen++] = '\n';
	b->art[b->artlen] = '\0';
	return 0;
}

/* One line (not NUL-terminated: [p, end)). */
static int
parse_line(struct parse *ps, const char *p, const char *end)
{
	char buf[1024];
	const char *q;
	struct tbl_word w;
	size_t len;

	/* A CRLF line end is a line end (the title, a drawing line). */
	if (end > p && end[-1] == '\r')
		end--;
	len = (size_t)(end - p);
	q = tbl_skip_blanks(p);
	if (q >= end || *q == '#')
		return 0;
	if (len >= sizeof buf)
		FAIL(ps, "line longer than %zu bytes", sizeof buf - 1);
	memcpy(buf, p, len);
	buf[len] = '\0';
	q = buf;
	tbl_next_word(&q, &w);
	if (tbl_word_is(w, "draw"))
		return parse_draw(ps, q, buf + len);
	/* Elsewhere '#' starts a comment. */
	buf[(q - buf) + strcspn(q, "#")] = '\0';
	if (tbl_word_is(w, "space"))
		return parse_space(ps, q);
	if (tbl_word_is(w, "near"))
		return parse_near(ps, q);
	if (tbl_word_is(w, "track"))
		return parse_track(ps, q);
	if (tbl_word_is(w, "title")) {
		size_t k;

		q = tbl_skip_blanks(q);
		k = strlen(q);
		if (k >= sizeof ps->b->title)
			FAIL(ps, "title longer than %zu bytes",
			    sizeof ps->b->title - 1);
		memcpy(ps->b->title, q, k + 1);
		return 0;
	}
	FAIL(ps, "unknown keyword '%.*s' (title, space, near, track or draw)",
	    (int)w.len, w.p);
}

/* Symmetric neighbours: A lists B in d exactly when B lists A in d+2. */
static int
check_symmetry(struct parse *ps)
{
	struct rc_board *b = ps->b;
	int i, k, j, m;

	for (i = 0; i < b->n; i++)
		for (k = 0; k < b->nnb[i]; k++) {
			j = b->nb[i][k];
			for (m = 0; m < b->nnb[j]; m++)
				if (b->nb[j][m] == i &&
				    b->nbdir[j][m] == (b->nbdir[i][k] + 2) % 4)
					break;
			if (m == b->nnb[j]) {
				ps->line = ps->nearline[i];
				FAIL(ps, "asymmetric neighbours: '%s' has '%s' to "
				    "the %s but '%s' does not have '%s' to the %s",
				    b->name[i], b->name[j], dir_names[b->nbdir[i][k]],
				    b->name[j], b->name[i],
				    dir_names[(b->nbdir[i][k] + 2) % 4]);
			}
		}
	return 0;
}

/* Race distances: steps from each space to the opponent's home. */
static void
race_distances(struct rc_board *b)
{
	int pl, i, j, changed;

	for (pl = 0; pl < 2; pl++) {
		for (i = 0; i < b->n; i++)
			b->dist[pl][i] = b->kind[i] == RC_HOME &&
			    b->owner[i] == 1 - pl ? 0 : 255;
		do {
			changed = 0;
			for (i = 0; i < b->n; i++)
				for (j = 0; j < b->n; j++)
					if ((b->fwd[pl][i] >> j & 1) &&
					    b->dist[pl][j] != 255 &&
					    b->dist[pl][j] + 1 < b->dist[pl][i]) {
						b->dist[pl][i] = (uint8_t)(b->dist[pl][j] + 1);
						changed = 1;
					}
		} while (changed);
	}
}

/* Whole-board checks after the last line. */
static int
check_board(struct parse *ps)
{
	struct rc_board *b = ps->b;
	int i, j, pl, nh[2] = { 0, 0 }, nr[2] = { 0, 0 }, nc = 0;

	if (check_symmetry(ps) != 0)
		return -1;
	for (i = 0; i < b->n; i++) {
		pl = b->owner[i];
		if (b->kind[i] == RC_HOME || b->kind[i] == RC_RAISED ||
		    b->kind[i] == RC_SMALL) {
			if (pl < 0)
				FAIL(ps, "'%s' is a %s compartment without an owner",
				    b->name[i], kind_names[b->kind[i]]);
		}
		if (b->kind[i] == RC_HOME) {
			if (nh[pl] < RC_HOMEPLACES)
				b->home[pl][nh[pl]] = (uint8_t)i;
			nh[pl]++;
		} else if (b->kind[i] == RC_RAISED) {
			b->raised[pl] = (uint8_t)i;
			nr[pl]++;
		} else if (b->kind[i] == RC_CENTRE) {
			b->centre = (uint8_t)i;
			nc++;
		}
		if (b->kind[i] != RC_NEUTRAL && b->kind[i] != RC_RAISED)
			b->field |= (uint32_t)1 << i;
	}
	if (nc != 1)
		FAIL(ps, "the board needs one centre compartment, not %d", nc);
	for (pl = 0; pl < 2; pl++) {
		if (nh[pl] != RC_HOMEPLACES)
			FAIL(ps, "%c's home has %d places, not %d", "PQ"[pl],
			    nh[pl], RC_HOMEPLACES);
		if (nr[pl] != 1)
			FAIL(ps, "%c needs one raised compartment, not %d",
			    "PQ"[pl], nr[pl]);
		if (ps->ntrack[pl] == 0)
			FAIL(ps, "no track for %c", "PQ"[pl]);
		/* Backward steps: forward steps inside the enemy's seven. */
		for (i = 0; i < b->n; i++)
			for (j = 0; j < b->n; j++)
				if ((b->fwd[pl][i] >> j & 1) &&
				    b->kind[i] == RC_SMALL && b->owner[i] == 1 - pl &&
				    b->kind[j] == RC_SMALL && b->owner[j] == 1 - pl)
					b->back[pl][j] |= (uint32_t)1 << i;
	}
	race_distances(b);
	for (pl = 0; pl < 2; pl++)
		if (b->dist[pl][b->entry[pl]] == 255)
			FAIL(ps, "%c's track never reaches %c's home", "PQ"[pl],
			    "QP"[pl]);
	return 0;
}

int
rc_board_parse(struct rc_board *b, const char *text, const char *file,
    char *err, size_t errlen)
{
	struct parse ps;
	const char *p = text, *e;

	memset(b, 0, sizeof *b);
	memset(&ps, 0, sizeof ps);
	ps.b = b;
	ps.file = file;
	ps.err = err;
	ps.errlen = errlen;
	while (*p != '\0') {
		ps.line++;
		e = strchr(p, '\n');
		if (e == NULL)
			e = p + strlen(p);
		if (parse_line(&ps, p, e) != 0)
			return -1;
		p = *e == '\n' ? e + 1 : e;
	}
	ps.line++;
	if (b->n == 0) {
		ps.line = 1;
		FAIL(&ps, "no spaces declared");
	}
	return check_board(&ps);
}

/* The most bytes of a board file (under 64 KiB). */
#define BOARD_MAX 65535

/*
 * Parse the board file text the host read (n bytes) as `file`; frees
 * text.  A NUL byte says it is no text.
 */
static int
board_text(struct rc_board *b, const struct tbl_host *host, char *text,
    size_t n, const char *file, char *err, size_t errlen)
{
	int rc = -1;

	if (memchr(text, '\0', n) != NULL)
		tbl_error(err, errlen, "board: '%s' is not a board file "
		    "(binary)", file);
	else
		rc = rc_board_parse(b, text, file, err, errlen);
	host->free(text);
	return rc;
}

/* The host's message about a file it did not read, after "board: ". */
static int
board_unread(const char *why, char *err, size_t errlen)
{
	tbl_error(err, errlen, "board: %s", why);
	return -1;
}

int
rc_board_load(struct rc_board *b, const struct tbl_host *host,
    const char *path, char *err, size_t errlen)
{
	char why[TBL_ERRLEN];
	size_t n;
	char *text;

	if (!TBL_HOST_HAS(host, open_file))
		return board_unread("this tablero reads no files (SDK ABI 1.4 "
		    "does)", err, errlen);
	text = host->open_file(path, BOARD_MAX, &n, why, sizeof why);
	if (text == NULL)
		return board_unread(why, err, errlen);
	return board_text(b, host, text, n, path, err, errlen);
}

/*
 * The shipped board `name` (DATADIR/recuay/NAME) into b, named by its
 * path in messages: 0; 1 when there is no such file; -1 (err set) when
 * it cannot be read or is no board.
 */
static int
board_shipped(struct rc_board *b, const struct tbl_host *host,
    const char *name, char *err, size_t errlen)
{
	char why[TBL_ERRLEN], file[1200];
	size_t n;
	char *text = host->open_data("recuay", name, BOARD_MAX, &n, why,
	    sizeof why);

	if (text == NULL)
		return errno == ENOENT ? 1 : board_unread(why, err, errlen);
	snprintf(file, sizeof file, "%s/recuay/%s", host->data_dir(), name);
	return board_text(b, host, text, n, file, err, errlen);
}

/*
 * board=VALUE: a path when VALUE holds a '/'; otherwise a file of that
 * name in the current directory, else a shipped board in DATADIR/recuay
 * (VALUE, or VALUE.board: board=schaedel).  A board not found is named
 * with every place looked at.
 */
int
rc_board_open(struct rc_board *b, const char *value,
    const struct tbl_host *host, char *err, size_t errlen)
{
	char why[TBL_ERRLEN], alt[300];
	size_t k = strlen(value), n;
	char *text;
	int rc;

	if (strchr(value, '/') != NULL || !TBL_HOST_HAS(host, open_data))
		return rc_board_load(b, host, value, err, errlen);
	text = host->open_file(value, BOARD_MAX, &n, why, sizeof why);
	if (text != NULL)
		return board_text(b, host, text, n, value, err, errlen);
	if (errno != ENOENT)
		return board_unread(why, err, errlen);
	rc = board_shipped(b, host, value, err, errlen);
	snprintf(alt, sizeof alt, "%s", value);
	if (rc == 1 && (k < 6 || strcmp(value + k - 6, ".board") != 0)) {
		snprintf(alt, sizeof alt, "%.200s.board", value);
		rc = board_shipped(b, host, alt, err, errlen);
	}
	if (rc != 1)
		return rc;
	tbl_error(err, errlen, "board '%s': no such file here nor among the "
	    "shipped boards (looked for ./%s and %s/recuay/%s)", value, value,
	    host->data_dir(), alt);
	return -1;
}
