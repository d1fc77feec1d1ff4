/*
 * notation.c - Tuknanavuhpi as text: moves (c3-d4, c3xg3xg7, stop, wipe d4,
 * huff c3), the position string (set_position reads the board, then the
 * side to move and the fields, then checks the whole), the board drawing
 * and the result.  Text is read with the SDK's toolkit (tablero.h), so
 * blanks and field names work as in every other game.
 */
#include <stdint.h>
#include <string.h>

#include "tuknanavuhpi.h"

/* ------------------------------------------------------------------ */
/* Reading points                                                     */
/* ------------------------------------------------------------------ */

/*
 * Read the name of a point ("c3") at the start of t: returns its length and
 * stores the point, or 0 when t does not start with the name of a point of
 * the board (a lattice square whose file and rank are both odd or both
 * even).
 */
static int
read_point(const char *t, int *p)
{
	int f, r, k = tbl_read_square(t, 9, 9, &f, &r);

	if (k <= 0 || ((f ^ r) & 1))
		return 0;
	*p = (9 * r + f) / 2;
	return k;
}

/* Whether the whole word w names a point; stores it. */
static int
word_point(struct tbl_word w, int *p)
{
	return w.len > 0 && (size_t)read_point(w.p, p) == w.len;
}

/* The line direction and distance from a to b, or -1 when none joins them. */
static int
line_between(int a, int b, int *dist)
{
	int d, k, p;

	for (d = 0; d < 8; d++)
		for (k = 1, p = tk_nb[a][d]; p >= 0; k++, p = tk_nb[p][d])
			if (p == b) {
				*dist = k;
				return d;
			}
	return -1;
}

/* ------------------------------------------------------------------ */
/* Moves                                                              */
/* ------------------------------------------------------------------ */

/* "wipe d4" or "huff c3": w is the first word, kind K_WIPE or K_HUFF. */
static int
parse_action(const char *text, struct tbl_word w, int kind, tbl_move *m,
    size_t *used, char *err, size_t errlen)
{
	const char *name = kind == K_WIPE ? "wipe" : "huff", *c = w.p + w.len;
	struct tbl_word pt;
	int from;

	if (!tbl_next_word(&c, &pt)) {
		tbl_error(err, errlen, "'%s' needs a point (%s)", name,
		    kind == K_WIPE ? "wipe d4" : "huff c3");
		return -1;
	}
	if (!word_point(pt, &from)) {
		tbl_error(err, errlen, "'%.*s': expected a point after '%s'",
		    (int)pt.len, pt.p, name);
		return -1;
	}
	if (kind == K_WIPE && square_of_centre(from) < 0) {
		tbl_error(err, errlen, "'wipe %.*s': name a square by its "
		    "centre point (b2, d2, ... h8)", (int)pt.len, pt.p);
		return -1;
	}
	*m = MV(kind, from, 0, 1);
	*used = (size_t)(c - text);
	return 0;
}

/*
 * A step "c3-d4" or a jump "c3xe5" at the start of word w, or "xe5" going
 * on with the chain in progress; a chain "c3xe5xe7" is read one jump at a
 * time, *used stopping before the next 'x'.
 */
static int
parse_step_or_jump(const struct tbl_state *s, const char *text,
    struct tbl_word w, tbl_move *m, size_t *used, char *err, size_t errlen)
{
	const char *t = w.p, *end = w.p + w.len;
	int from, to, d, dist, k;
	char sep = 'x';

	if (*t == 'x') {
		if (s->chain < 0) {
			tbl_error(err, errlen, "'%.*s': no jump is in progress; "
			    "name the jumping counter (c3x...)", (int)w.len, w.p);
			return -1;
		}
		from = s->chain;
		t++;
	} else {
		k = read_point(t, &from);
		if (k == 0) {
			tbl_error(err, errlen, "'%.*s': not a move (c3-d4, "
			    "c3xg3, wipe d4, huff c3, stop)", (int)w.len, w.p);
			return -1;
		}
		t += k;
		sep = *t;
		if (sep != '-' && sep != 'x') {
			tbl_error(err, errlen, "'%.*s': expected '-' (step) or "
			    "'x' (jump) after %.*s", (int)w.len, w.p, k, w.p);
			return -1;
		}
		t++;
	}
	k = read_point(t, &to);
	if (k == 0 && t == end) {
		tbl_error(err, errlen, "'%.*s': expected a point after '%c'",
		    (int)w.len, w.p, sep);
		return -1;
	}
	if (k == 0) {
		tbl_error(err, errlen, "'%.*s': '%.*s' is not a point of the "
		    "board", (int)w.len, w.p, (int)(end - t), t);
		return -1;
	}
	t += k;
	if (t != end && *t != 'x') {
		tbl_error(err, errlen, "'%.*s': unexpected text after the move",
		    (int)w.len, w.p);
		return -1;
	}
	d = line_between(from, to, &dist);
	if (d < 0) {
		tbl_error(err, errlen, "'%.*s': no line joins the two points",
		    (int)(t - w.p), w.p);
		return -1;
	}
	*m = MV(sep == '-' ? K_STEP : K_JUMP, from, d, dist);
	*used = (size_t)(t - text);
	return 0;
}

