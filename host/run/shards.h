/*
 * shards.h - the JSON lines of runs played in shards (`--shard K/N`,
 * `--json`) read back: one reader for `tablero merge` of a match, a
 * survey or a check.
 *
 * Every file starts with its run's header line; the headers must agree
 * but for their "shard" and "path" members.  The game lines are put back
 * in game order: a line that is not a game of the run, a game given
 * twice and (for the caller to judge) a game given by no file are
 * refused, naming the file and line.  Files are read with a size limit
 * (SHARDS_MAX_BYTES, SHARDS_MAX_LINE); a file that is not a regular one
 * (a FIFO, a device) is refused, standard input ("-") aside.
 */
#ifndef TABLERO_SHARDS_H
#define TABLERO_SHARDS_H

#include <stddef.h>
#include <stdint.h>

struct game_out;

/* The limits of a shard file: 1 GiB, and 4 MiB a line. */
#define SHARDS_MAX_BYTES (1L << 30)
#define SHARDS_MAX_LINE (4L << 20)

/* One game line of the files. */
struct shard_line {
	const char *file;
	long lineno;
	char *text;
};

/* The files of one run, read so far. */
struct shards {
	char *header;		/* the first file's header line */
	const char *first;	/* that file */
	struct shard_line *lines;
	long n, cap;
};

/*
 * Read file `path` ("-": standard input) into s: its header, which must
 * be of the same run as those read before, and its game lines.  Returns
 * 0, or -1 after printing "tablero: merge: ..." (s keeps what it had).
 */
int shards_read(struct shards *s, const char *path);

void shards_free(struct shards *s);

/* The run the header names: "match", "survey" or "check". */
const char *shards_kind(const struct shards *s);

/*
 * A line's place among the run's slots (slot = combo * games + index),
 * from 0; 0, or -1 with a message in err.  i is the line's number in s.
 */
typedef int (*shard_slot_fn)(void *ctx, long i, const char *text,
    long *slot, char *err, size_t errlen);

/*
 * Put the game lines of a run of `games` games under each of `ncombos`
 * combinations in order: order[k] is the line (index into s->lines) of
 * slot k for k < *m, *m being the first slot that no line gives
 * (games * ncombos when none is missing).  order has room for s->n.
 * Returns 0, or 1 after printing which line is bad or which game is
 * given twice.
 */
int shards_order(const struct shards *s, long games, long ncombos,
    shard_slot_fn slot, void *ctx, long *order, long *m);

/* Print that slot m of such a run "is in none of the files"; returns 1. */
int shards_missing(long m, long games, long ncombos);

/*
 * The game lines of a match or survey of np players (header seed
 * `seed`, move cap `cap`) read and checked (see playgame_check) and put
 * in order: *res (n lines, to free) holds slots 0..*m).  Returns 0, or 1
 * after printing why not.
 */
int shards_games(const struct shards *s, int np, uint64_t seed,
    long cap, long games, long ncombos, struct game_out **res, long *m);

#endif /* TABLERO_SHARDS_H */
