/*
 * notation.c - Recuay moves as text, the position string and the drawing.
 *
 * Moves: "p3-c" (from-to), "@p2" (a man entering, race), "p3-c>q4" (the
 * bumped soldier goes to q4, jaguar), "Jq4-c" (a jaguar leaves the
 * soldier it carries), "Sq4-q5" (the carried soldier leaves its jaguar),
 * "pass" (race: no man can use the throw) and the throws "t0" .. "t3".
 *
 * Position: the content of every space in board-file order ('.' empty,
 * S s soldiers of P and Q, J j jaguars, K k a jaguar carrying one of its
 * soldiers), a '/' wherever the kind or owner of the next space changes;
 * then the side to move; then the fields throw=N (race, a throw to use),
 * forced=soldier|jaguar|pair (jaguar: the side to move's jaguar was
 * attacked by that piece -- pair: a jaguar carrying a soldier -- which
 * shares its space) and quiet=N (jaguar: moves without a
 * kill).
 */
#include <string.h>

#include "recuay.h"

static const char cell_chars[] = ".SsJjKk";
static const char *const forced_names[] = {
	"", "soldier", "jaguar", "pair"
};

int
rc_format_move(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	const struct rc_board *b = &s->b;
	size_t n = 0;
	int f = RC_FROM(m), t = RC_TO(m), u = RC_BUMP(m);

	if (m >= RC_THROW) {
		tbl_bprintf(buf, len, &n, "t%u", (unsigned)(m - RC_THROW));
		return (int)n;
	}
	if (m == RC_PASS) {
		tbl_bprintf(buf, len, &n, "pass");
		return (int)n;
	}
	if (t >= b->n || (f >= b->n && f != RC_OFF)) {
		tbl_bprintf(buf, len, &n, "?");
		return (int)n;
	}
	if (f == RC_OFF) {
		tbl_bprintf(buf, len, &n, "@%s", b->name[t]);
		return (int)n;
	}
	tbl_bprintf(buf, len, &n, "%s%s-%s", RC_ALONE(m) ? "J" :
	    RC_SOLDIER(m) ? "S" : "", b->name[f], b->name[t]);
	if (u != RC_NOBUMP && u < b->n)
		tbl_bprintf(buf, len, &n, ">%s", b->name[u]);
	return (int)n;
}

/* A space name of exactly len bytes at p, or -1 with a message. */
static int
name_at(const struct tbl_state *s, const char *p, size_t len, char *err,
    size_t errlen)
{
	int i = rc_board_find(&s->b, p, len);

	if (i < 0)
		tbl_error(err, errlen, "unknown compartment '%.*s'", (int)len, p);
	return i;
}

