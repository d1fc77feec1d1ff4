/*
 * termflags.c - --engine, --st, --tc, --timemargin, --openings,
 * --draw-after and --resign into a run's terms.
 */
#include "config.h"

#include <stdio.h>

#include "cmd/termflags.h"

int
termflags_engines(const struct termflags *tf, struct terms *t,
    const char *logs, char *err, size_t errlen)
{
	int k;

	for (k = 0; k < tf->engines.n; k++)
		if (terms_engine(t, tf->engines.v[k], err, errlen) != 0)
			return -1;
	terms_logs(t, logs);
	if (tf->st > 0 && tf->tc != NULL) {
		snprintf(err, errlen, "--st and --tc are two time controls: "
		    "give one");
		return -1;
	}
	t->tc.st = tf->st;
	if (tf->tc != NULL && timectl_parse_tc(tf->tc, &t->tc, err,
	    errlen) != 0)
		return -1;
	t->tc.margin = (double)tf->margin / 1000.0;
	if (timectl_on(&t->tc))
		clock_overhead_shared();	/* before the games' forks */
	return 0;
}

int
termflags_game(const struct termflags *tf, struct terms *t,
    const struct session *s, int np, char *err, size_t errlen)
{
	t->draw_after = tf->draw_after;
	if (tf->resign != NULL && terms_resign(t, tf->resign, err, errlen) != 0)
		return -1;
	if (tf->openings != NULL && terms_openings(t, s, tf->openings, err,
	    errlen) != 0)
		return -1;
	return terms_check(t, s, np, err, errlen);
}
