/*
 * tuknanavuhpi.c - Tuknanavuhpi, the Hopi jump-capture game on a shrinking
 * board (Culin), its Keres twin Aiyawatstani, and the Tunisian Kharbaga.
 *
 * The board is the 41-point lattice of plugins/tuknanavuhpi/board.h: point
 * p = (9 * rank + file) / 2 with rank and file counted from 0, so that a
 * step along a line is a fixed shift of the point index (see tk_shift) and
 * a whole side's steps or jumps in one direction are two bit operations on
 * a 41-bit board.  The state is flat: four bitboards, the wiped squares,
 * the side to move and a few bytes of turn bookkeeping; copy is memcpy.
 *
 * A turn is several moves of the same player: an optional huff, an
 * optional wipe, then a step or a jump; each further jump of a chain is
 * another move.  The encoding kind << 12 | dir << 9 | from << 3 | dist-1
 * makes legal_moves come out in ascending order by looping over kinds,
 * then directions, then the bits of a bitboard of the points that can
 * move that way, then distances.
 *
 * Speed (random playouts call to_move, legal_moves and apply once a
 * move): what every position needs, whether the side to move can jump
 * and, under capture=longest, which jumps begin a longest chain, is
 * worked out once when the position arises and kept in the state (jm,
 * need, lj); legal_moves and apply only read it.  For a side without
 * mullahs, nearly always, legal_moves writes each direction's bitboard
 * out with few branches (gen_men) and apply checks and plays a step or
 * a jump on the bitboards (man_step, man_jump, begin_turn), each built
 * a second time for the plain rules with the tests of the others folded
 * away; the general code takes the rest.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tablero.h"
#include "board.h"

#define NPTS 41
#define ALL ((UINT64_C(1) << NPTS) - 1)
#define BIT(p) (UINT64_C(1) << (p))
#define RANK1 UINT64_C(0x1f)
#define RANK9 (UINT64_C(0x1f) << 36)
#define MAXCOUNTERS 20
/* Room for a point name ("c3") as tbl_write_square() may write it. */
#define PNAME 16
/* The sixteen centre points b2 d2 f2 h2 b4 ... h8. */
#define CENTRES UINT64_C(0x0f0783c1e0)

enum { V_TUK, V_AIYA, V_KHAR };
enum { CAP_COMPULSORY, CAP_LONGEST, CAP_OPTIONAL, CAP_HUFF };
enum { K_STEP = 1, K_JUMP, K_WIPE, K_HUFF, K_STOP };
enum { ST_PLAY, ST_WIN_W, ST_WIN_B, ST_DRAW };
enum { WHY_NONE, WHY_GONE, WHY_BLOCKED, WHY_QUIET };
enum { OPT_VARIANT, OPT_OPENING, OPT_FIRST, OPT_CAPTURE, OPT_SHRINK,
	OPT_EDGE, OPT_MULLAH, OPT_QUIET, NOPTS };

/* Room for the legal longest jumps kept in the state. */
#define NLJ 15
#define LJ_MANY 255

#define DONE_HUFF 1
#define DONE_WIPE 2

#define MV(k, from, dir, dist) \
	((tbl_move)((unsigned)(k) << 12 | (unsigned)(dir) << 9 | \
	    (unsigned)(from) << 3 | (unsigned)((dist) - 1)))
#define MV_KIND(m) ((int)((m) >> 12))
#define MV_FROM(m) ((int)(((m) >> 3) & 63))
#define MV_DIR(m) ((int)(((m) >> 9) & 7))
#define MV_DIST(m) ((int)((m) & 7) + 1)
#define MV_STOP MV(K_STOP, 0, 0, 1)

/*
 * The quick ways of legal_moves() and apply() are each built twice, once
 * for the common rules (struct rules, `plain`) with every test of another
 * rule folded away; they must be inlined for that.
 */
#if defined(__GNUC__)
#define INLINE inline __attribute__((always_inline))
#else
#define INLINE inline
#endif

/* The house rules, fixed when the state is created. */
struct rules {
	uint8_t variant;	/* V_* */
	uint8_t khar;		/* Kharbaga movement and promotion */
	uint8_t capture;	/* CAP_* */
	uint8_t shrink;		/* wiping allowed */
	uint8_t edge_original;	/* shrink_edge=original */
	uint8_t flying;		/* mullah_moves=flying */
	uint8_t opening;	/* 0 right, 1 left */
	uint8_t first;		/* 0 white, 1 black */
	uint16_t quiet_limit;	/* 0 = off */
	uint8_t plain;		/* Tuknanavuhpi with capture=compulsory: no
				 * mullahs, huffs or longest chains, every
				 * direction (see INLINE) */
};

struct tbl_state {
	const struct tbl_host *host;
	struct rules r;
	uint64_t side[2];	/* White's and Black's counters, mullahs included */
	uint64_t mull;		/* which counters are mullahs */
	uint64_t dead;		/* points of wiped squares */
	uint64_t huff;		/* enemy counters the side to move may huff */
	uint16_t wiped;		/* wiped squares, bit q = square q */
	int8_t turn;		/* 0 White, 1 Black */
	int8_t chain;		/* point of the counter in mid-chain, or -1 */
	uint8_t done;		/* DONE_* already done this turn */
	uint8_t status;		/* ST_* */
	uint8_t why;		/* WHY_* */
	uint16_t quiet;		/* completed turns since the last capture */
	/* Derived from the fields above and kept so as not to recompute
	 * them (update_status): the counters of the side to move that can
	 * jump, or the one in mid-chain; under capture=longest, the most
	 * counters a chain of the side to move can take from here. */
	uint64_t jm;
	uint8_t need;
	/* Under capture=longest, also derived: the legal jumps (those that
	 * begin or go on with a chain of `need` counters) in ascending
	 * order, `nlj` of them, or nlj = LJ_MANY when there are more than
	 * fit (then they are found again each time). */
	uint8_t nlj;
	uint16_t lj[NLJ];
};

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */
/* ------------------------------------------------------------------ */

/* The directions an uncrowned counter of `side` may step along. */
static inline unsigned
step_dirs(const struct rules *r, int side)
{
	if (!r->khar)
		return 0xffu;
	return side == 0 ? 0xe0u : 0x07u;	/* NW NE N / S SW SE */
}

static const char *
side_name(int t)
{
	return t == 0 ? "White" : "Black";
}

static void
point_name(int p, char out[PNAME])
{
	int r = 2 * p / 9, f = 2 * p - 9 * r;

	tbl_write_square(out, PNAME, f, r);
}

