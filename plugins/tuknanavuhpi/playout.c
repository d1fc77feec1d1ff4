/*
 * playout.c - a random move of Tuknanavuhpi without the list (play_random,
 * SDK ABI 1.3), for random playouts: for a side without mullahs under
 * MODE_PLAIN or MODE_KHAR the moves legal_moves() would list are counted
 * on the bitboards, a direction at a time, and the one drawn is played
 * the quick way of fast.h, without the checks apply() makes of a move it
 * is given.  So does a side with mullahs under MODE_KHAR
 * (play_mullahs); under the other modes it draws from the readable
 * rules' list (play_listed).  The rest goes to legal_moves() and apply().
 */
#include <stdint.h>

#include "tuknanavuhpi.h"
#include "fast.h"

/* The k-th (from 0) point of b, ascending: the first two dropped without
 * a branch (a random k mispredicts a loop; a direction seldom has more
 * than three). */
static INLINE int
nth_point(uint64_t b, uint32_t k)
{
	uint64_t c;

#define DROP(i) \
	c = b & (b - 1); \
	b ^= (b ^ c) & -(uint64_t)(k > (i));
	DROP(0) DROP(1)
#undef DROP
	for (k = k > 2 ? k - 2 : 0; k; k--)
		b &= b - 1;
	return tbl_lowbit64(b);
}

/*
 * The moves of one kind, bd[d] the points they go from along direction d
 * (the order gen_men() lists them in: by direction, then point), and
 * before[d] how many come before direction d's (before[8], all of them).
 */
struct boards {
	uint64_t bd[8];
	uint32_t before[9];
};

/* The men's steps along sdirs, or (`jump`) their jumps, into b. */
static INLINE void
men_boards(uint64_t men, uint64_t enemy, uint64_t empty, unsigned sdirs,
    int jump, struct boards *b)
{
	uint32_t n = 0, c[8];

#define MB(d, sft) \
	b->bd[d] = jump ? men & JUMPS(d, sft, enemy, empty) : \
	    (sdirs >> (d) & 1) ? \
	    men & tk_dirmask[d] & SH(empty, -(sft)) : 0; \
	c[d] = (uint32_t)tbl_popcount64(b->bd[d]); \
	b->before[d] = n; \
	n += c[d];
	FOR_EACH_DIR(MB)
#undef MB
	/* The count the draw waits for, summed as a tree. */
	b->before[8] = ((c[0] + c[1]) + (c[2] + c[3])) +
	    ((c[4] + c[5]) + (c[6] + c[7]));
}

/*
 * The k-th move of b (k < b->before[8]) as a direction, returned, and the
 * point it goes from, in *from: the last direction with at most k moves
 * before it, counted without a branch on k.
 */
static INLINE int
board_pick(const struct boards *b, uint32_t k, int *from)
{
	int d;

	/* The directions after the first with at most k moves before
	 * them: seven comparisons side by side, not one after another. */
	d = ((b->before[1] <= k) + (b->before[2] <= k)) +
	    ((b->before[3] <= k) + (b->before[4] <= k)) +
	    ((b->before[5] <= k) + (b->before[6] <= k)) + (b->before[7] <= k);
	*from = nth_point(b->bd[d], k - b->before[d]);
	return d;
}

/* Where the first of the moves of b lands (a step, or `jump`), or -1. */
static INLINE int
board_first_to(const struct boards *b, int jump)
{
	int from, d;

	if (b->before[8] == 0)
		return -1;
	/* board_pick(b, 0, &from), the draw known. */
	d = b->before[4] == 0 ? 4 : 0;
	d += b->before[d + 2] == 0 ? 2 : 0;
	d += b->before[d + 1] == 0 ? 1 : 0;
	from = tbl_lowbit64(b->bd[d]);
	return from + tk_shift[d] * (1 + jump);
}

/*
 * play_men()'s draw and move once its kind is known (K_JUMP: s->jm is not
 * 0, else K_STEP): with the kind a constant, the move played needs no
 * second test of it (a random one, which mispredicts).
 */
