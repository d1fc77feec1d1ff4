/*
 * liar.c - a plugin that loads fine and then breaks the contract in the
 * way its `fault` option chooses, so the tests can show that the host
 * bounds and checks what a plugin returns and that `tablero check`
 * reports a crash or a hang instead of dying with it.
 *
 * The game: two players take turns adding 1 ("+") or 2 ("++") to a
 * counter; whoever reaches 8 or more wins.  A die (1..2) is rolled after
 * every fourth move, as a chance point, and added too.
 *
 * Faults: none; used (parse_move claims more bytes than the text has);
 * format (format_move fills the buffer without a NUL); legal
 * (legal_moves always asks for one more than the buffer holds);
 * position (get_position says it needs INT_MAX bytes); crash (apply
 * crashes at 4); hang (apply never returns at 4); unlisted (apply
 * accepts any move, ignoring the high bits); short (get_position writes
 * past a short buffer); slow (as crash, but a game that starts with "+"
 * first sleeps a second, so that a later game fails sooner); tomove
 * (to_move answers -7 from 2); noname (player_name gives NULL); grow
 * (get_position always wants one byte more than it is given); nan
 * (result gives NaN); escape (names and moves hold an ESC and a BEL);
 * nomove (legal_moves gives no move for the player to move from 2);
 * fork (apply at 4 starts a process that sleeps 30 seconds, holding
 * whatever the game's process holds open); badeval (evaluate gives 2
 * for each player, out of [0, 1]; with the other faults it gives no
 * estimate); crowd (players() says 17, one more than TBL_MAX_PLAYERS);
 * c1 (C1 controls and invalid UTF-8: the move "+" ends in the raw 8-bit
 * CSI 0x9B, "++" in the CSI encoded as C2 9B, the names hold 0x9B, and
 * the position ends in the bytes FF and a lone C3); the optional hooks,
 * each silent (0) without its fault: optval (option_value says die is
 * "maybe"); explain (from 6 only "+" is legal, and explain_illegal
 * answers two lines); narrate (narrate writes its whole text whatever
 * the buffer); matchend (match_game_end returns -1); passes (passes
 * names player 5 of 2).
 *
 * Option die=no leaves the die out, so that the game has no chance point
 * and `tablero solve` takes it (its state is flat: flat_key).
 */
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tablero.h"

enum { NONE, USED, FORMAT, LEGAL, POSITION, CRASH, HANG, UNLISTED, SHORT,
	SLOW, TOMOVE, NONAME, GROW, NANRES, ESCAPE, NOMOVE, FORK, BADEVAL,
	CROWD, C1, OPTVAL, EXPLAIN, NARRATE, MATCHEND, PASSES };

struct tbl_state {
	const struct tbl_host *host;
	int n, moves, turn, roll, fault, die;
};

TBL_FLAT_STATE_FUNCTIONS(li)

static const char *const faults[] = { "none", "used", "format", "legal",
	"position", "crash", "hang", "unlisted", "short", "slow", "tomove",
	"noname", "grow", "nan", "escape", "nomove", "fork", "badeval", "crowd",
	"c1", "optval", "explain", "narrate", "matchend", "passes", NULL };

static const struct tbl_option options[] = {
	{ "fault", TBL_OPT_ENUM, "none", 0, 0, faults,
	  "how the plugin breaks the contract" },
	{ "die", TBL_OPT_BOOL, "yes", 0, 0, NULL,
	  "a die rolled after every fourth move" },
};

static struct tbl_state *
li_create(const struct tbl_host *h, const struct tbl_optval *o, uint64_t seed,
    char *err, size_t errlen)
{
	struct tbl_state *s = h->calloc(sizeof *s);

	(void)seed, (void)err, (void)errlen;
	s->host = h;
	s->fault = (int)o[0].i;
	s->die = (int)o[1].i;
	return s;
}

static int
li_players(const struct tbl_state *s)
{
	return s->fault == CROWD ? TBL_MAX_PLAYERS + 1 : 2;
}

