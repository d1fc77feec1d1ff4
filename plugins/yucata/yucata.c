/*
 * yucata.c - Yucata', Sun Temple of the Mayas (Stefan Dorra, 1995).
 *
 * A race of 2 to 4 amulets along a track of 39 spaces after the start.
 * Spaces 5 to 39 each carry one stone (25 pale, 9 dark, 1 red); the
 * leading amulet takes every stone it reaches or passes.  Every player
 * holds the same seven cards (1 to 5, knife, ?), so the game has no hidden
 * information.  See man/tablero-yucata.7 for the rules as we read them.
 *
 * The state is flat and small: `copy` is a memcpy and a move is a handful
 * of integer operations.
 */
#include <ctype.h>
#include <string.h>

#include "tablero.h"
#include "layout.h"

#define MAXP		4
#define FULL_HAND	0x7f	/* all seven cards */

/* Cards, which are also the move tokens of the players. */
#define C_KNIFE		6
#define C_QUESTION	7
/* Effects a card can have ("how the move resolved"). */
#define E_ZERO		0	/* a first `?` under first_question = zero */
#define E_KNIFE		6

/* Chance outcomes: the random layout and the random first player. */
#define M_RED		0x100	/* | space: the red stone goes there */
#define M_DARK		0x200	/* | space: a dark stone goes there */
#define M_FIRST		0x300	/* | player: that player starts */
#define M_KIND(m)	((m) & 0xf00u)
#define M_ARG(m)	((m) & 0xffu)

enum { FQ_FORBIDDEN, FQ_ONE, FQ_ZERO };
enum { SF_NEGATIVE, SF_ZERO };
enum { TI_SHARED, TI_FEWER_DARK };
#define FIRST_RANDOM	4

struct tbl_state {
	const struct tbl_host *host;
	/* Options, fixed at create(). */
	uint8_t nplayers;
	uint8_t first;		/* 0..3, or FIRST_RANDOM */
	uint8_t fq;		/* FQ_* */
	uint8_t shortfall;	/* SF_* */
	uint8_t ties;		/* TI_* */
	uint8_t custom;		/* stones = custom */
	char label[40];		/* the layout's name, for render */
	/* The position. */
	int8_t turn;		/* player, TBL_CHANCE or TBL_END */
	uint8_t lead;		/* space of the leading amulet */
	uint8_t left;		/* stones still on the track */
	uint8_t todraw;		/* random layout: stones still to draw */
	uint8_t track[YU_SPACES + 1];	/* ST_* per space 0..39 */
	uint8_t pos[MAXP];
	uint8_t hand[MAXP];	/* bit c-1 set: card c in hand */
	uint8_t last[MAXP];	/* last card played, 0 for none yet */
	uint8_t lasteff[MAXP];	/* what that card acted as (1-5, knife, 0) */
	uint8_t held[MAXP][3];	/* pale, dark, red stones taken */
};

static const char *const player_names[MAXP] = { "P1", "P2", "P3", "P4" };
static const char card_chars[8] = { '-', '1', '2', '3', '4', '5', 'k', '?' };

/*
 * The cards of each hand mask in ascending order, preceded by their count:
 * legal_moves copies a row instead of testing seven bits (generated).
 */
