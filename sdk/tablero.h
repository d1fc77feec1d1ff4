/*
 * tablero.h - the Tablero plugin SDK, ABI 1.4.
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
 * A new member opens the next minor version, in a section of its own
 * ("ABI 1.4 and later"); members are never added to a released section
 * (1.3 grew in five steps without a bump, so a 1.3 descriptor may end
 * anywhere from end_kind to match_game_end).
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
#define TABLERO_ABI_MINOR 4

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
 * The most players a game may have: players() is 1 .. TBL_MAX_PLAYERS.
 * The host refuses a game with more, and holds as many seats in every
 * file it writes (records, match and survey results).
 */
#define TBL_MAX_PLAYERS 16

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
	/* ABI 1.2 and later (read it only through TBL_HOST_HAS) */
	/*
	 * The directory of the data files shipped with tablero: the installed
	 * pkgdatadir, or the source tree's conf/ when tablero runs from its
	 * build tree.  A plugin reads its own files below it, in a
	 * subdirectory named after the game (DIR/yucata/pairs.layout).  Never
	 * NULL; the string lives as long as the host.
	 */
	const char *(*data_dir)(void);
	/* ABI 1.4 and later (read them only through TBL_HOST_HAS) */
	/*
	 * Read file `name` of game `game`'s data directory, data_dir()/GAME/
	 * NAME, whole: a new text of *len bytes (NULs included) and a
	 * terminating NUL, which the plugin releases with free() above.
	 * `game` is the plugin's own name (its descriptor's); `name` is a
	 * file name, never a path: not empty, no '/', not "." or "..".  Only
	 * a regular file of at most `max` bytes (max > 0) is read: a FIFO, a
	 * device or a larger file is refused, without blocking (a symbolic
	 * link is followed to what it names).  Returns the text, or
	 * NULL with one line in err naming the file and the reason
	 * ("DIR/recuay/x.board: cannot open: No such file or directory");
	 * errno is then ENOENT when, and only when, there is no such file.
	 */
	char *(*open_data)(const char *game, const char *name, size_t max,
	    size_t *len, char *err, size_t errlen);
	/*
	 * The same for a file the user named (an option's value): `path` as
	 * given, relative to the current directory, with the same bound,
	 * refusals, text, messages and errno.
	 */
	char *(*open_file)(const char *path, size_t max, size_t *len,
	    char *err, size_t errlen);
};

/*
 * Does the host table h have member m?  An older host's table is shorter:
 * TBL_HOST_HAS(host, data_dir) is false under a tablero of ABI 1.1.
 */
#define TBL_HOST_HAS(h, m) \
	((h)->size >= offsetof(struct tbl_host, m) + sizeof((h)->m) && (h)->m != NULL)

/* ------------------------------------------------------------------ */
/* The game descriptor                                                 */
/* ------------------------------------------------------------------ */

struct tbl_state;	/* opaque to the host; each plugin defines its own */
struct tbl_rng;		/* the host's generator (tbl_rng_below, below) */
struct tbl_draw;	/* the host's drawing functions, see "Diagrams" */

/*
 * A position as a dense numbering places it (ABI 1.4: the dense hooks of
 * struct tbl_game).  `end` says whether the game goes on there; for a
 * position in play, `level` and `index` number it, and `taken` is the
 * part of the score the numbering leaves out: what player 0 has taken
 * (men captured, points banked) less what player 1 has.  An end by the
 * score is won by player 0 when taken + margin > 0, where `margin` is
 * player 0's score still on the board less player 1's (0 where what is
 * on the board counts for nobody); drawn when it is 0.
 *
 * `cycle` (in play) says how a solver values play that never ends from
 * the position: 0, a draw whatever was taken; 1, as an end by the score
 * with `margin` what the men on the board then give (Awari's reading:
 * each side takes the men on its own side).  The host zeroes the whole
 * struct before it asks, so a plugin built before `cycle` gives 0.
 */