static const char *
li_name(const struct tbl_state *s, int p)
{
	if (s->fault == NONAME)
		return NULL;
	if (s->fault == ESCAPE)
		return p ? "B\033[2J\a" : "A\033[2J\a";
	if (s->fault == C1)
		return p ? "B\xc2\x9b" "2J" : "A\x9b" "2J";
	return p ? "B" : "A";
}

/* Who is to move, as the rules say (the faults aside). */
static int
li_whose(const struct tbl_state *s)
{
	if (s->n >= 8)
		return TBL_END;
	return s->roll ? TBL_CHANCE : s->turn;
}

static int
li_to_move(const struct tbl_state *s)
{
	if (s->fault == TOMOVE && s->n >= 2 && s->n < 8)
		return -7;
	return li_whose(s);
}

static int
li_legal(const struct tbl_state *s, tbl_move *out, int cap)
{
	int who = li_whose(s);

	if (who < 0 || (s->fault == NOMOVE && s->n >= 2))
		return 0;
	if (s->fault == LEGAL)
		return cap + 1;
	if (s->fault == EXPLAIN && s->n >= 6) {
		if (cap >= 1)
			out[0] = 1;
		return 1;
	}
	if (cap >= 2) {
		out[0] = 1;
		out[1] = 2;
	}
	return 2;
}

static int
li_chance(const struct tbl_state *s, tbl_move *o, double *p, int cap)
{
	if (li_whose(s) != TBL_CHANCE)
		return 0;
	if (cap >= 2) {
		o[0] = 1, o[1] = 2;
		p[0] = p[1] = 0.5;
	}
	return 2;
}

static int
li_apply(struct tbl_state *s, tbl_move m)
{
	int who = li_whose(s);

	if (s->fault == SLOW && s->moves == 0 && m == 1)
		sleep(1);
	if ((s->fault == CRASH || s->fault == SLOW) && s->n >= 4)
		raise(SIGSEGV);
	while (s->fault == HANG && s->n >= 4)
		;
	if (s->fault == FORK && s->n >= 4 && s->n < 6 && fork() == 0) {
		sleep(30);
		_exit(0);
	}
	if (s->fault == UNLISTED)
		m &= 0xff;
	if (who == TBL_END || (m != 1 && m != 2) ||
	    (s->fault == EXPLAIN && who >= 0 && s->n >= 6 && m == 2))
		return -1;
	s->n += (int)m;
	if (who == TBL_CHANCE) {
		s->roll = 0;
		return 0;
	}
	s->moves++;
	s->turn ^= 1;
	s->roll = s->die && s->moves % 4 == 0 && s->n < 8;
	return 0;
}

static int
li_parse(const struct tbl_state *s, const char *t, tbl_move *m, size_t *u,
    char *err, size_t errlen)
{
	size_t k = 0;

	while (t[k] == '+' && k < 2)
		k++;
	if (li_whose(s) == TBL_CHANCE && (t[0] == '1' || t[0] == '2'))
		*m = (tbl_move)(t[0] - '0'), k = 1;
	else if (k == 0) {
		tbl_error(err, errlen, "expected + or ++");
		return -1;
	} else
		*m = (tbl_move)k;
	*u = s->fault == USED ? k + 1000 : k;
	return 0;
}

static int
li_format(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	size_t n = 0;

	if (s->fault == FORMAT) {
		if (len > 0)
			memset(buf, '+', len);
		return 1;
	}
	if (li_whose(s) == TBL_CHANCE)
		tbl_bprintf(buf, len, &n, "%u", (unsigned)m);
	else
		tbl_bprintf(buf, len, &n, "%s%s", m == 2 ? "++" : "+",
		    s->fault == ESCAPE ? "\033]0;x\a" : s->fault != C1 ? "" :
		    m == 2 ? "\xc2\x9b" "2J" : "\x9b" "2J");
	return (int)n;
}

