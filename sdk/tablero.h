/*
 * tablero.h - the Tablero plugin SDK, ABI 1.1.
 *
 * This header is the whole contract between the tablero host and a game
 * plugin.  A plugin is a shared object that includes this header only,
 * fills in one `struct tbl_game` descriptor and exports it with
 * TABLERO_PLUGIN().  The host never includes a plugin's private headers and
 * a plugin never links against the host: every service the host offers
 * reaches the plugin through `struct tbl_host`.
 *
 * Versioning.  TABLERO_ABI_MAJOR changes when an existing field or function
 * changes meaning or layout; TABLERO_ABI_MINOR grows when fields are
 * appended to the end of a struct.  The host refuses a plugin whose major
 * differs from its own or whose minor is newer than its own, and it reads a
 * descriptor field only when the descriptor's `size` says the field exists.
 *
 * Threads.  A plugin keeps no global mutable state.  Functions that take a
 * `const struct tbl_state *` may run concurrently on the same state;
 * functions that modify a state need exclusive access to that state only.
 * Distinct states (clones included) are fully independent.
 *
 * Errors.  A function that can fail returns a negative value (or NULL) and,
 * when it is given an error buffer, writes one line of text there (no
 * trailing newline, truncated to the buffer) that the host prints as is.
 * Bad input never crashes a plugin and never changes the state it was
 * applied to.
 *
 * Text buffers.  Functions that write text follow snprintf(3): they write
 * at most `len` bytes including the terminating NUL and return the length
 * the full text would have had, so the host can retry with a larger
 * buffer.  They never return a negative value.
 */
#ifndef TABLERO_H
#define TABLERO_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TABLERO_ABI_MAJOR 1
#define TABLERO_ABI_MINOR 1

/*
 * Build facts that must agree between host and plugin (after nginx's module
 * signature): the size of a move, a pointer and an option value.  The host
 * compares the plugin's string with its own at load time.
 */
#define TBL_STR_(x) #x
#define TBL_STR(x) TBL_STR_(x)
#define TABLERO_SIGNATURE \
	"tablero-abi-" TBL_STR(TABLERO_ABI_MAJOR) ":move4:ptr" \
	TBL_STR(__SIZEOF_POINTER__) ":long" TBL_STR(__SIZEOF_LONG__)

#if defined(__GNUC__)
#define TBL_EXPORT __attribute__((visibility("default")))
#else
#define TBL_EXPORT
#endif

/*
 * A move: one atomic decision, encoded by the plugin as a 32-bit integer.
 * The host treats it as an opaque token; it only compares moves for
 * equality and passes them back to the plugin that produced them.  Chance
 * outcomes are moves too.
 */
typedef uint32_t tbl_move;

/* Values of to_move() besides a player index (0 .. players-1). */
#define TBL_CHANCE (-1)	/* the host must pick a chance outcome */
#define TBL_END (-2)	/* the game is over; result() is defined */

/*
 * A generous bound on the number of legal moves in any position of any
 * plugin shipped with Tablero.  Not a hard limit: legal_moves() reports the
 * full count and the host retries with a larger buffer.
 */
#define TBL_MOVES_HINT 256

/* Error buffers the host hands to plugins are at least this long. */
#define TBL_ERRLEN 256

/* ------------------------------------------------------------------ */
/* Options (house rules)                                               */
/* ------------------------------------------------------------------ */

enum tbl_opt_type {
	TBL_OPT_BOOL,	/* yes/no, true/false, on/off, 1/0 */
	TBL_OPT_INT,	/* a decimal integer in [min, max] */
	TBL_OPT_ENUM,	/* one of `choices` */
	TBL_OPT_STRING	/* free text, at most 1023 bytes; the game checks it */
};

