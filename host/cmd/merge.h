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

/* Its entry in the list of subcommands (cmd/dispatch.c). */
struct subcmd_entry;
extern const struct subcmd_entry subcmd_merge;

#endif /* TABLERO_MERGE_H */
