/*
 * notation.c - the mancala plugin's text: hole names ("b6", also "B6" and
 * "b-6"), moves ("b6", "xd6", "a6>b7"), the position string and the
 * board as Wagner draws it.  Text is read with the SDK text toolkit.
 *
 * Position string: the rows top to bottom separated by '/', each the
 * counts of columns 1..n separated by ','; the side to move; then the
 * fields P:n and Q:n (men credited) and key=value fields for the state
 * of a turn in progress (open, turn, choice, hand, at, laps, over), of
 * the ignorants' set-up (deal, choice=board) and of a match (gains,
 * lead).
 */
#include <ctype.h>
#include <string.h>

#include "mancala.h"

/* The players' names (also the choices of the option first). */
const char *const mc_player_names[] = { "P", "Q", NULL };

/* Write hole h as "b6". */
static void
put_hole(const struct rules *r, char *buf, size_t len, size_t *n, int h)
{
	char name[16];

	tbl_write_square(name, sizeof name, h / r->n, h % r->n);
	tbl_bprintf(buf, len, n, "%s", name);
}

/*
 * Read a hole name ("b6", "B6", "b-6") at s.  Returns the number of bytes
 * read and the hole in *h, 0 when s does not start with a row letter, or
 * -1 when it names no hole of this board (message in err).
 */
static int
get_hole(const struct rules *r, const char *s, int *h, char *err,
    size_t errlen)
{
	char name[8];
	int i = 1, digits, row, col;

	if (!isalpha((unsigned char)s[0]))
		return 0;
	if (s[i] == '-')
		i++;
	digits = (int)strspn(s + i, "0123456789");
	if (digits == 0) {
		tbl_error(err, errlen, "'%.*s' is not a hole (expected a row "
		    "letter and a column, like b6)", i + 1, s);
		return -1;
	}
	if (digits > 4)
		digits = 4;
	name[0] = (char)tolower((unsigned char)s[0]);
	memcpy(name + 1, s + i, (size_t)digits);
	name[1 + digits] = '\0';
	i += digits;
	if (tbl_read_square(name, r->rows, r->n, &row, &col) <= 0) {
		tbl_error(err, errlen, "no hole '%.*s' on this board (rows a-%c, "
		    "columns 1-%d)", i, s, 'a' + r->rows - 1, r->n);
		return -1;
	}
	*h = mc_hole(r, row, col);
	return i;
}

/* The decision on a dealt board: MV_BOARD | 0 and MV_BOARD | 1. */
static const char *const board_words[] = { "accept", "turn" };

/* The hole a transfer from player p's outer hole sows into first. */
static int
transfer_to(const struct rules *r, int p)
{
	return r->next[p][r->tr_origin[p]];
}

/* Read the "a6>b7" of an opening transfer whose first hole h is read. */
static int
parse_transfer(const struct rules *r, const char *text, const char **sp,
    int h, char *err, size_t errlen)
{
	const char *s = *sp + 1;
	int h2, k;

	k = get_hole(r, s, &h2, err, errlen);
	if (k < 0)
		return -1;
	if (k == 0) {
		tbl_error(err, errlen, "'%.8s': a transfer needs the hole it "
		    "sows into after '>'", text);
		return -1;
	}
	s += k;
	if ((h != r->tr_from[P] || h2 != transfer_to(r, P)) &&
	    (h != r->tr_from[Q] || h2 != transfer_to(r, Q))) {
		tbl_error(err, errlen, "'%.*s' is not an opening transfer "
		    "(P's is a%d>b%d, Q's d%d>c%d)", (int)(s - text), text,
		    r->tr_from[P] % r->n + 1, transfer_to(r, P) % r->n + 1,
		    r->tr_from[Q] % r->n + 1, transfer_to(r, Q) % r->n + 1);
		return -1;
	}
	*sp = s;
	return 0;
}