static const uint8_t hand_cards[128][8] = {
	{ 0 },
	{ 1, 1 },
	{ 1, 2 },
	{ 2, 1, 2 },
	{ 1, 3 },
	{ 2, 1, 3 },
	{ 2, 2, 3 },
	{ 3, 1, 2, 3 },
	{ 1, 4 },
	{ 2, 1, 4 },
	{ 2, 2, 4 },
	{ 3, 1, 2, 4 },
	{ 2, 3, 4 },
	{ 3, 1, 3, 4 },
	{ 3, 2, 3, 4 },
	{ 4, 1, 2, 3, 4 },
	{ 1, 5 },
	{ 2, 1, 5 },
	{ 2, 2, 5 },
	{ 3, 1, 2, 5 },
	{ 2, 3, 5 },
	{ 3, 1, 3, 5 },
	{ 3, 2, 3, 5 },
	{ 4, 1, 2, 3, 5 },
	{ 2, 4, 5 },
	{ 3, 1, 4, 5 },
	{ 3, 2, 4, 5 },
	{ 4, 1, 2, 4, 5 },
	{ 3, 3, 4, 5 },
	{ 4, 1, 3, 4, 5 },
	{ 4, 2, 3, 4, 5 },
	{ 5, 1, 2, 3, 4, 5 },
	{ 1, 6 },
	{ 2, 1, 6 },
	{ 2, 2, 6 },
	{ 3, 1, 2, 6 },
	{ 2, 3, 6 },
	{ 3, 1, 3, 6 },
	{ 3, 2, 3, 6 },
	{ 4, 1, 2, 3, 6 },
	{ 2, 4, 6 },
	{ 3, 1, 4, 6 },
	{ 3, 2, 4, 6 },
	{ 4, 1, 2, 4, 6 },
	{ 3, 3, 4, 6 },
	{ 4, 1, 3, 4, 6 },
	{ 4, 2, 3, 4, 6 },
	{ 5, 1, 2, 3, 4, 6 },
	{ 2, 5, 6 },
	{ 3, 1, 5, 6 },
	{ 3, 2, 5, 6 },
	{ 4, 1, 2, 5, 6 },
	{ 3, 3, 5, 6 },
	{ 4, 1, 3, 5, 6 },
	{ 4, 2, 3, 5, 6 },
	{ 5, 1, 2, 3, 5, 6 },
	{ 3, 4, 5, 6 },
	{ 4, 1, 4, 5, 6 },
	{ 4, 2, 4, 5, 6 },
	{ 5, 1, 2, 4, 5, 6 },
	{ 4, 3, 4, 5, 6 },
	{ 5, 1, 3, 4, 5, 6 },
	{ 5, 2, 3, 4, 5, 6 },
	{ 6, 1, 2, 3, 4, 5, 6 },
	{ 1, 7 },
	{ 2, 1, 7 },
	{ 2, 2, 7 },
	{ 3, 1, 2, 7 },
	{ 2, 3, 7 },
	{ 3, 1, 3, 7 },
	{ 3, 2, 3, 7 },
	{ 4, 1, 2, 3, 7 },
	{ 2, 4, 7 },
	{ 3, 1, 4, 7 },
	{ 3, 2, 4, 7 },
	{ 4, 1, 2, 4, 7 },
	{ 3, 3, 4, 7 },
	{ 4, 1, 3, 4, 7 },
	{ 4, 2, 3, 4, 7 },
	{ 5, 1, 2, 3, 4, 7 },
	{ 2, 5, 7 },
	{ 3, 1, 5, 7 },
	{ 3, 2, 5, 7 },
	{ 4, 1, 2, 5, 7 },
	{ 3, 3, 5, 7 },
	{ 4, 1, 3, 5, 7 },
	{ 4, 2, 3, 5, 7 },
	{ 5, 1, 2, 3, 5, 7 },
	{ 3, 4, 5, 7 },
	{ 4, 1, 4, 5, 7 },
	{ 4, 2, 4, 5, 7 },
	{ 5, 1, 2, 4, 5, 7 },
	{ 4, 3, 4, 5, 7 },
	{ 5, 1, 3, 4, 5, 7 },
	{ 5, 2, 3, 4, 5, 7 },
	{ 6, 1, 2, 3, 4, 5, 7 },
	{ 2, 6, 7 },
	{ 3, 1, 6, 7 },
	{ 3, 2, 6, 7 },
	{ 4, 1, 2, 6, 7 },
	{ 3, 3, 6, 7 },
	{ 4, 1, 3, 6, 7 },
	{ 4, 2, 3, 6, 7 },
	{ 5, 1, 2, 3, 6, 7 },
	{ 3, 4, 6, 7 },
	{ 4, 1, 4, 6, 7 },
	{ 4, 2, 4, 6, 7 },
	{ 5, 1, 2, 4, 6, 7 },
	{ 4, 3, 4, 6, 7 },
	{ 5, 1, 3, 4, 6, 7 },
	{ 5, 2, 3, 4, 6, 7 },
	{ 6, 1, 2, 3, 4, 6, 7 },
	{ 3, 5, 6, 7 },
	{ 4, 1, 5, 6, 7 },
	{ 4, 2, 5, 6, 7 },
	{ 5, 1, 2, 5, 6, 7 },
	{ 4, 3, 5, 6, 7 },
	{ 5, 1, 3, 5, 6, 7 },
	{ 5, 2, 3, 5, 6, 7 },
	{ 6, 1, 2, 3, 5, 6, 7 },
	{ 4, 4, 5, 6, 7 },
	{ 5, 1, 4, 5, 6, 7 },
	{ 5, 2, 4, 5, 6, 7 },
	{ 6, 1, 2, 4, 5, 6, 7 },
	{ 5, 3, 4, 5, 6, 7 },
	{ 6, 1, 3, 4, 5, 6, 7 },
	{ 6, 2, 3, 4, 5, 6, 7 },
	{ 7, 1, 2, 3, 4, 5, 6, 7 },
};

/* ------------------------------------------------------------------ */
/* Options                                                             */
/* ------------------------------------------------------------------ */

static const char *const first_choices[] = { "1", "2", "3", "4", "random",
	NULL };
static const char *const fq_choices[] = { "forbidden", "one", "zero",
	NULL };
static const char *const shortfall_choices[] = { "negative", "zero", NULL };
static const char *const ties_choices[] = { "shared", "fewer_dark", NULL };
static const char *const stones_choices[] = { "standard", "custom", NULL };

