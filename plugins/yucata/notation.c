/*
 * notation.c - Yucata' as text: cards and chance outcomes (1-5, knife,
 * ?, red25, dark12, first2), the position string read and written, the
 * result in words and the board drawn for the REPL.
 */
#include <ctype.h>

#include "yucata.h"

/* ------------------------------------------------------------------ */
/* Moves                                                              */
/* ------------------------------------------------------------------ */

/*
 * The number that ends word w after its first k bytes ("red" in "red25"),
 * when it is all digits and between lo and hi: 1 and *v, else 0.
 */
static int
suffix_number(const char *w, size_t n, size_t k, unsigned long lo,
    unsigned long hi, unsigned long *v)
{
	return n > k && tbl_read_uint(w + k, hi, v) == (int)(n - k) && *v >= lo;
}

/* Read a card or chance outcome; returns the token or 0 when unknown. */
static tbl_move
parse_token(const char *t, size_t n)
{
	char w[16];
	size_t i;
	unsigned long v;

	if (n == 0 || n >= sizeof w)
		return 0;
	for (i = 0; i < n && i < sizeof w - 1; i++)
		w[i] = (char)tolower((unsigned char)t[i]);
	w[i] = '\0';
	if (n == 1 && w[0] >= '1' && w[0] <= '5')
		return (tbl_move)(w[0] - '0');
	if (strcmp(w, "k") == 0 || strcmp(w, "knife") == 0)
		return C_KNIFE;
	if (strcmp(w, "?") == 0 || strcmp(w, "q") == 0)
		return C_QUESTION;
	if (strncmp(w, "red", 3) == 0 &&
	    suffix_number(w, n, 3, YU_FIRST, YU_SPACES, &v))
		return M_RED | (tbl_move)v;
	if (strncmp(w, "dark", 4) == 0 &&
	    suffix_number(w, n, 4, YU_FIRST, YU_SPACES, &v))
		return M_DARK | (tbl_move)v;
	if (strncmp(w, "first", 5) == 0 && suffix_number(w, n, 5, 1, MAXP, &v))
		return M_FIRST | (tbl_move)(v - 1);
	return 0;
}

int
yu_parse_move(const struct tbl_state *s, const char *text, tbl_move *m,
    size_t *used, char *err, size_t errlen)
{
	const char *p = text;
	struct tbl_word w;
	tbl_move t;

	(void)s;
	if (!tbl_next_word(&p, &w)) {
		tbl_error(err, errlen, "expected a card (1-5, knife, ?) at "
		    "'%.20s'", w.p);
		return -1;
	}
	t = parse_token(w.p, w.len);
	if (t == 0) {
		tbl_error(err, errlen, "'%.*s' is not a card (cards: 1 2 3 4 5 "
		    "knife ?)", (int)(w.len > 20 ? 20 : w.len), w.p);
		return -1;
	}
	*m = t;
	*used = (size_t)(p - text);
	return 0;
}

int
yu_format_move(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	size_t n = 0;

	(void)s;
	switch (M_KIND(m)) {
	case M_RED:
		tbl_bprintf(buf, len, &n, "red%u", M_ARG(m));
		break;
	case M_DARK:
		tbl_bprintf(buf, len, &n, "dark%u", M_ARG(m));
		break;
	case M_FIRST:
		tbl_bprintf(buf, len, &n, "first%u", M_ARG(m) + 1);
		break;
	default:
		if (m == C_KNIFE)
			tbl_bprintf(buf, len, &n, "knife");
		else if (m >= 1 && m <= 7)
			tbl_bprintf(buf, len, &n, "%c", yu_card_chars[m]);
		else
			tbl_bprintf(buf, len, &n, "#%u", (unsigned)m);
	}
	return (int)n;
}

/* ------------------------------------------------------------------ */
/* Position strings                                                   */
/* ------------------------------------------------------------------ */

/* Write a player's last card: "-", "4", "k", "?4", "?k", "?0". */
static void
put_last(char *buf, size_t len, size_t *n, const struct tbl_state *s, int p)
{
	int c = s->last[p];

	tbl_bprintf(buf, len, n, "%c", yu_card_chars[c]);
	if (c == C_QUESTION)
		tbl_bprintf(buf, len, n, "%c", s->lasteff[p] == E_KNIFE ? 'k' :
		    '0' + s->lasteff[p]);
}

