/*
 * badrandom.c - a sound game whose play_random() (SDK ABI 1.3) breaks
 * the contract in the way its `random` option chooses, so that the
 * tests can show that `tablero check` tells each fault apart.
 *
 * The game: A and B in turn add 1, 2 or 3 to a count (never past 10);
 * whoever brings it to 10 wins.  Position string: "COUNT SIDE", the side
 * to move or at the end the winner: "0 A", "7 B", "10 A".
 *
 * play_random faults: none (it keeps the contract); drawzero (draws,
 * then returns 0); twice (draws twice); nodraw (plays a move without
 * drawing); count (returns one more than the number of moves); among
 * (draws among one move fewer than there are); wrong (plays the move
 * after the one drawn); change (returns 0 after adding 1 to the count).
 * And refuse: apply() refuses the move 3 that legal_moves() lists, so
 * that play_random() leaves the fault to the listing's check.
 */
#include <stdio.h>
#include <string.h>

#include "tablero.h"

enum { NONE, DRAWZERO, TWICE, NODRAW, COUNT, AMONG, WRONG, CHANGE, REFUSE };

struct tbl_state {
	const struct tbl_host *host;
	int count, turn, fault;
};

TBL_FLAT_STATE_FUNCTIONS(br)

static const char *const faults[] = { "none", "drawzero", "twice", "nodraw",
	"count", "among", "wrong", "change", "refuse", NULL };

static const struct tbl_option options[] = {
	{ "random", TBL_OPT_ENUM, "none", 0, 0, faults,
	  "how play_random breaks the contract" },
};

static const char *const names[] = { "A", "B" };

static struct tbl_state *
br_create(const struct tbl_host *h, const struct tbl_optval *o, uint64_t seed,
    char *err, size_t errlen)
{
	struct tbl_state *s = h->calloc(sizeof *s);

	(void)seed, (void)err, (void)errlen;
	s->host = h;
	s->fault = (int)o[0].i;
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
br_to_move(const struct tbl_state *s)
{
	return s->count >= 10 ? TBL_END : s->turn;
}

/* The number of moves in s: 1, 2 or 3 up to the count of 10. */
static int
br_nmoves(const struct tbl_state *s)
{
	int n = 10 - s->count;

	return n > 3 ? 3 : n;
}

static int
br_legal(const struct tbl_state *s, tbl_move *out, int cap)
{
	int k, n = br_nmoves(s);

	for (k = 0; k < n && k < cap; k++)
		out[k] = (tbl_move)(k + 1);
	return n;
}

static int
br_chance(const struct tbl_state *s, tbl_move *o, double *p, int cap)
{
	(void)s, (void)o, (void)p, (void)cap;
	return 0;
}

/* Play legal move m in s. */
static void
br_play(struct tbl_state *s, tbl_move m)
{
	s->count += (int)m;
	if (s->count < 10)
		s->turn ^= 1;
}

static int
br_apply(struct tbl_state *s, tbl_move m)
{
	if (s->count >= 10 || m < 1 || m > (tbl_move)br_nmoves(s) ||
	    (s->fault == REFUSE && m == 3))
		return -1;
	br_play(s, m);
	return 0;
}

static int
br_play_random(struct tbl_state *s, uint32_t (*below)(void *, uint32_t),
    void *rng)
{
	int n = br_nmoves(s), k;

	if (s->count >= 10)
		return 0;
	switch (s->fault) {
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
		if (s->fault == WRONG)
			k = (k + 1) % n;
		break;
	}
	br_play(s, (tbl_move)(k + 1));
	return s->fault == COUNT ? n + 1 : n;
}

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

	(void)s;
	tbl_bprintf(buf, len, &n, "%u", (unsigned)m);
	return (int)n;
}

static int
br_pos(const struct tbl_state *s, char *buf, size_t len)
{
	size_t n = 0;

	tbl_bprintf(buf, len, &n, "%d %s", s->count, names[s->turn]);
	return (int)n;
}

static int
br_set(struct tbl_state *s, const char *pos, char *err, size_t errlen)
{
	char side[4];
	int count;

	if (sscanf(pos, "%d %3s", &count, side) != 2 || count < 0 ||
	    count > 10 || (strcmp(side, "A") != 0 && strcmp(side, "B") != 0)) {
		tbl_error(err, errlen, "expected COUNT A|B, the count 0 to 10");
		return -1;
	}
	s->count = count;
	s->turn = side[0] == 'B';
	return 0;
}

static int
br_result(const struct tbl_state *s, double *out)
{
	if (s->count < 10)
		return -1;
	out[s->turn] = 1;
	out[s->turn ^ 1] = 0;
	return 0;
}

static const struct tbl_game game = {
	.name = "badrandom",
	.title = "a count to 10 whose play_random breaks the contract as told",
	.version = "0",
	.options = options, .noptions = 1,
	.create = br_create, .clone = br_clone, .copy = br_copy,
	.destroy = br_destroy, .players = br_players, .player_name = br_name,
	.to_move = br_to_move, .legal_moves = br_legal,
	.chance_outcomes = br_chance, .apply = br_apply, .parse_move = br_parse,
	.format_move = br_format, .render = br_pos, .get_position = br_pos,
	.set_position = br_set, .result = br_result,
	.play_random = br_play_random,
};

TABLERO_PLUGIN(game)
