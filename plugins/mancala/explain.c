/*
 * explain.c - the mancala plugin's answers to "why not?" (SDK ABI 1.2):
 * why a move is illegal, the value in effect of each option (the
 * variant's choice for those left to it), and who passed (stuck=pass).
 */
#include <string.h>

#include "mancala.h"

/* The name of hole h ("b3"), through the move notation. */
static void
hole_name(const struct rules *r, int h, char *buf, size_t len)
{
	mc_format_move(r, MV_HOLE | (tbl_move)h, buf, len);
}

int
mc_explain(const struct rules *r, const struct pos *q, tbl_move m,
    char *buf, size_t len)
{
	int h = (int)(m & MV_WHERE), p = q->side;
	size_t n = 0;
	char name[16];

	if (len > 0)
		buf[0] = '\0';
	if (q->over != OV_NO || h >= r->nh)
		return 0;
	hole_name(r, h, name, sizeof name);
	if (q->pending && (m & MV_KIND) != MV_EXTRA) {
		tbl_bprintf(buf, len, &n, "%s must first take the extra capture "
		    "(x and one of the holes in 'moves')", mc_player_names[p]);
		return (int)n;
	}
	switch (m & MV_KIND) {
	case MV_EXTRA:
		if (!q->pending)
			tbl_bprintf(buf, len, &n, "an extra capture is taken only "
			    "right after a capture (extra=%s)",
			    r->extra == EX_NONE ? "none" : r->extra == EX_HOLE ?
			    "hole" : "pair");
		else if (h >= r->lo[p] && h < r->hi[p])
			tbl_bprintf(buf, len, &n, "%s is %s's own hole; the extra "
			    "capture takes one of %s's", name, mc_player_names[p],
			    mc_player_names[!p]);
		else if (q->c[h] == 0)
			tbl_bprintf(buf, len, &n, "%s is empty", name);
		else
			tbl_bprintf(buf, len, &n, "%s may not be taken by the "
			    "extra capture (extra=%s)", name,
			    r->extra == EX_PAIR ? "pair" : "hole");
		return (int)n;
	case MV_TRANSFER:
		if (!r->transfer)
			tbl_bprintf(buf, len, &n, "this game has no opening "
			    "transfer (opening_transfer=no)");
		else if (!(q->open & (1 << p)))
			tbl_bprintf(buf, len, &n, "the transfer may open %s's "
			    "play only, and %s has moved", mc_player_names[p],
			    mc_player_names[p]);
		else if (h != r->tr_from[p])
			tbl_bprintf(buf, len, &n, "%s transfers only from the "
			    "outer hole behind the middle inner hole", 
			    mc_player_names[p]);
		else
			tbl_bprintf(buf, len, &n, "%s holds fewer than two men",
			    name);
		return (int)n;
	default:
		break;
	}
	if (h < r->lo[p] || h >= r->hi[p])
		tbl_bprintf(buf, len, &n, "%s is %s's hole, not %s's", name,
		    mc_player_names[!p], mc_player_names[p]);
	else if (q->c[h] == 0)
		tbl_bprintf(buf, len, &n, "%s is empty", name);
	else if (q->c[h] == 1 && r->singletons == SG_NEVER)
		tbl_bprintf(buf, len, &n, "%s holds a single man, which may not "
		    "be moved (singletons=never)", name);
	else if (q->c[h] == 1)
		tbl_bprintf(buf, len, &n, "%s holds a single man, which may move "
		    "only when no hole of %s holds two and the next hole is "
		    "empty (singletons=maruba)", name, mc_player_names[p]);
	return (int)n;
}

int
mc_passes(const struct pos *before, const struct pos *after, int *out,
    int cap)
{
	/*
	 * The turn ended (turns completed grew) and the same player is to
	 * decide again: the other could not move and passed.
	 */
	if (after->over != OV_NO || after->pending ||
	    after->turn <= before->turn || after->side != before->side)
		return 0;
	if (cap > 0)
		out[0] = !before->side;
	return 1;
}
