/*
 * rules.c - the rules of Awithlaknakwe written to be read: pieces put on
 * and taken off the board, the moves of any seat (steps of its pieces,
 * entries of its priest), custodian captures and the priests they earn,
 * who moves next and when the game ends, and the results.  apply() is in
 * movegen.c, which uses this file; this file uses only the header.
 */
#include "awithlaknakwe.h"

/* ------------------------------------------------------------------ */
/* The pieces                                                         */
/* ------------------------------------------------------------------ */

/*
 * May the piece with code c standing on sq ever move again?  A warrior
 * needs a forward-diagonal square on the board; a priest is frozen only on
 * its goal rank with arrived=frozen.
 */
static int
mobile(const struct tbl_state *s, uint8_t c, int sq)
{
	int ps = code_side[c];

	if (code_priest[c])
		return awk_fwd[ps][sq] != 13 || s->slide;
	return awk_wdst[ps][sq][0] != AWK_NONE;
}

/* Put the piece c on the empty square sq. */
void
awk_put(struct tbl_state *s, uint8_t c, int sq)
{
	int ps = code_side[c];

	s->board[sq] = c;
	s->pieces[ps]++;
	s->arrived[ps] += awk_fwd[ps][sq] == 13;
	if (!mobile(s, c, sq))
		return;
	if (code_priest[c])
		s->psq[ps] = (uint8_t)sq;
	else {
		s->wl[ps] = wl_insert(s->wl[ps], (unsigned)sq);
		s->nw[ps]++;
	}
}

/* Take the piece off square sq. */
void
awk_lift(struct tbl_state *s, int sq)
{
	uint8_t c = s->board[sq];
	int ps = code_side[c];

	s->board[sq] = AWK_EMPTY;
	s->pieces[ps]--;
	s->arrived[ps] -= awk_fwd[ps][sq] == 13;
	if (code_priest[c])
		s->psq[ps] = AWK_NONE;
	else if (mobile(s, c, sq)) {
		s->wl[ps] = wl_drop(s->wl[ps], wl_rank(s->wl[ps], (unsigned)sq));
		s->nw[ps]--;
	}
}

/* An empty board: no pieces, and so no warrior lists and no priests. */
void
awk_clear_board(struct tbl_state *s)
{
	memset(s->board, AWK_EMPTY, sizeof s->board);
	s->board[AWK_NONE] = AWK_OFF;
	s->wl[0] = s->wl[1] = s->wl[2] = s->wl[3] = WL_EMPTY;
	memset(s->nw, 0, sizeof s->nw);
	memset(s->psq, AWK_NONE, sizeof s->psq);
	memset(s->pieces, 0, sizeof s->pieces);
	memset(s->arrived, 0, sizeof s->arrived);
}

/* Put the start position on s (options already set). */
void
awk_start_position(struct tbl_state *s)
{
	int side, k;

	awk_clear_board(s);
	s->owed = 0;
	memset(s->priest, PRIEST_NONE, sizeof s->priest);
	memset(s->captures, 0, sizeof s->captures);
	for (side = 0; side < 4; side++) {
		if (!side_exists(s, side))
			continue;
		for (k = 0; k < 6; k++)
			awk_put(s, AWK_WARRIOR(side), awk_home[side][k]);
	}
	s->quiet = 0;
	awk_settle_full(s, s->first == FIRST_RANDOM ? -1 : s->first, 1);
}

/* ------------------------------------------------------------------ */
/* The moves of a seat                                                */
/* ------------------------------------------------------------------ */

/*
 * The priests of `mask` that are owed and may enter now: a bit mask of
 * their sides (0 when none).  A priest may enter when its home rank has an
 * empty square.
 */
static unsigned
entries_ready(const struct tbl_state *s, unsigned mask)
{
	unsigned ready = 0;
	int side, k;

	for (side = 0; side < 4; side++) {
		if (!(mask >> side & 1) || s->priest[side] != PRIEST_OWED)
			continue;
		for (k = 0; k < 6; k++)
			if (s->board[awk_home[side][k]] == AWK_EMPTY) {
				ready |= 1u << side;
				break;
			}
	}
	return ready;
}

/*
 * The steps of a piece on `sq` whose step squares are d[0 .. k-1]
 * (ascending, AWK_NONE padded), appended to out at n.  Every candidate is
 * stored and only those whose target is empty are counted (an AWK_NONE
 * target reads the sentinel square), so that there is no branch.
 */
AWK_HOT size_t
piece_steps(const uint8_t *board, const uint8_t *d, int k, unsigned sq,
    tbl_move *out, size_t n)
{
	unsigned base = sq << 8;
	int i;

	for (i = 0; i < k; i++) {
		out[n] = base | d[i];
		n += board[d[i]] == AWK_EMPTY;
	}
	return n;
}

