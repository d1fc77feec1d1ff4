/*
 * termflags.h - the flags of a run's terms (run/terms.h) that `match`
 * and `survey` share: --engine, --st, --tc, --timemargin, --openings,
 * --draw-after and --resign.
 */
#ifndef TABLERO_TERMFLAGS_H
#define TABLERO_TERMFLAGS_H

#include "cmd/subcmd.h"
#include "run/terms.h"

struct termflags {
	struct flag_list engines;
	double st;
	const char *tc, *openings, *resign;
	long margin, draw_after;
};

/* The entries of a flag table, for struct termflags tf. */
#define TERMFLAGS(tf) \
	{ "--engine", FLAG_LIST, &(tf).engines }, \
	{ "--st", FLAG_SECONDS, &(tf).st }, \
	{ "--tc", FLAG_TEXT, &(tf).tc }, \
	{ "--timemargin", FLAG_COUNT, &(tf).margin }, \
	{ "--openings", FLAG_TEXT, &(tf).openings }, \
	{ "--draw-after", FLAG_COUNT, &(tf).draw_after }, \
	{ "--resign", FLAG_TEXT, &(tf).resign }

/*
 * The flags' engines and clock into t, before the players are parsed;
 * `logs` is where the engines' logs go (NULL: the current directory).
 * 0, or -1 with a message.
 */
int termflags_engines(const struct termflags *tf, struct terms *t,
    const char *logs, char *err, size_t errlen);

/*
 * The rest, which needs the game: openings and adjudication, checked
 * against s's game and its np players.  0, or -1 with a message.
 */
int termflags_game(const struct termflags *tf, struct terms *t,
    const struct session *s, int np, char *err, size_t errlen);

#endif /* TABLERO_TERMFLAGS_H */
