/*
 * commands.c - the REPL and script commands.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "repl/commands.h"
#include "view/page.h"
#include "base/fuzzsandbox.h"
#include "base/interrupt.h"
#include "repl/journal.h"
#include "repl/learn.h"
#include "core/paths.h"
#include "core/record.h"
#include "core/session.h"
#include "base/util.h"

#define MAXWORDS 256

/* ---- commands ------------------------------------------------------- */

static int
cmd_help(struct app *a, char *args, struct sbuf *out, char *err, size_t errlen)
{
	const struct command *c;
	char *w = strtrim(args);
	int width = 0;

	if (*w) {
		c = command_find(w);
		if (c == NULL) {
			snprintf(err, errlen, "no command '%s' (try 'help')", w);
			return -1;
		}
		sbuf_printf(out, "usage: %s\n", c->usage);
		if (c->alias)
			sbuf_printf(out, "  also: %s\n", c->alias);
		sbuf_printf(out, "  %s\n", c->help);
		if (c->example)
			sbuf_printf(out, "  example: %s\n", c->example);
		return 0;
	}
	/* One column of usages as wide as the widest. */
	for (c = commands; c->name; c++)
		if ((int)strlen(c->usage) > width)
			width = (int)strlen(c->usage);
	sbuf_puts(out, "Commands (a move on its own line plays it; "
	    "'help COMMAND' for more):\n");
	for (c = commands; c->name; c++)
		sbuf_printf(out, "  %-*s  %s\n", width, c->usage, c->help);
	return 0;
}

static int
cmd_games(struct app *a, char *args, struct sbuf *out, char *err, size_t errlen)
{
	const struct pluginset *ps = &a->host->plugins;
	const char **names;
	char *w = strtrim(args);
	int i, verbose = strcmp(w, "-v") == 0;

	if (*w && !verbose) {
		snprintf(err, errlen, "games takes -v or nothing, not '%s'", w);
		return -1;
	}
	names = pluginset_names(ps);
	for (i = 0; names[i]; i++) {
		struct plugin *p = pluginset_find(ps, names[i]);
		sbuf_printf(out, "%-14s %s\n", names[i],
		    p->game.title ? p->game.title : "");
		if (verbose)
			sbuf_printf(out, "%-14s version %s, ABI %u.%u, %s\n", "",
			    p->game.version ? p->game.version : "?",
			    p->abi_major, p->abi_minor, p->path);
	}
	if (i == 0)
		sbuf_puts(out, "no game plugins found (see -P and TABLERO_PLUGIN_PATH)\n");
	free(names);
	for (i = 0; verbose && i < ps->nshadowed; i++)
		sbuf_printf(out, "shadowed: %s (by %s)\n", ps->shadowed[i].path,
		    ps->shadowed[i].why);
	for (i = 0; verbose && i < ps->nrefused; i++)
		sbuf_printf(out, "refused: %s\n", ps->refused[i].why);
	return 0;
}

static int
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

static const char *const type_names[] = { "bool", "int", "enum", "string" };

static int
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
		if (v == NULL && g->option_value &&
		    g->option_value(a->sess->cur, i, eff, sizeof eff) <= 0)
			eff[0] = '\0';
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

static int
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

static int
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

static int
cmd_moves(struct app *a, char *args, struct sbuf *out, char *err, size_t errlen)
{
	struct session *s = a->sess;
	int n, i, chance;

	if (app_need_game(a, err, errlen))
		return -1;
	chance = s->g->to_move(s->cur) == TBL_CHANCE;
	if (s->g->to_move(s->cur) == TBL_END) {
		sbuf_puts(out, "no moves: the game is over\n");
		return 0;
	}
	n = session_moves(s);
	for (i = 0; i < n; i++) {
		char *t = session_move_text(s, s->cur, s->legal.m[i]);
		sbuf_printf(out, "%s%s", i ? " " : "", t);
		if (chance)
			sbuf_printf(out, "(%.4g)", s->legal.prob[i]);
		free(t);
	}
	sbuf_puts(out, "\n");
	return 0;
}

/*
 * `play TEXT` and a move typed on its own: the moves of one turn, then
 * the computer seats' answers and the status line.
 */
