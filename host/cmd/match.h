/*
 * match.h - `tablero match`: tournaments between computer players.
 */
#ifndef TABLERO_MATCH_H
#define TABLERO_MATCH_H

struct game_out;
struct host;
struct jobject;
struct match_info;

/*
 * `tablero match GAME [key=value ...] --players P1,P2[,...] [--games N]
 * [--jobs J] [--seed N] [--cap N] [--sprt elo0,elo1,alpha,beta]
 * [--records DIR] [--json] [--shard K/N]`: argv[0] is "match".  Returns
 * the exit status.
 */
int match_main(struct host *host, int argc, char **argv);

/* Its entry in the list of subcommands (cmd/dispatch.c). */
struct subcmd_entry;
extern const struct subcmd_entry subcmd_match;

struct shards;

/* `tablero merge` of a match's shards sh under header hdr. */
int match_merge(const struct jobject *hdr, const struct shards *sh,
    int json, const char *plotfile);

/*
 * Draw the score of each player with its 95% interval over the first n
 * games of res into path (SVG).  Returns 0, or 1 after saying why not.
 */
int match_plot(const struct match_info *mi, const struct game_out *res,
    long n, const char *path);

#endif /* TABLERO_MATCH_H */
