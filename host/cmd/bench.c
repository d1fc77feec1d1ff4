/*
 * bench.c - random playouts per second, the measure every plugin is
 * judged by.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/game_play.h"
#include "ai/ai.h"
#include "base/interrupt.h"
#include "cmd/bench.h"
#include "core/host.h"
#include "base/movebuf.h"
#include "base/rng.h"
#include "core/session.h"
#include "cmd/runflags.h"
#include "cmd/subcmd.h"
#include "base/util.h"

/*
 * One random game from st (changed in place; in clone mode, what a tree
 * search pays, each move is applied to a fresh copy, which *stp becomes).
 * Returns its moves; *cut is 0, or 1 when it was cut at `cap` moves, 2
 * when the plugin gave nothing to play to whoever was to move.  The common move (a
 * player's, the moves fitting the buffer) costs one legal_moves(), one
 * draw and one apply() (or, game_random_playout(), the plugin's own
 * playout() or play_random() where it has them); the
 * buffer's address and size are kept in locals (read again only after the
 * buffer grew), so that they need not be reloaded after each call into
 * the plugin.
 */
static long
playout(const struct tbl_game *g, struct tbl_state **stp, struct movebuf *mb,
    struct rng *rng, long cap, int clone_mode, int *cut)
{
	struct tbl_state *st = *stp;
	struct rng lr = *rng;	/* in registers: its address is not taken */
	tbl_move *moves = mb->m;
	int room = mb->cap;
	long len = 0;
	int who;

	if (game_plays_random(g) && !clone_mode)
		return game_random_playout(g, st, mb, rng, cap, cut);
	*cut = 0;
	while ((who = game_to_move(g, st)) != TBL_END) {
		int n = 0, k;

		if (len >= cap) {
			*cut = 1;
			break;
		}
		if (who >= 0)
			n = g->legal_moves(st, moves, room);
		if (n <= 0 || n > room) {
			/* A chance point, a buffer to grow, or no move. */
			n = movebuf_fill(mb, g, st, who);
			moves = mb->m;
			room = mb->cap;
			if (n <= 0) {
				*cut = game_no_move(g, who);
				break;
			}
		}
		if (who == TBL_CHANCE) {
			*rng = lr;
			k = rng_pick(rng, mb->prob, n);
			lr = *rng;
		} else
			k = (int)rng_below(&lr, (uint32_t)n);
		if (clone_mode) {
			struct tbl_state *c = g->clone(st);

			g->apply(c, moves[k]);
			g->destroy(st);
			st = c;
		} else
			g->apply(st, moves[k]);
		len++;
	}
	*rng = lr;
	*stp = st;
	return len;
}

/*
 * Play random games from s's start position until `seconds` pass or
 * `limit` playouts are done (limit 0: no limit).  The clock is read
 * once a thousand moves or so (a game counted as 16 moves more, so that
 * games of no move read it too), not after every game: a short game is
 * some tens of moves, and a read costs a move or two.
 */
static void
run_playouts(struct session *s, uint64_t seed, double seconds, long limit,
    long cap, int clone_mode, struct bench_result *r)
{
	const struct tbl_game *g = s->g;
	struct tbl_state *st = g->clone(s->start);
	struct rng rng;
	struct movebuf mb;
	double t0 = now_seconds(), t = t0;
	long long read = 0;	/* moves + 16 a game when the clock was read */
	int cut;

	movebuf_init(&mb);
	rng_seed(&rng, seed);
	memset(r, 0, sizeof *r);
	while (((limit == 0 && t - t0 < seconds) || (limit > 0 && r->playouts < limit)) &&
	    !interrupt_pending()) {
		g->copy(st, s->start);
		r->moves += playout(g, &st, &mb, &rng, cap, clone_mode, &cut);
		r->cut += cut == 1;
		r->broken += cut == 2;
		r->limit += !cut && game_end_kind(g, st) == TBL_END_LIMIT;
		r->playouts++;
		if (limit == 0 && r->moves + 16 * r->playouts - read >= 1000) {
			t = now_seconds();
			read = r->moves + 16 * r->playouts;
		}
	}
	r->seconds = now_seconds() - t0;
	g->destroy(st);
	movebuf_free(&mb);
}

/*
 * MCTS searches from the positions of one game after another (each move
 * chosen by the search), until `seconds` pass or, with a `limit`, until
 * that many simulations are done (the search that reaches it finishes).
 */
