/*
 * terms.h - the terms of a run's games beyond the players: engines
 * (--engine), the time control (--st, --tc, --timemargin), openings
 * (--openings) and adjudication (--draw-after, --resign), as `match` and
 * `survey` take them.
 */
#ifndef TABLERO_TERMS_H
#define TABLERO_TERMS_H

#include <stddef.h>
#include <stdio.h>

#include "ai/ai.h"
#include "run/clock.h"
#include "run/engine.h"

struct session;
struct sbuf;

#define MAX_ENGINES 16
/* The largest --openings file (tablero-match(1)). */
#define OPENINGS_MAX_BYTES (16UL << 20)

/* One opening: a position to start from, or moves from the start. */
struct opening {
	char *setup;		/* a position string, or NULL: the start */
	tbl_move *mv;		/* moves from there */
	long n;
};

struct terms {
	struct timectl tc;
	struct engine_def engines[MAX_ENGINES];
	int nengines;
	char **openings;	/* the lines of --openings */
	long nopenings;
	long draw_after;	/* 0: off */
	double resign_score;	/* --resign SCORE,MOVES; moves 0: off */
	long resign_moves;
};

/* Add --engine NAME=COMMAND; 0, or -1 with a message. */
int terms_engine(struct terms *t, const char *text, char *err,
    size_t errlen);

/* The engines' logs: DIR/NAME.log (dir NULL: the current directory). */
void terms_logs(struct terms *t, const char *dir);

/*
 * Parse --players "P1,P2,...": engine names and built-in computer
 * players.  Returns 0, or -1 with a message.
 */
int terms_players(const struct terms *t, const char *text,
    struct seat_spec *specs, int *np, char *err, size_t errlen);

/* Parse --resign "SCORE,MOVES"; 0, or -1 with a message. */
int terms_resign(struct terms *t, const char *text, char *err,
    size_t errlen);

/*
 * Read --openings FILE for s's game: one opening a line, a position
 * string or moves from the start; blank lines and lines starting with
 * '#' are skipped.  Returns 0, or -1 with "FILE:LINE: why".
 */
int terms_openings(struct terms *t, const struct session *s,
    const char *file, char *err, size_t errlen);

/* Check that every opening suits s's game and options; 0 or -1. */
int terms_openings_check(const struct terms *t, const struct session *s,
    char *err, size_t errlen);

/*
 * Check the terms against s's game (--draw-after needs an evaluate
 * hook, --resign two players) and the engines (terms_check_engines());
 * 0, or -1 with a message.
 */
int terms_check(const struct terms *t, const struct session *s, int np,
    char *err, size_t errlen);

/*
 * Start each engine, shake hands and end it: an engine that cannot run,
 * speaks another protocol or does not say hello would lose every game,
 * so the run is refused.  0, or -1 with the reason ("engine me: cannot
 * run './me': No such file or directory").
 */
int terms_check_engines(const struct terms *t, char *err, size_t errlen);

/*
 * The opening of game `index` with np players into o (each opening is
 * played by np games in a row, once in every seating).  Returns 1 with
 * o filled (free with opening_free()), 0 when there are no openings, -1
 * with a message when the opening does not suit s.
 */
int terms_opening(const struct terms *t, const struct session *s,
    long index, int np, struct opening *o, char *err, size_t errlen);
void opening_free(struct opening *o);

/*
 * Name the engines among the np players (a run's header: each an owned
 * string, specs[k] as text) as --players does.
 */
void terms_name_players(const struct terms *t, const struct seat_spec *specs,
    int np, char **players);

/* The lines "engine NAME: COMMAND, stderr in LOG" of a text report. */
void terms_report(const struct terms *t, FILE *fp);

/*
 * Under a time control, say once that the built-in MCTS players among
 * specs[0..np) searched for their share of the clock, not their budgets
 * ("the clock replaced the budgets (mcts:1000, mcts:300): each searched
 * for its share of the time of st=0.1").  Nothing without one.
 */
void terms_report_budgets(const struct terms *t, const struct seat_spec *specs,
    int np, FILE *fp);

/*
 * Add the terms to the JSON header line in b (which ends with its
 * closing brace): "time":"tc=40/2+0.05", "openings":N, "draw_after":N,
 * "resign":[SCORE,MOVES] and "engines":{NAME:{"command":..,"log":..}},
 * each only when set.
 */
void terms_header(const struct terms *t, struct sbuf *b);

void terms_free(struct terms *t);

#endif /* TABLERO_TERMS_H */
