/*
 * explain.c - why a move is not legal, in the words of the rules (the
 * SDK's explain_illegal hook).
 */
#include <string.h>

#include "recuay.h"

static const char *
player(int p)
{
	return p == 0 ? "P" : "Q";
}

/* Whether t is a neighbour of f. */
static int
adjacent(const struct rc_board *b, int f, int t)
{
	int k;

	for (k = 0; k < b->nnb[f]; k++)
		if (b->nb[f][k] == t)
			return 1;
	return 0;
}

static int
race_reason(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	const struct rc_board *b = &s->b;
	int p = s->side, f = RC_FROM(m), t = RC_TO(m);

	if (m == RC_PASS)
		return snprintf(buf, len, "a man can use the throw of %d: pass "
		    "only when none can", s->throwv);
	if (s->throwv == 0)
		return snprintf(buf, len, "nobody moves on a throw of 0");
	if (f == RC_OFF && rc_race_off(s, p) == 0)
		return snprintf(buf, len, "%s has no man off the board",
		    player(p));
	if (f != RC_OFF && s->cell[f] != RC_SOLD(p))
		return snprintf(buf, len, "%s holds no man of %s", b->name[f],
		    player(p));
	if (f != RC_OFF && b->kind[f] == RC_HOME)
		return snprintf(buf, len, "a man home in %s stays there",
		    b->name[f]);
	if (s->cell[t] == RC_SOLD(p))
		return snprintf(buf, len, "%s is held by a man of %s's own", b->name[t],
		    player(p));
	if (b->kind[t] == RC_HOME && rc_race_home(s, p) >= RC_MEN - 1)
		return snprintf(buf, len, "the last man must land on the "
		    "centre, not go home");
	return snprintf(buf, len, "%s is not %d steps %s%s on the track, or "
	    "an enemy man is in the way", b->name[t], s->throwv,
	    f == RC_OFF ? "from the entry" : "on from ",
	    f == RC_OFF ? "" : b->name[f]);
}

static int
jaguar_reason(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	const struct rc_board *b = &s->b;
	int p = s->side, f = RC_FROM(m), t = RC_TO(m), u = RC_BUMP(m);
	int cf, ct, j = rc_jaguar_at(s, p);

	if (m == RC_PASS || f >= b->n || t >= b->n)
		return snprintf(buf, len, "not a move of the jaguar game");
	cf = s->cell[f];
	ct = s->cell[t];
	if (s->forced != RC_NOFORCE) {
		if (f != j)
			return snprintf(buf, len, "%s's jaguar on %s must make "
			    "its forced move first", player(p), b->name[j]);
		return snprintf(buf, len, "no route of %d spaces from %s to %s "
		    "over open spaces or %s's own soldiers",
		    s->cell[j] == RC_JAGC(p) && s->forced == RC_BYSOLDIER ? 2 : 3,
		    b->name[f], b->name[t], player(p));
	}
	if (cf == RC_EMPTY)
		return snprintf(buf, len, "%s is empty", b->name[f]);
	if (RC_OWNER(cf) != p)
		return snprintf(buf, len, "%s holds a piece of %s", b->name[f],
		    player(1 - p));
	if ((RC_ALONE(m) || RC_SOLDIER(m)) && cf != RC_JAGC(p))
		return snprintf(buf, len, "the piece on %s carries no soldier",
		    b->name[f]);
	if (cf == RC_SOLD(p) || RC_SOLDIER(m)) {
		if (!adjacent(b, f, t))
			return snprintf(buf, len, "a soldier moves one space, "
			    "never diagonally");
		if (!(b->field & (uint32_t)1 << t))
			return snprintf(buf, len, "no soldier enters %s",
			    b->name[t]);
		if (ct == RC_SOLD(p))
			return snprintf(buf, len, "soldiers cannot share a "
			    "space");
		if (RC_ISJAG(ct) && RC_OWNER(ct) == p)
			return snprintf(buf, len, "a soldier does not step onto "
			    "its own jaguar");
		if (ct == RC_SOLD(1 - p) && u != RC_NOBUMP && u < b->n)
			return snprintf(buf, len, "the soldier on %s cannot be "
			    "bumped back to %s (a local deadlock, or not the "
			    "direction of the attack)", b->name[t], b->name[u]);
		return snprintf(buf, len, "the soldier on %s has no space to "
		    "be bumped back to (a local deadlock)", b->name[t]);
	}
	if (t == b->raised[p])
		return snprintf(buf, len, "a jaguar never re-enters its starting "
		    "compartment");
	if (ct == RC_SOLD(p) && cf == RC_JAGC(p) && !RC_ALONE(m))
		return snprintf(buf, len, "a jaguar carries one soldier only");
	if (ct != RC_EMPTY && RC_OWNER(ct) == p && ct != RC_SOLD(p))
		return snprintf(buf, len, "%s is held by %s's own jaguar",
		    b->name[t], player(p));
	return snprintf(buf, len, "a jaguar moves two spaces, straight on or "
	    "turning once, never through an enemy piece");
}

int
rc_explain_illegal(const struct tbl_state *s, tbl_move m, char *buf,
    size_t len)
{
	int n;

	if (s->why != RC_GOING || m >= RC_THROW)
		return 0;
	if (s->ruleset == RC_RACE)
		n = race_reason(s, m, buf, len);
	else
		n = jaguar_reason(s, m, buf, len);
	return n < 0 ? 0 : n;
}