enum tbl_dense_end {
	TBL_DENSE_PLAY,		/* in play: level, index, taken */
	TBL_DENSE_SCORE,	/* over, decided by taken + margin */
	TBL_DENSE_WON0,		/* over, won by player 0 whatever was taken */
	TBL_DENSE_WON1,		/* over, won by player 1 whatever was taken */
	TBL_DENSE_DRAW		/* over, drawn whatever was taken */
};
struct tbl_dense {
	int end;		/* enum tbl_dense_end */
	int level;
	uint64_t index;
	int taken;
	int margin;
	int cycle;		/* in play: endless play scored by margin */
};

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

	/* Number of players, fixed for a state's lifetime (1..TBL_MAX_PLAYERS). */
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

	/* ---- ABI 1.2 and later ---- */

	/*
	 * Optional (may be NULL): why move m, as parse_move() read it in s,
	 * is not legal there ("f1 is empty", "g2 is taken", "the knife was
	 * played last turn").  Called only for a move that is not among the
	 * legal moves of s.  Writes one line (no newline, no full stop) and
	 * returns its length as snprintf does, or returns 0 to say nothing
	 * (the host then says only that the move is illegal).
	 */
	int (*explain_illegal)(const struct tbl_state *s, tbl_move m,
	    char *buf, size_t len);

	/*
	 * Optional (may be NULL): the value in effect in s of declared
	 * option `opt` (an index into options), written as a user would
	 * write it ("12", "yes", "hus"), so that `options` can show what the
	 * game chose for an option the user left to it.  Returns the length
	 * as snprintf does, or 0 when the game has no value to show.
	 */
	int (*option_value)(const struct tbl_state *s, int opt, char *buf,
	    size_t len);

	/*
	 * Optional (may be NULL): the players whose turn was passed over
	 * because they could not move, when move m took position `before`
	 * to `after` (after = before with m applied).  Writes at most cap
	 * player indices to out, in the order their turns were passed, and
	 * returns how many passed (0 when nobody did).  The host shows
	 * and records each pass, so that history and undo keep the turns.
	 * A game whose passes are moves of their own does not need it: the
	 * host shows a move whose formatted text is exactly "pass" as
	 * "P passes" (not "P plays pass"); history and records keep the
	 * move text "pass" as it is.
	 */
	int (*passes)(const struct tbl_state *before, tbl_move m,
	    const struct tbl_state *after, int *out, int cap);

	/* ---- ABI 1.3 and later ---- */

	/*
	 * Optional (may be NULL): one line saying what the legal move m (or,
	 * at a chance point, the outcome m) does when played in s: "a1: 2
	 * laps, relayed at b3; the last man made four at a4 and took it".
	 * The text must come from the code that plays the move (for example
	 * apply() writing to a narration sink that narrate() passes and
	 * apply() does not), never from a second model of the rules that
	 * could disagree with it.  Called only for a move that is legal in s.
	 * Writes one line (no newline, no full stop) and returns its length
	 * as snprintf does, or 0 when there is nothing to say beyond the
	 * move's notation.  The host's `explain` shows it for the last move
	 * played and for a legal move asked about.
	 */
	int (*narrate)(const struct tbl_state *s, tbl_move m, char *buf,
	    size_t len);

	/*
	 * Optional (may be NULL): why the game in s ended, called only when
	 * to_move(s) is TBL_END.  Returns TBL_END_RULES when the game ended
	 * by its rules (a win, a draw, a position without moves), or
	 * TBL_END_LIMIT when the game's own turn or lap limit cut it short
	 * (an option such as turn_limit).  The host counts limit ends apart
	 * from rule ends in bench, survey, match and check; a game without
	 * this hook has every end counted as an end by the rules.
	 */
	int (*end_kind)(const struct tbl_state *s);

	/*
	 * Optional (may be NULL): describe position s as a diagram, saying
	 * what is where through the drawing functions of d (see "Diagrams"
	 * below); the host draws it (SVG, HTML pages).  `before` and `last`
	 * are the last move made by a player and the position it was played
	 * in, so that the diagram can mark the cells it moved from and to;
	 * chance outcomes may have followed it.  before is NULL at the start
	 * of a game (last is then 0).  Returns 0, or -1 when the plugin has
	 * no diagram for this position (the host then says so).  The
	 * picture depends only on s, before and last: the same for a clone
	 * of s and for s read back from its position string.
	 */
	int (*diagram)(const struct tbl_state *s, const struct tbl_state *before,
	    tbl_move last, const struct tbl_draw *d);

	/*
	 * Position keys, for exact solving (`tablero solve`): a key is a
	 * byte string that two positions share exactly when they are the
	 * same position, with the same future under the same options.  A
	 * key leaves out counters that serve only limits (a turn count);
	 * such a limit must then be off.  A plugin offers keys in one of
	 * two ways, or not at all (solve then refuses the game):
	 *
	 * flat_key: nonzero when the whole state is flat (copy() is a
	 * memcpy) of flat_key = sizeof(struct tbl_state) bytes, and
	 * canonical: two states of games created with the same options
	 * hold the same bytes, padding included (create() zeroes the
	 * state), exactly when they are the same position.  The host then
	 * keys a position by its bytes and restores it by a copy.
	 */
	uint32_t flat_key;

	/*
	 * Optional (may be NULL): the settings that switch off the limits
	 * a key leaves out, as `key=value` words ("turn_limit=0"), ending
	 * with NULL.  solve applies each one the user did not set and says
	 * so; a user's own value other than this is refused, naming it.
	 */
	const char *const *unlimited;

	/*
	 * Optional (may be NULL, or all three set): packed keys.
	 * key_size() returns the length in bytes (1 to 4096) of the key of
	 * every position of games created with s's options, or -1 with a
	 * message in err when these options allow no key (name the option
	 * to change).  The host then hands get_key() and set_key() that
	 * length as `len`, for the positions of that game.  get_key()
	 * writes the key of s, exactly len bytes: 0, or -1 when s does not
	 * fit in len bytes (a position with more men than the one
	 * key_size() was asked about).  set_key() replaces the position of
	 * s by the one of `key` (as get_key() wrote it, with the same len,
	 * for a state of the same options): 0, or -1 with s unchanged when
	 * the key is malformed.
	 */
	int (*key_size)(const struct tbl_state *s, char *err, size_t errlen);
	int (*get_key)(const struct tbl_state *s, unsigned char *key,
	    size_t len);
	int (*set_key)(struct tbl_state *s, const unsigned char *key,
	    size_t len);

	/*
	 * Optional (may be NULL): play a random move in s without listing
	 * the moves, for random playouts (bench, the Monte Carlo players).
	 * With n the number of moves legal_moves() would return in s, call
	 * below(rng, n) exactly once (it returns k, 0 <= k < n), play the
	 * k-th of those moves (from 0, in legal_moves() order) as apply()
	 * would, and return n.  Or return 0, without calling below() and
	 * with s unchanged, for a position this way does not take (the end,
	 * a chance point, or any position the plugin leaves to legal_moves()
	 * and apply()).  Either way the game goes on exactly as listing the
	 * moves and applying the k-th would; `tablero check` holds it to
	 * that.
	 */
	int (*play_random)(struct tbl_state *s,
	    uint32_t (*below)(void *rng, uint32_t n), void *rng);

	/*
	 * Optional (may be NULL): for a game that plays a match of several
	 * games in one state (an option such as match_target), whether the
	 * legal move m, played in s, ends one game of the match, the last
	 * one too.  If it does, write one line on how that game ended, "Q
	 * wins 42-27, gains P 0, Q 15" (no newline, no full stop), and
	 * return its length as snprintf does; return 0 when it does not.
	 * As for narrate(), the answer must come from the code that plays
	 * the move.  The host numbers the games from these ends ("game 3 of
	 * the match: ...") and marks them as played, in `history` and in
	 * saved records.
	 */
	int (*match_game_end)(const struct tbl_state *s, tbl_move m, char *buf,
	    size_t len);

	/* ---- ABI 1.4 and later ---- */

	/*
	 * A plugin stamped 1.4 has every member above (the whole of 1.3).
	 * New optional hooks go below, each with its comment; see HACKING,
	 * "A new hook".
	 */

	/*
	 * Optional (may be NULL, or all four set): a dense numbering of the
	 * positions by level, for solving one level after another
	 * (`tablero solve --method dense`, tablero-solve(1)).  The positions of a
	 * game are split into levels 0 .. n-1 (mancala: the men on the
	 * board) such that every move from a position of level L reaches a
	 * position of level L or lower, or an end; within level L they are
	 * numbered 0 .. size-1 without gaps.  The numbering leaves out what
	 * has been taken (struct tbl_dense), so that a position's future
	 * depends on its number alone.  A number may name a position no game
	 * reaches; it must still be a position the plugin plays.
	 *
	 * dense_levels() returns n for games of s's options and s's men, or
	 * -1 with a message in err when these options are not numbered
	 * (name the option to change).  The host calls it before the other
	 * three, from one thread.  dense_size() returns the positions of
	 * `level` (0 <= level < n), 0 when it is out of range.  dense_set()
	 * replaces the position of s by position `index` of `level`,
	 * nothing taken yet: 0, or -1 with s unchanged when there is no such
	 * position.  dense_index() describes s in *out: 0, or -1 when s is
	 * not numbered (a chance point, a choice the numbering leaves out).
	 * The host holds the plugin to these with a test (the round trip of
	 * every index of a level, and every move's level).
	 */
	int (*dense_levels)(const struct tbl_state *s, char *err,
	    size_t errlen);
	uint64_t (*dense_size)(const struct tbl_state *s, int level);
	int (*dense_set)(struct tbl_state *s, int level, uint64_t index);
	int (*dense_index)(const struct tbl_state *s, struct tbl_dense *out);

	/*
	 * Optional (may be NULL): play random moves on from s, as many as
	 * play_random() would play one call after another, for whole random
	 * playouts in one call (bench, the Monte Carlo players).  Each move
	 * is the one listing the n legal moves (legal_moves() order) and
	 * applying the k-th plays, k = tbl_rng_below(rng, n) drawn once a
	 * move from the host's generator `rng` (the SDK's, below, inline),
	 * which is left as those draws leave it.  Stop at the end of the
	 * game, at a chance point, after `cap` moves (cap >= 1), or at any
	 * position the plugin leaves to legal_moves() and apply(), without
	 * drawing there; return the moves played, 0 to cap.  The host then
	 * plays on by listing (or asks again after the next move), so a
	 * game goes on exactly as listing the moves and applying the drawn
	 * one would, with the same draws: the same games for the same seed
	 * as without the hook.  `tablero check` holds it to that.
	 */
	long (*playout)(struct tbl_state *s, struct tbl_rng *rng, long cap);
};

