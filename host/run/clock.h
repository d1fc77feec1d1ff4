/*
 * clock.h - time controls: a fixed time a move (--st) or a clock of
 * SECONDS for MOVES moves plus an increment (--tc, cutechess-cli's
 * form), each with a margin (--timemargin) past which a player loses on
 * time.
 */
#ifndef TABLERO_CLOCK_H
#define TABLERO_CLOCK_H

#include <stddef.h>

struct timectl {
	double st;		/* seconds a move; 0: none */
	double base;		/* --tc: seconds a period; 0: no clock */
	double inc;		/* --tc: seconds added after each move */
	long moves;		/* --tc: moves a period; 0: the whole game */
	double margin;		/* seconds allowed past the limit */
};

/* Is there a time control at all? */
int timectl_on(const struct timectl *t);

/* Parse --tc "[MOVES/]SECONDS[+INC]" into t; 0, or -1 with a message. */
int timectl_parse_tc(const char *text, struct timectl *t, char *err,
    size_t errlen);

/* Write t as "st=0.5" or "tc=40/2+0.05" (with ",margin=MS" when set). */
void timectl_format(const struct timectl *t, char *buf, size_t len);

/* One player's clock through a game. */
struct gameclock {
	double left;		/* seconds on the clock (--tc) */
	long played;		/* decisions made */
};

/* A player's clock at the start of a game. */
void clock_start(const struct timectl *t, struct gameclock *c);

/*
 * The limit of the coming decision: the seconds the player may use
 * before it loses on time, the margin not counted (--st: st; --tc: the
 * clock).  Negative when there is no time control.
 */
double clock_limit(const struct timectl *t, const struct gameclock *c);

/* Moves to play before the clock is refilled (0: the whole game). */
long clock_togo(const struct timectl *t, const struct gameclock *c);

/*
 * Charge a decision that took `used` seconds.  Returns 0, or 1 when it
 * took longer than its limit plus the margin (a loss on time).
 */
int clock_charge(const struct timectl *t, struct gameclock *c, double used);

/*
 * The seconds a player that manages its own clock spends on a decision:
 * a share of the time left, `left` with `inc` to come after each move
 * and `togo` moves to the next refill (0: unknown).  For --st pass the
 * move time as left, with inc 0 and togo 1.
 */
double clock_share(double left, double inc, long togo);

/*
 * A built-in player's own margin, the move overhead of chess engines:
 * clock_plan() is the time it searches of a share, the share less
 * clock_overhead(): 10 ms, or more when decisions overran what they
 * planned lately or their search went longer without looking at the
 * clock (`stall`: a long playout, or the processor given to other work
 * on a busy machine), as clock_overran() noted; what it noted fades by
 * a tenth a decision.  clock_overhead_shared() makes what is noted
 * common to the processes forked after it (each game of a run is one),
 * so that the next game starts with what the last one learnt.
 */
double clock_overhead(void);
double clock_plan(double share);
void clock_overran(double planned, double used, double stall);
void clock_overhead_shared(void);

#endif /* TABLERO_CLOCK_H */
