/*
 * movegen.c - the fast path of Awithlaknakwe: the steps of a side listed
 * without a branch on the board, the common case of settle(), and apply()
 * for a warrior's step checked and played in place.  Each does what the
 * readable rules of rules.c would, only faster; the random games of the
 * unit tests compare the two at every position.
 */
#include "awithlaknakwe.h"

/*
 * The same capture test as lookups, for the warrior's step: enemy_of[team]
 * [c] is 1 when the code c is a piece of the other team; friend_of[own]
 * [side][c] is 1 when c may stand at the far end of a capture by `side` (a
 * piece of its team, or with flank=own of the side itself).
 */
static const uint8_t enemy_of[2][16] = {
	{ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1 },
	{ 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0 },
};
static const uint8_t friend_of[2][4][16] = {
	{
		{ 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0 },
		{ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1 },
		{ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1 },
		{ 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0 },
	}, {
		{ 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0 },
		{ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1 },
		{ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0 },
		{ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0 },
	},
};

/*
 * The step moves of side ps, ascending, written to out, which must have
 * room for AWK_MAXMOVES moves: the pieces in the order of their squares,
 * each with its steps in the order of their targets.  The priest's steps
 * go between the warriors below and above it.  Returns the number of
 * moves.
 */
AWK_HOT int
side_steps(const struct tbl_state *s, int ps, tbl_move *out)
{
	const uint8_t *board = s->board, *pd;
	const uint32_t (*wm)[2] = awk_wmove[ps];
	uint64_t l = s->wl[ps];
	unsigned psq = s->psq[ps], pbase;
	size_t n = 0;

	/*
	 * All six slots of the list, whether they hold a warrior or not: an
	 * empty slot (AWK_NONE) has two moves to the sentinel square, which
	 * are stored past the last move and not counted.  Unrolled, there is
	 * no branch to mispredict.
	 */
#define AWK_SLOT(k) do {						\
		const uint32_t *m = wm[l >> 8 * (k) & 0xff];		\
		uint32_t m0 = m[0], m1 = m[1];				\
									\
		out[n] = m0;						\
		n += board[m0 & 0xff] == AWK_EMPTY;			\
		out[n] = m1;						\
		n += board[m1 & 0xff] == AWK_EMPTY;			\
	} while (0)
#define AWK_PRIEST_STEPS do {						\
		out[n] = pbase | pd[0];					\
		n += board[pd[0]] == AWK_EMPTY;				\
		out[n] = pbase | pd[1];					\
		n += board[pd[1]] == AWK_EMPTY;				\
		out[n] = pbase | pd[2];					\
		n += board[pd[2]] == AWK_EMPTY;				\
		out[n] = pbase | pd[3];					\
		n += board[pd[3]] == AWK_EMPTY;				\
		out[n] = pbase | pd[4];					\
		n += board[pd[4]] == AWK_EMPTY;				\
	} while (0)
	if (psq == AWK_NONE) {
		AWK_SLOT(0);
		AWK_SLOT(1);
		AWK_SLOT(2);
		AWK_SLOT(3);
		AWK_SLOT(4);
		AWK_SLOT(5);
		return (int)n;
	}
	/*
	 * With the priest, its steps go between the warriors below and above
	 * it: one unrolled sequence for each place, the jump to it predicted
	 * from the last time (the place changes seldom).
	 */
	pd = awk_pdst[ps][psq];
	pbase = psq << 8;
	switch (wl_rank(l, psq)) {
	case 0:
		AWK_PRIEST_STEPS;
		AWK_SLOT(0); AWK_SLOT(1); AWK_SLOT(2); AWK_SLOT(3);
		AWK_SLOT(4); AWK_SLOT(5);
		break;
	case 1:
		AWK_SLOT(0);
		AWK_PRIEST_STEPS;
		AWK_SLOT(1); AWK_SLOT(2); AWK_SLOT(3); AWK_SLOT(4);
		AWK_SLOT(5);
		break;
	case 2:
		AWK_SLOT(0); AWK_SLOT(1);
		AWK_PRIEST_STEPS;
		AWK_SLOT(2); AWK_SLOT(3); AWK_SLOT(4); AWK_SLOT(5);
		break;
	case 3:
		AWK_SLOT(0); AWK_SLOT(1); AWK_SLOT(2);
		AWK_PRIEST_STEPS;
		AWK_SLOT(3); AWK_SLOT(4); AWK_SLOT(5);
		break;
	case 4:
		AWK_SLOT(0); AWK_SLOT(1); AWK_SLOT(2); AWK_SLOT(3);
		AWK_PRIEST_STEPS;
		AWK_SLOT(4); AWK_SLOT(5);
		break;
	case 5:
		AWK_SLOT(0); AWK_SLOT(1); AWK_SLOT(2); AWK_SLOT(3);
		AWK_SLOT(4);
		AWK_PRIEST_STEPS;
		AWK_SLOT(5);
		break;
	default:
		AWK_SLOT(0); AWK_SLOT(1); AWK_SLOT(2); AWK_SLOT(3);
		AWK_SLOT(4); AWK_SLOT(5);
		AWK_PRIEST_STEPS;
		break;
	}