int
yu_get_position(const struct tbl_state *s, char *buf, size_t len)
{
	size_t n = 0;
	int i, p, c;

	if (len > 0)
		buf[0] = '\0';
	for (i = YU_FIRST; i <= YU_SPACES; i++)
		tbl_bprintf(buf, len, &n, "%c", yu_stone_char(s->track[i]));
	for (p = 0; p < s->nplayers; p++) {
		tbl_bprintf(buf, len, &n, " %d,", s->pos[p]);
		for (c = 1; c <= 7; c++)
			if (s->hand[p] & (1u << (c - 1)))
				tbl_bprintf(buf, len, &n, "%c", yu_card_chars[c]);
		tbl_bprintf(buf, len, &n, ",");
		put_last(buf, len, &n, s, p);
		tbl_bprintf(buf, len, &n, ",%d:%d:%d", s->held[p][0],
		    s->held[p][1], s->held[p][2]);
	}
	if (s->turn == TBL_END)
		tbl_bprintf(buf, len, &n, " end");
	else if (s->turn == TBL_CHANCE)
		tbl_bprintf(buf, len, &n, " chance");
	else
		tbl_bprintf(buf, len, &n, " %d", s->turn + 1);
	return (int)n;
}

/*
 * The number of at most three digits and at most max at *t, which is left
 * after it; -1 when there is none.
 */
static int
get_num(const char **t, unsigned long max)
{
	unsigned long v;
	int k = tbl_read_uint(*t, max, &v);

	if (k <= 0 || k > 3)
		return -1;
	*t += k;
	return (int)v;
}

/* The card of letter ch at or after index `from` of yu_card_chars, or -1. */
static int
card_of(char ch, int from)
{
	int c;

	for (c = from; c <= 7; c++)
		if (tolower((unsigned char)ch) == yu_card_chars[c])
			return c;
	return -1;
}

/* The hand of a player's field at *q ("1234k?"), up to the next ','. */
static int
parse_hand(struct tbl_state *t, int p, const char **q, const char *w,
    char *err, size_t errlen)
{
	unsigned h = 0;
	int c;

	for (; **q && **q != ','; (*q)++) {
		c = card_of(**q, 1);
		if (c < 0 || (h & (1u << (c - 1)))) {
			tbl_error(err, errlen, "%s: bad hand '%s' (cards 1 2 3 "
			    "4 5 k ?, each at most once)", yu_player_names[p], w);
			return -1;
		}
		h |= 1u << (c - 1);
	}
	if (h == 0) {
		tbl_error(err, errlen, "%s: empty hand (the cards are picked "
		    "up again after the seventh)", yu_player_names[p]);
		return -1;
	}
	t->hand[p] = (uint8_t)h;
	return 0;
}

/*
 * The last card of a player's field at *q: '-', 1-5, k, or ? followed by
 * what it acted as (?1-?5, ?k, ?0); -1 when it is none of them.
 */
static int
parse_last(struct tbl_state *t, int p, const char **q)
{
	int c = card_of(**q, 0);

	if (c < 0)
		return -1;
	(*q)++;
	t->last[p] = (uint8_t)c;
	t->lasteff[p] = (uint8_t)(c == C_KNIFE ? E_KNIFE : c);
	if (c == C_QUESTION) {
		if (**q >= '0' && **q <= '5')
			t->lasteff[p] = (uint8_t)(**q - '0');
		else if (**q == 'k' || **q == 'K')
			t->lasteff[p] = E_KNIFE;
		else
			return -1;
		(*q)++;
	}
	return 0;
}

/* Parse one player's field "SPACE,HAND,LAST,P:D:R" into t, player p. */
static int
parse_player(struct tbl_state *t, int p, const char *f, size_t flen,
    char *err, size_t errlen)
{
	char w[64];
	const char *q = w;
	int v, k;

	if (flen >= sizeof w) {
		tbl_error(err, errlen, "%s: field too long", yu_player_names[p]);
		return -1;
	}
	memcpy(w, f, flen);
	w[flen] = '\0';
	v = get_num(&q, YU_SPACES);
	if (v < 0 || *q != ',') {
		tbl_error(err, errlen, "%s: '%s' should be SPACE,HAND,LAST,"
		    "P:D:R with SPACE 0-39", yu_player_names[p], w);
		return -1;
	}
	t->pos[p] = (uint8_t)v;
	q++;
	if (parse_hand(t, p, &q, w, err, errlen) != 0)
		return -1;
	if (*q++ != ',')
		goto bad;
	if (parse_last(t, p, &q) != 0 || *q++ != ',') {
		tbl_error(err, errlen, "%s: bad last card in '%s' (-, 1-5, k, "
		    "or ? followed by what it acted as: ?1-?5, ?k, ?0)",
		    yu_player_names[p], w);
		return -1;
	}
	for (k = 0; k < 3; k++) {
		v = get_num(&q, YU_STONES);
		if (v < 0 || *q != (k < 2 ? ':' : '\0'))
			goto bad;
		t->held[p][k] = (uint8_t)v;
		q += k < 2;
	}
	return 0;
bad:
	tbl_error(err, errlen, "%s: '%s' should be SPACE,HAND,LAST,P:D:R",
	    yu_player_names[p], w);
	return -1;
}
/*
 * Each player's field agrees with the rules (cards played, stones held
 * for the space reached); sets t->lead, the leading amulet's space.
 */
