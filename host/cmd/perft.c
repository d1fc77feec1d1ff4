/*
 * perft.c - `tablero perft`: count the positions reached by every
 * sequence of DEPTH decisions, as chess programmers check a move
 * generator.
 *
 * A decision is a move by a player.  A chance point is expanded over all
 * of its outcomes without counting as a decision, so a die roll
 * multiplies the count by its number of faces.  The count at depth d is
 * the number of paths of exactly d decisions (with their chance
 * outcomes); a game that ends earlier adds nothing to the deeper counts,
 * and a chance point after the last decision is left unrolled.
 *
 * A start that deals itself by chance (stones drawn one at a time, men
 * dropped one by one) has more chance paths before its first decision
 * than a count could ever cover: past PERFT_MAX_DEALS of them perft
 * refuses at once and names --seed, which deals the start as a game of
 * that seed would, or --position, which starts from a position string.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/movebuf.h"
#include "core/game.h"
#include "core/host.h"
#include "base/interrupt.h"
#include "cmd/perft.h"
#include "core/session.h"
#include "cmd/subcmd.h"
#include "base/util.h"

#define PERFT_MAX_DEPTH 20
/* The chance paths before the first decision that perft will expand. */
#define PERFT_MAX_DEALS 1000

/* Scratch for one level of the walk: a position and its moves. */
struct level {
	struct tbl_state *st;
	tbl_move *mv;
	double *prob;
	int cap;
};

struct walk {
	const struct tbl_game *g;
	struct level *lv;
	int nlv, maxdepth;
	uint64_t count[PERFT_MAX_DEPTH + 1];
	char **chain;		/* positions of the chance chains being walked */
	int nchain, chaincap;
	int dealing;		/* count the chance paths to a decision only */
	long deals;		/* how many, while dealing */
	/* Progress on a terminal: the depth being counted, since when. */
	int progress;		/* stderr is a terminal */
	unsigned long ticks;	/* decisions walked, to look at the clock */
	double t0, shown;	/* the count's start, the last line's time */
};

/*
 * "\rperft: depth 9: 1234567 so far, 3.2 s" on stderr, after the first
 * half second of a depth and at most ten times a second.
 */
static void
show_progress(struct walk *w)
{
	double t = now_seconds();

	if (t - w->t0 < 0.5 || t - w->shown < 0.1)
		return;
	w->shown = t;
	fprintf(stderr, "\rperft: depth %d: %" PRIu64 " so far, %.1f s\033[K",
	    w->maxdepth, w->count[w->maxdepth], t - w->t0);
}

/* Level k's scratch, created on first use from a model position. */
static struct level *
level_at(struct walk *w, int k, const struct tbl_state *model)
{
	if (k >= w->nlv) {
		w->lv = xrealloc(w->lv, (size_t)(k + 1) * sizeof *w->lv);
		while (w->nlv <= k) {
			struct level *l = &w->lv[w->nlv++];
			l->st = w->g->clone(model);
			l->cap = TBL_MOVES_HINT;
			l->mv = xmalloc((size_t)l->cap * sizeof *l->mv);
			l->prob = xmalloc((size_t)l->cap * sizeof *l->prob);
		}
	}
	return &w->lv[k];
}

/* The moves or outcomes of st into level l; returns the count. */
static int
level_moves(const struct tbl_game *g, struct level *l,
    const struct tbl_state *st, int who)
{
	int n, tries;

	for (tries = 0;; tries++) {
		n = who == TBL_CHANCE ? g->chance_outcomes(st, l->mv, l->prob, l->cap)
		    : g->legal_moves(st, l->mv, l->cap);
		if (n <= l->cap)
			return n < 0 ? 0 : n;
		if (tries > 0 || n > MOVES_MAX) {
			/* Given the room it asked for, it asks for more. */
			game_fault(g, "%s asked for room for %d moves, then "
			    "for %d", who == TBL_CHANCE ? "chance_outcomes" :
			    "legal_moves", l->cap, n);
			return 0;
		}
		l->cap = n;
		l->mv = xrealloc(l->mv, (size_t)n * sizeof *l->mv);
		l->prob = xrealloc(l->prob, (size_t)n * sizeof *l->prob);
	}
}

/*
 * Expand st, reached after d decisions, at recursion level k.  Returns
 * -1 when the plugin refuses one of its own moves or Ctrl-C stops it.
 * While w->dealing, only the chance points are expanded: each path that
 * reaches a decision or the end is counted in w->deals, and the walk
 * returns 1 as soon as there are more than PERFT_MAX_DEALS.
 */
