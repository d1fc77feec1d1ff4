/*
 * selfplay.h - a log of MCTS self-play, for the unit tests of the search
 * (test_ai.c, test_search.c), which compare such logs: included after
 * cmocka.h, ai/ai.h, core/game.h and core/session.h.
 */
#ifndef TABLERO_TEST_SELFPLAY_H
#define TABLERO_TEST_SELFPLAY_H

/*
 * A log of `n` decisions of self-play in session s's game through g (s's
 * plugin, or a copy of its hooks) between two MCTS players of spec (one a
 * seat, each told every move), chance drawn from the same generator:
 * each decision's move, playouts, cut playouts, kept playouts and
 * winrate (to 17 digits), then the last position's best three root moves
 * and their visits.
 */
static char *
selfplay_game_log(struct session *s, const struct tbl_game *g,
    const struct seat_spec *spec, int n, uint64_t seed)
{
	struct tbl_state *st = g->clone(s->start);
	struct ai_player *p[2] = { ai_player_new(spec), ai_player_new(spec) };
	struct sbuf out = { NULL, 0, 0 };
	struct ai_report rep;
	struct ai_line lines[3];
	struct rng r;
	tbl_move m, mv[256];
	double prob[256];
	char *t;
	int who, k, i;

	rng_seed(&r, seed);
	for (i = 0; i < n && (who = game_to_move(g, st)) != TBL_END; ) {
		if (who == TBL_CHANCE) {
			k = g->chance_outcomes(st, mv, prob, 256);
			assert_true(k > 0);
			m = mv[rng_pick(&r, prob, k)];
		} else {
			assert_int_equal(ai_player_choose(p[who], g, st, &r, &m,
			    &rep), 0);
			t = game_move_text(s->g, st, m);
			sbuf_printf(&out, "%s %ld %ld %ld %.17g\n", t,
			    rep.simulations, rep.evaluations, rep.reused,
			    rep.winrate);
			free(t);
			i++;
		}
		ai_player_observe(p[0], g, st, m);
		ai_player_observe(p[1], g, st, m);
		assert_int_equal(g->apply(st, m), 0);
	}
	who = game_to_move(g, st);
	if (who >= 0) {
		k = ai_player_rank(p[who], g, st, &r, lines, 3, &rep);
		for (i = 0; i < k; i++) {
			t = game_move_text(s->g, st, lines[i].move);
			sbuf_printf(&out, "%s:%ld ", t, lines[i].visits);
			free(t);
		}
	}
	ai_player_free(p[0]);
	ai_player_free(p[1]);
	g->destroy(st);
	return out.s;
}

#endif /* TABLERO_TEST_SELFPLAY_H */
