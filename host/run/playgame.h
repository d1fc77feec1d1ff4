/*
 * playgame.h - one game between computer players, as `match` and
 * `survey` play it, with the measures they report and its JSON line.
 *
 * The game at index i of a run whose seed is n is played with seed
 * n + i / P (P players) in seating i mod P: player p sits in seat
 * (p + i) mod P, so every seed is played once in every seating.  The
 * chance points draw from a generator seeded with that seed and each
 * player from its own, so the same index gives the same game in any
 * process, worker or shard.
 */
#ifndef TABLERO_PLAYGAME_H
#define TABLERO_PLAYGAME_H

#include <stdint.h>

#include "ai/ai.h"
#include "core/seat.h"

struct session;
struct sbuf;
struct jobject;
struct terms;

/* What one game gave. */
struct game_out {
	long index;			/* the game's index in its run, from 0 */
	long combo;			/* survey: the combination, else 0 */
	uint64_t seed;
	int np;
	int seating[TBL_MAX_PLAYERS];	/* the player (from 0) in each seat */
	double score[TBL_MAX_PLAYERS];	/* each seat's result */
	int capped;			/* cut by the move cap (scores shared) */
	int limit;			/* ended at the game's own turn limit */
	long moves;			/* all moves, chance included */
	long decisions;			/* moves by players */
	long turns;			/* runs of decisions by one player */
	long branching;			/* legal moves summed over decisions */
	long forced;			/* decisions with a single legal move */
	int ended;			/* a fault or adjudication ended it */
	char why[160];			/* then why ("illegal move 'zz9'") */
	char result[224];		/* and the record's [Result] */
	int timed;			/* a clock or engines: used[] is noted */
	double used[TBL_MAX_PLAYERS];	/* each seat's seconds of thought */
	int failed;			/* crashed or out of time: no result */
};

/* The game's JSON line (no newline) appended to b. */
void playgame_json(const struct game_out *o, struct sbuf *b);

/* Parse a game's JSON line; 0, or -1 with a message. */
int playgame_parse(const char *line, int np, struct game_out *o, char *err,
    size_t errlen);

/*
 * Play game `index` of combination `combo` as playgame() does and append
 * its JSON line to line.  Returns 0; 1, with no line, when the game was
 * interrupted; or -1 after printing "tablero: CMD: why".
 */
int playgame_line(struct session *s, const struct seat_spec *players, int np,
    long cap, long index, long combo, uint64_t seed, const char *records,
    const struct terms *t, const char *cmd, struct sbuf *line);

/*
 * As playgame_line(), in a child process with `timeout` seconds when
 * timeout > 0: a game whose process crashes or outlives its time is
 * reported ("tablero: CMD: game N: why") and its line says "failed":
 * no result, not counted.
 */
int playgame_line_timed(struct session *s, const struct seat_spec *players,
    int np, long cap, long index, long combo, uint64_t seed,
    const char *records, const struct terms *t, const char *cmd,
    double timeout, struct sbuf *line);

/*
 * Read a game's JSON object back: the counts whole and in range, each
 * result in [0, 1], the seating one of np players.  0, or -1 with a
 * message.
 */
int playgame_read(const struct jobject *obj, int np, struct game_out *o,
    char *err, size_t errlen);

/*
 * Whether game o read back belongs to a run seeded `seed` of `games`
 * games under each of `ncombos` combinations with move cap `cap`: its
 * index and combination in range, its seed and seating those of its
 * index, its counts within the cap and consistent.  0, or -1 with a
 * message.
 */
int playgame_check(const struct game_out *o, uint64_t seed, long cap,
    long games, long ncombos, char *err, size_t errlen);


/* The seed and seating of game `index` of a run seeded `seed`. */
void playgame_seating(long index, uint64_t seed, int np, uint64_t *game_seed,
    int *seating);

/* Parse --shard "K/N" (1 <= K <= N); 0, or -1 with a message. */
int playgame_shard(const char *text, long *k, long *n, char *err,
    size_t errlen);

/*
 * What the header lines of `match` and `survey` hold in common: the game,
 * its options, the seed, games and move cap, and who plays.  The strings
 * are owned by the struct; run_head_free() frees them.
 */
struct run_head {
	char *game, *options;		/* options: "key=value ..." as set */
	char *version;			/* the plugin's, or NULL (not recorded) */
	uint64_t seed;
	long games, cap;
	int np;
	char *players[TBL_MAX_PLAYERS];	/* "mcts:200" */
	char *names[TBL_MAX_PLAYERS];	/* each seat's name in the game */
};

void run_head_free(struct run_head *h);

/*
 * Set h's game (g's name and version), seed, games and cap, and its np
 * players: each spec as text and the name of its seat in g at start.
 * The options are the caller's to set.
 */
void run_head_set(struct run_head *h, const struct tbl_game *g,
    const struct tbl_state *start, const struct seat_spec *specs, int np,
    uint64_t seed, long games, long cap);

/*
 * Open a header line in b: {"type":TYPE and the common members, no
 * closing brace; the caller adds its own members, then run_head_close().
 */
void run_head_json(const struct run_head *h, const char *type,
    struct sbuf *b);

/* Close a header line; shard_n > 1 adds "shard":"K/N". */
void run_head_close(long shard_k, long shard_n, struct sbuf *b);

/*
 * Read the players and seats of a TYPE header into h; 0, or -1 with a
 * message (h->np then counts the players read, for run_head_free()).
 */
int run_head_read_seats(const struct jobject *o, const char *type,
    struct run_head *h, char *err, size_t errlen);

/*
 * The last line of a run's JSON output when Ctrl-C (or SIGTERM, SIGHUP)
 * stopped it: {"type":"interrupted","games":GAMES,"of":OF}, games being
 * those the output holds and `of` those it would have held.  Appended to
 * b without a newline.
 */
void run_interrupted_json(long games, long of, struct sbuf *b);

/* Make directory dir unless it exists; 0, or -1 with a message. */
int playgame_mkdir(const char *dir, char *err, size_t errlen);

#endif /* TABLERO_PLAYGAME_H */