static int
walk(struct walk *w, const struct tbl_state *st, int d, int k, int cstart)
{
	const struct tbl_game *g = w->g;
	int who = game_to_move(g, st), n, i, rc = 0;
	struct level *l;

	if (w->dealing && who != TBL_CHANCE)
		return ++w->deals > PERFT_MAX_DEALS ? 1 : 0;
	if (d == w->maxdepth || who == TBL_END)
		return 0;
	if (interrupt_pending())
		return -1;	/* Ctrl-C: this depth's count is not shown */
	if (who == TBL_CHANCE) {
		char *pos = game_position(g, st);
		for (i = cstart; i < w->nchain; i++)
			if (strcmp(w->chain[i], pos) == 0) {
				free(pos);
				return 0;	/* round the chain again */
			}
		if (w->nchain == w->chaincap) {
			w->chaincap = w->chaincap ? 2 * w->chaincap : 64;
			w->chain = xrealloc(w->chain, (size_t)w->chaincap *
			    sizeof *w->chain);
		}
		w->chain[w->nchain++] = pos;
	}
	l = level_at(w, k, st);
	n = level_moves(g, l, st, who);
	for (i = 0; i < n; i++) {
		g->copy(l->st, st);
		if (g->apply(l->st, l->mv[i]) != 0) {
			char *pos = game_position(g, st);
			fprintf(stderr, "tablero: perft: %s refuses its own %s %u "
			    "in position '%s'\n", g->name, who == TBL_CHANCE ?
			    "chance outcome" : "legal move", (unsigned)l->mv[i], pos);
			free(pos);
			rc = -1;
			break;
		}
		if (who != TBL_CHANCE) {
			w->count[d + 1]++;
			if (w->progress && (++w->ticks & 0xfff) == 0)
				show_progress(w);
		}
		/* A decision starts a new chain of chance points. */
		if ((rc = walk(w, l->st, who == TBL_CHANCE ? d : d + 1, k + 1,
		    who == TBL_CHANCE ? cstart : w->nchain)) != 0)
			break;
		/* A deeper level may have moved the array. */
		l = &w->lv[k];
	}
	if (who == TBL_CHANCE)
		free(w->chain[--w->nchain]);
	return rc;
}

/*
 * The index in argv of the DEPTH: the word after the GAME that is
 * neither a --flag, nor a flag's value, nor key=value.  0 when there is
 * none or --help asks for the usage.
 */
static int
depth_word(int argc, char **argv)
{
	int i, bare = 0;

	for (i = 1; i < argc; i++) {
		const char *w = argv[i];
		if (strcmp(w, "--help") == 0)
			return 0;
		if (strcmp(w, "--seed") == 0 || strcmp(w, "--position") == 0)
			i++;	/* its value */
		else if (w[0] != '-' && strchr(w, '=') == NULL && ++bare == 2)
			return i;
	}
	return 0;
}

/*
 * Set up s's start for the count: the position string `pos` if not NULL,
 * then, when `deal`, the chance points before the first decision dealt
 * from s's generator (seeded with s->seed), one outcome drawn at each as
 * `new` and `match` draw them.  Returns 0, or 2 after printing why not.
 */
static int
perft_start(struct session *s, const char *pos, int deal)
{
	char err[1024];

	if (pos != NULL && session_setup(s, pos, err, sizeof err) != 0) {
		fprintf(stderr, "tablero: perft: --position: %s\n", err);
		return 2;
	}
	if (deal)
		session_roll(s, NULL);
	return 0;
}

/*
 * The command line with its DEPTH taken out, parsed into c and *depth.
 * Returns -1 to go on, else the exit status.
 */
static int
perft_args(int argc, char **argv, struct subcmd *c, uint64_t *depth)
{
	char **args = xmalloc((size_t)(argc + 1) * sizeof *args);
	int rc, i, k = depth_word(argc, argv), nargs = 0;

	/* The DEPTH comes out; the rest is the usual command line. */
	for (i = 0; i < argc; i++)
		if (i != k || k == 0)
			args[nargs++] = argv[i];
	args[nargs] = NULL;
	if (k > 0 && (parse_u64(argv[k], depth) != 0 || *depth < 1 ||
	    *depth > PERFT_MAX_DEPTH)) {
		fprintf(stderr, "tablero: perft: DEPTH must be 1 to %d, not %s\n",
		    PERFT_MAX_DEPTH, argv[k]);
		free(args);
		return 2;
	}
	rc = subcmd_parse(c, nargs, args);
	free(args);
	if (rc >= 0)
		return rc;
	if (k == 0) {
		fprintf(stderr, "tablero: perft: no DEPTH: give a number after "
		    "the game\n");
		subcmd_usage(c, stderr);
		return 2;
	}
	return -1;
}

/*
 * Count depth 1, print it, then depth 2 and so on to `depth`, each
 * printed as it is counted (with progress on a terminal).  Returns 0 or
 * -1 (Ctrl-C, or a failure reported), with the depth it stopped in.
 */
