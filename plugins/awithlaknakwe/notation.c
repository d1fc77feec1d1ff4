/*
 * notation.c - Awithlaknakwe as text: moves (f1-g2, P@g1, pass, and the
 * side drawn to move first), the position string read and written, the
 * result in words and the board drawn for the REPL.
 */
#include "awithlaknakwe.h"

/* ------------------------------------------------------------------ */
/* Moves                                                              */
/* ------------------------------------------------------------------ */

/* Write the name of square sq ("g1", "n10") to buf, which holds 8 bytes. */
static void
square_name(int sq, char *buf)
{
	tbl_write_square(buf, 8, awk_file[sq], awk_rank[sq]);
}

/*
 * Read a square name at p (tbl_read_square() on the 14 x 14 grid of the
 * cross): its number and the bytes used in *n; -1 when p holds no square
 * name of the grid, -2 (with *n set) for a grid square off the cross.
 */
static int
parse_square(const char *p, size_t *n)
{
	int f, r, k = tbl_read_square(p, 14, 14, &f, &r);

	if (k <= 0)
		return -1;
	*n = (size_t)k;
	return awk_at[f][r] == AWK_NONE ? -2 : awk_at[f][r];
}

/* How much of the word at p an error message shows. */
static int
shown(const char *p)
{
	size_t n = tbl_word_len(p);

	return n < 40 ? (int)n : 40;
}

/* The side named by word w ("North" or "north"), or -1. */
static int
side_named(struct tbl_word w)
{
	int side;

	for (side = 0; side < 4; side++) {
		const char *nm = side_name[side];

		if (w.len == strlen(nm) && (w.p[0] == nm[0] ||
		    w.p[0] == nm[0] + 32) && memcmp(w.p + 1, nm + 1,
		    w.len - 1) == 0)
			return side;
	}
	return -1;
}

/* A step "f1-g2" at p, or an error naming the square or the text. */
static int
parse_step(const char *p, tbl_move *m, size_t *n, char *err, size_t errlen)
{
	size_t n1 = 0, n2 = 0;
	int a = parse_square(p, &n1), b;

	if (a == -2) {
		tbl_error(err, errlen, "no square %.*s on the board (the cross has "
		    "ranks 1 and 14 on files e-j only, files a and n on ranks "
		    "5-10 only)", (int)n1, p);
		return -1;
	}
	if (a < 0 || p[n1] != '-') {
		tbl_error(err, errlen, "cannot read move '%.*s' (expected a step "
		    "like f1-g2, an entry like P@g1, or pass)", shown(p), p);
		return -1;
	}
	b = parse_square(p + n1 + 1, &n2);
	if (b == -2) {
		tbl_error(err, errlen, "no square %.*s on the board",
		    (int)n2, p + n1 + 1);
		return -1;
	}
	if (b < 0) {
		tbl_error(err, errlen, "cannot read move '%.*s' (expected a step "
		    "like f1-g2)", shown(p), p);
		return -1;
	}
	*m = (tbl_move)a << 8 | (unsigned)b;
	*n = n1 + 1 + n2;
	return 0;
}

int
awk_parse_move(const struct tbl_state *s, const char *text, tbl_move *m,
    size_t *used, char *err, size_t errlen)
{
	const char *p = text;
	struct tbl_word w;
	size_t n;
	int b, side;

	(void)s;
	tbl_next_word(&p, &w);
	p = w.p;
	side = side_named(w);
	if (tbl_word_is(w, "pass") || side >= 0) {
		*m = side >= 0 ? AWK_DRAW | (unsigned)side : AWK_PASS;
		*used = (size_t)(p - text) + w.len;
		return 0;
	}
	if ((p[0] == 'P' || p[0] == 'p') && p[1] == '@') {
		b = parse_square(p + 2, &n);
		if (b < 0) {
			tbl_error(err, errlen, "cannot read entry '%.*s' (expected "
			    "P@ and a square of the home rank, like P@g1)",
			    shown(p), p);
			return -1;
		}
		*m = AWK_ENTRY << 8 | (unsigned)b;
		*used = (size_t)(p - text) + 2 + n;
		return 0;
	}
	if (parse_step(p, m, &n, err, errlen) != 0)
		return -1;
	*used = (size_t)(p - text) + n;
	return 0;
}

