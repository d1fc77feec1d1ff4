/*
 * commands.c - the command table and the dispatcher: a line runs a
 * command, or plays as a move, or says what was most likely meant.
 * The commands themselves live in the file of their concern
 * (handlers.h), except the two that are about the table itself and so
 * stand beside it: help (lists it) and source (runs a file's lines
 * through the dispatcher).
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "base/fuzzsandbox.h"
#include "base/interrupt.h"
#include "base/util.h"
#include "core/session.h"
#include "core/sessiontext.h"
#include "repl/commands.h"
#include "repl/handlers.h"
#include "repl/journal.h"
#include "repl/learn.h"
#include "repl/solve.h"

/* Argument counts: minimum and maximum words (ANY: no maximum). */
#define ANY (-1)

/* The commands about the command set, below the table that names them. */
static int cmd_help(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen);
static int cmd_source(struct app *a, char *args, struct sbuf *out,
    char *err, size_t errlen);

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
	{ "goto", NULL, "goto N", 1, 1,
	  "the position after turn N of the history (0: the start), back or "
	  "forward", ARG_NONE, cmd_goto,
	  "goto 3" },
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
	{ "source", NULL, "source FILE", 1, ANY,
	  "run the commands of FILE, as -f does (stops at the first error)",
	  ARG_FILE, cmd_source,
	  "source opening.tbl" },
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
	{ "solve", NULL, "solve [SIZE] [db=DIR]", 0, 2,
	  "the value of each legal move with perfect play (tables of at "
	  "most SIZE bytes)", ARG_NONE, repl_solve,
	  "solve 512M" },
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
	struct tbl_word w;
	int n = 0;

	while (tbl_next_word(&p, &w))
		n++;
	if (n >= c->minargs && (c->maxargs < 0 || n <= c->maxargs))
		return 1;
	snprintf(err, errlen, "usage: %s", c->usage);
	return 0;
}

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
	if (s == NULL || game_to_move(s->g, s->cur) < 0)
		return;
	n = session_moves(s);
	texts = xcalloc((size_t)n + 1, sizeof *texts);
	d = xcalloc((size_t)n + 1, sizeof *d);
	for (i = 0; i < n; i++) {
		size_t lt;
		texts[i] = game_move_text(s->g, s->cur, s->legal.m[i]);
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

void
command_strip_comment(char *line)
{
	char *p;

	for (p = line; *p; p++)
		if (*p == '#' && (p == line || tbl_is_blank((unsigned char)p[-1])) &&
		    (p[1] == '\0' || tbl_is_blank((unsigned char)p[1]))) {
			*p = '\0';
			break;
		}
	p = line + strlen(line);
	while (p > line && tbl_is_blank((unsigned char)p[-1]))
		*--p = '\0';
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
	args = t + tbl_word_len(t);
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
		enum play_error why = app_play(a, name, out, e, sizeof e);
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

static int
cmd_help(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
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

/* Scripts that source scripts: a loop of them stops here. */
#define SOURCE_DEPTH 16

/*
 * Run the commands of FILE one after the other, their output into out,
 * until one fails ("FILE:LINE: why" in err), `quit` or Ctrl-C.
 */
static int
cmd_source(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	static int depth;
	char *path = strtrim(args), *line = NULL, e[1024];
	size_t cap = 0;
	ssize_t n;
	int lineno = 0, rc = 0;
	FILE *fp;

	if (FUZZ_SANDBOX_REFUSES(path, err, errlen))
		return -1;
	if (depth >= SOURCE_DEPTH) {
		snprintf(err, errlen, "%s: scripts source each other more than "
		    "%d deep", path, SOURCE_DEPTH);
		return -1;
	}
	if ((fp = fopen(path, "r")) == NULL) {
		snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	depth++;
	while (rc == 0 && !a->quit && !interrupt_pending() &&
	    (n = getline(&line, &cap, fp)) >= 0) {
		lineno++;
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		command_strip_comment(line);
		if (app_run(a, line, out, e, sizeof e) != 0) {
			snprintf(err, errlen, "%s:%d: %s", path, lineno, e);
			rc = -1;
		}
	}
	depth--;
	free(line);
	fclose(fp);
	return rc;
}
