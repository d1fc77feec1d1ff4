/*
 * sessiondata.h - the data of one game in progress: the plugin, its
 * options, the start position, the history of moves (with a redo tail)
 * and the host's chance generator.  session.c plays on it (and is the
 * only writer); sessiontext.c puts it into words.  Both stand on this
 * header, and the words never call the play.
 */
#ifndef TABLERO_SESSIONDATA_H
#define TABLERO_SESSIONDATA_H

#include <stddef.h>
#include <stdint.h>

#include "base/movebuf.h"
#include "base/rng.h"
#include "core/settings.h"
#include "tablero.h"

struct plugin;

/* What the host accepts from a plugin (and TBL_MAX_PLAYERS, tablero.h). */
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
	/* A record's [Result] and [Termination] when its last position does
	 * not show the result (a game a match ended: a fault, an
	 * adjudication), else NULL; the next move played drops them. */
	char *ended, *ended_why;
	struct tbl_state *start;	/* position before the first move */
	struct tbl_state *cur;		/* position after nmoves moves */
	tbl_move *moves;		/* played moves, then the redo tail */
	int *movers;			/* who made each move (or TBL_CHANCE) */
	/* how each move ended a game of a match (the game's
	 * match_game_end()), or NULL: cap entries */
	char **ends;
	/* who took over a seat before entry i (0 .. cap - 1, so that one
	 * stands after the last move too): "seat 2 (Q): mcts:300 from here
	 * (human before)", lines of several, or NULL; a record's comment */
	char **seated;
	int nmoves, ntotal, cap;
	struct movebuf legal;		/* scratch: session_moves() fills it */
};

/*
 * A pass (a player passed over because it could not move, as the game's
 * passes() hook reports it) is kept in the history as an entry of its
 * own, so that history and undo keep the turns: movers[i] is
 * SESSION_PASS(p) and moves[i] is 0.  Replaying skips it.
 */
#define SESSION_PASS(p) (-100 - (p))
#define SESSION_IS_PASS(mover) ((mover) <= -100)
#define SESSION_PASSER(mover) (-100 - (mover))

/* What the games of a match are counted from: "game N of the match", or
 * after a setup "game N since the setup". */
#define SESSION_GAMES(s) ((s)->setup ? "since the setup" : "of the match")

#endif /* TABLERO_SESSIONDATA_H */