int
rc_parse_move(const struct tbl_state *s, const char *text, tbl_move *m,
    size_t *used, char *err, size_t errlen)
{
	tbl_move legal[TBL_MOVES_HINT], cand = 0;
	struct tbl_word w;
	const char *p = text, *dash, *gt, *end;
	int f, t, u = RC_NOBUMP, flag = 0, n, i, found = 0;

	if (!tbl_next_word(&p, &w)) {
		tbl_error(err, errlen, "expected a move");
		return -1;
	}
	*used = (size_t)(p - text);
	end = w.p + w.len;
	if (w.len == 2 && w.p[0] == 't' && w.p[1] >= '0' && w.p[1] <= '3') {
		*m = RC_THROW + (tbl_move)(w.p[1] - '0');
		return 0;
	}
	if (tbl_word_is(w, "pass")) {
		*m = RC_PASS;
		return 0;
	}
	if (w.p[0] == '@') {
		if ((t = name_at(s, w.p + 1, w.len - 1, err, errlen)) < 0)
			return -1;
		*m = RC_MOVE(RC_OFF, t, RC_NOBUMP, 0);
		return 0;
	}
	dash = memchr(w.p, '-', w.len);
	if (dash == NULL) {
		tbl_error(err, errlen, "'%.*s' is not a move (from-to, @to or "
		    "t0-t3)", (int)w.len, w.p);
		return -1;
	}
	f = rc_board_find(&s->b, w.p, (size_t)(dash - w.p));
	if (f < 0 && (w.p[0] == 'J' || w.p[0] == 'S')) {
		flag = w.p[0] == 'J' ? 1 : 2;
		f = rc_board_find(&s->b, w.p + 1, (size_t)(dash - w.p - 1));
	}
	if (f < 0) {
		tbl_error(err, errlen, "unknown compartment '%.*s' in '%.*s'",
		    (int)(dash - w.p), w.p, (int)w.len, w.p);
		return -1;
	}
	gt = memchr(dash, '>', (size_t)(end - dash));
	if ((t = name_at(s, dash + 1, (size_t)((gt ? gt : end) - dash - 1),
	    err, errlen)) < 0)
		return -1;
	if (gt != NULL &&
	    (u = name_at(s, gt + 1, (size_t)(end - gt - 1), err, errlen)) < 0)
		return -1;
	/* Complete a bump left unsaid when only one is legal. */
	n = s->why == RC_GOING && s->ruleset == RC_JAGUAR ?
	    rc_jaguar_moves(s, legal, TBL_MOVES_HINT) : 0;
	for (i = 0; i < n && i < TBL_MOVES_HINT; i++) {
		tbl_move x = legal[i];

		if (RC_FROM(x) != f || RC_TO(x) != t ||
		    RC_ALONE(x) != (flag == 1) || RC_SOLDIER(x) != (flag == 2))
			continue;
		if (gt != NULL && RC_BUMP(x) != u)
			continue;
		cand = x;
		found++;
	}
	if (found > 1) {
		tbl_error(err, errlen, "'%.*s' is ambiguous: say where the "
		    "bumped soldier goes (%.*s>SPACE)", (int)w.len, w.p,
		    (int)w.len, w.p);
		return -1;
	}
	*m = found == 1 ? cand : RC_MOVE(f, t, u, flag == 1) |
	    RC_SOLDIER_BIT(flag == 2);
	return 0;
}

/* Whether a '/' goes before space i in the position string. */
static int
group_break(const struct rc_board *b, int i)
{
	return i > 0 && (b->kind[i] != b->kind[i - 1] ||
	    b->owner[i] != b->owner[i - 1]);
}

int
rc_get_position(const struct tbl_state *s, char *buf, size_t len)
{
	const struct rc_board *b = &s->b;
	size_t n = 0;
	int i;

	for (i = 0; i < b->n; i++)
		tbl_bprintf(buf, len, &n, "%s%c", group_break(b, i) ? "/" : "",
		    cell_chars[s->cell[i]]);
	tbl_bprintf(buf, len, &n, " %c", "PQ"[s->side]);
	if (s->ruleset == RC_RACE) {
		if (s->throwv >= 0)
			tbl_bprintf(buf, len, &n, " throw=%d", s->throwv);
	} else {
		if (s->forced != RC_NOFORCE)
			tbl_bprintf(buf, len, &n, " forced=%s",
			    forced_names[s->forced]);
		tbl_bprintf(buf, len, &n, " quiet=%u", s->quiet);
	}
	return (int)n;
}

/* Read the cells word into t->cell.  Returns 0 or -1 with a message. */
static int
read_cells(struct tbl_state *t, struct tbl_word w, char *err, size_t errlen)
{
	const struct rc_board *b = &t->b;
	size_t k = 0;
	int i;
	const char *c;

	for (i = 0; i < b->n; i++) {
		if (group_break(b, i)) {
			if (k >= w.len || w.p[k] != '/') {
				tbl_error(err, errlen, "position: expected '/' "
				    "before %s (character %zu)", b->name[i], k + 1);
				return -1;
			}
			k++;
		}
		if (k >= w.len || w.p[k] == '\0' ||
		    (c = strchr(cell_chars, w.p[k])) == NULL) {
			tbl_error(err, errlen, "position: bad content for %s "
			    "(character %zu; one of . S s J j K k)", b->name[i],
			    k + 1);
			return -1;
		}
		t->cell[i] = (uint8_t)(c - cell_chars);
		k++;
	}
	if (k != w.len) {
		tbl_error(err, errlen, "position: %zu character%s after the "
		    "last space", w.len - k, w.len - k == 1 ? "" : "s");
		return -1;
	}
	return 0;
}