static enum play_error
play_turn(struct app *a, const char *text, struct sbuf *out, char *err,
    size_t errlen)
{
	enum play_error why;

	/* After an undo the host may owe a roll: it rolls before the move. */
	app_roll(a, out);
	why = session_play(a->sess, text, out, err, errlen);
	if (why == PLAY_OK) {
		app_autoplay(a, out);
		app_status_line(a, out);
	}
	return why;
}

static int
cmd_play(struct app *a, char *args, struct sbuf *out, char *err, size_t errlen)
{
	if (app_need_game(a, err, errlen))
		return -1;
	return play_turn(a, args, out, err, errlen) == PLAY_OK ? 0 : -1;
}

static int
count_arg(const char *args, int *n, char *err, size_t errlen)
{
	char *copy;
	long v;

	while (*args == ' ')
		args++;
	if (*args == '\0') {
		*n = 0;
		return 0;
	}
	copy = xstrdup(args);
	if (parse_long(strtrim(copy), 1, 1000000000L, &v) != 0) {
		snprintf(err, errlen, "expected a number of moves, not '%s'",
		    strtrim(copy));
		free(copy);
		return -1;
	}
	free(copy);
	*n = (int)v;
	return 0;
}

/* Has a seat that a human plays now made a move of this game? */
static int
human_moved(const struct app *a)
{
	const struct session *s = a->sess;
	int i;

	for (i = 0; i < s->nmoves; i++)
		if (s->movers[i] >= 0 && s->movers[i] < MAX_SEATS &&
		    a->seats[s->movers[i]].kind == SEAT_HUMAN)
			return 1;
	return 0;
}

static int
cmd_undo(struct app *a, char *args, struct sbuf *out, char *err, size_t errlen)
{
	int n, k;

	if (app_need_game(a, err, errlen) || count_arg(args, &n, err, errlen))
		return -1;
	if (a->sess->nmoves == 0) {
		snprintf(err, errlen, "nothing to undo: at the start of the game");
		return -1;
	}
	if (n == 0 && !human_moved(a)) {
		snprintf(err, errlen, "nothing to undo: no human seat has moved "
		    "(undo N takes back N moves)");
		return -1;
	}
	k = session_undo(a->sess, n);
	/*
	 * Against a computer seat one undo is one user action: take back
	 * turns until a human seat's decision is undone (the computer moves
	 * again when it is next to move).
	 */
	if (n == 0) {
		int who = a->sess->g->to_move(a->sess->cur);
		while (a->sess->nmoves > 0 && (who < 0 || who >= MAX_SEATS ||
		    a->seats[who].kind != SEAT_HUMAN)) {
			int more = session_undo(a->sess, 0);
			if (more == 0)
				break;
			k += more;
			who = a->sess->g->to_move(a->sess->cur);
		}
	}
	sbuf_printf(out, "took back %d move%s\n", k, k == 1 ? "" : "s");
	app_say_waiting(a, out);
	app_status_line(a, out);
	return 0;
}

static int
cmd_redo(struct app *a, char *args, struct sbuf *out, char *err, size_t errlen)
{
	int n, k;

	if (app_need_game(a, err, errlen) || count_arg(args, &n, err, errlen))
		return -1;
	if (a->sess->nmoves >= a->sess->ntotal) {
		snprintf(err, errlen, "nothing to redo");
		return -1;
	}
	k = session_redo(a->sess, n);
	/*
	 * As for undo, against a computer seat one redo is one user action:
	 * replay the recorded turns until a human seat is to move.
	 */
	if (n == 0) {
		int who = a->sess->g->to_move(a->sess->cur);
		while (a->sess->nmoves < a->sess->ntotal && (who < 0 ||
		    who >= MAX_SEATS || a->seats[who].kind != SEAT_HUMAN)) {
			int more = session_redo(a->sess, 0);
			if (more == 0)
				break;
			k += more;
			who = a->sess->g->to_move(a->sess->cur);
		}
	}
	sbuf_printf(out, "replayed %d move%s\n", k, k == 1 ? "" : "s");
	app_say_waiting(a, out);
	app_status_line(a, out);
	return 0;
}

static int
cmd_history(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	if (app_need_game(a, err, errlen))
		return -1;
	if (a->sess->nmoves == 0)
		sbuf_puts(out, "no moves yet\n");
	session_history(a->sess, out, 0);
	return 0;
}