static int
check_players(struct tbl_state *t, char *err, size_t errlen)
{
	int p, lead = 0;

	for (p = 0; p < t->nplayers; p++)
		if (t->pos[p] > lead)
			lead = t->pos[p];
	t->lead = (uint8_t)lead;
	for (p = 0; p < t->nplayers; p++) {
		const char *nm = yu_player_names[p];
		int hs = t->held[p][0] + t->held[p][1] + t->held[p][2];

		if (t->last[p] == 0 && (t->pos[p] != 0 || t->hand[p] !=
		    FULL_HAND || hs != 0)) {
			tbl_error(err, errlen, "%s has not played a card yet "
			    "(last card -) but is not on space 0 with seven "
			    "cards and no stones", nm);
			return -1;
		}
		if (t->last[p] != 0 && t->hand[p] != FULL_HAND &&
		    (t->hand[p] & (1u << (t->last[p] - 1)))) {
			tbl_error(err, errlen, "%s's last card %c is still in "
			    "the hand", nm, yu_card_chars[t->last[p]]);
			return -1;
		}
		/* Amulets only move forward: stones come from 5..pos. */
		if (t->pos[p] < YU_FIRST && hs != 0) {
			tbl_error(err, errlen, "%s on space %d holds stones, "
			    "but no stone lies before space 5", nm, t->pos[p]);
			return -1;
		}
		if (t->pos[p] >= YU_FIRST && hs > t->pos[p] - YU_FIRST + 1) {
			tbl_error(err, errlen, "%s on space %d holds %d stones, "
			    "more than spaces 5-%d held", nm, t->pos[p], hs,
			    t->pos[p]);
			return -1;
		}
		if (t->last[p] == C_QUESTION && t->lasteff[p] == E_ZERO &&
		    t->fq != FQ_ZERO) {
			tbl_error(err, errlen, "%s's ?0 needs first_question "
			    "= zero", nm);
			return -1;
		}
	}
	return 0;
}

/* No stone lies at or behind the leading amulet. */
static int
check_behind_leader(const struct tbl_state *t, char *err, size_t errlen)
{
	int i;

	for (i = 1; i <= t->lead && i <= YU_SPACES; i++)
		if (t->track[i] != ST_EMPTY) {
			tbl_error(err, errlen, "a stone lies on space %d, at "
			    "or behind the leading amulet (space %d)", i,
			    t->lead);
			return -1;
		}
	return 0;
}

/*
 * stones = standard: every space beyond the leader still holds its stone,
 * and the colours add up to the box, so that the stones held are exactly
 * those of spaces 5 to the leader.
 */
static int
check_box(const struct tbl_state *t, char *err, size_t errlen)
{
	static const int want[3] = { YU_PALE, YU_DARK, YU_RED };
	static const char *const cname[3] = { "pale", "dark", "red" };
	int i, k, p, held;

	for (i = t->lead + 1; i <= YU_SPACES; i++)
		if (i >= YU_FIRST && t->track[i] == ST_EMPTY) {
			tbl_error(err, errlen, "space %d beyond the leader is "
			    "empty (stones = standard fills every space 5-39)",
			    i);
			return -1;
		}
	for (k = 0; k < 3; k++) {
		for (p = 0, held = 0; p < t->nplayers; p++)
			held += t->held[p][k];
		if (held + yu_count_track(t, k + 1) != want[k]) {
			tbl_error(err, errlen, "%d %s stones held and %d on the "
			    "track, expected %d in all", held, cname[k],
			    yu_count_track(t, k + 1), want[k]);
			return -1;
		}
	}
	return 0;
}

/*
 * The player to move agrees with the stones left and the cards played
 * (`played` players have played a card).
 */
