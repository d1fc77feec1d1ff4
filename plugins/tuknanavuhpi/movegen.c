/*
 * movegen.c - the fast move generation and apply of Tuknanavuhpi for a
 * side without mullahs (nearly every position of a game): every set of
 * men that move the same way is a bitboard, written out in ascending
 * order, and a man's step or jump is checked and played on the bitboards
 * (fast.h).  Each is built once for each mode of struct rules
 * (MODE_PLAIN, MODE_KHAR and MODE_ANY) with every test the mode decides
 * folded away.  rules.c has the readable rules and the general way, which
 * this file falls back on.  Under capture=longest a man's chains are
 * searched only from where they can go on (longest_dirs, tk_longest_one
 * in chain.c).
 */
#include <stdint.h>
#include <string.h>

#include "tuknanavuhpi.h"
#include "fast.h"

/* ------------------------------------------------------------------ */
/* Legal moves                                                        */
/* ------------------------------------------------------------------ */

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
	b = from & JUMPS(d, sft, enemy, empty); \
	n = emit_bits(out, n, b, MV(K_JUMP, 0, d, 2), 1);
	FOR_EACH_DIR(JM)
#undef JM
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
	uint64_t b;
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
	if (mode_shrink(s, mode) && !(s->done & DONE_WIPE) &&
	    (b = wipe_centres(s, own, enemy)) != 0)
		n = emit_bits(out, n, wipes_left(s, b, own, enemy, empty, sdirs,
		    n ? MV_FROM(out[0]) + tk_shift[MV_DIR(out[0])] *
		    MV_DIST(out[0]) : -1), MV(K_WIPE, 0, 0, 1), 1);
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
			return man_move(s, kind, t, from, d, m, MODE_PLAIN, 0);
		if (s->r.mode == MODE_KHAR)
			return man_move(s, kind, t, from, d, m, MODE_KHAR, 0);
		return man_move(s, kind, t, from, d, m, MODE_ANY, 0);
	}
	if (!tk_move_legal(s, m))
		return -1;
	tk_do_move(s, m, NULL);
	return 0;
}