#undef AWK_SLOT
#undef AWK_PRIEST_STEPS
	return (int)n;
}

/* side_steps() for the other files. */
int
awk_side_steps(const struct tbl_state *s, int ps, tbl_move *out)
{
	return side_steps(s, ps, out);
}

/*
 * Has any piece of side ps a step?  All six slots of the list and the
 * priest are looked at, unrolled and without a branch: an empty slot and a
 * missing priest (AWK_NONE) have only the sentinel square as a target.
 */
int
awk_side_any_step(const struct tbl_state *s, int ps)
{
	const uint8_t *board = s->board, *d, (*ws)[4] = awk_wstep[ps];
	uint64_t l = s->wl[ps];
	int any;

	/* A side whose pieces have all arrived, or are lost, is common. */
	if (s->nw[ps] == 0 && s->psq[ps] == AWK_NONE)
		return 0;
#define AWK_ANY(k) ((board[ws[l >> 8 * (k) & 0xff][0]] == AWK_EMPTY) | \
	(board[ws[l >> 8 * (k) & 0xff][1]] == AWK_EMPTY))
	any = AWK_ANY(0) | AWK_ANY(1) | AWK_ANY(2) | AWK_ANY(3) | AWK_ANY(4) |
	    AWK_ANY(5);
#undef AWK_ANY
	d = awk_pdst[ps][s->psq[ps]];
	return any | (board[d[0]] == AWK_EMPTY) | (board[d[1]] == AWK_EMPTY) |
	    (board[d[2]] == AWK_EMPTY) | (board[d[3]] == AWK_EMPTY) |
	    (board[d[4]] == AWK_EMPTY);
}

/*
 * settle() with the common case inlined: no race to check, nothing
 * captured, the quiet limit not reached, no priest owed to the seat, each
 * seat moving its own side, and the side to move has a step (so the seat
 * is not blocked): its steps are the legal moves.  Everything else goes to
 * awk_settle_full(), which decides from scratch.  Returns 0.  quiet_zero: the
 * move was a warrior's step, which sets quiet to 0 (and the quiet limit is
 * at least 1), so that the test of quiet folds away; passed: the move was
 * a pass, which leaves the board as it was, and the moves listed ahead
 * with it.
 */
AWK_HOT int
settle_q(struct tbl_state *s, int next, int captured, int quiet_zero,
    int passed)
{
	const struct awk_ctl *nc = &s->seat_ctl[next];
	int n;

	if (!passed)
		s->nahead = 0;

	if (captured | (!quiet_zero && s->quiet >= s->quiet_limit) |
	    (s->owed & nc->wmask) | s->slow)
		return awk_settled(s, next, captured);
	/* A seat whose pieces have all arrived, or are lost, passes. */
	if (s->nw[next] == 0 && s->psq[next] == AWK_NONE)
		return awk_settle_blocked(s, next);
	n = side_steps(s, next, s->legal);
	if (n == 0)
		return awk_settle_blocked(s, next);
	s->nlegal = (uint8_t)n;
	s->ctl = *nc;
	return 0;
}

/* settle_q() after a move that may have left quiet anywhere. */
AWK_HOT int
settle(struct tbl_state *s, int next, int captured)
{
	return settle_q(s, next, captured, 0, 0);
}

/* settle_q() for the other files. */
int
awk_settle_q(struct tbl_state *s, int next, int captured, int quiet_zero,
    int passed)
{
	return settle_q(s, next, captured, quiet_zero, passed);
}

/*
 * The captures of a move, with the common case first: no enemy piece
 * diagonally next to `to`, so nothing to take.
 */
AWK_HOT int
capture_from(struct tbl_state *s, int to, int ps, int t)
{
	const uint8_t *board = s->board, *n1 = awk_diag[to];
	unsigned enemy = PC_PIECE | ((side_code[ps] & PC_TEAM) ^ PC_TEAM);
	unsigned adj;

#define AWK_ADJ(d) ((board[n1[d]] & (PC_PIECE | PC_TEAM)) == enemy)
	adj = AWK_ADJ(0) | AWK_ADJ(1) | AWK_ADJ(2) | AWK_ADJ(3);
#undef AWK_ADJ
	if (adj == 0)
		return 0;
	return awk_capture_hits(s, to, ps, t);
}