static INLINE int
play_kind(struct tbl_state *s, uint32_t (*below)(void *, uint32_t),
    void *rng, int mode, int kind)
{
	int t = s->turn, d, from, jump = kind == K_JUMP;
	uint64_t own = s->side[t], enemy = s->side[!t], w = 0;
	uint64_t empty = ALL & ~s->dead & ~(own | enemy);
	struct boards b;
	uint32_t k, n, nw;

	if (jump)
		/* Jumps only (and in mid-chain the one man's). */
		men_boards(s->chain >= 0 ? BIT(s->chain) : s->jm, enemy, empty,
		    0, 1, &b);
	else if (t == 0)
		/* Steps, each side's directions a constant. */
		men_boards(own, enemy, empty, mode_sdirs(s, 0, mode), 0, &b);
	else
		men_boards(own, enemy, empty, mode_sdirs(s, 1, mode), 0, &b);
	if (mode_shrink(s, mode) && !(s->done & DONE_WIPE) && s->chain < 0 &&
	    (w = wipe_centres(s, own, enemy)) != 0)
		w = wipes_left(s, w, own, enemy, empty, mode_sdirs(s, t, mode),
		    board_first_to(&b, jump));
	nw = (uint32_t)tbl_popcount64(w);
	n = b.before[8];
	k = below(rng, n + nw);
	if (k >= n) {
		/* Only MODE_PLAIN shrinks, without capture=longest. */
		men_wipe(s, nth_point(w, k - n), own, enemy, empty);
		return (int)(n + nw);
	}
	d = board_pick(&b, k, &from);
	man_move(s, kind, t, from, d, MV(kind, from, d, 1 + jump), mode, 1);
	return (int)(n + nw);
}

/*
 * play_random() for a side without mullahs, in one mode (not MODE_ANY):
 * the moves gen_men() would list, counted on the bitboards, and the one
 * drawn played the quick way (a wipe, rare, by men_wipe()).
 */
static INLINE int
play_men(struct tbl_state *s, uint32_t (*below)(void *, uint32_t),
    void *rng, int mode)
{
	uint32_t nw;
	tbl_move m;

	if (s->jm && mode_longest(s, mode)) {
		/* The legal jumps are kept: in mid-chain or not, all. */
		nw = s->nlj;
		m = s->lj[below(rng, nw)];
		man_move(s, K_JUMP, s->turn, MV_FROM(m), MV_DIR(m), m, mode,
		    1);
		return (int)nw;
	}
	if (s->jm)
		return play_kind(s, below, rng, mode, K_JUMP);
	return play_kind(s, below, rng, mode, K_STEP);
}

/* Room for the moves of a side with mullahs that play_listed() takes;
 * a side with more (flying mullahs on an open board) is left to
 * legal_moves() and apply(). */
#define LIST_ROOM 256

/*
 * play_random() for a side with mullahs (or more longest jumps than the
 * state keeps): the list of the readable rules, which legal_moves() gives
 * them, and the move drawn played by tk_do_move() without the checks of
 * apply(), which would look at a listed move again.
 */
static int
play_listed(struct tbl_state *s, uint32_t (*below)(void *, uint32_t),
    void *rng)
{
	tbl_move list[LIST_ROOM];
	int n = tk_gen_any(s, list, LIST_ROOM);

	if (n <= 0 || n > LIST_ROOM)
		return 0;
	tk_do_move(s, list[below(rng, (uint32_t)n)], NULL);
	return n;
}

/*
 * Counting the moves is a population count a direction.  Where the
 * compiler can, tk_play_random() is built twice, with the processor's
 * POPCNT instruction and without, and the loader picks the one the
 * processor runs (an x86-64 built for the first 64-bit processors
 * otherwise counts bits in a library call).  GCC only: clang 14 names
 * the clones' resolver so that a call from another file (game.c's
 * descriptor) finds no tk_play_random, and the plugin does not load.
 */
#if defined(__x86_64__) && defined(__ELF__) && defined(__has_attribute) && \
    !defined(__clang__) && !defined(TK_PDEP)
#if __has_attribute(target_clones)
#define POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#endif
#endif
#ifndef POPCNT_CLONES
#define POPCNT_CLONES
#endif

/* Where the mullah on p may step or fly along d: the empty points up to
 * the first that is not (`flying`), or the next point when empty. */
static INLINE uint64_t
mullah_run(int p, int d, uint64_t empty, int flying)
{
	return ray_run(p, d, empty) & (flying ? ALL : tk_near[p]);
}

/*
 * The k-th step of direction d (k below its count), in the order of the
 * readable rules' list (tk_gen_any): by point, then (a mullah's) by
 * distance; played, and the next turn begun.
 */
static INLINE void
play_step_k(struct tbl_state *s, uint64_t men_d, uint64_t mm, int d,
    uint32_t k, int flying)
{
	uint64_t empty = ALL & ~s->dead & ~(s->side[0] | s->side[1]), b, r;
	uint32_t c;
	int p;

	for (b = men_d | mm; b; b &= b - 1) {
		p = tbl_lowbit64(b);
		if (!(mm >> p & 1)) {
			if (k-- == 0) {
				man_move(s, K_STEP, s->turn, p, d,
				    MV(K_STEP, p, d, 1), MODE_KHAR, 1);
				return;
			}
			continue;
		}
		r = mullah_run(p, d, empty, flying);
		c = (uint32_t)tbl_popcount64(r);
		if (k < c) {
			mullah_step(s, s->turn, p, walk(p, d, (int)k + 1),
			    MODE_KHAR);
			return;
		}
		k -= c;
	}
}