static int
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

static int
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

/* `save FILE.svg`: the position's diagram; `save FILE.html`: the page. */
static int
save_picture(struct app *a, const char *path, int np, struct sbuf *out,
    char *err, size_t errlen)
{
	char *rec = record_text(a->sess, a->seats, np < MAX_SEATS ? np :
	    MAX_SEATS);
	int steps = view_steps(a->sess);
	int rc = view_save(a->sess, rec, steps, path, err, errlen);

	free(rec);
	if (rc != 0)
		return -1;
	sbuf_printf(out, "saved the %s after %d move%s to %s\n",
	    strstr(path, ".svg") ? "diagram" : "game's page", steps,
	    steps == 1 ? "" : "s", path);
	return 0;
}

static int
cmd_save(struct app *a, char *args, struct sbuf *out, char *err, size_t errlen)
{
	char *path = strtrim(args);
	int np;

	if (app_need_game(a, err, errlen) ||
	    FUZZ_SANDBOX_REFUSES(path, err, errlen))
		return -1;
	/* The record names who played each seat. */
	np = a->sess->g->players(a->sess->cur);
	if (view_is_picture(path))
		return save_picture(a, path, np, out, err, errlen);
	if (record_save(a->sess, a->seats, np < MAX_SEATS ? np : MAX_SEATS,
	    path, err, errlen) != 0)
		return -1;
	sbuf_printf(out, "saved %d move%s to %s\n", session_count_moves(a->sess),
	    session_count_moves(a->sess) == 1 ? "" : "s", path);
	return 0;
}

static int
cmd_load(struct app *a, char *args, struct sbuf *out, char *err, size_t errlen)
{
	char *path = strtrim(args);
	struct session *s;

	if (FUZZ_SANDBOX_REFUSES(path, err, errlen))
		return -1;
	s = record_load(path, &a->host->plugins, err, errlen);
	if (s == NULL)
		return -1;
	/* Resume with the seats the record names. */
	if (s->players && app_seats_from_text(a, s->players,
	    s->g->players(s->cur), s->g->name, err, errlen) != 0) {
		session_free(s);
		return -1;
	}
	app_install(a, s);
	sbuf_printf(out, "loaded %s: %d move%s of %s\n", path,
	    session_count_moves(s), session_count_moves(s) == 1 ? "" : "s",
	    s->g->name);
	app_autoplay(a, out);
	app_status_line(a, out);
	return 0;
}

static int
cmd_recover(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	char *path;
	struct session *s = journal_recover(a->journal, &a->host->plugins,
	    &path, err, errlen);

	if (s == NULL)
		return -1;
	if (s->players && app_seats_from_text(a, s->players,
	    s->g->players(s->cur), s->g->name, err, errlen) != 0) {
		session_free(s);
		free(path);
		return -1;
	}
	app_install(a, s);
	journal_recovered(&a->journal, path);
	sbuf_printf(out, "recovered %d move%s of %s from %s\n",
	    session_count_moves(s), session_count_moves(s) == 1 ? "" : "s",
	    s->g->name, path);
	free(path);
	app_autoplay(a, out);
	app_status_line(a, out);
	return 0;
}

static int
cmd_rules(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	const struct tbl_game *g;

	if (app_need_game(a, err, errlen))
		return -1;
	g = a->sess->g;
	sbuf_printf(out, "%s%s%s (plugin %s)\n", g->name, g->title ? " - " : "",
	    g->title ? g->title : "", g->version ? g->version : "?");
	if (g->rules)
		sbuf_printf(out, "%s%s", g->rules,
		    g->rules[0] && g->rules[strlen(g->rules) - 1] != '\n' ? "\n" : "");
	/* The plugin names its own manual page; the host adds a pointer to
	 * the options only where the text has no "See ..." line of its own. */
	if (g->rules == NULL || strstr(g->rules, "See ") == NULL)
		sbuf_puts(out, "See 'options' for the house rules.\n");
	return 0;
}

static int
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

