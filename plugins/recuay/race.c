/*
 * race.c - the first reconstruction: a race with throws of 0-3.
 *
 * "The game begins by each of two players positioning his counters with
 * the jaguar in the inner-most raised level of his home, the soldiers
 * enter the field individually through the first square of their
 * respective back line and move counter-clockwise according to the value
 * of the throw."  Men are either off the board (not stored: four less
 * those on the board), on the field, or home on the lower level of the
 * opponent's home, where they stay.
 */
#include <string.h>

#include "recuay.h"

/* Men of player p in the opponent's home. */
int
rc_race_home(const struct tbl_state *s, int p)
{
	int k, n = 0;

	for (k = 0; k < RC_HOMEPLACES; k++)
		n += s->cell[s->b.home[1 - p][k]] == RC_SOLD(p);
	return n;
}

/* Men of player p off the board. */
int
rc_race_off(const struct tbl_state *s, int p)
{
	int i, n = RC_MEN;

	for (i = 0; i < s->b.n; i++)
		n -= s->cell[i] == RC_SOLD(p);
	return n;
}

/*
 * "When three soldiers occupy the lower level and the fourth is
 * positioned in the shared central compartment the game is completed."
 */
int
rc_race_won(const struct tbl_state *s, int p)
{
	return rc_race_home(s, p) >= RC_MEN - 1 &&
	    s->cell[s->b.centre] == RC_SOLD(p);
}

/*
 * Whether player p may end a move on space t: never on his own man ("a
 * player's piece may not move into and occupy a space already occupied by
 * one of his own soldiers"), and the last man may not go home: "the last
 * man must continue to move ... until it lands directly on the shared
 * central compartment".
 */
static int
may_end(const struct tbl_state *s, int p, int t)
{
	if (s->cell[t] == RC_SOLD(p))
		return 0;
	if (s->b.kind[t] == RC_HOME && rc_race_home(s, p) >= RC_MEN - 1)
		return 0;
	return 1;
}

/*
 * Walk k more steps from space at along the steps in mask table `step`,
 * adding every space where the walk may end to *ends.  "Nor may it move
 * through a space occupied by an enemy soldier, but it can move through a
 * space occupied by its own men."
 */
static void
walk(const struct tbl_state *s, int p, const uint32_t *step, int at, int k,
    uint32_t *ends)
{
	uint32_t next;

	if (k == 0) {
		if (may_end(s, p, at))
			*ends |= (uint32_t)1 << at;
		return;
	}
	if (s->cell[at] == RC_SOLD(1 - p))
		return;		/* an enemy soldier on the way */
	for (next = step[at]; next != 0; next &= next - 1)
		walk(s, p, step, tbl_lowbit64(next), k - 1, ends);
}

/*
 * The moves with the throw in hand.  "As long as a piece is not blocked
 * the moves must continue": a throw no man can use (a 0 among them)
 * leaves only "pass".
 */
int
rc_race_moves(const struct tbl_state *s, tbl_move *out, int cap)
{
	const struct rc_board *b = &s->b;
	tbl_move buf[RC_MAXSP * RC_MAXSP];
	int p = s->side, k = s->throwv, n = 0, i;
	uint32_t ends, e;

	if (s->why != RC_GOING || k < 0)
		return 0;
	if (k > 0 && rc_race_off(s, p) > 0) {
		/* Entering counts the entry square as the first step. */
		ends = 0;
		walk(s, p, b->fwd[p], b->entry[p], k - 1, &ends);
		for (e = ends; e != 0; e &= e - 1)
			buf[n++] = RC_MOVE(RC_OFF, tbl_lowbit64(e), RC_NOBUMP, 0);
	}
	for (i = 0; k > 0 && i < b->n; i++) {
		if (s->cell[i] != RC_SOLD(p) || b->kind[i] == RC_HOME)
			continue;
		ends = 0;
		walk(s, p, b->fwd[p], i, k, &ends);
		/* "It can advance or retreat when in enemy territory." */
		if (b->back[p][i] != 0) {
			uint32_t bk = 0;

			walk(s, p, b->back[p], i, k, &bk);
			ends |= bk;
		}
		for (e = ends; e != 0; e &= e - 1)
			buf[n++] = RC_MOVE(i, tbl_lowbit64(e), RC_NOBUMP, 0);
	}
	if (n == 0)
		buf[n++] = RC_PASS;
	return rc_sort_moves(buf, n, out, cap);
}