/*
 * play_random() for a side with mullahs under MODE_KHAR: its jumps are
 * the kept legal ones (lj); its steps, a man's forward, a mullah's along
 * every line, counted direction by direction on the bitboards and the
 * one drawn played without the list.  A mullah's jump is played by
 * tk_do_move().
 */
static POPCNT_CLONES int
play_mullahs(struct tbl_state *s, uint32_t (*below)(void *, uint32_t),
    void *rng)
{
	int t = s->turn, flying = s->r.flying, d;
	uint64_t own = s->side[t], mm = own & s->mull, men = own & ~mm;
	uint64_t empty = ALL & ~s->dead & ~(own | s->side[!t]), b, st[8];
	uint32_t n = 0, before[9], k;
	tbl_move m;

	if (s->jm) {
		n = s->nlj;
		m = s->lj[below(rng, n)];
		if (mm >> MV_FROM(m) & 1)
			tk_do_move(s, m, NULL);
		else
			man_move(s, K_JUMP, t, MV_FROM(m), MV_DIR(m), m,
			    MODE_KHAR, 1);
		return (int)n;
	}
#define PS(dd, sft) \
	st[dd] = (mode_sdirs(s, t, MODE_KHAR) >> (dd) & 1) ? \
	    men & tk_dirmask[dd] & SH(empty, -(sft)) : 0; \
	before[dd] = n; \
	n += (uint32_t)tbl_popcount64(st[dd]); \
	for (b = mm; b; b &= b - 1) \
		n += (uint32_t)tbl_popcount64(mullah_run(tbl_lowbit64(b), \
		    dd, empty, flying));
	FOR_EACH_DIR(PS)
#undef PS
	before[8] = n;
	k = below(rng, n);
	for (d = 0; before[d + 1] <= k; d++)
		;
	play_step_k(s, st[d], mm, d, k - before[d], flying);
	return (int)n;
}

/*
 * Where the PDEP twin is built (TK_PDEP_TWIN), the portable code's
 * play_random() is play_random_port(), and tk_play_random() chooses
 * between it and the twin's (below); in the twin and elsewhere this is
 * tk_play_random() itself.
 */
#if defined(TK_PDEP_TWIN) && !defined(TK_PDEP)
#define PLAY_RANDOM static POPCNT_CLONES int play_random_port
#else
#define PLAY_RANDOM POPCNT_CLONES int tk_play_random
#endif

/*
 * Play a random move (SDK ABI 1.3): the quick way's positions, a side
 * without mullahs under MODE_PLAIN or MODE_KHAR, and a side with mullahs
 * under any mode; 0 for the rest, which legal_moves() and apply() take.
 */
PLAY_RANDOM(struct tbl_state *s, uint32_t (*below)(void *, uint32_t),
    void *rng)
{
	if (s->status != ST_PLAY)
		return 0;
	if (s->nlj == LJ_MANY)
		return play_listed(s, below, rng);
	if (s->side[s->turn] & s->mull)
		return s->r.mode == MODE_KHAR ? play_mullahs(s, below, rng) :
		    play_listed(s, below, rng);
	if (s->r.mode == MODE_PLAIN)
		return play_men(s, below, rng, MODE_PLAIN);
	if (s->r.mode == MODE_KHAR)
		return play_men(s, below, rng, MODE_KHAR);
	return 0;
}

#if defined(TK_PDEP_TWIN) && !defined(TK_PDEP)
int tk_fast_pdep;

/* When the plugin loads: whether this processor runs the PDEP twin
 * (playout_pdep.c), an x86-64-v3 one whose PDEP is not microcode (the
 * SDK's tbl_pdep_fast()). */
static void __attribute__((constructor))
choose_pdep(void)
{
	__builtin_cpu_init();
	tk_fast_pdep = __builtin_cpu_supports("x86-64-v3") && tbl_pdep_fast();
}

/* play_random(): the twin's or the portable code's, a test and a jump
 * (the choice is in tk_fast_pdep, not in the function, so that a test
 * can play both). */
int
tk_play_random(struct tbl_state *s, uint32_t (*below)(void *, uint32_t),
    void *rng)
{
	if (tk_fast_pdep)
		return tk_play_random_pdep(s, below, rng);
	return play_random_port(s, below, rng);
}
#endif
