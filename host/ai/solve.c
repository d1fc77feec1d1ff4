/*
 * solve.c - retrograde analysis over the SDK (see solve.h).
 *
 * The tables, per position i (in the order the enumeration found them,
 * the root first):
 *
 *	key[i]		the plugin's packed key, key_bytes bytes
 *	info[i]		who moves (0, 1, or END) and who wins (none yet, 0, 1)
 *	cnt[i]		while unsolved: the moves not yet known to lose;
 *			once solved: the plies to the end with best play
 *	slot[]		open addressing over the keys: index + 1 in the low
 *			32 bits (0: empty), the high 32 bits of the key's hash
 *			above them, so that most probes never read a key
 *
 * and, per move, the child's index (fwd, in position order, while
 * enumerating), turned round into each position's parents (rev, with
 * rev_off) for the retrograde pass.  Positions whose value is known are
 * queued in the order they are found, so the plies come out exact: a win
 * takes its shortest way, a loss its longest.  What is never solved is a
 * draw.
 *
 * The enumeration itself is the queue: position i is restored from its
 * key, its moves are generated and applied, and each child's key is
 * looked up or appended.  No state is kept per position.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai/solve.h"
#include "ai/solve_retro.h"
#include "ai/solve_table.h"
#include "base/movebuf.h"
#include "base/util.h"
#include "core/game.h"

#define MAX_KEY 4096
#define MAX_POSITIONS 0xFFFFFFF0u

/* ---- Keys -------------------------------------------------------- */

static uint64_t
hash_key(const unsigned char *k, size_t n)
{
	uint64_t h = 0x9E3779B97F4A7C15ull ^ n, w;

	for (; n >= 8; k += 8, n -= 8) {
		memcpy(&w, k, 8);
		h = (h ^ w) * 0xFF51AFD7ED558CCDull;
		h ^= h >> 32;
	}
	if (n > 0) {
		w = 0;
		memcpy(&w, k, n);
		h = (h ^ w) * 0xFF51AFD7ED558CCDull;
	}
	h ^= h >> 29;
	h *= 0xC4CEB9FE1A85EC53ull;
	return h ^ (h >> 32);
}

/* The key of state s into sv->kbuf: 0, or -1 with a message. */
static int
key_of(struct solver *sv, const struct tbl_state *s)
{
	if (sv->flat) {
		memcpy(sv->kbuf, (const void *)s, sv->klen);
		return 0;
	}
	if (sv->g->get_key(s, sv->kbuf, sv->klen) == 0)
		return 0;
	if (sv->err != NULL) {
		char *pos = game_position(sv->g, s);
		snprintf(sv->err, sv->errlen, "%s: position '%s' does not fit "
		    "in a key of %zu bytes", sv->g->name, pos, sv->klen);
		free(pos);
	}
	return -1;
}

/* Are keys a and b of n bytes the same?  (memcmp, inlined for short keys) */
static inline int
same_key(const unsigned char *a, const unsigned char *b, size_t n)
{
	uint64_t x, y;

	for (; n >= 8; a += 8, b += 8, n -= 8) {
		memcpy(&x, a, 8);
		memcpy(&y, b, 8);
		if (x != y)
			return 0;
	}
	for (; n > 0; n--)
		if (*a++ != *b++)
			return 0;
	return 1;
}

/* The slot of key k (of hash h): where it is, or the empty slot for it. */
static uint64_t
find_slot(const struct solver *sv, const unsigned char *k, uint64_t h)
{
	uint64_t mask = sv->nslot - 1, at = h & mask, v;
	uint64_t tag = h & 0xFFFFFFFF00000000ull;

	while ((v = sv->slot[at]) != 0 && ((v & 0xFFFFFFFF00000000ull) != tag ||
	    !same_key(sv->key + ((v & 0xFFFFFFFFu) - 1) * sv->klen, k,
	    sv->klen)))
		at = (at + 1) & mask;
	return at;
}

/* Put index i (of hash h) into a table it is not in yet. */
static void
place(struct solver *sv, uint64_t i, uint64_t h)
{
	uint64_t mask = sv->nslot - 1, at = h & mask;

	while (sv->slot[at] != 0)
		at = (at + 1) & mask;
	sv->slot[at] = (h & 0xFFFFFFFF00000000ull) | (i + 1);
}