static int
check_turn(const struct tbl_state *t, int played, char *err, size_t errlen)
{
	int n = t->nplayers, run, k;

	if (t->left == 0) {
		if (t->turn != TBL_END) {
			tbl_error(err, errlen, "all stones are taken: the "
			    "player to move must be 'end'");
			return -1;
		}
		return 0;
	}
	if (t->turn == TBL_END) {
		tbl_error(err, errlen, "'end' but %d stones remain", t->left);
		return -1;
	}
	if (t->turn == TBL_CHANCE) {
		if (played != 0 || t->first != FIRST_RANDOM) {
			tbl_error(err, errlen, "'chance' (drawing the first "
			    "player) needs first = random and no card played");
			return -1;
		}
		return 0;
	}
	if (t->turn >= n) {
		tbl_error(err, errlen, "player to move %d, but players = %d",
		    t->turn + 1, n);
		return -1;
	}
	/*
	 * The players who have not played yet follow the player to move in
	 * turn order; if the previous player has not played, nobody has.
	 */
	for (run = 0; run < n && t->last[(t->turn + run) % n] == 0; run++)
		;
	for (k = run; k < n; k++)
		if (t->last[(t->turn + k) % n] == 0) {
			tbl_error(err, errlen, "%s has not played a card yet, "
			    "but %s, who moves before %s, has",
			    yu_player_names[(t->turn + k) % n],
			    yu_player_names[(t->turn + k - 1) % n],
			    yu_player_names[(t->turn + k) % n]);
			return -1;
		}
	return 0;
}

/* Check a parsed position for consistency with the rules. */
static int
check_position(struct tbl_state *t, int unset, char *err, size_t errlen)
{
	int p, played = 0;

	if (check_players(t, err, errlen) != 0 ||
	    check_behind_leader(t, err, errlen) != 0)
		return -1;
	for (p = 0; p < t->nplayers; p++)
		played += t->last[p] != 0;
	if (unset) {
		if (played != 0 || t->turn != TBL_CHANCE) {
			tbl_error(err, errlen, "a layout still being drawn "
			    "('_') needs to move 'chance' and no card played");
			return -1;
		}
		return 0;
	}
	t->left = (uint8_t)(YU_STONES - yu_count_track(t, ST_EMPTY));
	if (t->custom == 0 && check_box(t, err, errlen) != 0)
		return -1;
	return check_turn(t, played, err, errlen);
}
/* The player to move, word w: 1-4, chance or end. */
static int
parse_turn(struct tbl_state *t, struct tbl_word w, char *err, size_t errlen)
{
	if (tbl_word_is(w, "end"))
		t->turn = TBL_END;
	else if (tbl_word_is(w, "chance"))
		t->turn = TBL_CHANCE;
	else if (w.len == 1 && *w.p >= '1' && *w.p <= '4')
		t->turn = (int8_t)(*w.p - '1');
	else {
		tbl_error(err, errlen, "expected the player to move (1-%d, "
		    "chance or end) at '%.*s'", t->nplayers, (int)(w.len > 20 ?
		    20 : w.len), w.p);
		return -1;
	}
	return 0;
}

/*
 * Read a position string into s: the layout, one field a player and the
 * player to move are parsed into a copy, which is checked, and only then
 * copied back, so that a bad string leaves s as it was.
 */
int
yu_set_position(struct tbl_state *s, const char *pos, char *err,
    size_t errlen)
{
	struct tbl_state t;
	struct tbl_word w;
	const char *q = pos;
	char lay[64];
	size_t k = 0;
	int p, unset;

	memcpy(&t, s, sizeof t);
	yu_reset_players(&t);
	while (tbl_next_word(&q, &w))
		k++;
	if (k != (size_t)t.nplayers + 2) {
		tbl_error(err, errlen, "expected the layout, %d players and the "
		    "player to move: %zu fields", t.nplayers, k);
		return -1;
	}
	q = pos;
	tbl_next_word(&q, &w);
	if (w.len >= sizeof lay) {
		tbl_error(err, errlen, "layout field too long: '%.20s...'", w.p);
		return -1;
	}
	memcpy(lay, w.p, w.len);
	lay[w.len] = '\0';
	if (yu_check_track(lay, t.custom, t.track, &unset, err, errlen) != 0)
		return -1;
	for (p = 0; p < t.nplayers; p++) {
		tbl_next_word(&q, &w);
		if (parse_player(&t, p, w.p, w.len, err, errlen) != 0)
			return -1;
	}
	tbl_next_word(&q, &w);
	if (parse_turn(&t, w, err, errlen) != 0)
		return -1;
	t.todraw = 0;
	if (unset)
		t.todraw = (uint8_t)(YU_RED + YU_DARK - yu_count_track(&t, ST_RED) -
		    yu_count_track(&t, ST_DARK));
	if (check_position(&t, unset, err, errlen) != 0)
		return -1;
	memcpy(s, &t, sizeof t);
	return 0;
}