/*
 * The step moves of the two partners in `mask` (partners=combined),
 * ascending: their pieces are visited together, in the order of their
 * squares.
 */
static int
team_steps(const struct tbl_state *s, unsigned mask, tbl_move *out)
{
	const uint8_t *board = s->board;
	int side[2], i, j, k, np = 0;
	unsigned sq[14];
	size_t n = 0;

	side[0] = tbl_lowbit64(mask);
	side[1] = tbl_lowbit64(mask & (mask - 1));
	for (i = 0; i < 2; i++) {
		uint64_t l = s->wl[side[i]];

		for (k = 0; k < s->nw[side[i]]; k++, l >>= 8)
			sq[np++] = (unsigned)(l & 0xff);
		if (s->psq[side[i]] != AWK_NONE)
			sq[np++] = s->psq[side[i]];
	}
	/* Insertion sort: at most fourteen squares. */
	for (i = 1; i < np; i++)
		for (j = i; j > 0 && sq[j - 1] > sq[j]; j--) {
			unsigned x = sq[j];

			sq[j] = sq[j - 1];
			sq[j - 1] = x;
		}
	for (i = 0; i < np; i++) {
		uint8_t c = board[sq[i]];
		int ps = code_side[c];

		if (code_priest[c])
			n = piece_steps(board, awk_pdst[ps][sq[i]], 5, sq[i], out, n);
		else
			n = piece_steps(board, awk_wdst[ps][sq[i]], 2, sq[i], out, n);
	}
	return (int)n;
}

/* The step moves of the sides in `mask` (one, or two partners). */
static int
list_steps(const struct tbl_state *s, unsigned mask, tbl_move *out)
{
	if ((mask & (mask - 1)) == 0)
		return awk_side_steps(s, tbl_lowbit64(mask), out);
	return team_steps(s, mask, out);
}

/* Has any piece of the sides in `mask` a step? */
static int
any_step(const struct tbl_state *s, unsigned mask)
{
	unsigned rest = mask & (mask - 1);

	return awk_side_any_step(s, tbl_lowbit64(mask)) ||
	    (rest && awk_side_any_step(s, tbl_lowbit64(rest)));
}

/*
 * Write the entry moves of the sides in `ready`, ascending: the sides in
 * the order of their home ranks (South, West, East, North: partners never
 * interleave), each home rank in order.
 */
static int
gen_entries(const struct tbl_state *s, unsigned ready, tbl_move *out, int n)
{
	static const uint8_t order[4] = { S_SOUTH, S_WEST, S_EAST, S_NORTH };
	int i, k;

	for (i = 0; i < 4; i++) {
		int side = order[i];

		if (!(ready >> side & 1))
			continue;
		for (k = 0; k < 6; k++) {
			unsigned sq = awk_home[side][k];

			out[n] = AWK_ENTRY << 8 | sq;
			n += s->board[sq] == AWK_EMPTY;
		}
	}
	return n;
}

/*
 * The moves of seat t other than pass, in ascending order, written to out
 * (room for AWK_MAXMOVES).  Returns their number.
 */
static int
gen_moves(const struct tbl_state *s, int t, tbl_move *out)
{
	unsigned mask = movers(s, t), ready = 0;
	int n;

	if (any_owed(s, mask)) {
		ready = entries_ready(s, mask);
		if (ready && !s->entry_any)
			return gen_entries(s, ready, out, 0);
	}
	n = list_steps(s, mask, out);
	if (ready)
		n = gen_entries(s, ready, out, n);
	return n;
}

/* Has seat t a move other than pass? */
static int
has_move(const struct tbl_state *s, int t)
{
	unsigned mask = movers(s, t);

	if (any_owed(s, mask) && entries_ready(s, mask))
		return 1;
	return any_step(s, mask);
}

/* The legal moves, for room for AWK_MAXMOVES in out. */
static int
gen_legal(const struct tbl_state *s, tbl_move *out)
{
	switch (s->ctl.mode) {
	case MODE_NONE:
		return 0;
	case MODE_PASS:
		out[0] = AWK_PASS;
		return 1;
	case MODE_STEPS:
		return awk_side_steps(s, s->ctl.turn, out);
	default:
		return gen_moves(s, s->ctl.turn, out);
	}
}

/* ------------------------------------------------------------------ */
/* Who moves next, and the end of the game                            */
/* ------------------------------------------------------------------ */

/* Has the team neither a piece on the board nor a priest to enter? */
int
awk_team_wiped(const struct tbl_state *s, int team)
{
	unsigned mask = team == 0 ? (1u << S_SOUTH | 1u << S_EAST) :
	    (1u << S_NORTH | 1u << S_WEST);

	return team_count(s->pieces, team) == 0 && !any_owed(s, mask);
}

