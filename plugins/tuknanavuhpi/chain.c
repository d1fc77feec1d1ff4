/*
 * chain.c - what the readable rules (rules.c) and the fast way for men
 * (movegen.c) share, below both: which counters can move and jump,
 * whether a huff is allowed, and the longest chains, searched on
 * bitboards.  It calls neither of them.
 */
#include <stdint.h>

#include "tuknanavuhpi.h"

/* ------------------------------------------------------------------ */
/* Who can move and jump                                              */
/* ------------------------------------------------------------------ */

/* Whether the single counter on p (a mullah when ism) can jump. */
int
tk_piece_can_jump(uint64_t own, uint64_t enemy, uint64_t live, int p, int ism)
{
	uint64_t empty = live & ~(own | enemy);
	int d, q, l, dist;

	for (d = 0; d < 8; d++) {
		q = jump_over(p, d, ism, enemy, empty, &dist);
		if (q < 0)
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
	return tk_piece_can_jump(own, enemy, live, p, 1);
}

/*
 * Whether a side with counters `own` (mullahs among them in `mull`) has
 * any step or jump against `enemy` on the points `live`.
 */
int
tk_any_move(uint64_t own, uint64_t enemy, uint64_t mull, uint64_t live,
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
uint64_t
tk_jumpers(uint64_t own, uint64_t enemy, uint64_t mull, uint64_t live)
{
	uint64_t empty = live & ~(own | enemy), mm = own & mull, j;

	j = men_jumpers(own & ~mull, enemy, empty);
	for (; mm; mm &= mm - 1)
		if (tk_piece_can_jump(own, enemy, live, tbl_lowbit64(mm), 1))
			j |= mm & -mm;
	return j;
}

/*
 * The most enemy counters the counter on `pos` can take in one chain
 * from here, at most `bound` (the enemy count).  A depth-first search on
 * bitboards passed by value: no allocation, depth at most `bound` <= 20.
 */
int
tk_chain_max(uint64_t own, uint64_t enemy, uint64_t live, int pos, int ism,
    int bound)
{
	uint64_t empty = live & ~(own | enemy);
	uint64_t b;
	int best = 0, d, q, l, v, dist;

	if (!ism)
		return tk_men_chain(enemy, empty, pos, bound);
	if (bound <= 0)
		return 0;
	/* A mullah: over the first enemy along each line, to any empty
	 * point beyond it (in any order: only the most counters counts). */
	for (d = 0; d < 8; d++) {
		q = jump_over(pos, d, 1, enemy, empty, &dist);
		if (q < 0)
			continue;
		for (b = ray_run(q, d, empty); b; b &= b - 1) {
			l = tbl_lowbit64(b);
			v = 1 + tk_chain_max(own ^ BIT(pos) ^ BIT(l),
			    enemy ^ BIT(q), live, l, 1, bound - 1);
			if (v > best) {
				best = v;
				if (best == bound)
					return best;
			}
		}
	}
	return best;
}

/* What the chain in progress has left to take (s->chain >= 0), under
 * capture=longest: s->need, searched when it was not. */
int
tk_chain_need(const struct tbl_state *s)
{
	uint64_t own = s->side[s->turn], enemy = s->side[!s->turn];

	if (s->need != NEED_UNKNOWN)
		return s->need;
	return tk_chain_max(own, enemy, ALL & ~s->dead, s->chain,
	    (int)(s->mull >> s->chain & 1), MAXCOUNTERS);
}

/* Whether the side to move may huff the enemy counter on p. */
int
tk_huff_ok(const struct tbl_state *s, int p)
{
	uint64_t own = s->side[s->turn], enemy = s->side[!s->turn];

	if (s->chain >= 0 || !(s->huff >> p & 1) || !(enemy >> p & 1))
		return 0;
	if (enemy == BIT(p))
		return 1;	/* takes the last counter: wins at once */
	return tk_any_move(own, enemy & ~BIT(p), s->mull & ~BIT(p),
	    ALL & ~s->dead, step_dirs(&s->r, s->turn));
}

/* ------------------------------------------------------------------ */
/* Steps, jumps and chains of men                                     */
/* ------------------------------------------------------------------ */

/*
 * Whether a side with no jump has a step: a man along one of sdirs, a
 * mullah along any line, into `empty`.
 */
int
tk_any_step(uint64_t men, uint64_t mm, uint64_t empty, unsigned sdirs)
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

/*
 * The most counters a man on pos takes in one chain, at most bound
 * (>= 1), whose jumps land on b (man_lands(), not 0).  A landing point
 * with no enemy next to it (but the one just taken), or none to jump to,
 * ends the chain there without a call.
 */
static int
lands_chain(uint64_t enemy, uint64_t empty, int pos, uint64_t b, int bound)
{
	uint64_t e, m, b2;
	int best = 0, q, l, v;

	for (; b; b &= b - 1) {
		l = tbl_lowbit64(b);
		q = (pos + l) >> 1;
		v = 1;
		if (bound > 1 && (enemy & tk_near[l] & ~BIT(q))) {
			e = enemy ^ BIT(q);
			m = empty ^ (BIT(pos) | BIT(q) | BIT(l));
			if ((b2 = man_lands(l, e, m)) != 0)
				v += lands_chain(e, m, l, b2, bound - 1);
		}
		if (v > best) {
			best = v;
			if (best == bound)
				break;
		}
	}
	return best;
}

/* tk_chain_max() for a man: its jumps (man_lands), the point jumped
 * being the midpoint. */
int
tk_men_chain(uint64_t enemy, uint64_t empty, int pos, int bound)
{
	uint64_t b = man_lands(pos, enemy, empty);

	return bound <= 0 || !b ? 0 : lands_chain(enemy, empty, pos, b, bound);
}

/* ------------------------------------------------------------------ */
/* Longest chains                                                     */
/* ------------------------------------------------------------------ */

/* The best chains found so far by tk_longest_jumps(). */
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

static inline void
longest_done(struct tbl_state *s, const struct longest *a)
{
	s->need = (uint8_t)a->need;
	s->nlj = (uint8_t)(a->n > NLJ ? LJ_MANY : a->n);
}

/*
 * tk_longest_jumps() for the one man on pos: its jumps come out in ascending
 * order of the point they land on, which is ascending order of direction.
 */
void
tk_longest_one(struct tbl_state *s, int pos, uint64_t enemy, uint64_t empty,
    int bound)
{
	uint64_t b = man_lands(pos, enemy, empty), e, m, b2;
	struct longest a = { 0, 0 };
	int q, l, v;

	if (b && !(b & (b - 1))) {
		/* One jump (nearly always): legal whatever its chain, which
		 * is not searched. */
		longest_single(s, pos, b);
		return;
	}
	for (; b; b &= b - 1) {
		l = tbl_lowbit64(b);
		q = (pos + l) >> 1;
		/* Searched on only when an enemy stands next to where it
		 * lands (but the one it takes). */
		v = 1;
		if (bound > 1 && (enemy & tk_near[l] & ~BIT(q))) {
			e = enemy ^ BIT(q);
			m = empty ^ (BIT(pos) | BIT(q) | BIT(l));
			if ((b2 = man_lands(l, e, m)) != 0)
				v += lands_chain(e, m, l, b2, bound - 1);
		}
		longest_add(s, &a, v, MV(K_JUMP, pos,
		    dir_of_delta[q - pos + 9], 2));
	}
	longest_done(s, &a);
}

/*
 * tk_longest_one() in mid-chain, b being where the man on pos can jump
 * to (man_lands, not 0: the chain goes on), and `need` what is left to
 * take when known (else NEED_UNKNOWN): the jump just made went along a
 * chain of the most counters, so a chain of need more goes on from pos
 * and none longer.  A man with one jump from there (nearly always) has
 * it as his one legal jump, and its chain need not be searched.
 */
void
tk_longest_next(struct tbl_state *s, int pos, uint64_t b, uint64_t enemy,
    uint64_t empty, int need)
{
	if (b & (b - 1)) {
		tk_longest_one(s, pos, enemy, empty,
		    need == NEED_UNKNOWN ? MAXCOUNTERS : need);
		return;
	}
	longest_single(s, pos, b);
	s->need = (uint8_t)need;
}

/*
 * tk_longest_jumps() for men only.  A man that lands can jump again only
 * over an enemy that was there before the jump to a point that was empty
 * before it (the point it left is reached only over the counter it took),
 * so one bitboard test on all the landing points tells whether any chain
 * is longer than one jump.  Nearly always none is: then every jump is
 * legal and none is searched.  Else only the jumps that land where a
 * chain goes on are searched, the others taking one counter less than
 * the longest.
 */
static void
longest_dirs(struct tbl_state *s, const uint64_t jd[8], uint64_t enemy,
    uint64_t empty, int bound)
{
	uint64_t land = 0, cont, b;
	struct longest a = { 0, 0 };
	int p, n = 0;

#define LL(d, sft) land |= SH(jd[d], 2 * (sft));
	FOR_EACH_DIR(LL)
#undef LL
	cont = bound > 1 ? men_jumpers(land, enemy, empty) : 0;
	if (!cont) {
#define LW(d, sft) \
		for (b = jd[d]; b; b &= b - 1, n++) \
			if (n < NLJ) \
				s->lj[n] = (uint16_t)MV(K_JUMP, \
				    tbl_lowbit64(b), d, 2);
		FOR_EACH_DIR(LW)
#undef LW
		s->need = (uint8_t)(n > 0);
		s->nlj = (uint8_t)(n > NLJ ? LJ_MANY : n);
		return;
	}
#define LC(d, sft) \
	for (b = jd[d] & SH(cont, -2 * (sft)); b; b &= b - 1) { \
		p = tbl_lowbit64(b); \
		longest_add(s, &a, 1 + tk_men_chain(enemy ^ BIT(p + (sft)), \
		    empty ^ (BIT(p) | BIT(p + (sft)) | BIT(p + 2 * (sft))), \
		    p + 2 * (sft), bound - 1), MV(K_JUMP, p, d, 2)); \
	}
	FOR_EACH_DIR(LC)
#undef LC
	longest_done(s, &a);
}

/* The men of `men` that can jump, direction by direction into jd. */
static inline uint64_t
men_jump_dirs(uint64_t men, uint64_t enemy, uint64_t empty, uint64_t jd[8])
{
	uint64_t j = 0;

#define JD(d, sft) \
	jd[d] = men & JUMPS(d, sft, enemy, empty); \
	j |= jd[d];
	FOR_EACH_DIR(JD)
#undef JD
	return j;
}

/* tk_longest_jumps() for men: one (tk_longest_one), or several by
 * longest_dirs(). */
void
tk_longest_men(struct tbl_state *s, uint64_t men, uint64_t enemy,
    uint64_t empty, int bound)
{
	uint64_t jd[8];

	if (!(men & (men - 1))) {
		tk_longest_one(s, tbl_lowbit64(men), enemy, empty, bound);
		return;
	}
	men_jump_dirs(men, enemy, empty, jd);
	longest_dirs(s, jd, enemy, empty, bound);
}

/*
 * Under capture=longest: from the counters in s->jm, the jumps that begin
 * a chain of the most counters, that number in s->need and the jumps in
 * s->lj.  `bound` is the most a chain can take from here (the enemy
 * count, or in mid-chain the known need).  Every first jump is searched
 * in full once, so that legal_moves() and apply() need search no more.
 */
void
tk_longest_jumps(struct tbl_state *s, int bound)
{
	uint64_t own = s->side[s->turn], enemy = s->side[!s->turn];
	uint64_t live = ALL & ~s->dead, empty = live & ~(own | enemy), b, land;
	uint64_t mm = s->jm & s->mull, men = s->jm & ~s->mull;
	struct longest a = { 0, 0 };
	int p, q, l, dist;

	if (!mm && men) {
		tk_longest_men(s, men, enemy, empty, bound);
		return;
	}
	/* Direction by direction, a man's jump (whose points are fixed
	 * shifts) or a mullah's long jumps. */
#define LJ(d, sft) \
	b = (men & JUMPS(d, sft, enemy, empty)) | mm; \
	for (; b; b &= b - 1) { \
		p = tbl_lowbit64(b); \
		if (!(mm >> p & 1)) { \
			longest_add(s, &a, 1 + tk_men_chain(enemy ^ \
			    BIT(p + (sft)), empty ^ (BIT(p) | \
			    BIT(p + (sft)) | BIT(p + 2 * (sft))), \
			    p + 2 * (sft), bound - 1), MV(K_JUMP, p, d, 2)); \
			continue; \
		} \
		q = jump_over(p, d, 1, enemy, empty, &dist); \
		if (q < 0) \
			continue; \
		for (land = ray_run(q, d, empty); land; ) { \
			l = ray_pop(&land, d); \
			longest_add(s, &a, 1 + tk_chain_max(own ^ BIT(p) ^ \
			    BIT(l), enemy ^ BIT(q), live, l, 1, bound - 1), \
			    MV(K_JUMP, p, d, (l - p) / (sft))); \
		} \
	}
	FOR_EACH_DIR(LJ)
#undef LJ
	longest_done(s, &a);
}
