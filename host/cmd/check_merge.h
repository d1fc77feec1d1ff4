/*
 * check_merge.h - the lines of `tablero check` and the report made of
 * them.  Each game checked gives one JSON line: its index, its number of
 * failures and the first of their reports.  A run, played by any number
 * of workers, and `merge` of its shards both print the report from these
 * lines taken in game order, so that the first failure reported is the
 * first by game index, whoever checked it first.
 */
#ifndef TABLERO_CHECK_MERGE_H
#define TABLERO_CHECK_MERGE_H

#include <stdint.h>

struct jobject;
struct shards;
struct sbuf;

/* The failures printed in a run's report, and kept for each game. */
#define CHECK_MAX_REPORTS 10

/*
 * What a check is of.  The plugin is known by its name, version, ABI and
 * the checksum of its file; where the file lies (path) is only shown, so that shards checked on hosts where
 * it is installed in different places merge.
 */
struct check_head {
	char *game, *version, *path, *options;
	char *checksum;		/* of the plugin's file: "fnv1a64:HEX" */
	char *abi, *host_abi;	/* "1.2": the plugin's, the host's */
	char *option_report;	/* the failures of the option checks */
	long option_failures;
	uint64_t seed;
	long games, cap;
};

/* The first lines of the report: the plugin checked, then option_report. */
void check_head_preamble(const struct check_head *h, struct sbuf *b);

/* A shard's header line (no newline): h and, for n > 1, "shard":"k/n". */
void check_head_json(const struct check_head *h, long shard_k, long shard_n,
    struct sbuf *b);

/*
 * Read a header back into h (new strings; check_head_free() frees them).
 * Returns 0, or -1 with a message in err.
 */
int check_head_read(const struct jobject *o, struct check_head *h, char *err,
    size_t errlen);
void check_head_free(struct check_head *h);

/*
 * Append the line of game `index` (from 0) to line.  found holds the
 * game's failures, one report a line, each a JSON string; the line
 * counts them all and keeps the first CHECK_MAX_REPORTS.
 */
void check_game_line(long index, const char *found, int limit,
    struct sbuf *line);

/*
 * The reports of a run, printed in game order from game lines taken in
 * any order.  The run has nslots games: slot t is game index
 * shard_k - 1 + t * shard_n.
 */
struct check_tally {
	long nslots, shard_k, shard_n;
	int lines;		/* print each game's line (a shard), not reports */
	int progress;		/* clear the progress line before a report */
	char **held;		/* game lines taken before their turn */
	long next;		/* the slots reported so far */
	long failures;		/* the failures of those games */
	long seen;		/* the failures of all the games taken */
	long limits;		/* games reported that ended at the game's limit */
};

/* 0, or -1 after a message when the slots do not fit in memory. */
int check_tally_init(struct check_tally *t, long nslots, long shard_k,
    long shard_n, int lines);
void check_tally_free(struct check_tally *t);

/*
 * Take one game line and print, in game order, every game now due.
 * Returns 0, or -1 with a message in err when the line is not one of a
 * game of this run still to come.
 */
int check_tally_take(struct check_tally *t, const char *line, char *err,
    size_t errlen);

/*
 * The closing lines: the failures not shown, whether the run was cut
 * short (after `games` of `asked`), and the count.
 */
void check_summary(const struct check_head *h, const struct check_tally *t,
    long games, long asked);

/* `tablero merge` of a check's shards sh under header hdr. */
int check_merge(const struct jobject *hdr, const struct shards *sh);

#endif /* TABLERO_CHECK_MERGE_H */
