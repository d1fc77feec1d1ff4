/*
 * merge.h - `tablero merge`: the shards of a match, survey or check,
 * combined into the report of the single run.
 */
#ifndef TABLERO_MERGE_H
#define TABLERO_MERGE_H

struct host;

/*
 * `tablero merge [--json|--csv] FILE...`: argv[0] is "merge".  Each FILE
 * holds the JSON lines of `--shard K/N` (or `--json`) runs of the same
 * command; prints what the single run prints.  Returns the exit status.
 */
int merge_main(struct host *host, int argc, char **argv);

/* One game line of the files, for the merging of one kind of run. */
struct merge_line {
	const char *file;
	long lineno;
	char *text;
};

struct game_out;

/*
 * Put the game lines of a match or survey of `games` games under each of
 * `ncombos` combinations (1 for a match) of np players in their places,
 * res[combo * games + index], with from[place] = 1 + the line it came
 * from (0: none).  Returns 0, or 1 after printing which line is bad or
 * which game is given twice.
 */
int merge_games(const struct merge_line *lines, long n, int np, long games,
    long ncombos, struct game_out *res, long *from);

#endif /* TABLERO_MERGE_H */
