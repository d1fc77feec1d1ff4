/*
 * tuknanavuhpi.h - the state and the private interface of the Tuknanavuhpi
 * plugin (Tuknanavuhpi, the Hopi jump-capture game on a shrinking board
 * (Culin), its Keres twin Aiyawatstani, and the Tunisian Kharbaga).
 *
 * The plugin's files, by role:
 *	game.c		the descriptor and the options (house rules)
 *	rules.c		the rules written to be read: legality, playing a
 *			move, the end of the game, and the general move
 *			generation (any counter, mullahs included)
 *	movegen.c	the fast move generation and apply for men, where it
 *			differs from rules.c, built from the pieces in fast.h
 *	playout.c	a random move without the list (play_random, SDK ABI
 *			1.3): random playouts spend their time here
 *	playout_pdep.c	chain.c and playout.c built again for processors
 *			with a fast PDEP (man_lands in one instruction)
 *	chain.c		what both ways share, below them: who can move and
 *			jump, huffing, the longest chains
 *	names.c		the names of sides and points, the result in words
 *	notation.c	moves, the position string and the board as text
 *	explain.c	why a move is not legal (SDK ABI 1.2), what a legal
 *			move does, told by tk_do_move(), and how the game
 *			ended (1.3)
 *	diagram.c	the board as a diagram (1.3)
 * Calls go one way only: game.c, explain.c and diagram.c over playout.c
 * and notation.c, over movegen.c, over rules.c, over chain.c and names.c.
 *	board.h		the 41-point board as constant tables
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
 * for each mode (MODE_*) with the tests the mode decides folded away; the
 * general code of rules.c takes the rest.  A random playout's move under
 * the plain rules and Kharbaga's (MODE_PLAIN, MODE_KHAR) is one call of
 * play_random, which counts the moves on those bitboards and plays the
 * one drawn without writing the list or checking the move again; so
 * does a side with mullahs under MODE_KHAR, a mullah's steps counted
 * along its rays (under the other modes it draws from rules.c's list).
 * A man with one jump has it as his one legal jump under capture=longest
 * too, and his chain is not searched.  A mullah's lines are rays
 * (tk_ray), its nearest blocker a lowest or highest bit, and a man's
 * jumps one bitboard (man_lands), so that neither is a walk whose end
 * the processor must guess.
 */
#ifndef TUK_TUKNANAVUHPI_H
#define TUK_TUKNANAVUHPI_H

#include <stdint.h>
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

/* Room for the legal longest jumps kept in the state. */
#define NLJ 15
#define LJ_MANY 255
/* s->need when one jump is legal (nlj 1) and its chain was not searched. */
#define NEED_UNKNOWN 255

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
 * The quick ways of legal_moves() and apply() are each built once a mode
 * (MODE_*, below) with every test the mode decides folded away; they must
 * be inlined for that.
 */
#if defined(__GNUC__)
#define INLINE inline __attribute__((always_inline))
#else
#define INLINE inline
#endif

/*
 * The rules the quick ways are built for: MODE_PLAIN, Tuknanavuhpi with
 * capture=compulsory (no mullahs, huffs or longest chains, every
 * direction); MODE_KHAR, Kharbaga with capture=longest and shrink=no
 * (forward steps, mullahs, no huffs or wipes); MODE_ANY, the rest.
 */
enum { MODE_ANY, MODE_PLAIN, MODE_KHAR };

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
	uint8_t mode;		/* MODE_* (see INLINE) */
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
	 * them (tk_update_status): the counters of the side to move that can
	 * jump, or the one in mid-chain; under capture=longest, the most
	 * counters a chain of the side to move can take from here, or
	 * NEED_UNKNOWN when a man has one jump, the one legal jump, whose
	 * chain is then not searched: his chain goes on while he can jump
	 * (tk_chain_need() finds it when it is to be told). */
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
/* Small helpers                                                      */
/* ------------------------------------------------------------------ */

/* The directions an uncrowned counter of `side` may step along. */
static inline unsigned
step_dirs(const struct rules *r, int side)
{
	if (!r->khar)
		return 0xffu;
	return side == 0 ? 0xe0u : 0x07u;	/* NW NE N / S SW SE */
}

static inline int
must_capture(const struct rules *r)
{
	return r->capture == CAP_COMPULSORY || r->capture == CAP_LONGEST;
}

/* Square index of a centre point, or -1 when p is not a centre. */
static inline int
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
static inline int
walk(int p, int d, int dist)
{
	while (dist-- > 0 && p >= 0)
		p = tk_nb[p][d];
	return p;
}

/* The index of the highest set bit of x (x must not be 0). */
static inline int
highbit64(uint64_t x)
{
#if defined(__GNUC__)
	return 63 - __builtin_clzll(x);
#else
	int n = 63;

	while (!(x >> n & 1))
		n--;
	return n;
#endif
}

