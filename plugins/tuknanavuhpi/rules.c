/*
 * rules.c - the rules of Tuknanavuhpi, Aiyawatstani and Kharbaga written
 * to be read: whether a move is legal and what it does, when the game
 * ends; and the move generation for any counter, mullahs included (which
 * counters can move and jump and the longest chain are in chain.c, below
 * this file and movegen.c).  movegen.c, above this file, has the fast
 * way for men that random playouts take; both give the same moves and
 * the same states (check_fast_agrees() in the unit tests compares them at
 * every position of a thousand random games under ten rule sets).
 */
#include <stdint.h>
#include <string.h>

#include "tuknanavuhpi.h"

/* ------------------------------------------------------------------ */
/* Wiping and huffing                                                 */
/* ------------------------------------------------------------------ */

/* Whether square q is on the edge the shrink_edge rule means. */
static int
square_on_edge(const struct tbl_state *s, int q)
{
	int i = q / 4, j = q % 4;

	if (i == 0 || i == 3 || j == 0 || j == 3)
		return 1;
	if (s->r.edge_original)
		return 0;
	return (s->wiped >> (q - 4) & 1) || (s->wiped >> (q + 4) & 1) ||
	    (s->wiped >> (q - 1) & 1) || (s->wiped >> (q + 1) & 1);
}

/*
 * Whether the side to move may wipe square q: the checks in full (see
 * emit_wipes() for the quick way).
 */
static int
wipe_ok(const struct tbl_state *s, int q)
{
	uint64_t own = s->side[s->turn], enemy = s->side[!s->turn];

	if (!s->r.shrink || s->chain >= 0 || (s->done & DONE_WIPE) ||
	    (s->wiped >> q & 1) || (tk_sq_points[q] & (own | enemy)) ||
	    !square_on_edge(s, q))
		return 0;
	return tk_any_move(own, enemy, s->mull,
	    ALL & ~s->dead & ~tk_sq_points[q], step_dirs(&s->r, s->turn));
}

/* ------------------------------------------------------------------ */
/* Move generation for any counter                                    */
/* ------------------------------------------------------------------ */

/*
 * The moves of uncrowned counters by direction: st[d] holds the counters
 * of `men` that can step along d into `empty` (for the directions in
 * sdirs), ju[d] those that can jump an `enemy` counter along d.
 */
struct dirsets {
	uint64_t st[8], ju[8];
};

static inline void
men_dirsets(uint64_t men, uint64_t enemy, uint64_t empty, unsigned sdirs,
    struct dirsets *ds)
{
#define DS(d, s) \
	ds->st[d] = (sdirs >> (d) & 1) ? \
	    men & tk_dirmask[d] & SH(empty, -(s)) : 0; \
	ds->ju[d] = men & tk_dirmask[d] & SH(enemy & tk_dirmask[d], -(s)) & \
	    SH(empty, -2 * (s));
	FOR_EACH_DIR(DS)
#undef DS
}

/* Only the steps of men_dirsets(). */
static inline void
men_steps(uint64_t men, uint64_t empty, unsigned sdirs, struct dirsets *ds)
{
#define DS(d, s) \
	ds->st[d] = (sdirs >> (d) & 1) ? \
	    men & tk_dirmask[d] & SH(empty, -(s)) : 0;
	FOR_EACH_DIR(DS)
#undef DS
}

struct sink {
	tbl_move *out;
	int cap, n;
};

static inline void
emit(struct sink *k, tbl_move m)
{
	if (k->n < k->cap)
		k->out[k->n] = m;
	k->n++;
}

/*
 * Emit the jumps of the side to move by the counters in `from`, in
 * ascending order of encoding: men's jumps come from the direction sets,
 * a mullah's from walking its lines.  Under capture=longest only the
 * jumps that begin or go on with a chain of s->need counters.
 */
static void
emit_jumps(const struct tbl_state *s, const struct dirsets *ds,
    uint64_t from, struct sink *k)
{
	uint64_t own = s->side[s->turn], enemy = s->side[!s->turn];
	uint64_t live = ALL & ~s->dead, empty = live & ~(own | enemy);
	uint64_t mm = own & s->mull & from, b;
	int longest = s->r.capture == CAP_LONGEST, need = s->need;
	int p, d, q, l, dist, ism;

	if (longest && s->nlj != LJ_MANY) {
		for (p = 0; p < s->nlj; p++)
			emit(k, s->lj[p]);
		return;
	}
	for (d = 0; d < 8; d++) {
		for (b = (ds->ju[d] & from) | mm; b; b &= b - 1) {
			p = tbl_lowbit64(b);
			ism = (int)(mm >> p & 1);
			q = jump_over(p, d, ism, enemy, empty, &dist);
			if (q < 0)
				continue;
			for (l = tk_nb[q][d], dist++;
			    l >= 0 && (empty >> l & 1);
			    l = tk_nb[l][d], dist++) {
				if (!longest || 1 + tk_chain_max(own ^ BIT(p) ^
				    BIT(l), enemy ^ BIT(q), live, l, ism,
				    need - 1) == need)
					emit(k, MV(K_JUMP, p, d, dist));
				if (!ism)
					break;
			}
		}
	}
}