/* Values of end_kind(). */
#define TBL_END_RULES 0	/* ended by the rules of the game */
#define TBL_END_LIMIT 1	/* cut short by the game's own turn or lap limit */

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

/*
 * The host's random generator (xoshiro256**, Blackman and Vigna 2018),
 * here so that a plugin's playout() draws exactly as the host does: the
 * host's own draws are these functions.  All inline, so that a playout
 * may keep a copy of the generator in registers and store it back once.
 */
struct tbl_rng {
	uint64_t s[4];
};

/* The next 64 bits. */
static inline uint64_t
tbl_rng_next(struct tbl_rng *r)
{
	uint64_t *s = r->s;
	uint64_t x = s[1] * 5;
	uint64_t result = ((x << 7) | (x >> 57)) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = (s[3] << 45) | (s[3] >> 19);
	return result;
}

/*
 * Uniform in [0, n), n > 0, without modulo bias: Lemire's multiply-shift
 * on the top 32 bits of a draw, rejecting the biased low range (rarely
 * entered, and then drawing again).
 */
static inline uint32_t
tbl_rng_below(struct tbl_rng *r, uint32_t n)
{
	uint64_t m = (uint64_t)(uint32_t)(tbl_rng_next(r) >> 32) * n;

	if ((uint32_t)m < n) {
		uint32_t t = (uint32_t)(-n) % n;

		while ((uint32_t)m < t)
			m = (uint64_t)(uint32_t)(tbl_rng_next(r) >> 32) * n;
	}
	return (uint32_t)(m >> 32);
}