int
tk_parse_move(const struct tbl_state *s, const char *text, tbl_move *m,
    size_t *used, char *err, size_t errlen)
{
	const char *c = text;
	struct tbl_word w;

	tbl_next_word(&c, &w);
	if (tbl_word_is(w, "stop")) {
		*m = MV_STOP;
		*used = (size_t)(c - text);
		return 0;
	}
	if (tbl_word_is(w, "wipe"))
		return parse_action(text, w, K_WIPE, m, used, err, errlen);
	if (tbl_word_is(w, "huff"))
		return parse_action(text, w, K_HUFF, m, used, err, errlen);
	return parse_step_or_jump(s, text, w, m, used, err, errlen);
}

int
tk_format_move(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	size_t n = 0;
	char a[PNAME], b[PNAME];
	int kind = MV_KIND(m), from = MV_FROM(m), to;

	(void)s;
	if (kind == K_STOP) {
		tbl_bprintf(buf, len, &n, "stop");
		return (int)n;
	}
	if (from >= NPTS) {
		tbl_bprintf(buf, len, &n, "?");
		return (int)n;
	}
	tk_point_name(from, a);
	if (kind == K_WIPE || kind == K_HUFF) {
		tbl_bprintf(buf, len, &n, "%s %s",
		    kind == K_WIPE ? "wipe" : "huff", a);
		return (int)n;
	}
	to = walk(from, MV_DIR(m), MV_DIST(m));
	if (to < 0 || (kind != K_STEP && kind != K_JUMP)) {
		tbl_bprintf(buf, len, &n, "?");
		return (int)n;
	}
	tk_point_name(to, b);
	tbl_bprintf(buf, len, &n, "%s%c%s", a, kind == K_STEP ? '-' : 'x', b);
	return (int)n;
}

/* ------------------------------------------------------------------ */
/* The position string                                                */
/* ------------------------------------------------------------------ */

static char
point_char(const struct tbl_state *s, int p)
{
	int m = (int)(s->mull >> p & 1);

	if (s->dead >> p & 1)
		return '#';
	if (s->side[0] >> p & 1)
		return m ? 'W' : 'w';
	if (s->side[1] >> p & 1)
		return m ? 'B' : 'b';
	return '.';
}

static void
print_mask(char *buf, size_t len, size_t *n, uint64_t b)
{
	char a[PNAME];
	int first = 1;

	for (; b; b &= b - 1) {
		tk_point_name(tbl_lowbit64(b), a);
		tbl_bprintf(buf, len, n, "%s%s", first ? "" : ",", a);
		first = 0;
	}
}

int
tk_get_position(const struct tbl_state *s, char *buf, size_t len)
{
	char board[NPTS + 9], a[PNAME];
	size_t n = 0, k = 0;
	int p;

	for (p = 0; p < NPTS; p++) {
		if (p > 0 && 2 * (p - 1) / 9 != 2 * p / 9)
			board[k++] = '/';
		board[k++] = point_char(s, p);
	}
	board[k] = '\0';
	tbl_bprintf(buf, len, &n, "%s", board);
	tbl_bprintf(buf, len, &n, " %c", s->turn ? 'b' : 'w');
	if (s->chain >= 0) {
		tk_point_name(s->chain, a);
		tbl_bprintf(buf, len, &n, " chain=%s", a);
	}
	if (s->huff) {
		tbl_bprintf(buf, len, &n, " huff=");
		print_mask(buf, len, &n, s->huff);
	}
	if (s->done)
		tbl_bprintf(buf, len, &n, " done=%s",
		    s->done == DONE_HUFF ? "huff" :
		    s->done == DONE_WIPE ? "wipe" : "huff,wipe");
	if (s->quiet)
		tbl_bprintf(buf, len, &n, " quiet=%u", (unsigned)s->quiet);
	return (int)n;
}

