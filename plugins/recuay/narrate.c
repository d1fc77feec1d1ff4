/*
 * narrate.c - what a move or a throw does, in one line (SDK ABI 1.3): it
 * is played on a copy by rc_apply()'s own functions (race.c, jaguar.c)
 * with a narration sink set, into which the rules write what they do as
 * they do it; this file adds the move's name and the end of the game:
 * "p3-c: P's man moves 2 from p3 to c; it bumps Q's man back off the
 * board".
 */
#include <string.h>

#include "recuay.h"

/* The legal move m in s, played on a copy that tells `tell`. */
static int
play_told(const struct tbl_state *s, tbl_move m, struct tbl_tell *tell,
    struct tbl_state *t)
{
	*t = *s;
	t->tell = tell;
	if (s->ruleset == RC_RACE && s->throwv < 0) {
		if (m < RC_THROW || m > RC_THROW + 3)
			return -1;
		rc_race_throw(t, (int)(m - RC_THROW));
	} else if (s->ruleset == RC_RACE)
		rc_race_apply(t, m);
	else
		rc_jaguar_apply(t, m);
	t->tell = NULL;
	return 0;
}

int
rc_narrate(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	struct tbl_tell tell;
	struct tbl_state t;
	char what[160];
	size_t n = 0;
	int k;

	if (len > 0)
		buf[0] = '\0';
	memset(&tell, 0, sizeof tell);
	if (play_told(s, m, &tell, &t) != 0)
		return 0;
	k = rc_format_move(s, m, buf, len);
	n = k > 0 ? (size_t)k : 0;	/* the whole text, as snprintf */
	if (tbl_told(&tell) != NULL)
		tbl_bprintf(buf, len, &n, ": %s", tbl_told(&tell));
	else if (m >= RC_THROW)
		tbl_bprintf(buf, len, &n, ": %c threw %d", "PQ"[s->side],
		    (int)(m - RC_THROW));
	if (t.why != RC_GOING && t.why != RC_WON_RACE &&
	    rc_describe_result(&t, what, sizeof what) > 0)
		tbl_bprintf(buf, len, &n, "; the game is over: %s", what);
	return (int)n;
}
