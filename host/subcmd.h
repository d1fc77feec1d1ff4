/*
 * subcmd.h - the command line shared by `tablero bench`, `check` and
 * `match`: one GAME word, key=value house rules, and --flags from a
 * table.  Errors are printed as "tablero: CMD: message".
 */
#ifndef TABLERO_SUBCMD_H
#define TABLERO_SUBCMD_H

#include <stdint.h>

struct app;
struct plugin;
struct config;
struct session;

enum flagkind {
	FLAG_SWITCH,	/* int: set to 1 */
	FLAG_COUNT,	/* long: a positive integer */
	FLAG_SECONDS,	/* double: a positive number */
	FLAG_SEED,	/* uint64_t: a non-negative integer */
	FLAG_TEXT	/* const char *: any word */
};

struct flag {
	const char *name;	/* "--games" */
	enum flagkind kind;
	void *dest;
};

#define SUBCMD_MAXWORDS 64

struct subcmd {
	const char *name;		/* "bench" */
	const char *usage;		/* the usage line(s), without "usage: " */
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

/* The plugin of game c->target, or NULL after printing an error. */
struct plugin *subcmd_game(struct app *a, const struct subcmd *c);

/*
 * A session of plugin p: the options of cfg's [GAME] section (cfg may be
 * NULL: the declared defaults), then c's key=value words.  NULL after
 * printing an error.
 */
struct session *subcmd_session(struct app *a, const struct subcmd *c,
    struct plugin *p, const struct config *cfg, uint64_t seed);

#endif /* TABLERO_SUBCMD_H */