enum { O_PLAYERS, O_LAYOUT, O_STONES, O_FIRST, O_FQ, O_SHORTFALL, O_TIES,
	O_COUNT };

static const struct tbl_option options[O_COUNT] = {
	{ "players", TBL_OPT_INT, "2", 2, 4, NULL,
	  "number of players, 2 to 4" },
	{ "layout", TBL_OPT_STRING, "tablero", 0, 0, NULL,
	  "stone layout: tablero (= standard), random, 35 letters p/d/r for "
	  "spaces 5-39, a layout name or a .layout file" },
	{ "stones", TBL_OPT_ENUM, "standard", 0, 0, stones_choices,
	  "standard: a layout holds exactly 25 pale, 9 dark, 1 red; custom: "
	  "any counts, '.' leaves a space empty" },
	{ "first", TBL_OPT_ENUM, "1", 0, 0, first_choices,
	  "the starting player, or random (drawn after the stones are placed)" },
	{ "first_question", TBL_OPT_ENUM, "forbidden", 0, 0, fq_choices,
	  "a ? as the first card of the game: forbidden, acts as one, or "
	  "moves zero spaces" },
	{ "shortfall", TBL_OPT_ENUM, "negative", 0, 0, shortfall_choices,
	  "pale stones owed beyond those held: negative counts them against "
	  "the player, zero stops the score at 0" },
	{ "ties", TBL_OPT_ENUM, "shared", 0, 0, ties_choices,
	  "equal scores: shared win, or fewer_dark (fewer dark stones kept "
	  "wins, then shared)" },
};

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
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
static int
count_track(const struct tbl_state *s, int st)
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
static int
score_of(const struct tbl_state *s, int p, int *darkp)
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
static void
start_play(struct tbl_state *s)
{
	s->left = (uint8_t)(YU_STONES - count_track(s, ST_EMPTY));
	if (s->left == 0)
		s->turn = TBL_END;
	else if (s->first == FIRST_RANDOM)
		s->turn = TBL_CHANCE;
	else
		s->turn = (int8_t)s->first;
}

/* Set the hands, amulets and stones of a game that has not started. */
static void
reset_players(struct tbl_state *s)
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
/* Creation                                                            */
/* ------------------------------------------------------------------ */

static struct tbl_state *
yu_create(const struct tbl_host *host, const struct tbl_optval *opts,
    uint64_t seed, char *err, size_t errlen)
{
	struct tbl_state *s;
	uint8_t track[YU_SPACES + 1];
	const char *lay = tbl_opt_str_or(opts, O_LAYOUT, "tablero");
	char label[40];
	int custom = opts[O_STONES].i == 1;
	long np = opts[O_PLAYERS].i;

	(void)seed;
	if (np < 2 || np > MAXP) {
		tbl_error(err, errlen, "players = %ld: Yucata' is for 2 to 4 "
		    "players", np);
		return NULL;
	}
	if (opts[O_FIRST].i != FIRST_RANDOM && opts[O_FIRST].i >= np) {
		tbl_error(err, errlen, "first = %ld, but players = %ld",
		    opts[O_FIRST].i + 1, np);
		return NULL;
	}
	if (yu_layout_option(lay, custom, track, label, sizeof label, err,
	    errlen) != 0)
		return NULL;
	s = host->calloc(sizeof *s);
	s->host = host;
	s->nplayers = (uint8_t)np;
	s->first = (uint8_t)opts[O_FIRST].i;
	s->fq = (uint8_t)opts[O_FQ].i;
	s->shortfall = (uint8_t)opts[O_SHORTFALL].i;
	s->ties = (uint8_t)opts[O_TIES].i;
	s->custom = (uint8_t)custom;
	memcpy(s->label, label, sizeof s->label);
	memcpy(s->track, track, sizeof s->track);
	reset_players(s);
	if (s->track[YU_SPACES] == ST_UNSET) {
		s->turn = TBL_CHANCE;	/* layout = random */
		s->todraw = YU_RED + YU_DARK;
	} else
		start_play(s);
	return s;
}

TBL_FLAT_STATE_FUNCTIONS(yu)

static int
yu_players(const struct tbl_state *s)
{
	return s->nplayers;
}

static const char *
yu_player_name(const struct tbl_state *s, int p)
{
	(void)s;
	return p >= 0 && p < MAXP ? player_names[p] : "?";
}

static int
yu_to_move(const struct tbl_state *s)
{
	return s->turn;
}

/* ------------------------------------------------------------------ */
/* Moves                                                               */
/* ------------------------------------------------------------------ */

static int
yu_legal_moves(const struct tbl_state *s, tbl_move *out, int cap)
{
	const uint8_t *row;
	int i, n;

	if (s->turn < 0)
		return 0;
	row = hand_cards[playable(s, s->turn)];
	n = row[0];
	for (i = 0; i < n && i < cap; i++)
		out[i] = row[i + 1];
	return n;
}

