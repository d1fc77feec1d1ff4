/*
 * match.c - self-play matches, optionally spread over worker processes.
 *
 * Game i is played with seed (seed + i) whatever process plays it, and
 * the results are summed in game order, so `--jobs J` changes only the
 * time a match takes.
 */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ai.h"
#include "commands.h"
#include "match.h"
#include "movebuf.h"
#include "session.h"
#include "subcmd.h"
#include "util.h"

#define GAME_CAP 1000000L	/* moves; a longer game counts as a draw */

/* Play game number i; write each seat's outcome to out. */
static void
play_game(struct session *s, const struct ai_spec *seats, uint64_t seed,
    double *out)
{
	const struct tbl_game *g = s->g;
	struct tbl_state *st = g->clone(s->start);
	int np = g->players(st), who, i;
	struct movebuf mb;
	tbl_move m;
	struct rng rng;
	long len = 0;

	movebuf_init(&mb);
	rng_seed(&rng, seed);
	while ((who = g->to_move(st)) != TBL_END && len < GAME_CAP) {
		if (who == TBL_CHANCE) {
			int n = movebuf_fill(&mb, g, st, who);
			if (n <= 0)
				break;
			m = mb.m[rng_pick(&rng, mb.prob, n)];
		} else {
			struct ai_spec r = { AI_RANDOM, 0, 0 };
			const struct ai_spec *sp = seats[who].kind == AI_HUMAN ?
			    &r : &seats[who];
			if (ai_choose(g, st, sp, &rng, &m, NULL) != 0)
				break;
		}
		g->apply(st, m);
		len++;
	}
	if (g->to_move(st) != TBL_END || g->result(st, out) != 0)
		for (i = 0; i < np; i++)
			out[i] = 1.0 / np;
	g->destroy(st);
	movebuf_free(&mb);
}

int
match_main(struct app *a, int argc, char **argv)
{
	struct ai_spec seats[MAX_SEATS];
	struct session *s;
	struct plugin *p;
	const char *players = NULL;
	char err[1024], *copy, *tok, *save = NULL, *desc;
	long games = 100, jobs = 1, i, j;
	uint64_t seed = a->seed_given ? a->seed : 1;
	double *res;
	size_t nres, bytes;
	int np, nseats = 0, k, rc;
	FILE **tmp;
	const struct flag flags[] = {
		{ "--players", FLAG_TEXT, &players },
		{ "--games", FLAG_COUNT, &games },
		{ "--jobs", FLAG_COUNT, &jobs },
		{ "--seed", FLAG_SEED, &seed },
		{ NULL, FLAG_SWITCH, NULL }
	};
	struct subcmd c = { "match", flags, NULL, { NULL }, 0 };

	if ((rc = subcmd_parse(&c, argc, argv)) >= 0)
		return rc;
	if (players == NULL) {
		fprintf(stderr, "tablero: match: --players is required (each: "
		    "random, mcts, mcts:PLAYOUTS or mcts:MSms)\n");
		subcmd_usage(&c, stderr);
		return 2;
	}
	if (jobs > 256)
		jobs = 256;
	memset(seats, 0, sizeof seats);
	copy = xstrdup(players);
	for (tok = strtok_r(copy, ",", &save); tok;
	    tok = strtok_r(NULL, ",", &save)) {
		if (nseats == MAX_SEATS ||
		    ai_parse(strtrim(tok), &seats[nseats], err, sizeof err) != 0 ||
		    seats[nseats].kind == AI_HUMAN) {
			fprintf(stderr, "tablero: match: %s\n", nseats == MAX_SEATS ?
			    "too many players" : seats[nseats].kind == AI_HUMAN ?
			    "a match is played by computer players, not 'human'" : err);
			free(copy);
			return 2;
		}
		nseats++;
	}
	free(copy);
	if ((p = subcmd_game(a, &c)) == NULL ||
	    (s = subcmd_session(a, &c, p, &a->cfg, seed)) == NULL)
		return 2;
	np = p->game.players(s->start);
	if (nseats != np) {
		fprintf(stderr, "tablero: match: %s has %d players; --players "
		    "names %d\n", p->game.name, np, nseats);
		session_free(s);
		return 2;
	}
	/* Overflow-checked: games and players come from the user and the
	 * plugin. */
	if (np <= 0 || size_mul((size_t)games, (size_t)np, &nres) != 0 ||
	    size_mul(nres, sizeof *res, &bytes) != 0 ||
	    (res = calloc(nres, sizeof *res)) == NULL) {
		fprintf(stderr, "tablero: match: cannot hold the results of %ld "
		    "games of %d players in memory\n", games, np);
		session_free(s);
		return 2;
	}
	if (jobs > games)
		jobs = games;
	fflush(stdout);
	tmp = xcalloc((size_t)jobs, sizeof *tmp);
	for (j = 0; j < jobs; j++) {
		pid_t pid;
		tmp[j] = tmpfile();
		if (tmp[j] == NULL) {
			perror("tablero: match: tmpfile");
			return 2;
		}
		if (jobs == 1) {
			for (i = 0; i < games; i++)
				play_game(s, seats, seed + (uint64_t)i, res + i * np);
			break;
		}
		pid = fork();
		if (pid < 0) {
			perror("tablero: match: fork");
			return 2;
		}
		if (pid == 0) {
			/* Worker j plays games j, j + J, j + 2J, ... */
			for (i = j; i < games; i += jobs) {
				play_game(s, seats, seed + (uint64_t)i, res + i * np);
				for (k = 0; k < np; k++)
					fprintf(tmp[j], "%ld %d %.17g\n", i, k, res[i * np + k]);
			}
			fflush(tmp[j]);
			_exit(ferror(tmp[j]) ? 1 : 0);
		}
	}
	if (jobs > 1) {
		int status, failed = 0;
		while (wait(&status) > 0)
			if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
				failed = 1;
		for (j = 0; j < jobs; j++) {
			long gi;
			double v;
			rewind(tmp[j]);
			while (fscanf(tmp[j], "%ld %d %lg", &gi, &k, &v) == 3)
				if (gi >= 0 && gi < games && k >= 0 && k < np)
					res[gi * np + k] = v;
		}
		if (failed) {
			fprintf(stderr, "tablero: match: a worker failed\n");
			return 2;
		}
	}
	for (j = 0; j < jobs; j++)
		if (tmp[j])
			fclose(tmp[j]);
	free(tmp);

	desc = optset_describe(&s->opts, &p->game, 1);
	printf("match %s%s%s: %ld games, seed %" PRIu64 "\n", p->game.name,
	    *desc ? " " : "", desc, games, seed);
	for (k = 0; k < np; k++) {
		double sum = 0, sq = 0, mean, sd, half;
		long w = 0, d = 0, l = 0;
		char spec[64];
		for (i = 0; i < games; i++) {
			double v = res[i * np + k];
			sum += v;
			sq += v * v;
			if (v >= 1)
				w++;
			else if (v <= 0)
				l++;
			else
				d++;
		}
		mean = sum / (double)games;
		sd = games > 1 ? sqrt(fmax(0, (sq - sum * mean) / (double)(games - 1))) : 0;
		half = 1.96 * sd / sqrt((double)games);
		ai_format(&seats[k], spec, sizeof spec);
		printf("seat %d %s %s: %ld wins, %ld draws, %ld losses; "
		    "score %.3f +- %.3f (95%%)\n", k + 1,
		    p->game.player_name(s->start, k), spec, w, d, l, mean, half);
	}
	free(desc);
	free(res);
	session_free(s);
	return 0;
}
