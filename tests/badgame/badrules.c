/*
 * badrules.c - a sound game whose hooks break the contract in the ways
 * its options choose, so that the tests can show that `tablero check`
 * tells each fault apart: `random` for play_random() (SDK ABI 1.3),
 * `fault` for the others.  Built a second time as badopts, with
 * -DBAD_OPTIONS, with two options that have no doc.
 *
 * The game: A and B in turn add 1, 2 or 3 to a count (never past 10);
 * whoever brings it to 10 wins.  Position string: "COUNT SIDE", the side
 * to move or at the end the winner ("0 A", "7 B", "10 A"), and " roll"
 * at a chance point (with the chance faults, a die of 1 or 2 is rolled
 * after each move and added to a tally of its own).
 *
 * play_random faults (random=): none (it keeps the contract); drawzero
 * (draws, then returns 0); twice (draws twice); nodraw (plays a move
 * without drawing); count (returns one more than the number of moves);
 * among (draws among one move fewer than there are); wrong (plays the
 * move after the one drawn); change (returns 0 after adding 1 to the
 * count); refuse (apply() refuses the move 3 that legal_moves() lists,
 * which play_random() plays: the listing's check reports it); atend
 * (at the end of the game, draws and plays a move that sets the count
 * back to 0).
 *
 * Other faults (fault=): order (the moves listed in descending order);
 * nocount (legal_moves(NULL, 0) answers 0); notext (format_move writes
 * nothing); dirty (apply() changes the count before it refuses a move);
 * noresult (result() fails at the end); endmoves (moves listed at the
 * end); shared (the count lives in a variable all states share);
 * endkind (end_kind() answers 7); early (result() answers from the
 * start); turn (in a state set up, not played into, A is to move, what
 * the position says); hidden (moves of 3
 * are listed only in a state that was played into, not one set up);
 * textlen (render() returns the length it wrote); textstart (render()
 * writes nothing into a buffer too short); nomove (no moves listed
 * once the count is 5 or more); chance (no fault: a chance point
 * after every move, a die of 1 or 2 that changes nothing; play_random()
 * plays the players' moves); prob, sum, chancelist, chancerefuse,
 * nooutcome (those chance points, with an outcome of probability -0.5
 * and one of 1.5; probabilities summing to 0.75; legal_moves() listing
 * moves there; apply() refusing outcome 2; no outcome).
 * create() refuses a random= fault with a fault= one.
 *
 * Built a third time as badrun, with -DBAD_PLAYOUT: the same game with a
 * playout() hook (SDK ABI 1.4) and its faults (run=): sound (it keeps
 * the contract); over (answers one move more than it played); wrong
 * (from its second move on, plays the move after the one drawn); atend
 * (at the end of the game, draws and sets the count back to 0); draw
 * (draws once more, at the start, than the moves it plays).
 */
#include <stdio.h>
#include <string.h>

#include "tablero.h"

enum { NONE, DRAWZERO, TWICE, NODRAW, COUNT, AMONG, WRONG, CHANGE, REFUSE,
	ATEND };
enum { OK, ORDER, NOCOUNT, NOTEXT, DIRTY, NORESULT, ENDMOVES, SHARED,
	ENDKIND, EARLY, TURN, HIDDEN, TEXTLEN, TEXTSTART, NOMOVE, CHANCE,
	PROB, SUM, CHANCELIST, CHANCEREFUSE, NOOUTCOME };

struct tbl_state {
	const struct tbl_host *host;
	int count, turn, random, fault, run;
	int roll;		/* a chance point (the chance faults) */
	int played;		/* a move was applied to this state (hidden) */
};

TBL_FLAT_STATE_FUNCTIONS(br)

/* The count of fault=shared: every state's, a bug on purpose. */
static int shared_count;

static const char *const randoms[] = { "none", "drawzero", "twice",
	"nodraw", "count", "among", "wrong", "change", "refuse", "atend",
	NULL };
static const char *const faults[] = { "none", "order", "nocount", "notext",
	"dirty", "noresult", "endmoves", "shared", "endkind", "early", "turn",
	"hidden", "textlen", "textstart", "nomove", "chance", "prob", "sum",
	"chancelist", "chancerefuse", "nooutcome", NULL };

#ifdef BAD_PLAYOUT
enum { RUN_SOUND, RUN_OVER, RUN_WRONG, RUN_ATEND, RUN_DRAW };
static const char *const runs[] = { "sound", "over", "wrong", "atend",
	"draw", NULL };
#endif