int
mc_parse_move(const struct rules *r, const char *text, tbl_move *m,
    size_t *used, char *err, size_t errlen)
{
	const char *s = tbl_skip_blanks(text);
	int h, k, extra = 0, drop = 0;

	for (k = 0; k < 2; k++) {
		size_t wl = strlen(board_words[k]);

		if (strncmp(s, board_words[k], wl) == 0 &&
		    !isalnum((unsigned char)s[wl])) {
			*m = MV_BOARD | (tbl_move)k;
			*used = (size_t)(s + wl - text);
			return 0;
		}
	}
	if (*s == 'x' || *s == 'X')
		extra = 1;
	else if (*s == '+')
		drop = 1;
	s += extra + drop;
	k = get_hole(r, s, &h, err, errlen);
	if (k < 0)
		return -1;
	if (k == 0) {
		tbl_error(err, errlen, "'%.8s' is not a move (expected a hole "
		    "like b6, x and a hole like xd6, or a transfer like a6>b7)",
		    text);
		return -1;
	}
	s += k;
	if (drop) {
		*m = MV_DROP | (tbl_move)h;
	} else if (extra) {
		/* In the column-pair form either hole names the pair. */
		if (r->extra == EX_PAIR && r->front[h] != NOHOLE)
			h = r->front[h];
		*m = MV_EXTRA | (tbl_move)h;
	} else if (*s == '>') {
		if (parse_transfer(r, text, &s, h, err, errlen) != 0)
			return -1;
		*m = MV_TRANSFER | (tbl_move)h;
	} else {
		*m = MV_HOLE | (tbl_move)h;
	}
	*used = (size_t)(s - text);
	return 0;
}

int
mc_format_move(const struct rules *r, tbl_move m, char *buf, size_t len)
{
	size_t n = 0;
	int h = (int)(m & MV_WHERE);

	if (len > 0)
		buf[0] = '\0';
	if (h >= r->nh)
		h = 0;
	switch (m & MV_KIND) {
	case MV_EXTRA:
		tbl_bprintf(buf, len, &n, "x");
		put_hole(r, buf, len, &n, h);
		break;
	case MV_DROP:
		tbl_bprintf(buf, len, &n, "+");
		put_hole(r, buf, len, &n, h);
		break;
	case MV_BOARD:
		tbl_bprintf(buf, len, &n, "%s", board_words[h & 1]);
		break;
	case MV_TRANSFER:
		put_hole(r, buf, len, &n, h);
		tbl_bprintf(buf, len, &n, ">");
		put_hole(r, buf, len, &n, transfer_to(r, h < r->hi[P] ? P : Q));
		break;
	default:
		put_hole(r, buf, len, &n, h);
		break;
	}
	return (int)n;
}

int
mc_get_position(const struct rules *r, const struct pos *q, char *buf,
    size_t len)
{
	size_t n = 0;
	int row, col;

	if (len > 0)
		buf[0] = '\0';
	for (row = 0; row < r->rows; row++) {
		for (col = 0; col < r->n; col++)
			tbl_bprintf(buf, len, &n, "%s%u", col ? "," : "",
			    q->c[mc_hole(r, row, col)]);
		if (row < r->rows - 1)
			tbl_bprintf(buf, len, &n, "/");
	}
	tbl_bprintf(buf, len, &n, " %s P:%u Q:%u", mc_player_names[q->side],
	    q->credit[P], q->credit[Q]);
	if (q->open)
		tbl_bprintf(buf, len, &n, " open=%s%s", q->open & 1 ? "P" : "",
		    q->open & 2 ? "Q" : "");
	if (q->turn)
		tbl_bprintf(buf, len, &n, " turn=%u", q->turn);
	if (q->deal)
		tbl_bprintf(buf, len, &n, " deal=%u", q->deal);
	if (q->decide)
		tbl_bprintf(buf, len, &n, " choice=board");
	if (q->pending) {
		tbl_bprintf(buf, len, &n, " choice=extra");
		if (q->hand) {
			tbl_bprintf(buf, len, &n, " hand=%u at=", q->hand);
			put_hole(r, buf, len, &n, q->at);
			tbl_bprintf(buf, len, &n, " laps=%u", q->laps);
		}
	}
	if (r->match_target)
		tbl_bprintf(buf, len, &n, " gains=%u,%u lead=%s", q->gains[P],
		    q->gains[Q], mc_player_names[q->lead]);
	if (q->why == WHY_ENDLESS || q->why == WHY_GIVEN ||
	    q->why == WHY_MATCH)
		tbl_bprintf(buf, len, &n, " over=%s", q->over == OV_P ? "P" :
		    q->over == OV_Q ? "Q" : "draw");
	return (int)n;
}