/*
 * Decide what comes after a move (or a set-up position): the end of the
 * game, or `next` to move.  The checks run in a fixed order so that a
 * position string always means the same thing: the race target, a team
 * without pieces, the quiet limit, and last a board on which nobody can
 * move.  Then work out what to_move(), legal_moves() and apply() need
 * to know (struct awk_ctl).
 */
void
awk_settle_full(struct tbl_state *s, int next, int captured)
{
	int k, x, over = END_NO, blocked = 0;

	if (s->scoring == SC_RACE &&
	    (team_count(s->arrived, 0) >= s->race_target ||
	    team_count(s->arrived, 1) >= s->race_target))
		over = END_RACE;
	/* Only a capture can leave a team without pieces. */
	else if (captured && (awk_team_wiped(s, 0) || awk_team_wiped(s, 1)))
		over = END_WIPED;
	else if (s->quiet >= s->quiet_limit)
		over = END_QUIET;
	else if (next >= 0 && !has_move(s, next)) {
		over = END_BLOCKED;
		for (k = 1, x = next; k < s->nplayers; k++) {
			x = (x + s->step) & 3;
			if (has_move(s, x)) {
				blocked = 1;
				over = END_NO;
				break;
			}
		}
	}
	if (next >= 0) {
		s->ctl = s->seat_ctl[next];
		if (s->owed & s->ctl.wmask)
			s->ctl.mode = MODE_ANY;
	} else {
		memset(&s->ctl, 0, sizeof s->ctl);
		s->ctl.turn = -1;
		s->ctl.tomove = TBL_CHANCE;
		s->ctl.mode = MODE_NONE;
	}
	if (blocked) {
		s->ctl.blocked = 1;
		s->ctl.mode = MODE_PASS;
	}
	if (over) {
		s->ctl.over = (uint8_t)over;
		s->ctl.tomove = TBL_END;
		s->ctl.mode = MODE_NONE;
		s->ctl.wmask = 0;
	}
	s->nlegal = (uint8_t)gen_legal(s, s->legal);
	s->nahead = 0;
}

/* awk_settle_full() as a tail call that returns 0 (a move's success). */
int
awk_settled(struct tbl_state *s, int next, int captured)
{
	awk_settle_full(s, next, captured);
	return 0;
}

/*
 * Has seat y a move, when only passes come before its turn?  When it
 * moves its own side and has no entry due, its steps are listed in `ahead`
 * on the way, to be its legal moves when its turn comes after the passes
 * (ahead_seat says whose they are; every move but a pass forgets them).
 */
static int
seat_can_move(struct tbl_state *s, int y)
{
	int n;

	if (s->nahead && s->ahead_seat == y)
		return 1;
	if (!s->slow && !(s->owed & s->seat_ctl[y].wmask)) {
		/* A side whose pieces have all arrived, or are lost. */
		if (s->nw[y] == 0 && s->psq[y] == AWK_NONE)
			return 0;
		n = awk_side_steps(s, y, s->ahead);
		s->nahead = (uint8_t)n;
		s->ahead_seat = (uint8_t)y;
		return n > 0;
	}
	s->nahead = 0;
	return has_move(s, y);
}

/*
 * The end of settle() when seat `next` has no step and no entry due (and
 * nothing else ends the game): it passes if another seat can move, and
 * otherwise nobody can.
 */
int
awk_settle_blocked(struct tbl_state *s, int next)
{
	int k, y;

	for (k = 1, y = next; k < s->nplayers; k++) {
		y = (y + s->step) & 3;
		if (seat_can_move(s, y)) {
			s->ctl = s->seat_ctl[next];
			s->ctl.blocked = 1;
			s->ctl.mode = MODE_PASS;
			s->legal[0] = AWK_PASS;
			s->nlegal = 1;
			return 0;
		}
	}
	return awk_settled(s, next, 0);
}

/* ------------------------------------------------------------------ */
/* Captures and apply                                                 */
/* ------------------------------------------------------------------ */

/* The name of square sq ("g2") in buf, which holds 8 bytes. */
const char *
awk_square(int sq, char *buf)
{
	tbl_write_square(buf, 8, awk_file[sq], awk_rank[sq]);
	return buf;
}

/* Remove the piece on sq (a capture by seat t). */
static void
take(struct tbl_state *s, int sq, int t)
{
	uint8_t c = s->board[sq];
	int es = code_side[c];
	char name[8];

	TBL_TELL(s, "it captures %s's %s on %s", side_name[es],
	    code_priest[c] ? "priest" : "warrior", awk_square(sq, name));
	awk_lift(s, sq);
	s->captures[t]++;
	/* The first warrior of a side (or team) lost earns its priest. */
	if (!code_priest[c] && s->priest[es] == PRIEST_NONE &&
	    !(s->team_one && s->priest[PARTNER(es)] != PRIEST_NONE)) {
		TBL_TELL(s, "%s's priest of the bow is earned",
		    side_name[es]);
		s->priest[es] = PRIEST_OWED;
		s->owed |= (uint8_t)(1u << es);
	}
}