static int
cmd_config(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	char *path = strtrim(args), *found = NULL;
	struct config tmp = { 0 };
	struct stat sb;
	int i;

	if (*path == '\0') {
		for (i = 0; i < a->host->cfg.nfiles; i++)
			sbuf_printf(out, "%s\n", a->host->cfg.files[i]);
		if (a->host->cfg.nfiles == 0)
			sbuf_puts(out, "no configuration files read\n");
		return 0;
	}
	if (FUZZ_SANDBOX_REFUSES(path, err, errlen))
		return -1;
	/* A bare name is a profile shipped in conf/: "awithlaknakwe-parlett". */
	if (strchr(path, '/') == NULL && stat(path, &sb) != 0) {
		char *f = xasprintf("%s/%s%s", paths_data_dir(), path,
		    strstr(path, ".ini") ? "" : ".ini");
		if (stat(f, &sb) == 0)
			found = f;
		else
			free(f);
	}
	/* Read into a scratch config first: a bad file changes nothing. */
	if (config_read_file(&tmp, found ? found : path, 1, err, errlen) != 0 ||
	    config_validate(&tmp, &a->host->plugins, err, errlen) != 0) {
		config_free(&tmp);
		free(found);
		return -1;
	}
	config_free(&tmp);
	config_read_file(&a->host->cfg, found ? found : path, 1, err, errlen);
	sbuf_printf(out, "read %s; 'new' applies it\n", found ? found : path);
	free(found);
	return 0;
}

static int
cmd_quit(struct app *a, char *args, struct sbuf *out, char *err, size_t errlen)
{
	char *w = strtrim(args);
	long v;

	if (*w) {
		if (parse_long(w, 0, 255, &v) != 0) {
			snprintf(err, errlen, "quit wants an exit status 0..255, not '%s'", w);
			return -1;
		}
		a->exit_status = (int)v;
	}
	a->quit = 1;
	return 0;
}

/* `ai [SPEC]`: the AI plays the side to move's whole turn. */
static int
cmd_ai(struct app *a, char *args, struct sbuf *out, char *err, size_t errlen)
{
	struct session *s;
	struct seat_spec spec;
	char *w = strtrim(args);
	int who;

	if (app_need_game(a, err, errlen))
		return -1;
	who = a->sess->g->to_move(a->sess->cur);
	if (!*w && who >= 0 && who < MAX_SEATS && a->seats[who].kind != SEAT_HUMAN)
		spec = a->seats[who];	/* a computer seat waits: its player */
	else if (*w ? seat_parse(w, &spec, err, errlen) :
	    app_default_ai(a, &spec, err, errlen))
		return -1;
	if (spec.kind == SEAT_HUMAN) {
		snprintf(err, errlen, "'ai human' does not play: name a computer player");
		return -1;
	}
	s = a->sess;
	who = s->g->to_move(s->cur);
	if (who == TBL_CHANCE && !a->chance_manual) {
		/*
		 * A turn interrupted at a chance point: roll and let the
		 * computer seats play on, never the turn of a human seat
		 * that the roll makes next.
		 */
		app_roll(a, out);
		app_autoplay(a, out);
		app_status_line(a, out);
		return 0;
	}
	if (who == TBL_END) {
		snprintf(err, errlen, "the game is over");
		return -1;
	}
	if (who == TBL_CHANCE) {
		snprintf(err, errlen, "a chance point is to move (type its outcome; "
		    "see 'moves')");
		return -1;
	}
	while (s->g->to_move(s->cur) == who)
		if (app_ai_move(a, &spec, out) != 0)
			break;
	app_autoplay(a, out);
	app_status_line(a, out);
	return 0;
}

/* `hint N`: the best N first decisions, with visits and win rates. */
static int
hint_lines(struct app *a, const struct seat_spec *spec, int n,
    struct sbuf *out, char *err, size_t errlen)
{
	struct session *s = a->sess;
	struct ai_line *lines = xcalloc((size_t)n, sizeof *lines);
	struct ai_report rep;
	struct rng r = s->rng;
	int k, i;