/* Read one count of the board at s (row, col from 0 for messages). */
static int
parse_count(const char *s, int row, int col, unsigned long *v, char *err,
    size_t errlen)
{
	int bad = (int)strcspn(s, ",/ \t\r\n"), k;

	if (s[0] == '-') {
		tbl_error(err, errlen, "row %c hole %d: negative count '%.*s'",
		    'a' + row, col + 1, bad, s);
		return -1;
	}
	k = tbl_read_uint(s, MAXCOUNT, v);
	if (k < 0)
		tbl_error(err, errlen, "row %c hole %d: count '%.*s' is too "
		    "large (at most %d)", 'a' + row, col + 1, bad, s, MAXCOUNT);
	else if (k == 0)
		tbl_error(err, errlen, "row %c hole %d: '%.*s' is not a count of "
		    "men", 'a' + row, col + 1, bad, s);
	return k > 0 ? k : -1;
}

/* Parse the board word ("2,2,.../..."); fills q->c. */
static int
parse_board(const struct rules *r, struct tbl_word w, struct pos *q,
    char *err, size_t errlen)
{
	const char *s = w.p;
	size_t i;
	int row, col, rows = 1, k;
	unsigned long total = 0, v;

	for (i = 0; i < w.len; i++)
		rows += s[i] == '/';
	if (rows != r->rows) {
		tbl_error(err, errlen, "the board has %d row%s, expected %d "
		    "(rows a-%c separated by '/')", rows, rows == 1 ? "" : "s",
		    r->rows, 'a' + r->rows - 1);
		return -1;
	}
	i = 0;
	for (row = 0; row < r->rows; row++) {
		for (col = 0;; col++) {
			if ((k = parse_count(s + i, row, col, &v, err,
			    errlen)) < 0)
				return -1;
			if (col < r->n)
				q->c[mc_hole(r, row, col)] = (uint16_t)v;
			total += v;
			i += (size_t)k;
			if (s[i] != ',')
				break;
			i++;
		}
		if (col + 1 != r->n) {
			tbl_error(err, errlen, "row %c has %d hole%s, expected %d",
			    'a' + row, col + 1, col ? "s" : "", r->n);
			return -1;
		}
		if (row < r->rows - 1 && s[i] == '/')
			i++;
		else if (row < r->rows - 1 || i != w.len) {
			tbl_error(err, errlen, "row %c: unexpected '%c' after "
			    "hole %d", 'a' + row, s[i], col + 1);
			return -1;
		}
	}
	if (total > MAXMEN) {
		tbl_error(err, errlen, "%lu men on the board, at most %d",
		    total, MAXMEN);
		return -1;
	}
	return 0;
}

/* The fields after the side to move, as read, before they are checked. */
struct fields {
	unsigned long hand, laps;
	int at;				/* -1: not given */
	uint32_t seen;			/* bit F_x: field x given */
	int seen_credit[2];
};

enum {
	F_OPEN, F_TURN, F_CHOICE, F_HAND, F_AT, F_LAPS, F_OVER, F_DEAL,
	F_GAINS, F_LEAD
};
static const char *const field_keys[] = {
	"open", "turn", "choice", "hand", "at", "laps", "over", "deal",
	"gains", "lead", NULL
};

