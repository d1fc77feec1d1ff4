/*
 * games.h - the games one server holds, one per browser tab or API
 * client, each with its own session and seats, and the worker threads
 * on which the computer seats think (worker.c), so that no request
 * waits for a search.
 *
 * One lock (struct games.lock) guards the table and every game in it.
 * A request holds it while it reads or changes a game; a worker holds it
 * only to take a copy of the position before it searches and to play
 * the move it found after.  A game that changed while a worker searched
 * (its version moved on: undo, new, a seat changed) drops the move.
 */
#ifndef TABLERO_SERVE_GAMES_H
#define TABLERO_SERVE_GAMES_H

#include <pthread.h>
#include <stddef.h>

#include "base/rng.h"
#include "core/seat.h"

struct host;
struct session;
struct sbuf;

/* The most games one server holds at once. */
#define GAMES_MAX 512
/* The most worker threads. */
#define GAMES_MAX_WORKERS 16

/* What a worker is asked to do for a game. */
enum game_want { WANT_NONE, WANT_MOVE, WANT_HINT };

struct game {
	unsigned id;
	struct session *sess;
	struct seat_spec seats[TBL_MAX_PLAYERS];
	unsigned long version;	/* moves on at every change */
	int paused;		/* after undo and redo: computer seats wait */
	enum game_want want;	/* work a worker should pick up */
	int busy;		/* a worker searches for it */
	int think_seat;		/* the seat searched for, or -1 */
	int think_hint;		/* the search is a hint */
	volatile long playouts;	/* of the search in progress */
	char *hint;		/* the last hint's text, or NULL */
	char *journal;		/* its journal file, or NULL */
	char *written;		/* the record last journalled, or NULL */
	char *cache;		/* the state of cache_version (state.c) */
	unsigned long cache_version;
	struct rng rng;		/* the computer players' draws */
};

struct games {
	pthread_mutex_t lock;
	pthread_cond_t work;	/* a game wants a worker, or stop */
	struct game **v;
	int n;
	unsigned next_id;
	int stop;
	struct host *host;
	char *jdir;		/* the journal directory, or NULL */
	pthread_t workers[GAMES_MAX_WORKERS];
	int nworkers;
};

/* An empty table on host h, journalling into jdir (NULL: none). */
void games_init(struct games *G, struct host *h, const char *jdir);

/* Start n worker threads (1 .. GAMES_MAX_WORKERS); 0 or -1. */
int games_start(struct games *G, int n);

/* Stop the workers (a search in progress ends first), free every game;
 * `clean` removes their journals. */
void games_free(struct games *G, int clean);

/* The game `id`, or NULL.  Hold the lock. */
struct game *games_find(struct games *G, unsigned id);

/*
 * A new game holding session s (taken) with the given seats (NULL: all
 * human), journalled to `journal` (NULL: a new file in the directory).
 * NULL when the table is full (s is then freed).  Hold the lock.
 */
struct game *games_add(struct games *G, struct session *s,
    const struct seat_spec *seats, const char *journal);

/* Replace g's session by s (taken); its seats stay.  Hold the lock. */
void games_replace(struct games *G, struct game *g, struct session *s);

/*
 * After every change to g: a new version, chance points rolled when the
 * host throws them (see games_throws()), and a worker woken when a
 * computer seat is to move; else (a human's turn, the end, a wait) the
 * journal written, so that a run of computer moves is written once.
 * Hold the lock.
 */
void games_changed(struct games *G, struct game *g);

/*
 * Is the chance point g is at thrown by a click ("throw")?  Yes when a
 * human seat plays and the last player to move was not a human handing
 * the dice on to a computer seat.  Hold the lock.
 */
int games_throws(const struct game *g);

/* Ask a worker for a hint for the player to move.  Hold the lock. */
void games_want_hint(struct games *G, struct game *g);

/* The workers' loop (worker.c). */
void *games_worker(void *arg);

#endif /* TABLERO_SERVE_GAMES_H */
