/*
 * dense_share.c - a level of the dense solver (dense.h) solved by several
 * processes, each holding only its share: its block (dense_block()) of
 * every level's table, and of the level being solved, the moves of its
 * block.  The transport is the caller's (struct procs: MPI in
 * host/main_mpi.c); every function here that exchanges is collective.
 *
 * A level is solved in two steps.  First each process plays the moves of
 * its block, a batch of BATCH positions at a time: a move that ends the
 * game or goes down to a position of a lower level this process holds is
 * folded into the position's fixed value at once; one that goes down to
 * a position another process holds is asked for (the batch's keys sorted,
 * sent to their owners, the values sent back: two MPI_Alltoallv), then
 * folded; one that stays on the level is kept as a child.  Then the
 * children held elsewhere (ghosts) are listed once, each process learning
 * which of its positions the others read, and the level is swept to its
 * fixed point as by one process, the ghosts' values exchanged after every
 * sweep.  A sweep reads the ghosts' values of the sweep before: as the
 * values only move one way (dense_sweep.c), the stale reads reach the
 * same fixed point, and a sweep in which no process changed a value
 * proves it reached (the ghosts then hold the values of now).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/dense_level.h"
#include "base/interrupt.h"
#include "base/util.h"
#include "core/game.h"

#define BATCH ((uint64_t)1 << 18)	/* positions played between asks, at
					   most; a 16th of the block, least */
#define GROW 4096			/* the first room of a list */
#define TOO_MUCH "exchanges more values than the transport takes at " \
	"once: run more processes"

struct share {
	struct dense *d;
	const struct procs *cm;
	int level;
	uint64_t lo, m;		/* the block: positions lo .. lo + m */
	uint64_t batch;		/* positions played between asks */
	int narrow;		/* the level's indices fit in a slot
				   (fewer than d->slots) */
	uint16_t *tab;		/* its values, m */
	uint16_t *fixed;	/* m: the value of the moves off the level */
	uint8_t *who;		/* bit k: player 1 moves at lo + k */
	uint8_t *nk;		/* m: children on the level */
	uint32_t *slot;		/* the children: < m this block's, else
				   m + their place in gh.key; while
				   playing, their index (narrow) or
				   m + their place in far */
	size_t nkid, kidcap;
	uint64_t *far;		/* while playing, not narrow: children
				   held elsewhere */
	size_t nfar, farcap;
	struct ask gh;		/* the ghosts: the children others hold */
	uint32_t *serve;	/* the positions of the block others read */
	uint16_t *gval, *gsend;	/* their values; the values others read */
	uint64_t *pkey;		/* the batch's asks of lower levels, */
	uint32_t *ppos;		/* ... the position that asked */
	int8_t *ptaken;		/* ... and what the move took */
	size_t np, pcap;
	struct tbl_state *s, *c;
	tbl_move *mv;
	int mvcap, failed;
	size_t work;		/* bytes held for the level, now */
	char err[256];
};

/* The bytes held for the level grow by n (or shrink); the peak follows. */
static void
note(struct share *sh, size_t n, int grow)
{
	struct dense *d = sh->d;

	sh->work = grow ? sh->work + n : sh->work - n;
	if (d->st.bytes + sh->work > d->st.peak)
		d->st.peak = d->st.bytes + sh->work;
}

/* A failure at position k of the block: the message, in sh->err. */
static int
fail(struct share *sh, uint64_t k, const char *what)
{
	if (!sh->failed)
		snprintf(sh->err, sizeof sh->err, "%s %s (level %d, position "
		    "%llu)", sh->d->g->name, what, sh->level,
		    (unsigned long long)(sh->lo + k));
	sh->failed = 1;
	return -1;
}

static int
who_at(const struct share *sh, uint64_t k)
{
	return (sh->who[k >> 3] >> (k & 7)) & 1;
}