/*
 * The first point of b along d from p (the nearest to p), else 63 along
 * the lines that go up the point numbers (E NW NE N, d >= 4), -1 along
 * the others: the lowest or the highest point of b on the ray.  Without
 * a branch: where a mullah's line stops is anyone's guess, and a walk
 * along it mispredicts its end nearly every time.
 */
static inline int
ray_first(int p, int d, uint64_t b)
{
	int lo, hi;

	b &= tk_ray[p][d];
	lo = tbl_lowbit64(b | BIT(63));
	hi = highbit64(b << 1 | 1) - 1;
	return d >= 4 ? lo : hi;
}

/* (q - p) / tk_shift[d], the steps from p to q along d, as a multiply:
 * 256 / the shift, rounded up, is exact for lines of up to 8 steps. */
static const int16_t tk_step_recip[8] = { -29, -52, -64, -256, 256, 64, 52,
    29 };

static inline int
ray_steps(int p, int q, int d)
{
	return (q - p) * tk_step_recip[d] >> 8;
}

/* The points along d from p before the first that is not in `empty`:
 * where a mullah that jumps the counter on p may land. */
static inline uint64_t
ray_run(int p, int d, uint64_t empty)
{
	int r = ray_first(p, d, ~empty);

	return tk_ray[p][d] & (d >= 4 ? BIT(r) - 1 : ~(BIT(r + 1) - 1));
}

/* Take from b (not 0) the point nearest the start of a ray along d, and
 * return it: a mullah's landing points in the order of a walk. */
static inline int
ray_pop(uint64_t *b, int d)
{
	int l = d >= 4 ? tbl_lowbit64(*b) : highbit64(*b);

	*b ^= BIT(l);
	return l;
}

/*
 * The enemy counter that a counter on p (a mullah when ism) would jump
 * along d: the next point, or for a mullah the first point that is not
 * empty, when an enemy holds it; else -1.  *dist is its distance from p.
 * (A mullah's line with no such point gives 63 or -1, which no board's
 * bit 63 holds.)
 */
static inline int
jump_over(int p, int d, int ism, uint64_t enemy, uint64_t empty, int *dist)
{
	int q;

	if (ism) {
		q = ray_first(p, d, ~empty);
		*dist = ray_steps(p, q, d);
		return enemy >> (q & 63) & 1 ? q : -1;
	}
	q = tk_nb[p][d];
	*dist = 1;
	return q >= 0 && (enemy >> q & 1) ? q : -1;
}

/* ------------------------------------------------------------------ */
/* Bitboard shifts                                                    */
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

/* The points that have a next point along d (shift s) and a point after
 * that: where a man's jump along d can start. */
#define JMASK(d, s) (tk_dirmask[d] & SH(tk_dirmask[d], -(s)))

/* The points from which a man's jump along d (shift s) goes over one of
 * `enemy` to one of `empty`: the enemies with an empty point beyond them,
 * then the points next to those (two shifts by s, one instruction fewer
 * than shifting each board to the man's point). */
#define JUMPS(d, s, enemy, empty) \
	(JMASK(d, s) & SH((enemy) & SH(empty, -(s)), -(s)))

/* The uncrowned counters of `men` that can jump. */
static inline uint64_t
men_jumpers(uint64_t men, uint64_t enemy, uint64_t empty)
{
	uint64_t j = 0;

#define MJ(d, s) j |= JUMPS(d, s, enemy, empty);
	FOR_EACH_DIR(MJ)
#undef MJ
	return j & men;
}

/*
 * Where the jumps of the man on pos land: over an enemy q next to it to
 * the empty point 2q - pos beyond, when that is on the line (tk_far).
 * The enemies next to pos lie within 9 points of it; moved to bits
 * q - pos + 9 and spread to every other bit (bit i to 2i), each lands on
 * bit 2q - 2pos + 18, which is 2q - pos once shifted back by pos - 18.
 * Without a branch: on a crowded board a man has several enemies next to
 * it and few empty points beyond them, and a loop over the enemies
 * mispredicts whether each can be jumped.
 */
static inline uint64_t
man_lands(int pos, uint64_t enemy, uint64_t empty)
{
	uint64_t x = (enemy & tk_near[pos]) << 9 >> pos;

#ifdef TK_PDEP
	/* Bits 0-18 to the even bits 0-36 (playout_pdep.c). */
	x = __builtin_ia32_pdep_di(x, UINT64_C(0x1555555555));
#else
	x = (x | x << 16) & UINT64_C(0x0000ffff0000ffff);
	x = (x | x << 8) & UINT64_C(0x00ff00ff00ff00ff);
	x = (x | x << 4) & UINT64_C(0x0f0f0f0f0f0f0f0f);
	x = (x | x << 2) & UINT64_C(0x3333333333333333);
	x = (x | x << 1) & UINT64_C(0x5555555555555555);
#endif
	return (x << pos >> 18) & empty & tk_far[pos];
}