/* Double the open-addressing table and rehash every key. */
static int
grow_slots(struct solver *sv)
{
	uint64_t i, ns = sv->nslot ? 2 * sv->nslot : 1u << 12;
	size_t old = (size_t)(sv->nslot * sizeof *sv->slot);

	free(sv->slot);
	sv->slot = NULL;
	sv->used -= old;
	if (solve_resize(sv, &sv->slot, 0, (size_t)(ns * sizeof *sv->slot),
	    "index of positions") != 0)
		return -1;
	memset(sv->slot, 0, (size_t)(ns * sizeof *sv->slot));
	sv->nslot = ns;
	for (i = 0; i < sv->n; i++)
		place(sv, i, hash_key(sv->key + i * sv->klen, sv->klen));
	return 0;
}

/* Room for one more position in the per-position arrays. */
static int
grow_positions(struct solver *sv)
{
	uint64_t nc = sv->ncap ? 2 * sv->ncap : 1u << 12;

	if (sv->n >= MAX_POSITIONS) {
		snprintf(sv->err, sv->errlen, "stopped at %llu positions, the "
		    "most this solver counts", (unsigned long long)sv->n);
		return -1;
	}
	if (solve_resize(sv, &sv->key, (size_t)(sv->ncap * sv->klen),
	    (size_t)(nc * sv->klen), "positions") != 0 ||
	    solve_resize(sv, &sv->info, (size_t)sv->ncap, (size_t)nc,
	    "positions") != 0 ||
	    solve_resize(sv, &sv->cnt, (size_t)(sv->ncap * sizeof *sv->cnt),
	    (size_t)(nc * sizeof *sv->cnt), "positions") != 0)
		return -1;
	sv->ncap = nc;
	return 0;
}

/*
 * The index of the position whose key is in sv->kbuf, appended when new.
 * Returns it, or -1 with a message.
 */
static int64_t
find_or_add(struct solver *sv)
{
	uint64_t h = hash_key(sv->kbuf, sv->klen), at;

	if (4 * (sv->n + 1) > 3 * sv->nslot && grow_slots(sv) != 0)
		return -1;
	at = find_slot(sv, sv->kbuf, h);
	if (sv->slot[at] != 0)
		return (int64_t)(sv->slot[at] & 0xFFFFFFFFu) - 1;
	if (sv->n == sv->ncap && grow_positions(sv) != 0)
		return -1;
	memcpy(sv->key + sv->n * sv->klen, sv->kbuf, sv->klen);
	sv->info[sv->n] = 0;
	sv->cnt[sv->n] = 0;
	sv->slot[at] = (h & 0xFFFFFFFF00000000ull) | (sv->n + 1);
	return (int64_t)sv->n++;
}

/* ---- Set-up ------------------------------------------------------ */

/* How g offers keys: sets sv->klen and sv->flat, or a message. */
static int
key_kind(struct solver *sv, const struct tbl_state *root, char *err,
    size_t errlen)
{
	const struct tbl_game *g = sv->g;
	char why[TBL_ERRLEN] = "";
	int k;

	if (g->key_size != NULL && g->get_key != NULL && g->set_key != NULL) {
		if ((k = g->key_size(root, why, sizeof why)) < 0) {
			snprintf(err, errlen, "%s", why[0] ? why :
			    "these options allow no position key");
			return -1;
		}
		if (k < 1 || k > MAX_KEY) {
			snprintf(err, errlen, "%s: a position key of %d bytes "
			    "(1 to %d allowed)", g->name, k, MAX_KEY);
			return -1;
		}
		sv->klen = (size_t)k;
		return 0;
	}
	if (g->flat_key > 0 && g->flat_key <= MAX_KEY) {
		sv->klen = g->flat_key;
		sv->flat = 1;
		return 0;
	}
	snprintf(err, errlen, "%s cannot be solved: its plugin gives no "
	    "position keys, by which solve knows a position it has seen "
	    "(tablero-sdk(3))", g->name);
	return -1;
}

/* The first tables (grow_slots, grow_positions and add_edge's first
 * sizes) within the cap, or a message naming the smallest cap that is. */
static int
first_tables_fit(const struct solver *sv, char *err, size_t errlen)
{
	size_t need = ((size_t)1 << 12) * 8 + ((size_t)1 << 12) *
	    (sv->klen + 3) + ((size_t)1 << 14) * 4;
	char a[32], b[32];

	if (sv->cap >= need)
		return 0;
	format_bytes(sv->cap, a, sizeof a);
	format_bytes(need, b, sizeof b);
	snprintf(err, errlen, "a memory cap of %s cannot hold the first "
	    "tables of %s (%s for keys of %zu bytes): the smallest cap that "
	    "starts is %zuM", a, sv->g->name, b, sv->klen,
	    (need + ((size_t)1 << 20) - 1) >> 20);
	return -1;
}

