/*
 * survey.h - `tablero survey`: the measures of a game under every
 * combination of some house rules' values.
 */
#ifndef TABLERO_SURVEY_H
#define TABLERO_SURVEY_H

struct host;
struct jobject;
struct shards;

/*
 * `tablero survey GAME key=v1,v2[,...] ... [key=value ...] [--players
 * P1,P2] [--games N] [--jobs J] [--seed N] [--cap N] [--csv|--json]
 * [--plot FILE.svg] [--shard K/N]`: argv[0] is "survey".  Returns the
 * exit status.
 */
int survey_main(struct host *host, int argc, char **argv);

/* Its entry in the list of subcommands (cmd/dispatch.c). */
struct subcmd_entry;
extern const struct subcmd_entry subcmd_survey;

/*
 * `tablero merge` of a survey's shards sh under header hdr; format is
 * 't' (table), 'c' (CSV) or 'j' (JSON).
 */
int survey_merge(const struct jobject *hdr, const struct shards *sh,
    int format, const char *plotfile);

#endif /* TABLERO_SURVEY_H */
