/*
 * solve_retro.c - the retrograde pass of the hash solver (solve.h): the
 * parents found by turning the moves round, the values worked back from
 * the won ends, and, where the game scores play that never ends (struct
 * tbl_dense's cycle), the positions neither side can force a win from
 * scored by the men on each side, level by level, as the dense solver
 * scores them (dense.c), so that the two agree.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/dense.h"
#include "ai/solve_retro.h"
#include "ai/solve_table.h"

int
solve_link_parents(struct solver *sv)
{
	uint64_t i, e, n = sv->n, ne = sv->nfwd;

	if (solve_resize(sv, &sv->rev_off, 0, (size_t)((n + 1) * 4),
	    "parents' index") != 0)
		return -1;
	memset(sv->rev_off, 0, (size_t)((n + 1) * 4));
	for (e = 0; e < ne; e++)
		sv->rev_off[sv->fwd[e]]++;
	for (i = 1; i <= n; i++)
		sv->rev_off[i] += sv->rev_off[i - 1];
	if (solve_resize(sv, &sv->rev, 0, (size_t)(ne ? ne * 4 : 4),
	    "parents") != 0)
		return -1;
	/* rev_off[j] counts down from the end of j's range to its start. */
	for (i = 0, e = 0; i < n; i++) {
		unsigned k, m = (sv->info[i] & 3) == INFO_END ? 0 : sv->cnt[i];
		for (k = 0; k < m; k++, e++)
			sv->rev[--sv->rev_off[sv->fwd[e]]] = (uint32_t)i;
	}
	return solve_resize(sv, &sv->fwd, (size_t)(sv->fwdcap * 4), 0, "moves");
}

/* Solve position p (won by player w in `plies`) and queue it. */
static void
settle(struct solver *sv, uint32_t p, int w, unsigned plies, uint64_t *tail)
{
	sv->info[p] = (uint8_t)((sv->info[p] & 3) | (w + 1) << WIN_SHIFT);
	sv->cnt[p] = (uint16_t)(plies > MAX_DEPTH ? MAX_DEPTH : plies);
	sv->queue[(*tail)++] = p;
	sv->st.won[w]++;
}

/* The queue from *head to *tail worked through: 0, or 1 on Ctrl-C. */
static int
propagate(struct solver *sv, struct ticker *t, uint64_t *head,
    uint64_t *tail)
{
	while (*head < *tail) {
		uint32_t c = sv->queue[(*head)++], e;
		int w = (sv->info[c] >> WIN_SHIFT) - 1;
		unsigned plies = sv->cnt[c] + 1u;

		if ((*head & 65535) == 0 &&
		    solve_tick(t, SOLVE_RETRO, *head, sv->n))
			return 1;
		for (e = sv->rev_off[c]; e < sv->rev_off[c + 1]; e++) {
			uint32_t p = sv->rev[e];
			if ((sv->info[p] >> WIN_SHIFT) ||
			    (sv->info[p] & 3) == INFO_HELD)
				continue;
			if ((sv->info[p] & 3) == w || --sv->cnt[p] == 0)
				settle(sv, p, w, plies, tail);
		}
	}
	return 0;
}

/* Does the game score play that never ends from the root? */
static int
cycles_scored(const struct solver *sv)
{
	struct tbl_dense e;

	memset(&e, 0, sizeof e);
	return dense_offered(sv->g) && sv->g->dense_index(sv->root, &e) == 0 &&
	    e.end == TBL_DENSE_PLAY && e.cycle;
}

/* Position i (in play) as the dense numbering places it: 0 or -1. */
static int
dense_of(struct solver *sv, uint64_t i, struct tbl_dense *e)
{
	memset(e, 0, sizeof *e);
	if (solve_restore(sv, sv->cur, sv->key + i * sv->klen, i) != 0)
		return -1;
	if (sv->g->dense_index(sv->cur, e) == 0 && e->end == TBL_DENSE_PLAY &&
	    e->level >= 0 && e->level < 255)
		return 0;
	snprintf(sv->err, sv->errlen, "%s: position %llu in play is not "
	    "numbered, and its play that never ends is to be scored",
	    sv->g->name, (unsigned long long)i);
	return -1;
}

/*
 * Play that never ends scored by the men on each side: from the lowest
 * level up, each position of the level in play that neither side can
 * force a win from is won by player 0 when taken + margin > 0, by player
 * 1 when it is below 0, a draw held at 0 (as dense.c scores it, from
 * the position alone: what its moves give does not change it), and what
 * that decides above is worked out before the next level.  0, 1 (Ctrl-C) or -1.
 */
static int
score_cycles(struct solver *sv, struct ticker *t, uint64_t *head,
    uint64_t *tail)
{
	uint8_t *lvl = NULL;
	uint64_t i, n = sv->n;
	struct tbl_dense e;
	int level, top = -1, rc = 0, v;

	if (solve_resize(sv, &lvl, 0, (size_t)n, "levels") != 0)
		return -1;
	for (i = 0; i < n && rc == 0; i++) {
		lvl[i] = 0xFF;
		if ((sv->info[i] & 3) == INFO_END || (sv->info[i] >> WIN_SHIFT))
			continue;
		if ((rc = dense_of(sv, i, &e)) == 0) {
			lvl[i] = (uint8_t)e.level;
			top = e.level > top ? e.level : top;
		}
	}
	for (level = 0; level <= top && rc == 0; level++) {
		for (i = 0; i < n && rc == 0; i++) {
			if (lvl[i] != level || (sv->info[i] >> WIN_SHIFT))
				continue;
			if ((rc = dense_of(sv, i, &e)) != 0)
				break;
			if ((v = e.taken + e.margin) != 0)
				settle(sv, (uint32_t)i, v > 0 ? 0 : 1, 0, tail);
			else	/* a draw: held from what its moves give */
				sv->info[i] = INFO_HELD;
		}
		if (rc == 0)
			rc = propagate(sv, t, head, tail);
	}
	solve_resize(sv, &lvl, (size_t)n, 0, "levels");
	return rc;
}

/*
 * From the won ends back: a position is won by its mover when one move
 * reaches a position he wins, and by the other side when every move
 * does.  0, 1 (Ctrl-C) or -1.
 */
int
solve_retrograde(struct solver *sv, struct ticker *t)
{
	uint64_t i, head = 0, tail = 0, n = sv->n;
	int rc;

	if (solve_resize(sv, &sv->queue, 0, (size_t)(n * 4), "queue") != 0)
		return -1;
	for (i = 0; i < n; i++)
		if (sv->info[i] >> WIN_SHIFT) {
			sv->cnt[i] = 0;
			sv->queue[tail++] = (uint32_t)i;
			sv->st.won[(sv->info[i] >> WIN_SHIFT) - 1]++;
		}
	if (propagate(sv, t, &head, &tail) != 0)
		return 1;
	if (cycles_scored(sv) && (rc = score_cycles(sv, t, &head, &tail)) != 0)
		return rc;
	/* What is left unsolved is drawn: its plies mean nothing. */
	for (i = 0; i < n; i++)
		if (!(sv->info[i] >> WIN_SHIFT))
			sv->cnt[i] = 0;
	solve_resize(sv, &sv->queue, (size_t)(n * 4), 0, "queue");
	solve_resize(sv, &sv->rev, (size_t)(sv->nfwd ? sv->nfwd * 4 : 4), 0,
	    "parents");
	solve_resize(sv, &sv->rev_off, (size_t)((n + 1) * 4), 0,
	    "parents' index");
	return 0;
}