/* Check what stands where; returns 0 or -1 with a message. */
static int
check_cells(const struct tbl_state *t, char *err, size_t errlen)
{
	const struct rc_board *b = &t->b;
	int men[2] = { 0, 0 }, jags[2] = { 0, 0 }, i, c, p;

	for (i = 0; i < b->n; i++) {
		c = t->cell[i];
		if (c == RC_EMPTY)
			continue;
		p = RC_OWNER(c);
		men[p] += c <= 2 || c >= 5;
		jags[p] += RC_ISJAG(c);
		if (b->kind[i] == RC_NEUTRAL) {
			tbl_error(err, errlen, "position: the neutral %s holds "
			    "a piece", b->name[i]);
			return -1;
		}
		if (b->kind[i] == RC_RAISED && !RC_ISJAG(c)) {
			tbl_error(err, errlen, "position: a soldier in the "
			    "raised %s", b->name[i]);
			return -1;
		}
		if (t->ruleset == RC_RACE && (c >= 5 ||
		    (RC_ISJAG(c) && i != b->raised[p]) ||
		    (b->kind[i] == RC_HOME && b->owner[i] == p))) {
			tbl_error(err, errlen, "position: %c in %s is not a race "
			    "position", cell_chars[c], b->name[i]);
			return -1;
		}
	}
	for (p = 0; p < 2; p++) {
		if (men[p] > RC_MEN) {
			tbl_error(err, errlen, "position: %c has %d soldiers, "
			    "at most %d", "PQ"[p], men[p], RC_MEN);
			return -1;
		}
		if (jags[p] > 1 || (t->ruleset == RC_RACE && jags[p] != 1)) {
			tbl_error(err, errlen, "position: %c has %d jaguars",
			    "PQ"[p], jags[p]);
			return -1;
		}
	}
	return 0;
}

/* The fields after the side; returns 0 or -1 with a message. */
static int
read_fields(struct tbl_state *t, const char *p, char *err, size_t errlen)
{
	static const char *const keys[] = { "throw", "forced", "quiet", NULL };
	struct tbl_word w;
	struct tbl_field f;
	uint32_t seen = 0;
	unsigned long v;

	while (tbl_next_word(&p, &w)) {
		if (!tbl_field_split(w, &f)) {
			tbl_error(err, errlen, "position: expected key=value, "
			    "not '%.*s'", (int)w.len, w.p);
			return -1;
		}
		switch (tbl_field_lookup(&f, keys, &seen, err, errlen)) {
		case 0:
			if (t->ruleset != RC_RACE ||
			    tbl_word_uint(f.val, 3, &v) != 0) {
				tbl_error(err, errlen, "position: throw= wants "
				    "0, 1, 2 or 3 (race only)");
				return -1;
			}
			t->throwv = (int8_t)v;
			break;
		case 1:
			if (t->ruleset != RC_JAGUAR) {
				tbl_error(err, errlen, "position: forced= is for "
				    "ruleset=jaguar");
				return -1;
			}
			if (tbl_word_is(f.val, "soldier"))
				t->forced = RC_BYSOLDIER;
			else if (tbl_word_is(f.val, "jaguar"))
				t->forced = RC_BYJAGUAR;
			else if (tbl_word_is(f.val, "pair"))
				t->forced = RC_BYJAGUARC;
			else {
				tbl_error(err, errlen, "position: forced= wants "
				    "soldier, jaguar or pair");
				return -1;
			}
			break;
		case 2:
			if (tbl_word_uint(f.val, 65535, &v) != 0) {
				tbl_error(err, errlen, "position: quiet= wants a "
				    "number");
				return -1;
			}
			t->quiet = (uint16_t)v;
			break;
		default:
			return -1;
		}
	}
	return 0;
}

