/*
 * subcmd.h - what the subcommands of the command line (`tablero bench
 * ...`) share: the entry each one defines for the dispatcher
 * (cmd/dispatch.h) and --help, and their command line: one GAME word,
 * key=value house rules, and --flags from a table.  Errors are printed
 * as "tablero: CMD: message".  It knows no subcommand.
 */
#ifndef TABLERO_SUBCMD_H
#define TABLERO_SUBCMD_H

#include <stdint.h>
#include <stdio.h>

struct host;
struct plugin;
struct config;
struct session;

/*
 * One subcommand, defined by its own file (`const struct subcmd_entry
 * subcmd_bench` in bench.c) and declared in its header.  A new one adds
 * its entry to the list of cmd/dispatch.c: main.c finds it there and
 * --help lists it.
 */
struct subcmd_entry {
	const char *name;	/* "bench" */
	const char *usage;	/* what follows the name: "GAME [key=value ...]" */
	const char *flags;	/* its --flags: "[--seed N] [--games N]" */
	int (*run)(struct host *host, int argc, char **argv);	/* argv[0]: name */
	const char *page;	/* its own manual page, "tablero-serve(1)",
				 * which `tablero help NAME` shows; NULL:
				 * its section of tablero(1) */
};

/* The subcommand's own page shown by man(1) (`tablero help NAME` on a
 * terminal): 0 when shown, -1 when not (then print its --help). */
int subcmd_show_page(const struct subcmd_entry *sc);

/* "tablero NAME USAGE FLAGS" wrapped at 79 columns, lines indented by
 * `indent` after the first; caller frees. */
char *subcmd_synopsis(const struct subcmd_entry *sc, int indent);

enum flagkind {
	FLAG_SWITCH,	/* int: set to 1 */
	FLAG_COUNT,	/* long: a positive integer */
	FLAG_SECONDS,	/* double: a positive number */
	FLAG_SEED,	/* uint64_t: a non-negative integer */
	FLAG_TEXT,	/* const char *: any word */
	FLAG_LIST	/* struct flag_list: any word, repeatable */
};

#define FLAG_LIST_MAX 16

struct flag_list {
	const char *v[FLAG_LIST_MAX];
	int n;
};

/*
 * One flag, and what --help and `tablero help NAME` say of it: each
 * subcommand's table is the one description of its flags (after git's
 * parse-options); tests/host/cmd/subcmd-help.sh holds the synopsis of the entry
 * to it.
 */
struct flag {
	const char *name;	/* "--games" */
	enum flagkind kind;
	void *dest;
	const char *arg;	/* its value's name: "N" (NULL: a switch) */
	const char *help;	/* what it does, one sentence: "games to play" */
};

#define SUBCMD_MAXWORDS 64

struct subcmd {
	const struct subcmd_entry *entry;	/* &subcmd_bench */
	const struct flag *flags;	/* ends with a NULL name */
	const char *target;		/* the GAME (or PLUGIN.so) word */
	char *kv[SUBCMD_MAXWORDS];	/* the key=value words */
	int nkv;
};

/*
 * Parse argv (argv[0] is the subcommand) into c and the flags'
 * destinations.  Returns -1 to go on, or an exit status: 0 after
 * --help, 2 after printing a usage error.
 */
int subcmd_parse(struct subcmd *c, int argc, char **argv);

/* "usage: tablero NAME ..." from c's entry, to fp. */
void subcmd_usage(const struct subcmd *c, FILE *fp);

/*
 * The usage, then each flag of c's table with its value and help, to
 * fp: what `NAME --help` and `tablero help NAME` print.
 */
void subcmd_help(const struct subcmd *c, FILE *fp);

/* The plugin of game c->target, or NULL after printing an error. */
struct plugin *subcmd_game(struct host *host, const struct subcmd *c);

/*
 * A session of plugin p: the options of cfg's [GAME] section (cfg may be
 * NULL: the declared defaults), then c's key=value words.  NULL after
 * printing an error.
 */
struct session *subcmd_session(struct host *host, const struct subcmd *c,
    struct plugin *p, const struct config *cfg, uint64_t seed);

#endif /* TABLERO_SUBCMD_H */