int
awk_format_move(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	char a[8], b[8];
	size_t n = 0;
	unsigned from = m >> 8, to = m & 0xff;

	(void)s;
	if (m == AWK_PASS)
		tbl_bprintf(buf, len, &n, "pass");
	else if ((m & ~3u) == AWK_DRAW)
		tbl_bprintf(buf, len, &n, "%s", side_name[m & 3]);
	else if (from == AWK_ENTRY && to < AWK_NSQ) {
		square_name((int)to, b);
		tbl_bprintf(buf, len, &n, "P@%s", b);
	} else if (from < AWK_NSQ && to < AWK_NSQ) {
		square_name((int)from, a);
		square_name((int)to, b);
		tbl_bprintf(buf, len, &n, "%s-%s", a, b);
	} else
		tbl_bprintf(buf, len, &n, "?%u", (unsigned)m);
	return (int)n;
}

/* ------------------------------------------------------------------ */
/* Position strings                                                   */
/* ------------------------------------------------------------------ */

static const char priest_char[3] = { '-', '+', '*' };

static char
square_char(uint8_t c)
{
	if (!(c & PC_PIECE))
		return '.';
	return (char)(code_priest[c] ? side_letter[code_side[c]] - 32 :
	    side_letter[code_side[c]]);
}

int
awk_get_position(const struct tbl_state *s, char *buf, size_t len)
{
	size_t n = 0;
	int r, f, side, k;

	for (r = 0; r < 14; r++) {
		if (r)
			tbl_bprintf(buf, len, &n, "/");
		for (f = 0; f < 14; f++)
			if (awk_at[f][r] != AWK_NONE)
				tbl_bprintf(buf, len, &n, "%c",
				    square_char(s->board[awk_at[f][r]]));
	}
	tbl_bprintf(buf, len, &n, " %c captures=",
	    s->ctl.turn < 0 ? '?' : side_letter[s->ctl.turn]);
	for (side = 0, k = 0; side < 4; side++)
		if (side_exists(s, side))
			tbl_bprintf(buf, len, &n, "%s%c%d", k++ ? "," : "",
			    side_letter[side], s->captures[side]);
	tbl_bprintf(buf, len, &n, " priest=");
	for (side = 0, k = 0; side < 4; side++)
		if (side_exists(s, side))
			tbl_bprintf(buf, len, &n, "%s%c%c", k++ ? "," : "",
			    side_letter[side], priest_char[s->priest[side]]);
	tbl_bprintf(buf, len, &n, " quiet=%d", s->quiet);
	return (int)n;
}

static int
letter_side(char ch)
{
	const char *p = memchr(side_letter, ch, 4);

	return p ? (int)(p - side_letter) : -1;
}

/*
 * Parse a list "s3,n0" of side letter plus value into v (values checked by
 * the caller); `seen` marks the sides given.  Returns 0 or -1 with err.
 */
static int
parse_side_list(const struct tbl_state *s, const char *key, const char *p,
    int len, int *v, unsigned *seen, int is_priest, char *err, size_t errlen)
{
	int i = 0;

	while (i < len) {
		int side = letter_side(p[i]), j = i + 1;

		if (side < 0 || !side_exists(s, side)) {
			tbl_error(err, errlen, "%s: '%c' is not a side of this "
			    "game (expected %s)", key, p[i],
			    s->nplayers == 2 ? "s or n" : "s, w, n or e");
			return -1;
		}
		if (*seen >> side & 1) {
			tbl_error(err, errlen, "%s: %s given twice", key,
			    side_name[side]);
			return -1;
		}
		*seen |= 1u << side;
		if (is_priest) {
			const char *q = j < len ? memchr(priest_char, p[j], 3) : NULL;
			if (q == NULL) {
				tbl_error(err, errlen, "%s: %s's status must be - "
				    "(not earned), + (waiting) or * (entered)",
				    key, side_name[side]);
				return -1;
			}
			v[side] = (int)(q - priest_char);
			j++;
		} else {
			unsigned long val;
			int digits = j < len ? tbl_read_uint(p + j, 9999, &val) : 0;

			if (digits <= 0) {
				tbl_error(err, errlen, "%s: bad number for %s", key,
				    side_name[side]);
				return -1;
			}
			v[side] = (int)val;
			j += digits;
		}
		if (j < len && p[j] != ',') {
			tbl_error(err, errlen, "%s: unexpected '%c' after %s's "
			    "value", key, p[j], side_name[side]);
			return -1;
		}
		i = j + 1;
	}
	return 0;
}

