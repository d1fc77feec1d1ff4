/*
 * session.h - one game in progress, played: created with its options,
 * moves read and applied all or nothing, chance outcomes drawn with the
 * host's generator, undo and redo, a setup position.  Everything the
 * REPL, records and tests do to a game goes through here, so a failed
 * operation never leaves a half-changed game.  The data it changes is in
 * sessiondata.h; what a session says in words (the players' names, a
 * move's notation, the history, the result) in sessiontext.h, below it.
 */
#ifndef TABLERO_SESSION_H
#define TABLERO_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include "core/sessiondata.h"

struct plugin;
struct sbuf;

/*
 * A new game of plugin p with the given options and seed.  Returns NULL
 * with a message in err when the game refuses the options.
 */
struct session *session_new(struct plugin *p, const struct optset *opts,
    uint64_t seed, char *err, size_t errlen);
void session_free(struct session *s);

/* The options of the next `new`: those `set` chose, else the game's own. */
const struct optset *session_next_opts(const struct session *s);

/* Keep a copy of opts as the options of the next `new`. */
void session_set_next_opts(struct session *s, const struct optset *opts);

/*
 * The legal moves (or, at a chance point, the outcomes with their
 * probabilities in s->legal.prob) of the current position, in
 * s->legal.m.
 */
int session_moves(struct session *s);

/* The moves played (history entries that are not passes). */
int session_count_moves(const struct session *s);

/* Why session_play() failed; PLAY_OK (0) when it did not. */
enum play_error {
	PLAY_OK = 0,
	PLAY_EMPTY,		/* no move in the text */
	PLAY_OVER,		/* the game is over */
	PLAY_TURN_OVER,		/* the turn ended before the text did */
	PLAY_UNREADABLE,	/* the game cannot read the text as a move */
	PLAY_ILLEGAL,		/* a move the game reads, but not legal here */
	PLAY_REFUSED		/* apply() refused a listed move (a plugin bug) */
};

/*
 * Play the moves typed in `text` (one or more moves of the same turn:
 * "b6xd6", "b6 xd6").  All or nothing: on an error the game is unchanged,
 * err says which move was wrong and why, and the result says what kind
 * of error it was.  Each applied move is appended to `out` as "NAME
 * plays MOVE" lines when out is not NULL.
 */
enum play_error session_play(struct session *s, const char *text,
    struct sbuf *out, char *err, size_t errlen);

/*
 * Say what the turn typed in `text` would do, a line a move (the game's
 * narrate() hook), without playing it: the same
 * reading and errors as session_play, and the game stays as it was.
 * See game_narrate() (game.h) for each line.
 */
enum play_error session_explain(struct session *s, const char *text,
    struct sbuf *out, char *err, size_t errlen);

/* Apply one move after checking that it is legal (history updated). */
int session_apply(struct session *s, tbl_move m, char *err, size_t errlen);

/*
 * While a chance point is to move, draw an outcome with the session's
 * generator and apply it; report them in out (NULL: nowhere) as
 * "chance: OUTCOME", or a run of several (a deal) in one line
 * "chance: +a4 +b2 +a1 (3 outcomes)", each run ended by a pass an
 * outcome forced ("P passes").
 */
void session_roll(struct session *s, struct sbuf *out);

/*
 * Take back moves: n > 0 single moves, or n == 0 one whole turn (the
 * last run of moves by one player, with the chance outcomes that followed
 * it).  Returns how many moves were taken back.
 */
int session_undo(struct session *s, int n);
/* Replay taken-back moves: n single moves, or n == 0 one turn. */
int session_redo(struct session *s, int n);

/*
 * Replace the start position by `pos` (the plugin's position string) and
 * clear the moves.  On error the game is unchanged.
 */
int session_setup(struct session *s, const char *pos, char *err,
    size_t errlen);

/* Text of the current position; caller frees. */
char *session_position(const struct session *s);

/*
 * A seat taken over by another player before the next move: `note`
 * ("seat 2 (Q): mcts:300 from here (human before)") is kept with the
 * history and written in its place in a record, as a comment line that
 * loading reads back (record.c), so a record says who played which
 * moves.
 */
void session_note_seat(struct session *s, const char *note);

#endif /* TABLERO_SESSION_H */