	k = ai_player_rank(app_player(a, s->g->to_move(s->cur), spec), s->g,
	    s->cur, &r, lines, n, &rep);
	if (k <= 0) {
		free(lines);
		snprintf(err, errlen, "no legal move");
		return -1;
	}
	if (s->g->legal_moves(s->cur, NULL, 0) == 1) {
		char *t = session_move_text(s, s->cur, lines[0].move);
		sbuf_printf(out, "hint: %s, the only legal move\n", t);
		free(t);
		free(lines);
		return 0;
	}
	sbuf_printf(out, "hint: the best %d of %s's moves over %ld playouts",
	    k, session_player(s, s->g->to_move(s->cur)), rep.simulations);
	if (rep.reused > 0)
		sbuf_printf(out, " and %ld kept from earlier searches", rep.reused);
	sbuf_printf(out, "%s\n", rep.interrupted ? " (stopped by Ctrl-C)" : "");
	for (i = 0; i < k; i++) {
		char *t = session_move_text(s, s->cur, lines[i].move);
		sbuf_printf(out, "%3d. %-10s visits %-8ld win rate %.2f\n", i + 1, t,
		    lines[i].visits, lines[i].winrate);
		free(t);
	}
	free(lines);
	return 0;
}

/*
 * `hint [N] [PLAYER]`: the search's best move; for a turn of several
 * decisions, the whole turn (each later decision searched in turn).
 */
static int
cmd_hint(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	struct session *s;
	struct seat_spec spec;
	struct ai_report rep;
	struct rng r;
	struct tbl_state *st;
	char *words[2], *w;
	int nw = split_words(args, words, 2), n = 0, who, first = 1;
	int forced = 0, decisions = 0;
	long sims = 0;
	double rate = 0;
	tbl_move m;

	if (app_need_game(a, err, errlen))
		return -1;
	if (nw > 0 && words[0][0] >= '0' && words[0][0] <= '9') {
		long v;
		if (parse_long(words[0], 1, 1000, &v) != 0) {
			snprintf(err, errlen, "hint wants a number of moves from 1 to "
			    "1000, not '%s'", words[0]);
			return -1;
		}
		n = (int)v;
		words[0] = words[1];
		nw--;
	}
	w = nw > 0 ? words[0] : "";
	if (*w ? seat_parse(w, &spec, err, errlen) : app_default_ai(a, &spec, err, errlen))
		return -1;
	if (spec.kind != SEAT_MCTS) {
		if (*w) {
			snprintf(err, errlen, "hints come from mcts, not '%s'", w);
			return -1;
		}
		/* The configured player is not a searcher: hint with mcts. */
		spec.kind = SEAT_MCTS;
		spec.budget = SEAT_DEFAULT_PLAYOUTS;
		spec.ms = 0;
	}
	s = a->sess;
	who = s->g->to_move(s->cur);
	if (who == TBL_END) {
		snprintf(err, errlen, "the game is over");
		return -1;
	}
	if (who == TBL_CHANCE) {
		snprintf(err, errlen, "no hint: chance is to move, not a player "
		    "(the outcome is drawn, or typed with chance=manual; see 'moves')");
		return -1;
	}
	if (n > 0)
		return hint_lines(a, &spec, n, out, err, errlen);
	/* A hint must not change what the game's own generator draws next. */
	r = s->rng;
	st = s->g->clone(s->cur);
	sbuf_puts(out, "hint:");
	while (s->g->to_move(st) == who) {
		char *t;
		forced += s->g->legal_moves(st, NULL, 0) == 1;
		decisions++;
		/*
		 * The seat's player searches the first decision and keeps
		 * its tree for `ai`; the later ones of the turn (positions
		 * the game has not reached) are searched afresh.
		 */
		if ((first ? ai_player_choose(app_player(a, who, &spec), s->g,
		    st, &r, &m, &rep) : ai_choose(s->g, st, &spec, &r, &m,
		    &rep)) != 0)
			break;
		t = session_move_text(s, st, m);
		sbuf_printf(out, " %s", t);
		free(t);
		if (first)
			rate = rep.winrate;
		first = 0;
		sims += rep.simulations;
		if (s->g->apply(st, m) != 0 || rep.interrupted)
			break;
	}
	s->g->destroy(st);
	if (first) {
		snprintf(err, errlen, "no legal move");
		return -1;
	}
	/* A forced turn has no win rate worth showing: no playout was run. */
	if (forced == decisions)
		sbuf_printf(out, " (the only legal %s)\n", decisions > 1 ?
		    "turn" : "move");
	else
		sbuf_printf(out, " (win rate %.2f over %ld playouts%s)\n", rate,
		    sims, rep.interrupted ? "; stopped by Ctrl-C" : "");
	return 0;
}