struct solver *
solver_new(const struct tbl_game *g, const struct tbl_state *root,
    size_t cap, char *err, size_t errlen)
{
	struct solver *sv;
	int np = game_players(g, root);

	if (np != 2) {
		snprintf(err, errlen, "%s is played by %d side%s here: solve "
		    "handles two sides, where one side's win is the other's "
		    "loss", g->name, np, np == 1 ? "" : "s");
		return NULL;
	}
	if (game_to_move(g, root) == TBL_CHANCE) {
		char *pos = game_position(g, root);
		snprintf(err, errlen, "%s starts at a chance point here "
		    "(position '%s'): solve handles only games without chance",
		    g->name, pos);
		free(pos);
		return NULL;
	}
	sv = xcalloc(1, sizeof *sv);
	sv->g = g;
	sv->cap = cap;
	if (key_kind(sv, root, err, errlen) != 0 ||
	    first_tables_fit(sv, err, errlen) != 0) {
		free(sv);
		return NULL;
	}
	sv->root = g->clone(root);
	sv->cur = g->clone(root);
	sv->child = g->clone(root);
	sv->kbuf = xmalloc(sv->klen);
	sv->pkey = xmalloc(sv->klen);
	sv->mvcap = TBL_MOVES_HINT;
	sv->mv = xmalloc((size_t)sv->mvcap * sizeof *sv->mv);
	sv->st.key_bytes = sv->klen;
	return sv;
}

void
solver_free(struct solver *sv)
{
	if (sv == NULL)
		return;
	sv->g->destroy(sv->root);
	sv->g->destroy(sv->cur);
	sv->g->destroy(sv->child);
	free(sv->kbuf);
	free(sv->pkey);
	free(sv->mv);
	free(sv->key);
	free(sv->info);
	free(sv->cnt);
	free(sv->slot);
	free(sv->fwd);
	free(sv->rev);
	free(sv->rev_off);
	free(sv->queue);
	free(sv);
}

const struct solve_stats *
solver_stats(const struct solver *sv)
{
	return &sv->st;
}

/* ---- Enumeration ------------------------------------------------- */

/*
 * The legal moves of sv->cur into sv->mv; returns the count, or -1 when
 * the game asks for more room again after it was given what it asked
 * (the buffer grows once a position, never for ever).
 */
static int
moves_of(struct solver *sv)
{
	int n = sv->g->legal_moves(sv->cur, sv->mv, sv->mvcap);

	if (n > sv->mvcap && n <= MOVES_MAX) {
		sv->mvcap = n;
		sv->mv = xrealloc(sv->mv, (size_t)n * sizeof *sv->mv);
		n = sv->g->legal_moves(sv->cur, sv->mv, sv->mvcap);
	}
	if (n > sv->mvcap)
		return -1;
	return n < 0 ? 0 : n;
}

/* The end in sv->cur: who won, in info's form (0: a draw). */
static int
end_value(struct solver *sv)
{
	double out[2] = { 0.5, 0.5 };

	if (game_result(sv->g, sv->cur, out) != 0)
		return 0;
	return out[0] > out[1] ? 1 : out[1] > out[0] ? 2 : 0;
}

/* A message: "GAME WHAT (position 'POS')" for the position in sv->cur. */
static void
fail_at(struct solver *sv, const char *what)
{
	char *pos = game_position(sv->g, sv->cur);

	snprintf(sv->err, sv->errlen, "%s %s (position '%s')", sv->g->name,
	    what, pos);
	free(pos);
}

/* Append child j of the position being expanded. */
static int
add_edge(struct solver *sv, uint32_t j)
{
	if (sv->nfwd == sv->fwdcap) {
		uint64_t nc = sv->fwdcap ? 2 * sv->fwdcap : 1u << 14;
		if (nc > UINT32_MAX) {
			snprintf(sv->err, sv->errlen, "stopped: more than %u "
			    "moves between positions", UINT32_MAX);
			return -1;
		}
		if (solve_resize(sv, &sv->fwd, (size_t)(sv->fwdcap * 4),
		    (size_t)(nc * 4), "moves") != 0)
			return -1;
		sv->fwdcap = nc;
	}
	sv->fwd[sv->nfwd++] = j;
	return 0;
}