/* Finish a move of seat t that put a piece of side ps on `to`. */
AWK_HOT int
after_move(struct tbl_state *s, int t, int ps, unsigned to, int progress)
{
	int taken = capture_from(s, (int)to, ps, t);

	s->quiet = progress | taken ? 0 : (uint16_t)(s->quiet + 1);
	return settle(s, s->ctl.next, taken);
}

/* after_move() for the other files. */
int
awk_after_move(struct tbl_state *s, int t, int ps, unsigned to, int progress)
{
	return after_move(s, t, ps, to, progress);
}

/* The rest of a warrior step that has an enemy next to it. */
AWK_COLD int
after_step_capture(struct tbl_state *s, int t, unsigned to)
{
	int taken = awk_capture_hits(s, (int)to, t, t);

	return settle(s, s->ctl.next, taken);
}

/*
 * A step of the priest of side t, the seat's own side, from `from` to `to`
 * (both squares), checked against the rules (the priest can move, to an
 * empty square among its steps) and done in place, as lift() and awk_put()
 * would.
 */
AWK_COLD int
priest_step(struct tbl_state *s, int t, unsigned from, unsigned to)
{
	const uint8_t *d = awk_pdst[t][from], *fwd = awk_fwd[t];
	int mob = fwd[to] != 13 || s->slide;

	if ((from != s->psq[t]) | (s->board[to] != AWK_EMPTY) |
	    ((d[0] != to) & (d[1] != to) & (d[2] != to) & (d[3] != to) &
	    (d[4] != to)))
		return -1;
	s->board[to] = s->board[from];
	s->board[from] = AWK_EMPTY;
	s->arrived[t] += (fwd[to] == 13) - (fwd[from] == 13);
	s->psq[t] = mob ? (uint8_t)to : AWK_NONE;
	return after_move(s, t, t, to, fwd[to] > fwd[from]);
}

int
awk_apply(struct tbl_state *s, tbl_move m)
{
	unsigned from = m >> 8, to = m & 0xff;
	const uint8_t (*ws)[4], *board = s->board, *n1, *n2, *en, *fr;
	uint8_t c;
	int t;

	if (s->ctl.mode != MODE_STEPS || from >= AWK_NSQ || to >= AWK_NSQ)
		return awk_apply_slow(s, m);
	/*
	 * The common case, a warrior step, checked against the rules (a
	 * warrior of the side to move, a step of it to an empty square) and
	 * done in place, as lift() and awk_put() would: a warrior that can move
	 * is not on its goal rank, and always moves forward.
	 */
	t = s->ctl.turn;
	c = board[from];
	if (c != AWK_WARRIOR(t)) {
		if (c == AWK_PRIEST(t))
			return priest_step(s, t, from, to);
		return -1;
	}
	ws = awk_wstep[t];
	if ((board[to] != AWK_EMPTY) | ((ws[from][0] != to) & (ws[from][1] != to)))
		return -1;
	s->board[from] = AWK_EMPTY;
	s->board[to] = c;
	s->arrived[t] += ws[to][2];
	s->wl[t] = wl_move(s->wl[t], from, to, ws[to][3]);
	s->nw[t] -= !ws[to][3];
	s->quiet = 0;
	/* Captures (see awk_capture_hits()), worked out without a branch. */
	n1 = awk_diag[to];
	n2 = awk_diag2[to];
	en = enemy_of[TEAM(t)];
	fr = friend_of[s->flank_own][t];
#define AWK_HIT(d) (en[board[n1[d]]] & fr[board[n2[d]]])
	if (AWK_HIT(0) | AWK_HIT(1) | AWK_HIT(2) | AWK_HIT(3))
		return after_step_capture(s, t, to);
#undef AWK_HIT
	return settle_q(s, s->ctl.next, 0, 1, 0);
}

int
awk_to_move(const struct tbl_state *s)
{
	return s->ctl.tomove;
}

/*
 * The legal moves were listed by settle() when the position was decided:
 * copy them out.  The list is copied whole when there is room, the moves
 * after the last one included, so that the copy has no branch on the
 * count but one for a long list.
 */
int
awk_legal_moves(const struct tbl_state *s, tbl_move *out, int cap)
{
	int n = s->nlegal;

	if (cap >= AWK_MAXMOVES) {
		memcpy(out, s->legal, sizeof *out * 16);
		if (n > 16)
			memcpy(out + 16, s->legal + 16,
			    sizeof *out * (AWK_MAXMOVES - 16));
		return n;
	}
	/* A short buffer, or none (out NULL, cap 0: only the count). */
	if (cap > 0)
		memcpy(out, s->legal, sizeof *out * (size_t)(n < cap ? n : cap));
	return n;
}