int
rc_set_position(struct tbl_state *s, const char *pos, char *err,
    size_t errlen)
{
	struct tbl_state *t = s->host->alloc(sizeof *t);
	struct tbl_word w;
	const char *p = pos;
	int rc = -1;

	memcpy(t, s, sizeof *t);
	memset(t->cell, 0, sizeof t->cell);
	t->throwv = -1;
	t->forced = RC_NOFORCE;
	t->quiet = 0;
	t->why = RC_GOING;
	t->winner = -1;
	if (!tbl_next_word(&p, &w)) {
		tbl_error(err, errlen, "position: empty");
		goto out;
	}
	if (read_cells(t, w, err, errlen) != 0 ||
	    check_cells(t, err, errlen) != 0)
		goto out;
	if (!tbl_next_word(&p, &w) || !(tbl_word_is(w, "P") ||
	    tbl_word_is(w, "Q"))) {
		tbl_error(err, errlen, "position: expected the side to move, "
		    "P or Q, after the spaces");
		goto out;
	}
	t->side = (uint8_t)(w.p[0] == 'Q');
	if (read_fields(t, p, err, errlen) != 0)
		goto out;
	if (t->ruleset == RC_RACE) {
		if (rc_race_won(t, 0) || rc_race_won(t, 1)) {
			t->why = RC_WON_RACE;
			t->winner = (int8_t)!rc_race_won(t, 0);
			t->throwv = -1;
		}
	} else {
		if (t->forced != RC_NOFORCE && rc_jaguar_at(t, t->side) < 0) {
			tbl_error(err, errlen, "position: forced= but %c has no "
			    "jaguar", "PQ"[t->side]);
			goto out;
		}
		rc_jaguar_settle(t);
	}
	memcpy(s, t, sizeof *t);
	rc = 0;
out:
	s->host->free(t);
	return rc;
}

/*
 * What the drawing shows for space i (at most 5 characters): J+S for a
 * jaguar carrying a soldier, and after a '<' the attacker that shares the
 * space of a jaguar that must make a forced move.
 */
static void
cell_label(const struct tbl_state *s, int i, char *lab, size_t len)
{
	static const char *const labels[] = {
		".", "S", "s", "J", "j", "J+S", "j+s"
	};
	static const char *const attackers[2][4] = {
		{ "", "s", "j", "j+s" }, { "", "S", "J", "J+S" }
	};

	if (s->b.kind[i] == RC_NEUTRAL)
		snprintf(lab, len, "%s", "");
	else if (s->forced != RC_NOFORCE && RC_ISJAG(s->cell[i]) &&
	    RC_OWNER(s->cell[i]) == s->side)
		snprintf(lab, len, "%s<%s", labels[s->cell[i]],
		    attackers[s->side][s->forced]);
	else
		snprintf(lab, len, "%s", labels[s->cell[i]]);
}

/*
 * One line of the board file's drawing, [name] slots filled with what
 * space `name` holds (or, when `names`, with the name itself, without a
 * label that follows the drawing after two blanks).  Returns whether the
 * line has a slot.
 */
static int
draw_line(const struct tbl_state *s, const char *a, size_t alen, int names,
    char *buf, size_t len, size_t *n)
{
	const char *end = a + alen, *q, *r, *x;
	struct tbl_word w;
	char name[64], lab[16];
	int width, lw, pad, i, slots = 0;

	while (a < end) {
		q = memchr(a, '[', (size_t)(end - a));
		r = q ? memchr(q, ']', (size_t)(end - q)) : NULL;
		if (q == NULL || r == NULL)
			break;
		tbl_bprintf(buf, len, n, "%.*s", (int)(q - a), a);
		snprintf(name, sizeof name, "%.*s", (int)(r - q - 1), q + 1);
		width = (int)(r - q + 1);
		snprintf(lab, sizeof lab, "?");
		x = name;
		if (tbl_next_word(&x, &w) &&
		    (i = rc_board_find(&s->b, w.p, w.len)) >= 0) {
			if (names)
				snprintf(lab, sizeof lab, "%s", s->b.name[i]);
			else
				cell_label(s, i, lab, sizeof lab);
		}
		lw = (int)strlen(lab);
		pad = (width - lw) / 2;
		tbl_bprintf(buf, len, n, "%*s%s%*s", pad, "", lab,
		    width - lw - pad, "");
		a = r + 1;
		slots++;
	}
	if (names && slots > 0) {
		/* Keep the borders after the last slot, not a label. */
		const char *gap = a;

		while (gap < end && !(gap[0] == ' ' && gap + 1 < end &&
		    gap[1] == ' '))
			gap++;
		end = gap;
	}
	tbl_bprintf(buf, len, n, "%.*s", (int)(end - a), a);
	return slots > 0;
}