/*
 * What a position string says before it is checked: the square of each
 * side's priest on the board (-1 for none), its warriors on the board,
 * the captures= and priest= values (-1: priest= did not name the side),
 * and quiet=.
 */
struct awk_reading {
	int priest_sq[4], warriors[4], caps[4], pst[4];
	unsigned long quiet;
};

/* The piece letter ch of the board on square sq, put on t's board. */
static int
parse_piece(struct tbl_state *t, struct awk_reading *rd, char ch, int sq,
    char *err, size_t errlen)
{
	int priest = ch >= 'A' && ch <= 'Z';
	int side = letter_side(priest ? (char)(ch + 32) : ch);
	char sq1[8], sq2[8];

	square_name(sq, sq1);
	if (side < 0) {
		tbl_error(err, errlen, "unknown letter '%c' on %s (expected . s "
		    "n w e, or S N W E for a priest)", ch, sq1);
		return -1;
	}
	if (!side_exists(t, side)) {
		tbl_error(err, errlen, "%s piece on %s in a two-player game "
		    "(only s and n play)", side_name[side], sq1);
		return -1;
	}
	if (priest && rd->priest_sq[side] >= 0) {
		square_name(rd->priest_sq[side], sq2);
		tbl_error(err, errlen, "two priests for %s (%s and %s)",
		    side_name[side], sq2, sq1);
		return -1;
	}
	if (!priest && ++rd->warriors[side] > 6) {
		tbl_error(err, errlen, "more than six %s warriors (the seventh "
		    "on %s)", side_name[side], sq1);
		return -1;
	}
	if (priest)
		rd->priest_sq[side] = sq;
	awk_put(t, priest ? AWK_PRIEST(side) : AWK_WARRIOR(side), sq);
	return 0;
}

/*
 * The board, word w: 14 ranks from rank 1 up, separated by '/', each the
 * squares of its rank on the cross from file a on.
 */
static int
parse_board(struct tbl_state *t, struct awk_reading *rd, struct tbl_word w,
    char *err, size_t errlen)
{
	const char *p = w.p, *end = w.p + w.len;
	int r, f;

	for (r = 0; r < 14; r++) {
		const char *q = memchr(p, '/', (size_t)(end - p));
		int want = 0, got = (int)((q ? q : end) - p);

		for (f = 0; f < 14; f++)
			want += awk_at[f][r] != AWK_NONE;
		if (got != want) {
			if (p == end && r == 0)
				tbl_error(err, errlen, "no board (expected 14 "
				    "ranks separated by '/')");
			else if (p == end)
				tbl_error(err, errlen, "the board ends after rank "
				    "%d (expected 14 ranks separated by '/')", r);
			else
				tbl_error(err, errlen, "rank %d has %d squares, "
				    "expected %d", r + 1, got, want);
			return -1;
		}
		for (f = 0; f < 14; f++) {
			int sq = awk_at[f][r];

			if (sq != AWK_NONE && *p++ != '.' &&
			    parse_piece(t, rd, p[-1], sq, err, errlen) != 0)
				return -1;
		}
		if (r < 13 && p == end) {
			tbl_error(err, errlen, "the board ends after rank %d "
			    "(expected 14 ranks separated by '/')", r + 1);
			return -1;
		}
		p += r < 13;
	}
	if (p != end) {
		tbl_error(err, errlen, "the board has more than 14 ranks");
		return -1;
	}
	return 0;
}

