/*
 * explain.c - why a move of Awithlaknakwe is not legal (SDK ABI 1.2),
 * for the cases a player meets: a step from an empty square or from
 * another side's piece, onto a square that is taken, a step the piece may
 * not make, a priest that is not waiting to enter, a pass with a move in
 * hand.
 */
#include <stdio.h>

#include "awithlaknakwe.h"

static const char *const side_names[4] = {
	"South", "West", "North", "East"
};

/* The name of square sq ("g2"), or "" off the board. */
static void
square(unsigned sq, char *buf, size_t len)
{
	if (sq < AWK_NSQ)
		tbl_write_square(buf, len, awk_file[sq], awk_rank[sq]);
	else if (len > 0)
		buf[0] = '\0';
}

int
awk_explain_illegal(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	int t = s->ctl.turn;
	unsigned from = m >> 8, to = m & 0xff, mask;
	size_t n = 0;
	char a[32], b[32];

	if (len > 0)
		buf[0] = '\0';
	if (s->ctl.over || t < 0 || t > 3)
		return 0;
	mask = movers(s, t);
	if (m == AWK_PASS) {
		if (!s->ctl.blocked)
			tbl_bprintf(buf, len, &n, "%s has a move and may not pass",
			    side_names[t]);
		return (int)n;
	}
	if ((m & ~3u) == AWK_DRAW)
		return 0;
	square(from, a, sizeof a);
	square(to, b, sizeof b);
	if (s->ctl.blocked) {
		tbl_bprintf(buf, len, &n, "%s cannot move and must pass",
		    side_names[t]);
		return (int)n;
	}
	if (from == AWK_ENTRY) {
		if (to < AWK_NSQ && s->board[to] != AWK_EMPTY)
			tbl_bprintf(buf, len, &n, "%s is taken", b);
		else if (!any_owed(s, mask))
			tbl_bprintf(buf, len, &n, "%s has no priest waiting to "
			    "enter", side_names[t]);
		else
			tbl_bprintf(buf, len, &n, "a priest enters on an empty "
			    "square of its own home rank");
		return (int)n;
	}
	if (from >= AWK_NSQ || to >= AWK_NSQ)
		return 0;
	if (s->board[from] == AWK_EMPTY) {
		tbl_bprintf(buf, len, &n, "%s is empty", a);
		return (int)n;
	}
	if (code_side[s->board[from] & 15] > 3 ||
	    !(mask & (1u << code_side[s->board[from] & 15]))) {
		tbl_bprintf(buf, len, &n, "%s holds a piece of %s, not of %s", a,
		    code_side[s->board[from] & 15] <= 3 ?
		    side_names[code_side[s->board[from] & 15]] : "nobody",
		    side_names[t]);
		return (int)n;
	}
	if (s->board[to] != AWK_EMPTY) {
		tbl_bprintf(buf, len, &n, "%s is taken", b);
		return (int)n;
	}
	if (any_owed(s, mask) && !s->entry_any)
		tbl_bprintf(buf, len, &n, "%s's priest must enter first "
		    "(priest_entry)", side_names[t]);
	else
		tbl_bprintf(buf, len, &n, "the %s on %s does not step to %s "
		    "(a warrior steps one square diagonally forward, a priest "
		    "one square left, right, forward or diagonally forward)",
		    code_priest[s->board[from] & 15] ? "priest" : "warrior", a, b);
	return (int)n;
}