static void
emit_steps(const struct tbl_state *s, const struct dirsets *ds,
    struct sink *k)
{
	uint64_t own = s->side[s->turn], enemy = s->side[!s->turn];
	uint64_t empty = ALL & ~s->dead & ~(own | enemy);
	uint64_t mm = own & s->mull, b;
	tbl_move *out = k->out, base;
	int p, d, q, dist, n = k->n;

	if (mm == 0 && n + 8 * MAXCOUNTERS <= k->cap) {
		/* The common case: no mullahs, room for every step. */
		for (d = 0; d < 8; d++) {
			base = MV(K_STEP, 0, d, 1);
			for (b = ds->st[d]; b; b &= b - 1)
				out[n++] = base | (tbl_move)tbl_lowbit64(b) << 3;
		}
		k->n = n;
		return;
	}
	for (d = 0; d < 8; d++) {
		for (b = ds->st[d] | mm; b; b &= b - 1) {
			p = tbl_lowbit64(b);
			if (!(mm >> p & 1)) {
				emit(k, MV(K_STEP, p, d, 1));
				continue;
			}
			for (q = tk_nb[p][d], dist = 1;
			    q >= 0 && (empty >> q & 1);
			    q = tk_nb[q][d], dist++) {
				emit(k, MV(K_STEP, p, d, dist));
				if (!s->r.flying)
					break;
			}
		}
	}
}

/*
 * The wipes: centres of live squares with all five points empty (a
 * square's corners are 4 and 5 points from its centre) on the edge, that
 * leave the side to move a step or jump.  `ds` holds its men's steps
 * (and jumps when s->jm is not 0).
 */
static void
emit_wipes(const struct tbl_state *s, const struct dirsets *ds,
    struct sink *k)
{
	uint64_t own = s->side[s->turn], enemy = s->side[!s->turn];
	uint64_t o = own | enemy, c, reach = 0;
	unsigned w = s->wiped, edge;
	int q, p;

	c = CENTRES & ~s->dead & ~(o | o << 4 | o << 5 | o >> 4 | o >> 5);
	if (c == 0)
		return;
	/* Squares on the edge: the twelve of the border, and inner ones
	 * (5 6 9 10) next to a wiped square when the edge moves. */
	edge = 0xf99fu;
	if (!s->r.edge_original)
		edge |= (w << 1 | w >> 1 | w << 4 | w >> 4) & 0x0660u;
	/* The points the men reach: a wipe that spares one of them leaves
	 * a move.  Mullahs (whose lines a wipe may cut) are checked in
	 * full by wipe_ok(). */
	if (!(own & s->mull)) {
#define RS(d, sft) \
		reach |= SH(ds->st[d], sft); \
		if (s->jm) \
			reach |= SH(ds->ju[d], 2 * (sft));
		FOR_EACH_DIR(RS)
#undef RS
	}
	for (; c; c &= c - 1) {
		p = tbl_lowbit64(c);
		q = square_of_centre(p);
		if (!(edge >> q & 1))
			continue;
		if ((reach & ~tk_sq_points[q]) || wipe_ok(s, q))
			emit(k, MV(K_WIPE, p, 0, 1));
	}
}

/* gen_moves() the general way, for mullahs. */
int
tk_gen_any(const struct tbl_state *s, tbl_move *out, int cap)
{
	struct sink k = { out, cap, 0 };
	struct dirsets ds;
	uint64_t own = s->side[s->turn], enemy = s->side[!s->turn];
	uint64_t empty = ALL & ~s->dead & ~(own | enemy);
	uint64_t men = own & ~s->mull, b;
	unsigned sdirs = step_dirs(&s->r, s->turn);

	if (s->status != ST_PLAY)
		return 0;
	if (s->chain >= 0 || s->jm)
		men_dirsets(men, enemy, empty, sdirs, &ds);
	else
		men_steps(men, empty, sdirs, &ds);
	if (s->chain >= 0) {
		emit_jumps(s, &ds, BIT(s->chain), &k);
		if (!must_capture(&s->r))
			emit(&k, MV_STOP);
		return k.n;
	}
	if (!s->jm || !must_capture(&s->r))
		emit_steps(s, &ds, &k);
	if (s->jm)
		emit_jumps(s, &ds, s->jm, &k);
	if (s->r.shrink && !(s->done & DONE_WIPE))
		emit_wipes(s, &ds, &k);
	for (b = s->huff; b; b &= b - 1)
		if (tk_huff_ok(s, tbl_lowbit64(b)))
			emit(&k, MV(K_HUFF, tbl_lowbit64(b), 0, 1));
	return k.n;
}