static int
cmd_seat(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	char *words[4], buf[64];
	int n = split_words(args, words, 4), np, i, k;
	struct seat_spec spec;
	long v;

	if (app_need_game(a, err, errlen))
		return -1;
	np = a->sess->g->players(a->sess->cur);
	if (n == 0) {
		for (i = 0; i < np && i < MAX_SEATS; i++) {
			seat_format(&a->seats[i], buf, sizeof buf);
			sbuf_printf(out, "seat %d (%s): %s\n", i + 1,
			    session_player(a->sess, i), buf);
		}
		return 0;
	}
	if (n != 2 || parse_long(words[0], 1, np < MAX_SEATS ? np : MAX_SEATS,
	    &v) != 0) {
		snprintf(err, errlen, "usage: seat N human|random|mcts[:BUDGET] "
		    "(N from 1 to %d)", np < MAX_SEATS ? np : MAX_SEATS);
		return -1;
	}
	if (seat_parse(words[1], &spec, err, errlen) != 0)
		return -1;
	k = (int)v;
	a->seats[k - 1] = spec;
	seat_format(&spec, buf, sizeof buf);
	sbuf_printf(out, "seat %d (%s): %s\n", k, session_player(a->sess, k - 1), buf);
	/* Moves played end as every other path's: who is to move, or the end. */
	k = a->sess->nmoves;
	app_autoplay(a, out);
	if (a->sess->nmoves != k)
		app_status_line(a, out);
	return 0;
}

/* Argument counts: minimum and maximum words (ANY: no maximum). */
#define ANY (-1)

const struct command commands[] = {
	{ "help", NULL, "help [COMMAND]", 0, 1,
	  "list the commands, or explain one", ARG_COMMAND, cmd_help,
	  "help undo" },
	{ "games", NULL, "games [-v]", 0, 1,
	  "list the games on the plugin path (-v: files, refusals)",
	  ARG_NONE, cmd_games,
	  "games -v" },
	{ "new", NULL, "new [GAME] [key=value ...]", 0, ANY,
	  "start a new game (default: the current game, with its options)",
	  ARG_GAME_OPTS, cmd_new,
	  "new mancala variant=maruba" },
	{ "options", NULL, "options", 0, 0,
	  "the current game's options and values", ARG_NONE, cmd_options,
	  "options" },
	{ "set", NULL, "set key=value ...", 1, ANY,
	  "change options (restarts an unplayed game; else applies at 'new')",
	  ARG_OPTS, cmd_set,
	  "set holes=8" },
	{ "show", "board", "show", 0, 0, "draw the board", ARG_NONE, cmd_show,
	  "show" },
	{ "moves", NULL, "moves", 0, 0, "list the legal moves", ARG_NONE,
	  cmd_moves,
	  "moves" },
	{ "play", NULL, "play MOVE ...", 0, ANY, "play a move, or a whole turn",
	  ARG_MOVES, cmd_play,
	  "play b6 xd6" },
	{ "undo", NULL, "undo [N]", 0, 1, "take back the last turn, or N moves",
	  ARG_NONE, cmd_undo,
	  "undo 2" },
	{ "redo", NULL, "redo [N]", 0, 1, "replay a taken-back turn, or N moves",
	  ARG_NONE, cmd_redo,
	  "redo" },
	{ "explain", NULL, "explain [MOVE ...]", 0, ANY,
	  "what the last turn did, or what MOVE would do (or why it may not)",
	  ARG_MOVES, cmd_explain,
	  "explain a1" },
	{ "history", NULL, "history", 0, 0, "list the moves played", ARG_NONE,
	  cmd_history,
	  "history" },
	{ "position", NULL, "position", 0, 0, "print the position string",
	  ARG_NONE, cmd_position,
	  "position" },
	{ "setup", NULL, "setup POSITION", 1, ANY,
	  "start from a position string", ARG_NONE, cmd_setup,
	  "setup .../.X./... O" },
	{ "save", NULL, "save FILE", 1, ANY,
	  "save the game record, or its picture (FILE.svg, FILE.html)",
	  ARG_FILE,
	  cmd_save,
	  "save game.tbr" },
	{ "load", NULL, "load FILE", 1, ANY, "load and replay a game record",
	  ARG_FILE, cmd_load,
	  "load game.tbr" },
	{ "recover", NULL, "recover", 0, 0,
	  "restore the game an interrupted session autosaved", ARG_NONE,
	  cmd_recover,
	  "recover" },
	{ "config", NULL, "config [FILE|PROFILE]", 0, ANY,
	  "read a configuration file (or list those read)", ARG_CONFIG,
	  cmd_config,
	  "config awithlaknakwe-parlett" },
	{ "rules", NULL, "rules", 0, 0, "describe the current game", ARG_NONE,
	  cmd_rules,
	  "rules" },
	{ "seed", NULL, "seed [N]", 0, 1, "show or set the chance seed",
	  ARG_NONE, cmd_seed,
	  "seed 42" },
	{ "ai", "go", "ai [PLAYER]", 0, 1,
	  "the AI plays the turn of the side to move", ARG_NONE, cmd_ai,
	  "ai mcts:2000" },
	{ "hint", NULL, "hint [N] [PLAYER]", 0, 2,
	  "the AI's best move (or whole turn) and its win rate; N: the best N",
	  ARG_NONE, cmd_hint,
	  "hint 3 mcts:5000" },
	{ "seat", NULL, "seat [N PLAYER]", 0, 2,
	  "who plays seat N: human, random, mcts, mcts:N, mcts:MSms",
	  ARG_SEAT, cmd_seat,
	  "seat 2 mcts:2000" },
	{ "quit", "exit", "quit [STATUS]", 0, 1,
	  "leave tablero (with exit status STATUS)", ARG_NONE, cmd_quit,
	  "quit 1" },
	{ NULL, NULL, NULL, 0, 0, NULL, ARG_NONE, NULL, NULL }
};

