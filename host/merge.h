/*
 * merge.h - `tablero merge`: the shards of a match, survey or check,
 * combined into the report of the single run.
 */
#ifndef TABLERO_MERGE_H
#define TABLERO_MERGE_H

struct app;

/*
 * `tablero merge [--json|--csv] FILE...`: argv[0] is "merge".  Each FILE
 * holds the JSON lines of `--shard K/N` (or `--json`) runs of the same
 * command; prints what the single run prints.  Returns the exit status.
 */
int merge_main(struct app *a, int argc, char **argv);

/* One game line of the files, for the merging of one kind of run. */
struct merge_line {
	const char *file;
	long lineno;
	char *text;
};

#endif /* TABLERO_MERGE_H */
