/*
 * movegen.c - the fast move generation and apply of Tuknanavuhpi for a
 * side without mullahs (nearly every position of a game): every set of
 * men that move the same way is a bitboard, written out in ascending
 * order, and a man's step or jump is checked and played on the bitboards.
 * Each is built a second time for the plain rules (struct rules, `plain`)
 * with every test of another rule folded away.  rules.c has the readable
 * rules and the general way, which this file falls back on.
 */
#include <stdint.h>
#include <string.h>

#include "tuknanavuhpi.h"

/* ------------------------------------------------------------------ */
/* Steps, jumps and chains of men                                     */
/* ------------------------------------------------------------------ */

/*
 * Whether a side with no jump has a step: a man along one of sdirs, a
 * mullah along any line, into `empty`.
 */
int
any_step(uint64_t men, uint64_t mm, uint64_t empty, unsigned sdirs)
{
	uint64_t a = 0;

	/* Four directions at a time: the first four nearly always find
	 * a step, and one well-predicted test is cheaper than four. */
#define AS(d, s) \
	a |= (((sdirs >> (d) & 1) ? men : 0) | mm) & tk_dirmask[d] & \
	    SH(empty, -(s));
	AS(0, -9) AS(1, -5) AS(2, -4) AS(3, -1)
	if (a)
		return 1;
	AS(4, 1) AS(5, 4) AS(6, 5) AS(7, 9)
#undef AS
	return a != 0;
}

/* any_step() for a side without mullahs. */
static inline int
men_any_step(uint64_t men, uint64_t empty, unsigned sdirs)
{
	/* The four diagonals nearly always have one; any_step() looks
	 * again at all eight the rare times they have not. */
#define MS(d, s) (tk_dirmask[d] & SH(empty, -(s)))
	if (sdirs == 0xffu && (men & (MS(1, -5) | MS(2, -4) | MS(5, 4) |
	    MS(6, 5))))
		return 1;
#undef MS
	return any_step(men, 0, empty, sdirs);
}

/* Whether the man on p can jump: over an enemy next to it along a line
 * to the empty point beyond (two steps from p, twice as far as the
 * enemy's point less p). */
static inline int
man_can_jump(int p, uint64_t enemy, uint64_t empty)
{
	uint64_t e = enemy & tk_near[p], land = empty & tk_far[p];
	int l;

	for (; e; e &= e - 1) {
		l = 2 * tbl_lowbit64(e) - p;
		if ((unsigned)l < NPTS && (land >> l & 1))
			return 1;
	}
	return 0;
}

/* chain_max() for a man: the enemies next to it, each with the empty
 * landing point beyond (tk_far), the point jumped being the midpoint. */
int
men_chain(uint64_t enemy, uint64_t empty, int pos, int bound)
{
	uint64_t e = enemy & tk_near[pos], land = empty & tk_far[pos];
	int best = 0, q, l, v;

	if (bound <= 0)
		return 0;
	for (; e; e &= e - 1) {
		q = tbl_lowbit64(e);
		l = 2 * q - pos;
		if ((unsigned)l >= NPTS || !(land >> l & 1))
			continue;
		v = 1 + men_chain(enemy ^ BIT(q),
		    empty ^ (BIT(pos) | BIT(q) | BIT(l)), l, bound - 1);
		if (v > best) {
			best = v;
			if (best == bound)
				break;
		}
	}
	return best;
}

/* ------------------------------------------------------------------ */
/* Legal moves                                                        */
/* ------------------------------------------------------------------ */

/* The sixteen centres split: the twelve of the border squares and the
 * four inner ones (b2 is square 0, and square q's centre is point
 * 9 * (q / 4) + q % 4 + 5, so squares side by side are 1 or 9 apart). */
#define INNER_CENTRES (BIT(15) | BIT(16) | BIT(24) | BIT(25))
#define BORDER_CENTRES (CENTRES & ~INNER_CENTRES)
/* The five points of the square centred on p are SQ_MASK << (p - 5). */
#define SQ_MASK UINT64_C(0x623)

/*
 * Write the moves base + (p << 3) for the points p of b, ascending, at
 * out[n]; return the new count.  The first `ahead` (a constant, at most
 * 4) are stored whether or not they exist, the caller leaving room: a few
 * stores cost less than the mispredicted branches of a loop whose length
 * is anyone's guess.  (A guard bit keeps the lowest bit defined: its
 * "move" is stored but not counted.)
 */
