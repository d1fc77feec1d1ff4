/*
 * explain.c - why a move of Tuknanavuhpi, Aiyawatstani or Kharbaga is not
 * legal (SDK ABI 1.2), for the cases a player meets: a step or jump from
 * an empty or enemy point, onto a taken point, a step while a capture is
 * compulsory, a jump over nothing, a counter other than the one in
 * mid-chain, a wipe or huff that is not allowed, a stop with no chain;
 * what a legal move does (narrate) and how the game ended (end_kind),
 * SDK ABI 1.3.
 */
#include "tuknanavuhpi.h"

/* Why a stop is not legal. */
static void
why_stop(const struct tbl_state *s, char *buf, size_t len, size_t *n)
{
	if (s->chain < 0)
		tbl_bprintf(buf, len, n, "there is no chain of jumps to stop");
	else
		tbl_bprintf(buf, len, n, "the chain must go on while the "
		    "counter can jump (capture=%s)",
		    s->r.capture == CAP_LONGEST ? "longest" : "compulsory");
}

/* Why the wipe or huff of point `from` (named a) is not legal. */
static void
why_action(const struct tbl_state *s, int kind, int from, const char *a,
    char *buf, size_t len, size_t *n)
{
	int t = s->turn;

	if (kind == K_WIPE && !s->r.shrink)
		tbl_bprintf(buf, len, n, "this game does not shrink the board "
		    "(shrink=no)");
	else if (kind == K_WIPE && (s->done & DONE_WIPE))
		tbl_bprintf(buf, len, n, "%s has wiped a square this turn "
		    "already", tk_side_name(t));
	else if (kind == K_WIPE)
		tbl_bprintf(buf, len, n, "only an empty square on the edge of "
		    "the board may be wiped");
	else if (!(s->side[!t] >> from & 1))
		tbl_bprintf(buf, len, n, "%s holds no counter of %s", a,
		    tk_side_name(!t));
	else
		tbl_bprintf(buf, len, n, "the counter on %s did not fail to "
		    "capture, so it may not be huffed", a);
}

/* Why the step or jump m from the side's own counter on a to point `to`
 * is not legal. */
static void
why_to(const struct tbl_state *s, tbl_move m, int to, const char *a,
    char *buf, size_t len, size_t *n)
{
	uint64_t empty = ALL & ~s->side[0] & ~s->side[1] & ~s->dead;
	int kind = MV_KIND(m);
	char b[PNAME];

	tk_point_name(to, b);
	if (s->dead >> to & 1)
		tbl_bprintf(buf, len, n, "%s has been wiped off the board", b);
	else if (!(empty >> to & 1))
		tbl_bprintf(buf, len, n, "%s is taken", b);
	else if (kind == K_STEP && must_capture(&s->r) && s->jm)
		tbl_bprintf(buf, len, n, "a capture is compulsory "
		    "(capture=%s): jump instead", s->r.capture == CAP_LONGEST ?
		    "longest" : "compulsory");
	else if (kind == K_JUMP && s->r.capture == CAP_LONGEST && s->jm)
		tbl_bprintf(buf, len, n, "only a jump that begins a longest "
		    "chain may be played (capture=longest)");
	else if (kind == K_JUMP)
		tbl_bprintf(buf, len, n, "there is no enemy counter to jump "
		    "between %s and %s", a, b);
	else
		tbl_bprintf(buf, len, n, "the counter on %s may not step to %s",
		    a, b);
}

/* Why the step or jump m is not legal; 0 when there is nothing to say. */
static int
why_move(const struct tbl_state *s, tbl_move m, const char *a, char *buf,
    size_t len, size_t *n)
{
	int t = s->turn, from = MV_FROM(m), to;
	char b[PNAME];

	if (s->dead >> from & 1) {
		tbl_bprintf(buf, len, n, "%s has been wiped off the board", a);
	} else if (!(s->side[t] >> from & 1)) {
		if (s->side[!t] >> from & 1)
			tbl_bprintf(buf, len, n, "%s holds a counter of %s, "
			    "not of %s", a, tk_side_name(!t), tk_side_name(t));
		else
			tbl_bprintf(buf, len, n, "%s is empty", a);
	} else if (s->chain >= 0 && from != s->chain) {
		tk_point_name(s->chain, b);
		tbl_bprintf(buf, len, n, "the counter on %s is in mid-chain; "
		    "only it may jump", b);
	} else {
		to = walk(from, MV_DIR(m), MV_DIST(m));
		if (to < 0)
			return 0;
		why_to(s, m, to, a, buf, len, n);
	}
	return 1;
}

int
tk_explain_illegal(const struct tbl_state *s, tbl_move m, char *buf,
    size_t len)
{
	int kind = MV_KIND(m), from = MV_FROM(m);
	size_t n = 0;
	char a[PNAME];

	if (len > 0)
		buf[0] = '\0';
	if (s->status != ST_PLAY || s->turn < 0 || s->turn > 1)
		return 0;
	if (kind == K_STOP) {
		why_stop(s, buf, len, &n);
		return (int)n;
	}
	if (from >= NPTS)
		return 0;
	tk_point_name(from, a);
	if (s->chain >= 0 && kind != K_JUMP)
		tbl_bprintf(buf, len, &n, "%s is in mid-chain: jump on with "
		    "it%s", tk_side_name(s->turn), must_capture(&s->r) ? "" :
		    " or stop");
	else if (kind == K_WIPE || kind == K_HUFF)
		why_action(s, kind, from, a, buf, len, &n);
	else if (kind != K_STEP && kind != K_JUMP)
		return 0;
	else if (!why_move(s, m, a, buf, len, &n))
		return 0;
	return (int)n;
}

/*
 * ABI 1.3: what legal move m does, told by tk_do_move() as it plays m on a
 * copy of s.  tk_do_move() is the function tk_apply() takes for every move
 * but a man's step or jump, whose quick way the unit tests compare with
 * it at every position of their games.
 */
int
tk_narrate(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	struct tbl_state t;
	struct tk_tell w = { buf, len, 0 };

	if (len > 0)
		buf[0] = '\0';
	if (!tk_move_legal(s, m))
		return 0;
	memcpy(&t, s, sizeof t);
	tk_do_move(&t, m, &w);
	return (int)w.n;
}

/* ABI 1.3: an end by quiet_limit is the game's own limit. */
int
tk_end_kind(const struct tbl_state *s)
{
	return s->why == WHY_QUIET ? TBL_END_LIMIT : TBL_END_RULES;
}
