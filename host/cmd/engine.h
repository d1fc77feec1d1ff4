/*
 * engine.h - `tablero engine PLAYER`: a built-in player behind the engine
 * protocol of tablero-engine(5), the protocol's reference implementation.
 */
#ifndef TABLERO_CMD_ENGINE_H
#define TABLERO_CMD_ENGINE_H

struct host;

/*
 * `tablero engine PLAYER`: argv[0] is "engine".  Plays as PLAYER
 * (random, mcts, mcts:N, ...) with the protocol on stdin and stdout
 * until `quit` or the end of its input.  Returns the exit status: 0, or
 * 1 after a line it could not follow (said on stderr).
 */
int engine_main(struct host *a, int argc, char **argv);

/* Its entry in the list of subcommands (cmd/dispatch.c). */
struct subcmd_entry;
extern const struct subcmd_entry subcmd_engine;

#endif /* TABLERO_CMD_ENGINE_H */
