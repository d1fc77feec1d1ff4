/*
 * narrate.c - what a card or a chance outcome does, in one line (SDK ABI
 * 1.3): the card is played on a copy by yu_play(), the code that plays
 * every card, which tells a struct yu_tell what it did; this file puts
 * that into words: "3: P1's amulet from 5 to 8, taking 2 pale stones and
 * 1 dark".
 */
#include "yucata.h"

/* ", taking 2 pale stones and 1 dark", ", taking no stone". */
static void
say_stones(const int *took, char *buf, size_t len, size_t *n)
{
	static const char *const kind[3] = { "pale", "dark", "red" };
	int k, list[3], nk = 0;

	for (k = 0; k < 3; k++)
		if (took[k] > 0)
			list[nk++] = k;
	if (nk == 0) {
		tbl_bprintf(buf, len, n, ", taking no stone");
		return;
	}
	for (k = 0; k < nk; k++)
		tbl_bprintf(buf, len, n, "%s %d %s%s", k == 0 ? ", taking" :
		    k == nk - 1 ? " and" : ",", took[list[k]], kind[list[k]],
		    k > 0 ? "" : took[list[k]] == 1 ? " stone" : " stones");
}

static int
say_chance(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	size_t n = 0;

	switch (M_KIND(m)) {
	case M_RED:
		tbl_bprintf(buf, len, &n, "the red stone goes on space %u",
		    M_ARG(m));
		break;
	case M_DARK:
		tbl_bprintf(buf, len, &n, "a dark stone goes on space %u",
		    M_ARG(m));
		break;
	default:
		tbl_bprintf(buf, len, &n, "%s plays first",
		    yu_player_names[M_ARG(m) % MAXP]);
		break;
	}
	(void)s;
	return (int)n;
}

int
yu_narrate(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	struct tbl_state t = *s;
	struct yu_tell tell;
	int k, p = s->turn;
	size_t n = 0;

	if (len > 0)
		buf[0] = '\0';
	memset(&tell, 0, sizeof tell);
	if (p == TBL_CHANCE)
		return yu_play(&t, m, NULL) == 0 ? say_chance(s, m, buf, len) : 0;
	if (yu_play(&t, m, &tell) != 0)
		return 0;
	k = yu_format_move(s, m, buf, len);
	n = k > 0 ? (size_t)k : 0;	/* the whole text, as snprintf */
	tbl_bprintf(buf, len, &n, ": ");
	if (m == C_QUESTION)
		tbl_bprintf(buf, len, &n, tell.eff == E_KNIFE ? "as a knife, " :
		    tell.eff == E_ZERO ? "as zero, " : "as a %d, ", tell.eff);
	else if (m == C_KNIFE)
		tbl_bprintf(buf, len, &n, "to the space in front of the "
		    "leader, ");
	if (tell.from == tell.to)
		tbl_bprintf(buf, len, &n, "%s's amulet stays on %d",
		    yu_player_names[p], tell.to);
	else
		tbl_bprintf(buf, len, &n, "%s's amulet from %d to %d",
		    yu_player_names[p], tell.from, tell.to);
	say_stones(tell.took, buf, len, &n);
	if (tell.picked_up)
		tbl_bprintf(buf, len, &n, "; %s picks up all seven cards",
		    yu_player_names[p]);
	if (t.turn == TBL_END)
		tbl_bprintf(buf, len, &n, "; the last stone is taken: the game "
		    "is over");
	return (int)n;
}