/* Child j of the level: its slot, for now.  0 or -1. */
static int
push_kid(struct share *sh, uint64_t k, uint64_t j)
{
	uint64_t s = sh->narrow ? j : j - sh->lo;

	if (!sh->narrow && (j < sh->lo || j >= sh->lo + sh->m)) {
		if (sh->nfar == sh->farcap) {
			size_t old = sh->farcap;
			sh->farcap = old ? 2 * old : GROW;
			sh->far = xrealloc(sh->far, sh->farcap * sizeof *sh->far);
			note(sh, (sh->farcap - old) * sizeof *sh->far, 1);
		}
		s = sh->m + sh->nfar;
		sh->far[sh->nfar++] = KEY(sh->level, j);
	}
	if (s >= sh->d->slots)
		return fail(sh, k, "has too many positions for one process: "
		    "run more processes");
	if (sh->nkid == sh->kidcap) {
		size_t old = sh->kidcap;
		sh->kidcap = old ? 2 * old : GROW;
		sh->slot = xrealloc(sh->slot, sh->kidcap * sizeof *sh->slot);
		note(sh, (sh->kidcap - old) * sizeof *sh->slot, 1);
	}
	sh->slot[sh->nkid++] = (uint32_t)s;
	return 0;
}

static void
push_ask(struct share *sh, uint64_t key, uint64_t k, int taken)
{
	if (sh->np == sh->pcap) {
		note(sh, sh->pcap * 13, 0);
		sh->pcap = sh->pcap ? 2 * sh->pcap : GROW;
		note(sh, sh->pcap * 13, 1);
		sh->pkey = xrealloc(sh->pkey, sh->pcap * sizeof *sh->pkey);
		sh->ppos = xrealloc(sh->ppos, sh->pcap * sizeof *sh->ppos);
		sh->ptaken = xrealloc(sh->ptaken, sh->pcap);
	}
	sh->pkey[sh->np] = key;
	sh->ppos[sh->np] = (uint32_t)(k % sh->batch);
	sh->ptaken[sh->np++] = (int8_t)taken;
}

/*
 * A child e of the position at k (who moves there) into (*a, *b), the
 * children list or the asks.  0 or -1.
 */
static int
child(struct share *sh, uint64_t k, const struct tbl_dense *e, int who,
    int *a, int *b)
{
	struct dense *d = sh->d;
	int ca, cb;

	if (e->end != TBL_DENSE_PLAY) {
		end_value(e, &ca, &cb);
	} else if (e->level > sh->level || e->index >= d->size[e->level]) {
		return fail(sh, k, "has a move to a higher level");
	} else if (e->level == sh->level) {
		if (sh->nk[k] == 255)
			return fail(sh, k, "has more than 255 moves on its level");
		sh->nk[k]++;
		return push_kid(sh, k, e->index);
	} else if (dense_owner(d->size[e->level], d->comm->size, e->index) !=
	    d->comm->rank) {
		if (e->taken < -127 || e->taken > 127)
			return fail(sh, k, "takes more than 127 men in a move");
		push_ask(sh, KEY(e->level, e->index), k, e->taken);
		return 0;
	} else {
		uint16_t v = d->tab[e->level][e->index - d->base[e->level]];
		ca = shift(lo_of(v), e->taken);
		cb = shift(hi_of(v), e->taken);
	}
	fold(who, ca, cb, a, b);
	return 0;
}

/* Play the moves of the position at k of the block.  0 or -1. */
static int
play(struct share *sh, uint64_t k)
{
	const struct tbl_game *g = sh->d->g;
	struct tbl_dense e;
	int n, i, who, a, b;

	if (g->dense_set(sh->s, sh->level, sh->lo + k) != 0)
		return fail(sh, k, "refuses its own dense number");
	if (game_check_to_move(g, sh->s, &who) != 0)
		return fail(sh, k, "names a side to move that does not play");
	if (who == TBL_END) {
		if (g->dense_index(sh->s, &e) != 0)
			return fail(sh, k, "does not number its own end");
		end_value(&e, &a, &b);
		sh->fixed[k] = enc(a, b);
		return 0;
	}
	if (who != 0 && who != 1)
		return fail(sh, k, "has a chance point or a third side");
	while ((n = g->legal_moves(sh->s, sh->mv, sh->mvcap)) > sh->mvcap) {
		sh->mvcap = n;
		sh->mv = xrealloc(sh->mv, (size_t)n * sizeof *sh->mv);
	}
	if (n <= 0)
		return fail(sh, k, "has no move for the side to move");
	sh->who[k >> 3] |= (uint8_t)(who << (k & 7));
	a = b = who == 0 ? POS : NEG;
	for (i = 0; i < n; i++) {
		if (g->dense_set(sh->c, sh->level, sh->lo + k) != 0 ||
		    g->apply(sh->c, sh->mv[i]) != 0 ||
		    g->dense_index(sh->c, &e) != 0)
			return fail(sh, k, "refuses a move or its number");
		if (child(sh, k, &e, who, &a, &b) != 0)
			return -1;
	}
	sh->fixed[k] = enc(a, b);
	return 0;
}

