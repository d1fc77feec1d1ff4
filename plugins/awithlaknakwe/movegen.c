/*
 * movegen.c - apply() of Awithlaknakwe: a warrior's step checked and
 * played in place, every other move by the general path (apply_slow),
 * and the common case of settle().  The fast path does what the readable
 * rules of rules.c would, only faster; the random games of the unit tests
 * compare the two at every position.  The steps of a side, listed
 * without a branch on the board, are in awithlaknakwe.h.
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
	n = awk_side_steps(s, next, s->legal);
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

/* The pass of seat t, which cannot move. */
static int
apply_pass(struct tbl_state *s, int t)
{
	int next = s->ctl.next;

	TBL_TELL(s, "%s cannot move and passes", side_name[t]);
	s->quiet++;
	if (s->nahead && s->ahead_seat == next && s->quiet < s->quiet_limit) {
		/* What settle() would find: see seat_can_move(). */
		memcpy(s->legal, s->ahead, sizeof s->legal);
		s->nlegal = s->nahead;
		s->ctl = s->seat_ctl[next];
		return 0;
	}
	return settle_q(s, next, 0, 0, 1);
}

/* apply() for everything but a warrior step of a side on its own. */
static int
apply_slow(struct tbl_state *s, tbl_move m)
{
	int t = s->ctl.turn, i, n, ps, progress;
	unsigned from = m >> 8, to = m & 0xff;
	char name[8], name2[8];
	uint8_t c;

	switch (s->ctl.mode) {
	case MODE_NONE:
		if (s->ctl.over)
			return -1;
		/* The first player is drawn. */
		if ((m & ~3u) != AWK_DRAW || !side_exists(s, (int)(m & 3)))
			return -1;
		TBL_TELL(s, "%s moves first", side_name[m & 3]);
		awk_settle_full(s, (int)(m & 3), 1);
		return 0;
	case MODE_PASS:
		return m == AWK_PASS ? apply_pass(s, t) : -1;
	case MODE_ANY:
		/* An entry may be due: legal when it is in the list. */
		n = s->nlegal;
		for (i = 0; i < n && s->legal[i] != m; i++)
			continue;
		if (i == n)
			return -1;
		if (from == AWK_ENTRY) {
			ps = awk_home_side[to];
			TBL_TELL(s, "%s's priest enters on %s", side_name[ps],
			    awk_square((int)to, name));
			s->priest[ps] = PRIEST_IN;
			s->owed &= (uint8_t)~(1u << ps);
			awk_put(s, AWK_PRIEST(ps), (int)to);
			/* An entry is neither a capture nor a forward
			 * move: a quiet turn unless it captures. */
			return after_move(s, t, ps, to, 0);
		}
		break;
	default:
		/*
		 * Steps only: a piece of a side the seat moves that can
		 * still move (a priest on psq), to an empty square among its
		 * steps.
		 */
		if (from >= AWK_NSQ || to >= AWK_NSQ)
			return -1;
		c = s->board[from];
		ps = code_side[c];
		if (!(s->ctl.wmask >> ps & 1) || s->board[to] != AWK_EMPTY)
			return -1;
		if (code_priest[c]) {
			const uint8_t *d = awk_pdst[ps][from];

			if (from != s->psq[ps] || (d[0] != to && d[1] != to &&
			    d[2] != to && d[3] != to && d[4] != to))
				return -1;
		} else {
			const uint8_t *d = awk_wdst[ps][from];

			if (d[0] != to && d[1] != to)
				return -1;
		}
		break;
	}
	/* A step. */
	c = s->board[from];
	ps = code_side[c];
	TBL_TELL(s, "%s's %s steps from %s to %s", side_name[ps],
	    code_priest[c] ? "priest" : "warrior", awk_square((int)from, name),
	    awk_square((int)to, name2));
	awk_lift(s, (int)from);
	awk_put(s, c, (int)to);
	progress = awk_fwd[ps][to] > awk_fwd[ps][from];
	return after_move(s, t, ps, to, progress);
}

/*
 * apply() through the general path, telling t what the rules do (the
 * fast path does the same for a warrior's step, and tells nothing).
 */
int
awk_apply_told(struct tbl_state *s, tbl_move m, struct tbl_tell *t)
{
	int rc;

	s->tell = t;
	rc = apply_slow(s, m);
	s->tell = NULL;
	return rc;
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
 * empty square among its steps) and done in place, as awk_lift() and awk_put()
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
		return apply_slow(s, m);
	/*
	 * The common case, a warrior step, checked against the rules (a
	 * warrior of the side to move, a step of it to an empty square) and
	 * done in place, as awk_lift() and awk_put() would: a warrior that can move
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