const struct command *
command_find(const char *name)
{
	const struct command *c;

	for (c = commands; c->name; c++)
		if (strcmp(c->name, name) == 0 ||
		    (c->alias && strcmp(c->alias, name) == 0))
			return c;
	return NULL;
}

/* Is the number of words in args within c's range?  Else "usage: ...". */
static int
arg_count_ok(const struct command *c, const char *args, char *err,
    size_t errlen)
{
	const char *p = args;
	int n = 0;

	while (*p) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\0')
			break;
		n++;
		while (*p && *p != ' ' && *p != '\t')
			p++;
	}
	if (n >= c->minargs && (c->maxargs < 0 || n <= c->maxargs))
		return 1;
	snprintf(err, errlen, "usage: %s", c->usage);
	return 0;
}

/*
 * The message for a line that is neither a command nor a playable move:
 * a command suggestion when the first word looks like a misspelt
 * command, else the game's own message `e` about the move.
 */
/*
 * The nearest legal moves to `word` (at the smallest edit distance, at
 * most three), as "'a1', 'a12' or 'a2'", in buf; empty when none is near.
 */
static void
near_moves(struct app *a, const char *word, char *buf, size_t len)
{
	struct session *s = a->sess;
	size_t lw = strlen(word), used = 0;
	int n, i, best = 1 << 30, limit = (int)(lw / 3 < 2 ? 2 : lw / 3), k = 0;
	int *d;
	char **texts;

	buf[0] = '\0';
	if (s == NULL || s->g->to_move(s->cur) < 0)
		return;
	n = session_moves(s);
	texts = xcalloc((size_t)n + 1, sizeof *texts);
	d = xcalloc((size_t)n + 1, sizeof *d);
	for (i = 0; i < n; i++) {
		size_t lt;
		texts[i] = session_move_text(s, s->cur, s->legal.m[i]);
		/* Farther than the limit by length alone: not computed. */
		lt = strlen(texts[i]);
		d[i] = (lw > lt ? lw - lt : lt - lw) > (size_t)limit ? limit + 1 :
		    edit_distance(word, texts[i]);
		if (d[i] < best)
			best = d[i];
	}
	/* A suggestion keeps something of the word: not z9 for a1. */
	if (best >= (int)lw)
		best = limit + 1;
	for (i = 0; i < n && best <= limit; i++) {
		if (d[i] != best || k >= 3)
			continue;
		used += (size_t)snprintf(buf + used, used < len ? len - used : 0,
		    "%s'%s'", k == 0 ? "" : ", ", texts[i]);
		k++;
		if (used >= len)
			break;
	}
	for (i = 0; i < n; i++)
		free(texts[i]);
	free(texts);
	free(d);
}

