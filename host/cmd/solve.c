/*
 * solve.c - `tablero solve`: the exact value of a game's start (or of a
 * given position) with perfect play, by retrograde analysis over every
 * reachable position (ai/solve.c), and the value of each first move.
 *
 * The game is solved under its declared defaults and the command line's
 * key=value words, as perft counts it, with the limits its position keys
 * leave out switched off (the plugin's `unlimited` settings; the header
 * line shows them).  Play that never ends is a draw.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai/solve.h"
#include "ai/solve_bound.h"
#include "ai/solve_setup.h"
#include "base/interrupt.h"
#include "base/util.h"
#include "cmd/solve.h"
#include "cmd/solve_dense.h"
#include "cmd/subcmd.h"
#include "core/game.h"
#include "core/host.h"
#include "core/loader.h"
#include "core/session.h"
#include "core/settings.h"
#include "run/jsonl.h"

/* The progress line on a terminal, on stderr. */
static void
progress(void *arg, enum solve_phase ph, uint64_t done, uint64_t total)
{
	char line[160];

	(void)arg;
	solve_progress_text(ph, done, total, line, sizeof line);
	fprintf(stderr, "\r%s\033[K", line);
	fflush(stderr);
}

/* The session to solve: options, limits off, the position.  NULL: failed. */
static struct session *
solve_session(struct host *host, const struct subcmd *c, struct plugin *p,
    const char *pos)
{
	struct optset os;
	struct session *s = NULL;
	char err[1024];

	(void)host;
	optset_init(&os, &p->game, NULL);
	if (optset_assign_words(&os, &p->game, c->kv, c->nkv, err,
	    sizeof err) == 0 &&
	    solve_unlimit(&p->game, &os, 0, NULL, err, sizeof err) == 0)
		s = session_new(p, &os, 1, err, sizeof err);
	optset_free(&os);
	if (s != NULL && pos != NULL &&
	    session_setup(s, pos, err, sizeof err) != 0) {
		session_free(s);
		fprintf(stderr, "tablero: solve: --position: %s\n", err);
		return NULL;
	}
	if (s == NULL)
		fprintf(stderr, "tablero: solve: %s\n", err);
	return s;
}

/* The figures a report gives. */
struct report {
	const char *game, *side;
	char *desc, *pos;
	int winner, mover;
	unsigned plies;
	const struct solve_stats *st;
	struct solve_move *mv;
	int nmv;
	const char *const *names;	/* the players' names */
};

static const char *
value_word(const struct report *r)
{
	if (r->mover < 0)	/* the game is over: its result */
		return r->winner < 0 ? "draw" : "win";
	return solve_value_word(r->winner, r->mover);
}

static void
print_text(const struct report *r)
{
	const struct solve_stats *st = r->st;
	uint64_t drawn = st->positions - st->won[0] - st->won[1];
	double rate = st->cpu > 0 ? (double)st->positions / st->cpu : 0;
	char mem[32];
	int i;

	format_bytes(st->peak, mem, sizeof mem);
	printf("solve %s%s%s\n", r->game, *r->desc ? " " : "", r->desc);
	if (r->pos != NULL)
		printf("position: %s\n", r->pos);
	if (r->mover < 0 && r->winner < 0)
		printf("value: draw (the game is over)\n");
	else if (r->mover < 0)
		printf("value: win for %s (the game is over)\n", r->side);
	else if (r->winner < 0)	/* nobody's draw: say who moves */
		printf("value: draw (%s to move)\n", r->side);
	else
		printf("value: %s for %s\n", value_word(r), r->side);
	if (r->winner >= 0)
		printf("plies: %u to the end with best play\n", r->plies);
	printf("positions: %llu (%llu ends); %s wins %llu, %s wins %llu, "
	    "%llu drawn\n", (unsigned long long)st->positions,
	    (unsigned long long)st->ends, r->names[0],
	    (unsigned long long)st->won[0], r->names[1],
	    (unsigned long long)st->won[1], (unsigned long long)drawn);
	printf("moves: %llu; keys of %zu bytes\n",
	    (unsigned long long)st->edges, st->key_bytes);
	printf("time: %.2f s (%.2f s of processor), %.0f positions/s\n",
	    st->seconds, st->cpu, rate);
	printf("memory: %s at most, %.1f bytes/position\n", mem,
	    (double)st->peak / (double)st->positions);
	for (i = 0; i < r->nmv; i++) {
		printf("  %s %s", r->mv[i].text,
		    solve_value_word(r->mv[i].winner, r->mover));
		if (r->mv[i].winner >= 0)
			printf(" (%u plies)", r->mv[i].plies);
		printf("\n");
	}
}