/* P:n or Q:n, the men credited to a player. */
static int
parse_credit(struct tbl_word w, struct pos *q, struct fields *f, char *err,
    size_t errlen)
{
	struct tbl_word num = { w.p + 2, w.len - 2 };
	int p = w.p[0] == 'P' ? P : Q;
	unsigned long v;

	if (tbl_word_uint(num, MAXMEN, &v) != 0) {
		tbl_error(err, errlen, "'%.*s': expected %c: and the men "
		    "credited to %c", (int)w.len, w.p, w.p[0], w.p[0]);
		return -1;
	}
	if (f->seen_credit[p]++) {
		tbl_error(err, errlen, "%c: given twice", w.p[0]);
		return -1;
	}
	q->credit[p] = (uint16_t)v;
	return 0;
}

/* open=P, Q, PQ or -: who may still make the opening transfer. */
static int
parse_open(const struct rules *r, struct tbl_word val, struct pos *q,
    char *err, size_t errlen)
{
	size_t i;

	if (!r->transfer) {
		tbl_error(err, errlen, "open= given but the option "
		    "opening_transfer is off");
		return -1;
	}
	for (i = 0; i < val.len; i++) {
		if (val.p[i] == 'P' && !(q->open & 1))
			q->open |= 1;
		else if (val.p[i] == 'Q' && !(q->open & 2))
			q->open |= 2;
		else if (!(val.p[i] == '-' && val.len == 1)) {
			tbl_error(err, errlen, "open=%.*s: expected P, Q, PQ "
			    "or -", (int)val.len, val.p);
			return -1;
		}
	}
	return 0;
}

/* The fields of the ignorants' deal and of a match. */
static int
parse_setup_field(const struct rules *r, int key, struct tbl_word val,
    struct pos *q, char *err, size_t errlen)
{
	struct tbl_word a = val, b = { NULL, 0 };
	const char *comma = memchr(val.p, ',', val.len);
	unsigned long v, w;

	if (key == F_DEAL) {
		if (r->setup != SU_IGNORANTS ||
		    tbl_word_uint(val, MAXMEN, &v) != 0 || v == 0) {
			tbl_error(err, errlen, "deal=%.*s: expected the men still "
			    "to deal (at least 1) with setup=ignorants",
			    (int)val.len, val.p);
			return -1;
		}
		q->deal = (uint16_t)v;
		return 0;
	}
	if (r->match_target == 0) {
		tbl_error(err, errlen, "%s= given but the option match_target "
		    "is 0 (one game)", key == F_GAINS ? "gains" : "lead");
		return -1;
	}
	if (key == F_LEAD) {
		if (!tbl_word_is(val, "P") && !tbl_word_is(val, "Q")) {
			tbl_error(err, errlen, "lead=%.*s: expected P or Q",
			    (int)val.len, val.p);
			return -1;
		}
		q->lead = val.p[0] == 'P' ? P : Q;
		return 0;
	}
	if (comma != NULL) {
		a.len = (size_t)(comma - val.p);
		b.p = comma + 1;
		b.len = val.len - a.len - 1;
	}
	if (comma == NULL || tbl_word_uint(a, 65535, &v) != 0 ||
	    tbl_word_uint(b, 65535, &w) != 0) {
		tbl_error(err, errlen, "gains=%.*s: expected P's and Q's gains, "
		    "like gains=12,30", (int)val.len, val.p);
		return -1;
	}
	q->gains[P] = (uint16_t)v;
	q->gains[Q] = (uint16_t)w;
	return 0;
}

/* One key=value field (the key known and not seen before). */
static int
parse_field(const struct rules *r, int key, struct tbl_word val,
    struct pos *q, struct fields *f, char *err, size_t errlen)
{
	unsigned long v;
	int vlen = (int)val.len, k;