/*
 * One declared option.  The host validates every INI key and REPL `set`
 * against these declarations, so a plugin never parses configuration text.
 *
 * `def` is the default written as the user would write it ("yes", "12",
 * "hus"), or NULL when the default depends on other options (for example a
 * variant that supplies the board size); the game then sees the option as
 * not set and chooses.  `doc` is one line of help, no trailing period
 * required.  `choices` is a NULL-terminated list for TBL_OPT_ENUM and NULL
 * otherwise.  `min` and `max` bound TBL_OPT_INT values.
 */
struct tbl_option {
	const char *key;
	enum tbl_opt_type type;
	const char *def;
	long min, max;
	const char *const *choices;
	const char *doc;
};

/*
 * An option's value as the game receives it, one per declared option in
 * declaration order.  `set` is 1 when the value came from the user (a
 * config file, `new key=value`, `set`), 0 when it is the declared default
 * (or there is none).  For BOOL `i` is 0 or 1; for INT the number; for
 * ENUM the index into `choices`; for STRING `s` points to the text (owned
 * by the host, valid only during the call that receives it; copy what you
 * keep).  `s` is NULL for other types.
 */
struct tbl_optval {
	long i;
	const char *s;
	int set;
};

/* ------------------------------------------------------------------ */
/* Host services                                                       */
/* ------------------------------------------------------------------ */

/*
 * The host's services, handed to every function that may need them.  The
 * table is append-only: new members go at the end and bump the minor
 * version; check `size` before using a member newer than 1.0.
 */
struct tbl_host {
	uint32_t size;		/* sizeof(struct tbl_host) as built into the host */
	uint16_t abi_major;	/* the host's TABLERO_ABI_MAJOR */
	uint16_t abi_minor;	/* the host's TABLERO_ABI_MINOR */
	/* ABI 1.0 and later */
	/* Allocate; never returns NULL (the host aborts when memory runs out). */
	void *(*alloc)(size_t n);
	/* Allocate n zero bytes; never returns NULL. */
	void *(*calloc)(size_t n);
	/* Free memory from alloc/calloc; free(NULL) does nothing. */
	void (*free)(void *p);
	/* A diagnostic line for the user (printf format, no newline). */
	void (*warn)(const char *fmt, ...)
#if defined(__GNUC__)
	    __attribute__((format(printf, 1, 2)))
#endif
	    ;
};

/* ------------------------------------------------------------------ */
/* The game descriptor                                                 */
/* ------------------------------------------------------------------ */

struct tbl_state;	/* opaque to the host; each plugin defines its own */

struct tbl_game {
	/* ---- ABI 1.0 and later ---- */

	/* Short lowercase name, the plugin's file name without ".so". */
	const char *name;
	/* Human title ("Wagner's mancala family"). */
	const char *title;
	/* The plugin's own version string ("1.0"). */
	const char *version;
	/* One-paragraph description for `rules`; may contain newlines. */
	const char *rules;

	/* The declared options, `noptions` of them. */
	const struct tbl_option *options;
	int noptions;

	/*
	 * Called once after the plugin is loaded and before any other
	 * function.  Returns 0, or -1 with a message in err when the plugin
	 * cannot work with this host.  May be NULL.
	 */
	int (*init)(const struct tbl_host *host, char *err, size_t errlen);

	/*
	 * Create the start position for the given option values (one per
	 * declared option, see struct tbl_optval).  `seed` is the host's
	 * game seed; a game must not draw randomness from it (randomness goes
	 * through chance points) but may use it for anything else that must
	 * be reproducible.  Returns a new state that the caller releases with
	 * destroy(), or NULL with a message in err when the combination of
	 * options is invalid (the message names the option).
	 */
	struct tbl_state *(*create)(const struct tbl_host *host,
	    const struct tbl_optval *opts, uint64_t seed,
	    char *err, size_t errlen);

	/* A new, fully independent copy of s; release with destroy(). */
	struct tbl_state *(*clone)(const struct tbl_state *s);