/* The direction of the step from p to p + delta (delta + 9 indexes it;
 * ascending deltas are ascending directions). */
static const int8_t dir_of_delta[19] = {
	0, -1, -1, -1, 1, 2, -1, -1, 3, -1, 4, -1, -1, 5, 6, -1, -1, -1, 7
};

/*
 * Under capture=longest, the one jump of the man on pos, landing on b
 * (one point), as the one legal jump: its chain, which no choice hangs
 * on, is left unsearched (need NEED_UNKNOWN).
 */
static inline void
longest_single(struct tbl_state *s, int pos, uint64_t b)
{
	int l = tbl_lowbit64(b), q = (pos + l) >> 1;

	s->lj[0] = (uint16_t)MV(K_JUMP, pos, dir_of_delta[q - pos + 9], 2);
	s->need = NEED_UNKNOWN;
	s->nlj = 1;
}

/* ------------------------------------------------------------------ */
/* Between the files                                                  */
/* ------------------------------------------------------------------ */

/* notation.c: text. */
int tk_parse_move(const struct tbl_state *s, const char *text, tbl_move *m,
    size_t *used, char *err, size_t errlen);
int tk_format_move(const struct tbl_state *s, tbl_move m, char *buf,
    size_t len);
int tk_render(const struct tbl_state *s, char *buf, size_t len);
int tk_get_position(const struct tbl_state *s, char *buf, size_t len);
int tk_set_position(struct tbl_state *s, const char *pos, char *err,
    size_t errlen);

/* movegen.c: the fast way for men. */
int tk_legal_moves(const struct tbl_state *s, tbl_move *out, int cap);
int tk_apply(struct tbl_state *s, tbl_move m);

/* playout.c: a random move without the list. */
int tk_play_random(struct tbl_state *s, uint32_t (*below)(void *, uint32_t),
    void *rng);

/*
 * playout_pdep.c: chain.c and playout.c built again with PDEP, for
 * processors where it is fast; tk_fast_pdep is set when the plugin loads
 * on one (and may be cleared, by a test, to play the portable code).
 */
#if defined(__x86_64__) && defined(__ELF__) && defined(__GNUC__) && \
    !defined(__clang__)
#define TK_PDEP_TWIN 1
extern int tk_fast_pdep;
int tk_play_random_pdep(struct tbl_state *s,
    uint32_t (*below)(void *, uint32_t), void *rng);
#endif

/* rules.c: the rules written to be read. */
int tk_gen_any(const struct tbl_state *s, tbl_move *out, int cap);
int tk_move_legal(const struct tbl_state *s, tbl_move m);
/* Where tk_do_move() tells what a move does (narrate). */
struct tk_tell {
	char *buf;
	size_t len, n;
};
void tk_do_move(struct tbl_state *s, tbl_move m, struct tk_tell *w);
void tk_update_status(struct tbl_state *s);

/* chain.c: what both ways share. */
int tk_piece_can_jump(uint64_t own, uint64_t enemy, uint64_t live, int p,
    int ism);
int tk_any_move(uint64_t own, uint64_t enemy, uint64_t mull, uint64_t live,
    unsigned sdirs);
uint64_t tk_jumpers(uint64_t own, uint64_t enemy, uint64_t mull,
    uint64_t live);
int tk_chain_max(uint64_t own, uint64_t enemy, uint64_t live, int pos,
    int ism, int bound);
int tk_huff_ok(const struct tbl_state *s, int p);
int tk_any_step(uint64_t men, uint64_t mm, uint64_t empty, unsigned sdirs);
int tk_men_chain(uint64_t enemy, uint64_t empty, int pos, int bound);
void tk_longest_one(struct tbl_state *s, int pos, uint64_t enemy,
    uint64_t empty, int bound);
void tk_longest_next(struct tbl_state *s, int pos, uint64_t b,
    uint64_t enemy, uint64_t empty, int need);
int tk_chain_need(const struct tbl_state *s);
void tk_longest_men(struct tbl_state *s, uint64_t men, uint64_t enemy,
    uint64_t empty, int bound);
void tk_longest_jumps(struct tbl_state *s, int bound);

/* names.c: names and the result in words. */
const char *tk_side_name(int t);
void tk_point_name(int p, char out[PNAME]);
int tk_describe_result(const struct tbl_state *s, char *buf, size_t len);

/* explain.c: moves explained (ABI 1.2 and 1.3). */
int tk_explain_illegal(const struct tbl_state *s, tbl_move m, char *buf,
    size_t len);
int tk_narrate(const struct tbl_state *s, tbl_move m, char *buf, size_t len);
int tk_end_kind(const struct tbl_state *s);

/* diagram.c: the board as a diagram (ABI 1.3). */
int tk_diagram(const struct tbl_state *s, const struct tbl_state *before,
    tbl_move last, const struct tbl_draw *d);

#endif /* TUK_TUKNANAVUHPI_H */