static int
perft_depths(struct walk *w, struct session *s, int depth, int *stopped)
{
	int rc = 0, d;

	w->progress = isatty(2);
	for (d = 1; d <= depth && rc == 0; d++) {
		memset(w->count, 0, sizeof w->count);
		w->maxdepth = d;
		w->t0 = w->shown = now_seconds();
		rc = walk(w, s->cur, 0, 0, 0);
		if (w->progress && w->shown > w->t0)
			fputs("\r\033[K", stderr);
		if (rc == 0)
			printf("depth %d: %" PRIu64 "\n", d, w->count[d]);
		else
			*stopped = d;
		fflush(stdout);
	}
	return rc;
}

/*
 * Count the leaves of s's position to `depth` and print them (the deals
 * of a start dealt by chance first).  Returns 0, 2 (too many deals),
 * Ctrl-C's exit status, or another failure's (reported).
 */
static int
perft_count(struct walk *w, struct session *s, const char *seedarg,
    const char *pos, int depth)
{
	char *desc = optset_describe(&s->opts, w->g, 1);
	int rc, stopped = 0;

	/* A start dealt by chance: count its deals before anything else. */
	w->maxdepth = depth;
	w->dealing = 1;
	rc = walk(w, s->cur, 0, 0, 0);
	w->dealing = 0;
	if (rc == 1) {
		fprintf(stderr, "tablero: perft: the start of %s%s%s is dealt by "
		    "chance in more than %d ways, too many to expand; count "
		    "from one deal with --seed N or from a position with "
		    "--position\n", w->g->name, *desc ? " " : "", desc,
		    PERFT_MAX_DEALS);
		rc = 2;
	} else if (rc == 0) {
		printf("perft %s%s%s", w->g->name, *desc ? " " : "", desc);
		if (seedarg != NULL)
			printf(" --seed %" PRIu64, s->seed);
		printf("\n");
		if (seedarg != NULL || pos != NULL) {
			char *text = session_position(s);
			printf("start: %s\n", text);
			free(text);
		}
		fflush(stdout);
		rc = perft_depths(w, s, depth, &stopped);
	}
	if (rc == -1 && interrupt_pending()) {
		if (stopped > 1)
			fprintf(stderr, "tablero: perft: interrupted in depth %d; "
			    "depths 1 to %d are counted above\n", stopped,
			    stopped - 1);
		else
			fprintf(stderr, "tablero: perft: interrupted in depth 1; "
			    "no depth was counted\n");
		rc = interrupt_exit_status();
	}
	free(desc);
	return rc;
}

const struct subcmd_entry subcmd_perft = {
	.name = "perft",
	.usage = "GAME [key=value ...] DEPTH",
	.flags = "[--seed N] [--position POS]",
	.run = perft_main,
	.page = "tablero-perft(1)"
};

int
perft_main(struct host *host, int argc, char **argv)
{
	const char *seedarg = NULL, *pos = NULL;
	const struct flag flags[] = {
		{ "--seed", FLAG_TEXT, &seedarg, "N",
		    "seed the chance generator with N, for games whose "
		    "start is dealt" },
		{ "--position", FLAG_TEXT, &pos, "POS",
		    "count from position POS, not the start" },
		{ NULL, FLAG_SWITCH, NULL, NULL, NULL }
	};
	struct subcmd c = { &subcmd_perft, flags, NULL, { NULL }, 0 };
	struct walk w;
	struct plugin *p;
	struct session *s;
	uint64_t depth = 0, seed = 1;
	int rc, i;

	if ((rc = perft_args(argc, argv, &c, &depth)) >= 0)
		return rc;
	if (seedarg != NULL && parse_u64(seedarg, &seed) != 0) {
		fprintf(stderr, "tablero: perft: --seed wants a non-negative "
		    "number, not '%s'\n", seedarg);
		return 2;
	}
	/* The game is created with the seed that deals it, as `new` does. */
	if ((p = subcmd_game(host, &c)) == NULL ||
	    (s = subcmd_session(host, &c, p, NULL, seed)) == NULL)
		return 2;
	if ((rc = perft_start(s, pos, seedarg != NULL)) != 0) {
		session_free(s);
		return rc;
	}
	memset(&w, 0, sizeof w);
	w.g = &p->game;
	rc = perft_count(&w, s, seedarg, pos, (int)depth);
	for (i = 0; i < w.nlv; i++) {
		w.g->destroy(w.lv[i].st);
		free(w.lv[i].mv);
		free(w.lv[i].prob);
	}
	free(w.lv);
	free(w.chain);
	session_free(s);
	return rc == 0 ? 0 : rc > 1 ? rc : 1;
}
