/*
 * names.c - the names of the sides and points, and the result in words:
 * the text that the rules (telling what a move does), the notation and
 * the explanations all use, below all of them.
 */
#include <stdint.h>

#include "tuknanavuhpi.h"

/* ------------------------------------------------------------------ */
/* Point names                                                        */
/* ------------------------------------------------------------------ */

const char *
tk_side_name(int t)
{
	return t == 0 ? "White" : "Black";
}

void
tk_point_name(int p, char out[PNAME])
{
	int r = 2 * p / 9, f = 2 * p - 9 * r;

	tbl_write_square(out, PNAME, f, r);
}

/* ------------------------------------------------------------------ */
/* Results                                                            */
/* ------------------------------------------------------------------ */

int
tk_describe_result(const struct tbl_state *s, char *buf, size_t len)
{
	size_t n = 0;
	int nw = tbl_popcount64(s->side[0]), nb = tbl_popcount64(s->side[1]);
	int w = s->status == ST_WIN_W ? 0 : 1;

	switch (s->status) {
	case ST_PLAY:
		tbl_bprintf(buf, len, &n, "game in progress");
		break;
	case ST_DRAW:
		tbl_bprintf(buf, len, &n, "draw, %d to %d after %u turns "
		    "without a capture", nw, nb, (unsigned)s->quiet);
		break;
	default:
		tbl_bprintf(buf, len, &n, "%s wins, %d counter%s to %d",
		    tk_side_name(w), w ? nb : nw, (w ? nb : nw) == 1 ? "" : "s",
		    w ? nw : nb);
		if (s->why == WHY_GONE)
			tbl_bprintf(buf, len, &n, ": %s has none left",
			    tk_side_name(!w));
		else if (s->why == WHY_BLOCKED)
			tbl_bprintf(buf, len, &n, ": %s cannot move",
			    tk_side_name(!w));
		else
			tbl_bprintf(buf, len, &n, " after %u turns without a "
			    "capture", (unsigned)s->quiet);
		break;
	}
	return (int)n;
}