/* True while the random layout is still being drawn. */
static int
drawing_layout(const struct tbl_state *s)
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

static int
yu_chance_outcomes(const struct tbl_state *s, tbl_move *out, double *prob,
    int cap)
{
	int i, n = 0, k;

	if (s->turn != TBL_CHANCE)
		return 0;
	if (!drawing_layout(s)) {
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
		if (drawing_layout(s) || a >= s->nplayers)
			return -1;
		s->turn = (int8_t)a;
		return 0;
	}
	if (!drawing_layout(s) || a < YU_FIRST || a > YU_SPACES)
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
		start_play(s);
	}
	return 0;
}

static int
yu_apply(struct tbl_state *s, tbl_move m)
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
			s->track[i] = ST_EMPTY;
			s->left--;
		}
	}
	if (to > s->lead)
		s->lead = (uint8_t)to;
	s->pos[p] = (uint8_t)to;
	s->hand[p] &= (uint8_t)~bit;
	if (s->hand[p] == 0)
		s->hand[p] = FULL_HAND;	/* all seven played: pick them up */
	s->last[p] = (uint8_t)m;
	s->lasteff[p] = (uint8_t)eff;
	if (s->left == 0)
		s->turn = TBL_END;
	else
		s->turn = (int8_t)(p + 1 == s->nplayers ? 0 : p + 1);
	return 0;
}

/*
 * The number that ends word w after its first k bytes ("red" in "red25"),
 * when it is all digits and between lo and hi: 1 and *v, else 0.
 */
static int
suffix_number(const char *w, size_t n, size_t k, unsigned long lo,
    unsigned long hi, unsigned long *v)
{
	return n > k && tbl_read_uint(w + k, hi, v) == (int)(n - k) && *v >= lo;
}

/* Read a card or chance outcome; returns the token or 0 when unknown. */
static tbl_move
parse_token(const char *t, size_t n)
{
	char w[16];
	size_t i;
	unsigned long v;

	if (n == 0 || n >= sizeof w)
		return 0;
	for (i = 0; i < n; i++)
		w[i] = (char)tolower((unsigned char)t[i]);
	w[n] = '\0';
	if (n == 1 && w[0] >= '1' && w[0] <= '5')
		return (tbl_move)(w[0] - '0');
	if (strcmp(w, "k") == 0 || strcmp(w, "knife") == 0)
		return C_KNIFE;
	if (strcmp(w, "?") == 0 || strcmp(w, "q") == 0)
		return C_QUESTION;
	if (strncmp(w, "red", 3) == 0 &&
	    suffix_number(w, n, 3, YU_FIRST, YU_SPACES, &v))
		return M_RED | (tbl_move)v;
	if (strncmp(w, "dark", 4) == 0 &&
	    suffix_number(w, n, 4, YU_FIRST, YU_SPACES, &v))
		return M_DARK | (tbl_move)v;
	if (strncmp(w, "first", 5) == 0 && suffix_number(w, n, 5, 1, MAXP, &v))
		return M_FIRST | (tbl_move)(v - 1);
	return 0;
}

static int
yu_parse_move(const struct tbl_state *s, const char *text, tbl_move *m,
    size_t *used, char *err, size_t errlen)
{
	const char *p = text;
	struct tbl_word w;
	tbl_move t;

	(void)s;
	if (!tbl_next_word(&p, &w)) {
		tbl_error(err, errlen, "expected a card (1-5, knife, ?) at "
		    "'%.20s'", w.p);
		return -1;
	}
	t = parse_token(w.p, w.len);
	if (t == 0) {
		tbl_error(err, errlen, "'%.*s' is not a card (cards: 1 2 3 4 5 "
		    "knife ?)", (int)(w.len > 20 ? 20 : w.len), w.p);
		return -1;
	}
	*m = t;
	*used = (size_t)(p - text);
	return 0;
}

static int
yu_format_move(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	size_t n = 0;

	(void)s;
	switch (M_KIND(m)) {
	case M_RED:
		tbl_bprintf(buf, len, &n, "red%u", M_ARG(m));
		break;
	case M_DARK:
		tbl_bprintf(buf, len, &n, "dark%u", M_ARG(m));
		break;
	case M_FIRST:
		tbl_bprintf(buf, len, &n, "first%u", M_ARG(m) + 1);
		break;
	default:
		if (m == C_KNIFE)
			tbl_bprintf(buf, len, &n, "knife");
		else if (m >= 1 && m <= 7)
			tbl_bprintf(buf, len, &n, "%c", card_chars[m]);
		else
			tbl_bprintf(buf, len, &n, "#%u", (unsigned)m);
	}
	return (int)n;
}

/* ------------------------------------------------------------------ */
/* Position strings                                                    */
/* ------------------------------------------------------------------ */

