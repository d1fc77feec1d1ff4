/*
 * games.c - the games of a server and what follows each change (see
 * games.h); the workers' loop is worker.c.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/safefile.h"
#include "base/util.h"
#include "core/game.h"
#include "core/host.h"
#include "core/record.h"
#include "core/session.h"
#include "serve/games.h"

void
games_init(struct games *G, struct host *h, const char *jdir)
{
	memset(G, 0, sizeof *G);
	pthread_mutex_init(&G->lock, NULL);
	pthread_cond_init(&G->work, NULL);
	G->host = h;
	G->next_id = 1;
	G->jdir = jdir ? xstrdup(jdir) : NULL;
}

int
games_start(struct games *G, int n)
{
	if (n < 1)
		n = 1;
	if (n > GAMES_MAX_WORKERS)
		n = GAMES_MAX_WORKERS;
	for (G->nworkers = 0; G->nworkers < n; G->nworkers++)
		if (pthread_create(&G->workers[G->nworkers], NULL, games_worker,
		    G) != 0)
			return G->nworkers > 0 ? 0 : -1;
	return 0;
}

static void
game_free(struct game *g, int clean)
{
	if (clean && g->journal)
		unlink(g->journal);
	session_free(g->sess);
	free(g->hint);
	free(g->journal);
	free(g->written);
	free(g->cache);
	free(g);
}

void
games_free(struct games *G, int clean)
{
	int i;

	pthread_mutex_lock(&G->lock);
	G->stop = 1;
	pthread_cond_broadcast(&G->work);
	pthread_mutex_unlock(&G->lock);
	for (i = 0; i < G->nworkers; i++)
		pthread_join(G->workers[i], NULL);
	for (i = 0; i < G->n; i++)
		game_free(G->v[i], clean);
	free(G->v);
	free(G->jdir);
	pthread_cond_destroy(&G->work);
	pthread_mutex_destroy(&G->lock);
}

struct game *
games_find(struct games *G, unsigned id)
{
	int i;

	for (i = 0; i < G->n; i++)
		if (G->v[i]->id == id)
			return G->v[i];
	return NULL;
}

struct game *
games_add(struct games *G, struct session *s, const struct seat_spec *seats,
    const char *journal)
{
	struct game *g;

	if (G->n >= GAMES_MAX) {
		session_free(s);
		return NULL;
	}
	g = xcalloc(1, sizeof *g);
	g->id = G->next_id++;
	g->sess = s;
	g->think_seat = -1;
	if (seats)
		memcpy(g->seats, seats, sizeof g->seats);
	rng_seed(&g->rng, s->seed ^ ((uint64_t)g->id << 32));
	if (journal)
		g->journal = xstrdup(journal);
	else if (G->jdir)
		g->journal = xasprintf("%s/%ld-%ld-%u.tbr", G->jdir,
		    (long)time(NULL), (long)getpid(), g->id);
	G->v = xrealloc(G->v, (size_t)(G->n + 1) * sizeof *G->v);
	G->v[G->n++] = g;
	return g;
}

void
games_replace(struct games *G, struct game *g, struct session *s)
{
	session_free(g->sess);
	g->sess = s;
	g->paused = 0;
	free(g->hint);
	g->hint = NULL;
	rng_seed(&g->rng, s->seed ^ ((uint64_t)g->id << 32));
}

/* The record of g into its journal when it changed; a game without a
 * move has none. */
static void
journal_game(struct game *g)
{
	const struct session *s = g->sess;
	char *text, err[1024];
	int np;

	if (g->journal == NULL)
		return;
	if (s->nmoves == 0) {
		if (g->written)
			unlink(g->journal);
		free(g->written);
		g->written = NULL;
		return;
	}
	np = game_players(s->g, s->cur);
	text = record_text(s, g->seats, np);
	if (g->written && strcmp(g->written, text) == 0) {
		free(text);
		return;
	}
	if (safefile_replace(g->journal, text, strlen(text), err,
	    sizeof err) != 0) {
		fprintf(stderr, "tablero: serve: journal: %s\n", err);
		free(text);
		return;
	}
	free(g->written);
	g->written = text;
}

static int
seat_human(const struct game *g, int who)
{
	return who >= TBL_MAX_PLAYERS || g->seats[who].kind == SEAT_HUMAN;
}

int
games_throws(const struct game *g)
{
	const struct session *s = g->sess;
	int np = game_players(s->g, s->cur), i, humans = 0, last = -1;

	for (i = 0; i < np; i++)
		humans += seat_human(g, i);
	if (humans == 0)
		return 0;
	for (i = s->nmoves - 1; i >= 0 && last < 0; i--)
		if (s->movers[i] >= 0)
			last = s->movers[i];
	/* A human's move hands the dice on: to a computer when there is
	 * one, whose throw the host makes. */
	return !(last >= 0 && seat_human(g, last) && humans < np);
}

void
games_changed(struct games *G, struct game *g)
{
	struct session *s = g->sess;
	int who = game_to_move(s->g, s->cur);

	if (who == TBL_CHANCE && !g->paused && !games_throws(g)) {
		session_roll(s, NULL);
		who = game_to_move(s->g, s->cur);
	}
	g->version++;
	g->want = WANT_NONE;
	if (who >= 0 && !seat_human(g, who) && !g->paused) {
		g->want = WANT_MOVE;
		pthread_cond_broadcast(&G->work);
		return;	/* journalled once the computer seats have played */
	}
	journal_game(g);
}

void
games_want_hint(struct games *G, struct game *g)
{
	g->want = WANT_HINT;
	pthread_cond_broadcast(&G->work);
}
