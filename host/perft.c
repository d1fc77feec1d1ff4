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
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "interrupt.h"
#include "perft.h"
#include "session.h"
#include "subcmd.h"
#include "util.h"

#define PERFT_MAX_DEPTH 20

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
};

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
	int n;

	for (;;) {
		n = who == TBL_CHANCE ? g->chance_outcomes(st, l->mv, l->prob, l->cap)
		    : g->legal_moves(st, l->mv, l->cap);
		if (n <= l->cap)
			return n < 0 ? 0 : n;
		l->cap = n;
		l->mv = xrealloc(l->mv, (size_t)n * sizeof *l->mv);
		l->prob = xrealloc(l->prob, (size_t)n * sizeof *l->prob);
	}
}

/*
 * Expand st, reached after d decisions, at recursion level k.  Returns
 * -1 when the plugin refuses one of its own moves or Ctrl-C stops it.
 */
static int
walk(struct walk *w, const struct tbl_state *st, int d, int k, int cstart)
{
	const struct tbl_game *g = w->g;
	int who = g->to_move(st), n, i, rc = 0;
	struct level *l;

	if (d == w->maxdepth || who == TBL_END)
		return 0;
	if (interrupt_pending())
		return -1;	/* Ctrl-C: no count is shown */
	if (who == TBL_CHANCE) {
		char *pos = text_of(g->get_position, st);
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
			char *pos = text_of(g->get_position, st);
			fprintf(stderr, "tablero: perft: %s refuses its own %s %u "
			    "in position '%s'\n", g->name, who == TBL_CHANCE ?
			    "chance outcome" : "legal move", (unsigned)l->mv[i], pos);
			free(pos);
			rc = -1;
			break;
		}
		if (who != TBL_CHANCE)
			w->count[d + 1]++;
		/* A decision starts a new chain of chance points. */
		if (walk(w, l->st, who == TBL_CHANCE ? d : d + 1, k + 1,
		    who == TBL_CHANCE ? cstart : w->nchain) != 0) {
			rc = -1;
			break;
		}
		/* A deeper level may have moved the array. */
		l = &w->lv[k];
	}
	if (who == TBL_CHANCE)
		free(w->chain[--w->nchain]);
	return rc;
}

int
perft_main(struct app *a, int argc, char **argv)
{
	const struct flag flags[] = { { NULL, FLAG_SWITCH, NULL } };
	struct subcmd c = { "perft", flags, NULL, { NULL }, 0 };
	struct walk w;
	struct plugin *p;
	struct session *s;
	uint64_t depth;
	char *desc;
	int rc, d, i;

	/* DEPTH is the last word; the rest is the usual command line. */
	if (argc >= 2 && strcmp(argv[argc - 1], "--help") != 0 &&
	    parse_u64(argv[argc - 1], &depth) == 0) {
		if (depth < 1 || depth > PERFT_MAX_DEPTH) {
			fprintf(stderr, "tablero: perft: DEPTH must be 1 to %d, "
			    "not %s\n", PERFT_MAX_DEPTH, argv[argc - 1]);
			return 2;
		}
		argc--;
	} else {
		for (i = 1; i < argc; i++)
			if (strcmp(argv[i], "--help") == 0)
				break;
		if (i == argc) {
			fprintf(stderr, "tablero: perft: the last argument must be "
			    "the DEPTH, a number\n");
			subcmd_usage(&c, stderr);
			return 2;
		}
		depth = 0;
	}
	if ((rc = subcmd_parse(&c, argc, argv)) >= 0)
		return rc;
	if ((p = subcmd_game(a, &c)) == NULL ||
	    (s = subcmd_session(a, &c, p, NULL, 1)) == NULL)
		return 2;
	memset(&w, 0, sizeof w);
	w.g = &p->game;
	w.maxdepth = (int)depth;
	rc = walk(&w, s->start, 0, 0, 0);
	if (rc == 0) {
		desc = optset_describe(&s->opts, &p->game, 1);
		printf("perft %s%s%s\n", p->game.name, *desc ? " " : "", desc);
		for (d = 1; d <= w.maxdepth; d++)
			printf("depth %d: %" PRIu64 "\n", d, w.count[d]);
		free(desc);
	}
	if (rc != 0 && interrupt_pending()) {
		fprintf(stderr, "tablero: perft: interrupted; the counts are "
		    "incomplete and not shown\n");
		rc = interrupt_exit_status();
	}
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
