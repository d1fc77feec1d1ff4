/*
 * settings.h - configuration files and option values.
 *
 * Settings come from INI files read in precedence order (later wins):
 * the system file, the user's file, then each -C FILE.  The [tablero]
 * section (or keys before any section) holds host settings; a [GAME]
 * section holds that game's house rules, validated against the options the
 * game's plugin declares.  The same validation serves `new key=value` and
 * `set key=value` in the REPL.
 */
#ifndef TABLERO_SETTINGS_H
#define TABLERO_SETTINGS_H

/*
 * The move cap of a game played out by bench (the move_cap setting's
 * default) and by check, match and survey (--cap's).
 */
#define SETTINGS_MOVE_CAP 100000
#define SETTINGS_STR_(x) #x
#define SETTINGS_STR(x) SETTINGS_STR_(x)

/* The largest configuration file read: 1 MiB. */
#define CONFIG_MAX_BYTES (1UL << 20)

#include <stddef.h>

#include "core/options.h"
#include "tablero.h"

struct pluginset;

/* One key = value line of a file, remembered with where it came from. */
struct setting {
	char *section;	/* "tablero" for host settings */
	char *key;
	char *value;
	char *file;
	int line;
};

struct config {
	struct setting *v;
	int n;
	char **files;	/* the files read, in order */
	int nfiles;
};

/* The host's own settings, declared like a plugin's options. */
extern const struct tbl_option host_options[];
extern const int host_noptions;

/*
 * Read one INI file into c.  A file that does not exist is skipped unless
 * must_exist.  Host keys are validated here; game sections later, by
 * config_validate(), once plugins are known.  Returns 0, or -1 with
 * "FILE:LINE: message" in err (c keeps what it held before the call).
 */
int config_read_file(struct config *c, const char *path, int must_exist,
    char *err, size_t errlen);

/*
 * Check every game section against the loaded plugins: unknown games,
 * unknown keys and bad values fail with "FILE:LINE: message" naming the
 * nearest valid name.
 */
int config_validate(const struct config *c, const struct pluginset *ps,
    char *err, size_t errlen);

/* The effective value of a host setting (its default when unset). */
const char *config_host(const struct config *c, const char *key);
long config_host_int(const struct config *c, const char *key);
/* A host key that a [GAME] section may override (ai, seats). */
const char *config_for_game(const struct config *c, const char *game,
    const char *key);
/* The value check of `ai` and `seats` beyond their type. */
int host_value_check(const char *key, const char *value, char *err,
    size_t errlen);

void config_free(struct config *c);

/* ---- option sets ---------------------------------------------------- */

/*
 * The option values of one game as text, one per declared option:
 * defaults, then config settings, then command-line overrides.
 */
struct optset {
	int n;
	char **text;	/* NULL: unset (declared default NULL) */
	int *set;	/* 1 when given by the user */
};

/* Fill os with g's defaults and the config's [g] settings. */
void optset_init(struct optset *os, const struct tbl_game *g,
    const struct config *c);
/* Set key=value (validated); returns 0 or -1 with a message. */
int optset_assign(struct optset *os, const struct tbl_game *g,
    const char *key, const char *value, char *err, size_t errlen);
/*
 * Assign each "key=value" word in turn; stops at the first bad one and
 * returns -1 with its message (os may hold the words before it).
 */
int optset_assign_words(struct optset *os, const struct tbl_game *g,
    char *const *words, int n, char *err, size_t errlen);
/*
 * The values as the game's create() wants them; string values point into
 * os and stay valid until os changes.  vals has g->noptions entries.
 */
void optset_values(const struct optset *os, const struct tbl_game *g,
    struct tbl_optval *vals);
/* "key=value key=value" for the options the user set, caller frees. */
char *optset_describe(const struct optset *os, const struct tbl_game *g,
    int only_set);
void optset_copy(struct optset *dst, const struct optset *src);
void optset_free(struct optset *os);

#endif /* TABLERO_SETTINGS_H */