/* ------------------------------------------------------------------ */
/* Text toolkit (header-only, after Lua's lauxlib)                     */
/* ------------------------------------------------------------------ */

/*
 * Every plugin reads move text and position strings with these helpers, so
 * that all games treat blanks, numbers, field names and square names the
 * same way.  None of them allocates or keeps state; all of them accept any
 * bytes (bad input is reported, never read past its terminating NUL).
 *
 * Blanks are space, tab, carriage return and newline: a word is a maximal
 * run of other bytes.
 *
 *	struct tbl_word w;
 *	const char *p = text;
 *	while (tbl_next_word(&p, &w))
 *		printf("%.*s\n", (int)w.len, w.p);
 */

/* Nonzero for a blank byte: space, tab, carriage return or newline. */
static inline int
tbl_is_blank(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* The first byte at or after s that is not a blank. */
static inline const char *
tbl_skip_blanks(const char *s)
{
	while (tbl_is_blank((unsigned char)*s))
		s++;
	return s;
}

/* The length of the word starting at s (0 when s is at a blank or NUL). */
static inline size_t
tbl_word_len(const char *s)
{
	size_t k = 0;

	while (s[k] != '\0' && !tbl_is_blank((unsigned char)s[k]))
		k++;
	return k;
}

/* A word of a longer text: not NUL-terminated, `len` bytes at `p`. */
struct tbl_word {
	const char *p;
	size_t len;
};

/*
 * Skip blanks at *s and read the next word into *w, leaving *s just after
 * it.  Returns 1, or 0 (with *s at the terminating NUL and w->len 0) when
 * only blanks remain.
 */
static inline int
tbl_next_word(const char **s, struct tbl_word *w)
{
	const char *p = tbl_skip_blanks(*s);

	w->p = p;
	w->len = tbl_word_len(p);
	*s = p + w->len;
	return w->len > 0;
}

/* Nonzero when the word is exactly the NUL-terminated text lit. */
static inline int
tbl_word_is(struct tbl_word w, const char *lit)
{
	return strlen(lit) == w.len && memcmp(w.p, lit, w.len) == 0;
}

/*
 * Read an unsigned decimal number of at most max from the start of s.
 * Returns the number of digits read (> 0) and stores the value in *v;
 * returns 0 when s does not start with a digit and -1 when the number
 * exceeds max (*v untouched in both cases).  Signs and blanks are not
 * skipped: "-3" and " 3" are not numbers.
 */
static inline int
tbl_read_uint(const char *s, unsigned long max, unsigned long *v)
{
	unsigned long x = 0;
	int i = 0;

	if (s[0] < '0' || s[0] > '9')
		return 0;
	for (; s[i] >= '0' && s[i] <= '9'; i++) {
		unsigned long d = (unsigned long)(s[i] - '0');

		if (d > max || x > (max - d) / 10)
			return -1;
		x = x * 10 + d;
	}
	*v = x;
	return i;
}

/*
 * The whole word w as a number of at most max: returns 0 and stores *v,
 * -1 when w is not all digits, -2 when the number exceeds max.
 */
static inline int
tbl_word_uint(struct tbl_word w, unsigned long max, unsigned long *v)
{
	unsigned long x = 0;
	size_t i;

	if (w.len == 0)
		return -1;
	for (i = 0; i < w.len; i++)
		if (w.p[i] < '0' || w.p[i] > '9')
			return -1;
	for (i = 0; i < w.len; i++) {
		unsigned long d = (unsigned long)(w.p[i] - '0');

		if (d > max || x > (max - d) / 10)
			return -2;
		x = x * 10 + d;
	}
	*v = x;
	return 0;
}

/*
 * A `key=value` field of a position string.  tbl_field_split() cuts word w
 * at its first '=': returns 1 and fills *f, or 0 when w has no '=' (the
 * key is then empty and the value is the whole word).
 */
struct tbl_field {
	struct tbl_word key;
	struct tbl_word val;
};

static inline int
tbl_field_split(struct tbl_word w, struct tbl_field *f)
{
	const char *eq = (const char *)memchr(w.p, '=', w.len);

	if (eq == NULL) {
		f->key.p = w.p;
		f->key.len = 0;
		f->val = w;
		return 0;
	}
	f->key.p = w.p;
	f->key.len = (size_t)(eq - w.p);
	f->val.p = eq + 1;
	f->val.len = w.len - f->key.len - 1;
	return 1;
}

/*
 * Find the field's key in `keys`, a NULL-terminated list of at most 32
 * names, and mark it in *seen (bit i for keys[i]; start from 0).  Returns
 * the index, or -1 with a message in err when the key is unknown (the
 * message lists the known keys) or was already seen ("hand= given
 * twice").
 */
static inline int
tbl_field_lookup(const struct tbl_field *f, const char *const *keys,
    uint32_t *seen, char *err, size_t errlen)
{
	int i;

	for (i = 0; keys[i] != NULL && i < 32; i++) {
		if (!tbl_word_is(f->key, keys[i]))
			continue;
		if (*seen & ((uint32_t)1 << i)) {
			tbl_error(err, errlen, "%s= given twice", keys[i]);
			return -1;
		}
		*seen |= (uint32_t)1 << i;
		return i;
	}
	if (err != NULL && errlen > 0) {
		size_t n = 0;

		tbl_bprintf(err, errlen, &n, "unknown field '%.*s=' (expected",
		    (int)f->key.len, f->key.p);
		for (i = 0; keys[i] != NULL && i < 32; i++)
			tbl_bprintf(err, errlen, &n, "%s %s=",
			    i == 0 ? "" : keys[i + 1] == NULL ? " or" : ",",
			    keys[i]);
		tbl_bprintf(err, errlen, &n, ")");
	}
	return -1;
}

/*
 * Square names: a file letter 'a', 'b', ... followed by a rank number
 * 1, 2, ... ("c3", "a12").  tbl_read_square() reads one at the start of
 * s on a board of `files` files (at most 26) and `ranks` ranks: returns
 * the bytes read (> 0) and stores the 0-based file and rank; returns 0
 * when s does not start with a lowercase letter followed by a digit (not
 * a square name at all), and -1 when it does but names no square of this
 * board ("k3" on 8 files, "a0", "a012", "a9" on 8 ranks).  The rank
 * digits are read greedily: "a10b" reads "a10".
 */
static inline int
tbl_read_square(const char *s, int files, int ranks, int *file, int *rank)
{
	unsigned long r;
	int k;

	if (s[0] < 'a' || s[0] > 'z' || s[1] < '0' || s[1] > '9')
		return 0;
	k = tbl_read_uint(s + 1, 1000000UL, &r);
	if (k < 0)
		return -1;
	if (s[0] - 'a' >= files || s[1] == '0' || r < 1 ||
	    r > (unsigned long)ranks)
		return -1;
	*file = s[0] - 'a';
	*rank = (int)r - 1;
	return 1 + k;
}

/* Write the name of the square (0-based file, rank), snprintf-style. */
static inline int
tbl_write_square(char *buf, size_t len, int file, int rank)
{
	return snprintf(buf, len, "%c%d", 'a' + file, rank + 1);
}

/*
 * An option's value when the user set it, else `dflt`: for options
 * declared without a default (def NULL), whose value the game chooses,
 * for example from a variant.
 */
static inline long
tbl_opt_or(const struct tbl_optval *opts, int i, long dflt)
{
	return opts[i].set ? opts[i].i : dflt;
}

/* The same for a string option. */
static inline const char *
tbl_opt_str_or(const struct tbl_optval *opts, int i, const char *dflt)
{
	return opts[i].set && opts[i].s != NULL ? opts[i].s : dflt;
}

/*
 * Bits: the number of set bits of x, and the index of the lowest set bit
 * of x (x must not be 0).  GNU compilers get their builtins; others a
 * portable loop.
 */
static inline int
tbl_popcount64(uint64_t x)
{
#if defined(__GNUC__)
	return __builtin_popcountll(x);
#else
	int n = 0;

	for (; x != 0; x &= x - 1)
		n++;
	return n;
#endif
}

static inline int
tbl_lowbit64(uint64_t x)
{
#if defined(__GNUC__)
	return __builtin_ctzll(x);
#else
	int n = 0;

	while (!(x & 1)) {
		x >>= 1;
		n++;
	}
	return n;
#endif
}

/*
 * Processors: whether pdep and pext (BMI2) run fast here, for a plugin
 * that chooses at run time between code built for them and portable
 * code.  They are fast on Intel processors (from Haswell, the first with
 * BMI2) and on AMD's from family 19h (Zen 3) on; AMD's before (family
 * 17h, Zen and Zen 2; Hygon's family 18h) run them as microcode, some
 * hundreds of cycles, slower than the portable code.
 *
 * tbl_pdep_fast_on() is the decision, from the vendor (TBL_CPU_...),
 * the family as cpuid reports it (the base family, plus the extended
 * family when the base is 0xF) and whether BMI2 and POPCNT are there;
 * tbl_pdep_fast() asks this processor (cpuid, GCC and Clang on x86-64;
 * 0 elsewhere).  Call it once, when the plugin loads or creates a game,
 * and keep the answer.
 */
#define TBL_CPU_OTHER 0
#define TBL_CPU_INTEL 1
#define TBL_CPU_AMD 2

static inline int
tbl_pdep_fast_on(int vendor, unsigned family, int bmi2_popcnt)
{
	if (!bmi2_popcnt)
		return 0;
	return vendor == TBL_CPU_INTEL ||
	    (vendor == TBL_CPU_AMD && family >= 0x19);
}

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#include <cpuid.h>

static inline int
tbl_pdep_fast(void)
{
	unsigned a, b, c, d, family, vendor = TBL_CPU_OTHER, max;
	int bmi2, popcnt;

	if (!__get_cpuid(0, &max, &b, &c, &d) || max < 7)
		return 0;
	/* "GenuineIntel", "AuthenticAMD" in ebx, edx, ecx. */
	if (b == 0x756e6547 && d == 0x49656e69 && c == 0x6c65746e)
		vendor = TBL_CPU_INTEL;
	else if (b == 0x68747541 && d == 0x69746e65 && c == 0x444d4163)
		vendor = TBL_CPU_AMD;
	__cpuid(1, a, b, c, d);
	family = (a >> 8) & 0xF;
	if (family == 0xF)
		family += (a >> 20) & 0xFF;
	popcnt = (c >> 23) & 1;
	__cpuid_count(7, 0, a, b, c, d);
	bmi2 = (b >> 8) & 1;
	return tbl_pdep_fast_on((int)vendor, family, bmi2 && popcnt);
}
#else
static inline int
tbl_pdep_fast(void)
{
	return 0;
}
#endif

/*
 * A narration sink, for narrate() (ABI 1.3): the words of a move must
 * come from the code that plays it.  A state keeps a pointer to one,
 * NULL but while narrate() plays the move on a copy of the state; the
 * rules say what they do as they do it with TBL_TELL(s, fmt, ...), each
 * phrase after "; ", kept to the buffer's 511 bytes.  tbl_told() gives
 * the phrases without the first "; ", or NULL when nothing was told.
 *
 *	struct tbl_state { ...; struct tbl_tell *tell; ... };
 *	TBL_TELL(s, "it captures %s", square);	in the rules
 *
 *	struct tbl_tell tell = { "", 0 };	in narrate(), on a copy t
 *	t.tell = &tell; play(&t, m); t.tell = NULL;
 *	if (tbl_told(&tell) != NULL)
 *		tbl_bprintf(buf, len, &n, ": %s", tbl_told(&tell));
 */
struct tbl_tell {
	char buf[512];
	size_t n;		/* as tbl_bprintf() counts */
};

#define TBL_TELL(s, ...) do {						\
		if ((s)->tell != NULL)					\
			tbl_bprintf((s)->tell->buf, sizeof (s)->tell->buf, \
			    &(s)->tell->n, "; " __VA_ARGS__);		\
	} while (0)

