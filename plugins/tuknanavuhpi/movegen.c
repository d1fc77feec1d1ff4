/*
 * movegen.c - the fast move generation and apply of Tuknanavuhpi for a
 * side without mullahs (nearly every position of a game): every set of
 * men that move the same way is a bitboard, written out in ascending
 * order, and a man's step or jump is checked and played on the bitboards.
 * Each is built once for each mode of struct rules (MODE_PLAIN, MODE_KHAR
 * and MODE_ANY) with every test the mode decides folded away.  rules.c has
 * the readable rules and the general way, which this file falls back on.
 * Under capture=longest a man's chains are searched only from where they
 * can go on (longest_dirs, tk_longest_one in chain.c).
 */
#include <stdint.h>
#include <string.h>

#include "tuknanavuhpi.h"

/*
 * The quick ways are built for each mode of struct rules (MODE_*); with
 * the mode a constant, each of these is a constant too but under
 * MODE_ANY.
 */
static INLINE unsigned
mode_sdirs(const struct tbl_state *s, int t, int mode)
{
	if (mode == MODE_PLAIN)
		return 0xffu;
	if (mode == MODE_KHAR)
		return t == 0 ? 0xe0u : 0x07u;
	return step_dirs(&s->r, t);
}

static INLINE int
mode_must(const struct tbl_state *s, int mode)
{
	return mode != MODE_ANY || must_capture(&s->r);
}

static INLINE int
mode_longest(const struct tbl_state *s, int mode)
{
	return mode == MODE_KHAR ||
	    (mode == MODE_ANY && s->r.capture == CAP_LONGEST);
}

static INLINE int
mode_huff(const struct tbl_state *s, int mode)
{
	return mode == MODE_ANY && s->r.capture == CAP_HUFF;
}

static INLINE int
mode_shrink(const struct tbl_state *s, int mode)
{
	return mode != MODE_KHAR && s->r.shrink;
}

static INLINE int
mode_khar(const struct tbl_state *s, int mode)
{
	return mode == MODE_KHAR || (mode == MODE_ANY && s->r.khar);
}

/* ------------------------------------------------------------------ */
/* Steps, jumps and chains of men                                     */
/* ------------------------------------------------------------------ */

