/*
 * jaguar.c - the second reconstruction: no dice, a jaguar that kills and
 * soldiers that repel.  The quotations are the source's rules; what the
 * source leaves open is listed in tablero-recuay(7), CHOICES.
 */
#include <stddef.h>
#include <string.h>

#include "recuay.h"

#define BIT(i)	((uint32_t)1 << (i))

/* The space of player p's jaguar, or -1 when it was killed. */
int
rc_jaguar_at(const struct tbl_state *s, int p)
{
	int i;

	for (i = 0; i < s->b.n; i++)
		if (s->cell[i] == RC_JAG(p) || s->cell[i] == RC_JAGC(p))
			return i;
	return -1;
}

/* Moves are collected unsorted, then sorted once. */
struct acc {
	tbl_move buf[512];
	int n;
};

static void
add(struct acc *a, tbl_move m)
{
	int i;

	for (i = 0; i < a->n; i++)
		if (a->buf[i] == m)
			return;		/* two routes to one space: one move */
	if (a->n < (int)(sizeof a->buf / sizeof a->buf[0]))
		a->buf[a->n++] = m;
}

/*
 * Spaces a jaguar of player p may pass over or stop on at all: the field
 * and the enemy's raised compartment, never its own ("he cannot re-enter
 * original position after moving out") and never a neutral one.
 */
static uint32_t
jaguar_ground(const struct tbl_state *s, int p)
{
	return (s->b.field | BIT(s->b.raised[1 - p])) & ~BIT(s->b.raised[p]);
}

/*
 * Whether a jaguar route ends legally on t: empty, an enemy piece (a
 * kill), or one of its own soldiers when it carries none ("may combine or
 * carry one and only one soldier").
 */
static int
jaguar_may_end(const struct tbl_state *s, int p, int t, int carrying)
{
	int c = s->cell[t];

	if (c == RC_EMPTY)
		return 1;
	if (RC_OWNER(c) != p)
		return 1;
	return c == RC_SOLD(p) && !carrying;
}

/*
 * Routes of `len` spaces from `at` (the route so far in `seen`); `dir` is
 * the direction of the last step, -1 before the first, or ANY_TURN for a
 * forced move.  Normal moves (len 2) go straight or turn once at a right
 * angle, never back; forced moves (len 3, or 2 carrying) take "any route
 * of three spaces open or occupied by his own men", visiting no space
 * twice -- so they may also leave the centre the way they came in (q3-c
 * then c-q4), which a normal move may not.  Every legal end goes to *ends.
 */
#define ANY_TURN (-2)
static void
route(const struct tbl_state *s, int p, int at, int len, int dir,
    uint32_t seen, uint32_t ground, int carrying, uint32_t *ends)
{
	const struct rc_board *b = &s->b;
	int k, t, c;

	if (carrying)
		ground &= b->field;	/* a pair never enters a raised home */
	for (k = 0; k < b->nnb[at]; k++) {
		t = b->nb[at][k];
		if (!(ground & BIT(t)) || (seen & BIT(t)))
			continue;
		if (dir >= 0 && b->nbdir[at][k] == (dir + 2) % 4)
			continue;
		if (len == 1) {
			if (jaguar_may_end(s, p, t, carrying))
				*ends |= BIT(t);
			continue;
		}
		c = s->cell[t];
		if (c != RC_EMPTY && c != RC_SOLD(p))
			continue;	/* never through an enemy piece */
		route(s, p, t, len - 1, dir == ANY_TURN ? ANY_TURN :
		    b->nbdir[at][k], seen | BIT(t), ground, carrying, ends);
	}
}

/*
 * A soldier of player p on space f steps to neighbour t in direction d.
 * "When a soldier is moved into a square occupied by an enemy soldier,
 * the enemy soldier is bumped-back one space as directed by the advancing
 * man": the attacker picks any space beyond t in the same direction that
 * is open -- "a soldier cannot be bumped-back into a space occupied by
 * another of his own men nor into a space occupied by his own jaguar when
 * his jaguar is combined with a soldier".
 */
static void
soldier_step(const struct tbl_state *s, struct acc *a, int p, int f, int t,
    int d, int off)
{
	const struct rc_board *b = &s->b;
	int c = s->cell[t], k, u, cu;

	if (c == RC_EMPTY) {
		add(a, RC_MOVE(f, t, RC_NOBUMP, 0) | RC_SOLDIER_BIT(off));
		return;
	}
	if (RC_OWNER(c) == p)
		return;		/* "soldiers cannot occupy same square" */
	if (RC_ISJAG(c)) {
		add(a, RC_MOVE(f, t, RC_NOBUMP, 0) | RC_SOLDIER_BIT(off));
		return;
	}
	for (k = 0; k < b->nnb[t]; k++) {
		if (b->nbdir[t][k] != d)
			continue;
		u = b->nb[t][k];
		cu = s->cell[u];
		if (!(b->field & BIT(u)))
			continue;
		if (cu == RC_EMPTY || cu == RC_JAG(1 - p))
			add(a, RC_MOVE(f, t, u, 0) | RC_SOLDIER_BIT(off));
	}
}

