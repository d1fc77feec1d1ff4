/*
 * explain.c - why a move of Tuknanavuhpi, Aiyawatstani or Kharbaga is not
 * legal (SDK ABI 1.2), for the cases a player meets: a step or jump from
 * an empty or enemy point, onto a taken point, a step while a capture is
 * compulsory, a jump over nothing, a counter other than the one in
 * mid-chain, a wipe or huff that is not allowed, a stop with no chain.
 */
#include <stdio.h>

#include "tuknanavuhpi.h"

static const char *const side_names[2] = { "White", "Black" };

/* The name of point p, through the notation of a wipe ("wipe d4"). */
static void
pname(const struct tbl_state *s, int p, char *buf, size_t len)
{
	char t[32];

	tk_format_move(s, MV(K_HUFF, p, 0, 1), t, sizeof t);
	snprintf(buf, len, "%s", t + 5);
}

int
tk_explain(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	int t = s->turn, kind = MV_KIND(m), from = MV_FROM(m), to;
	uint64_t own, enemy, empty;
	size_t n = 0;
	char a[32], b[32];

	if (len > 0)
		buf[0] = '\0';
	if (s->status != ST_PLAY || t < 0 || t > 1)
		return 0;
	own = s->side[t];
	enemy = s->side[!t];
	empty = ALL & ~own & ~enemy & ~s->dead;
	if (kind == K_STOP) {
		if (s->chain < 0)
			tbl_bprintf(buf, len, &n, "there is no chain of jumps to "
			    "stop");
		else
			tbl_bprintf(buf, len, &n, "the chain must go on while the "
			    "counter can jump (capture=%s)", s->r.capture ==
			    CAP_LONGEST ? "longest" : "compulsory");
		return (int)n;
	}
	if (from >= NPTS)
		return 0;
	pname(s, from, a, sizeof a);
	if (s->chain >= 0 && kind != K_JUMP) {
		tbl_bprintf(buf, len, &n, "%s is in mid-chain: jump on with it%s",
		    side_names[t], must_capture(&s->r) ? "" : " or stop");
		return (int)n;
	}
	if (kind == K_WIPE) {
		if (!s->r.shrink)
			tbl_bprintf(buf, len, &n, "this game does not shrink the "
			    "board (shrink=no)");
		else if (s->done & DONE_WIPE)
			tbl_bprintf(buf, len, &n, "%s has wiped a square this turn "
			    "already", side_names[t]);
		else
			tbl_bprintf(buf, len, &n, "only an empty square on the "
			    "edge of the board may be wiped");
		return (int)n;
	}
	if (kind == K_HUFF) {
		if (!(enemy >> from & 1))
			tbl_bprintf(buf, len, &n, "%s holds no counter of %s", a,
			    side_names[!t]);
		else
			tbl_bprintf(buf, len, &n, "the counter on %s did not fail "
			    "to capture, so it may not be huffed", a);
		return (int)n;
	}
	if (kind != K_STEP && kind != K_JUMP)
		return 0;
	if (s->dead >> from & 1) {
		tbl_bprintf(buf, len, &n, "%s has been wiped off the board", a);
		return (int)n;
	}
	if (!(own >> from & 1)) {
		if (enemy >> from & 1)
			tbl_bprintf(buf, len, &n, "%s holds a counter of %s, not of "
			    "%s", a, side_names[!t], side_names[t]);
		else
			tbl_bprintf(buf, len, &n, "%s is empty", a);
		return (int)n;
	}
	if (s->chain >= 0 && from != s->chain) {
		pname(s, s->chain, b, sizeof b);
		tbl_bprintf(buf, len, &n, "the counter on %s is in mid-chain; "
		    "only it may jump", b);
		return (int)n;
	}
	to = walk(from, MV_DIR(m), MV_DIST(m));
	if (to < 0)
		return 0;
	pname(s, to, b, sizeof b);
	if (s->dead >> to & 1)
		tbl_bprintf(buf, len, &n, "%s has been wiped off the board", b);
	else if (!(empty >> to & 1))
		tbl_bprintf(buf, len, &n, "%s is taken", b);
	else if (kind == K_STEP && must_capture(&s->r) && s->jm)
		tbl_bprintf(buf, len, &n, "a capture is compulsory "
		    "(capture=%s): jump instead", s->r.capture == CAP_LONGEST ?
		    "longest" : "compulsory");
	else if (kind == K_JUMP && s->r.capture == CAP_LONGEST && s->jm)
		tbl_bprintf(buf, len, &n, "only a jump that begins a longest "
		    "chain may be played (capture=longest)");
	else if (kind == K_JUMP)
		tbl_bprintf(buf, len, &n, "there is no enemy counter to jump "
		    "between %s and %s", a, b);
	else
		tbl_bprintf(buf, len, &n, "the counter on %s may not step to %s",
		    a, b);
	return (int)n;
}