/* tk_any_step() for a side without mullahs. */
static inline int
men_any_step(uint64_t men, uint64_t empty, unsigned sdirs)
{
	/* The four diagonals nearly always have one; tk_any_step() looks
	 * again at all eight the rare times they have not. */
#define MS(d, s) (tk_dirmask[d] & SH(empty, -(s)))
	if (sdirs == 0xffu && (men & (MS(1, -5) | MS(2, -4) | MS(5, 4) |
	    MS(6, 5))))
		return 1;
	/* Kharbaga's men, forward only: the three directions are all. */
	if (sdirs == 0xe0u)
		return (men & (MS(5, 4) | MS(6, 5) | MS(7, 9))) != 0;
	if (sdirs == 0x07u)
		return (men & (MS(0, -9) | MS(1, -5) | MS(2, -4))) != 0;
#undef MS
	return tk_any_step(men, 0, empty, sdirs);
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
    uint64_t empty, tbl_move *out, size_t n, int mode)
{
	uint64_t b;
	int i;

	if (mode_longest(s, mode)) {
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
gen_men(const struct tbl_state *s, tbl_move *out, int mode)
{
	uint64_t own = s->side[s->turn], enemy = s->side[!s->turn];
	uint64_t empty = ALL & ~s->dead & ~(own | enemy);
	uint64_t o, c, wc, u, b;
	unsigned sdirs = mode_sdirs(s, s->turn, mode);
	size_t n = 0;
	int must = mode_must(s, mode), steps;

	if (s->chain >= 0) {
		n = men_jump_moves(s, BIT(s->chain), enemy, empty, out, 0,
		    mode);
		if (!must)
			out[n++] = MV_STOP;
		return (int)n;
	}
	steps = !s->jm || !must;
	if (steps)
		n = men_step_moves(own, empty, sdirs, out, 0);
	if (s->jm)
		n = men_jump_moves(s, s->jm, enemy, empty, out, n, mode);
	if (mode_shrink(s, mode) && !(s->done & DONE_WIPE)) {
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
	for (b = mode == MODE_ANY ? s->huff : 0; b; b &= b - 1)
		if (tk_huff_ok(s, tbl_lowbit64(b)))
			out[n++] = MV(K_HUFF, tbl_lowbit64(b), 0, 1);
	return (int)n;
}

/* gen_men() into a buffer of MEN_ROOM moves when out is smaller. */
static int
gen_men_small(const struct tbl_state *s, tbl_move *out, int cap)
{
	tbl_move tmp[MEN_ROOM];
	int n = gen_men(s, tmp, MODE_ANY);

	if (cap > 0)
		memcpy(out, tmp, (size_t)(n < cap ? n : cap) * sizeof *out);
	return n;
}

static int
gen_moves(const struct tbl_state *s, tbl_move *out, int cap)
{
	if (s->status != ST_PLAY)
		return 0;
	/* Under MODE_PLAIN there are no mullahs, and nlj is LJ_MANY only
	 * under capture=longest. */
	if (cap < MEN_ROOM)
		return (s->side[s->turn] & s->mull) || s->nlj == LJ_MANY ?
		    tk_gen_any(s, out, cap) : gen_men_small(s, out, cap);
	if (s->r.mode == MODE_PLAIN)
		return gen_men(s, out, MODE_PLAIN);
	if ((s->side[s->turn] & s->mull) || s->nlj == LJ_MANY)
		return tk_gen_any(s, out, cap);
	if (s->r.mode == MODE_KHAR)
		return gen_men(s, out, MODE_KHAR);
	return gen_men(s, out, MODE_ANY);
}

int
tk_legal_moves(const struct tbl_state *s, tbl_move *out, int cap)
{
	return gen_moves(s, out, cap);
}


/* ------------------------------------------------------------------ */
/* Playing a move                                                     */
/* ------------------------------------------------------------------ */

/*
 * A turn begins after a man's step or jump: tk_update_status() for apply()'s
 * quick way, which has set the turn and the quiet and huff fields.
 */
static INLINE void
begin_turn(struct tbl_state *s, int mode)
{
	int t = s->turn, nw, nb;
	uint64_t own = s->side[t], enemy = s->side[!t];
	uint64_t mm = mode == MODE_PLAIN ? 0 : own & s->mull;
	uint64_t empty = ALL & ~s->dead & ~(own | enemy), jm;

	s->need = 0;
	s->nlj = 0;
	if (mm) {
		jm = tk_jumpers(own, enemy, s->mull, ALL & ~s->dead);
		s->jm = jm;
		if (mode_longest(s, mode) && jm)
			tk_longest_jumps(s, tbl_popcount64(enemy));
	} else if (mode_longest(s, mode)) {
		/* MAXCOUNTERS bounds a chain as well as the enemy count. */
		jm = men_jumpers(own, enemy, empty);
		s->jm = jm;
		if (jm)
			tk_longest_men(s, jm, enemy, empty, MAXCOUNTERS);
	} else {
		jm = men_jumpers(own, enemy, empty);
		s->jm = jm;
	}
	if (own == 0 || enemy == 0) {
		s->status = (uint8_t)((s->side[0] == 0) ? ST_WIN_B : ST_WIN_W);
		s->why = WHY_GONE;
	} else if (!jm && !(mm ? tk_any_step(own & ~mm, mm, empty,
	    mode_sdirs(s, t, mode)) : men_any_step(own, empty,
	    mode_sdirs(s, t, mode)))) {
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
 * same effect as tk_move_legal() and tk_do_move() but for the
 * tk_update_status() left to begin_turn(): -1 when illegal, else 1 (the
 * turn is over).
 */
static INLINE int
man_step(struct tbl_state *s, int t, int from, int d, tbl_move m, int mode)
{
	uint64_t own = s->side[t], enemy = s->side[!t], moved, j;
	uint64_t empty = ALL & ~s->dead & ~(own | enemy);
	int to = tk_nb[from][d];

	if ((m & 7) != 0 || !(mode_sdirs(s, t, mode) >> d & 1) || to < 0 ||
	    !(empty >> to & 1) || (s->jm && mode_must(s, mode)))
		return -1;
	moved = BIT(from) | BIT(to);
	j = 0;
	if (mode_huff(s, mode)) {
		j = s->jm;
		if (j >> from & 1)
			j ^= moved;
	}
	own ^= moved;
	s->side[t] = own;
	if (mode_khar(s, mode) && (BIT(to) & (t == 0 ? RANK9 : RANK1)))
		s->mull |= BIT(to);
	if (mode == MODE_ANY && (s->done & DONE_HUFF))
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
man_jump(struct tbl_state *s, int t, int from, int d, tbl_move m, int mode)
{
	uint64_t own = s->side[t], enemy = s->side[!t];
	uint64_t empty = ALL & ~s->dead & ~(own | enemy);
	int over = tk_nb[from][d], l, i;

	if ((m & 7) != 1 || over < 0 || !(enemy >> over & 1))
		return -1;
	l = tk_nb[over][d];
	if (l < 0 || !(empty >> l & 1))
		return -1;
	if (mode_longest(s, mode)) {
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
		if (mode_longest(s, mode))
			tk_longest_one(s, l, enemy, empty, s->need);
		return 0;
	}
	s->quiet = 0;
	s->turn = (int8_t)!t;
	s->chain = -1;
	s->done = 0;
	s->huff = 0;
	return 1;
}

/* A man's step or jump the quick way, then begin_turn(), in one mode. */
static INLINE int
man_move(struct tbl_state *s, int kind, int t, int from, int d, tbl_move m,
    int mode)
{
	int r = kind == K_STEP ? man_step(s, t, from, d, m, mode) :
	    man_jump(s, t, from, d, m, mode);

	if (r > 0)
		begin_turn(s, mode);
	return r < 0 ? -1 : 0;
}

/*
 * Play move m.  A man's step or jump (nearly every move) takes the quick
 * way above; tk_move_legal() and tk_do_move() of rules.c the rest.
 */
int
tk_apply(struct tbl_state *s, tbl_move m)
{
	int t = s->turn, from = MV_FROM(m), d = MV_DIR(m), kind = MV_KIND(m);
	uint64_t men = s->side[t] & ~s->mull;

	if (s->status != ST_PLAY)
		return -1;
	if ((kind == K_STEP && (men >> from & 1) && s->chain < 0) ||
	    (kind == K_JUMP && (men >> from & 1) &&
	    (s->chain < 0 || from == s->chain) && s->nlj != LJ_MANY)) {
		if (s->r.mode == MODE_PLAIN)
			return man_move(s, kind, t, from, d, m, MODE_PLAIN);
		if (s->r.mode == MODE_KHAR)
			return man_move(s, kind, t, from, d, m, MODE_KHAR);
		return man_move(s, kind, t, from, d, m, MODE_ANY);
	}
	if (!tk_move_legal(s, m))
		return -1;
	tk_do_move(s, m, NULL);
	return 0;
}