/* Read a comma-separated list of points ("c3,e5") into a mask; -1 on error. */
static int
parse_points(struct tbl_word v, uint64_t *mask)
{
	const char *c = v.p, *end = v.p + v.len;
	int p, k;

	*mask = 0;
	for (;;) {
		k = read_point(c, &p);
		if (k == 0 || c + k > end)
			return -1;
		*mask |= BIT(p);
		c += k;
		if (c == end)
			return 0;
		if (*c != ',')
			return -1;
		c++;
	}
}

/*
 * The board, the first word of a position string: nine ranks from a1 up,
 * separated by '/', of five and four points alternately, each '.', 'w',
 * 'b', 'W', 'B' (mullahs) or '#' (a point of a wiped square, which goes
 * into *marked).
 */
static int
parse_board(struct tbl_state *t, struct tbl_word w, uint64_t *marked,
    char *err, size_t errlen)
{
	static const char letters[] = ".wbWB#";
	const char *c = w.p, *end = w.p + w.len, *l;
	int r, p = 0, cnt, want;
	uint64_t b;

	for (r = 0; r < 9; r++) {
		want = r % 2 ? 4 : 5;
		for (cnt = 0; c < end && *c != '/'; c++, cnt++) {
			if (cnt >= want)
				continue;
			l = memchr(letters, *c, sizeof letters - 1);
			if (l == NULL) {
				tbl_error(err, errlen, "rank %d: unknown piece "
				    "letter '%c' (expected . w b W B #)", r + 1,
				    *c);
				return -1;
			}
			b = BIT(p + cnt);
			switch (l - letters) {
			case 1: t->side[0] |= b; break;
			case 2: t->side[1] |= b; break;
			case 3: t->side[0] |= b; t->mull |= b; break;
			case 4: t->side[1] |= b; t->mull |= b; break;
			case 5: *marked |= b; break;
			}
		}
		if (cnt != want) {
			tbl_error(err, errlen, "rank %d has %d points, expected "
			    "%d", r + 1, cnt, want);
			return -1;
		}
		p += want;
		if (r < 8 && c == end) {
			tbl_error(err, errlen, "position has %d ranks, expected 9 "
			    "separated by '/'", r + 1);
			return -1;
		}
		if (r < 8)
			c++;
	}
	if (c != end) {
		tbl_error(err, errlen, "position has more than 9 ranks");
		return -1;
	}
	return 0;
}

/* The fields of a position string after the side to move. */
enum { F_CHAIN, F_HUFF, F_DONE, F_QUIET };
static const char *const field_keys[] = {
	"chain", "huff", "done", "quiet", NULL
};

/* The index in field_keys of field f, marked in *seen; -1 when unknown
 * or given twice. */
static int
field_index(const struct tbl_field *f, uint32_t *seen, char *err,
    size_t errlen)
{
	uint32_t none = 0;
	int i = tbl_field_lookup(f, field_keys, seen, NULL, 0);

	if (i >= 0)
		return i;
	if (tbl_field_lookup(f, field_keys, &none, NULL, 0) >= 0)
		tbl_error(err, errlen, "field '%.*s' given twice",
		    (int)f->key.len, f->key.p);
	else
		tbl_error(err, errlen, "unknown field '%.*s' (expected chain, "
		    "huff, done or quiet)", (int)f->key.len, f->key.p);
	return -1;
}