/* Write a player's last card: "-", "4", "k", "?4", "?k", "?0". */
static void
put_last(char *buf, size_t len, size_t *n, const struct tbl_state *s, int p)
{
	int c = s->last[p];

	tbl_bprintf(buf, len, n, "%c", card_chars[c]);
	if (c == C_QUESTION)
		tbl_bprintf(buf, len, n, "%c", s->lasteff[p] == E_KNIFE ? 'k' :
		    '0' + s->lasteff[p]);
}

static int
yu_get_position(const struct tbl_state *s, char *buf, size_t len)
{
	size_t n = 0;
	int i, p, c;

	if (len > 0)
		buf[0] = '\0';
	for (i = YU_FIRST; i <= YU_SPACES; i++)
		tbl_bprintf(buf, len, &n, "%c", yu_stone_char(s->track[i]));
	for (p = 0; p < s->nplayers; p++) {
		tbl_bprintf(buf, len, &n, " %d,", s->pos[p]);
		for (c = 1; c <= 7; c++)
			if (s->hand[p] & (1u << (c - 1)))
				tbl_bprintf(buf, len, &n, "%c", card_chars[c]);
		tbl_bprintf(buf, len, &n, ",");
		put_last(buf, len, &n, s, p);
		tbl_bprintf(buf, len, &n, ",%d:%d:%d", s->held[p][0],
		    s->held[p][1], s->held[p][2]);
	}
	if (s->turn == TBL_END)
		tbl_bprintf(buf, len, &n, " end");
	else if (s->turn == TBL_CHANCE)
		tbl_bprintf(buf, len, &n, " chance");
	else
		tbl_bprintf(buf, len, &n, " %d", s->turn + 1);
	return (int)n;
}

/*
 * The number of at most three digits and at most max at *t, which is left
 * after it; -1 when there is none.
 */
static int
get_num(const char **t, unsigned long max)
{
	unsigned long v;
	int k = tbl_read_uint(*t, max, &v);

	if (k <= 0 || k > 3)
		return -1;
	*t += k;
	return (int)v;
}

/* Parse one player's field "SPACE,HAND,LAST,P:D:R" into t, player p. */
static int
parse_player(struct tbl_state *t, int p, const char *f, size_t flen,
    char *err, size_t errlen)
{
	char w[64];
	const char *q;
	int v, c, k;
	unsigned h = 0;

	if (flen >= sizeof w) {
		tbl_error(err, errlen, "%s: field too long", player_names[p]);
		return -1;
	}
	memcpy(w, f, flen);
	w[flen] = '\0';
	q = w;
	v = get_num(&q, YU_SPACES);
	if (v < 0 || *q != ',') {
		tbl_error(err, errlen, "%s: '%s' should be SPACE,HAND,LAST,"
		    "P:D:R with SPACE 0-39", player_names[p], w);
		return -1;
	}
	t->pos[p] = (uint8_t)v;
	for (q++; *q && *q != ','; q++) {
		for (c = 1; c <= 7; c++)
			if (tolower((unsigned char)*q) == card_chars[c])
				break;
		if (c > 7 || (h & (1u << (c - 1)))) {
			tbl_error(err, errlen, "%s: bad hand '%s' (cards 1 2 3 "
			    "4 5 k ?, each at most once)", player_names[p], w);
			return -1;
		}
		h |= 1u << (c - 1);
	}
	if (h == 0) {
		tbl_error(err, errlen, "%s: empty hand (the cards are picked "
		    "up again after the seventh)", player_names[p]);
		return -1;
	}
	t->hand[p] = (uint8_t)h;
	if (*q != ',')
		goto bad;
	q++;
	for (c = 0; c <= 7; c++)
		if (tolower((unsigned char)*q) == card_chars[c])
			break;
	if (c > 7)
		goto badlast;
	q++;
	t->last[p] = (uint8_t)c;
	t->lasteff[p] = (uint8_t)(c == C_KNIFE ? E_KNIFE : c);
	if (c == 0)
		t->lasteff[p] = 0;
	if (c == C_QUESTION) {
		if (*q >= '0' && *q <= '5')
			t->lasteff[p] = (uint8_t)(*q - '0');
		else if (*q == 'k' || *q == 'K')
			t->lasteff[p] = E_KNIFE;
		else
			goto badlast;
		q++;
	}
	if (*q != ',')
		goto badlast;
	q++;
	for (k = 0; k < 3; k++) {
		v = get_num(&q, YU_STONES);
		if (v < 0 || (k < 2 && *q != ':') ||
		    (k == 2 && *q != '\0'))
			goto bad;
		t->held[p][k] = (uint8_t)v;
		if (k < 2)
			q++;
	}
	return 0;
badlast:
	tbl_error(err, errlen, "%s: bad last card in '%s' (-, 1-5, k, or ? "
	    "followed by what it acted as: ?1-?5, ?k, ?0)", player_names[p], w);
	return -1;
bad:
	tbl_error(err, errlen, "%s: '%s' should be SPACE,HAND,LAST,P:D:R",
	    player_names[p], w);
	return -1;
}

