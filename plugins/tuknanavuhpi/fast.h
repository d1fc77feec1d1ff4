/*
 * fast.h - the pieces of Tuknanavuhpi's quick way for a side without
 * mullahs (nearly every position of a game), shared by movegen.c (the
 * legal moves and apply) and playout.c (a random move without the list):
 * the tests a rule mode decides, the men's reach and wipes, and a man's
 * step or jump checked and played on the bitboards, with the start of the
 * next turn.  Each is inlined and built once for each mode of struct rules
 * (MODE_PLAIN, MODE_KHAR and MODE_ANY) with every test the mode decides
 * folded away.  Included by those two files only.
 */
#ifndef TUK_FAST_H
#define TUK_FAST_H

#include <stdint.h>

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

/* Whether the man on p can jump. */
static inline int
man_can_jump(int p, uint64_t enemy, uint64_t empty)
{
	return man_lands(p, enemy, empty) != 0;
}

/* ------------------------------------------------------------------ */
/* Wipes                                                              */
/* ------------------------------------------------------------------ */

/* The sixteen centres split: the twelve of the border squares and the
 * four inner ones (b2 is square 0, and square q's centre is point
 * 9 * (q / 4) + q % 4 + 5, so squares side by side are 1 or 9 apart). */
#define INNER_CENTRES (BIT(15) | BIT(16) | BIT(24) | BIT(25))
#define BORDER_CENTRES (CENTRES & ~INNER_CENTRES)
/* The five points of the square centred on p are SQ_MASK << (p - 5). */
#define SQ_MASK UINT64_C(0x623)

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

/* Of the wipes of the squares centred on c, those that spare a point that
 * a step or (when `jumps`) a jump of the men reaches. */
static inline uint64_t
men_wipes(uint64_t men, uint64_t enemy, uint64_t empty, unsigned sdirs,
    int jumps, uint64_t c)
{
	uint64_t reach = men_step_reach(men, empty, sdirs), w = 0;
	int p;

	if (jumps)
		reach |= men_jump_reach(men, enemy, empty);
	for (; c; c &= c - 1) {
		p = tbl_lowbit64(c);
		if (reach & ~(SQ_MASK << (p - 5)))
			w |= c & -c;
	}
	return w;
}

/*
 * The centres of the squares a side may wipe, before the test that the
 * wipe leaves a step or jump: live squares with five empty points (a
 * square's corners are 4 and 5 points from its centre), on the edge.
 */
static INLINE uint64_t
wipe_centres(const struct tbl_state *s, uint64_t own, uint64_t enemy)
{
	uint64_t o = own | enemy, c, wc;

	c = CENTRES & ~s->dead & ~(o | o << 4 | o << 5 | o >> 4 | o >> 5);
	if (!c)
		return 0;
	wc = CENTRES & s->dead;
	return c & (BORDER_CENTRES | (s->r.edge_original ? 0 :
	    INNER_CENTRES & (wc << 1 | wc >> 1 | wc << 9 | wc >> 9)));
}

/*
 * Of the wipe centres c (not 0), those whose wiping spares a point some
 * step or jump of a side without mullahs reaches: the exact test.  `to`
 * is where the first step or jump listed lands (-1 when none is).
 */
static INLINE uint64_t
wipes_left(const struct tbl_state *s, uint64_t c, uint64_t own,
    uint64_t enemy, uint64_t empty, unsigned sdirs, int to)
{
	uint64_t u = c | c << 4 | c << 5 | c >> 4 | c >> 5;

	/* Nearly always the first step or jump goes outside all of them,
	 * and then every one may go. */
	if (to >= 0 && !(u >> to & 1))
		return c;
	return men_wipes(own, enemy, empty, sdirs, s->jm != 0, c);
}

/* ------------------------------------------------------------------ */
/* Playing a move                                                     */
/* ------------------------------------------------------------------ */

/*
 * tk_longest_men() for the men jm (not 0) with every bound: one man with
 * one jump (the most of the time) inline, the rest by the call.
 */
static INLINE void
longest_men_quick(struct tbl_state *s, uint64_t jm, uint64_t enemy,
    uint64_t empty)
{
	uint64_t b;
	int p;

	if (!(jm & (jm - 1))) {
		p = tbl_lowbit64(jm);
		b = man_lands(p, enemy, empty);
		if (!(b & (b - 1))) {
			longest_single(s, p, b);
			return;
		}
	}
	tk_longest_men(s, jm, enemy, empty, MAXCOUNTERS);
}

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
			longest_men_quick(s, jm, enemy, empty);
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
 * The end of a step of the counter of side t on `from` (`moved`: its
 * point and where it goes), played: the counters the other side may huff
 * (those of s->jm that could have jumped, the one that moved where it
 * went), the quiet turns and the turn.
 */
static INLINE void
step_over(struct tbl_state *s, int t, int from, uint64_t moved, int mode)
{
	uint64_t j = 0;

	if (mode_huff(s, mode)) {
		j = s->jm;
		if (j >> from & 1)
			j ^= moved;
	}
	if (mode == MODE_ANY && (s->done & DONE_HUFF))
		s->quiet = 0;
	else if (s->quiet < UINT16_MAX)
		s->quiet++;
	s->turn = (int8_t)!t;
	s->done = 0;
	s->huff = j;
}

