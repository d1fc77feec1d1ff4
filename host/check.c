/*
 * check.c - the conformance checker a plugin author runs on a .so.
 */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "interrupt.h"
#include "commands.h"
#include "movebuf.h"
#include "rng.h"
#include "session.h"
#include "subcmd.h"
#include "util.h"

#define MAX_REPORTS 10

struct checker {
	const struct tbl_game *g;
	struct sbuf moves;	/* the moves of the current game, as text */
	uint64_t seed;
	int game;
	long failures;
	char *opts;		/* the key=value options, for reproducers */
	char *pdir;		/* -P DIR for a plugin named by its file */
};

static void
failure(struct checker *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
failure(struct checker *c, const char *fmt, ...)
{
	va_list ap;

	c->failures++;
	if (c->failures > MAX_REPORTS)
		return;
	printf("FAIL game %d: ", c->game);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n  reproduce: tablero%s%s -s %" PRIu64 " -c 'set chance=manual; "
	    "new %s%s%s; %s'\n", c->pdir ? " -P " : "", c->pdir ? c->pdir : "",
	    c->seed, c->g->name, *c->opts ? " " : "", c->opts,
	    c->moves.len ? sbuf_str(&c->moves) : "position");
}

static char *
pos_of(const struct tbl_game *g, const struct tbl_state *s)
{
	return text_of(g->get_position, s);
}

/* Declared options: every default is a valid value of its option. */
static int
check_options(const struct tbl_game *g)
{
	char err[TBL_ERRLEN];
	int i, bad = 0;

	for (i = 0; i < g->noptions; i++) {
		const struct tbl_option *o = &g->options[i];
		struct tbl_optval v;

		if (o->doc == NULL || o->doc[0] == '\0') {
			printf("FAIL option '%s' has no one-line doc\n", o->key);
			bad++;
		}
		if (o->def != NULL && opt_parse(o, o->def, &v, err, sizeof err) != 0) {
			printf("FAIL option '%s': its default is invalid: %s\n", o->key, err);
			bad++;
		}
	}
	return bad;
}

/* get -> set -> get on a clone gives the same string. */
static void
check_roundtrip(struct checker *c, const struct tbl_state *st)
{
	const struct tbl_game *g = c->g;
	struct tbl_state *t = g->clone(st);
	char *p1 = pos_of(g, st), *p2, err[TBL_ERRLEN] = "";

	if (g->set_position(t, p1, err, sizeof err) != 0) {
		failure(c, "set_position refuses its own position string '%s': %s",
		    p1, err);
	} else {
		p2 = pos_of(g, t);
		if (strcmp(p1, p2) != 0)
			failure(c, "position string does not round-trip: '%s' "
			    "reads back as '%s'", p1, p2);
		else if (g->to_move(t) != g->to_move(st))
			failure(c, "after set_position('%s') the side to move "
			    "differs (%d, not %d)", p1, g->to_move(t), g->to_move(st));
		free(p2);
	}
	free(p1);
	g->destroy(t);
}

/* Every legal move's text parses back to the same move, wholly. */
static void
check_notation(struct checker *c, const struct tbl_state *st,
    const tbl_move *mv, int n)
{
	const struct tbl_game *g = c->g;
	int i;

	for (i = 0; i < n; i++) {
		char buf[256], err[TBL_ERRLEN] = "";
		tbl_move back;
		size_t used = 0;
		int len = g->format_move(st, mv[i], buf, sizeof buf);

		if (len <= 0 || (size_t)len >= sizeof buf) {
			failure(c, "format_move gives no usable text for move %u",
			    (unsigned)mv[i]);
			return;
		}
		if (g->parse_move(st, buf, &back, &used, err, sizeof err) != 0) {
			failure(c, "move text '%s' does not parse: %s", buf, err);
			return;
		}
		if (back != mv[i] || used != (size_t)len) {
			failure(c, "move text '%s' parses as move %u using %zu bytes "
			    "(expected %u, %d bytes)", buf, (unsigned)back, used,
			    (unsigned)mv[i], len);
			return;
		}
	}
}