/* ------------------------------------------------------------------ */
/* The board and the result as text                                   */
/* ------------------------------------------------------------------ */

int
yu_render(const struct tbl_state *s, char *buf, size_t len)
{
	size_t n = 0;
	int row, col, i, p, c, d, k;
	char cell[8];

	tbl_bprintf(buf, len, &n, "Yucata', layout %s\n", s->label);
	for (row = 0; row < 4; row++) {
		tbl_bprintf(buf, len, &n, "%2d-%2d ", row * 10, row * 10 + 9);
		for (col = 0; col < 10; col++) {
			i = row * 10 + col;
			k = 0;
			for (p = 0; p < s->nplayers; p++)
				if (s->pos[p] == i)
					cell[k++] = (char)('1' + p);
			if (k == 0)
				cell[k++] = i < YU_FIRST ? '.' :
				    yu_stone_char(s->track[i]);
			cell[k] = '\0';
			tbl_bprintf(buf, len, &n, col < 9 ? " %-4s" : " %s",
			    cell);
		}
		tbl_bprintf(buf, len, &n, "\n");
	}
	/* The amulets' digits, which stand together on one space. */
	tbl_bprintf(buf, len, &n, "amulets:");
	for (p = 0; p < s->nplayers; p++)
		tbl_bprintf(buf, len, &n, " %d = %s%s", p + 1, yu_player_names[p],
		    p + 1 < s->nplayers ? "," : "");
	tbl_bprintf(buf, len, &n, " (%s: amulets %s on one space)\n",
	    s->nplayers == 2 ? "12" : s->nplayers == 3 ? "123" : "1234",
	    s->nplayers == 2 ? "1 and 2" : s->nplayers == 3 ? "1, 2 and 3" :
	    "1 to 4");
	if (yu_drawing_layout(s))
		tbl_bprintf(buf, len, &n, "drawing the layout: %d stones to "
		    "draw, then the pale ones\n", s->todraw);
	else
		tbl_bprintf(buf, len, &n, "stones left: %d pale, %d dark, "
		    "%d red\n", yu_count_track(s, ST_PALE),
		    yu_count_track(s, ST_DARK), yu_count_track(s, ST_RED));
	for (p = 0; p < s->nplayers; p++) {
		tbl_bprintf(buf, len, &n, "%c %s space %2d  hand ",
		    s->turn == p ? '>' : ' ', yu_player_names[p], s->pos[p]);
		for (c = 1; c <= 7; c++)
			tbl_bprintf(buf, len, &n, "%c", s->hand[p] & (1u <<
			    (c - 1)) ? yu_card_chars[c] : '.');
		tbl_bprintf(buf, len, &n, "  last ");
		{
			size_t m = n;

			put_last(buf, len, &n, s, p);
			tbl_bprintf(buf, len, &n, "%*s", (int)(3 - (n - m)),
			    "");
		}
		k = yu_score_of(s, p, &d);
		tbl_bprintf(buf, len, &n, " stones %dp %dd %dr  score %d\n",
		    s->held[p][0], s->held[p][1], s->held[p][2], k);
	}
	return (int)n;
}

int
yu_describe_result(const struct tbl_state *s, char *buf, size_t len)
{
	unsigned w = yu_winners(s);
	size_t n = 0;
	int p, k = tbl_popcount64(w), j = 0, best = 0;

	if (len > 0)
		buf[0] = '\0';
	if (w == 0)
		return 0;
	for (p = 0; p < s->nplayers; p++)
		if (w & (1u << p)) {
			best = yu_score_of(s, p, NULL);
			tbl_bprintf(buf, len, &n, "%s%s", j == 0 ? "" :
			    j == k - 1 ? " and " : ", ", yu_player_names[p]);
			j++;
		}
	tbl_bprintf(buf, len, &n, k == 1 ? " wins with %d" :
	    " share the win with %d", best);
	if (k < s->nplayers) {
		tbl_bprintf(buf, len, &n, " (");
		j = 0;
		for (p = 0; p < s->nplayers; p++)
			if (!(w & (1u << p)))
				tbl_bprintf(buf, len, &n, "%s%s %d", j++ ?
				    ", " : "", yu_player_names[p],
				    yu_score_of(s, p, NULL));
		tbl_bprintf(buf, len, &n, ")");
	}
	return (int)n;
}