static void
run_searches(struct session *s, const struct seat_spec *spec, uint64_t seed,
    double seconds, long limit)
{
	const struct tbl_game *g = s->g;
	struct tbl_state *st = g->clone(s->start);
	struct rng rng;
	struct ai_report rep;
	double t0 = now_seconds(), t = t0;
	long sims = 0, searches = 0;
	struct movebuf mb;
	tbl_move m;
	char name[64];

	movebuf_init(&mb);
	rng_seed(&rng, seed);
	while ((limit > 0 ? sims < limit : t - t0 < seconds) &&
	    !interrupt_pending()) {
		int who = game_to_move(g, st);
		if (who == TBL_END) {
			g->copy(st, s->start);
			continue;
		}
		if (who == TBL_CHANCE) {
			int n = movebuf_fill(&mb, g, st, who);
			if (n <= 0) {
				game_no_move(g, who);
				break;
			}
			g->apply(st, mb.m[rng_pick(&rng, mb.prob, n)]);
			continue;
		}
		if (ai_choose(g, st, spec, &rng, &m, &rep) != 0) {
			game_no_move(g, who);
			break;
		}
		sims += rep.simulations;
		searches++;
		g->apply(st, m);
		t = now_seconds();
	}
	seat_format(spec, name, sizeof name);
	printf("%s: %ld search%s, %ld simulations in %.2f s (%.0f "
	    "simulations/s)%s\n", name, searches, searches == 1 ? "" : "es",
	    sims, t - t0, t > t0 ? (double)sims / (t - t0) : 0.0,
	    interrupt_pending() ? " (interrupted)" : "");
	g->destroy(st);
	movebuf_free(&mb);
}

const struct subcmd_entry subcmd_bench = {
	.name = "bench",
	.usage = "GAME [key=value ...]",
	.flags = "[--seconds S] [--seed N] [--playouts N] [--clone] "
	    "[--ai PLAYER]",
	.run = bench_main,
	.page = "tablero-bench(1)"
};

int
bench_main(struct host *host, int argc, char **argv)
{
	struct bench_result r;
	struct runflags rf;
	struct session *s;
	struct plugin *p;
	struct seat_spec spec;
	char err[1024], *desc;
	double seconds = (double)config_host_int(&host->cfg, "bench_seconds");
	uint64_t seed;
	long limit = 0, cap = config_host_int(&host->cfg, "move_cap");
	const char *ai = NULL;
	int clone_mode = 0, rc;
	const struct flag own[] = {
		{ "--seconds", FLAG_SECONDS, &seconds, "S", "play for S "
		    "seconds (default: the bench_seconds setting)" },
		{ "--playouts", FLAG_COUNT, &limit, "N", "play N games" },
		{ "--clone", FLAG_SWITCH, &clone_mode, NULL, "play each move "
		    "on a fresh clone of the position, as a search does" },
		{ "--ai", FLAG_TEXT, &ai, "PLAYER", "play games of the "
		    "computer PLAYER (mcts:...): searches a second" },
		{ NULL, FLAG_SWITCH, NULL, NULL, NULL }
	};
	struct subcmd c = { &subcmd_bench, NULL, NULL, { NULL }, 0 };

	runflags_init(&rf, host, RF_SEED, own);
	c.flags = rf.table;
	if ((rc = subcmd_parse(&c, argc, argv)) >= 0)
		return rc;
	seed = rf.seed;
	if (ai != NULL && seat_parse(ai, &spec, err, sizeof err) != 0) {
		fprintf(stderr, "tablero: bench: --ai: %s\n", err);
		return 2;
	}
	if (ai != NULL && spec.kind != SEAT_MCTS) {
		/* Only a search has something to measure beyond playouts. */
		fprintf(stderr, "tablero: bench: --ai %s: only mcts players "
		    "search; %s\n", ai, spec.kind == SEAT_RANDOM ? "a random "
		    "player is what 'tablero bench GAME' measures without --ai" :
		    "name a computer player");
		return 2;
	}
	if ((p = subcmd_game(host, &c)) == NULL ||
	    (s = subcmd_session(host, &c, p, &host->cfg, seed)) == NULL)
		return 2;
	desc = optset_describe(&s->opts, &p->game, 1);
	if (ai != NULL) {
		printf("bench %s%s%s: seed %" PRIu64 "\n", p->game.name,
		    *desc ? " " : "", desc, seed);
		run_searches(s, &spec, seed, seconds, limit);
		free(desc);
		session_free(s);
		return interrupt_pending() ? interrupt_exit_status() : 0;
	}
	run_playouts(s, seed, seconds, limit, cap, clone_mode, &r);
	printf("bench %s%s%s: seed %" PRIu64 ", %.2f s%s%s\n", p->game.name,
	    *desc ? " " : "", desc, seed, r.seconds,
	    clone_mode ? ", clone+apply per move" : "",
	    interrupt_pending() ? " (interrupted)" : "");
	printf("playouts: %ld (%.1f/s)\n", r.playouts,
	    r.seconds > 0 ? (double)r.playouts / r.seconds : 0.0);
	printf("moves: %lld (%.0f/s)\n", r.moves,
	    r.seconds > 0 ? (double)r.moves / r.seconds : 0.0);
	printf("mean length: %.2f moves\n",
	    r.playouts ? (double)r.moves / (double)r.playouts : 0.0);
	printf("ended by the rules: %.2f%% (%ld at the game's own turn limit, "
	    "%ld cut at %ld moves", r.playouts ? 100.0 * (double)(r.playouts -
	    r.cut - r.broken - r.limit) / (double)r.playouts : 0.0, r.limit,
	    r.cut, cap);
	if (r.broken > 0)
		printf(", %ld stopped with nothing to play", r.broken);
	printf(")\n");
	free(desc);
	session_free(s);
	return interrupt_pending() ? interrupt_exit_status() : 0;
}