/* Square index of a centre point, or -1 when p is not a centre. */
static int
square_of_centre(int p)
{
	int r, f;

	if (p < 0 || p >= NPTS || !(CENTRES >> p & 1))
		return -1;
	r = 2 * p / 9;
	f = 2 * p - 9 * r;
	return (r / 2) * 4 + f / 2;
}

/* The point `dist` steps from p along d, or -1. */
static int
walk(int p, int d, int dist)
{
	while (dist-- > 0 && p >= 0)
		p = tk_nb[p][d];
	return p;
}

/* ------------------------------------------------------------------ */
/* Move generation on bitboards                                        */
/* ------------------------------------------------------------------ */

/*
 * Shift a bitboard by a constant number of points (negative: down).  The
 * eight directions are spelled out by FOR_EACH_DIR so that every shift and
 * edge mask is a constant.
 */
#define SH(x, s) ((s) >= 0 ? (x) << ((s) >= 0 ? (s) : 0) : \
	(x) >> ((s) < 0 ? -(s) : 0))
#define FOR_EACH_DIR(X) \
	X(0, -9) X(1, -5) X(2, -4) X(3, -1) X(4, 1) X(5, 4) X(6, 5) X(7, 9)

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

/* The points that have a next point along d (shift s) and a point after
 * that: where a man's jump along d can start. */
#define JMASK(d, s) (tk_dirmask[d] & SH(tk_dirmask[d], -(s)))

/* The uncrowned counters of `men` that can jump. */
static inline uint64_t
men_jumpers(uint64_t men, uint64_t enemy, uint64_t empty)
{
	uint64_t j = 0;

#define MJ(d, s) \
	j |= JMASK(d, s) & SH(enemy, -(s)) & SH(empty, -2 * (s));
	FOR_EACH_DIR(MJ)
#undef MJ
	return j & men;
}

/*
 * Whether a side with no jump has a step: a man along one of sdirs, a
 * mullah along any line, into `empty`.
 */
static int
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

/* Whether the single counter on p (a mullah when ism) can jump. */
static int
piece_can_jump(uint64_t own, uint64_t enemy, uint64_t live, int p, int ism)
{
	uint64_t empty = live & ~(own | enemy);
	int d, q, l;

	for (d = 0; d < 8; d++) {
		q = tk_nb[p][d];
		if (ism)
			while (q >= 0 && (empty >> q & 1))
				q = tk_nb[q][d];
		if (q < 0 || !(enemy >> q & 1))
			continue;
		l = tk_nb[q][d];
		if (l >= 0 && (empty >> l & 1))
			return 1;
	}
	return 0;
}

/* Whether the mullah on p has a step (hence a move) or a jump. */
static int
mullah_can_move(uint64_t own, uint64_t enemy, uint64_t live, int p)
{
	uint64_t empty = live & ~(own | enemy);
	int d, q;

	for (d = 0; d < 8; d++) {
		q = tk_nb[p][d];
		if (q >= 0 && (empty >> q & 1))
			return 1;
	}
	return piece_can_jump(own, enemy, live, p, 1);
}

/*
 * Whether a side with counters `own` (mullahs among them in `mull`) has
 * any step or jump against `enemy` on the points `live`.
 */
static int
any_move(uint64_t own, uint64_t enemy, uint64_t mull, uint64_t live,
    unsigned sdirs)
{
	uint64_t empty = live & ~(own | enemy), mm = own & mull;
	uint64_t men = own & ~mull;

	/* Steps first, one direction at a time: nearly always the first
	 * direction tried finds one. */
#define AS(d, s) \
	if ((sdirs >> (d) & 1) && (men & tk_dirmask[d] & SH(empty, -(s)))) \
		return 1;
	FOR_EACH_DIR(AS)
#undef AS
	if (men_jumpers(men, enemy, empty))
		return 1;
	for (; mm; mm &= mm - 1)
		if (mullah_can_move(own, enemy, live, tbl_lowbit64(mm)))
			return 1;
	return 0;
}

/* The counters of `own` that have a jump. */
static uint64_t
jumpers(uint64_t own, uint64_t enemy, uint64_t mull, uint64_t live)
{
	uint64_t empty = live & ~(own | enemy), mm = own & mull, j;

	j = men_jumpers(own & ~mull, enemy, empty);
	for (; mm; mm &= mm - 1)
		if (piece_can_jump(own, enemy, live, tbl_lowbit64(mm), 1))
			j |= mm & -mm;
	return j;
}

/* chain_max() for a man: the enemies next to it, each with the empty
 * landing point beyond (tk_far), the point jumped being the midpoint. */
static int
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

/*
 * The most enemy counters the counter on `pos` can take in one chain
 * from here, at most `bound` (the enemy count).  A depth-first search on
 * bitboards passed by value: no allocation, depth at most `bound` <= 20.
 */
