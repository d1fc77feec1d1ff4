/*
 * limitgame.c - a test game with a turn limit of its own, for the SDK's
 * end_kind() hook (ABI 1.3): two players, A and B, in turn add 1 or 2 to
 * a count; whoever brings it to `target` wins.  After `limit` turns the
 * game stops: the player who made the last move wins (a rule of this
 * test game), but the game did not end by reaching the target, so
 * end_kind() says TBL_END_LIMIT.
 *
 * Position string: "COUNT TURNS SIDE", e.g. "0 0 A", "5 3 B", "10 6 -".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tablero.h"

struct tbl_state {
	const struct tbl_host *host;
	int target, limit;
	int count, turns, turn;	/* turn: to move, or at the end the winner */
	int over;		/* 0, or 1 when ended: 1 target, 2 limit */
};

TBL_FLAT_STATE_FUNCTIONS(lg)

static const struct tbl_option options[] = {
	{ "target", TBL_OPT_INT, "10", 2, 1000, NULL, "the count that wins" },
	{ "limit", TBL_OPT_INT, "6", 1, 1000, NULL,
	  "turns after which the game stops" },
};

static const char *const names[] = { "A", "B" };

static struct tbl_state *
lg_create(const struct tbl_host *host, const struct tbl_optval *o,
    uint64_t seed, char *err, size_t errlen)
{
	struct tbl_state *s = host->calloc(sizeof *s);

	(void)seed, (void)err, (void)errlen;
	s->host = host;
	s->target = (int)o[0].i;
	s->limit = (int)o[1].i;
	return s;
}

static int
lg_players(const struct tbl_state *s)
{
	(void)s;
	return 2;
}

static const char *
lg_player_name(const struct tbl_state *s, int p)
{
	(void)s;
	return p == 0 || p == 1 ? names[p] : "?";
}

static int
lg_to_move(const struct tbl_state *s)
{
	return s->over ? TBL_END : s->turn;
}

static int
lg_legal_moves(const struct tbl_state *s, tbl_move *out, int cap)
{
	int n = 0, k;

	if (s->over)
		return 0;
	for (k = 1; k <= 2 && s->count + k <= s->target; k++) {
		if (n < cap)
			out[n] = (tbl_move)k;
		n++;
	}
	return n;
}

static int
lg_chance_outcomes(const struct tbl_state *s, tbl_move *out, double *prob,
    int cap)
{
	(void)s, (void)out, (void)prob, (void)cap;
	return 0;
}

static int
lg_apply(struct tbl_state *s, tbl_move m)
{
	if (s->over || m < 1 || m > 2 || s->count + (int)m > s->target)
		return -1;
	s->count += (int)m;
	s->turns++;
	if (s->count == s->target)
		s->over = 1;
	else if (s->turns >= s->limit)
		s->over = 2;
	else
		s->turn ^= 1;
	return 0;
}

static int
lg_parse_move(const struct tbl_state *s, const char *text, tbl_move *m,
    size_t *used, char *err, size_t errlen)
{
	const char *p = text;

	(void)s;
	while (*p == ' ' || *p == '\t')
		p++;
	if ((*p != '1' && *p != '2') || (p[1] != '\0' && p[1] != ' ')) {
		tbl_error(err, errlen, "'%s' is not a move: 1 or 2", p);
		return -1;
	}
	*m = (tbl_move)(*p - '0');
	*used = (size_t)(p + 1 - text);
	return 0;
}

static int
lg_format_move(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	size_t n = 0;

	(void)s;
	tbl_bprintf(buf, len, &n, "%u", (unsigned)m);
	return (int)n;
}

static int
lg_get_position(const struct tbl_state *s, char *buf, size_t len)
{
	size_t n = 0;

	tbl_bprintf(buf, len, &n, "%d %d %s", s->count, s->turns,
	    s->over ? "-" : names[s->turn]);
	return (int)n;
}

static int
lg_render(const struct tbl_state *s, char *buf, size_t len)
{
	size_t n = 0;

	tbl_bprintf(buf, len, &n, "count %d of %d, turn %d of %d\n", s->count,
	    s->target, s->turns, s->limit);
	return (int)n;
}

static int
lg_set_position(struct tbl_state *s, const char *pos, char *err,
    size_t errlen)
{
	struct tbl_state t = *s;
	char side[4];

	if (sscanf(pos, "%d %d %3s", &t.count, &t.turns, side) != 3 ||
	    t.count < 0 || t.count > t.target || t.turns < 0 ||
	    t.turns > t.limit) {
		tbl_error(err, errlen, "expected COUNT TURNS SIDE within the "
		    "options");
		return -1;
	}
	t.over = t.count == t.target ? 1 : t.turns == t.limit ? 2 : 0;
	if ((t.over != 0) != (strcmp(side, "-") == 0) ||
	    (!t.over && strcmp(side, "A") != 0 && strcmp(side, "B") != 0)) {
		tbl_error(err, errlen, "the side must be A or B, or - at the end");
		return -1;
	}
	/* At the end the winner made the last move: turns 1, 3 ... are A's. */
	t.turn = t.over ? (t.turns - 1) % 2 : side[0] == 'B';
	*s = t;
	return 0;
}

static int
lg_result(const struct tbl_state *s, double *out)
{
	if (!s->over)
		return -1;
	out[s->turn] = 1;
	out[1 - s->turn] = 0;
	return 0;
}

static int
lg_end_kind(const struct tbl_state *s)
{
	return s->over == 2 ? TBL_END_LIMIT : TBL_END_RULES;
}

static const struct tbl_game game = {
	.name = "limitgame",
	.title = "a count to a target, with a turn limit (a test game)",
	.version = "1.0",
	.rules = "Add 1 or 2 to the count; reaching the target wins; after "
	    "`limit` turns the last to move wins.\n",
	.options = options,
	.noptions = 2,
	.create = lg_create,
	.clone = lg_clone,
	.copy = lg_copy,
	.destroy = lg_destroy,
	.players = lg_players,
	.player_name = lg_player_name,
	.to_move = lg_to_move,
	.legal_moves = lg_legal_moves,
	.chance_outcomes = lg_chance_outcomes,
	.apply = lg_apply,
	.parse_move = lg_parse_move,
	.format_move = lg_format_move,
	.render = lg_render,
	.get_position = lg_get_position,
	.set_position = lg_set_position,
	.result = lg_result,
	.end_kind = lg_end_kind,
};

TABLERO_PLUGIN(game)
