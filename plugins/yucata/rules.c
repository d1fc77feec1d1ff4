/*
 * rules.c - the rules of Yucata': which cards a player may play, what a
 * card does (the amulet's move and the stones it takes), the random layout
 * and the random first player as chance points, and the scoring.  See
 * man/tablero-yucata.7 for the rules as we read them.
 */
#include "yucata.h"

/* ------------------------------------------------------------------ */
/* The players and the track                                          */
/* ------------------------------------------------------------------ */

static int
prev_player(const struct tbl_state *s, int p)
{
	return p == 0 ? s->nplayers - 1 : p - 1;
}

/*
 * The cards player p may play now, as a hand mask: the cards in hand, minus
 * the card the previous player just played unless it is the last card in
 * hand, minus `?` as the first card of the game when that is forbidden.
 */
static unsigned
playable(const struct tbl_state *s, int p)
{
	unsigned h = s->hand[p];
	int prev = s->last[prev_player(s, p)];

	if (prev != 0 && (h & (h - 1)) != 0)	/* not the last card */
		h &= ~(1u << (prev - 1));
	if (prev == 0 && s->fq == FQ_FORBIDDEN && h != (1u << (C_QUESTION - 1)))
		h &= ~(1u << (C_QUESTION - 1));
	return h;
}

/* Count the stones of colour st (ST_*) on the track. */
int
yu_count_track(const struct tbl_state *s, int st)
{
	int i, n = 0;

	for (i = YU_FIRST; i <= YU_SPACES; i++)
		n += s->track[i] == st;
	return n;
}

/*
 * The scoring of player p: dark stones kept after the red stones cancel
 * one each, and the score (pale stones left after paying 1+2+...+d).
 */
int
yu_score_of(const struct tbl_state *s, int p, int *darkp)
{
	int pale = s->held[p][0], dark = s->held[p][1], red = s->held[p][2];
	int score;

	dark -= red < dark ? red : dark;
	score = pale - dark * (dark + 1) / 2;
	if (s->shortfall == SF_ZERO && score < 0)
		score = 0;
	if (darkp)
		*darkp = dark;
	return score;
}

/* After the layout is complete: who moves first, or a chance point. */
void
yu_start_play(struct tbl_state *s)
{
	s->left = (uint8_t)(YU_STONES - yu_count_track(s, ST_EMPTY));
	if (s->left == 0)
		s->turn = TBL_END;
	else if (s->first == FIRST_RANDOM)
		s->turn = TBL_CHANCE;
	else
		s->turn = (int8_t)s->first;
}

/* Set the hands, amulets and stones of a game that has not started. */
void
yu_reset_players(struct tbl_state *s)
{
	int p;

	s->lead = 0;
	for (p = 0; p < MAXP; p++) {
		s->pos[p] = 0;
		s->hand[p] = FULL_HAND;
		s->last[p] = 0;
		s->lasteff[p] = 0;
		memset(s->held[p], 0, sizeof s->held[p]);
	}
}

/* ------------------------------------------------------------------ */
/* Moves                                                              */
/* ------------------------------------------------------------------ */

int
yu_to_move(const struct tbl_state *s)
{
	return s->turn;
}

int
yu_legal_moves(const struct tbl_state *s, tbl_move *out, int cap)
{
	unsigned hand;
	int c, n = 0;

	if (s->turn < 0)
		return 0;
	/* The cards the player may play, in ascending order. */
	hand = playable(s, s->turn);
	for (c = 1; c <= C_QUESTION; c++)
		if (hand >> (c - 1) & 1) {
			if (n < cap)
				out[n] = (tbl_move)c;
			n++;
		}
	return n;
}

/* True while the random layout is still being drawn. */
int
yu_drawing_layout(const struct tbl_state *s)
{
	return s->todraw > 0;
}

/* May a dark stone go on space i of a layout being drawn? */
static int
dark_allowed(const struct tbl_state *s, int i)
{
	if (s->track[i] != ST_UNSET)
		return 0;
	if (i > YU_FIRST && s->track[i - 1] == ST_RED)
		return 0;
	if (i < YU_SPACES && s->track[i + 1] == ST_RED)
		return 0;
	return 1;
}

int
yu_chance_outcomes(const struct tbl_state *s, tbl_move *out, double *prob,
    int cap)
{
	int i, n = 0, k;

	if (s->turn != TBL_CHANCE)
		return 0;
	if (!yu_drawing_layout(s)) {
		for (i = 0; i < s->nplayers; i++) {
			if (i < cap) {
				out[i] = M_FIRST | (tbl_move)i;
				if (prob)
					prob[i] = 1.0 / s->nplayers;
			}
		}
		return s->nplayers;
	}
	if (s->todraw == YU_RED + YU_DARK) {
		/*
		 * The red stone first, weighted by the number of ways to
		 * place the dark stones around it, so that every valid
		 * layout is equally likely.
		 */
		for (i = YU_FIRST; i <= YU_SPACES; i++) {
			if (n < cap) {
				out[n] = M_RED | (tbl_move)i;
				if (prob)
					prob[n] = yu_red_weight(i);
			}
			n++;
		}
		return n;
	}
	for (i = YU_FIRST; i <= YU_SPACES; i++)
		if (dark_allowed(s, i))
			n++;
	k = 0;
	for (i = YU_FIRST; i <= YU_SPACES; i++)
		if (dark_allowed(s, i)) {
			if (k < cap) {
				out[k] = M_DARK | (tbl_move)i;
				if (prob)
					prob[k] = 1.0 / n;
			}
			k++;
		}
	return n;
}