/*
 * "A player's piece which occupies during the course of the game the
 * shared central compartment when the value of zero is thrown is removed
 * from the board and must re-enter the field."
 */
/* The throw is used up: the other player throws. */
static void
next_turn(struct tbl_state *s)
{
	s->side = (uint8_t)(1 - s->side);
	s->throwv = -1;
}

/*
 * A throw no man can use passes by itself (a 0 always): the other
 * player throws, and the passes hook reports the pass.  Returns 1 when
 * the throw passed.
 */
int
rc_race_throw(struct tbl_state *s, int v)
{
	uint8_t *c = &s->cell[s->b.centre];
	tbl_move m;

	s->throwv = (int8_t)v;
	if (v == 0 && *c != RC_EMPTY &&
	    (!s->zero_mover || *c == RC_SOLD(s->side))) {
		TBL_TELL(s, "the 0 sends %c's man on %s back off the board",
		    "PQ"[RC_OWNER(*c)], s->b.name[s->b.centre]);
		*c = RC_EMPTY;
	}
	if (rc_race_moves(s, &m, 1) == 1 && m == RC_PASS) {
		TBL_TELL(s, "no man of %c's can use the %d: %c passes",
		    "PQ"[s->side], v, "PQ"[s->side]);
		next_turn(s);
		return 1;
	}
	return 0;
}

/*
 * "Each piece has the power to bump-back to its original position (off
 * the board causing re-entry as in the beginning of the game) any enemy
 * piece which after completion of the move occupies the same space."
 */
void
rc_race_apply(struct tbl_state *s, tbl_move m)
{
	int p = s->side, f = RC_FROM(m), t = RC_TO(m);

	if (m == RC_PASS) {
		TBL_TELL(s, "no man of %c's can use the throw", "PQ"[p]);
		next_turn(s);
		return;
	}
	if (f != RC_OFF) {
		TBL_TELL(s, "%c's man moves %d from %s to %s", "PQ"[p],
		    s->throwv, s->b.name[f], s->b.name[t]);
		s->cell[f] = RC_EMPTY;
	} else
		TBL_TELL(s, "a man of %c's enters and lands on %s", "PQ"[p],
		    s->b.name[t]);
	if (s->cell[t] == RC_SOLD(1 - p))
		TBL_TELL(s, "it bumps %c's man back off the board", "QP"[p]);
	if (s->b.kind[t] == RC_HOME)
		TBL_TELL(s, "the man is home (%d of %c's)",
		    rc_race_home(s, p) + 1, "PQ"[p]);
	s->cell[t] = RC_SOLD(p);	/* an enemy man there goes off */
	if (rc_race_won(s, p)) {
		TBL_TELL(s, "three men home and the fourth on the centre: %c "
		    "wins", "PQ"[p]);
		s->why = RC_WON_RACE;
		s->winner = (int8_t)p;
	}
	/* The turn passes as after any move (the jaguar game's end too). */
	next_turn(s);
}

void
rc_race_start(struct tbl_state *s)
{
	memset(s->cell, 0, sizeof s->cell);
	s->cell[s->b.raised[0]] = RC_JAG(0);
	s->cell[s->b.raised[1]] = RC_JAG(1);
	s->side = 0;
	s->throwv = -1;
}

/*
 * A cheap estimate for the Monte Carlo player: the steps each side still
 * has to go (a man off the board one more than from the entry), turned
 * into P's share.
 */
double
rc_race_eval(const struct tbl_state *s)
{
	const struct rc_board *b = &s->b;
	int need[2], p, i;

	for (p = 0; p < 2; p++) {
		need[p] = rc_race_off(s, p) * (b->dist[p][b->entry[p]] + 1);
		for (i = 0; i < b->n; i++)
			if (s->cell[i] == RC_SOLD(p) && b->kind[i] != RC_HOME)
				need[p] += b->dist[p][i] == 255 ? 0 : b->dist[p][i];
	}
	return (need[1] + 4.0) / (need[0] + need[1] + 8.0);
}