/* The side to move, word w: a side letter, or '?' while it is drawn. */
static int
parse_turn(struct tbl_state *t, struct tbl_word w, char *err, size_t errlen)
{
	const char *sides = t->nplayers == 2 ? "s or n" : "s, w, n or e";
	int side;

	if (w.len == 0) {
		tbl_error(err, errlen, "missing side to move after the board "
		    "(s, n%s)", t->nplayers == 4 ? ", w, e" : "");
		return -1;
	}
	side = w.len == 1 ? letter_side(*w.p) : -1;
	if (w.len != 1 || (*w.p != '?' && side < 0)) {
		tbl_error(err, errlen, "bad side to move '%.*s' (expected %s)",
		    w.len < 40 ? (int)w.len : 40, w.p, sides);
		return -1;
	}
	if (*w.p == '?' && t->first != FIRST_RANDOM) {
		tbl_error(err, errlen, "side to move '?' (not yet drawn) needs "
		    "first=random");
		return -1;
	}
	if (side >= 0 && !side_exists(t, side)) {
		tbl_error(err, errlen, "%s cannot be to move in a two-player "
		    "game", side_name[side]);
		return -1;
	}
	t->ctl.turn = (int8_t)side;
	return 0;
}

static const char *const field_keys[] = { "captures", "priest", "quiet",
	NULL };

/* The value of field i of field_keys (see awk_reading). */
static int
parse_field(const struct tbl_state *t, struct awk_reading *rd, int i,
    struct tbl_word v, char *err, size_t errlen)
{
	unsigned seen = 0;
	int rc;

	if (i < 2)
		return parse_side_list(t, field_keys[i], v.p, (int)v.len,
		    i == 0 ? rd->caps : rd->pst, &seen, i == 1, err, errlen);
	if (v.len == 0) {
		tbl_error(err, errlen, "quiet: missing number");
		return -1;
	}
	rc = tbl_word_uint(v, 999999, &rd->quiet);
	if (rc != 0) {
		tbl_error(err, errlen, "quiet: bad number '%.*s'", (int)v.len,
		    v.p);
		return -1;
	}
	return 0;
}

/* The fields after the side to move: key=value words, each at most once. */
static int
parse_fields(const struct tbl_state *t, struct awk_reading *rd,
    const char *p, char *err, size_t errlen)
{
	struct tbl_word w;
	struct tbl_field f;
	uint32_t seen = 0, none = 0;
	int i;

	while (tbl_next_word(&p, &w)) {
		if (!tbl_field_split(w, &f)) {
			tbl_error(err, errlen, "bad field '%.*s' (expected "
			    "key=value)", w.len < 40 ? (int)w.len : 40, w.p);
			return -1;
		}
		i = tbl_field_lookup(&f, field_keys, &seen, err, errlen);
		if (i < 0) {
			/* Unknown: named as the transcripts have it. */
			if (tbl_field_lookup(&f, field_keys, &none, NULL, 0) < 0)
				tbl_error(err, errlen, "unknown field '%.*s' "
				    "(expected captures=, priest= or quiet=)",
				    (int)f.key.len, f.key.p);
			return -1;
		}
		if (parse_field(t, rd, i, f.val, err, errlen) != 0)
			return -1;
	}
	return 0;
}

/* The priests: what the board shows agrees with priest= and the rules. */
static int
check_priests(struct tbl_state *t, struct awk_reading *rd, char *err,
    size_t errlen)
{
	int side, *pst = rd->pst;
	char sq1[8];

	for (side = 0; side < 4; side++) {
		if (pst[side] < 0)
			pst[side] = rd->priest_sq[side] >= 0 ? PRIEST_IN :
			    PRIEST_NONE;
		if (rd->priest_sq[side] >= 0 && pst[side] != PRIEST_IN) {
			square_name(rd->priest_sq[side], sq1);
			tbl_error(err, errlen, "%s's priest stands on %s but "
			    "priest=%c%c says it has not entered",
			    side_name[side], sq1, side_letter[side],
			    priest_char[pst[side]]);
			return -1;
		}
		if (pst[side] != PRIEST_NONE && rd->warriors[side] == 6) {
			tbl_error(err, errlen, "priest=%c%c but all six %s warriors "
			    "are on the board (a priest replaces a lost warrior)",
			    side_letter[side], priest_char[pst[side]],
			    side_name[side]);
			return -1;
		}
		t->priest[side] = (uint8_t)pst[side];
		if (pst[side] == PRIEST_OWED)
			t->owed |= (uint8_t)(1u << side);
	}
	for (side = 0; t->team_one && side < 2; side++)
		if (pst[side] != PRIEST_NONE && pst[PARTNER(side)] != PRIEST_NONE) {
			tbl_error(err, errlen, "two priests for team %s (%s and "
			    "%s) with team_priest=one", team_name[TEAM(side)],
			    side_name[side], side_name[PARTNER(side)]);
			return -1;
		}
	return 0;
}