	switch (key) {
	case F_OPEN:
		return parse_open(r, val, q, err, errlen);
	case F_TURN:
		if (tbl_word_uint(val, 100000000UL, &v) != 0) {
			tbl_error(err, errlen, "turn=%.*s: expected the number "
			    "of turns played, once", vlen, val.p);
			return -1;
		}
		q->turn = (uint32_t)v;
		return 0;
	case F_CHOICE:
		if (tbl_word_is(val, "board") && r->setup == SU_IGNORANTS) {
			q->decide = 1;
			return 0;
		}
		if (!tbl_word_is(val, "extra")) {
			tbl_error(err, errlen, "choice=%.*s: the pending choice is "
			    "choice=extra (or, with setup=ignorants, "
			    "choice=board)", vlen, val.p);
			return -1;
		}
		q->pending = 1;
		return 0;
	case F_DEAL:
	case F_GAINS:
	case F_LEAD:
		return parse_setup_field(r, key, val, q, err, errlen);
	case F_HAND:
		if (tbl_word_uint(val, MAXMEN, &f->hand) != 0 || f->hand == 0) {
			tbl_error(err, errlen, "hand=%.*s: expected the men in "
			    "hand (at least 1), once", vlen, val.p);
			return -1;
		}
		return 0;
	case F_AT:
		if ((k = get_hole(r, val.p, &f->at, err, errlen)) < 0)
			return -1;
		if (k == 0 || k != vlen) {
			tbl_error(err, errlen, "at=%.*s: expected one hole, "
			    "like b8", vlen, val.p);
			return -1;
		}
		return 0;
	case F_LAPS:
		if (tbl_word_uint(val, r->lap_limit, &f->laps) != 0) {
			tbl_error(err, errlen, "laps=%.*s: expected the laps "
			    "sown in this turn, at most lap_limit (%u)", vlen,
			    val.p, r->lap_limit);
			return -1;
		}
		return 0;
	default:	/* F_OVER */
		if (tbl_word_is(val, "P"))
			q->over = OV_P;
		else if (tbl_word_is(val, "Q"))
			q->over = OV_Q;
		else if (tbl_word_is(val, "draw"))
			q->over = OV_DRAW;
		else {
			tbl_error(err, errlen, "over=%.*s: expected P, Q or "
			    "draw", vlen, val.p);
			return -1;
		}
		q->why = WHY_GIVEN;
		return 0;
	}
}

/* The message for an unknown key: it lists the known ones. */
static void
unknown_key(struct tbl_word key, char *err, size_t errlen)
{
	size_t n = 0;
	int i;

	if (err == NULL || errlen == 0)
		return;
	err[0] = '\0';
	tbl_bprintf(err, errlen, &n, "unknown key '%.*s' (known:",
	    (int)key.len, key.p);
	for (i = 0; field_keys[i] != NULL; i++)
		tbl_bprintf(err, errlen, &n, "%s %s", i ? "," : "",
		    field_keys[i]);
	tbl_bprintf(err, errlen, &n, ")");
}

/* The fields after the side to move: P:n, Q:n and key=value. */
static int
parse_fields(const struct rules *r, const char *s, struct pos *q,
    struct fields *f, char *err, size_t errlen)
{
	struct tbl_word w;
	struct tbl_field fl;
	int key, known;

	while (tbl_next_word(&s, &w)) {
		if (w.len >= 2 && (w.p[0] == 'P' || w.p[0] == 'Q') &&
		    w.p[1] == ':') {
			if (parse_credit(w, q, f, err, errlen) != 0)
				return -1;
			continue;
		}
		if (!tbl_field_split(w, &fl)) {
			tbl_error(err, errlen, "unexpected '%.*s' (expected P:n, "
			    "Q:n or key=value)", (int)w.len, w.p);
			return -1;
		}
		for (known = 0; field_keys[known] != NULL; known++)
			if (tbl_word_is(fl.key, field_keys[known]))
				break;
		if (field_keys[known] == NULL) {
			unknown_key(fl.key, err, errlen);
			return -1;
		}
		key = tbl_field_lookup(&fl, field_keys, &f->seen, err, errlen);
		if (key < 0 ||
		    parse_field(r, key, fl.val, q, f, err, errlen) != 0)
			return -1;
	}
	return 0;
}