static const struct tbl_option options[] = {
	{ "random", TBL_OPT_ENUM, "none", 0, 0, randoms,
	  "how play_random breaks the contract" },
	{ "fault", TBL_OPT_ENUM, "none", 0, 0, faults,
	  "how the other hooks break the contract" },
#ifdef BAD_PLAYOUT
	{ "run", TBL_OPT_ENUM, "sound", 0, 0, runs,
	  "how playout breaks the contract" },
#endif
#ifdef BAD_OPTIONS
	{ "nodoc", TBL_OPT_INT, "1", 0, 9, NULL, "" },
	{ "nodoc2", TBL_OPT_BOOL, "0", 0, 0, NULL, NULL },
#endif
};

static const char *const names[] = { "A", "B" };

static struct tbl_state *
br_create(const struct tbl_host *h, const struct tbl_optval *o, uint64_t seed,
    char *err, size_t errlen)
{
	struct tbl_state *s;

	(void)seed;
	if (o[0].i != NONE && o[1].i != OK) {
		tbl_error(err, errlen, "random= and fault= do not go together");
		return NULL;
	}
	s = h->calloc(sizeof *s);
	s->host = h;
	s->random = (int)o[0].i;
	s->fault = (int)o[1].i;
#ifdef BAD_PLAYOUT
	s->run = (int)o[2].i;
#endif
	if (s->fault == SHARED)
		shared_count = 0;
	return s;
}

static int br_players(const struct tbl_state *s) { (void)s; return 2; }

static const char *
br_name(const struct tbl_state *s, int p)
{
	(void)s;
	return names[p != 0];
}

static int
br_count(const struct tbl_state *s)
{
	return s->fault == SHARED ? shared_count : s->count;
}

static int
br_over(const struct tbl_state *s)
{
	return br_count(s) >= 10;
}

static int
br_to_move(const struct tbl_state *s)
{
	if (br_over(s))
		return TBL_END;
	if (s->roll)
		return TBL_CHANCE;
	return s->fault == TURN && !s->played ? 0 : s->turn;
}

/* The number of moves in s: 1, 2 or 3 up to the count of 10. */
static int
br_nmoves(const struct tbl_state *s)
{
	int n = 10 - br_count(s);

	if (s->fault == HIDDEN && !s->played && n > 2)
		n = 2;
	if (s->fault == NOMOVE && br_count(s) >= 5)
		n = 0;
	return n > 3 ? 3 : n;
}

static int
br_legal(const struct tbl_state *s, tbl_move *out, int cap)
{
	int k, n;

	if ((br_over(s) && s->fault != ENDMOVES) ||
	    (s->roll && s->fault != CHANCELIST))
		return 0;
	n = br_over(s) ? 1 : br_nmoves(s);
	if (cap == 0 && s->fault == NOCOUNT)
		return 0;
	for (k = 0; k < n && k < cap; k++)
		out[k] = (tbl_move)(s->fault == ORDER ? n - k : k + 1);
	return n;
}

static int
br_chance(const struct tbl_state *s, tbl_move *o, double *p, int cap)
{
	if (br_to_move(s) != TBL_CHANCE || s->fault == NOOUTCOME)
		return 0;
	if (cap >= 2) {
		o[0] = 1, o[1] = 2;
		p[0] = s->fault == PROB ? -0.5 : s->fault == SUM ? 0.25 : 0.5;
		p[1] = s->fault == PROB ? 1.5 : 0.5;
	}
	return 2;
}

/* Play legal move m in s. */
static void
br_play(struct tbl_state *s, tbl_move m)
{
	s->played = 1;
	if (s->fault == SHARED)
		shared_count += (int)m;
	else
		s->count += (int)m;
	if (!br_over(s)) {
		s->turn ^= 1;
		s->roll = s->fault >= CHANCE;
	}
}

static int
br_apply(struct tbl_state *s, tbl_move m)
{
	if (s->roll) {
		if (m < 1 || m > 2 || (s->fault == CHANCEREFUSE && m == 2))
			return -1;
		s->roll = 0;
		return 0;
	}
	if (br_over(s) || m < 1 || m > (tbl_move)br_nmoves(s) ||
	    (s->random == REFUSE && m == 3)) {
		if (s->fault == DIRTY)
			s->count++;
		return -1;
	}
	br_play(s, m);
	return 0;
}

static int
br_play_random(struct tbl_state *s, uint32_t (*below)(void *, uint32_t),
    void *rng)
{
	int n = br_nmoves(s), k;

	if (s->random == ATEND && br_to_move(s) == TBL_END) {
		below(rng, 1);
		s->count = 0;
		return 1;
	}
	if (br_to_move(s) < 0 || n == 0 || (s->fault != OK &&
	    s->fault != CHANCE))
		return 0;
	switch (s->random) {
	case DRAWZERO:
		below(rng, (uint32_t)n);
		return 0;
	case CHANGE:
		s->count++;
		return 0;
	case NODRAW:
		k = 0;
		break;
	case TWICE:
		below(rng, (uint32_t)n);
		k = (int)below(rng, (uint32_t)n);
		break;
	case AMONG:
		k = n > 1 ? (int)below(rng, (uint32_t)n - 1) : 0;
		break;
	default:
		k = (int)below(rng, (uint32_t)n);
		if (s->random == WRONG)
			k = (k + 1) % n;
		break;
	}
	br_play(s, (tbl_move)(k + 1));
	return s->random == COUNT ? n + 1 : n;
}