static void
print_json(const struct report *r)
{
	const struct solve_stats *st = r->st;
	struct sbuf b = { 0 };
	int i;

	sbuf_puts(&b, "{\"game\":");
	json_string(&b, r->game);
	sbuf_puts(&b, ",\"options\":");
	json_string(&b, r->desc);
	if (r->pos != NULL) {
		sbuf_puts(&b, ",\"position\":");
		json_string(&b, r->pos);
	}
	sbuf_puts(&b, ",\"value\":");
	json_string(&b, value_word(r));
	sbuf_puts(&b, ",\"side\":");
	json_string(&b, r->side);
	if (r->winner >= 0)
		sbuf_printf(&b, ",\"plies\":%u", r->plies);
	sbuf_printf(&b, ",\"positions\":%llu,\"ends\":%llu,\"edges\":%llu,"
	    "\"won\":[%llu,%llu],\"key_bytes\":%zu,\"seconds\":",
	    (unsigned long long)st->positions, (unsigned long long)st->ends,
	    (unsigned long long)st->edges, (unsigned long long)st->won[0],
	    (unsigned long long)st->won[1], st->key_bytes);
	json_number(&b, st->seconds);
	sbuf_puts(&b, ",\"cpu_seconds\":");
	json_number(&b, st->cpu);
	sbuf_printf(&b, ",\"memory_bytes\":%zu,\"moves\":[", st->peak);
	for (i = 0; i < r->nmv; i++) {
		sbuf_puts(&b, i ? ",{\"move\":" : "{\"move\":");
		json_string(&b, r->mv[i].text);
		sbuf_puts(&b, ",\"value\":");
		json_string(&b, solve_value_word(r->mv[i].winner, r->mover));
		if (r->mv[i].winner >= 0)
			sbuf_printf(&b, ",\"plies\":%u", r->mv[i].plies);
		sbuf_puts(&b, "}");
	}
	sbuf_puts(&b, "]}\n");
	fputs(b.s, stdout);
	sbuf_free(&b);
}

/* Solve s's position within cap and print it.  An exit status. */
static int
solve_and_report(struct session *s, const char *desc, int posgiven,
    size_t cap, int json)
{
	const struct tbl_game *g = s->g;
	struct solver *sv;
	struct report r;
	const char *names[2];
	char err[1024];
	int rc;

	if ((sv = solver_new(g, s->cur, cap, err, sizeof err)) == NULL) {
		fprintf(stderr, "tablero: solve: %s\n", err);
		return 2;
	}
	if (solve_too_many(g, s->cur, sv, cap, err, sizeof err)) {
		fprintf(stderr, "tablero: solve: %s\n", err);
		solver_free(sv);
		return 1;
	}
	rc = solver_run(sv, !json && isatty(2) ? progress : NULL, NULL, err,
	    sizeof err);
	if (!json && isatty(2))
		fprintf(stderr, "\r\033[K");
	if (rc != 0) {
		if (rc == 1) {
			solve_how_far(solver_stats(sv), err, sizeof err);
			fprintf(stderr, "tablero: solve: interrupted with %s; "
			    "nothing is solved\n", err);
		} else
			fprintf(stderr, "tablero: solve: %s\n", err);
		solver_free(sv);
		return rc == 1 ? interrupt_exit_status() : 1;
	}
	memset(&r, 0, sizeof r);
	r.game = g->name;
	r.desc = (char *)desc;
	r.pos = posgiven ? session_position(s) : NULL;
	r.mover = game_to_move(g, s->cur);
	names[0] = game_player_name(g, s->cur, 0);
	names[1] = game_player_name(g, s->cur, 1);
	r.names = names;
	solver_lookup(sv, s->cur, &r.winner, &r.plies);
	r.side = r.mover >= 0 ? names[r.mover] : r.winner >= 0 ?
	    names[r.winner] : "";
	r.st = solver_stats(sv);
	if (r.mover >= 0)
		r.nmv = solve_move_values(sv, g, s->cur, &r.mv);
	if (json)
		print_json(&r);
	else
		print_text(&r);
	solve_moves_free(r.mv, r.nmv);
	free(r.pos);
	solver_free(sv);
	return 0;
}