/* Fold the batch from `first`'s asks, answered, into the fixed values. */
static int
fold_asks(struct share *sh, uint64_t first)
{
	uint16_t *v = xmalloc((sh->np ? sh->np : 1) * sizeof *v);
	size_t i;
	int rc = dense_fetch(sh->d, sh->pkey, sh->np, v);

	for (i = 0; rc == 0 && i < sh->np; i++) {
		uint64_t k = first + sh->ppos[i];
		int a = lo_of(sh->fixed[k]), b = hi_of(sh->fixed[k]);
		fold(who_at(sh, k), shift(lo_of(v[i]), sh->ptaken[i]),
		    shift(hi_of(v[i]), sh->ptaken[i]), &a, &b);
		sh->fixed[k] = enc(a, b);
	}
	free(v);
	sh->np = 0;
	return rc;
}

/*
 * The first step: every position of the block played, batch by batch,
 * the asks of each batch answered.  The processes play as many batches
 * (some of them empty).  0, or -1 (sh->failed, or the transport).
 */
static int
play_block(struct share *sh, dense_progress_fn fn, void *arg)
{
	struct dense *d = sh->d;
	uint64_t nb, b, k, end, B;

	B = sh->batch = sh->m / 16 < CHUNK ? CHUNK : sh->m / 16 > BATCH ?
	    BATCH : sh->m / 16;
	nb = (sh->m + B - 1) / B;
	d->comm->reduce(d->comm->ctx, &nb, 1, 0);
	for (b = 0; b < nb; b++) {
		end = (b + 1) * B < sh->m ? (b + 1) * B : sh->m;
		for (k = b * B < end ? b * B : end; k < end && !sh->failed; k++)
			if (play(sh, k) == 0)
				d->st.evaluated++;
		if (interrupt_pending() && !sh->failed)
			fail(sh, 0, "interrupted");
		if (fold_asks(sh, b * B) != 0)
			return -1;
		if (fn != NULL)
			fn(arg, sh->level, d->nlevels, 0, end, sh->m);
	}
	note(sh, sh->pcap * 13, 0);
	free(sh->pkey);
	free(sh->ppos);
	free(sh->ptaken);
	sh->pkey = NULL;
	sh->ppos = NULL;
	sh->ptaken = NULL;
	return 0;
}

/*
 * The ghosts of a wide level (d->slots, 2^32 - 1, positions or more:
 * its indices do not fit in a slot): the children held elsewhere were
 * numbered by their place in far as they came; made their place among
 * the ghosts, sorted (returned, *nu of them).
 */
static uint64_t *
wide_ghosts(struct share *sh, size_t *nu)
{
	uint64_t *u = xmalloc((sh->nfar ? sh->nfar : 1) * sizeof *u);
	size_t i;

	note(sh, sh->nfar * sizeof *u, 1);
	if (sh->nfar > 0)
		memcpy(u, sh->far, sh->nfar * sizeof *u);
	*nu = dense_uniq(u, sh->nfar);
	for (i = 0; i < sh->nkid; i++)
		if (sh->slot[i] >= sh->m)
			sh->slot[i] = (uint32_t)(sh->m + dense_find(u, *nu,
			    sh->far[sh->slot[i] - sh->m]));
	note(sh, (sh->farcap + sh->nfar - *nu) * sizeof *u, 0);
	free(sh->far);
	sh->far = NULL;
	return u;
}