#define AHEAD_DIAG 4
#define AHEAD_ORTH 3

static INLINE size_t
emit_bits(tbl_move *out, size_t n, uint64_t b, tbl_move base, int ahead)
{
	const uint64_t guard = UINT64_C(1) << 63;

	/* Spelled out: compilers do not always unroll a loop of `ahead`. */
#define AHEAD_STORE \
	out[n] = base + ((tbl_move)tbl_lowbit64(b | guard) << 3); \
	n += b != 0; \
	b &= b - 1;
	AHEAD_STORE
	if (ahead > 1) {
		AHEAD_STORE
	}
	if (ahead > 2) {
		AHEAD_STORE
	}
	if (ahead > 3) {
		AHEAD_STORE
	}
#undef AHEAD_STORE
	for (; b; b &= b - 1)
		out[n++] = base + ((tbl_move)tbl_lowbit64(b) << 3);
	return n;
}

/* The men's steps along the directions in sdirs. */
static INLINE size_t
men_step_moves(uint64_t men, uint64_t empty, unsigned sdirs, tbl_move *out,
    size_t n)
{
	uint64_t b;

	/* Along a diagonal a side has more steps than along a rank or
	 * file, and so more stores ahead. */
#define SM(d, sft) \
	b = men & tk_dirmask[d] & SH(empty, -(sft)); \
	n = emit_bits(out, n, b, MV(K_STEP, 0, d, 1), \
	    (sft) == 4 || (sft) == 5 || (sft) == -4 || (sft) == -5 ? \
	    AHEAD_DIAG : AHEAD_ORTH);
	if (sdirs == 0xffu) {
		FOR_EACH_DIR(SM)
	} else if (sdirs == 0xe0u) {
		SM(5, 4) SM(6, 5) SM(7, 9)
	} else {
		SM(0, -9) SM(1, -5) SM(2, -4)
	}
#undef SM
	return n;
}

/* The points the men's steps along sdirs reach. */
static inline uint64_t
men_step_reach(uint64_t men, uint64_t empty, unsigned sdirs)
{
	uint64_t r = 0;

#define SR(d, sft) \
	if (sdirs >> (d) & 1) \
		r |= SH(men & tk_dirmask[d], sft);
	FOR_EACH_DIR(SR)
#undef SR
	return r & empty;
}

/* The points where the jumps of `men` land. */
static inline uint64_t
men_jump_reach(uint64_t men, uint64_t enemy, uint64_t empty)
{
	uint64_t r = 0;

#define JR(d, sft) \
	r |= SH(men & JMASK(d, sft) & SH(enemy, -(sft)), 2 * (sft));
	FOR_EACH_DIR(JR)
#undef JR
	return r & empty;
}

/* The jumps of the men in `from` (the legal ones under capture=longest). */
static INLINE size_t
men_jump_moves(const struct tbl_state *s, uint64_t from, uint64_t enemy,
    uint64_t empty, tbl_move *out, size_t n)
{
	uint64_t b;
	int i;

	if (s->r.capture == CAP_LONGEST) {
		for (i = 0; i < s->nlj; i++)
			out[n++] = s->lj[i];
		return n;
	}
#define JM(d, sft) \
	b = from & JMASK(d, sft) & SH(enemy, -(sft)) & SH(empty, -2 * (sft)); \
	n = emit_bits(out, n, b, MV(K_JUMP, 0, d, 2), 1);
	FOR_EACH_DIR(JM)
#undef JM
	return n;
}

/* The wipes of the squares centred on c, each if it spares a point that
 * a step or (when `jumps`) a jump of the men reaches. */
static INLINE size_t
men_wipes(uint64_t men, uint64_t enemy, uint64_t empty, unsigned sdirs,
    int jumps, uint64_t c, tbl_move *out, size_t n)
{
	uint64_t reach = men_step_reach(men, empty, sdirs);
	int p;

	if (jumps)
		reach |= men_jump_reach(men, enemy, empty);
	for (; c; c &= c - 1) {
		p = tbl_lowbit64(c);
		if (reach & ~(SQ_MASK << (p - 5)))
			out[n++] = MV(K_WIPE, p, 0, 1);
	}
	return n;
}

