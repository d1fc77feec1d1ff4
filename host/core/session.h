/*
 * session.h - one game in progress: the plugin, its options, the start
 * position, the moves played (with a redo tail), and the host's chance
 * generator.  Everything the REPL, records and tests do to a game goes
 * through here, so a failed operation never leaves a half-changed game.
 */
#ifndef TABLERO_SESSION_H
#define TABLERO_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include "base/movebuf.h"
#include "base/rng.h"
#include "core/settings.h"
#include "tablero.h"

struct plugin;
struct sbuf;

/* What the host accepts from a plugin (and MAX_PLAYERS, core/gamecall.h). */
#define MOVE_TEXT_MAX 4096		/* the text of one move */

struct session {
	struct plugin *plugin;		/* not owned */
	const struct tbl_game *g;	/* &plugin->game */
	struct optset opts;		/* the options the game was created with */
	struct optset *next;		/* `set` during play: for the next game, or NULL */
	uint64_t seed;
	struct rng rng;
	char *setup;			/* the setup position, or NULL */
	char *players;			/* who played each seat ("human,mcts"), or NULL */
	struct tbl_state *start;	/* position before the first move */
	struct tbl_state *cur;		/* position after nmoves moves */
	tbl_move *moves;		/* played moves, then the redo tail */
	int *movers;			/* who made each move (or TBL_CHANCE) */
	/* how each move ended a game of a match (the game's
	 * match_game_end()), or NULL: cap entries */
	char **ends;
	int nmoves, ntotal, cap;
	struct movebuf legal;		/* scratch: session_moves() fills it */
};

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

/* The notation of move m in position st; caller frees. */
char *session_move_text(const struct session *s, const struct tbl_state *st,
    tbl_move m);

/* Why session_play() failed; PLAY_OK (0) when it did not. */
/*
 * A pass (a player passed over because it could not move, as the game's
 * passes() hook reports it) is kept in the history as an entry of its
 * own, so that history and undo keep the turns: movers[i] is
 * SESSION_PASS(p) and moves[i] is 0.  Replaying skips it.
 */
#define SESSION_PASS(p) (-100 - (p))
#define SESSION_IS_PASS(mover) ((mover) <= -100)
#define SESSION_PASSER(mover) (-100 - (mover))

/* The moves played (history entries that are not passes). */
int session_count_moves(const struct session *s);

/* Append "P passes" lines for the passes among entries from .. nmoves-1. */
void session_say_passes(const struct session *s, int from, struct sbuf *out);

/*
 * Append "P plays TEXT" for player who's move written `text`, or
 * "P passes" when the text is exactly "pass" (a game whose pass is a move
 * of its own; the history and records keep the move text as it is).
 */
void session_say_move(const struct session *s, int who, const char *text,
    struct sbuf *out);

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
 * See narrate_move() (narrate.h) for each line.
 */
enum play_error session_explain(struct session *s, const char *text,
    struct sbuf *out, char *err, size_t errlen);

/* Apply one move after checking that it is legal (history updated). */
int session_apply(struct session *s, tbl_move m, char *err, size_t errlen);

/*
 * For each entry of the history from `from` on that ended a game of a
 * match, "game N of the match: Q wins 42-27, gains P 0, Q 15" into out,
 * N counted from the session's start, or "game N since the setup".
 */
void session_say_game_ends(const struct session *s, int from,
    struct sbuf *out);

/* Games of a match ended by the first n entries of the history. */
int session_games_ended(const struct session *s, int n);

/* What the games of a match are counted from: "game N of the match", or
 * after a setup "game N since the setup". */
#define SESSION_GAMES(s) ((s)->setup ? "since the setup" : "of the match")

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
 * The history as turns: "1. P: b6 xd6" lines (a run of chance outcomes
 * as "   chance: +a4 +b2 (2 outcomes)"), each end of a game of a match
 * after its move as "-- game 3 of the match: Q wins 42-27, gains P 0, Q
 * 15", appended to out.  With `plain`, moves only, one turn (or chance
 * outcome) a line, and the turn in a trailing comment, the end of a game
 * of a match a comment line of its own (the record format).
 */
void session_history(const struct session *s, struct sbuf *out, int plain);

/* A one-line description of the result, or NULL before the end. */
char *session_result(const struct session *s);

/* The name of player p, or "chance". */
const char *session_player(const struct session *s, int p);

#endif /* TABLERO_SESSION_H */