static inline const char *
tbl_told(const struct tbl_tell *t)
{
	return t->n > 2 ? t->buf + 2 : NULL;
}

/* ------------------------------------------------------------------ */
/* Diagrams (ABI 1.3): what is where, for the host to draw             */
/* ------------------------------------------------------------------ */

/*
 * A plugin's diagram() hook states the board's geometry and the position
 * on it; the host turns that into pictures (SVG, HTML), so a plugin never
 * writes a picture format.  The hook calls the tbl_draw_* helpers below,
 * in any order except that a cell is declared before it is used:
 *
 *	tbl_draw_frame(d, 7, 3);			the board is 7 x 3 units
 *	tbl_draw_cell(d, 0, 0.5, 0.5, 1, 1, TBL_CELL_HOLE, "a1");
 *	tbl_draw_line(d, 0, 1);				a line between cells
 *	tbl_draw_piece(d, 0, 1, 1, NULL);		a piece of player 1
 *	tbl_draw_mark(d, 0, TBL_MARK_TO);		the last move ended here
 *	tbl_draw_side(d, 0, 3.5, 2.8);			player 0's name here
 *
 * Coordinates are board units (the host scales them), x to the right and
 * y downwards, from (0,0) to the frame's (w,h).  Cells are identified by
 * a number the plugin chooses (0 .. 65535), unique within one diagram.
 * Text arguments are copied by the host during the call; each is one
 * line of printable UTF-8 of at most 80 bytes (the host cuts a longer
 * one, and `tablero check` fails it).
 */