/* The pending extra capture and the sowing it interrupts. */
static int
check_pending(const struct rules *r, struct pos *q, const struct fields *f,
    char *err, size_t errlen)
{
	int sown = (f->seen >> F_LAPS) & 1;

	if (q->over != OV_NO) {
		tbl_error(err, errlen, "a finished game (over=) has no pending "
		    "choice");
		return -1;
	}
	if (r->extra == EX_NONE) {
		tbl_error(err, errlen, "choice=extra given but the option extra "
		    "is none");
		return -1;
	}
	if (mc_extra_mask(r, q, q->side) == 0) {
		tbl_error(err, errlen, "choice=extra but %s has no men to take",
		    mc_player_names[!q->side]);
		return -1;
	}
	if (r->captured == CD_SOW && (!f->hand || f->at < 0)) {
		tbl_error(err, errlen, "choice=extra needs hand= and at= (the "
		    "captured men to sow on and the capturing hole) when "
		    "captured men are sown");
		return -1;
	}
	if (r->captured != CD_SOW && (f->hand || f->at >= 0 || sown)) {
		tbl_error(err, errlen, "hand=, at= and laps= are only used when "
		    "captured men are sown on (captured=sow)");
		return -1;
	}
	if (f->at >= 0 && !r->capt[q->side][f->at]) {
		char name[8];
		size_t n = 0;

		put_hole(r, name, sizeof name, &n, f->at);
		tbl_error(err, errlen, "at=%s is not an inner hole of %s", name,
		    mc_player_names[q->side]);
		return -1;
	}
	q->hand = (uint16_t)f->hand;
	q->at = (uint8_t)(f->at >= 0 ? f->at : 0);
	q->laps = (uint32_t)f->laps;
	return 0;
}

/* The position as a whole: the men in all and the state of the turn. */
static int
check_position(const struct rules *r, struct pos *q, const struct fields *f,
    char *err, size_t errlen)
{
	unsigned long total = q->credit[P] + q->credit[Q] + f->hand;
	int h;

	for (h = 0; h < r->nh; h++)
		total += q->c[h];
	if (total > MAXMEN) {
		tbl_error(err, errlen, "%lu men in all, at most %d", total,
		    MAXMEN);
		return -1;
	}
	if ((f->hand || f->at >= 0 || (f->seen >> F_LAPS & 1)) &&
	    !q->pending) {
		tbl_error(err, errlen, "hand=, at= and laps= belong to a pending "
		    "choice (choice=extra)");
		return -1;
	}
	if (q->pending && check_pending(r, q, f, err, errlen) != 0)
		return -1;
	if ((q->deal || q->decide) && (q->pending || q->over != OV_NO ||
	    q->turn || (q->deal && q->decide))) {
		tbl_error(err, errlen, "deal= and choice=board belong to the "
		    "set-up of a game: not with each other, choice=extra, "
		    "turn= or over=");
		return -1;
	}
	if (r->match_target && q->over == OV_NO &&
	    (q->gains[P] >= r->match_target || q->gains[Q] >= r->match_target)) {
		tbl_error(err, errlen, "gains=%u,%u reach match_target (%u): the "
		    "match is over (over=)", q->gains[P], q->gains[Q],
		    r->match_target);
		return -1;
	}
	if (r->match_target && q->over != OV_NO &&
	    (q->gains[P] >= r->match_target || q->gains[Q] >= r->match_target)) {
		/* The match is won, by the side whose gains reach the target. */
		int w = q->gains[P] >= r->match_target ? OV_P : OV_Q;

		if (q->over != w) {
			tbl_error(err, errlen, "gains=%u,%u: %s won the match "
			    "(over=%s)", q->gains[P], q->gains[Q],
			    w == OV_P ? "P" : "Q", w == OV_P ? "P" : "Q");
			return -1;
		}
		q->why = WHY_MATCH;
	}
	if (!((f->seen >> F_LEAD) & 1))
		q->lead = q->side;
	return 0;
}