/* Field i of field_keys with value v. */
static int
parse_field(struct tbl_state *t, int i, struct tbl_word v, char *err,
    size_t errlen)
{
	unsigned long n;
	uint64_t mask;
	int p;

	switch (i) {
	case F_CHAIN:
		if (!word_point(v, &p)) {
			tbl_error(err, errlen, "chain=%.*s: not a point",
			    (int)v.len, v.p);
			return -1;
		}
		t->chain = (int8_t)p;
		return 0;
	case F_HUFF:
		if (parse_points(v, &mask) != 0) {
			tbl_error(err, errlen, "huff=%.*s: expected points "
			    "separated by commas", (int)v.len, v.p);
			return -1;
		}
		t->huff = mask;
		return 0;
	case F_DONE:
		t->done = tbl_word_is(v, "huff") ? DONE_HUFF :
		    tbl_word_is(v, "wipe") ? DONE_WIPE :
		    tbl_word_is(v, "huff,wipe") ? DONE_HUFF | DONE_WIPE : 0;
		if (t->done == 0) {
			tbl_error(err, errlen, "done=%.*s: expected huff, wipe "
			    "or huff,wipe", (int)v.len, v.p);
			return -1;
		}
		return 0;
	default:
		if (tbl_word_uint(v, UINT16_MAX, &n) != 0) {
			tbl_error(err, errlen, "quiet=%.*s: expected a number "
			    "0..65535", (int)v.len, v.p);
			return -1;
		}
		t->quiet = (uint16_t)n;
		return 0;
	}
}

/* The words after the board: the side to move, then key=value fields. */
static int
parse_fields(struct tbl_state *t, const char *c, char *err, size_t errlen)
{
	struct tbl_word w;
	struct tbl_field f;
	uint32_t seen = 0;
	int i;

	tbl_next_word(&c, &w);
	if (!tbl_word_is(w, "w") && !tbl_word_is(w, "b")) {
		tbl_error(err, errlen, "side to move must be 'w' or 'b', not "
		    "'%.*s'", (int)w.len, w.p);
		return -1;
	}
	t->turn = (int8_t)(w.p[0] == 'b');
	while (tbl_next_word(&c, &w)) {
		if (!tbl_field_split(w, &f)) {
			tbl_error(err, errlen, "'%.*s': expected key=value",
			    (int)w.len, w.p);
			return -1;
		}
		i = field_index(&f, &seen, err, errlen);
		if (i < 0 || parse_field(t, i, f.val, err, errlen) != 0)
			return -1;
	}
	return 0;
}

/*
 * Wiped squares from the points marked '#': a square is wiped when its
 * centre is, and then all its points must be '#' and no others.
 */
static int
check_wiped(struct tbl_state *t, uint64_t marked, char *err, size_t errlen)
{
	char a[PNAME], sq[PNAME];
	int q, p;

	for (q = 0; q < 16; q++)
		if (marked >> tk_sq_centre[q] & 1) {
			t->wiped |= (uint16_t)(1u << q);
			t->dead |= tk_sq_points[q];
		}
	if (marked & ~t->dead) {
		tk_point_name(tbl_lowbit64(marked & ~t->dead), a);
		tbl_error(err, errlen, "point %s is marked wiped (#) but no "
		    "wiped square contains it (a square is wiped by its "
		    "centre)", a);
		return -1;
	}
	if (t->dead & ~marked) {
		p = tbl_lowbit64(t->dead & ~marked);
		for (q = 0; !(t->wiped >> q & 1) || !(tk_sq_points[q] >> p & 1);
		    q++)
			;
		tk_point_name(tk_sq_centre[q], sq);
		tk_point_name(p, a);
		if ((t->side[0] | t->side[1]) >> p & 1)
			tbl_error(err, errlen, "counter on %s, a point of the "
			    "wiped square %s", a, sq);
		else
			tbl_error(err, errlen, "point %s belongs to the wiped "
			    "square %s and must be '#'", a, sq);
		return -1;
	}
	if (t->wiped && !t->r.shrink) {
		tbl_error(err, errlen, "wiped points (#) need shrink=yes");
		return -1;
	}
	return 0;
}

/* The counters: mullahs only in Kharbaga, at most twenty a side. */
static int
check_counters(const struct tbl_state *t, char *err, size_t errlen)
{
	int q;

	if (t->mull && !t->r.khar) {
		tbl_error(err, errlen, "mullahs (W, B) exist only in "
		    "variant=kharbaga");
		return -1;
	}
	for (q = 0; q < 2; q++)
		if (tbl_popcount64(t->side[q]) > MAXCOUNTERS) {
			tbl_error(err, errlen, "%s has %d counters, at most %d",
			    tk_side_name(q), tbl_popcount64(t->side[q]),
			    MAXCOUNTERS);
			return -1;
		}
	if (!t->side[0] && !t->side[1]) {
		tbl_error(err, errlen, "no counters on the board");
		return -1;
	}
	return 0;
}

/* The fields of a turn in progress (chain=, huff=, done=) fit together
 * and with the rules. */
