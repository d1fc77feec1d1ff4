/*
 * record.h - game records: a plain text file of tags and moves.
 *
 *	# tablero game record
 *	[Game "example"]
 *	[Option "size=5"]          one tag per option, every option
 *	[Seed "42"]
 *	[Players "human,mcts:2000"] who played each seat
 *	[Setup "..."]              only when the game began from `setup`
 *	[Result "P wins, 3 to 1"]  "*" while the game goes on
 *
 *	c2  # 1. P
 *	4   # chance
 *
 * Moves are in the plugin's notation, one turn a line; '#' starts a
 * comment.  Loading replays and verifies every move.
 */
#ifndef TABLERO_RECORD_H
#define TABLERO_RECORD_H

#include <stddef.h>

struct ai_spec;
struct session;
struct pluginset;

/*
 * Write s to path atomically (a temporary file in the same directory,
 * then rename), with the `nseats` players of `seats` (NULL: none) in its
 * Players tag.  Returns 0, or -1 with a message naming the file.
 */
int record_save(const struct session *s, const struct ai_spec *seats,
    int nseats, const char *path, char *err, size_t errlen);

/*
 * Read and replay the record in path.  Returns a new session, or NULL
 * with "FILE:LINE: message" in err; nothing else changes.
 */
struct session *record_load(const char *path, struct pluginset *ps,
    char *err, size_t errlen);

/* The same, from text already in memory (name is used in messages). */
struct session *record_parse(const char *name, const char *text,
    struct pluginset *ps, char *err, size_t errlen);

#endif /* TABLERO_RECORD_H */