/* parse board -> parse fields -> check position; *out only on success. */
int
mc_set_position(const struct rules *r, struct pos *out, const char *pos,
    char *err, size_t errlen)
{
	struct pos q;
	struct fields f;
	struct tbl_word w;
	const char *s = pos;

	memset(&q, 0, sizeof q);
	memset(&f, 0, sizeof f);
	f.at = -1;
	if (!tbl_next_word(&s, &w)) {
		tbl_error(err, errlen, "empty position (expected the rows, the "
		    "side to move and P:n Q:n)");
		return -1;
	}
	if (parse_board(r, w, &q, err, errlen) != 0)
		return -1;
	if (!tbl_next_word(&s, &w)) {
		tbl_error(err, errlen, "the side to move (P or Q) is missing "
		    "after the board");
		return -1;
	}
	if (!tbl_word_is(w, "P") && !tbl_word_is(w, "Q")) {
		tbl_error(err, errlen, "side to move '%.*s' is not P or Q",
		    (int)w.len, w.p);
		return -1;
	}
	q.side = w.p[0] == 'P' ? P : Q;
	if (parse_fields(r, s, &q, &f, err, errlen) != 0 ||
	    check_position(r, &q, &f, err, errlen) != 0)
		return -1;
	mc_settle(r, &q);
	*out = q;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Rendering                                                           */
/* ------------------------------------------------------------------ */

/*
 * The board as in Wagner's figures: columns numbered, rows a.. top to
 * bottom, each row labelled with its owner where the owner changes (a
 * shared row is labelled '*') and a rule between the two players' sides.
 */
int
mc_render(const struct rules *r, const struct pos *q, char *buf,
    size_t len)
{
	static const char *const owner_label[] = { "P", "Q", "*" };
	size_t n = 0;
	int row, col, prev = -1;

	if (len > 0)
		buf[0] = '\0';
	tbl_bprintf(buf, len, &n, "    ");
	for (col = 0; col < r->n; col++)
		tbl_bprintf(buf, len, &n, "%3d", col + 1);
	tbl_bprintf(buf, len, &n, "\n");
	for (row = 0; row < r->rows; row++) {
		int own = r->own[mc_hole(r, row, 0)];

		if (prev >= 0 && own != prev) {
			tbl_bprintf(buf, len, &n, "    ");
			for (col = 0; col < r->n; col++)
				tbl_bprintf(buf, len, &n, "---");
			tbl_bprintf(buf, len, &n, "\n");
		}
		tbl_bprintf(buf, len, &n, "%s %c ", own == prev ? " " :
		    owner_label[own], 'a' + row);
		prev = own;
		for (col = 0; col < r->n; col++) {
			unsigned m = q->c[mc_hole(r, row, col)];

			if (m)
				tbl_bprintf(buf, len, &n, "%3u", m);
			else
				tbl_bprintf(buf, len, &n, "  .");
		}
		tbl_bprintf(buf, len, &n, "\n");
	}
	tbl_bprintf(buf, len, &n, "Men on the board: P %u, Q %u.  "
	    "Taken: P %u, Q %u.\n", mc_men_on_side(r, q, P),
	    mc_men_on_side(r, q, Q), q->credit[P], q->credit[Q]);
	if (r->match_target)
		tbl_bprintf(buf, len, &n, "Match to %u: gains P %u, Q %u; %s "
		    "leads this game.\n", r->match_target, q->gains[P],
		    q->gains[Q], mc_player_names[q->lead]);
	if (q->over != OV_NO)
		tbl_bprintf(buf, len, &n, "%s over: %s.\n",
		    q->why == WHY_MATCH ? "Match" : "Game",
		    q->over == OV_P ? "P wins" : q->over == OV_Q ? "Q wins" :
		    "drawn");
	else if (q->deal)
		tbl_bprintf(buf, len, &n, "The distributor has %u men still to "
		    "deal (a chance point).\n", q->deal);
	else if (q->decide)
		tbl_bprintf(buf, len, &n, "%s to accept the board or turn it "
		    "round (accept or turn).\n", mc_player_names[q->side]);
	else if (q->pending)
		tbl_bprintf(buf, len, &n, "%s to choose the extra capture "
		    "(x and a %s).\n", mc_player_names[q->side],
		    r->extra == EX_PAIR ? "hole of a column pair" : "hole");
	return (int)n;
}