/* Room gen_men() needs: a move for each way each of 20 men can go, 16
 * wipes, 20 huffs, a stop, and the spare stores of emit_bits(). */
#define MEN_ROOM 256

/* gen_moves() for a side to move without mullahs, into MEN_ROOM moves. */
static INLINE int
gen_men(const struct tbl_state *s, tbl_move *out, int plain)
{
	uint64_t own = s->side[s->turn], enemy = s->side[!s->turn];
	uint64_t empty = ALL & ~s->dead & ~(own | enemy);
	uint64_t o, c, wc, u, b;
	unsigned sdirs = plain ? 0xffu : step_dirs(&s->r, s->turn);
	size_t n = 0;
	int must = plain || must_capture(&s->r), steps;

	if (s->chain >= 0) {
		n = men_jump_moves(s, BIT(s->chain), enemy, empty, out, 0);
		if (!must)
			out[n++] = MV_STOP;
		return (int)n;
	}
	steps = !s->jm || !must;
	if (steps)
		n = men_step_moves(own, empty, sdirs, out, 0);
	if (s->jm)
		n = men_jump_moves(s, s->jm, enemy, empty, out, n);
	if (s->r.shrink && !(s->done & DONE_WIPE)) {
		/* Live squares with five empty points (a square's corners
		 * are 4 and 5 points from its centre) on the edge, whose
		 * wiping spares a point some step or jump reaches: the
		 * exact test for a side without mullahs. */
		o = own | enemy;
		c = CENTRES & ~s->dead & ~(o | o << 4 | o << 5 | o >> 4 |
		    o >> 5);
		if (c) {
			wc = CENTRES & s->dead;
			c &= BORDER_CENTRES | (s->r.edge_original ? 0 :
			    INNER_CENTRES & (wc << 1 | wc >> 1 | wc << 9 |
			    wc >> 9));
		}
		if (c) {
			/* Nearly always the first step or jump goes outside
			 * all of them, and then every one may go. */
			u = c | c << 4 | c << 5 | c >> 4 | c >> 5;
			if (n && !(u >> (MV_FROM(out[0]) +
			    tk_shift[MV_DIR(out[0])] * MV_DIST(out[0])) & 1))
				n = emit_bits(out, n, c, MV(K_WIPE, 0, 0, 1),
				    1);
			else
				n = men_wipes(own, enemy, empty, sdirs,
				    s->jm != 0, c, out, n);
		}
	}
	for (b = plain ? 0 : s->huff; b; b &= b - 1)
		if (huff_ok(s, tbl_lowbit64(b)))
			out[n++] = MV(K_HUFF, tbl_lowbit64(b), 0, 1);
	return (int)n;
}

static int
gen_moves(const struct tbl_state *s, tbl_move *out, int cap)
{
	tbl_move tmp[MEN_ROOM];
	int n;

	if (s->status != ST_PLAY)
		return 0;
	/* Under the plain rules there are no mullahs, and nlj is LJ_MANY
	 * only under capture=longest. */
	if (s->r.plain)
		n = gen_men(s, cap >= MEN_ROOM ? out : tmp, 1);
	else if ((s->side[s->turn] & s->mull) || s->nlj == LJ_MANY)
		return gen_any(s, out, cap);
	else
		n = gen_men(s, cap >= MEN_ROOM ? out : tmp, 0);
	if (cap < MEN_ROOM && cap > 0)
		memcpy(out, tmp, (size_t)(n < cap ? n : cap) * sizeof *out);
	return n;
}

int
tk_legal_moves(const struct tbl_state *s, tbl_move *out, int cap)
{
	return gen_moves(s, out, cap);
}

/* ------------------------------------------------------------------ */
/* Longest chains                                                     */
/* ------------------------------------------------------------------ */

/* The best chains found so far by longest_jumps(). */
struct longest {
	int need, n;
};

static inline void
longest_add(struct tbl_state *s, struct longest *a, int v, tbl_move m)
{
	if (v > a->need) {
		a->need = v;
		a->n = 0;
	}
	if (v == a->need) {
		if (a->n < NLJ)
			s->lj[a->n] = (uint16_t)m;
		a->n++;
	}
}