/*
 * The ghosts of a narrow level (fewer positions than d->slots): each
 * child was kept as its index (no list of those held elsewhere); made
 * its offset in the block, or m + its place among the ghosts, sorted
 * (returned, *nu).
 */
static uint64_t *
narrow_ghosts(struct share *sh, size_t *nu)
{
	uint64_t *u, lo = sh->lo, m = sh->m, j;
	size_t i, n = 0;

	for (i = 0; i < sh->nkid; i++)
		n += sh->slot[i] < lo || sh->slot[i] - lo >= m;
	u = xmalloc((n ? n : 1) * sizeof *u);
	note(sh, n * sizeof *u, 1);
	for (i = n = 0; i < sh->nkid; i++)
		if (sh->slot[i] < lo || sh->slot[i] - lo >= m)
			u[n++] = KEY(sh->level, sh->slot[i]);
	*nu = dense_uniq(u, n);
	for (i = 0; i < sh->nkid; i++) {
		j = sh->slot[i];
		sh->slot[i] = (uint32_t)(j >= lo && j - lo < m ? j - lo :
		    m + dense_find(u, *nu, KEY(sh->level, j)));
	}
	note(sh, (n - *nu) * sizeof *u, 0);
	return u;
}

/*
 * The children held elsewhere listed (the ghosts, sorted: by owner, as
 * they are of one level), each child's slot made its place among them,
 * and the ghosts asked of their owners, who keep which of their
 * positions they were asked for (serve).  0 or -1.
 */
static int
list_ghosts(struct share *sh)
{
	struct dense *d = sh->d;
	uint64_t *u;
	uint32_t *sv;
	size_t i, nu;
	int rc;

	sh->slot = xrealloc(sh->slot, (sh->nkid ? sh->nkid : 1) *
	    sizeof *sh->slot);
	note(sh, (sh->kidcap - sh->nkid) * sizeof *sh->slot, 0);
	if (sh->narrow)
		u = narrow_ghosts(sh, &nu);
	else
		u = wide_ghosts(sh, &nu);
	if (sh->m + nu >= d->slots)
		fail(sh, 0, "has too many positions for one process: run "
		    "more processes");
	rc = dense_ask(d, u, nu, &sh->gh);
	note(sh, sh->gh.ngot * sizeof *u, 1);
	/* What others asked for, as offsets in the block, in place. */
	for (i = 0; i < sh->gh.ngot; i++) {
		uint32_t v = (uint32_t)(KEY_INDEX(sh->gh.got[i]) - sh->lo);
		memcpy((char *)sh->gh.got + i * sizeof v, &v, sizeof v);
	}
	sh->serve = sv = (uint32_t *)(void *)sh->gh.got;
	sh->gh.got = NULL;
	note(sh, sh->gh.ngot * sizeof *sv + sh->gh.nkey * sizeof *u, 0);
	free(sh->gh.key);
	sh->gh.key = NULL;
	return rc;
}

/* One sweep over the block: 1 when a value changed here, else 0. */
static int
sweep(struct share *sh)
{
	uint64_t k;
	size_t at = 0;
	int changed = 0;

	for (k = 0; k < sh->m; k++) {
		uint32_t n = sh->nk[k], i;
		int who, a, b;
		uint16_t v;

		if (n == 0)
			continue;
		who = who_at(sh, k);
		a = lo_of(sh->fixed[k]);
		b = hi_of(sh->fixed[k]);
		for (i = 0; i < n; i++) {
			uint32_t s = sh->slot[at + i];
			v = s < sh->m ? sh->tab[s] : sh->gval[s - sh->m];
			fold(who, lo_of(v), hi_of(v), &a, &b);
		}
		at += n;
		v = enc(a, b);
		if (v != sh->tab[k]) {
			sh->tab[k] = v;
			changed = 1;
		}
		sh->d->st.evaluated++;
	}
	return changed;
}