/* All moves of the side to move; see struct acc. */
static void
gen(const struct tbl_state *s, struct acc *a)
{
	const struct rc_board *b = &s->b;
	int p = s->side, i, k, c, j;
	uint32_t ends, e;

	a->n = 0;
	j = rc_jaguar_at(s, p);
	if (j < 0)
		return;
	if (s->forced != RC_NOFORCE) {
		int carrying = s->cell[j] == RC_JAGC(p);
		int len = carrying && s->forced == RC_BYSOLDIER ? 2 : 3;

		ends = 0;
		route(s, p, j, len, ANY_TURN, BIT(j), jaguar_ground(s, p),
		    carrying, &ends);
		for (e = ends; e != 0; e &= e - 1)
			add(a, RC_MOVE(j, tbl_lowbit64(e), RC_NOBUMP, 0));
		return;
	}
	for (i = 0; i < b->n; i++) {
		c = s->cell[i];
		if (c != RC_SOLD(p) && c != RC_JAGC(p))
			continue;
		/* "Soldiers move one space", never into a raised home. */
		for (k = 0; k < b->nnb[i]; k++)
			if (b->field & BIT(b->nb[i][k]))
				soldier_step(s, a, p, i, b->nb[i][k],
				    b->nbdir[i][k], c == RC_JAGC(p));
	}
	/* "Jaguar moves two spaces, or at right angles." */
	ends = 0;
	route(s, p, j, 2, -1, BIT(j), jaguar_ground(s, p),
	    s->cell[j] == RC_JAGC(p), &ends);
	for (e = ends; e != 0; e &= e - 1)
		add(a, RC_MOVE(j, tbl_lowbit64(e), RC_NOBUMP, 0));
	if (s->cell[j] == RC_JAGC(p)) {
		/* "At any time either piece may be moved without the other." */
		ends = 0;
		route(s, p, j, 2, -1, BIT(j), jaguar_ground(s, p), 0, &ends);
		for (e = ends; e != 0; e &= e - 1)
			add(a, RC_MOVE(j, tbl_lowbit64(e), RC_NOBUMP, 1));
	}
}

int
rc_jaguar_moves(const struct tbl_state *s, tbl_move *out, int cap)
{
	struct acc a;

	if (s->why != RC_GOING)
		return 0;
	gen(s, &a);
	return rc_sort_moves(a.buf, a.n, out, cap);
}

/* A jaguar of player p ends its move on t; t held c before. */
static void
jaguar_lands(struct tbl_state *s, int p, int t, int c, int carrying)
{
	s->quiet++;
	if (c == RC_SOLD(p))
		TBL_TELL(s, "the jaguar joins its soldier on %s", s->b.name[t]);
	if (c == RC_EMPTY || c == RC_SOLD(p)) {
		s->cell[t] = (uint8_t)(carrying || c == RC_SOLD(p) ?
		    RC_JAGC(p) : RC_JAG(p));
		return;
	}
	/* "An enemy's piece is killed ... when an opponent's jaguar moves
	 * into the same space it occupies." */
	s->quiet = 0;
	s->cell[t] = (uint8_t)(carrying ? RC_JAGC(p) : RC_JAG(p));
	if (c == RC_SOLD(1 - p))
		TBL_TELL(s, "it kills %c's soldier on %s", "QP"[p], s->b.name[t]);
	if (c == RC_JAG(1 - p)) {
		TBL_TELL(s, "it kills %c's jaguar on %s", "QP"[p], s->b.name[t]);
		s->why = RC_KILLED;
		s->winner = (int8_t)p;
	} else if (c == RC_JAGC(1 - p)) {
		TBL_TELL(s, "it kills the soldier %c's jaguar carries on %s, and "
		    "that jaguar must move three spaces", "QP"[p],
		    s->b.name[t]);
		/* "If the jaguar, while combined with one of his soldiers, is
		 * attacked by the enemy jaguar, the soldier is killed and
		 * removed and the jaguar under attack moves three spaces."
		 * The space shows the attacked jaguar; the attacker waits. */
		s->cell[t] = RC_JAG(1 - p);
		s->forced = (uint8_t)(carrying ? RC_BYJAGUARC : RC_BYJAGUAR);
	}
}