/*
 * Under capture=longest: from the counters in s->jm, the jumps that begin
 * a chain of the most counters, that number in s->need and the jumps in
 * s->lj.  `bound` is the most a chain can take from here (the enemy
 * count, or in mid-chain the known need).  Every first jump is searched
 * in full once, so that legal_moves() and apply() need search no more.
 */
void
longest_jumps(struct tbl_state *s, int bound)
{
	uint64_t own = s->side[s->turn], enemy = s->side[!s->turn];
	uint64_t live = ALL & ~s->dead, empty = live & ~(own | enemy), b;
	uint64_t mm = s->jm & s->mull, men = s->jm & ~s->mull;
	struct longest a = { 0, 0 };
	int p, q, l, dist;

	/* Direction by direction, a man's jump (whose points are fixed
	 * shifts) or a mullah's long jumps. */
#define LJ(d, sft) \
	b = (men & JMASK(d, sft) & SH(enemy, -(sft)) & \
	    SH(empty, -2 * (sft))) | mm; \
	for (; b; b &= b - 1) { \
		p = tbl_lowbit64(b); \
		if (!(mm >> p & 1)) { \
			longest_add(s, &a, 1 + men_chain(enemy ^ \
			    BIT(p + (sft)), empty ^ (BIT(p) | \
			    BIT(p + (sft)) | BIT(p + 2 * (sft))), \
			    p + 2 * (sft), bound - 1), MV(K_JUMP, p, d, 2)); \
			continue; \
		} \
		q = jump_over(p, d, 1, enemy, empty, &dist); \
		if (q < 0) \
			continue; \
		for (l = tk_nb[q][d], dist++; l >= 0 && (empty >> l & 1); \
		    l = tk_nb[l][d], dist++) \
			longest_add(s, &a, 1 + chain_max(own ^ BIT(p) ^ \
			    BIT(l), enemy ^ BIT(q), live, l, 1, bound - 1), \
			    MV(K_JUMP, p, d, dist)); \
	}
	FOR_EACH_DIR(LJ)
#undef LJ
	s->need = (uint8_t)a.need;
	s->nlj = (uint8_t)(a.n > NLJ ? LJ_MANY : a.n);
}

/* ------------------------------------------------------------------ */
/* Playing a move                                                     */
/* ------------------------------------------------------------------ */

/*
 * A turn begins after a man's step or jump: update_status() for apply()'s
 * quick way, which has set the turn and the quiet and huff fields.
 */
static INLINE void
begin_turn(struct tbl_state *s, int plain)
{
	int t = s->turn, nw, nb;
	uint64_t own = s->side[t], enemy = s->side[!t];
	uint64_t mm = plain ? 0 : own & s->mull;
	uint64_t empty = ALL & ~s->dead & ~(own | enemy), jm;

	jm = mm ? jumpers(own, enemy, s->mull, ALL & ~s->dead) :
	    men_jumpers(own, enemy, empty);
	s->jm = jm;
	s->need = 0;
	s->nlj = 0;
	if (!plain && s->r.capture == CAP_LONGEST && jm)
		longest_jumps(s, tbl_popcount64(enemy));
	if (own == 0 || enemy == 0) {
		s->status = (uint8_t)((s->side[0] == 0) ? ST_WIN_B : ST_WIN_W);
		s->why = WHY_GONE;
	} else if (!jm && !(mm ? any_step(own & ~mm, mm, empty,
	    step_dirs(&s->r, t)) : men_any_step(own, empty,
	    plain ? 0xffu : step_dirs(&s->r, t)))) {
		s->status = (uint8_t)(t == 0 ? ST_WIN_B : ST_WIN_W);
		s->why = WHY_BLOCKED;
	} else if (s->r.quiet_limit && s->quiet >= s->r.quiet_limit) {
		nw = tbl_popcount64(s->side[0]);
		nb = tbl_popcount64(s->side[1]);
		s->status = (uint8_t)(nw > nb ? ST_WIN_W :
		    nb > nw ? ST_WIN_B : ST_DRAW);
		s->why = WHY_QUIET;
	} else {
		s->status = ST_PLAY;
		s->why = WHY_NONE;
	}
}