static int
chain_max(uint64_t own, uint64_t enemy, uint64_t live, int pos, int ism,
    int bound)
{
	uint64_t empty = live & ~(own | enemy);
	int best = 0, d, q, l, v;

	if (!ism)
		return men_chain(enemy, empty, pos, bound);
	if (bound <= 0)
		return 0;
	for (d = 0; d < 8; d++) {
		q = tk_nb[pos][d];
		if (ism)
			while (q >= 0 && (empty >> q & 1))
				q = tk_nb[q][d];
		if (q < 0 || !(enemy >> q & 1))
			continue;
		for (l = tk_nb[q][d]; l >= 0 && (empty >> l & 1);
		    l = tk_nb[l][d]) {
			v = 1 + chain_max(own ^ BIT(pos) ^ BIT(l),
			    enemy ^ BIT(q), live, l, ism, bound - 1);
			if (v > best) {
				best = v;
				if (best == bound)
					return best;
			}
			if (!ism)
				break;
		}
	}
	return best;
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
			q = tk_nb[p][d];
			dist = 1;
			if (ism)
				while (q >= 0 && (empty >> q & 1)) {
					q = tk_nb[q][d];
					dist++;
				}
			if (q < 0 || !(enemy >> q & 1))
				continue;
			for (l = tk_nb[q][d], dist++;
			    l >= 0 && (empty >> l & 1);
			    l = tk_nb[l][d], dist++) {
				if (!longest || 1 + chain_max(own ^ BIT(p) ^
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
	return any_move(own, enemy, s->mull,
	    ALL & ~s->dead & ~tk_sq_points[q], step_dirs(&s->r, s->turn));
}

static int
huff_ok(const struct tbl_state *s, int p)
{
	uint64_t own = s->side[s->turn], enemy = s->side[!s->turn];

	if (s->chain >= 0 || !(s->huff >> p & 1) || !(enemy >> p & 1))
		return 0;
	if (enemy == BIT(p))
		return 1;	/* takes the last counter: wins at once */
	return any_move(own, enemy & ~BIT(p), s->mull & ~BIT(p),
	    ALL & ~s->dead, step_dirs(&s->r, s->turn));
}

static int
must_capture(const struct rules *r)
{
	return r->capture == CAP_COMPULSORY || r->capture == CAP_LONGEST;
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

/*
 * The fast way for a side without mullahs: every set of men that move
 * the same way is a bitboard, written out in ascending order.
 */

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

/* gen_moves() the general way, for mullahs. */
static int
gen_any(const struct tbl_state *s, tbl_move *out, int cap)
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
		if (huff_ok(s, tbl_lowbit64(b)))
			emit(&k, MV(K_HUFF, tbl_lowbit64(b), 0, 1));
	return k.n;
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

/* ------------------------------------------------------------------ */
/* Legality and playing a move                                         */
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

static int
move_legal(const struct tbl_state *s, tbl_move m)
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
		return 1 + chain_max(own ^ BIT(from) ^ BIT(land),
		    enemy ^ BIT(capt), live, land, ism, s->need - 1) == s->need;
	case K_WIPE:
		q = square_of_centre(from);
		return d == 0 && dist == 1 && q >= 0 && wipe_ok(s, q);
	case K_HUFF:
		return d == 0 && dist == 1 && huff_ok(s, from);
	case K_STOP:
		return m == MV_STOP && s->chain >= 0 && !must_capture(&s->r);
	default:
		return 0;
	}
}

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
static void
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
		for (q = tk_nb[p][d], dist = 1; q >= 0 && (empty >> q & 1); \
		    q = tk_nb[q][d]) \
			dist++; \
		if (q < 0 || !(enemy >> q & 1)) \
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

/* Set the derived fields jm, need and lj (see struct tbl_state). */
static void
refresh_jumps(struct tbl_state *s)
{
	uint64_t own = s->side[s->turn], enemy = s->side[!s->turn];
	uint64_t live = ALL & ~s->dead;

	if (s->chain >= 0)
		s->jm = BIT(s->chain);
	else if (own & s->mull)
		s->jm = jumpers(own, enemy, s->mull, live);
	else
		s->jm = men_jumpers(own, enemy, live & ~(own | enemy));
	s->need = 0;
	s->nlj = 0;
	if (s->r.capture == CAP_LONGEST && s->jm)
		longest_jumps(s, tbl_popcount64(enemy));
}

/*
 * Whether the game is over at the current point of the turn; sets
 * status and why.  At the start of a turn a side without counters or
 * without a step or jump loses, and the quiet-turn limit is checked.
 */
static void
update_status(struct tbl_state *s)
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
	/* Without a jump (jm is 0), any_move() comes down to a step. */
	if (!s->jm && !any_step(s->side[t] & ~s->mull, s->side[t] & s->mull,
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
	update_status(s);
}

static void
do_move(struct tbl_state *s, tbl_move m)
{
	int t = s->turn, kind = MV_KIND(m), from = MV_FROM(m);
	int d = MV_DIR(m), dist = MV_DIST(m), to, capt, land, q;
	uint64_t j = 0, live = ALL & ~s->dead;

	switch (kind) {
	case K_STEP:
		to = walk(from, d, dist);
		if (s->r.capture == CAP_HUFF) {
			j = s->jm;
			if (j >> from & 1)
				j ^= BIT(from) | BIT(to);
		}
		s->side[t] ^= BIT(from) | BIT(to);
		if (s->mull >> from & 1)
			s->mull ^= BIT(from) | BIT(to);
		else if (s->r.khar && (BIT(to) & (t == 0 ? RANK9 : RANK1)))
			s->mull |= BIT(to);
		end_turn(s, 0, j);
		break;
	case K_JUMP:
		jump_shape(s, from, d, dist, &capt, &land);
		s->side[!t] &= ~BIT(capt);
		s->mull &= ~BIT(capt);
		s->side[t] ^= BIT(from) | BIT(land);
		if (s->mull >> from & 1)
			s->mull ^= BIT(from) | BIT(land);
		s->huff = 0;
		s->done = 0;
		if ((s->mull >> land & 1) ? piece_can_jump(s->side[t],
		    s->side[!t], live, land, 1) : men_jumpers(BIT(land),
		    s->side[!t], live & ~(s->side[0] | s->side[1])) != 0) {
			/* The jump went along a longest chain (if that
			 * is the rule), so one counter less is left. */
			s->chain = (int8_t)land;
			s->jm = BIT(land);
			if (s->need)
				s->need--;
			if (s->r.capture == CAP_LONGEST)
				longest_jumps(s, s->need);
		} else {
			end_turn(s, 1, 0);
		}
		break;
	case K_WIPE:
		q = square_of_centre(from);
		s->wiped |= (uint16_t)(1u << q);
		s->dead |= tk_sq_points[q];
		s->done |= DONE_WIPE;
		s->huff = 0;
		update_status(s);	/* the wipe may cut jumps */
		break;
	case K_HUFF:
		s->side[!t] &= ~BIT(from);
		s->mull &= ~BIT(from);
		s->done |= DONE_HUFF;
		s->huff = 0;
		update_status(s);
		break;
	case K_STOP:
		end_turn(s, 1, BIT(s->chain));
		break;
	}
}

/* ------------------------------------------------------------------ */
/* Options and the descriptor functions                                */
/* ------------------------------------------------------------------ */

static const char *const variant_choices[] = {
	"tuknanavuhpi", "aiyawatstani", "kharbaga", NULL
};
static const char *const opening_choices[] = { "right", "left", NULL };
static const char *const first_choices[] = { "white", "black", NULL };
static const char *const capture_choices[] = {
	"compulsory", "longest", "optional", "huff", NULL
};
static const char *const edge_choices[] = { "current", "original", NULL };
static const char *const mullah_choices[] = { "flying", "short", NULL };

static const struct tbl_option tk_options[NOPTS] = {
	{ "variant", TBL_OPT_ENUM, "tuknanavuhpi", 0, 0, variant_choices,
	  "tuknanavuhpi (alias aiyawatstani) or kharbaga" },
	{ "opening", TBL_OPT_ENUM, "right", 0, 0, opening_choices,
	  "which rank-5 points each side holds: the two on its right or left" },
	{ "first", TBL_OPT_ENUM, "white", 0, 0, first_choices,
	  "the side that moves first" },
	{ "capture", TBL_OPT_ENUM, NULL, 0, 0, capture_choices,
	  "compulsory, longest (most counters), optional or huff; "
	  "default compulsory, longest for kharbaga" },
	{ "shrink", TBL_OPT_BOOL, NULL, 0, 0, NULL,
	  "a player may wipe an empty edge square before moving; "
	  "default yes, no for kharbaga" },
	{ "shrink_edge", TBL_OPT_ENUM, "current", 0, 0, edge_choices,
	  "a wiped square must touch the edge of what is left or of the "
	  "original board" },
	{ "mullah_moves", TBL_OPT_ENUM, "flying", 0, 0, mullah_choices,
	  "kharbaga: a mullah's non-capturing move goes any distance or "
	  "one step" },
	{ "quiet_limit", TBL_OPT_INT, "50", 0, 10000, NULL,
	  "turns without a capture after which the side with more counters "
	  "wins (0 = off)" },
};

static void
start_position(struct tbl_state *s)
{
	uint64_t ac5 = BIT(18) | BIT(19), gi5 = BIT(21) | BIT(22);

	s->side[0] = ((UINT64_C(1) << 18) - 1) | (s->r.opening ? ac5 : gi5);
	s->side[1] = (ALL & ~((UINT64_C(1) << 23) - 1)) |
	    (s->r.opening ? gi5 : ac5);
	s->mull = 0;
	s->dead = 0;
	s->huff = 0;
	s->wiped = 0;
	s->turn = (int8_t)s->r.first;
	s->chain = -1;
	s->done = 0;
	s->quiet = 0;
	update_status(s);
}

static struct tbl_state *
tk_create(const struct tbl_host *host, const struct tbl_optval *o,
    uint64_t seed, char *err, size_t errlen)
{
	struct tbl_state *s;
	struct rules r;
	long v;

	(void)seed;
	memset(&r, 0, sizeof r);
	r.variant = (uint8_t)o[OPT_VARIANT].i;
	if (r.variant > V_KHAR) {
		tbl_error(err, errlen, "variant: unknown choice %ld",
		    o[OPT_VARIANT].i);
		return NULL;
	}
	r.khar = r.variant == V_KHAR;
	r.opening = (uint8_t)(o[OPT_OPENING].i != 0);
	r.first = (uint8_t)(o[OPT_FIRST].i != 0);
	v = tbl_opt_or(o, OPT_CAPTURE, r.khar ? CAP_LONGEST : CAP_COMPULSORY);
	if (v < 0 || v > CAP_HUFF) {
		tbl_error(err, errlen, "capture: unknown choice %ld", v);
		return NULL;
	}
	r.capture = (uint8_t)v;
	r.shrink = (uint8_t)(tbl_opt_or(o, OPT_SHRINK, !r.khar) != 0);
	r.edge_original = (uint8_t)(o[OPT_EDGE].i != 0);
	r.flying = (uint8_t)(o[OPT_MULLAH].i == 0);
	if (o[OPT_QUIET].i < 0 || o[OPT_QUIET].i > 10000) {
		tbl_error(err, errlen, "quiet_limit: %ld is out of range 0..10000",
		    o[OPT_QUIET].i);
		return NULL;
	}
	r.quiet_limit = (uint16_t)o[OPT_QUIET].i;
	r.plain = (uint8_t)(!r.khar && r.capture == CAP_COMPULSORY);
	s = host->calloc(sizeof *s);
	s->host = host;
	s->r = r;
	start_position(s);
	return s;
}

TBL_FLAT_STATE_FUNCTIONS(tk)

static int
tk_players(const struct tbl_state *s)
{
	(void)s;
	return 2;
}

static const char *
tk_player_name(const struct tbl_state *s, int p)
{
	(void)s;
	return p == 0 ? "White" : p == 1 ? "Black" : "?";
}

static int
tk_to_move(const struct tbl_state *s)
{
	return s->status == ST_PLAY ? s->turn : TBL_END;
}

static int
tk_legal_moves(const struct tbl_state *s, tbl_move *out, int cap)
{
	return gen_moves(s, out, cap);
}

static int
tk_chance_outcomes(const struct tbl_state *s, tbl_move *out, double *prob,
    int cap)
{
	(void)s;
	(void)out;
	(void)prob;
	(void)cap;
	return 0;
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
 * way above; move_legal() and do_move() the rest.
 */
static int
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

/* ------------------------------------------------------------------ */
/* Text: notation, position string, board                              */
/* ------------------------------------------------------------------ */

/*
 * Read the name of a point ("c3") at the start of t: returns its length and
 * stores the point, or 0 when t does not start with the name of a point of
 * the board (a lattice square whose file and rank are both odd or both
 * even).
 */
static int
read_point(const char *t, int *p)
{
	int f, r, k = tbl_read_square(t, 9, 9, &f, &r);

	if (k <= 0 || ((f ^ r) & 1))
		return 0;
	*p = (9 * r + f) / 2;
	return k;
}

/* Whether the whole word w names a point; stores it. */
static int
word_point(struct tbl_word w, int *p)
{
	return w.len > 0 && (size_t)read_point(w.p, p) == w.len;
}

/* The line direction and distance from a to b, or -1 when none joins them. */
static int
line_between(int a, int b, int *dist)
{
	int d, k, p;

	for (d = 0; d < 8; d++)
		for (k = 1, p = tk_nb[a][d]; p >= 0; k++, p = tk_nb[p][d])
			if (p == b) {
				*dist = k;
				return d;
			}
	return -1;
}

/* "wipe d4" or "huff c3": w is the first word, kind K_WIPE or K_HUFF. */
static int
parse_action(const char *text, struct tbl_word w, int kind, tbl_move *m,
    size_t *used, char *err, size_t errlen)
{
	const char *name = kind == K_WIPE ? "wipe" : "huff", *c = w.p + w.len;
	struct tbl_word pt;
	int from;

	if (!tbl_next_word(&c, &pt)) {
		tbl_error(err, errlen, "'%s' needs a point (%s)", name,
		    kind == K_WIPE ? "wipe d4" : "huff c3");
		return -1;
	}
	if (!word_point(pt, &from)) {
		tbl_error(err, errlen, "'%.*s': expected a point after '%s'",
		    (int)pt.len, pt.p, name);
		return -1;
	}
	if (kind == K_WIPE && square_of_centre(from) < 0) {
		tbl_error(err, errlen, "'wipe %.*s': name a square by its "
		    "centre point (b2, d2, ... h8)", (int)pt.len, pt.p);
		return -1;
	}
	*m = MV(kind, from, 0, 1);
	*used = (size_t)(c - text);
	return 0;
}

/*
 * A step "c3-d4" or a jump "c3xe5" at the start of word w, or "xe5" going
 * on with the chain in progress; a chain "c3xe5xe7" is read one jump at a
 * time, *used stopping before the next 'x'.
 */
static int
parse_step_or_jump(const struct tbl_state *s, const char *text,
    struct tbl_word w, tbl_move *m, size_t *used, char *err, size_t errlen)
{
	const char *t = w.p, *end = w.p + w.len;
	int from, to, d, dist, k;
	char sep = 'x';

	if (*t == 'x') {
		if (s->chain < 0) {
			tbl_error(err, errlen, "'%.*s': no jump is in progress; "
			    "name the jumping counter (c3x...)", (int)w.len, w.p);
			return -1;
		}
		from = s->chain;
		t++;
	} else {
		k = read_point(t, &from);
		if (k == 0) {
			tbl_error(err, errlen, "'%.*s': not a move (c3-d4, "
			    "c3xg3, wipe d4, huff c3, stop)", (int)w.len, w.p);
			return -1;
		}
		t += k;
		sep = *t;
		if (sep != '-' && sep != 'x') {
			tbl_error(err, errlen, "'%.*s': expected '-' (step) or "
			    "'x' (jump) after %.*s", (int)w.len, w.p, k, w.p);
			return -1;
		}
		t++;
	}
	k = read_point(t, &to);
	if (k == 0 && t == end) {
		tbl_error(err, errlen, "'%.*s': expected a point after '%c'",
		    (int)w.len, w.p, sep);
		return -1;
	}
	if (k == 0) {
		tbl_error(err, errlen, "'%.*s': '%.*s' is not a point of the "
		    "board", (int)w.len, w.p, (int)(end - t), t);
		return -1;
	}
	t += k;
	if (t != end && *t != 'x') {
		tbl_error(err, errlen, "'%.*s': unexpected text after the move",
		    (int)w.len, w.p);
		return -1;
	}
	d = line_between(from, to, &dist);
	if (d < 0) {
		tbl_error(err, errlen, "'%.*s': no line joins the two points",
		    (int)(t - w.p), w.p);
		return -1;
	}
	*m = MV(sep == '-' ? K_STEP : K_JUMP, from, d, dist);
	*used = (size_t)(t - text);
	return 0;
}

static int
tk_parse_move(const struct tbl_state *s, const char *text, tbl_move *m,
    size_t *used, char *err, size_t errlen)
{
	const char *c = text;
	struct tbl_word w;

	tbl_next_word(&c, &w);
	if (tbl_word_is(w, "stop")) {
		*m = MV_STOP;
		*used = (size_t)(c - text);
		return 0;
	}
	if (tbl_word_is(w, "wipe"))
		return parse_action(text, w, K_WIPE, m, used, err, errlen);
	if (tbl_word_is(w, "huff"))
		return parse_action(text, w, K_HUFF, m, used, err, errlen);
	return parse_step_or_jump(s, text, w, m, used, err, errlen);
}

static int
tk_format_move(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	size_t n = 0;
	char a[PNAME], b[PNAME];
	int kind = MV_KIND(m), from = MV_FROM(m), to;

	(void)s;
	if (kind == K_STOP) {
		tbl_bprintf(buf, len, &n, "stop");
		return (int)n;
	}
	if (from >= NPTS) {
		tbl_bprintf(buf, len, &n, "?");
		return (int)n;
	}
	point_name(from, a);
	if (kind == K_WIPE || kind == K_HUFF) {
		tbl_bprintf(buf, len, &n, "%s %s",
		    kind == K_WIPE ? "wipe" : "huff", a);
		return (int)n;
	}
	to = walk(from, MV_DIR(m), MV_DIST(m));
	if (to < 0 || (kind != K_STEP && kind != K_JUMP)) {
		tbl_bprintf(buf, len, &n, "?");
		return (int)n;
	}
	point_name(to, b);
	tbl_bprintf(buf, len, &n, "%s%c%s", a, kind == K_STEP ? '-' : 'x', b);
	return (int)n;
}

static char
point_char(const struct tbl_state *s, int p)
{
	int m = (int)(s->mull >> p & 1);

	if (s->dead >> p & 1)
		return '#';
	if (s->side[0] >> p & 1)
		return m ? 'W' : 'w';
	if (s->side[1] >> p & 1)
		return m ? 'B' : 'b';
	return '.';
}

static void
print_mask(char *buf, size_t len, size_t *n, uint64_t b)
{
	char a[PNAME];
	int first = 1;

	for (; b; b &= b - 1) {
		point_name(tbl_lowbit64(b), a);
		tbl_bprintf(buf, len, n, "%s%s", first ? "" : ",", a);
		first = 0;
	}
}

static int
tk_get_position(const struct tbl_state *s, char *buf, size_t len)
{
	char board[NPTS + 9], a[PNAME];
	size_t n = 0, k = 0;
	int p;

	for (p = 0; p < NPTS; p++) {
		if (p > 0 && 2 * (p - 1) / 9 != 2 * p / 9)
			board[k++] = '/';
		board[k++] = point_char(s, p);
	}
	board[k] = '\0';
	tbl_bprintf(buf, len, &n, "%s", board);
	tbl_bprintf(buf, len, &n, " %c", s->turn ? 'b' : 'w');
	if (s->chain >= 0) {
		point_name(s->chain, a);
		tbl_bprintf(buf, len, &n, " chain=%s", a);
	}
	if (s->huff) {
		tbl_bprintf(buf, len, &n, " huff=");
		print_mask(buf, len, &n, s->huff);
	}
	if (s->done)
		tbl_bprintf(buf, len, &n, " done=%s",
		    s->done == DONE_HUFF ? "huff" :
		    s->done == DONE_WIPE ? "wipe" : "huff,wipe");
	if (s->quiet)
		tbl_bprintf(buf, len, &n, " quiet=%u", (unsigned)s->quiet);
	return (int)n;
}

/* Read a comma-separated list of points ("c3,e5") into a mask; -1 on error. */
static int
parse_points(struct tbl_word v, uint64_t *mask)
{
	const char *c = v.p, *end = v.p + v.len;
	int p, k;

	*mask = 0;
	for (;;) {
		k = read_point(c, &p);
		if (k == 0 || c + k > end)
			return -1;
		*mask |= BIT(p);
		c += k;
		if (c == end)
			return 0;
		if (*c != ',')
			return -1;
		c++;
	}
}

/*
 * The board, the first word of a position string: nine ranks from a1 up,
 * separated by '/', of five and four points alternately, each '.', 'w',
 * 'b', 'W', 'B' (mullahs) or '#' (a point of a wiped square, which goes
 * into *marked).
 */
static int
parse_board(struct tbl_state *t, struct tbl_word w, uint64_t *marked,
    char *err, size_t errlen)
{
	static const char letters[] = ".wbWB#";
	const char *c = w.p, *end = w.p + w.len, *l;
	int r, p = 0, cnt, want;
	uint64_t b;

	for (r = 0; r < 9; r++) {
		want = r % 2 ? 4 : 5;
		for (cnt = 0; c < end && *c != '/'; c++, cnt++) {
			if (cnt >= want)
				continue;
			l = memchr(letters, *c, sizeof letters - 1);
			if (l == NULL) {
				tbl_error(err, errlen, "rank %d: unknown piece "
				    "letter '%c' (expected . w b W B #)", r + 1,
				    *c);
				return -1;
			}
			b = BIT(p + cnt);
			switch (l - letters) {
			case 1: t->side[0] |= b; break;
			case 2: t->side[1] |= b; break;
			case 3: t->side[0] |= b; t->mull |= b; break;
			case 4: t->side[1] |= b; t->mull |= b; break;
			case 5: *marked |= b; break;
			}
		}
		if (cnt != want) {
			tbl_error(err, errlen, "rank %d has %d points, expected "
			    "%d", r + 1, cnt, want);
			return -1;
		}
		p += want;
		if (r < 8 && c == end) {
			tbl_error(err, errlen, "position has %d ranks, expected 9 "
			    "separated by '/'", r + 1);
			return -1;
		}
		if (r < 8)
			c++;
	}
	if (c != end) {
		tbl_error(err, errlen, "position has more than 9 ranks");
		return -1;
	}
	return 0;
}

/* The fields of a position string after the side to move. */
enum { F_CHAIN, F_HUFF, F_DONE, F_QUIET };
static const char *const field_keys[] = {
	"chain", "huff", "done", "quiet", NULL
};

/* The index in field_keys of field f, marked in *seen; -1 when unknown
 * or given twice. */
static int
field_index(const struct tbl_field *f, uint32_t *seen, char *err,
    size_t errlen)
{
	uint32_t none = 0;
	int i = tbl_field_lookup(f, field_keys, seen, NULL, 0);

	if (i >= 0)
		return i;
	if (tbl_field_lookup(f, field_keys, &none, NULL, 0) >= 0)
		tbl_error(err, errlen, "field '%.*s' given twice",
		    (int)f->key.len, f->key.p);
	else
		tbl_error(err, errlen, "unknown field '%.*s' (expected chain, "
		    "huff, done or quiet)", (int)f->key.len, f->key.p);
	return -1;
}

/* Field i of field_keys with value v. */
static int
parse_field(struct tbl_state *t, int i, struct tbl_word v, char *err,
    size_t errlen)
{
	unsigned long n;
	uint64_t mask;
	int p;

	switch (i) {
	case F_CHAIN:
		if (!word_point(v, &p)) {
			tbl_error(err, errlen, "chain=%.*s: not a point",
			    (int)v.len, v.p);
			return -1;
		}
		t->chain = (int8_t)p;
		return 0;
	case F_HUFF:
		if (parse_points(v, &mask) != 0) {
			tbl_error(err, errlen, "huff=%.*s: expected points "
			    "separated by commas", (int)v.len, v.p);
			return -1;
		}
		t->huff = mask;
		return 0;
	case F_DONE:
		t->done = tbl_word_is(v, "huff") ? DONE_HUFF :
		    tbl_word_is(v, "wipe") ? DONE_WIPE :
		    tbl_word_is(v, "huff,wipe") ? DONE_HUFF | DONE_WIPE : 0;
		if (t->done == 0) {
			tbl_error(err, errlen, "done=%.*s: expected huff, wipe "
			    "or huff,wipe", (int)v.len, v.p);
			return -1;
		}
		return 0;
	default:
		if (tbl_word_uint(v, UINT16_MAX, &n) != 0) {
			tbl_error(err, errlen, "quiet=%.*s: expected a number "
			    "0..65535", (int)v.len, v.p);
			return -1;
		}
		t->quiet = (uint16_t)n;
		return 0;
	}
}

/* The words after the board: the side to move, then key=value fields. */
static int
parse_fields(struct tbl_state *t, const char *c, char *err, size_t errlen)
{
	struct tbl_word w;
	struct tbl_field f;
	uint32_t seen = 0;
	int i;

	tbl_next_word(&c, &w);
	if (!tbl_word_is(w, "w") && !tbl_word_is(w, "b")) {
		tbl_error(err, errlen, "side to move must be 'w' or 'b', not "
		    "'%.*s'", (int)w.len, w.p);
		return -1;
	}
	t->turn = (int8_t)(w.p[0] == 'b');
	while (tbl_next_word(&c, &w)) {
		if (!tbl_field_split(w, &f)) {
			tbl_error(err, errlen, "'%.*s': expected key=value",
			    (int)w.len, w.p);
			return -1;
		}
		i = field_index(&f, &seen, err, errlen);
		if (i < 0 || parse_field(t, i, f.val, err, errlen) != 0)
			return -1;
	}
	return 0;
}

/*
 * Wiped squares from the points marked '#': a square is wiped when its
 * centre is, and then all its points must be '#' and no others.
 */
static int
check_wiped(struct tbl_state *t, uint64_t marked, char *err, size_t errlen)
{
	char a[PNAME], sq[PNAME];
	int q, p;

	for (q = 0; q < 16; q++)
		if (marked >> tk_sq_centre[q] & 1) {
			t->wiped |= (uint16_t)(1u << q);
			t->dead |= tk_sq_points[q];
		}
	if (marked & ~t->dead) {
		point_name(tbl_lowbit64(marked & ~t->dead), a);
		tbl_error(err, errlen, "point %s is marked wiped (#) but no "
		    "wiped square contains it (a square is wiped by its "
		    "centre)", a);
		return -1;
	}
	if (t->dead & ~marked) {
		p = tbl_lowbit64(t->dead & ~marked);
		for (q = 0; !(t->wiped >> q & 1) || !(tk_sq_points[q] >> p & 1);
		    q++)
			;
		point_name(tk_sq_centre[q], sq);
		point_name(p, a);
		if ((t->side[0] | t->side[1]) >> p & 1)
			tbl_error(err, errlen, "counter on %s, a point of the "
			    "wiped square %s", a, sq);
		else
			tbl_error(err, errlen, "point %s belongs to the wiped "
			    "square %s and must be '#'", a, sq);
		return -1;
	}
	if (t->wiped && !t->r.shrink) {
		tbl_error(err, errlen, "wiped points (#) need shrink=yes");
		return -1;
	}
	return 0;
}

/* The counters: mullahs only in Kharbaga, at most twenty a side. */
static int
check_counters(const struct tbl_state *t, char *err, size_t errlen)
{
	int q;

	if (t->mull && !t->r.khar) {
		tbl_error(err, errlen, "mullahs (W, B) exist only in "
		    "variant=kharbaga");
		return -1;
	}
	for (q = 0; q < 2; q++)
		if (tbl_popcount64(t->side[q]) > MAXCOUNTERS) {
			tbl_error(err, errlen, "%s has %d counters, at most %d",
			    side_name(q), tbl_popcount64(t->side[q]),
			    MAXCOUNTERS);
			return -1;
		}
	if (!t->side[0] && !t->side[1]) {
		tbl_error(err, errlen, "no counters on the board");
		return -1;
	}
	return 0;
}

/* The fields of a turn in progress (chain=, huff=, done=) fit together
 * and with the rules. */
static int
check_turn_fields(const struct tbl_state *t, char *err, size_t errlen)
{
	char a[PNAME];

	if (t->chain >= 0 && (t->huff || t->done)) {
		tbl_error(err, errlen, "chain= cannot go with huff= or done= "
		    "(a chain is the last part of a turn)");
		return -1;
	}
	if (t->huff && t->done) {
		tbl_error(err, errlen, "huff= cannot go with done= (the chance "
		    "to huff ends with the first action of a turn)");
		return -1;
	}
	if (t->huff && t->r.capture != CAP_HUFF) {
		tbl_error(err, errlen, "huff= needs capture=huff");
		return -1;
	}
	if ((t->done & DONE_HUFF) && t->r.capture != CAP_HUFF) {
		tbl_error(err, errlen, "done=huff needs capture=huff");
		return -1;
	}
	if ((t->done & DONE_WIPE) && !t->r.shrink) {
		tbl_error(err, errlen, "done=wipe needs shrink=yes");
		return -1;
	}
	if (t->huff & ~t->side[!t->turn]) {
		point_name(tbl_lowbit64(t->huff & ~t->side[!t->turn]), a);
		tbl_error(err, errlen, "huff=: no %s counter on %s",
		    side_name(!t->turn), a);
		return -1;
	}
	return 0;
}

/* The side to move can play on: its chain counter can jump, the other
 * side has counters, and a turn in mid-course has a move left. */
static int
check_play(struct tbl_state *t, char *err, size_t errlen)
{
	char a[PNAME];

	if (t->chain >= 0) {
		point_name(t->chain, a);
		if (!(t->side[t->turn] >> t->chain & 1)) {
			tbl_error(err, errlen, "chain=%s: no %s counter there",
			    a, side_name(t->turn));
			return -1;
		}
		if (!piece_can_jump(t->side[t->turn], t->side[!t->turn],
		    ALL & ~t->dead, t->chain, (int)(t->mull >> t->chain & 1))) {
			tbl_error(err, errlen, "chain=%s: the counter there has "
			    "no jump to go on with", a);
			return -1;
		}
	}
	if (!t->side[!t->turn] && !(t->done & DONE_HUFF)) {
		tbl_error(err, errlen, "%s has no counters, so the game ended "
		    "before %s's turn", side_name(!t->turn),
		    side_name(t->turn));
		return -1;
	}
	update_status(t);
	if (t->status == ST_PLAY && t->done &&
	    !any_move(t->side[t->turn], t->side[!t->turn], t->mull,
	    ALL & ~t->dead, step_dirs(&t->r, t->turn))) {
		tbl_error(err, errlen, "%s is in mid-turn (done=) but has no "
		    "step or jump", side_name(t->turn));
		return -1;
	}
	return 0;
}

/* Everything a position string cannot say by its shape alone; sets the
 * wiped squares and the derived fields. */
static int
check_position(struct tbl_state *t, uint64_t marked, char *err,
    size_t errlen)
{
	if (check_wiped(t, marked, err, errlen) != 0 ||
	    check_counters(t, err, errlen) != 0 ||
	    check_turn_fields(t, err, errlen) != 0 ||
	    check_play(t, err, errlen) != 0)
		return -1;
	return 0;
}

/*
 * Set the position from its string: parse the board, then the side to
 * move and the fields, then check the whole; s is changed only when all
 * of it is good.
 */
static int
tk_set_position(struct tbl_state *s, const char *pos, char *err,
    size_t errlen)
{
	struct tbl_state t;
	struct tbl_word w;
	const char *c = pos;
	uint64_t marked = 0;

	memcpy(&t, s, sizeof t);
	t.side[0] = t.side[1] = t.mull = t.dead = t.huff = 0;
	t.wiped = 0;
	t.chain = -1;
	t.done = 0;
	t.quiet = 0;
	tbl_next_word(&c, &w);
	if (parse_board(&t, w, &marked, err, errlen) != 0 ||
	    parse_fields(&t, c, err, errlen) != 0 ||
	    check_position(&t, marked, err, errlen) != 0)
		return -1;
	memcpy(s, &t, sizeof t);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Board drawing and results                                           */
/* ------------------------------------------------------------------ */

/* Whether lattice (f, r) is a live point. */
static int
live_at(const struct tbl_state *s, int f, int r)
{
	if (f < 0 || f > 8 || r < 0 || r > 8 || ((f ^ r) & 1))
		return 0;
	return !(s->dead >> ((9 * r + f) / 2) & 1);
}

static int
tk_describe_result(const struct tbl_state *s, char *buf, size_t len)
{
	size_t n = 0;
	int nw = tbl_popcount64(s->side[0]), nb = tbl_popcount64(s->side[1]);
	int w = s->status == ST_WIN_W ? 0 : 1;

	switch (s->status) {
	case ST_PLAY:
		tbl_bprintf(buf, len, &n, "game in progress");
		break;
	case ST_DRAW:
		tbl_bprintf(buf, len, &n, "draw, %d to %d after %u turns "
		    "without a capture", nw, nb, (unsigned)s->quiet);
		break;
	default:
		tbl_bprintf(buf, len, &n, "%s wins, %d counter%s to %d",
		    side_name(w), w ? nb : nw, (w ? nb : nw) == 1 ? "" : "s",
		    w ? nw : nb);
		if (s->why == WHY_GONE)
			tbl_bprintf(buf, len, &n, ": %s has none left",
			    side_name(!w));
		else if (s->why == WHY_BLOCKED)
			tbl_bprintf(buf, len, &n, ": %s cannot move",
			    side_name(!w));
		else
			tbl_bprintf(buf, len, &n, " after %u turns without a "
			    "capture", (unsigned)s->quiet);
		break;
	}
	return (int)n;
}

static int
tk_render(const struct tbl_state *s, char *buf, size_t len)
{
	size_t n = 0;
	char line[24], a[PNAME];
	int r, f, x, first;
	uint64_t b;

	for (r = 8; r >= 0; r--) {
		/* The rank itself. */
		memset(line, ' ', sizeof line);
		for (f = 0; f <= 8; f++) {
			if (!live_at(s, f, r))
				continue;
			line[2 * f] = point_char(s, (9 * r + f) / 2);
			if (!(r & 1) && live_at(s, f + 2, r))
				memcpy(line + 2 * f + 1, "---", 3);
		}
		if (r & 1)	/* centre rank: vertical lines pass by */
			for (f = 0; f <= 8; f += 2)
				if (live_at(s, f, r - 1) && live_at(s, f, r + 1))
					line[2 * f] = '|';
		for (x = (int)sizeof line - 1; x >= 0 && line[x] == ' '; x--)
			;
		tbl_bprintf(buf, len, &n, "%d%s%.*s\n", r + 1, x >= 0 ? "  " : "",
		    x + 1, line);
		if (r == 0)
			break;
		/* The lines between rank r and rank r - 1. */
		memset(line, ' ', sizeof line);
		for (f = 0; f < 8; f++) {
			if (live_at(s, f, r - 1) && live_at(s, f + 1, r))
				line[2 * f + 1] = '/';
			else if (live_at(s, f + 1, r - 1) && live_at(s, f, r))
				line[2 * f + 1] = '\\';
		}
		for (f = 0; f <= 8; f += 2) {
			int lo = r & 1 ? r - 1 : r - 2, hi = lo + 2;
			if (live_at(s, f, lo) && live_at(s, f, hi))
				line[2 * f] = '|';
		}
		for (x = (int)sizeof line - 1; x >= 0 && line[x] == ' '; x--)
			;
		tbl_bprintf(buf, len, &n, "%s%.*s\n", x >= 0 ? "   " : "",
		    x + 1, line);
	}
	tbl_bprintf(buf, len, &n, "   a b c d e f g h i\n");
	if (s->wiped) {
		tbl_bprintf(buf, len, &n, "wiped squares:");
		for (b = 0, first = 1; b < 16; b++)
			if (s->wiped >> b & 1) {
				point_name(tk_sq_centre[b], a);
				tbl_bprintf(buf, len, &n, "%s%s", first ? " " :
				    ", ", a);
				first = 0;
			}
		tbl_bprintf(buf, len, &n, "\n");
	}
	tbl_bprintf(buf, len, &n, "White %d, Black %d", tbl_popcount64(s->side[0]),
	    tbl_popcount64(s->side[1]));
	if (s->r.quiet_limit)
		tbl_bprintf(buf, len, &n, "; %u of %u turns without a capture",
		    (unsigned)s->quiet, (unsigned)s->r.quiet_limit);
	else
		tbl_bprintf(buf, len, &n, "; %u turns without a capture",
		    (unsigned)s->quiet);
	tbl_bprintf(buf, len, &n, "\n");
	/* The host adds "X to move" or the result; say what else is due. */
	if (s->status != ST_PLAY)
		return (int)n;
	if (s->chain >= 0) {
		point_name(s->chain, a);
		tbl_bprintf(buf, len, &n, "%s's counter on %s %s\n",
		    side_name(s->turn), a, must_capture(&s->r) ?
		    "must jump on" : "may jump on or stop");
	}
	if (s->huff) {
		tbl_bprintf(buf, len, &n, "%s may huff ", side_name(s->turn));
		print_mask(buf, len, &n, s->huff);
		tbl_bprintf(buf, len, &n, " before wiping or moving\n");
	}
	if (s->done)
		tbl_bprintf(buf, len, &n, "%s has %s this turn\n",
		    side_name(s->turn), s->done == DONE_HUFF ? "huffed" :
		    s->done == DONE_WIPE ? "wiped" : "huffed and wiped");
	return (int)n;
}

static int
tk_result(const struct tbl_state *s, double *out)
{
	switch (s->status) {
	case ST_WIN_W: out[0] = 1; out[1] = 0; return 0;
	case ST_WIN_B: out[0] = 0; out[1] = 1; return 0;
	case ST_DRAW: out[0] = 0.5; out[1] = 0.5; return 0;
	default: return -1;
	}
}

/*
 * A cheap estimate for the AI players: each side's share of the material,
 * a counter worth 1 and a mullah 3.
 */
static int
tk_evaluate(const struct tbl_state *s, double *out)
{
	double w, b;

	if (s->status != ST_PLAY)
		return tk_result(s, out);
	w = tbl_popcount64(s->side[0]) + 2 * tbl_popcount64(s->side[0] & s->mull);
	b = tbl_popcount64(s->side[1]) + 2 * tbl_popcount64(s->side[1] & s->mull);
	out[0] = w / (w + b);
	out[1] = b / (w + b);
	return 0;
}

static const struct tbl_game tk_game = {
	"tuknanavuhpi",
	"Tuknanavuhpi, Aiyawatstani and Kharbaga",
	"1.0",
	"Tuknanavuhpi (Hopi, Oraibi; Culin) and its Keres twin Aiyawatstani:\n"
	"twenty counters a side on a 4 x 4 block of squares with both\n"
	"diagonals (41 points), only the centre e5 empty.  A counter steps\n"
	"along a line to a neighbouring empty point, or jumps an adjacent\n"
	"enemy counter to the empty point beyond and takes it; jumps may\n"
	"chain, changing direction.  Before moving a player may wipe an\n"
	"empty square on the edge of the board (wipe d4), so the board\n"
	"shrinks.  Take every enemy counter or leave the enemy without a move\n"
	"to win.  variant=kharbaga: counters step forward only, captures go\n"
	"any way and the longest is compulsory, and a counter that steps onto\n"
	"the far rank becomes a mullah that flies and captures by long jump.\n"
	"Moves: c3-d4, c3xg3xg7, stop, wipe d4, huff c3.",
	tk_options, NOPTS,
	NULL,
	tk_create, tk_clone, tk_copy, tk_destroy,
	tk_players, tk_player_name, tk_to_move,
	tk_legal_moves, tk_chance_outcomes, tk_apply,
	tk_parse_move, tk_format_move, tk_render,
	tk_get_position, tk_set_position,
	tk_result, tk_describe_result,
	tk_evaluate
};

TABLERO_PLUGIN(tk_game)