/*
 * A mullah's step or flight from `from` to `to`, known legal, played on
 * the bitboards as tk_do_move() plays it, the next turn begun.
 */
static INLINE void
mullah_step(struct tbl_state *s, int t, int from, int to, int mode)
{
	uint64_t moved = BIT(from) | BIT(to);

	s->side[t] ^= moved;
	s->mull ^= moved;
	step_over(s, t, from, moved, mode);
	begin_turn(s, mode);
}

/*
 * A man's step (from, along d), checked (unless `trust`: a move known to
 * be legal) and played on the bitboards to the same effect as
 * tk_move_legal() and tk_do_move() but for the tk_update_status() left to
 * begin_turn(): -1 when illegal, else 1 (the turn is over).
 */
static INLINE int
man_step(struct tbl_state *s, int t, int from, int d, tbl_move m, int mode,
    int trust)
{
	uint64_t own = s->side[t], enemy = s->side[!t], moved;
	uint64_t empty = ALL & ~s->dead & ~(own | enemy);
	/* A legal step's point is a shift away, known sooner than the
	 * table's. */
	int to = trust ? from + tk_shift[d] : tk_nb[from][d];

	if (!trust && ((m & 7) != 0 || !(mode_sdirs(s, t, mode) >> d & 1) ||
	    to < 0 || !(empty >> to & 1) || (s->jm && mode_must(s, mode))))
		return -1;
	moved = BIT(from) | BIT(to);
	step_over(s, t, from, moved, mode);
	own ^= moved;
	s->side[t] = own;
	if (mode_khar(s, mode) && (BIT(to) & (t == 0 ? RANK9 : RANK1)))
		s->mull |= BIT(to);
	return 1;
}

/*
 * The same for a man's jump: 0 when the chain goes on, which is while the
 * man can jump again (under capture=longest too: a legal jump goes along
 * a chain of the most counters, so the chain goes on exactly when there
 * are more to take).
 */
static INLINE int
man_jump(struct tbl_state *s, int t, int from, int d, tbl_move m, int mode,
    int trust)
{
	uint64_t own = s->side[t], enemy = s->side[!t];
	uint64_t empty = ALL & ~s->dead & ~(own | enemy);
	uint64_t b;
	int over = trust ? from + tk_shift[d] : tk_nb[from][d], l, i;

	if (!trust && ((m & 7) != 1 || over < 0 || !(enemy >> over & 1)))
		return -1;
	l = trust ? over + tk_shift[d] : tk_nb[over][d];
	if (!trust && (l < 0 || !(empty >> l & 1)))
		return -1;
	if (!trust && mode_longest(s, mode)) {
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
	if ((b = man_lands(l, enemy, empty)) != 0) {
		s->huff = 0;
		s->done = 0;
		/* The jump went along a longest chain (if that is the
		 * rule), so one counter less is left. */
		s->chain = (int8_t)l;
		s->jm = BIT(l);
		if (s->need && s->need != NEED_UNKNOWN)
			s->need--;
		if (mode_longest(s, mode)) {
			/* tk_longest_next(), its one jump (nearly always)
			 * inline. */
			if (b & (b - 1))
				tk_longest_next(s, l, b, enemy, empty,
				    s->need);
			else {
				i = s->need;
				longest_single(s, l, b);
				s->need = (uint8_t)i;
			}
		}
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
 * The wipe of the square centred on c, known to be legal, by a side
 * without mullahs while no chain is on and not under capture=longest (so
 * nlj stays 0): tk_do_move()'s play_wipe() and the tk_update_status() it
 * ends with, which after a wipe only looks again at the jumps, since the
 * side wiping moves again and the wipe took no counter (its square was
 * empty).  A random playout wipes in one move of fifteen or so, and
 * tk_apply() would check again what the draw knows.
 */
static INLINE void
men_wipe(struct tbl_state *s, int c, uint64_t own, uint64_t enemy,
    uint64_t empty)
{
	int q = square_of_centre(c);

	s->wiped |= (uint16_t)(1u << q);
	s->dead |= tk_sq_points[q];
	s->done |= DONE_WIPE;
	s->huff = 0;
	s->jm = men_jumpers(own, enemy, empty & ~tk_sq_points[q]);
	s->need = 0;
	s->nlj = 0;
	s->status = ST_PLAY;
	s->why = WHY_NONE;
}

/* A man's step or jump the quick way, then begin_turn(), in one mode. */
static INLINE int
man_move(struct tbl_state *s, int kind, int t, int from, int d, tbl_move m,
    int mode, int trust)
{
	int r = kind == K_STEP ? man_step(s, t, from, d, m, mode, trust) :
	    man_jump(s, t, from, d, m, mode, trust);

	if (r > 0)
		begin_turn(s, mode);
	return r < 0 ? -1 : 0;
}

#endif /* TUK_FAST_H */