static int
li_pos(const struct tbl_state *s, char *buf, size_t len)
{
	size_t n = 0;

	if (s->fault == POSITION)
		return INT_MAX;
	if (s->fault == GROW)
		return (int)len;	/* always one byte more than given */
	if (s->fault == SHORT && len > 0) {
		/* Writes the whole text whatever len says. */
		return sprintf(buf, "n=%d moves=%d turn=%d roll=%d", s->n,
		    s->moves, s->turn, s->roll);
	}
	tbl_bprintf(buf, len, &n, "n=%d moves=%d turn=%d roll=%d%s", s->n,
	    s->moves, s->turn, s->roll, s->fault == C1 ? " \xff\xc3" : "");
	return (int)n;
}

static int
li_set(struct tbl_state *s, const char *pos, char *err, size_t errlen)
{
	int n, moves, turn, roll;

	if (sscanf(pos, "n=%d moves=%d turn=%d roll=%d", &n, &moves, &turn,
	    &roll) != 4 || n < 0 || n > 9 || moves < 0 || moves > 8 ||
	    turn < 0 || turn > 1 || roll < 0 || roll > 1) {
		tbl_error(err, errlen, "expected n=N moves=N turn=0|1 roll=0|1");
		return -1;
	}
	s->n = n, s->moves = moves, s->turn = turn, s->roll = roll;
	return 0;
}

static int
li_result(const struct tbl_state *s, double *out)
{
	if (s->n < 8)
		return -1;
	/* Whoever would move next has lost. */
	out[s->turn] = s->fault == NANRES ? NAN : 0;
	out[s->turn ^ 1] = 1;
	return 0;
}

static int
li_evaluate(const struct tbl_state *s, double *out)
{
	if (s->fault != BADEVAL)
		return -1;
	out[0] = out[1] = 2;
	return 0;
}

static int
li_option_value(const struct tbl_state *s, int opt, char *buf, size_t len)
{
	size_t n = 0;

	if (s->fault != OPTVAL || opt != 1)
		return 0;
	tbl_bprintf(buf, len, &n, "maybe");
	return (int)n;
}

static int
li_explain(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	size_t n = 0;

	if (s->fault != EXPLAIN)
		return 0;
	tbl_bprintf(buf, len, &n, "%s is too much\nfrom %d", m == 2 ? "++" :
	    "+", s->n);
	return (int)n;
}

static int
li_narrate(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	if (s->fault != NARRATE)
		return 0;
	if (len == 0)
		return snprintf(NULL, 0, "adds %u to %d", (unsigned)m, s->n);
	/* Writes the whole text whatever len says. */
	return sprintf(buf, "adds %u to %d", (unsigned)m, s->n);
}

static int
li_match_end(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	(void)m, (void)buf, (void)len;
	return s->fault == MATCHEND ? -1 : 0;
}

static int
li_passes(const struct tbl_state *before, tbl_move m,
    const struct tbl_state *after, int *out, int cap)
{
	(void)m, (void)after;
	if (before->fault != PASSES)
		return 0;
	if (cap >= 1)
		out[0] = 5;
	return 1;
}

static const struct tbl_game game = {
	.name = "liar",
	.title = "a plugin that breaks the contract as told",
	.version = "0",
	.options = options, .noptions = 2,
	.create = li_create, .clone = li_clone, .copy = li_copy,
	.destroy = li_destroy, .players = li_players, .player_name = li_name,
	.to_move = li_to_move, .legal_moves = li_legal,
	.chance_outcomes = li_chance, .apply = li_apply, .parse_move = li_parse,
	.format_move = li_format, .render = li_pos, .get_position = li_pos,
	.set_position = li_set, .result = li_result, .evaluate = li_evaluate,
	.option_value = li_option_value, .explain_illegal = li_explain,
	.passes = li_passes, .narrate = li_narrate,
	.match_game_end = li_match_end,
	.flat_key = sizeof(struct tbl_state),
};

TABLERO_PLUGIN(game)