static int
check_turn_fields(const struct tbl_state *t, char *err, size_t errlen)
{
	char a[PNAME];

	if (t->chain >= 0 && (t->huff || t->done)) {
		tbl_error(err, errlen, "chain= cannot go with huff= or done= "
		    "(a chain is the last part of a turn)");
		return -1;
	}
	if (t->huff && t->done) {
		tbl_error(err, errlen, "huff= cannot go with done= (the chance "
		    "to huff ends with the first action of a turn)");
		return -1;
	}
	if (t->huff && t->r.capture != CAP_HUFF) {
		tbl_error(err, errlen, "huff= needs capture=huff");
		return -1;
	}
	if ((t->done & DONE_HUFF) && t->r.capture != CAP_HUFF) {
		tbl_error(err, errlen, "done=huff needs capture=huff");
		return -1;
	}
	if ((t->done & DONE_WIPE) && !t->r.shrink) {
		tbl_error(err, errlen, "done=wipe needs shrink=yes");
		return -1;
	}
	if (t->huff & ~t->side[!t->turn]) {
		tk_point_name(tbl_lowbit64(t->huff & ~t->side[!t->turn]), a);
		tbl_error(err, errlen, "huff=: no %s counter on %s",
		    tk_side_name(!t->turn), a);
		return -1;
	}
	return 0;
}

/* The side to move can play on: its chain counter can jump, the other
 * side has counters, and a turn in mid-course has a move left. */
static int
check_play(struct tbl_state *t, char *err, size_t errlen)
{
	char a[PNAME];

	if (t->chain >= 0) {
		tk_point_name(t->chain, a);
		if (!(t->side[t->turn] >> t->chain & 1)) {
			tbl_error(err, errlen, "chain=%s: no %s counter there",
			    a, tk_side_name(t->turn));
			return -1;
		}
		if (!tk_piece_can_jump(t->side[t->turn], t->side[!t->turn],
		    ALL & ~t->dead, t->chain, (int)(t->mull >> t->chain & 1))) {
			tbl_error(err, errlen, "chain=%s: the counter there has "
			    "no jump to go on with", a);
			return -1;
		}
	}
	if (!t->side[!t->turn] && !(t->done & DONE_HUFF)) {
		tbl_error(err, errlen, "%s has no counters, so the game ended "
		    "before %s's turn", tk_side_name(!t->turn),
		    tk_side_name(t->turn));
		return -1;
	}
	tk_update_status(t);
	if (t->status == ST_PLAY && t->done &&
	    !tk_any_move(t->side[t->turn], t->side[!t->turn], t->mull,
	    ALL & ~t->dead, step_dirs(&t->r, t->turn))) {
		tbl_error(err, errlen, "%s is in mid-turn (done=) but has no "
		    "step or jump", tk_side_name(t->turn));
		return -1;
	}
	return 0;
}

/* Everything a position string cannot say by its shape alone; sets the
 * wiped squares and the derived fields. */
static int
check_position(struct tbl_state *t, uint64_t marked, char *err,
    size_t errlen)
{
	if (check_wiped(t, marked, err, errlen) != 0 ||
	    check_counters(t, err, errlen) != 0 ||
	    check_turn_fields(t, err, errlen) != 0 ||
	    check_play(t, err, errlen) != 0)
		return -1;
	return 0;
}

/*
 * Set the position from its string: parse the board, then the side to
 * move and the fields, then check the whole; s is changed only when all
 * of it is good.
 */