	/*
	 * Overwrite dst with src.  Both must come from the same create()
	 * options (the host guarantees it).  For a flat state this is a
	 * memcpy; it lets the host reuse a state in tight loops without
	 * allocating.
	 */
	void (*copy)(struct tbl_state *dst, const struct tbl_state *src);

	/* Release a state; NULL does nothing. */
	void (*destroy)(struct tbl_state *s);

	/* Number of players, fixed for a state's lifetime (1..16). */
	int (*players)(const struct tbl_state *s);

	/* The display name of player p ("P", "North"), static storage. */
	const char *(*player_name)(const struct tbl_state *s, int p);

	/* Who decides next: a player index, TBL_CHANCE or TBL_END. */
	int (*to_move)(const struct tbl_state *s);

	/*
	 * The legal moves of the player to move, in ascending order of their
	 * encoding, without allocating.  Writes at most `cap` moves to `out`
	 * and returns the total number, which may exceed cap.  Returns 0 at
	 * the end of the game and at a chance point.  A player to move always
	 * has at least one legal move (a game without one passes or ends).
	 */
	int (*legal_moves)(const struct tbl_state *s, tbl_move *out, int cap);

	/*
	 * At a chance point: the possible outcomes and their probabilities
	 * (summing to 1), in the same cap/return convention.  `prob` may be
	 * NULL when only the outcomes are wanted.  Returns 0 elsewhere.
	 */
	int (*chance_outcomes)(const struct tbl_state *s, tbl_move *out,
	    double *prob, int cap);

	/*
	 * Play move m (a legal move or, at a chance point, an outcome).
	 * Returns 0, or -1 with the state unchanged when m is not legal.
	 */
	int (*apply)(struct tbl_state *s, tbl_move m);

	/*
	 * Parse one move from the start of `text` in the current position.
	 * Leading blanks are skipped.  On success stores the move in *m, the
	 * number of bytes consumed (including skipped blanks) in *used, and
	 * returns 0; the move need not be legal (the host checks legality).
	 * On failure returns -1 with a one-line message in err naming the text
	 * that was wrong.  The host applies a turn typed on one line
	 * ("b6xd6") move by move while text remains and the same player is to
	 * move.
	 */
	int (*parse_move)(const struct tbl_state *s, const char *text,
	    tbl_move *m, size_t *used, char *err, size_t errlen);

	/* Write the notation of move m (as parse_move reads it). */
	int (*format_move)(const struct tbl_state *s, tbl_move m,
	    char *buf, size_t len);

	/* Draw the position as text for a terminal, lines ending "\n". */
	int (*render)(const struct tbl_state *s, char *buf, size_t len);

	/* Write the canonical position string (one line, no newline). */
	int (*get_position)(const struct tbl_state *s, char *buf, size_t len);

	/*
	 * Replace the position of s by the one in `pos` (as get_position
	 * writes it).  The options of s stay.  Returns 0, or -1 with a message
	 * in err and s unchanged when the string is malformed or describes an
	 * impossible position.
	 */
	int (*set_position)(struct tbl_state *s, const char *pos,
	    char *err, size_t errlen);

	/*
	 * At the end of the game, the outcome for each player in [0, 1]
	 * written to out[0 .. players-1]: 1 for a sole winner, 0 for a loser,
	 * shared equally among tied winners (0.5 each in a two-player draw).
	 * Team games give every member the team's outcome.  Returns 0, or -1
	 * (out untouched) when the game is not over.
	 */
	int (*result)(const struct tbl_state *s, double *out);

	/*
	 * A one-line account of the result ("P wins, 40 to 8").  May be NULL;
	 * the host then describes the outcome from result().
	 */
	int (*describe_result)(const struct tbl_state *s, char *buf,
	    size_t len);

	/* ---- ABI 1.1 and later ---- */

