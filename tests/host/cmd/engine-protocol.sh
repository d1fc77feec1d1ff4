#!/bin/sh
# tablero engine (cmd/engine.c), the host side of an engine: each line it
# cannot follow ends it with its exact message and status 1; a line it
# does not know is ignored; the time controls of go are read; the
# command line's refusals.  (A line the engine could not read was once
# quoted cut at its first blank; an unknown player was called 'human'.)
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-engine-protocol.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
echo "1..14"
. "$top_srcdir/tests/tap.sh"
# said INPUT WANT-STATUS WANT-OUTPUT
said() {
	out=$(printf "$1" | "$TABLERO" --no-config engine random 2>&1)
	rc=$?
	if [ "$rc" = "$2" ] && [ "$out" = "$3" ]; then ok "$3"
	else nok "$1 (status $rc)" "$out"; fi
}
said 'game nosuch\n' 1 "tablero engine: 'game nosuch': unknown game 'nosuch' (try 'games')"
said 'option width=3\n' 1 "tablero engine: 'option width=3': an option before the game"
said 'game example\noption width\n' 1 "tablero engine: 'option width': not KEY=VALUE"
said 'game example\noption widht=3\n' 1 "tablero engine: 'option widht=3': unknown option 'widht' for example (did you mean 'width'?)"
said 'new 1\n' 1 "tablero engine: 'new 1': no game yet"
said 'game example\nnew x\n' 1 "tablero engine: 'new x': the seed is not a number from 0 to 2^64 - 1"
said 'game example\noption k=5\nnew 1\n' 1 "tablero engine: 'new 1': k=5 does not fit on a 3x3 board"
said 'play b2\n' 1 "tablero engine: 'play b2': no game yet (new SEED)"
said 'game example\nnew 1\nposition XXX/OO./... -\ngo\n' 1 "tablero engine: 'go': no move to make"
said 'game example\nnew 1\ngo movetime x\n' 1 "tablero engine: 'go movetime x': a value is not a number"
said 'xyzzy\nlegal\nstop\nquit\nxyzzy\n' 0 "tablero engine: ignoring 'xyzzy'"
out=$(printf 'game example\nnew 3\ngo time 1000 inc 10 movestogo 5\nplay b2\ngo time 50\n' | "$TABLERO" --no-config engine random 2>&1)
if [ "$(printf '%s\n' "$out" | grep -c '^move [a-c][1-3]$')" = 2 ]; then ok "go with time, inc and movestogo answers a move"
else nok "go time" "$out"; fi
out=$("$TABLERO" --no-config engine 2>&1)
rc=$?
if [ "$rc" = 2 ] && [ "$out" = "usage: tablero engine PLAYER" ] && [ "$("$TABLERO" --no-config engine --help | head -n 1)" = "$out" ]; then
	ok "usage on stderr without a player, on stdout for --help"
else nok "engine usage (status $rc)" "$out"; fi
out=$("$TABLERO" --no-config engine bogus 2>&1)
rc=$?
if [ "$rc" = 2 ] && [ "$out" = "tablero: engine: unknown player 'bogus' (human, random, mcts, mcts:PLAYOUTS, mcts:MSms, each with :tT and :fresh)" ] &&
   [ "$("$TABLERO" --no-config engine human 2>&1)" = "tablero: engine: an engine is a computer player, not 'human'" ]; then
	ok "an unknown player and 'human' are refused, each with its reason"
else nok "engine player (status $rc)" "$out"; fi