/* The shape of a cell. */
enum tbl_cell_shape {
	TBL_CELL_POINT,		/* an intersection of lines: a small dot */
	TBL_CELL_HOLE,		/* a pit or hole: an ellipse of w x h */
	TBL_CELL_SQUARE,	/* a square or rectangular space of w x h */
	TBL_CELL_STORE		/* a store, a home: a rounded w x h */
};

/* What a mark on a cell means. */
enum tbl_mark {
	TBL_MARK_FROM,		/* the last move left this cell */
	TBL_MARK_TO,		/* the last move reached or changed this cell */
	TBL_MARK_SHADE,		/* the cell is out of play (wiped, blocked) */
	TBL_MARK_SPECIAL	/* a cell with a rule of its own (a safe space) */
};

/* Player number of a piece that belongs to nobody (mancala seeds). */
#define TBL_SIDE_NONE (-1)

struct tbl_draw {
	uint32_t size;		/* sizeof(struct tbl_draw) as built into the host */
	void *ctx;		/* the host's; passed back to every function */
	/* ABI 1.3 and later */
	void (*frame)(void *ctx, double w, double h);
	void (*cell)(void *ctx, int id, double x, double y, double w,
	    double h, int shape, const char *name);
	void (*line)(void *ctx, int a, int b);
	void (*piece)(void *ctx, int cell, int side, int count,
	    const char *kind);
	void (*mark)(void *ctx, int cell, int mark);
	void (*text)(void *ctx, double x, double y, const char *text);
	void (*side)(void *ctx, int player, double x, double y);
};

