/*
 * badpos.c - a plugin that loads fine but breaks the contract: its
 * position string does not read back as the same position (set_position
 * is off by one).  `tablero check` must catch it and print a reproducer.
 *
 * The game: one player counts from 0 to from+5, one step ("+") a move;
 * the position string reads back wrong once the count reaches `from`
 * (option, default 0), so a large `from` makes a long game before the
 * failure (a reproducer too long for a command line).
 */
#include <stdio.h>
#include <string.h>

#include "tablero.h"

struct tbl_state {
	const struct tbl_host *host;
	int n, from;
};

static const struct tbl_option options[] = {
	{ "from", TBL_OPT_INT, "0", 0, 100000, NULL,
	  "the count from which the position string reads back wrong" },
};

TBL_FLAT_STATE_FUNCTIONS(bp)

static struct tbl_state *
bp_create(const struct tbl_host *h, const struct tbl_optval *o, uint64_t seed,
    char *err, size_t errlen)
{
	struct tbl_state *s = h->calloc(sizeof *s);

	(void)seed, (void)err, (void)errlen;
	s->host = h;
	s->from = (int)o[0].i;
	return s;
}


static int bp_players(const struct tbl_state *s) { (void)s; return 1; }
static const char *bp_name(const struct tbl_state *s, int p) { (void)s, (void)p; return "counter"; }
static int bp_to_move(const struct tbl_state *s) { return s->n >= s->from + 5 ? TBL_END : 0; }

static int
bp_legal(const struct tbl_state *s, tbl_move *out, int cap)
{
	if (s->n >= s->from + 5)
		return 0;
	if (cap > 0)
		out[0] = 1;
	return 1;
}

static int
bp_chance(const struct tbl_state *s, tbl_move *o, double *p, int cap)
{
	(void)s, (void)o, (void)p, (void)cap;
	return 0;
}

static int
bp_apply(struct tbl_state *s, tbl_move m)
{
	if (s->n >= s->from + 5 || m != 1)
		return -1;
	s->n++;
	return 0;
}

static int
bp_parse(const struct tbl_state *s, const char *t, tbl_move *m, size_t *u,
    char *err, size_t errlen)
{
	(void)s;
	if (t[0] != '+') {
		tbl_error(err, errlen, "expected '+'");
		return -1;
	}
	*m = 1;
	*u = 1;
	return 0;
}

static int
bp_format(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	size_t n = 0;

	(void)s, (void)m;
	tbl_bprintf(buf, len, &n, "+");
	return (int)n;
}

static int
bp_pos(const struct tbl_state *s, char *buf, size_t len)
{
	size_t n = 0;

	tbl_bprintf(buf, len, &n, "n=%d", s->n);
	return (int)n;
}

static int
bp_set(struct tbl_state *s, const char *pos, char *err, size_t errlen)
{
	int n;

	if (sscanf(pos, "n=%d", &n) != 1 || n < 0 || n > s->from + 5) {
		tbl_error(err, errlen, "expected n=0..from+5");
		return -1;
	}
	/* The deliberate bug, from the count `from` on. */
	s->n = n >= s->from && n < s->from + 5 ? n + 1 : n;
	return 0;
}

static int
bp_result(const struct tbl_state *s, double *out)
{
	if (s->n < s->from + 5)
		return -1;
	out[0] = 1;
	return 0;
}

static const struct tbl_game game = {
	.name = "badpos",
	.title = "a plugin whose position string does not round-trip",
	.version = "0",
	.options = options, .noptions = 1,
	.create = bp_create, .clone = bp_clone, .copy = bp_copy,
	.destroy = bp_destroy, .players = bp_players, .player_name = bp_name,
	.to_move = bp_to_move, .legal_moves = bp_legal,
	.chance_outcomes = bp_chance, .apply = bp_apply, .parse_move = bp_parse,
	.format_move = bp_format, .render = bp_pos, .get_position = bp_pos,
	.set_position = bp_set, .result = bp_result,
};

TABLERO_PLUGIN(game)