/* ------------------------------------------------------------------ */
/* Legality and playing a move                                        */
/* ------------------------------------------------------------------ */

/*
 * Whether jump m (already checked to be well formed) by the counter on
 * `from` goes over exactly one enemy counter to an empty point; stores the
 * captured point and the landing point.
 */
static int
jump_shape(const struct tbl_state *s, int from, int d, int dist, int *capt,
    int *land)
{
	uint64_t own = s->side[s->turn], enemy = s->side[!s->turn];
	uint64_t empty = ALL & ~s->dead & ~(own | enemy);
	int ism = (int)(s->mull >> from & 1), p = from, i, c = -1;

	if (!ism && dist != 2)
		return 0;
	for (i = 1; i <= dist; i++) {
		p = tk_nb[p][d];
		if (p < 0)
			return 0;
		if (i == dist) {
			if (!(empty >> p & 1) || c < 0)
				return 0;
		} else if (enemy >> p & 1) {
			if (c >= 0)
				return 0;
			c = p;
		} else if (!(empty >> p & 1)) {
			return 0;
		}
	}
	*capt = c;
	*land = p;
	return 1;
}

int
tk_move_legal(const struct tbl_state *s, tbl_move m)
{
	uint64_t own = s->side[s->turn], enemy = s->side[!s->turn];
	uint64_t live = ALL & ~s->dead, empty = live & ~(own | enemy);
	int kind = MV_KIND(m), from = MV_FROM(m), d = MV_DIR(m);
	int dist = MV_DIST(m), p, i, ism, capt, land, q;

	if (s->status != ST_PLAY || m >> 15 || from >= NPTS)
		return 0;
	switch (kind) {
	case K_STEP:
		if (s->chain >= 0 || !(own >> from & 1))
			return 0;
		ism = (int)(s->mull >> from & 1);
		if (ism ? (!s->r.flying && dist != 1) :
		    (dist != 1 || !(step_dirs(&s->r, s->turn) >> d & 1)))
			return 0;
		for (p = from, i = 0; i < dist; i++) {
			p = tk_nb[p][d];
			if (p < 0 || !(empty >> p & 1))
				return 0;
		}
		if (must_capture(&s->r) && s->jm)
			return 0;
		return 1;
	case K_JUMP:
		if (s->chain >= 0 ? from != s->chain : !(own >> from & 1))
			return 0;
		if (!jump_shape(s, from, d, dist, &capt, &land))
			return 0;
		if (s->r.capture != CAP_LONGEST)
			return 1;
		if (s->nlj != LJ_MANY) {
			for (i = 0; i < s->nlj; i++)
				if (s->lj[i] == m)
					return 1;
			return 0;
		}
		ism = (int)(s->mull >> from & 1);
		return 1 + tk_chain_max(own ^ BIT(from) ^ BIT(land),
		    enemy ^ BIT(capt), live, land, ism, s->need - 1) == s->need;
	case K_WIPE:
		q = square_of_centre(from);
		return d == 0 && dist == 1 && q >= 0 && wipe_ok(s, q);
	case K_HUFF:
		return d == 0 && dist == 1 && tk_huff_ok(s, from);
	case K_STOP:
		return m == MV_STOP && s->chain >= 0 && !must_capture(&s->r);
	default:
		return 0;
	}
}

/* Set the derived fields jm, need and lj (see struct tbl_state). */
static void
refresh_jumps(struct tbl_state *s)
{
	uint64_t own = s->side[s->turn], enemy = s->side[!s->turn];
	uint64_t live = ALL & ~s->dead;

	if (s->chain >= 0)
		s->jm = BIT(s->chain);
	else if (own & s->mull)
		s->jm = tk_jumpers(own, enemy, s->mull, live);
	else
		s->jm = men_jumpers(own, enemy, live & ~(own | enemy));
	s->need = 0;
	s->nlj = 0;
	if (s->r.capture == CAP_LONGEST && s->jm)
		tk_longest_jumps(s, tbl_popcount64(enemy));
}