/* Each team took no more pieces than the other team misses. */
static int
check_captures(struct tbl_state *t, const struct awk_reading *rd,
    char *err, size_t errlen)
{
	int team, x;

	for (team = 0; team < 2; team++) {
		int lost = 0, taken = 0;

		for (x = 0; x < 4; x++) {
			if (!side_exists(t, x))
				continue;
			if (TEAM(x) == team)
				taken += rd->caps[x];
			else
				lost += 6 + (rd->pst[x] == PRIEST_IN) - t->pieces[x];
		}
		if (taken > lost) {
			tbl_error(err, errlen, "captures: %s took %d pieces but "
			    "only %d %s missing", awk_team_label(t, team), taken, lost,
			    lost == 1 ? "is" : "are");
			return -1;
		}
	}
	for (x = 0; x < 4; x++)
		t->captures[x] = (uint8_t)rd->caps[x];
	return 0;
}

/* The whole position read into t agrees with the rules and options. */
static int
check_position(struct tbl_state *t, struct awk_reading *rd, char *err,
    size_t errlen)
{
	if (rd->quiet > t->quiet_limit) {
		tbl_error(err, errlen, "quiet=%lu exceeds quiet_limit %d",
		    rd->quiet, t->quiet_limit);
		return -1;
	}
	t->quiet = (uint16_t)rd->quiet;
	t->owed = 0;
	if (check_priests(t, rd, err, errlen) != 0 ||
	    check_captures(t, rd, err, errlen) != 0)
		return -1;
	return 0;
}

/*
 * Read a position string into s: parse the board, the side to move and
 * the fields into a copy, check the position, and only then decide it
 * and copy it back, so that a bad string leaves s as it was.
 */