/* Expand position i: its end value, or its children.  0 or -1. */
static int
expand(struct solver *sv, uint64_t i)
{
	const struct tbl_game *g = sv->g;
	int who, n, k;
	int64_t j;
	char what[128];

	memcpy(sv->pkey, sv->key + i * sv->klen, sv->klen);
	if (solve_restore(sv, sv->cur, sv->pkey, i) != 0)
		return -1;
	if (game_check_to_move(g, sv->cur, &who) != 0) {
		snprintf(what, sizeof what, "names player %d to move", who);
		fail_at(sv, what);
		return -1;
	}
	if (who == TBL_END) {
		sv->info[i] = (uint8_t)(INFO_END | end_value(sv) << WIN_SHIFT);
		sv->st.ends++;
		return 0;
	}
	if (who == TBL_CHANCE) {
		char *pos = game_position(g, sv->cur);
		snprintf(sv->err, sv->errlen, "%s reaches a chance point "
		    "(position '%s'): solve handles only games without chance",
		    g->name, pos);
		free(pos);
		return -1;
	}
	n = moves_of(sv);
	if (n < 0) {
		fail_at(sv, "asks for room for more moves each time it is given "
		    "what it asked (a bug in the game)");
		return -1;
	}
	if (n > MAX_DEPTH) {
		snprintf(what, sizeof what, "has %d moves in one position, "
		    "more than the %d solve counts", n, MAX_DEPTH);
		fail_at(sv, what);
		return -1;
	}
	sv->info[i] = (uint8_t)who;
	sv->cnt[i] = (uint16_t)n;
	for (k = 0; k < n; k++) {
		/* A key restores a position faster than a whole copy. */
		if (solve_restore(sv, sv->child, sv->pkey, i) != 0)
			return -1;
		if (g->apply(sv->child, sv->mv[k]) != 0) {
			snprintf(what, sizeof what, "refuses its own legal "
			    "move %lu", (unsigned long)sv->mv[k]);
			fail_at(sv, what);
			return -1;
		}
		if (key_of(sv, sv->child) != 0 || (j = find_or_add(sv)) < 0 ||
		    add_edge(sv, (uint32_t)j) != 0)
			return -1;
	}
	return 0;
}

/* Every position reachable from the root.  0, 1 (Ctrl-C) or -1. */
static int
enumerate(struct solver *sv, const struct tbl_state *root,
    struct ticker *t)
{
	uint64_t i;

	if (key_of(sv, root) != 0 || find_or_add(sv) < 0)
		return -1;
	for (i = 0; i < sv->n; i++) {
		sv->st.expanded = i;
		if ((i & 4095) == 0 && solve_tick(t, SOLVE_ENUMERATE, i, sv->n))
			return 1;
		if (expand(sv, i) != 0)
			return -1;
	}
	sv->st.expanded = sv->n;
	sv->st.positions = sv->n;
	sv->st.edges = sv->nfwd;
	return 0;
}

int
solver_run(struct solver *sv, solve_progress_fn progress, void *arg,
    char *err, size_t errlen)
{
	struct ticker t = { progress, arg, 0 };
	double t0 = now_seconds();
	clock_t c0 = clock();
	int rc;

	sv->err = err;
	sv->errlen = errlen;
	sv->st.phase = SOLVE_ENUMERATE;
	rc = enumerate(sv, sv->root, &t);
	if (rc == 0) {
		sv->st.phase = SOLVE_LINK;
		if (solve_tick(&t, SOLVE_LINK, sv->n, sv->n))
			rc = 1;
	}
	if (rc == 0 && solve_link_parents(sv) != 0)
		rc = -1;
	if (rc == 0) {
		sv->st.phase = SOLVE_RETRO;
		rc = solve_retrograde(sv, &t);
	}
	sv->err = NULL;
	sv->st.positions = sv->n;	/* so far, when stopped */
	if (rc != 0)
		return rc;
	sv->st.seconds = now_seconds() - t0;
	sv->st.cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
	return 0;
}

int
solver_lookup(const struct solver *sv, const struct tbl_state *s,
    int *winner, unsigned *plies)
{
	struct solver *w = (struct solver *)sv;
	uint64_t at;
	uint32_t i;

	if (sv->n == 0 || key_of(w, s) != 0)
		return -1;
	at = find_slot(sv, sv->kbuf, hash_key(sv->kbuf, sv->klen));
	if (sv->slot[at] == 0)
		return -1;
	i = (uint32_t)(sv->slot[at] & 0xFFFFFFFFu) - 1;
	*winner = (sv->info[i] >> WIN_SHIFT) - 1;
	*plies = sv->cnt[i];
	return 0;
}