/*
 * Whether the game is over at the current point of the turn; sets
 * status and why.  At the start of a turn a side without counters or
 * without a step or jump loses, and the quiet-turn limit is checked.
 */
void
tk_update_status(struct tbl_state *s)
{
	int t = s->turn, nw, nb;

	refresh_jumps(s);
	s->status = ST_PLAY;
	s->why = WHY_NONE;
	if (s->side[t] == 0 || s->side[!t] == 0) {
		s->status = (uint8_t)((s->side[0] == 0) ? ST_WIN_B : ST_WIN_W);
		s->why = WHY_GONE;
		return;
	}
	if (s->chain >= 0 || s->done)
		return;
	/* Without a jump (jm is 0), tk_any_move() comes down to a step. */
	if (!s->jm && !tk_any_step(s->side[t] & ~s->mull, s->side[t] & s->mull,
	    ALL & ~s->dead & ~(s->side[0] | s->side[1]),
	    step_dirs(&s->r, t))) {
		s->status = (uint8_t)(t == 0 ? ST_WIN_B : ST_WIN_W);
		s->why = WHY_BLOCKED;
		return;
	}
	if (s->r.quiet_limit && s->quiet >= s->r.quiet_limit) {
		nw = tbl_popcount64(s->side[0]);
		nb = tbl_popcount64(s->side[1]);
		s->status = (uint8_t)(nw > nb ? ST_WIN_W :
		    nb > nw ? ST_WIN_B : ST_DRAW);
		s->why = WHY_QUIET;
	}
}

static void
end_turn(struct tbl_state *s, int captured, uint64_t huff)
{
	if (captured || (s->done & DONE_HUFF))
		s->quiet = 0;
	else if (s->quiet < UINT16_MAX)
		s->quiet++;
	s->turn = (int8_t)!s->turn;
	s->chain = -1;
	s->done = 0;
	s->huff = s->r.capture == CAP_HUFF ? huff : 0;
	tk_update_status(s);
}

/*
 * Telling what a move did (narrate): the functions that play a move add
 * to w what they do as they do it, when w is not NULL (apply passes NULL,
 * and then no text is made).
 */
#define TELL(w, ...) \
	do { \
		if ((w) != NULL) \
			tbl_bprintf((w)->buf, (w)->len, &(w)->n, __VA_ARGS__); \
	} while (0)

static const char *
piece_word(const struct tbl_state *s, int p)
{
	return (s->mull >> p & 1) ? "mullah" : "counter";
}

/* What follows the move: the end of the game, a chain to go on with, or
 * the counters the side now to move may huff. */
static void
tell_after(const struct tbl_state *s, struct tk_tell *w)
{
	char a[PNAME], res[160];
	uint64_t b;

	if (w == NULL)
		return;
	if (s->status != ST_PLAY) {
		tk_describe_result(s, res, sizeof res);
		TELL(w, "; %s", res);
	} else if (s->chain >= 0) {
		tk_point_name(s->chain, a);
		if (!must_capture(&s->r))
			TELL(w, "; it may jump on from %s or stop", a);
		else if (s->r.capture == CAP_LONGEST)
			TELL(w, "; it must jump on from %s (%d more to take)",
			    a, tk_chain_need(s));
		else
			TELL(w, "; it must jump on from %s", a);
	} else if (s->huff) {
		TELL(w, "; %s may huff", tk_side_name(s->turn));
		for (b = s->huff; b; b &= b - 1) {
			tk_point_name(tbl_lowbit64(b), a);
			TELL(w, " %s", a);
		}
		TELL(w, ", which could have captured");
	}
}

static void
play_step(struct tbl_state *s, int from, int d, int dist, struct tk_tell *w)
{
	int t = s->turn, to = walk(from, d, dist);
	int ism = (int)(s->mull >> from & 1), crowned = 0;
	uint64_t j = 0;
	char a[PNAME], b[PNAME];

	if (s->r.capture == CAP_HUFF) {
		j = s->jm;
		if (j >> from & 1)
			j ^= BIT(from) | BIT(to);
	}
	s->side[t] ^= BIT(from) | BIT(to);
	if (ism)
		s->mull ^= BIT(from) | BIT(to);
	else if (s->r.khar && (BIT(to) & (t == 0 ? RANK9 : RANK1))) {
		s->mull |= BIT(to);
		crowned = 1;
	}
	if (w != NULL) {
		tk_point_name(from, a);
		tk_point_name(to, b);
		TELL(w, "%s's %s %s from %s to %s%s", tk_side_name(t),
		    ism ? "mullah" : "counter", dist > 1 ? "flies" : "steps",
		    a, b, crowned ? " and becomes a mullah" : "");
	}
	end_turn(s, 0, j);
	tell_after(s, w);
}

