/*
 * record.h - game records: a plain text file of tags and moves.
 *
 *	# tablero game record
 *	[Moves "3"]                how many moves follow (chance included)
 *	[Game "example"]
 *	[Option "size=5"]          one tag per option, every option
 *	[Seed "42"]
 *	[Chance "..."]             the chance generator's state when saved
 *	[Players "human,mcts:2000"] who played each seat
 *	[Setup "..."]              only when the game began from `setup`
 *	[Result "P wins, 3 to 1"]  "*" while the game goes on
 *	[Termination "..."]        a game a match ended before its rules
 *	                           did (a forfeit, an adjudication)
 *
 *	c2  # 1. P
 *	4   # chance
 *	# end of record
 *
 * Moves are in the plugin's notation, one turn a line; '#' starts a
 * comment.  Loading replays and verifies every move.  A record with a
 * [Moves] tag verifies itself: it must hold exactly that many moves and
 * end with the end line, so a truncated file is an error; records
 * written before these tags existed load as before.  [Chance] restores
 * the host's generator, so dice after a load continue the saved game's.
 */
#ifndef TABLERO_RECORD_H
#define TABLERO_RECORD_H

#include <stddef.h>

struct seat_spec;
struct session;
struct pluginset;
struct sbuf;

/* The line that ends a record. */
#define RECORD_END "# end of record"

/*
 * Write s to path atomically (a temporary file in the same directory,
 * then rename), with the `nseats` players of `seats` (NULL: none) in its
 * Players tag.  Returns 0, or -1 with a message naming the file.
 */
int record_save(const struct session *s, const struct seat_spec *seats,
    int nseats, const char *path, char *err, size_t errlen);

/* The text record_save() writes; the caller frees it. */
char *record_text(const struct session *s, const struct seat_spec *seats,
    int nseats);

/* The largest record load reads: 16 MiB. */
#define RECORD_MAX_BYTES (16UL << 20)

/*
 * The text of the record in path (a regular file of at most
 * RECORD_MAX_BYTES, no NUL), which the caller frees; NULL with "FILE:
 * message" in err.  What record_load() reads.
 */
char *record_read(const char *path, char *err, size_t errlen);

/*
 * Read and replay the record in path.  Returns a new session, or NULL
 * with "FILE:LINE: message" in err; nothing else changes.
 */
struct session *record_load(const char *path, struct pluginset *ps,
    char *err, size_t errlen);

/* The same, from text already in memory (name is used in messages). */
struct session *record_parse(const char *name, const char *text,
    struct pluginset *ps, char *err, size_t errlen);

/*
 * Call fn(arg, key, value) for each [Key "value"] tag that begins the
 * record text, in order, read as loading reads them (value unescaped);
 * it stops at the first line that is not a tag, a comment or blank.
 */
void record_tags(const char *text,
    void (*fn)(void *arg, const char *key, const char *value), void *arg);

#endif /* TABLERO_RECORD_H */
