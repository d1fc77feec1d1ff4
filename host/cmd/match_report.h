/*
 * match_report.h - what a match's report is made of: its header (the
 * game, the players, the SPRT), each game's outcome for a player, and
 * the report printed as text or JSON.  Private to match*.c.
 */
#ifndef TABLERO_MATCH_REPORT_H
#define TABLERO_MATCH_REPORT_H

#include <stdio.h>

#include "run/playgame.h"
#include "run/stats.h"

struct game_out;
struct jobject;
struct sbuf;

/* What a match's report needs besides its games: its JSON header. */
struct match_info {
	struct run_head h;		/* game, options, seed, players... */
	int sprt_on;
	struct sprt sprt;
	long planned;			/* Ctrl-C stopped the run: its games */
};

/* The header line (no newline); shard_n > 1 adds "shard":"K/N". */
void match_header_json(const struct match_info *mi, long shard_k,
    long shard_n, struct sbuf *b);

/* Player `player`'s result in game o: 'w', 'd' or 'l' (cut: a draw). */
char match_outcome(const struct game_out *o, int player);

/* Read a header back into mi (free with match_info_free); 0 or -1. */
int match_info_read(const struct jobject *o, struct match_info *mi,
    char *err, size_t errlen);
void match_info_free(struct match_info *mi);

/*
 * How many of the games res[0..n) (in game order) the report counts: all
 * of them, or with an SPRT those up to its decision.  *llr is the SPRT's
 * log-likelihood ratio there.
 */
long match_counted(const struct match_info *mi, const struct game_out *res,
    long n, double *llr);

/*
 * Print the report of games res[0..n) as text, or as one JSON object.
 * When mi->planned is set, a run of that many games was interrupted
 * after n: the text says so in its first line, the JSON summary has
 * "interrupted":true.
 */
void match_report(const struct match_info *mi, const struct game_out *res,
    long n, int json, FILE *fp);

#endif /* TABLERO_MATCH_REPORT_H */