#ifdef BAD_PLAYOUT
static long
br_playout(struct tbl_state *s, struct tbl_rng *g, long cap)
{
	long len = 0;
	int n, k;

	if (s->run == RUN_ATEND && br_to_move(s) == TBL_END) {
		tbl_rng_below(g, 1);
		s->count = 0;
		return 1;
	}
	if (s->fault != OK && s->fault != CHANCE)
		return 0;
	if (s->run == RUN_DRAW)
		tbl_rng_next(g);
	while (len < cap && br_to_move(s) >= 0 && (n = br_nmoves(s)) > 0) {
		k = (int)tbl_rng_below(g, (uint32_t)n);
		if (s->run == RUN_WRONG && len > 0)
			k = (k + 1) % n;
		br_play(s, (tbl_move)(k + 1));
		len++;
	}
	return s->run == RUN_OVER ? len + 1 : len;
}
#endif

static int
br_parse(const struct tbl_state *s, const char *t, tbl_move *m, size_t *u,
    char *err, size_t errlen)
{
	(void)s;
	if (t[0] < '1' || t[0] > '3') {
		tbl_error(err, errlen, "expected 1, 2 or 3");
		return -1;
	}
	*m = (tbl_move)(t[0] - '0');
	*u = 1;
	return 0;
}

static int
br_format(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	size_t n = 0;

	if (s->fault == NOTEXT) {
		if (len > 0)
			buf[0] = '\0';
		return 0;
	}
	tbl_bprintf(buf, len, &n, "%u", (unsigned)m);
	return (int)n;
}

static int
br_pos(const struct tbl_state *s, char *buf, size_t len)
{
	size_t n = 0;

	tbl_bprintf(buf, len, &n, "%d %s%s", br_count(s), names[s->turn],
	    s->roll ? " roll" : "");
	return (int)n;
}

static int
br_render(const struct tbl_state *s, char *buf, size_t len)
{
	int n = br_pos(s, buf, len);

	if (s->fault == TEXTSTART && len > 0 && (size_t)n >= len)
		buf[0] = '\0';		/* the start of the text belongs there */
	if (s->fault == TEXTLEN && len > 0 && (size_t)n >= len)
		return (int)len - 1;
	return n;
}

static int
br_set(struct tbl_state *s, const char *pos, char *err, size_t errlen)
{
	char side[4], roll[8] = "";
	int count, k;

	k = sscanf(pos, "%d %3s %7s", &count, side, roll);
	if (k < 2 || count < 0 || count > 10 || (strcmp(side, "A") != 0 &&
	    strcmp(side, "B") != 0) || (k == 3 && strcmp(roll, "roll") != 0)) {
		tbl_error(err, errlen, "expected COUNT A|B [roll], the count 0 "
		    "to 10");
		return -1;
	}
	if (s->fault == SHARED)
		shared_count = count;
	s->count = count;
	s->turn = side[0] == 'B';
	s->roll = k == 3;
	s->played = 0;
	return 0;
}

static int
br_result(const struct tbl_state *s, double *out)
{
	if ((!br_over(s) && s->fault != EARLY) || s->fault == NORESULT)
		return -1;
	out[s->turn] = 1;
	out[s->turn ^ 1] = 0;
	return 0;
}

static int
br_end_kind(const struct tbl_state *s)
{
	return s->fault == ENDKIND ? 7 : TBL_END_RULES;
}

static const struct tbl_game game = {
#ifdef BAD_OPTIONS
	.name = "badopts",
	.noptions = 4,
#elif defined(BAD_PLAYOUT)
	.name = "badrun",
	.noptions = 3,
	.playout = br_playout,
#else
	.name = "badrules",
	.noptions = 2,
#endif
	.title = "a count to 10 whose hooks break the contract as told",
	.version = "0",
	.options = options,
	.create = br_create, .clone = br_clone, .copy = br_copy,
	.destroy = br_destroy, .players = br_players, .player_name = br_name,
	.to_move = br_to_move, .legal_moves = br_legal,
	.chance_outcomes = br_chance, .apply = br_apply, .parse_move = br_parse,
	.format_move = br_format, .render = br_render, .get_position = br_pos,
	.set_position = br_set, .result = br_result, .end_kind = br_end_kind,
	.play_random = br_play_random,
};

TABLERO_PLUGIN(game)