/* Check a parsed position for consistency with the rules. */
static int
check_position(struct tbl_state *t, int unset, char *err, size_t errlen)
{
	int n = t->nplayers, p, i, k, lead = 0, held[3] = { 0, 0, 0 };
	int played = 0, run;

	for (p = 0; p < n; p++) {
		if (t->pos[p] > lead)
			lead = t->pos[p];
		for (k = 0; k < 3; k++)
			held[k] += t->held[p][k];
		played += t->last[p] != 0;
	}
	t->lead = (uint8_t)lead;
	for (p = 0; p < n; p++) {
		const char *nm = player_names[p];
		int hs = t->held[p][0] + t->held[p][1] + t->held[p][2];

		if (t->last[p] == 0 && (t->pos[p] != 0 || t->hand[p] !=
		    FULL_HAND || hs != 0)) {
			tbl_error(err, errlen, "%s has not played a card yet "
			    "(last card -) but is not on space 0 with seven "
			    "cards and no stones", nm);
			return -1;
		}
		if (t->last[p] != 0 && t->hand[p] != FULL_HAND &&
		    (t->hand[p] & (1u << (t->last[p] - 1)))) {
			tbl_error(err, errlen, "%s's last card %c is still in "
			    "the hand", nm, card_chars[t->last[p]]);
			return -1;
		}
		/* Amulets only move forward: stones come from 5..pos. */
		if (t->pos[p] < YU_FIRST && hs != 0) {
			tbl_error(err, errlen, "%s on space %d holds stones, "
			    "but no stone lies before space 5", nm, t->pos[p]);
			return -1;
		}
		if (t->pos[p] >= YU_FIRST && hs > t->pos[p] - YU_FIRST + 1) {
			tbl_error(err, errlen, "%s on space %d holds %d stones, "
			    "more than spaces 5-%d held", nm, t->pos[p], hs,
			    t->pos[p]);
			return -1;
		}
		if (t->last[p] == C_QUESTION && t->lasteff[p] == E_ZERO &&
		    t->fq != FQ_ZERO) {
			tbl_error(err, errlen, "%s's ?0 needs first_question "
			    "= zero", nm);
			return -1;
		}
	}
	for (i = 1; i <= lead && i <= YU_SPACES; i++)
		if (t->track[i] != ST_EMPTY) {
			tbl_error(err, errlen, "a stone lies on space %d, at "
			    "or behind the leading amulet (space %d)", i, lead);
			return -1;
		}
	if (unset) {
		if (played != 0 || t->turn != TBL_CHANCE) {
			tbl_error(err, errlen, "a layout still being drawn "
			    "('_') needs to move 'chance' and no card played");
			return -1;
		}
		return 0;
	}
	t->left = (uint8_t)(YU_STONES - count_track(t, ST_EMPTY));
	if (t->custom == 0) {
		/*
		 * Every space beyond the leader still holds its stone, and
		 * the colours add up to the box: then the stones held are
		 * exactly those of spaces 5 to the leader.
		 */
		static const int want[3] = { YU_PALE, YU_DARK, YU_RED };
		static const char *const cname[3] = { "pale", "dark", "red" };
		for (i = lead + 1; i <= YU_SPACES; i++)
			if (i >= YU_FIRST && t->track[i] == ST_EMPTY) {
				tbl_error(err, errlen, "space %d beyond the "
				    "leader is empty (stones = standard fills "
				    "every space 5-39)", i);
				return -1;
			}
		for (k = 0; k < 3; k++)
			if (held[k] + count_track(t, k + 1) != want[k]) {
				tbl_error(err, errlen, "%d %s stones held and "
				    "%d on the track, expected %d in all",
				    held[k], cname[k], count_track(t, k + 1),
				    want[k]);
				return -1;
			}
	}
	if (t->left == 0) {
		if (t->turn != TBL_END) {
			tbl_error(err, errlen, "all stones are taken: the "
			    "player to move must be 'end'");
			return -1;
		}
		return 0;
	}
	if (t->turn == TBL_END) {
		tbl_error(err, errlen, "'end' but %d stones remain", t->left);
		return -1;
	}
	if (t->turn == TBL_CHANCE) {
		if (played != 0 || t->first != FIRST_RANDOM) {
			tbl_error(err, errlen, "'chance' (drawing the first "
			    "player) needs first = random and no card played");
			return -1;
		}
		return 0;
	}
	if (t->turn >= n) {
		tbl_error(err, errlen, "player to move %d, but players = %d",
		    t->turn + 1, n);
		return -1;
	}
	/*
	 * The players who have not played yet follow the player to move in
	 * turn order; if the previous player has not played, nobody has.
	 */
	for (run = 0; run < n && t->last[(t->turn + run) % n] == 0; run++)
		;
	for (k = run; k < n; k++)
		if (t->last[(t->turn + k) % n] == 0) {
			tbl_error(err, errlen, "%s has not played a card yet, "
			    "but %s, who moves before %s, has",
			    player_names[(t->turn + k) % n],
			    player_names[(t->turn + k - 1) % n],
			    player_names[(t->turn + k) % n]);
			return -1;
		}
	return 0;
}

