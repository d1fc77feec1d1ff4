/*
 * game.c - the commands on the game in progress and its options: new,
 * options, set, seed, show, moves, play, position and setup.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "base/util.h"
#include "core/session.h"
#include "core/sessiontext.h"
#include "repl/handlers.h"

static const char *const type_names[] = { "bool", "int", "enum", "string" };

int
cmd_new(struct app *a, char *args, struct sbuf *out, char *err, size_t errlen)
{
	char *words[MAXWORDS];
	int n = split_words(args, words, MAXWORDS), first = 0;
	struct plugin *p;
	struct session *s;
	struct optset os;
	uint64_t seed = a->host->seed;

	if (n > 0 && strchr(words[0], '=') == NULL) {
		p = host_find_game(a->host, words[0], err, errlen);
		if (p == NULL)
			return -1;
		first = 1;
		optset_init(&os, &p->game, &a->host->cfg);
	} else if (a->sess != NULL) {
		/* The same game again, with its options as they stand. */
		p = a->sess->plugin;
		optset_copy(&os, session_next_opts(a->sess));
	} else {
		p = host_find_game(a->host, config_host(&a->host->cfg, "game"), err, errlen);
		if (p == NULL)
			return -1;
		optset_init(&os, &p->game, &a->host->cfg);
	}
	/*
	 * With no seed given the games of a session differ (a seed drawn
	 * from the last one); a seed given by -s, the configuration or
	 * `seed` replays the same chance in every game.
	 */
	if (a->host->seed_clock && a->sess != NULL)
		a->host->seed = app_next_seed(seed);
	s = app_make_session(a, p, &os, words + first, n - first, err, errlen);
	optset_free(&os);
	if (s == NULL) {
		a->host->seed = seed;
		return -1;
	}
	if (first && app_seats_from_config(a, s, err, errlen) != 0) {
		session_free(s);
		a->host->seed = seed;
		return -1;
	}
	app_install(a, s);
	sbuf_printf(out, "new game of %s\n", p->game.name);
	app_autoplay(a, out);
	app_status_line(a, out);
	return 0;
}

int
cmd_options(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	const struct tbl_game *g;
	int i, j;

	if (app_need_game(a, err, errlen))
		return -1;
	g = a->sess->g;
	if (g->noptions == 0)
		sbuf_printf(out, "%s has no options\n", g->name);
	for (i = 0; i < g->noptions; i++) {
		const struct tbl_option *o = &g->options[i];
		const char *v = a->sess->opts.text[i];
		const char *nv = session_next_opts(a->sess)->text[i];
		char eff[256];

		/* The value in effect: the user's, else what the game chose. */
		eff[0] = '\0';
		if (v == NULL)
			game_option_value(g, a->sess->cur, i, eff, sizeof eff);
		if (v)
			sbuf_printf(out, "%s = %s", o->key, v);
		else if (eff[0])
			sbuf_printf(out, "%s = %s (game's choice)", o->key, eff);
		else
			sbuf_printf(out, "%s = (game's choice)", o->key);
		/* A `set` during play waits for the next game: shown apart. */
		if ((nv == NULL) != (v == NULL) || (nv && strcmp(nv, v) != 0))
			sbuf_printf(out, ", next game: %s", nv ? nv :
			    "(game's choice)");
		sbuf_printf(out, "  [%s", type_names[o->type]);
		if (o->type == TBL_OPT_INT)
			sbuf_printf(out, " %ld..%ld", o->min, o->max);
		if (o->type == TBL_OPT_ENUM) {
			sbuf_puts(out, ": ");
			for (j = 0; o->choices[j]; j++)
				sbuf_printf(out, "%s%s", j ? "|" : "", o->choices[j]);
		}
		sbuf_printf(out, "; default %s]\n", o->def ? o->def : "by the game");
		if (o->doc)
			sbuf_printf(out, "    %s\n", o->doc);
	}
	return 0;
}

/* `set chance=auto|manual`: manual 0 or 1 (-1: not given). */
static void
set_chance(struct app *a, int manual, struct sbuf *out)
{
	if (manual < 0)
		return;
	a->chance_manual = manual;
	sbuf_printf(out, "chance is %s\n", manual ? "manual" : "auto");
}

