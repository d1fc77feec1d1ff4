/*
 * check_random.c - `tablero check` holds a plugin's play_random() (SDK
 * ABI 1.3) and playout() (ABI 1.4) to the game that listing the moves
 * and applying one plays.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cmd/check_random.h"
#include "base/movebuf.h"
#include "base/rng.h"
#include "base/util.h"
#include "core/game.h"

/* A draw fixed in advance, and what play_random() asked of it. */
struct fixed_draw {
	uint32_t k;	/* the answer */
	uint32_t n;	/* the last n asked about */
	int calls;
};

static uint32_t
fixed_below(void *p, uint32_t n)
{
	struct fixed_draw *d = p;

	d->calls++;
	d->n = n;
	return d->k < n ? d->k : 0;
}

/* The failure, if any, of a play_random() that returned r after the draws
 * d, leaving a where apply() of the k-th move leaves b (a declined one
 * should leave st). */
static char *
random_fault(const struct tbl_game *g, const struct tbl_state *st,
    struct tbl_state *a, struct tbl_state *b, int r,
    const struct fixed_draw *d, const tbl_move *mv, int n, int k)
{
	char *pa, *pb, *msg = NULL;

	if (r == 0 && d->calls != 0)
		return xasprintf("play_random() drew and then returned 0");
	if (r != 0 && d->calls != 1)
		return xasprintf("play_random() drew %d times, not once",
		    d->calls);
	if (r != 0 && (r != n || d->n != (uint32_t)n))
		return xasprintf("play_random() drew among %u moves and "
		    "returned %d, but legal_moves lists %d", d->n, r, n);
	if (r != 0 && g->apply(b, mv[k]) != 0)
		return NULL;	/* the listing's own check reports it */
	pa = game_position(g, a);
	pb = game_position(g, r != 0 ? b : st);
	if (strcmp(pa, pb) != 0 || g->to_move(a) != g->to_move(r ? b : st))
		msg = r == 0 ? xasprintf("play_random() returned 0 but changed "
		    "the position to '%s'", pa) : xasprintf("play_random() "
		    "with draw %d leaves '%s', but applying legal move %d "
		    "(%u) leaves '%s'", k, pa, k, (unsigned)mv[k], pb);
	free(pa);
	free(pb);
	return msg;
}

char *
check_play_random(const struct tbl_game *g, const struct tbl_state *st,
    const tbl_move *mv, int n, int k)
{
	struct fixed_draw d = { (uint32_t)k, 0, 0 };
	struct tbl_state *a, *b;
	char *msg;
	int r;

	if (g->play_random == NULL)
		return NULL;
	a = g->clone(st);
	b = g->clone(st);
	r = g->play_random(a, fixed_below, &d);
	msg = random_fault(g, st, a, b, r, &d, mv, n, k);
	g->destroy(a);
	g->destroy(b);
	return msg;
}

char *
check_random_declines(const struct tbl_game *g, const struct tbl_state *st,
    const char *where)
{
	struct fixed_draw d = { 0, 0, 0 };
	struct tbl_state *a;
	char *pa, *pb, *msg = NULL;
	int r;

	if (g->play_random == NULL)
		return NULL;
	a = g->clone(st);
	r = g->play_random(a, fixed_below, &d);
	if (r != 0 || d.calls != 0) {
		msg = xasprintf("play_random() %s %s, where it must return 0 "
		    "without a draw", r != 0 ? "played a move" : "drew", where);
	} else {
		pa = game_position(g, a);
		pb = game_position(g, st);
		if (strcmp(pa, pb) != 0)
			msg = xasprintf("play_random() returned 0 %s but "
			    "changed the position to '%s'", where, pa);
		free(pa);
		free(pb);
	}
	g->destroy(a);
	return msg;
}

/*
 * Play on b the `n` moves playout() said it played, each listed and
 * drawn from r as the SDK says; the first fault as a message, or NULL.
 */
static char *
playout_replay(const struct tbl_game *g, struct tbl_state *b, struct rng *r,
    long n)
{
	struct movebuf mb;
	char *msg = NULL;
	long i;
	int who, cnt;

	movebuf_init(&mb);
	for (i = 0; i < n && msg == NULL; i++) {
		who = g->to_move(b);
		if (who < 0) {
			msg = xasprintf("playout() answered %ld move%s, but "
			    "after %ld the game %s", n, n == 1 ? "" : "s", i,
			    who == TBL_CHANCE ? "is at a chance point" :
			    "is over");
			break;
		}
		if ((cnt = movebuf_fill(&mb, g, b, who)) <= 0)
			break;	/* the listing's own check reports it */
		if (g->apply(b, mb.m[rng_below(r, (uint32_t)cnt)]) != 0)
			break;
	}
	movebuf_free(&mb);
	return msg;
}

char *
check_playout(const struct tbl_game *g, const struct tbl_state *st,
    uint64_t seed, long cap)
{
	struct tbl_state *a, *b;
	struct rng ra, rb;
	char *pa, *pb, *msg = NULL;
	long n;

	if (g->playout == NULL)
		return NULL;
	rng_seed(&ra, seed);
	rb = ra;
	a = g->clone(st);
	b = g->clone(st);
	n = g->playout(a, &ra.g, cap);
	if (n < 0 || n > cap)
		msg = xasprintf("playout() returned %ld moves, outside 0 to "
		    "the cap of %ld", n, cap);
	else
		msg = playout_replay(g, b, &rb, n);
	if (msg == NULL) {
		pa = game_position(g, a);
		pb = game_position(g, b);
		if (strcmp(pa, pb) != 0 || g->to_move(a) != g->to_move(b))
			msg = xasprintf("playout() of %ld move%s leaves '%s', but "
			    "listing and applying the drawn moves leaves '%s'",
			    n, n == 1 ? "" : "s", pa, pb);
		else if (memcmp(&ra, &rb, sizeof ra) != 0)
			msg = xasprintf("playout() of %ld move%s drew otherwise "
			    "than once a move among the legal moves", n,
			    n == 1 ? "" : "s");
		free(pa);
		free(pb);
	}
	g->destroy(a);
	g->destroy(b);
	return msg;
}
