/*
 * app.h - the REPL's own state (struct app: the game in progress, who
 * plays each seat, their players, the journal) beside the core's struct
 * host, and the operations on the game in progress that the commands and
 * the REPL share: starting a game, who plays each seat, letting computer
 * seats move, the status line and the prompt.
 *
 * Like the commands, these functions write what they have to say into an
 * sbuf and their errors into err; they never print.
 */
#ifndef TABLERO_APP_H
#define TABLERO_APP_H

#include <stddef.h>
#include <stdint.h>

#include "ai/ai.h"
#include "core/host.h"
#include "core/seat.h"
#include "core/session.h"

struct journal;
struct repl_solved;
struct session;
struct sbuf;

/* The REPL's state: its game and seats, on the host it was given. */
struct app {
	struct host *host;		/* configuration, plugins, seed */
	struct session *sess;		/* the game in progress, or NULL */
	int chance_manual;		/* users type chance outcomes */
	int quit;			/* set by `quit` */
	int exit_status;		/* `quit N`: N; else -1 */
	struct seat_spec seats[TBL_MAX_PLAYERS]; /* who plays each seat */
	struct journal *journal;	/* the autosave journal, or NULL */
	/*
	 * The computer player of each seat for `ai`, `hint` and the
	 * computer seats, kept between its moves so that it keeps its search
	 * tree (see app_player()); `games` counts app_install() calls.
	 */
	struct app_player {
		struct ai_player *p;	/* NULL: none yet */
		struct seat_spec spec;	/* what p plays as */
		unsigned long game;	/* a->games when p was made */
		int seen;		/* history entries p has been told of */
	} players[TBL_MAX_PLAYERS];
	unsigned long games;
	struct repl_solved *solved;	/* the last `solve`'s tables, or NULL */
	/* frees `solved`: set by whoever makes it (repl/solve.c) */
	void (*solved_free)(struct repl_solved *);
	/*
	 * Set on a terminal by the line reader (repl/thinking.c), else
	 * NULL: called with start 1 just before computer player p searches
	 * for seat `who` as `spec`, and with start 0 after it chose.  It may
	 * print out's text so far (emptying out) and show the progress.
	 */
	void (*thinking)(struct app *a, struct ai_player *p, int who,
	    const struct seat_spec *spec, struct sbuf *out, int start);
	int colour;	/* colour the sides in what is printed (repl/colour.h) */
};

/* A REPL on host h, with no game yet (the chance setting read). */
void app_init(struct app *a, struct host *h);

/* The seed of a session's next game when none was given: drawn from the
 * last one with the host's generator. */
uint64_t app_next_seed(uint64_t seed);

/*
 * A new session of plugin p from the options `base` and the key=value
 * words (which may override them), seeded with a->seed.  NULL with a
 * message in err; nothing changes either way.
 */
struct session *app_make_session(struct app *a, struct plugin *p,
    const struct optset *base, char **words, int nwords, char *err,
    size_t errlen);

/* Replace the game in progress by s (taking ownership of s). */
void app_install(struct app *a, struct session *s);

/*
 * The player `spec` for seat `who` of the game in progress, told of every
 * move played since it last searched, so that it searches on from the
 * subtree it kept.  A new game, an undo past what it saw, or another spec
 * gives a new player; a position it did not reach (setup, undo and other
 * moves) makes it start a new tree.  The app owns the player.
 */
struct ai_player *app_player(struct app *a, int who,
    const struct seat_spec *spec);

/*
 * Start a game of `name` (NULL: the configured default) with the
 * key=value words that override the configured options, and the seats
 * the configuration gives it; computer seats' moves go to out (NULL:
 * nowhere).
 */
int app_new_game_with(struct app *a, const char *name, char **words,
    int nwords, struct sbuf *out,
    char *err, size_t errlen);

/*
 * Set the seats from "human,mcts:2000" (an empty field is a human) for a
 * game `game` of `nplayers` players.  On error (a bad player, more fields
 * than players) a->seats is unchanged and err says why.
 */
int app_seats_from_text(struct app *a, const char *text, int nplayers,
    const char *game, char *err, size_t errlen);

/* The same, from the configuration's `seats` for the game of session s. */
int app_seats_from_config(struct app *a, const struct session *s,
    char *err, size_t errlen);

/* The player behind `ai`, `go` and `hint` for the current game. */
int app_default_ai(struct app *a, struct seat_spec *spec, char *err,
    size_t errlen);

/*
 * The AI `spec` plays one move for the side to move; reports it in out.
 * Returns 0, or -1 (nothing to play).
 */
int app_ai_move(struct app *a, const struct seat_spec *spec, struct sbuf *out);

/* Roll chance points, unless the user types their outcomes. */
void app_roll(struct app *a, struct sbuf *out);

/*
 * Is seat `who` played by a computer?  No for chance and the end (who <
 * 0), and for seats past TBL_MAX_PLAYERS, which only a human plays.
 */
int app_seat_is_computer(const struct app *a, int who);

/*
 * `play TEXT` and a move typed on its own: the moves of one turn, then
 * the computer seats' answers and the status line.  PLAY_OK, or why not
 * with a message in err (the game as it was).
 */
enum play_error app_play(struct app *a, const char *text, struct sbuf *out,
    char *err, size_t errlen);

/*
 * Let computer seats move (and the host roll chance points) until a
 * human seat is to move or the game ends; each move is reported in out.
 */
void app_autoplay(struct app *a, struct sbuf *out);

/*
 * After undo and redo, which never make computer seats move: when a
 * computer seat (or a chance point the host rolls) is to move, say that
 * it waits and that 'go' plays it ('redo' replays what was taken back).
 */
void app_say_waiting(struct app *a, struct sbuf *out);

/* "P to move", "chance to move" or "game over: RESULT", into out. */
void app_status_line(struct app *a, struct sbuf *out);

/* 0 when a game is in progress, else -1 with "no game in progress". */
int app_need_game(struct app *a, char *err, size_t errlen);

/*
 * The board of the game in progress as the plugin draws it, ending in a
 * newline, without a line of its own that announces the end of the game
 * (the status line says that once).  Caller frees.
 */
char *app_board(const struct app *a);

/* The prompt for the current state ("example P> "). Caller frees. */
char *app_prompt(const struct app *a);

/* Free the REPL's state (not the host: see host_free()). */
void app_free(struct app *a);

#endif /* TABLERO_APP_H */