/*
 * A line that is neither a command nor a playable move: the game's own
 * message, then the nearest legal moves and the nearest command.
 */
static void
not_a_move(struct app *a, char *line, enum play_error why, const char *e,
    char *err, size_t errlen)
{
	const struct command *c;
	const char *names[64], *near;
	char moves[200], word[64];
	int i = 0;

	/* A move the game read but may not play: its reason says it all. */
	if (why != PLAY_UNREADABLE) {
		snprintf(err, errlen, "%s", e);
		return;
	}
	snprintf(word, sizeof word, "%.*s", (int)strcspn(line, " \t"), line);
	for (c = commands; c->name && i < 63; c++)
		names[i++] = c->name;
	names[i] = NULL;
	near = nearest(word, names);
	if (strlen(word) < 3)
		near = NULL;	/* "b2" is a move, not a slip of "ai" */
	near_moves(a, line, moves, sizeof moves);
	/* A word near a command and no legal move: a misspelt command. */
	if (near && !moves[0] && strspn(word, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == strlen(word)) {
		snprintf(err, errlen, "unknown command '%s' (did you mean '%s'?)",
		    word, near);
		return;
	}
	if (moves[0] && near)
		snprintf(err, errlen, "%s (did you mean %s, or the command '%s'?)",
		    e, moves, near);
	else if (moves[0])
		snprintf(err, errlen, "%s (did you mean %s?)", e, moves);
	else if (near)
		snprintf(err, errlen, "%s (or did you mean the command '%s'?)", e,
		    near);
	else if (strlen(word) > 2 && strspn(word, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == strlen(line))
		/* A plain word near nothing: most likely not meant as a move. */
		snprintf(err, errlen, "unknown command '%s' (try 'help')", word);
	else
		snprintf(err, errlen, "%s", e);
}

/*
 * SIGTERM or SIGHUP came during a command: its work stopped, and neither
 * its output nor its effect is kept (the journal holds the game as it was
 * before it).  Returns -1 with the reason in err.
 */
static int
ended_by_signal(struct sbuf *out, char *err, size_t errlen)
{
	int sig = shutdown_signal();

	sbuf_reset(out);
	snprintf(err, errlen, "%s: the session ends; the game is autosaved as "
	    "it was before this command", sig == SIGHUP ? "SIGHUP" : "SIGTERM");
	return -1;
}

int
app_run(struct app *a, const char *line, struct sbuf *out, char *err,
    size_t errlen)
{
	char *copy = xstrdup(line), *t = strtrim(copy), *args, *name;
	const struct command *c;
	int rc;

	err[0] = '\0';
	if (*t == '\0' || *t == '#') {
		free(copy);
		return 0;
	}
	name = t;
	args = t;
	while (*args && !isspace((unsigned char)*args))
		args++;
	if (*args)
		*args++ = '\0';
	c = command_find(name);
	if (c != NULL) {
		if (arg_count_ok(c, args, err, errlen))
			rc = c->fn(a, args, out, err, errlen);
		else
			rc = -1;
		free(copy);
		if (shutdown_signal())
			return ended_by_signal(out, err, errlen);
		/* Autosaved before the caller shows what happened. */
		if (rc == 0)
			journal_update(a->journal, a->sess, a->seats);
		return rc;
	}
	/* Not a command: a bare move, or a misspelt command. */
	if (args > name && args[-1] == '\0' && *args)
		args[-1] = ' ';
	if (a->sess != NULL) {
		char e[TBL_ERRLEN];
		enum play_error why = play_turn(a, name, out, e, sizeof e);
		if (shutdown_signal()) {
			free(copy);
			return ended_by_signal(out, err, errlen);
		}
		if (why != PLAY_OK)
			not_a_move(a, name, why, e, err, errlen);
		else
			journal_update(a->journal, a->sess, a->seats);
		free(copy);
		return why == PLAY_OK ? 0 : -1;
	}
	snprintf(err, errlen, "unknown command '%s' (try 'help')", name);
	free(copy);
	return -1;
}