/* A move that is not legal is refused and changes nothing. */
static void
check_illegal(struct checker *c, const struct tbl_state *st,
    const tbl_move *mv, int n)
{
	const struct tbl_game *g = c->g;
	struct tbl_state *t;
	tbl_move bad = 0;
	char *p1, *p2;
	int i, found;

	/* The smallest value not among the legal moves (they are sorted). */
	for (i = 0; i < n && mv[i] == bad; i++)
		bad++;
	do {
		found = 0;
		for (i = 0; i < n; i++)
			if (mv[i] == bad) {
				found = 1;
				bad++;
			}
	} while (found);
	t = g->clone(st);
	p1 = pos_of(g, t);
	if (g->apply(t, bad) == 0) {
		failure(c, "apply accepts move %u, which legal_moves does not list",
		    (unsigned)bad);
	} else {
		p2 = pos_of(g, t);
		if (strcmp(p1, p2) != 0)
			failure(c, "a refused move %u changed the position from '%s' "
			    "to '%s'", (unsigned)bad, p1, p2);
		free(p2);
	}
	free(p1);
	g->destroy(t);
}

static void
check_order(struct checker *c, const tbl_move *mv, int n, const char *what)
{
	int i;

	for (i = 1; i < n; i++)
		if (mv[i] <= mv[i - 1]) {
			failure(c, "%s are not in strictly ascending order (%u after %u)",
			    what, (unsigned)mv[i], (unsigned)mv[i - 1]);
			return;
		}
}

/* Play one random game, checking every position on the way. */
static void
check_game(struct checker *c, const struct tbl_state *start, long cap)
{
	const struct tbl_game *g = c->g;
	struct tbl_state *st = g->clone(start);
	struct rng rng;
	int np = g->players(start);
	struct movebuf mb;
	tbl_move *mv;
	double *prob;
	double *res = xcalloc((size_t)np + 1, sizeof *res);
	long len = 0, f0 = c->failures;

	movebuf_init(&mb);
	rng_seed(&rng, c->seed);
	sbuf_reset(&c->moves);
	for (;;) {
		int who = g->to_move(st), n, k, i;
		char *text;
		struct tbl_state *cl;
		char *before, *after;

		check_roundtrip(c, st);
		if (who == TBL_END) {
			if (g->result(st, res) != 0)
				failure(c, "the game is over but result() fails");
			else
				for (i = 0; i < np; i++)
					if (!(res[i] >= 0 && res[i] <= 1)) {
						failure(c, "result for player %d is %g, "
						    "outside [0, 1]", i, res[i]);
						break;
					}
			if (g->legal_moves(st, mb.m, mb.cap) != 0)
				failure(c, "legal moves listed after the end");
			break;
		}
		if (g->result(st, res) == 0) {
			failure(c, "result() answers before the end of the game");
			break;
		}
		if (who != TBL_CHANCE && (who < 0 || who >= np)) {
			failure(c, "to_move() is %d, not a player, chance or end", who);
			break;
		}
		if (len >= cap) {
			failure(c, "the game did not end within %ld moves", cap);
			break;
		}
		n = movebuf_fill(&mb, g, st, who);
		mv = mb.m;
		prob = mb.prob;
		if (n <= 0) {
			failure(c, "%s to move but no %s", who == TBL_CHANCE ?
			    "chance is" : "a player is", who == TBL_CHANCE ?
			    "outcomes" : "legal moves");
			break;
		}
		if (who == TBL_CHANCE) {
			double sum = 0;
			for (i = 0; i < n; i++) {
				if (!(prob[i] > 0 && prob[i] <= 1))
					failure(c, "chance outcome %d has probability %g",
					    i, prob[i]);
				sum += prob[i];
			}
			if (fabs(sum - 1) > 1e-9)
				failure(c, "chance probabilities sum to %.12g, not 1", sum);
			if (g->legal_moves(st, mv, 0) != 0)
				failure(c, "legal_moves lists moves at a chance point");
			k = rng_pick(&rng, prob, n);
		} else {
			check_order(c, mv, n, "legal moves");
			check_notation(c, st, mv, n);
			k = (int)rng_below(&rng, (uint32_t)n);
		}
		check_illegal(c, st, mv, n);
		if (c->failures > f0)
			break;
		/* The clone is independent: playing on it leaves st alone. */
		before = pos_of(g, st);
		cl = g->clone(st);
		if (g->apply(cl, mv[k]) != 0) {
			failure(c, "apply refuses a listed %s %u",
			    who == TBL_CHANCE ? "outcome" : "legal move", (unsigned)mv[k]);
			g->destroy(cl);
			free(before);
			break;
		}
		after = pos_of(g, st);
		if (strcmp(before, after) != 0)
			failure(c, "playing on a clone changed the original");
		free(after);
		text = session_move_text(&(struct session){ .g = g }, st, mv[k]);
		g->copy(st, cl);
		g->destroy(cl);
		free(before);
		sbuf_printf(&c->moves, "%s%s", c->moves.len ? "; " : "", text);
		free(text);
		len++;
		if (c->failures > f0)
			break;
	}
	g->destroy(st);
	movebuf_free(&mb);
	free(res);
}

