/*
 * explain.c - why a card may not be played now (SDK ABI 1.2): it is not
 * in the hand (played since the hand was last picked up), the previous
 * player has just played it, or `?` may not open the game.
 */
#include "yucata.h"

static const char *const card_words[8] = {
	"", "the 1", "the 2", "the 3", "the 4", "the 5", "the knife", "the ?"
};

int
yu_explain_illegal(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	int p = s->turn, prev;
	unsigned h;
	size_t n = 0;

	if (len > 0)
		buf[0] = '\0';
	if (p < 0 || p >= s->nplayers || m < 1 || m > C_QUESTION)
		return 0;
	h = s->hand[p];
	prev = s->last[p == 0 ? s->nplayers - 1 : p - 1];
	if (!(h & (1u << (m - 1))))
		tbl_bprintf(buf, len, &n, "%s has played %s already; the cards "
		    "come back when all seven are played", yu_player_names[p],
		    card_words[m]);
	else if (prev == (int)m)
		tbl_bprintf(buf, len, &n, "%s has just played %s, so %s may not "
		    "(unless it is the last card in hand)",
		    yu_player_names[p == 0 ? s->nplayers - 1 : p - 1], card_words[m],
		    yu_player_names[p]);
	else if (m == C_QUESTION && prev == 0 && s->fq == FQ_FORBIDDEN)
		tbl_bprintf(buf, len, &n, "the ? may not be the first card of "
		    "the game (first_question=forbidden)");
	return (int)n;
}