int
cmd_set(struct app *a, char *args, struct sbuf *out, char *err, size_t errlen)
{
	char *words[MAXWORDS], e[TBL_ERRLEN];
	int n = split_words(args, words, MAXWORDS), i, fresh, manual = -1;
	struct optset os;
	struct session *s;

	if (app_need_game(a, err, errlen))
		return -1;
	/*
	 * The host's setting chance=auto|manual, taken out of the words; it
	 * applies only when the whole command succeeds.
	 */
	for (i = 0; i < n; i++) {
		char *eq = strchr(words[i], '=');
		if (eq && strncmp(words[i], "chance=", 7) == 0 &&
		    opt_find(a->sess->g->options, a->sess->g->noptions, "chance") < 0) {
			if (strcmp(eq + 1, "auto") == 0)
				manual = 0;
			else if (strcmp(eq + 1, "manual") == 0)
				manual = 1;
			else {
				snprintf(err, errlen, "chance wants auto or manual, not '%s'",
				    eq + 1);
				return -1;
			}
			memmove(&words[i], &words[i + 1], (size_t)(n - i - 1) * sizeof *words);
			n--;
			i--;
		}
	}
	if (n == 0) {
		set_chance(a, manual, out);
		return 0;
	}
	/* Unplayed: no setup, and no move but the host's own chance rolls. */
	fresh = a->sess->setup == NULL;
	for (i = 0; i < a->sess->ntotal && fresh; i++)
		if (a->sess->movers[i] != TBL_CHANCE)
			fresh = 0;
	optset_copy(&os, session_next_opts(a->sess));
	s = app_make_session(a, a->sess->plugin, &os, words, n, e, sizeof e);
	optset_free(&os);
	if (s == NULL) {
		snprintf(err, errlen, "%s", e);
		return -1;
	}
	set_chance(a, manual, out);
	if (fresh) {
		app_install(a, s);
		sbuf_puts(out, "options changed; the game restarts\n");
		app_autoplay(a, out);
		app_status_line(a, out);
	} else {
		/*
		 * Keep the game in progress, and the options it was created
		 * with (its record needs them); these apply to the next.
		 */
		session_set_next_opts(a->sess, &s->opts);
		session_free(s);
		sbuf_puts(out, "options changed; they apply from the next 'new'\n");
	}
	return 0;
}

int
cmd_seed(struct app *a, char *args, struct sbuf *out, char *err, size_t errlen)
{
	char *w = strtrim(args);
	uint64_t v;

	if (*w == '\0') {
		sbuf_printf(out, "%" PRIu64 "\n", a->sess ? a->sess->seed : a->host->seed);
		return 0;
	}
	if (parse_u64(w, &v) != 0) {
		snprintf(err, errlen, "seed wants a non-negative number, not '%s'", w);
		return -1;
	}
	a->host->seed = v;
	a->host->seed_clock = 0;
	if (a->sess) {
		a->sess->seed = v;
		rng_seed(&a->sess->rng, v);
	}
	sbuf_printf(out, "seed %" PRIu64 "\n", a->host->seed);
	return 0;
}

int
cmd_show(struct app *a, char *args, struct sbuf *out, char *err, size_t errlen)
{
	char *t;

	if (app_need_game(a, err, errlen))
		return -1;
	t = app_board(a);
	sbuf_puts(out, t);
	free(t);
	app_status_line(a, out);
	return 0;
}

int
cmd_moves(struct app *a, char *args, struct sbuf *out, char *err, size_t errlen)
{
	struct session *s = a->sess;
	int n, i, chance;

	if (app_need_game(a, err, errlen))
		return -1;
	chance = game_to_move(s->g, s->cur) == TBL_CHANCE;
	if (game_to_move(s->g, s->cur) == TBL_END) {
		sbuf_puts(out, "no moves: the game is over\n");
		return 0;
	}
	n = session_moves(s);
	for (i = 0; i < n; i++) {
		char *t = game_move_text(s->g, s->cur, s->legal.m[i]);
		sbuf_printf(out, "%s%s", i ? " " : "", t);
		if (chance)
			sbuf_printf(out, "(%.4g)", s->legal.prob[i]);
		free(t);
	}
	sbuf_puts(out, "\n");
	return 0;
}

int
cmd_play(struct app *a, char *args, struct sbuf *out, char *err, size_t errlen)
{
	if (app_need_game(a, err, errlen))
		return -1;
	return app_play(a, args, out, err, errlen) == PLAY_OK ? 0 : -1;
}

int
cmd_position(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	char *t;

	if (app_need_game(a, err, errlen))
		return -1;
	t = session_position(a->sess);
	sbuf_printf(out, "%s\n", t);
	free(t);
	return 0;
}

int
cmd_setup(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	char *pos = strtrim(args);

	if (app_need_game(a, err, errlen))
		return -1;
	if (session_setup(a->sess, pos, err, errlen) != 0)
		return -1;
	app_autoplay(a, out);
	app_status_line(a, out);
	return 0;
}