const struct subcmd_entry subcmd_solve = {
	.name = "solve",
	.usage = "GAME [key=value ...]",
	.flags = "[--position POS] [--json] [--memory SIZE] [--method "
	    "dense|hash] [--threads N] [--levels N] [--db DIR]",
	.run = solve_main,
	.page = "tablero-solve(1)"
};

int
solve_main(struct host *host, int argc, char **argv)
{
	const char *pos = NULL, *memarg = NULL, *method = NULL;
	struct solve_dense_args da = { NULL, 0, 0, 0, 0, -1, NULL, NULL };
	long threads = 0;
	int json = 0;
	const struct flag flags[] = {
		{ "--position", FLAG_TEXT, &pos, "POS",
		    "solve from position POS (as the REPL's position "
		    "prints it), not the start" },
		{ "--json", FLAG_SWITCH, &json, NULL,
		    "print the result as one JSON object" },
		{ "--memory", FLAG_TEXT, &memarg, "SIZE",
		    "hold the tables within SIZE, a whole number and a "
		    "unit: 512M, 8G (default: half the memory)" },
		{ "--method", FLAG_TEXT, &method, "dense|hash",
		    "the solver: dense by levels of men, where the game "
		    "numbers its positions (the default there), or hash" },
		{ "--threads", FLAG_COUNT, &threads, "N",
		    "solve each level on N threads (dense; default: one "
		    "a processor)" },
		{ "--levels", FLAG_COUNT, &da.levels, "N",
		    "solve the levels 0 to N only (dense): with --db, an "
		    "endgame database" },
		{ "--db", FLAG_TEXT, &da.db, "DIR",
		    "read the levels DIR holds, and write there each level "
		    "solved (dense)" },
		{ NULL, FLAG_SWITCH, NULL, NULL, NULL }
	};
	struct subcmd c = { &subcmd_solve, flags, NULL, { NULL }, 0 };
	struct plugin *p;
	struct session *s;
	size_t cap = solve_default_cap();
	char err[256], *desc;
	int rc;

	if ((rc = subcmd_parse(&c, argc, argv)) >= 0)
		return rc;
	if (memarg != NULL && solve_parse_bytes(memarg, &cap) != 0) {
		fprintf(stderr, "tablero: solve: --memory wants a whole number "
		    "and a unit, such as 512M or 8G, not '%s'\n", memarg);
		return 2;
	}
	if (solve_check_cap(cap, err, sizeof err) != 0) {
		fprintf(stderr, "tablero: solve: --memory: %s\n", err);
		return 2;
	}
	if (solve_method_check(method, &da, threads) != 0)
		return 2;
	if ((p = subcmd_game(host, &c)) == NULL ||
	    (s = solve_session(host, &c, p, pos)) == NULL)
		return 2;
	desc = optset_describe(&s->opts, &p->game, 1);
	if (method != NULL ? strcmp(method, "dense") == 0 :
	    solve_dense_fits(&p->game, s->cur)) {
		da.desc = desc;
		da.posgiven = pos != NULL;
		da.cap = cap;
		da.json = json;
		da.procs = host->procs;
		da.threads = threads > 0 ? (int)threads : solve_dense_cores();
		rc = solve_dense(s, &da);
	} else
		rc = solve_and_report(s, desc, pos != NULL, cap, json);
	free(desc);
	session_free(s);
	return rc;
}
