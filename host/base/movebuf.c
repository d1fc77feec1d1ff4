/*
 * movebuf.c - the growing legal-move buffer (see movebuf.h).
 */
#include "config.h"

#include <stdlib.h>

#include "base/movebuf.h"
#include "base/util.h"

void
movebuf_init(struct movebuf *b)
{
	b->cap = TBL_MOVES_HINT;
	b->broken = 0;
	/* Lines of their own: each thread of a search fills its buffer. */
	b->m = xmalloc_lines((size_t)b->cap * sizeof *b->m);
	b->prob = xmalloc_lines((size_t)b->cap * sizeof *b->prob);
}

void
movebuf_free(struct movebuf *b)
{
	free(b->m);
	free(b->prob);
	b->m = NULL;
	b->prob = NULL;
	b->cap = 0;
}

int
movebuf_fill_grow(struct movebuf *b, const struct tbl_game *g,
    const struct tbl_state *st, int who, int n)
{
	/*
	 * Grow once to what the plugin asked for.  A plugin that then asks
	 * for more again (or for an absurd number) breaks the contract:
	 * no moves, and the buffer says why, rather than asking forever.
	 */
	if (n > MOVES_MAX) {
		b->broken = n;
		return 0;
	}
	b->cap = n;
	free(b->m);	/* filled afresh below */
	free(b->prob);
	b->m = xmalloc_lines((size_t)n * sizeof *b->m);
	b->prob = xmalloc_lines((size_t)n * sizeof *b->prob);
	n = who == TBL_CHANCE ? g->chance_outcomes(st, b->m, b->prob, b->cap) :
	    g->legal_moves(st, b->m, b->cap);
	if (n > b->cap) {
		b->broken = n;
		return 0;
	}
	return n < 0 ? 0 : n;
}