/*
 * Under capture=longest, the legal jumps of the counter on `land` in
 * mid-chain: the jump went along a longest chain, so one counter less is
 * left to take (when that was known).  A man's as the quick way finds
 * them (tk_longest_next), so that both leave the same state.
 */
static void
longest_after(struct tbl_state *s, int land)
{
	uint64_t enemy = s->side[!s->turn];
	uint64_t empty = ALL & ~s->dead & ~(s->side[0] | s->side[1]);

	if (s->need && s->need != NEED_UNKNOWN)
		s->need--;
	if (!(s->mull >> land & 1))
		tk_longest_next(s, land, man_lands(land, enemy, empty), enemy,
		    empty, s->need);
	else
		tk_longest_jumps(s, s->need == NEED_UNKNOWN ? MAXCOUNTERS :
		    s->need);
}

static void
play_jump(struct tbl_state *s, int from, int d, int dist, struct tk_tell *w)
{
	int t = s->turn, capt, land;
	uint64_t live = ALL & ~s->dead;
	char a[PNAME], b[PNAME], c[PNAME];

	jump_shape(s, from, d, dist, &capt, &land);
	if (w != NULL) {
		tk_point_name(from, a);
		tk_point_name(capt, c);
		tk_point_name(land, b);
		TELL(w, "%s's %s jumps from %s over %s to %s and takes %s's %s",
		    tk_side_name(t), piece_word(s, from), a, c, b,
		    tk_side_name(!t), piece_word(s, capt));
	}
	s->side[!t] &= ~BIT(capt);
	s->mull &= ~BIT(capt);
	s->side[t] ^= BIT(from) | BIT(land);
	if (s->mull >> from & 1)
		s->mull ^= BIT(from) | BIT(land);
	s->huff = 0;
	s->done = 0;
	if ((s->mull >> land & 1) ? tk_piece_can_jump(s->side[t],
	    s->side[!t], live, land, 1) : men_jumpers(BIT(land),
	    s->side[!t], live & ~(s->side[0] | s->side[1])) != 0) {
		/* The jump went along a longest chain (if that is the
		 * rule), so one counter less is left. */
		s->chain = (int8_t)land;
		s->jm = BIT(land);
		if (s->r.capture == CAP_LONGEST)
			longest_after(s, land);
	} else {
		end_turn(s, 1, 0);
	}
	tell_after(s, w);
}

static void
play_wipe(struct tbl_state *s, int from, struct tk_tell *w)
{
	int q = square_of_centre(from);
	uint64_t b;
	char a[PNAME];

	if (w != NULL) {
		tk_point_name(from, a);
		TELL(w, "%s wipes square %s (", tk_side_name(s->turn), a);
		for (b = tk_sq_points[q]; b; b &= b - 1) {
			tk_point_name(tbl_lowbit64(b), a);
			TELL(w, "%s%s", a, b & (b - 1) ? " " : "");
		}
		TELL(w, ") off the board");
	}
	s->wiped |= (uint16_t)(1u << q);
	s->dead |= tk_sq_points[q];
	s->done |= DONE_WIPE;
	s->huff = 0;
	tk_update_status(s);	/* the wipe may cut jumps */
	tell_after(s, w);
}

/* Play legal move m (tk_move_legal), telling w what it does when w is
 * not NULL. */
void
tk_do_move(struct tbl_state *s, tbl_move m, struct tk_tell *w)
{
	int t = s->turn, from = MV_FROM(m);
	char a[PNAME];

	switch (MV_KIND(m)) {
	case K_STEP:
		play_step(s, from, MV_DIR(m), MV_DIST(m), w);
		break;
	case K_JUMP:
		play_jump(s, from, MV_DIR(m), MV_DIST(m), w);
		break;
	case K_WIPE:
		play_wipe(s, from, w);
		break;
	case K_HUFF:
		if (w != NULL) {
			tk_point_name(from, a);
			TELL(w, "%s huffs %s's %s on %s, which could have "
			    "captured", tk_side_name(t), tk_side_name(!t),
			    piece_word(s, from), a);
		}
		s->side[!t] &= ~BIT(from);
		s->mull &= ~BIT(from);
		s->done |= DONE_HUFF;
		s->huff = 0;
		tk_update_status(s);
		tell_after(s, w);
		break;
	case K_STOP:
		if (w != NULL) {
			tk_point_name(s->chain, a);
			TELL(w, "%s's %s stops its chain on %s",
			    tk_side_name(t), piece_word(s, s->chain), a);
		}
		end_turn(s, 1, BIT(s->chain));
		tell_after(s, w);
		break;
	}
}
