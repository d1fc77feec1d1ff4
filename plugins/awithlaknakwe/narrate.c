/*
 * narrate.c - what a move does, in one line (SDK ABI 1.3): the move is
 * played on a copy through the general apply (awk_apply_told(), the path
 * every move but the common warrior step takes, and which the unit tests'
 * random games hold equal to the fast one), with a narration sink into
 * which the rules write what they do as they do it; this file adds the
 * move's name and the end: "f5-g6: North's warrior steps from f5 to g6;
 * it captures South's warrior on h7; South's priest of the bow is
 * earned".
 */
#include "awithlaknakwe.h"

int
awk_narrate(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	struct tbl_state t = *s;
	struct tbl_tell tell;
	char what[200];
	size_t n;
	int k;

	if (len > 0)
		buf[0] = '\0';
	memset(&tell, 0, sizeof tell);
	if (awk_apply_told(&t, m, &tell) != 0)
		return 0;
	k = awk_format_move(s, m, buf, len);
	n = k > 0 ? (size_t)k : 0;	/* the whole text, as snprintf */
	if (tbl_told(&tell) != NULL)
		tbl_bprintf(buf, len, &n, ": %s", tbl_told(&tell));
	if (t.ctl.over != END_NO &&
	    awk_describe_result(&t, what, sizeof what) > 0)
		tbl_bprintf(buf, len, &n, "; the game is over: %s", what);
	return (int)n;
}