/*
 * A man's step (from, along d), checked and played on the bitboards to the
 * same effect as move_legal() and do_move() but for the update_status()
 * left to begin_turn(): -1 when illegal, else 1 (the turn is over).
 */
static INLINE int
man_step(struct tbl_state *s, int t, int from, int d, tbl_move m, int plain)
{
	uint64_t own = s->side[t], enemy = s->side[!t], moved, j;
	uint64_t empty = ALL & ~s->dead & ~(own | enemy);
	int to = tk_nb[from][d];

	if ((m & 7) != 0 ||
	    !((plain ? 0xffu : step_dirs(&s->r, t)) >> d & 1) || to < 0 ||
	    !(empty >> to & 1) || (s->jm && (plain || must_capture(&s->r))))
		return -1;
	moved = BIT(from) | BIT(to);
	j = 0;
	if (!plain && s->r.capture == CAP_HUFF) {
		j = s->jm;
		if (j >> from & 1)
			j ^= moved;
	}
	own ^= moved;
	s->side[t] = own;
	if (!plain && s->r.khar && (BIT(to) & (t == 0 ? RANK9 : RANK1)))
		s->mull |= BIT(to);
	if (!plain && (s->done & DONE_HUFF))
		s->quiet = 0;
	else if (s->quiet < UINT16_MAX)
		s->quiet++;
	s->turn = (int8_t)!t;
	s->done = 0;
	s->huff = j;
	return 1;
}

/* The same for a man's jump: 0 when the chain goes on. */
static INLINE int
man_jump(struct tbl_state *s, int t, int from, int d, tbl_move m, int plain)
{
	uint64_t own = s->side[t], enemy = s->side[!t];
	uint64_t empty = ALL & ~s->dead & ~(own | enemy);
	int over = tk_nb[from][d], l, i;

	if ((m & 7) != 1 || over < 0 || !(enemy >> over & 1))
		return -1;
	l = tk_nb[over][d];
	if (l < 0 || !(empty >> l & 1))
		return -1;
	if (!plain && s->r.capture == CAP_LONGEST) {
		for (i = 0; i < s->nlj && s->lj[i] != m; i++)
			;
		if (i == s->nlj)
			return -1;
	}
	enemy &= ~BIT(over);
	s->side[!t] = enemy;
	s->mull &= ~BIT(over);
	own ^= BIT(from) | BIT(l);
	s->side[t] = own;
	empty ^= BIT(from) | BIT(over) | BIT(l);
	if (man_can_jump(l, enemy, empty)) {
		s->huff = 0;
		s->done = 0;
		/* The jump went along a longest chain (if that is the
		 * rule), so one counter less is left. */
		s->chain = (int8_t)l;
		s->jm = BIT(l);
		if (s->need)
			s->need--;
		if (!plain && s->r.capture == CAP_LONGEST)
			longest_jumps(s, s->need);
		return 0;
	}
	s->quiet = 0;
	s->turn = (int8_t)!t;
	s->chain = -1;
	s->done = 0;
	s->huff = 0;
	return 1;
}

/*
 * Play move m.  A man's step or jump (nearly every move) takes the quick
 * way above; move_legal() and do_move() of rules.c the rest.
 */
int
tk_apply(struct tbl_state *s, tbl_move m)
{
	int t = s->turn, from = MV_FROM(m), d = MV_DIR(m), r;
	uint64_t men = s->side[t] & (s->r.plain ? ALL : ~s->mull);

	if (s->status != ST_PLAY)
		return -1;
	if (MV_KIND(m) == K_STEP && (men >> from & 1) && s->chain < 0)
		r = s->r.plain ? man_step(s, t, from, d, m, 1) :
		    man_step(s, t, from, d, m, 0);
	else if (MV_KIND(m) == K_JUMP && (men >> from & 1) &&
	    (s->chain < 0 || from == s->chain) && s->nlj != LJ_MANY)
		r = s->r.plain ? man_jump(s, t, from, d, m, 1) :
		    man_jump(s, t, from, d, m, 0);
	else if (!move_legal(s, m))
		return -1;
	else {
		do_move(s, m);
		return 0;
	}
	if (r > 0 && s->r.plain)
		begin_turn(s, 1);
	else if (r > 0)
		begin_turn(s, 0);
	return r < 0 ? -1 : 0;
}