int
check_main(struct app *a, int argc, char **argv)
{
	struct checker c;
	struct plugin *p = NULL;
	struct session *s;
	char err[1024];
	long games = 100, cap = 100000, i;
	uint64_t seed = a->seed_given ? a->seed : 1;
	int bad, rc;
	const struct flag flags[] = {
		{ "--games", FLAG_COUNT, &games },
		{ "--cap", FLAG_COUNT, &cap },
		{ "--seed", FLAG_SEED, &seed },
		{ NULL, FLAG_SWITCH, NULL }
	};
	struct subcmd sc = { "check", flags, NULL, { NULL }, 0 };
	const char *target;

	if ((rc = subcmd_parse(&sc, argc, argv)) >= 0)
		return rc;
	target = sc.target;
	if (strchr(target, '/') || strstr(target, ".so")) {
		p = pluginset_add_file(&a->plugins, target, err, sizeof err);
		if (p == NULL) {
			printf("FAIL loading: %s\n", err);
			printf("check %s: refused by the loader\n", target);
			return 1;
		}
	} else if ((p = subcmd_game(a, &sc)) == NULL)
		return 2;
	printf("check %s (%s): ABI %u.%u, host ABI %d.%d\n", p->game.name, p->path,
	    p->abi_major, p->abi_minor, TABLERO_ABI_MAJOR, TABLERO_ABI_MINOR);
	bad = check_options(&p->game);
	/* The declared defaults, not the user's configuration. */
	s = subcmd_session(a, &sc, p, NULL, seed);
	if (s == NULL) {
		printf("FAIL create: the game refuses these options\n");
		return 1;
	}
	memset(&c, 0, sizeof c);
	c.g = &p->game;
	if (strchr(target, '/')) {
		c.pdir = xstrdup(p->path);
		*strrchr(c.pdir, '/') = '\0';
	}
	c.opts = optset_describe(&s->opts, &p->game, 1);
	for (i = 0; i < games && !interrupt_pending(); i++) {
		c.game = (int)i + 1;
		c.seed = seed + (uint64_t)i;
		check_game(&c, s->start, cap);
	}
	if (c.failures > MAX_REPORTS)
		printf("(%ld more failures not shown)\n", c.failures - MAX_REPORTS);
	if (i < games)
		printf("interrupted after %ld of %ld games\n", i, games);
	games = i;
	printf("check %s: %ld games, %ld failure%s\n", p->game.name, games,
	    c.failures + bad, c.failures + bad == 1 ? "" : "s");
	sbuf_free(&c.moves);
	free(c.opts);
	free(c.pdir);
	session_free(s);
	return c.failures + bad ? 1 : 0;
}
