/*
 * worker.c - the threads on which computer seats think and hints are
 * searched (see games.h): a worker takes a copy of the position under
 * the lock, searches without it, and plays what it found only when the
 * game is still where it was.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "base/interrupt.h"
#include "base/util.h"
#include "core/game.h"
#include "core/host.h"
#include "core/session.h"
#include "core/settings.h"
#include "serve/games.h"

/* What one search is about, taken under the lock. */
struct job {
	struct game *g;
	const struct tbl_game *tg;
	struct tbl_state *st;	/* a copy of the position */
	struct seat_spec spec;
	unsigned long version;
	int who, hint;
	struct rng rng;
};

static void
progress(void *arg, long playouts)
{
	((struct game *)arg)->playouts = playouts;
}

/* The next game that wants a worker, or NULL.  Hold the lock. */
static struct game *
next_game(struct games *G)
{
	int i;

	for (i = 0; i < G->n; i++)
		if (G->v[i]->want != WANT_NONE && !G->v[i]->busy)
			return G->v[i];
	return NULL;
}

/* The player of hints: the configured `ai`, as the REPL's hint. */
static void
hint_spec(struct games *G, const struct tbl_game *tg, struct seat_spec *spec)
{
	const char *game = opt_find(tg->options, tg->noptions, "ai") < 0 ?
	    tg->name : NULL;
	char err[256];

	if (seat_parse(config_for_game(&G->host->cfg, game, "ai"), spec, err,
	    sizeof err) != 0 || spec->kind != SEAT_MCTS) {
		memset(spec, 0, sizeof *spec);
		spec->kind = SEAT_MCTS;
		spec->budget = SEAT_DEFAULT_PLAYOUTS;
	}
}

/* Take the job of game g; 0, or -1 when there is nothing to search. */
static int
take_job(struct games *G, struct game *g, struct job *j)
{
	struct session *s = g->sess;

	j->g = g;
	j->tg = s->g;
	j->who = game_to_move(s->g, s->cur);
	j->hint = g->want == WANT_HINT;
	g->want = WANT_NONE;
	if (j->who < 0)
		return -1;
	if (j->hint)
		hint_spec(G, s->g, &j->spec);
	else if (j->who < TBL_MAX_PLAYERS &&
	    g->seats[j->who].kind != SEAT_HUMAN)
		j->spec = g->seats[j->who];
	else
		return -1;
	j->st = s->g->clone(s->cur);
	j->version = g->version;
	j->rng = g->rng;
	rng_next(&g->rng);
	g->busy = 1;
	g->think_seat = j->who;
	g->think_hint = j->hint;
	g->playouts = 0;
	return 0;
}

/* "a3 (61%), b2 (20%)": the best lines of a hint; caller frees. */
static char *
hint_text(const struct job *j, const struct ai_line *lines, int n)
{
	struct sbuf b = { 0 };
	char *mv;
	int i;

	for (i = 0; i < n; i++) {
		mv = game_move_text(j->tg, j->st, lines[i].move);
		sbuf_printf(&b, "%s%s (%.0f%%)", i ? ", " : "", mv,
		    100 * lines[i].winrate);
		free(mv);
	}
	return b.s ? b.s : xstrdup("no move");
}

/* Search j without the lock: the move into *m, or a hint's text. */
static int
search(struct job *j, tbl_move *m, char **hint)
{
	struct ai_player *p = ai_player_new(&j->spec);
	struct ai_line lines[3];
	int rc, n;

	ai_player_set_progress(p, progress, j->g);
	if (j->hint) {
		n = ai_player_rank(p, j->tg, j->st, &j->rng, lines, 3, NULL);
		*hint = n > 0 ? hint_text(j, lines, n) : NULL;
		rc = n > 0 ? 0 : -1;
	} else
		rc = ai_player_choose(p, j->tg, j->st, &j->rng, m, NULL);
	ai_player_free(p);
	return rc;
}

/* Back under the lock: play or keep what the search found. */
static void
finish(struct games *G, struct job *j, int rc, tbl_move m, char *hint)
{
	struct game *g = j->g;
	char err[TBL_ERRLEN];

	g->busy = 0;
	g->think_seat = -1;
	/* SIGINT or SIGTERM stopped the search: play nothing half-searched. */
	if (interrupt_pending())
		rc = -1;
	if (rc == 0 && g->version == j->version) {
		if (j->hint) {
			free(g->hint);
			g->hint = hint;
			hint = NULL;
			g->version++;
		} else if (session_apply(g->sess, m, err, sizeof err) == 0)
			games_changed(G, g);
		else
			fprintf(stderr, "tablero: serve: game %u: %s\n", g->id, err);
	} else if (g->version == j->version && !j->hint)
		g->version++;	/* nothing to play: the state says so */
	free(hint);
	j->tg->destroy(j->st);
}

void *
games_worker(void *arg)
{
	struct games *G = arg;
	struct game *g;
	struct job j;
	tbl_move m = 0;
	char *hint = NULL;
	int rc;

	pthread_mutex_lock(&G->lock);
	while (!G->stop) {
		if ((g = next_game(G)) == NULL) {
			pthread_cond_wait(&G->work, &G->lock);
			continue;
		}
		memset(&j, 0, sizeof j);
		if (take_job(G, g, &j) != 0)
			continue;
		pthread_mutex_unlock(&G->lock);
		rc = search(&j, &m, &hint);
		pthread_mutex_lock(&G->lock);
		finish(G, &j, rc, m, hint);
		hint = NULL;
	}
	pthread_mutex_unlock(&G->lock);
	return NULL;
}