/* The player to move, word w: 1-4, chance or end. */
static int
parse_turn(struct tbl_state *t, struct tbl_word w, char *err, size_t errlen)
{
	if (tbl_word_is(w, "end"))
		t->turn = TBL_END;
	else if (tbl_word_is(w, "chance"))
		t->turn = TBL_CHANCE;
	else if (w.len == 1 && *w.p >= '1' && *w.p <= '4')
		t->turn = (int8_t)(*w.p - '1');
	else {
		tbl_error(err, errlen, "expected the player to move (1-%d, "
		    "chance or end) at '%.*s'", t->nplayers, (int)(w.len > 20 ?
		    20 : w.len), w.p);
		return -1;
	}
	return 0;
}

/*
 * Read a position string into s: the layout, one field a player and the
 * player to move are parsed into a copy, which is checked, and only then
 * copied back, so that a bad string leaves s as it was.
 */
static int
yu_set_position(struct tbl_state *s, const char *pos, char *err,
    size_t errlen)
{
	struct tbl_state t;
	struct tbl_word w;
	const char *q = pos;
	char lay[64];
	size_t k = 0;
	int p, unset;

	memcpy(&t, s, sizeof t);
	reset_players(&t);
	while (tbl_next_word(&q, &w))
		k++;
	if (k != (size_t)t.nplayers + 2) {
		tbl_error(err, errlen, "expected the layout, %d players and the "
		    "player to move: %zu fields", t.nplayers, k);
		return -1;
	}
	q = pos;
	tbl_next_word(&q, &w);
	if (w.len >= sizeof lay) {
		tbl_error(err, errlen, "layout field too long: '%.20s...'", w.p);
		return -1;
	}
	memcpy(lay, w.p, w.len);
	lay[w.len] = '\0';
	if (yu_check_track(lay, t.custom, t.track, &unset, err, errlen) != 0)
		return -1;
	for (p = 0; p < t.nplayers; p++) {
		tbl_next_word(&q, &w);
		if (parse_player(&t, p, w.p, w.len, err, errlen) != 0)
			return -1;
	}
	tbl_next_word(&q, &w);
	if (parse_turn(&t, w, err, errlen) != 0)
		return -1;
	t.todraw = 0;
	if (unset)
		t.todraw = (uint8_t)(YU_RED + YU_DARK - count_track(&t, ST_RED) -
		    count_track(&t, ST_DARK));
	if (check_position(&t, unset, err, errlen) != 0)
		return -1;
	memcpy(s, &t, sizeof t);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Rendering and results                                               */
/* ------------------------------------------------------------------ */

static int
yu_render(const struct tbl_state *s, char *buf, size_t len)
{
	size_t n = 0;
	int row, col, i, p, c, d, k;
	char cell[8];

	tbl_bprintf(buf, len, &n, "Yucata', layout %s\n", s->label);
	for (row = 0; row < 4; row++) {
		tbl_bprintf(buf, len, &n, "%2d-%2d ", row * 10, row * 10 + 9);
		for (col = 0; col < 10; col++) {
			i = row * 10 + col;
			k = 0;
			for (p = 0; p < s->nplayers; p++)
				if (s->pos[p] == i)
					cell[k++] = (char)('1' + p);
			if (k == 0)
				cell[k++] = i < YU_FIRST ? '.' :
				    yu_stone_char(s->track[i]);
			cell[k] = '\0';
			tbl_bprintf(buf, len, &n, col < 9 ? " %-4s" : " %s",
			    cell);
		}
		tbl_bprintf(buf, len, &n, "\n");
	}
	if (drawing_layout(s))
		tbl_bprintf(buf, len, &n, "drawing the layout: %d stones to "
		    "draw, then the pale ones\n", s->todraw);
	else
		tbl_bprintf(buf, len, &n, "stones left: %d pale, %d dark, "
		    "%d red\n", count_track(s, ST_PALE),
		    count_track(s, ST_DARK), count_track(s, ST_RED));
	for (p = 0; p < s->nplayers; p++) {
		tbl_bprintf(buf, len, &n, "%c %s space %2d  hand ",
		    s->turn == p ? '>' : ' ', player_names[p], s->pos[p]);
		for (c = 1; c <= 7; c++)
			tbl_bprintf(buf, len, &n, "%c", s->hand[p] & (1u <<
			    (c - 1)) ? card_chars[c] : '.');
		tbl_bprintf(buf, len, &n, "  last ");
		{
			size_t m = n;

			put_last(buf, len, &n, s, p);
			tbl_bprintf(buf, len, &n, "%*s", (int)(3 - (n - m)),
			    "");
		}
		k = score_of(s, p, &d);
		tbl_bprintf(buf, len, &n, " stones %dp %dd %dr  score %d\n",
		    s->held[p][0], s->held[p][1], s->held[p][2], k);
	}
	return (int)n;
}

/* The winners as a mask, or 0 when the game is not over. */
static unsigned
winners(const struct tbl_state *s)
{
	int p, best = -1000, sc, d, fewest = 100;
	unsigned w = 0;

	if (s->turn != TBL_END)
		return 0;
	for (p = 0; p < s->nplayers; p++) {
		sc = score_of(s, p, NULL);
		if (sc > best)
			best = sc;
	}
	for (p = 0; p < s->nplayers; p++)
		if (score_of(s, p, &d) == best && d < fewest)
			fewest = d;
	for (p = 0; p < s->nplayers; p++)
		if (score_of(s, p, &d) == best &&
		    (s->ties == TI_SHARED || d == fewest))
			w |= 1u << p;
	return w;
}

static int
yu_result(const struct tbl_state *s, double *out)
{
	unsigned w = winners(s);
	int p, k = tbl_popcount64(w);

	if (w == 0)
		return -1;
	for (p = 0; p < s->nplayers; p++)
		out[p] = (w & (1u << p)) ? 1.0 / k : 0.0;
	return 0;
}

static int
yu_describe_result(const struct tbl_state *s, char *buf, size_t len)
{
	unsigned w = winners(s);
	size_t n = 0;
	int p, k = tbl_popcount64(w), j = 0, best = 0;

	if (len > 0)
		buf[0] = '\0';
	if (w == 0)
		return 0;
	for (p = 0; p < s->nplayers; p++)
		if (w & (1u << p)) {
			best = score_of(s, p, NULL);
			tbl_bprintf(buf, len, &n, "%s%s", j == 0 ? "" :
			    j == k - 1 ? " and " : ", ", player_names[p]);
			j++;
		}
	tbl_bprintf(buf, len, &n, k == 1 ? " wins with %d" :
	    " share the win with %d", best);
	if (k < s->nplayers) {
		tbl_bprintf(buf, len, &n, " (");
		j = 0;
		for (p = 0; p < s->nplayers; p++)
			if (!(w & (1u << p)))
				tbl_bprintf(buf, len, &n, "%s%s %d", j++ ?
				    ", " : "", player_names[p],
				    score_of(s, p, NULL));
		tbl_bprintf(buf, len, &n, ")");
	}
	return (int)n;
}

/*
 * A cheap estimate for the AI players: the running scores, compared
 * pairwise through a clamped linear curve (a lead of 6 or more counts as
 * certain), multiplied over the opponents and normalised to sum to 1.
 */
static int
yu_evaluate(const struct tbl_state *s, double *out)
{
	double w[MAXP], sum = 0, x;
	int sc[MAXP], p, q;

	if (drawing_layout(s))
		return -1;
	for (p = 0; p < s->nplayers; p++)
		sc[p] = score_of(s, p, NULL);
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

static const struct tbl_game yucata_game = {
	"yucata",
	"Yucata', Sun Temple of the Mayas",
	"1.0",
	"Yucata' (Stefan Dorra, 1995), 2 to 4 players.  The amulets race\n"
	"from space 0 along 39 spaces; spaces 5-39 hold 25 pale, 9 dark and\n"
	"1 red stone.  Each turn play one of your cards: 1-5 moves that far,\n"
	"knife moves to the space just in front of the leading amulet (one\n"
	"space if you lead), ? moves as the previous player's card did.  You\n"
	"may not play the card the previous player just played unless it is\n"
	"your last; after seven cards you pick them all up.  An amulet takes\n"
	"every stone it reaches or passes.  When all stones are taken, red\n"
	"cancels one dark stone of its holder and each player pays 1+2+..+d\n"
	"pale stones for d dark stones.  Most pale stones left wins.\n"
	"Moves: 1 2 3 4 5 knife (k) ? (q).\n"
	"See tablero-yucata(7).",
	options, O_COUNT,
	NULL,
	yu_create,
	yu_clone,
	yu_copy,
	yu_destroy,
	yu_players,
	yu_player_name,
	yu_to_move,
	yu_legal_moves,
	yu_chance_outcomes,
	yu_apply,
	yu_parse_move,
	yu_format_move,
	yu_render,
	yu_get_position,
	yu_set_position,
	yu_result,
	yu_describe_result,
	yu_evaluate,
	NULL,
	NULL,
	NULL,
};

TABLERO_PLUGIN(yucata_game)