/*
 * The board file's drawing: each line with slots drawn twice, first with
 * what the spaces hold, then with their names (p1, hp3, rp, c, q2), so
 * that the moves can be read off the board.
 */
int
rc_render(const struct tbl_state *s, char *buf, size_t len)
{
	const struct rc_board *b = &s->b;
	const char *a = b->art, *nl;
	size_t n = 0, alen;
	int p, i;

	if (len > 0)
		buf[0] = '\0';
	for (; *a != '\0'; a = nl ? nl + 1 : a + alen) {
		nl = strchr(a, '\n');
		alen = nl ? (size_t)(nl - a) : strlen(a);
		if (draw_line(s, a, alen, 0, buf, len, &n)) {
			tbl_bprintf(buf, len, &n, "\n");
			draw_line(s, a, alen, 1, buf, len, &n);
		}
		if (nl != NULL)
			tbl_bprintf(buf, len, &n, "\n");
	}
	if (s->ruleset == RC_RACE) {
		for (p = 0; p < 2; p++)
			tbl_bprintf(buf, len, &n, "%c: %d off the board, %d in "
			    "%c's home%s", "PQ"[p], rc_race_off(s, p),
			    rc_race_home(s, p), "QP"[p], p == 0 ? "; " : "\n");
		if (s->why == RC_GOING)
			tbl_bprintf(buf, len, &n, s->throwv >= 0 ?
			    "%c threw %d\n" : "%c to throw\n", "PQ"[s->side],
			    s->throwv);
	} else {
		int men[2] = { 0, 0 };

		for (i = 0; i < b->n; i++)
			if (s->cell[i] != RC_EMPTY && (s->cell[i] <= 2 ||
			    s->cell[i] >= 5))
				men[RC_OWNER(s->cell[i])]++;
		if (s->forced == RC_BYSOLDIER || s->forced == RC_BYJAGUARC)
			men[1 - s->side]++;	/* the attacker */
		tbl_bprintf(buf, len, &n, "P: %d soldiers; Q: %d soldiers; "
		    "moves without a kill: %u", men[0], men[1], s->quiet);
		if (s->quiet_limit > 0)
			tbl_bprintf(buf, len, &n, " (draw at %u)", s->quiet_limit);
		tbl_bprintf(buf, len, &n, "\n");
		if (s->forced != RC_NOFORCE && s->why == RC_GOING) {
			i = rc_jaguar_at(s, s->side);
			tbl_bprintf(buf, len, &n, "%c's jaguar on %s, attacked by "
			    "a %s, must move %d spaces\n", "PQ"[s->side],
			    i >= 0 ? b->name[i] : "?",
			    s->forced == RC_BYSOLDIER ? "soldier" : "jaguar",
			    s->forced == RC_BYSOLDIER && i >= 0 &&
			    s->cell[i] == RC_JAGC(s->side) ? 2 : 3);
		}
	}
	return (int)n;
}

int
rc_describe_result(const struct tbl_state *s, char *buf, size_t len)
{
	size_t n = 0;
	int w = s->winner;

	switch (s->why) {
	case RC_WON_RACE:
		tbl_bprintf(buf, len, &n, "%c wins: three men in %c's home and "
		    "the fourth on the centre", "PQ"[w], "QP"[w]);
		break;
	case RC_KILLED:
		tbl_bprintf(buf, len, &n, "%c wins: %c's jaguar is killed",
		    "PQ"[w], "QP"[w]);
		break;
	case RC_TRAPPED:
		tbl_bprintf(buf, len, &n, "%c wins: %c's jaguar is trapped",
		    "PQ"[w], "QP"[w]);
		break;
	case RC_STUCK:
		tbl_bprintf(buf, len, &n, "draw: no piece of either side can "
		    "move");
		break;
	case RC_QUIET:
		tbl_bprintf(buf, len, &n, "draw: %u moves without a kill",
		    s->quiet);
		break;
	default:
		tbl_bprintf(buf, len, &n, "the game is not over");
		break;
	}
	return (int)n;
}