	/*
	 * Optional (may be NULL): a static estimate of the position for the
	 * generic AI players, written as for result(): out[p] in [0, 1] is
	 * the outcome player p may expect.  Return 0, or -1 to give no
	 * estimate (the AI then plays the position out at random).  Must be
	 * cheap: the Monte Carlo player calls it at the end of shortened
	 * playouts instead of playing every game to its end.
	 */
	int (*evaluate)(const struct tbl_state *s, double *out);
};

/*
 * What the entry symbol returns.  The first four members are fixed for
 * every ABI major version so that any host can read and refuse any plugin.
 * TABLERO_PLUGIN() fills them in; a plugin never writes this by hand.
 */
struct tbl_plugin_info {
	uint16_t abi_major;
	uint16_t abi_minor;
	uint32_t size;		/* sizeof(struct tbl_game) in the plugin */
	const char *signature;	/* TABLERO_SIGNATURE in the plugin */
	const struct tbl_game *game;
};

/* The name of the one exported entry symbol. */
#define TABLERO_ENTRY_SYMBOL "tablero_plugin"

typedef const struct tbl_plugin_info *(*tbl_entry_fn)(void);

/*
 * Export `desc` (a `static const struct tbl_game`) as this plugin's game,
 * stamping the ABI version, descriptor size and signature it was built
 * with.  Use exactly once per plugin, at file scope.
 */
#define TABLERO_PLUGIN(desc)						\
	TBL_EXPORT const struct tbl_plugin_info *tablero_plugin(void);	\
	TBL_EXPORT const struct tbl_plugin_info *tablero_plugin(void)	\
	{								\
		static const struct tbl_plugin_info info_ = {		\
			TABLERO_ABI_MAJOR, TABLERO_ABI_MINOR,		\
			(uint32_t)sizeof(struct tbl_game),		\
			TABLERO_SIGNATURE, &(desc)			\
		};							\
		return &info_;						\
	}

/* ------------------------------------------------------------------ */
/* Small helpers for plugins (header-only, no state)                   */
/* ------------------------------------------------------------------ */

/*
 * Append formatted text to a snprintf-style buffer: *pos counts the bytes
 * the full text needs so far, whether or not they fit.  Used by render and
 * get_position implementations:
 *
 *	size_t n = 0;
 *	tbl_bprintf(buf, len, &n, "%d,", x);
 *	return (int)n;
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/*
 * For the common plugin whose whole state is one flat struct tbl_state
 * with a member `const struct tbl_host *host` (set by create): define the
 * static functions PREFIX_clone (a host allocation and a memcpy),
 * PREFIX_copy (a memcpy) and PREFIX_destroy for the descriptor:
 *
 *	TBL_FLAT_STATE_FUNCTIONS(ex)
 *	... .clone = ex_clone, .copy = ex_copy, .destroy = ex_destroy, ...
 */
#define TBL_FLAT_STATE_FUNCTIONS(prefix)				\
	static struct tbl_state *					\
	prefix##_clone(const struct tbl_state *s_)			\
	{								\
		struct tbl_state *c_ = (struct tbl_state *)		\
		    s_->host->alloc(sizeof *c_);			\
		memcpy(c_, s_, sizeof *c_);				\
		return c_;						\
	}								\
	static void							\
	prefix##_copy(struct tbl_state *d_, const struct tbl_state *s_)	\
	{								\
		memcpy(d_, s_, sizeof *d_);				\
	}								\
	static void							\
	prefix##_destroy(struct tbl_state *s_)			\
	{								\
		if (s_ != NULL)						\
			s_->host->free(s_);				\
	}

static inline void
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
tbl_bprintf(char *buf, size_t len, size_t *pos, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vsnprintf(*pos < len ? buf + *pos : NULL,
	    *pos < len ? len - *pos : 0, fmt, ap);
	va_end(ap);
	if (r > 0)
		*pos += (size_t)r;
}

/* Write a one-line error message to err (which may be NULL). */
static inline void
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
tbl_error(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL || errlen == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

#ifdef __cplusplus
}
#endif

#endif /* TABLERO_H */