void
rc_jaguar_apply(struct tbl_state *s, tbl_move m)
{
	int p = s->side, o = 1 - p, f = RC_FROM(m), t = RC_TO(m);
	int u = RC_BUMP(m), cf = s->cell[f], ct = s->cell[t];

	TBL_TELL(s, "%c's %s moves from %s to %s", "PQ"[p],
	    s->forced != RC_NOFORCE || (cf != RC_SOLD(p) && !RC_SOLDIER(m)) ?
	    (cf == RC_JAGC(p) && !RC_ALONE(m) ? "jaguar with its soldier" :
	    "jaguar") : "soldier", s->b.name[f], s->b.name[t]);
	if (s->forced != RC_NOFORCE) {
		/* The attacker stays on the space the jaguar leaves. */
		s->cell[f] = (uint8_t)(s->forced == RC_BYSOLDIER ? RC_SOLD(o) :
		    s->forced == RC_BYJAGUARC ? RC_JAGC(o) : RC_JAG(o));
		s->forced = RC_NOFORCE;
		jaguar_lands(s, p, t, ct, cf == RC_JAGC(p));
	} else if (cf == RC_SOLD(p) || RC_SOLDIER(m)) {
		s->cell[f] = (uint8_t)(cf == RC_JAGC(p) ? RC_JAG(p) : RC_EMPTY);
		s->quiet++;
		if (ct == RC_EMPTY) {
			s->cell[t] = RC_SOLD(p);
		} else if (ct == RC_SOLD(o)) {
			TBL_TELL(s, "it bumps %c's soldier to %s", "PQ"[o],
			    s->b.name[u]);
			s->cell[u] = (uint8_t)(s->cell[u] == RC_JAG(o) ?
			    RC_JAGC(o) : RC_SOLD(o));
			s->cell[t] = RC_SOLD(p);
		} else {
			/* "If a soldier moves into a square occupied by the
			 * enemy jaguar, the enemy jaguar is forced to move
			 * three spaces of his choosing." */
			TBL_TELL(s, "it attacks %c's jaguar, which must move "
			    "three spaces", "PQ"[o]);
			s->forced = RC_BYSOLDIER;
		}
	} else {
		int carrying = cf == RC_JAGC(p) && !RC_ALONE(m);

		s->cell[f] = (uint8_t)(cf == RC_JAGC(p) && RC_ALONE(m) ?
		    RC_SOLD(p) : RC_EMPTY);
		jaguar_lands(s, p, t, ct, carrying);
	}
	s->side = (uint8_t)o;
	rc_jaguar_settle(s);
}

/*
 * The end after a move: a killed jaguar (already set), the quiet limit,
 * and a side to move that cannot move: "the contest is over when one
 * jaguar is ... trapped"; "if no pieces can be moved by either side, the
 * contest is deemed a draw".
 */
void
rc_jaguar_settle(struct tbl_state *s)
{
	struct acc a;
	struct tbl_state t;

	if (s->why != RC_GOING)
		return;
	if (rc_jaguar_at(s, s->side) < 0) {
		s->why = RC_KILLED;
		s->winner = (int8_t)(1 - s->side);
		return;
	}
	if (s->forced == RC_NOFORCE && rc_jaguar_at(s, 1 - s->side) < 0) {
		s->why = RC_KILLED;
		s->winner = (int8_t)s->side;
		return;
	}
	if (s->quiet_limit > 0 && s->quiet >= s->quiet_limit &&
	    s->forced == RC_NOFORCE) {
		s->why = RC_QUIET;
		s->winner = -1;
		return;
	}
	gen(s, &a);
	if (a.n > 0)
		return;
	if (s->forced == RC_NOFORCE) {
		memcpy(&t, s, offsetof(struct tbl_state, b));
		t.side = (uint8_t)(1 - s->side);
		t.b = s->b;
		gen(&t, &a);
		if (a.n == 0) {
			s->why = RC_STUCK;
			s->winner = -1;
			return;
		}
	}
	s->why = RC_TRAPPED;
	s->winner = (int8_t)(1 - s->side);
}

/*
 * "Opening Positions: Jaguars in innermost raised compartment of home.
 * Soldiers on lower level of home aligned to adjacent squares."
 */
void
rc_jaguar_start(struct tbl_state *s)
{
	int p, k;

	memset(s->cell, 0, sizeof s->cell);
	for (p = 0; p < 2; p++) {
		s->cell[s->b.raised[p]] = RC_JAG(p);
		for (k = 0; k < RC_HOMEPLACES; k++)
			s->cell[s->b.home[p][k]] = RC_SOLD(p);
	}
	s->side = 0;
	s->forced = RC_NOFORCE;
	s->quiet = 0;
}

/* Material for the Monte Carlo player: soldiers left, a jaguar at risk. */
double
rc_jaguar_eval(const struct tbl_state *s)
{
	int men[2] = { 0, 0 }, i;
	double v;

	for (i = 0; i < s->b.n; i++) {
		int c = s->cell[i];

		if (c == RC_SOLD(0) || c == RC_JAGC(0))
			men[0]++;
		if (c == RC_SOLD(1) || c == RC_JAGC(1))
			men[1]++;
	}
	v = 0.5 + 0.1 * (men[0] - men[1]);
	if (s->forced != RC_NOFORCE)
		v += s->side == 0 ? -0.1 : 0.1;
	return v < 0.05 ? 0.05 : v > 0.95 ? 0.95 : v;
}
