/*
 * movebuf.h - the legal moves (or chance outcomes) of a position in a
 * buffer that grows as a game needs it.
 *
 * Every loop that plays games (sessions, the AI, bench, check, match)
 * asks the plugin for moves the same way: legal_moves() or, at a chance
 * point, chance_outcomes() with probabilities, into a buffer that is
 * enlarged and asked again when the plugin reports more moves than fit.
 * The common case (they fit) is inline, so the playout loops stay fast.
 *
 *	struct movebuf mb;
 *	movebuf_init(&mb);
 *	n = movebuf_fill(&mb, g, st, game_to_move(g, st));   // mb.m[0..n)
 *	movebuf_free(&mb);
 */
#ifndef TABLERO_MOVEBUF_H
#define TABLERO_MOVEBUF_H

#include "tablero.h"

struct movebuf {
	tbl_move *m;		/* the moves or outcomes */
	double *prob;		/* at a chance point, each outcome's probability */
	int cap;		/* entries allocated in m and prob */
	int broken;		/* last count a plugin reported past the limit, or 0 */
};

/* The most moves (or outcomes) of one position the host accepts. */
#define MOVES_MAX (1 << 20)

/* An empty buffer of TBL_MOVES_HINT entries (never fails). */
void movebuf_init(struct movebuf *b);
void movebuf_free(struct movebuf *b);

/* The slow path of movebuf_fill(): grow to n entries and ask again. */
int movebuf_fill_grow(struct movebuf *b, const struct tbl_game *g,
    const struct tbl_state *st, int who, int n);

/*
 * The moves of st for `who` (its to_move(): a player, or TBL_CHANCE for
 * the outcomes and their probabilities) into b; returns how many (0 when
 * there are none or the plugin reports an error).
 */
static inline int
movebuf_fill(struct movebuf *b, const struct tbl_game *g,
    const struct tbl_state *st, int who)
{
	int n = who == TBL_CHANCE ? g->chance_outcomes(st, b->m, b->prob, b->cap) :
	    g->legal_moves(st, b->m, b->cap);

	if (n > b->cap)
		return movebuf_fill_grow(b, g, st, who, n);
	return n < 0 ? 0 : n;
}

#endif /* TABLERO_MOVEBUF_H */