/*
 * Custodian capture by a piece of side ps that has just arrived on `to`:
 * every enemy piece diagonally next to it with a friendly piece right
 * behind on the same diagonal is removed, in the order of the diagonals.
 * Returns the number taken.
 */
int
awk_capture_hits(struct tbl_state *s, int to, int ps, int t)
{
	const uint8_t *board = s->board;
	int d, n = 0, hits = 0;
	/* An enemy next to `to`, a friend (or with flank=own, a piece of
	 * the moving side) behind it. */
	unsigned enemy = PC_PIECE | ((side_code[ps] & PC_TEAM) ^ PC_TEAM);
	unsigned fmask = s->flank_own ? PC_PIECE | PC_TEAM | PC_MATE :
	    PC_PIECE | PC_TEAM;
	unsigned friend = side_code[ps] & fmask;

	const uint8_t *n1 = awk_diag[to], *n2 = awk_diag2[to];

#define AWK_HIT(d) ((((board[n1[d]] & (PC_PIECE | PC_TEAM)) == enemy) & \
	((board[n2[d]] & fmask) == friend)) << (d))
	hits = AWK_HIT(0) | AWK_HIT(1) | AWK_HIT(2) | AWK_HIT(3);
#undef AWK_HIT
	for (d = 0; hits; d++, hits >>= 1)
		if (hits & 1) {
			take(s, awk_diag[to][d], t);
			n++;
		}
	return n;
}

int
awk_chance_outcomes(const struct tbl_state *s, tbl_move *out, double *prob,
    int cap)
{
	int side, n = 0;

	if (s->ctl.over || s->ctl.turn >= 0)
		return 0;
	for (side = 0; side < 4; side++) {
		if (!side_exists(s, side))
			continue;
		if (n < cap) {
			out[n] = AWK_DRAW | (unsigned)side;
			if (prob != NULL)
				prob[n] = 1.0 / s->nplayers;
		}
		n++;
	}
	return n;
}

/* ------------------------------------------------------------------ */
/* Results                                                            */
/* ------------------------------------------------------------------ */

/* The name of a team: its side in a two-player game. */
const char *
awk_team_label(const struct tbl_state *s, int team)
{
	return s->nplayers == 2 ? side_name[team ? S_NORTH : S_SOUTH] :
	    team_name[team];
}

/* Score of a team under the chosen scoring rule. */
int
awk_team_score(const struct tbl_state *s, int team)
{
	switch (s->scoring) {
	case SC_CAPTURES:
		return team_count(s->captures, team);
	case SC_RACE:
		return team_count(s->arrived, team);
	default:
		return team_count(s->captures, team) +
		    team_count(s->arrived, team);
	}
}

int
awk_result(const struct tbl_state *s, double *out)
{
	int a, b, p;

	if (!s->ctl.over)
		return -1;
	a = awk_team_score(s, 0);
	b = awk_team_score(s, 1);
	for (p = 0; p < s->nplayers; p++) {
		int team = TEAM(side_of(s, p));
		int mine = team ? b : a, theirs = team ? a : b;
		out[p] = mine > theirs ? 1.0 : mine < theirs ? 0.0 : 0.5;
	}
	return 0;
}

/*
 * A static estimate for the AI players: each team's score so far under
 * the chosen rule, plus, where arrivals count, half a point for a piece
 * that has walked the whole way and proportionally less for the others,
 * or, where only captures count, a tenth of a point per piece left; the
 * difference d becomes 0.5 + d / (2 (|d| + 2)) for South's team.
 */
int
awk_evaluate(const struct tbl_state *s, double *out)
{
	double v[2];
	int team, side, sq, p;

	if (s->ctl.turn < 0)
		return -1;
	for (team = 0; team < 2; team++)
		v[team] = awk_team_score(s, team);
	for (sq = 0; sq < AWK_NSQ; sq++) {
		uint8_t c = s->board[sq];
		if (!(c & PC_PIECE))
			continue;
		side = code_side[c];
		if (s->scoring == SC_CAPTURES)
			v[TEAM(side)] += 0.1;
		else if (awk_fwd[side][sq] < 13)
			v[TEAM(side)] += 0.5 * awk_fwd[side][sq] / 13.0;
	}
	{
		double d = v[0] - v[1], a = d < 0 ? -d : d;
		double e0 = 0.5 + d / (2.0 * (a + 2.0));

		if (s->ctl.over) {
			double r[4];
			awk_result(s, r);
			e0 = r[0];
		}
		for (p = 0; p < s->nplayers; p++)
			out[p] = TEAM(side_of(s, p)) == 0 ? e0 : 1.0 - e0;
	}
	return 0;
}