/* The values others read of this block sent, the ghosts' received. */
static int
trade(struct share *sh)
{
	const struct procs *cm = sh->d->comm;
	size_t i;

	for (i = 0; i < sh->gh.ngot; i++)
		sh->gsend[i] = sh->tab[sh->serve[i]];
	return cm->exchange(cm->ctx, sh->gsend, sh->gh.rcount, sh->gval,
	    sh->gh.scount, sizeof *sh->gval);
}

/* The sweeps to the fixed point.  0, 1 (Ctrl-C) or -1. */
static int
sweep_level(struct share *sh, dense_progress_fn fn, void *arg, char *err,
    size_t errlen)
{
	struct dense *d = sh->d;
	uint64_t i, state[2];
	unsigned number = 0;

	sh->gval = xmalloc((sh->gh.nkey ? sh->gh.nkey : 1) * sizeof *sh->gval);
	sh->gsend = xmalloc((sh->gh.ngot ? sh->gh.ngot : 1) *
	    sizeof *sh->gsend);
	note(sh, (sh->gh.nkey + sh->gh.ngot) * sizeof *sh->gval, 1);
	for (i = 0; i < sh->gh.nkey; i++)
		sh->gval[i] = UNKNOWN;
	for (i = 0; i < sh->m; i++)
		sh->tab[i] = sh->nk[i] == 0 ? sh->fixed[i] : UNKNOWN;
	do {
		state[0] = (uint64_t)sweep(sh);
		state[1] = interrupt_pending();
		if (trade(sh) != 0)
			return fail(sh, 0, TOO_MUCH);
		d->comm->reduce(d->comm->ctx, state, 2, 0);
		d->st.sweeps++;
		if (fn != NULL)
			fn(arg, sh->level, d->nlevels, ++number, sh->m, sh->m);
	} while (state[0] && !state[1]);
	if (state[1])
		snprintf(err, errlen, "interrupted");
	return state[1] ? 1 : 0;
}

static void
share_free(struct share *sh)
{
	const struct tbl_game *g = sh->d->g;

	free(sh->fixed);
	free(sh->who);
	free(sh->nk);
	free(sh->far);
	free(sh->slot);
	dense_ask_free(&sh->gh);
	free(sh->gval);
	free(sh->gsend);
	free(sh->serve);
	free(sh->pkey);
	free(sh->ppos);
	free(sh->ptaken);
	free(sh->mv);
	g->destroy(sh->s);
	g->destroy(sh->c);
}

int
dense_share_level(struct dense *d, int level, dense_progress_fn fn,
    void *arg, char *err, size_t errlen)
{
	struct share sh;
	uint64_t hi;
	int rc;

	memset(&sh, 0, sizeof sh);
	sh.d = d;
	sh.level = level;
	dense_share(d, level, &sh.lo, &hi);
	sh.m = hi - sh.lo;
	sh.narrow = d->size[level] < d->slots;
	sh.tab = d->tab[level];
	sh.fixed = xmalloc((size_t)(sh.m ? sh.m : 1) * sizeof *sh.fixed);
	sh.who = xcalloc((size_t)(sh.m / 8 + 1), 1);
	sh.nk = xcalloc((size_t)(sh.m ? sh.m : 1), 1);
	note(&sh, (size_t)sh.m * 3 + (size_t)sh.m / 8 + 1, 1);
	sh.s = d->g->clone(d->root);
	sh.c = d->g->clone(d->root);
	sh.mvcap = TBL_MOVES_HINT;
	sh.mv = xmalloc((size_t)sh.mvcap * sizeof *sh.mv);
	rc = play_block(&sh, fn, arg);
	if (rc == 0)
		rc = list_ghosts(&sh);
	if (rc != 0)
		fail(&sh, 0, TOO_MUCH);
	rc = dense_share_agree(d, sh.failed ? -1 : 0, err, errlen);
	if (rc == 0)		/* -1 only with sh.failed */
		rc = sweep_level(&sh, fn, arg, err, errlen);
	rc = dense_share_agree(d, rc, err, errlen);
	if (sh.failed)
		snprintf(err, errlen, "%s", sh.err);
	if (rc != 0 && interrupt_pending())
		rc = 1;
	if (rc == 0)
		d->solved[level] = 1;
	share_free(&sh);
	return rc;
}