#define TBL_DRAW_HAS(d, m) \
	((d)->size >= offsetof(struct tbl_draw, m) + sizeof((d)->m) && (d)->m != NULL)

/* The board's extent: w x h units.  Call once, first. */
static inline void
tbl_draw_frame(const struct tbl_draw *d, double w, double h)
{
	if (TBL_DRAW_HAS(d, frame))
		d->frame(d->ctx, w, h);
}

/*
 * Cell `id` centred at (x, y), w x h units, of the given shape, called
 * `name` in moves ("c3"; NULL or "" for a cell moves do not name).
 */
static inline void
tbl_draw_cell(const struct tbl_draw *d, int id, double x, double y,
    double w, double h, enum tbl_cell_shape shape, const char *name)
{
	if (TBL_DRAW_HAS(d, cell))
		d->cell(d->ctx, id, x, y, w, h, (int)shape, name);
}

/* A line of the board between the centres of cells a and b. */
static inline void
tbl_draw_line(const struct tbl_draw *d, int a, int b)
{
	if (TBL_DRAW_HAS(d, line))
		d->line(d->ctx, a, b);
}

/*
 * Pieces on cell `cell`: `count` of them (the host writes the number when
 * it is not 1) belonging to player `side`, or TBL_SIDE_NONE for nobody's.
 * `kind` is a short tag drawn on the piece ("K" for a king, "A" for an
 * amulet), or NULL.  Nobody's pieces without a kind are counters, such as
 * seeds in a pit: the host writes only their number, 0 included; with a
 * kind (even "") it draws a neutral piece.  Several calls on one cell
 * stand side by side.
 */
static inline void
tbl_draw_piece(const struct tbl_draw *d, int cell, int side, int count,
    const char *kind)
{
	if (TBL_DRAW_HAS(d, piece))
		d->piece(d->ctx, cell, side, count, kind);
}

/* Mark cell `cell` (enum tbl_mark). */
static inline void
tbl_draw_mark(const struct tbl_draw *d, int cell, enum tbl_mark mark)
{
	if (TBL_DRAW_HAS(d, mark))
		d->mark(d->ctx, cell, (int)mark);
}

/* A caption centred at (x, y): a throw, a count in hand, a title. */
static inline void
tbl_draw_text(const struct tbl_draw *d, double x, double y, const char *text)
{
	if (TBL_DRAW_HAS(d, text))
		d->text(d->ctx, x, y, text);
}

/*
 * Player `player`'s side of the board: the host writes the player's name
 * centred at (x, y), in that player's colour, marked when it is to move.
 */
static inline void
tbl_draw_side(const struct tbl_draw *d, int player, double x, double y)
{
	if (TBL_DRAW_HAS(d, side))
		d->side(d->ctx, player, x, y);
}

#ifdef __cplusplus
}
#endif

#endif /* TABLERO_H */