int
awk_set_position(struct tbl_state *s, const char *pos, char *err,
    size_t errlen)
{
	struct tbl_state t;
	struct awk_reading rd;
	struct tbl_word w;
	const char *p = pos;
	int side;

	memcpy(&t, s, sizeof t);
	awk_clear_board(&t);
	for (side = 0; side < 4; side++) {
		rd.priest_sq[side] = rd.pst[side] = -1;
		rd.warriors[side] = rd.caps[side] = 0;
	}
	rd.quiet = 0;
	tbl_next_word(&p, &w);
	if (parse_board(&t, &rd, w, err, errlen) != 0)
		return -1;
	tbl_next_word(&p, &w);
	if (parse_turn(&t, w, err, errlen) != 0 ||
	    parse_fields(&t, &rd, p, err, errlen) != 0 ||
	    check_position(&t, &rd, err, errlen) != 0)
		return -1;
	awk_settle_full(&t, t.ctl.turn, 1);
	memcpy(s, &t, sizeof t);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Results and the board as text                                      */
/* ------------------------------------------------------------------ */

static void
describe(const struct tbl_state *s, char *buf, size_t len, size_t *n)
{
	static const char *const how[3] = {
		"arrivals plus captures", "captures", "pieces arrived"
	};
	int a = awk_team_score(s, 0), b = awk_team_score(s, 1), w = b > a;

	if (a == b)
		tbl_bprintf(buf, len, n, "Draw, %d to %d on %s", a, b,
		    how[s->scoring]);
	else
		tbl_bprintf(buf, len, n, "%s%s win%s, %d to %d on %s",
		    s->nplayers == 4 ? "Team " : "", awk_team_label(s, w),
		    "s", w ? b : a, w ? a : b, how[s->scoring]);
	switch (s->ctl.over) {
	case END_BLOCKED:
		tbl_bprintf(buf, len, n, " (no side can move)");
		break;
	case END_WIPED:
		tbl_bprintf(buf, len, n, " (%s%s has no pieces left)",
		    s->nplayers == 4 ? "team " : "",
		    awk_team_label(s, awk_team_wiped(s, 1)));
		break;
	case END_QUIET:
		tbl_bprintf(buf, len, n, " (%d turns without a capture or a "
		    "forward move)", s->quiet_limit);
		break;
	case END_RACE:
		tbl_bprintf(buf, len, n, " (%s%s brought %d to the goal)",
		    s->nplayers == 4 ? "team " : "",
		    awk_team_label(s, team_count(s->arrived, 1) >=
		    s->race_target), s->race_target);
		break;
	}
}

int
awk_describe_result(const struct tbl_state *s, char *buf, size_t len)
{
	size_t n = 0;

	if (!s->ctl.over)
		tbl_bprintf(buf, len, &n, "the game is not over");
	else
		describe(s, buf, len, &n);
	return (int)n;
}

int
awk_render(const struct tbl_state *s, char *buf, size_t len)
{
	static const char *const pst[3] = {
		"not earned", "waiting to enter", "entered"
	};
	size_t n = 0;
	int r, f, side;

	tbl_bprintf(buf, len, &n, "    a b c d e f g h i j k l m n\n");
	for (r = 13; r >= 0; r--) {
		tbl_bprintf(buf, len, &n, "%2d ", r + 1);
		for (f = 0; f < 14; f++) {
			int sq = awk_at[f][r];
			tbl_bprintf(buf, len, &n, " %c", sq == AWK_NONE ? ' ' :
			    square_char(s->board[sq]));
		}
		tbl_bprintf(buf, len, &n, "  %d\n", r + 1);
	}
	tbl_bprintf(buf, len, &n, "    a b c d e f g h i j k l m n\n");
	for (side = 0; side < 4; side++) {
		const char *ps = pst[s->priest[side]];
		if (!side_exists(s, side))
			continue;
		if (s->priest[side] == PRIEST_IN) {
			int sq, on = -1;
			for (sq = 0; sq < AWK_NSQ; sq++)
				if (s->board[sq] == AWK_PRIEST(side))
					on = sq;
			if (on < 0)
				ps = "lost";
			else {
				char nm[8];
				square_name(on, nm);
				tbl_bprintf(buf, len, &n, "%-6s %d on board, %d "
				    "arrived, %d captured, priest on %s\n",
				    side_name[side], s->pieces[side],
				    s->arrived[side], s->captures[side], nm);
				continue;
			}
		} else if (s->priest[side] == PRIEST_NONE && s->team_one &&
		    s->priest[PARTNER(side)] != PRIEST_NONE)
			ps = "held by the partner";
		tbl_bprintf(buf, len, &n, "%-6s %d on board, %d arrived, %d "
		    "captured, priest %s\n", side_name[side], s->pieces[side],
		    s->arrived[side], s->captures[side], ps);
	}
	{
		static const char *const how[3] = {
			"arrivals plus captures", "captures", "pieces arrived"
		};
		tbl_bprintf(buf, len, &n, "Score on %s: %s%s %d, %s%s %d\n",
		    how[s->scoring], s->nplayers == 4 ? "team " : "",
		    awk_team_label(s, 0), awk_team_score(s, 0),
		    s->nplayers == 4 ? "team " : "", awk_team_label(s, 1),
		    awk_team_score(s, 1));
	}
	if (s->ctl.over) {
		tbl_bprintf(buf, len, &n, "Game over: ");
		describe(s, buf, len, &n);
		tbl_bprintf(buf, len, &n, "\n");
	} else if (s->ctl.turn < 0)
		tbl_bprintf(buf, len, &n, "The first player is to be drawn.\n");
	else
		tbl_bprintf(buf, len, &n, "Quiet turns: %d of %d%s\n", s->quiet,
		    s->quiet_limit, s->ctl.blocked ? "; the side to move must pass" :
		    "");
	return (int)n;
}