int
tk_set_position(struct tbl_state *s, const char *pos, char *err,
    size_t errlen)
{
	struct tbl_state t;
	struct tbl_word w;
	const char *c = pos;
	uint64_t marked = 0;

	memcpy(&t, s, sizeof t);
	t.side[0] = t.side[1] = t.mull = t.dead = t.huff = 0;
	t.wiped = 0;
	t.chain = -1;
	t.done = 0;
	t.quiet = 0;
	tbl_next_word(&c, &w);
	if (parse_board(&t, w, &marked, err, errlen) != 0 ||
	    parse_fields(&t, c, err, errlen) != 0 ||
	    check_position(&t, marked, err, errlen) != 0)
		return -1;
	memcpy(s, &t, sizeof t);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Board drawing                                                      */
/* ------------------------------------------------------------------ */

/* Whether lattice (f, r) is a live point. */
static int
live_at(const struct tbl_state *s, int f, int r)
{
	if (f < 0 || f > 8 || r < 0 || r > 8 || ((f ^ r) & 1))
		return 0;
	return !(s->dead >> ((9 * r + f) / 2) & 1);
}

/* The lattice of live points, rank 9 at the top, and the files below. */
static void
render_board(const struct tbl_state *s, char *buf, size_t len, size_t *np)
{
	size_t n = *np;
	char line[24];
	int r, f, x;

	for (r = 8; r >= 0; r--) {
		/* The rank itself. */
		memset(line, ' ', sizeof line);
		for (f = 0; f <= 8; f++) {
			if (!live_at(s, f, r))
				continue;
			line[2 * f] = point_char(s, (9 * r + f) / 2);
			if (!(r & 1) && live_at(s, f + 2, r))
				memcpy(line + 2 * f + 1, "---", 3);
		}
		if (r & 1)	/* centre rank: vertical lines pass by */
			for (f = 0; f <= 8; f += 2)
				if (live_at(s, f, r - 1) && live_at(s, f, r + 1))
					line[2 * f] = '|';
		for (x = (int)sizeof line - 1; x >= 0 && line[x] == ' '; x--)
			;
		tbl_bprintf(buf, len, &n, "%d%s%.*s\n", r + 1, x >= 0 ? "  " : "",
		    x + 1, line);
		if (r == 0)
			break;
		/* The lines between rank r and rank r - 1. */
		memset(line, ' ', sizeof line);
		for (f = 0; f < 8; f++) {
			if (live_at(s, f, r - 1) && live_at(s, f + 1, r))
				line[2 * f + 1] = '/';
			else if (live_at(s, f + 1, r - 1) && live_at(s, f, r))
				line[2 * f + 1] = '\\';
		}
		for (f = 0; f <= 8; f += 2) {
			int lo = r & 1 ? r - 1 : r - 2, hi = lo + 2;
			if (live_at(s, f, lo) && live_at(s, f, hi))
				line[2 * f] = '|';
		}
		for (x = (int)sizeof line - 1; x >= 0 && line[x] == ' '; x--)
			;
		tbl_bprintf(buf, len, &n, "%s%.*s\n", x >= 0 ? "   " : "",
		    x + 1, line);
	}
	tbl_bprintf(buf, len, &n, "   a b c d e f g h i\n");
	*np = n;
}

int
tk_render(const struct tbl_state *s, char *buf, size_t len)
{
	size_t n = 0;
	char a[PNAME];
	int first;
	uint64_t b;

	render_board(s, buf, len, &n);
	if (s->wiped) {
		tbl_bprintf(buf, len, &n, "wiped squares:");
		for (b = 0, first = 1; b < 16; b++)
			if (s->wiped >> b & 1) {
				tk_point_name(tk_sq_centre[b], a);
				tbl_bprintf(buf, len, &n, "%s%s", first ? " " :
				    ", ", a);
				first = 0;
			}
		tbl_bprintf(buf, len, &n, "\n");
	}
	tbl_bprintf(buf, len, &n, "White %d, Black %d", tbl_popcount64(s->side[0]),
	    tbl_popcount64(s->side[1]));
	if (s->r.quiet_limit)
		tbl_bprintf(buf, len, &n, "; %u of %u turns without a capture",
		    (unsigned)s->quiet, (unsigned)s->r.quiet_limit);
	else
		tbl_bprintf(buf, len, &n, "; %u turns without a capture",
		    (unsigned)s->quiet);
	tbl_bprintf(buf, len, &n, "\n");
	/* The host adds "X to move" or the result; say what else is due. */
	if (s->status != ST_PLAY)
		return (int)n;
	if (s->chain >= 0) {
		tk_point_name(s->chain, a);
		tbl_bprintf(buf, len, &n, "%s's counter on %s %s\n",
		    tk_side_name(s->turn), a, must_capture(&s->r) ?
		    "must jump on" : "may jump on or stop");
	}
	if (s->huff) {
		tbl_bprintf(buf, len, &n, "%s may huff ", tk_side_name(s->turn));
		print_mask(buf, len, &n, s->huff);
		tbl_bprintf(buf, len, &n, " before wiping or moving\n");
	}
	if (s->done)
		tbl_bprintf(buf, len, &n, "%s has %s this turn\n",
		    tk_side_name(s->turn), s->done == DONE_HUFF ? "huffed" :
		    s->done == DONE_WIPE ? "wiped" : "huffed and wiped");
	return (int)n;
}