static int
apply_chance(struct tbl_state *s, tbl_move m)
{
	unsigned a = M_ARG(m);
	int i;

	/* An outcome is its kind and argument: nothing above them. */
	if (m & ~(tbl_move)(M_KIND(~0u) | M_ARG(~0u)))
		return -1;
	if (M_KIND(m) == M_FIRST) {
		if (yu_drawing_layout(s) || a >= s->nplayers)
			return -1;
		s->turn = (int8_t)a;
		return 0;
	}
	if (!yu_drawing_layout(s) || a < YU_FIRST || a > YU_SPACES)
		return -1;
	if (M_KIND(m) == M_RED) {
		if (s->todraw != YU_RED + YU_DARK)
			return -1;
		s->track[a] = ST_RED;
		s->todraw--;
		return 0;
	}
	if (M_KIND(m) != M_DARK || s->todraw == YU_RED + YU_DARK ||
	    !dark_allowed(s, (int)a))
		return -1;
	s->track[a] = ST_DARK;
	if (--s->todraw == 0) {
		for (i = YU_FIRST; i <= YU_SPACES; i++)
			if (s->track[i] == ST_UNSET)
				s->track[i] = ST_PALE;
		yu_start_play(s);
	}
	return 0;
}

/*
 * Play m in s, telling t (when not NULL) what the card did: the move is
 * narrated by the code that plays it.
 */
int
yu_play(struct tbl_state *s, tbl_move m, struct yu_tell *t)
{
	int p = s->turn, prev, eff, to, i, st;
	unsigned bit;

	if (p == TBL_CHANCE)
		return apply_chance(s, m);
	if (p < 0 || m < 1 || m > 7)
		return -1;
	bit = 1u << (m - 1);
	if (!(playable(s, p) & bit))
		return -1;
	prev = prev_player(s, p);
	if (m <= 5)
		eff = (int)m;
	else if (m == C_KNIFE)
		eff = E_KNIFE;
	else if (s->last[prev] != 0)
		eff = s->lasteff[prev];
	else
		eff = s->fq == FQ_ONE ? 1 : E_ZERO;
	/* A knife always lands just in front of the leading amulet. */
	to = eff == E_KNIFE ? s->lead + 1 : s->pos[p] + eff;
	if (to > YU_SPACES)
		to = YU_SPACES;
	for (i = s->lead + 1; i <= to; i++) {
		st = s->track[i];
		if (st != ST_EMPTY) {
			s->held[p][st - 1]++;
			if (t != NULL)
				t->took[st - 1]++;
			s->track[i] = ST_EMPTY;
			s->left--;
		}
	}
	if (to > s->lead)
		s->lead = (uint8_t)to;
	if (t != NULL) {
		t->eff = eff;
		t->from = s->pos[p];
		t->to = to;
	}
	s->pos[p] = (uint8_t)to;
	s->hand[p] &= (uint8_t)~bit;
	if (s->hand[p] == 0) {
		s->hand[p] = FULL_HAND;	/* all seven played: pick them up */
		if (t != NULL)
			t->picked_up = 1;
	}
	s->last[p] = (uint8_t)m;
	s->lasteff[p] = (uint8_t)eff;
	if (s->left == 0)
		s->turn = TBL_END;
	else
		s->turn = (int8_t)(p + 1 == s->nplayers ? 0 : p + 1);
	return 0;
}

int
yu_apply(struct tbl_state *s, tbl_move m)
{
	return yu_play(s, m, NULL);
}

/* ------------------------------------------------------------------ */
/* Results                                                            */
/* ------------------------------------------------------------------ */

/* The winners as a mask, or 0 when the game is not over. */
unsigned
yu_winners(const struct tbl_state *s)
{
	int p, best = -1000, sc, d, fewest = 100;
	unsigned w = 0;

	if (s->turn != TBL_END)
		return 0;
	for (p = 0; p < s->nplayers; p++) {
		sc = yu_score_of(s, p, NULL);
		if (sc > best)
			best = sc;
	}
	for (p = 0; p < s->nplayers; p++)
		if (yu_score_of(s, p, &d) == best && d < fewest)
			fewest = d;
	for (p = 0; p < s->nplayers; p++)
		if (yu_score_of(s, p, &d) == best &&
		    (s->ties == TI_SHARED || d == fewest))
			w |= 1u << p;
	return w;
}

int
yu_result(const struct tbl_state *s, double *out)
{
	unsigned w = yu_winners(s);
	int p, k = tbl_popcount64(w);

	if (w == 0)
		return -1;
	for (p = 0; p < s->nplayers; p++)
		out[p] = (w & (1u << p)) ? 1.0 / k : 0.0;
	return 0;
}

/*
 * A cheap estimate for the AI players: the running scores, compared
 * pairwise through a clamped linear curve (a lead of 6 or more counts as
 * certain), multiplied over the opponents and normalised to sum to 1.
 */
int
yu_evaluate(const struct tbl_state *s, double *out)
{
	double w[MAXP], sum = 0, x;
	int sc[MAXP], p, q;

	if (yu_drawing_layout(s))
		return -1;
	for (p = 0; p < s->nplayers; p++)
		sc[p] = yu_score_of(s, p, NULL);
	for (p = 0; p < s->nplayers; p++) {
		w[p] = 1;
		for (q = 0; q < s->nplayers; q++) {
			if (q == p)
				continue;
			x = 0.5 + (sc[p] - sc[q]) / 12.0;
			w[p] *= x < 0 ? 0 : x > 1 ? 1 : x;
		}
		sum += w[p];
	}
	for (p = 0; p < s->nplayers; p++)
		out[p] = w[p] / sum;
	return 0;
}
