/*
 * gameread.c - a game's JSON line read back (merge, survey, match) and
 * checked against the run it claims to belong to.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/jsonl.h"
#include "run/playgame.h"

int
playgame_parse(const char *line, int np, struct game_out *o, char *err,
    size_t errlen)
{
	struct jobject obj;

	if (json_parse(line, &obj, err, errlen) != 0)
		return -1;
	return playgame_read(&obj, np, o, err, errlen);
}

/* The bound of the counts read back: exact in a double. */
#define COUNT_MAX (1L << 53)

/* The seating of a game line: a player (from 1) in each seat. */
static int
read_seating(const struct jobject *obj, struct game_out *o, char *err,
    size_t errlen)
{
	double v[TBL_MAX_PLAYERS];
	unsigned seen = 0;
	int k;

	if (json_get_nums(obj, "seating", v, TBL_MAX_PLAYERS) != o->np) {
		snprintf(err, errlen, "game %ld: 'seating' does not name %d "
		    "players", o->index + 1, o->np);
		return -1;
	}
	for (k = 0; k < o->np; k++) {
		if (!(v[k] >= 1 && v[k] <= o->np) || v[k] != (int)v[k]) {
			snprintf(err, errlen, "game %ld: no player %g", o->index + 1,
			    v[k]);
			return -1;
		}
		o->seating[k] = (int)v[k] - 1;
		if (seen & 1u << o->seating[k]) {
			snprintf(err, errlen, "game %ld: 'seating' names player %d "
			    "twice", o->index + 1, o->seating[k] + 1);
			return -1;
		}
		seen |= 1u << o->seating[k];
	}
	return 0;
}

/* The optional members: "termination", "time". */
static int
playgame_read_terms(const struct jobject *obj, struct game_out *o,
    char *err, size_t errlen)
{
	char *why = json_get_str(obj, "termination");
	int n = json_get_nums(obj, "time", o->used, TBL_MAX_PLAYERS);

	if (why != NULL) {
		snprintf(o->why, sizeof o->why, "%s", why);
		o->ended = 1;
		free(why);
	}
	if (n > 0 && n != o->np) {
		snprintf(err, errlen, "game %ld: 'time' has %d numbers, not %d",
		    o->index + 1, n, o->np);
		return -1;
	}
	o->timed = n > 0;
	return 0;
}

int
playgame_read(const struct jobject *obj, int np, struct game_out *o,
    char *err, size_t errlen)
{
	static const char *const counts[] = { "moves", "decisions", "turns",
	    "branching", "forced" };
	long *dst[5];
	double x;
	int k, n;

	memset(o, 0, sizeof *o);
	o->np = np;
	dst[0] = &o->moves;
	dst[1] = &o->decisions;
	dst[2] = &o->turns;
	dst[3] = &o->branching;
	dst[4] = &o->forced;
	if (json_get_long(obj, "index", 0, COUNT_MAX, &o->index) != 0) {
		snprintf(err, errlen, "a game without an index");
		return -1;
	}
	if (json_get_num(obj, "combo", &x) == 0 &&
	    json_get_long(obj, "combo", 0, COUNT_MAX, &o->combo) != 0) {
		snprintf(err, errlen, "game %ld: 'combo' is not a combination",
		    o->index + 1);
		return -1;
	}
	if (json_get_u64(obj, "seed", &o->seed) != 0) {
		snprintf(err, errlen, "game %ld has no seed", o->index + 1);
		return -1;
	}
	if (read_seating(obj, o, err, errlen) != 0)
		return -1;
	n = json_get_nums(obj, "result", o->score, TBL_MAX_PLAYERS);
	if (n != np) {
		snprintf(err, errlen, "game %ld: 'result' has %d scores, not %d",
		    o->index + 1, n, np);
		return -1;
	}
	for (k = 0; k < np; k++)
		if (!(o->score[k] >= 0 && o->score[k] <= 1)) {
			snprintf(err, errlen, "game %ld: the result %g of seat %d is "
			    "not in [0, 1]", o->index + 1, o->score[k], k + 1);
			return -1;
		}
	if ((o->capped = json_get_bool(obj, "capped")) < 0) {
		snprintf(err, errlen, "game %ld: 'capped' is not true or false",
		    o->index + 1);
		return -1;
	}
	/* Absent in the lines of a tablero before ABI 1.3: no limit end. */
	o->limit = json_get_bool(obj, "limit") == 1;
	o->failed = json_get_bool(obj, "failed") == 1;
	for (k = 0; k < 5; k++)
		if (json_get_long(obj, counts[k], 0, COUNT_MAX, dst[k]) != 0) {
			snprintf(err, errlen, "game %ld: no count '%s'", o->index + 1,
			    counts[k]);
			return -1;
		}
	return playgame_read_terms(obj, o, err, errlen);
}

int
playgame_check(const struct game_out *o, uint64_t seed, long cap,
    long games, long ncombos, char *err, size_t errlen)
{
	uint64_t want;
	int seating[TBL_MAX_PLAYERS], k;

	if (o->index >= games || o->combo >= ncombos) {
		char c[64] = "";
		if (ncombos > 1)
			snprintf(c, sizeof c, " of combination %ld", o->combo + 1);
		snprintf(err, errlen, "no game %ld%s in this run of %ld games",
		    o->index + 1, c, games);
		return -1;
	}
	playgame_seating(o->index, seed, o->np, &want, seating);
	for (k = 0; k < o->np && o->seating[k] == seating[k]; k++)
		;
	if (o->seed != want || k < o->np) {
		snprintf(err, errlen, "game %ld: its seed or seating is not the "
		    "one of its index in this run", o->index + 1);
		return -1;
	}
	/* A player at fault (o->ended) made a decision but no move. */
	if (o->moves > cap || o->decisions > o->moves + (o->ended != 0) ||
	    o->turns > o->decisions || o->forced > o->decisions ||
	    o->branching < o->decisions) {
		snprintf(err, errlen, "game %ld: its counts do not add up (moves "
		    "%ld, cap %ld, decisions %ld, turns %ld, forced %ld, "
		    "branching %ld)", o->index + 1, o->moves, cap, o->decisions,
		    o->turns, o->forced, o->branching);
		return -1;
	}
	return 0;
}

