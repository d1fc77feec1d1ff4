#!/bin/sh
# tablero engine (cmd/engine.c) through odd sessions: a new `game` ends
# the game in progress (it once kept the old game's state under the new
# game's hooks); a `new` the game refuses leaves nothing to free twice;
# a line longer than the host's bound on an engine's lines, or with a NUL
# byte, is refused without reading it whole; `stop` answers at once with
# the best move so far and `quit` ends a search.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-engine-session.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
E() { timeout 20 "$TABLERO" --no-config engine "$@"; }
echo "1..8"
. "$top_srcdir/tests/tap.sh"
# said PLAYER INPUT WANT-STATUS WANT-OUTPUT
said() {
	out=$(printf "$2" | E "$1" 2>&1)
	rc=$?
	if [ "$rc" = "$3" ] && [ "$out" = "$4" ]; then ok "$4"
	else nok "$2 (status $rc)" "$out"; fi
}

said random 'game example\nnew 1\ngame mancala\ngo\n' 1 \
	"tablero engine: 'go': no move to make"
said random 'game example\nnew 1\nplay b2\ngame mancala\nnew 2\ngo\nquit\n' 0 \
	"$(printf 'game mancala\nnew 2\ngo\n' | E random 2>&1)"
said random 'game example\nnew 1\ngame nosuch\n' 1 \
	"tablero engine: 'game nosuch': unknown game 'nosuch' (try 'games')"
said random 'game example\nnew 1\noption k=19\nnew 2\n' 1 \
	"tablero engine: 'new 2': k=19 does not fit on a 3x3 board"

# 5: an endless line without a newline.
x=$(printf '%200s' | tr ' ' x)
out=$(yes x | tr -d '\n' | E random 2>&1)
rc=$?
if [ "$rc" = 1 ] && [ "$out" = "tablero engine: '$x': a line longer than 65536 bytes" ]; then
	ok "a line longer than 65536 bytes is refused"
else nok "endless line" "$(printf '%s\n' "$out" | cut -c1-300)"; fi
said random 'game example\nnew 1\ngo\0 movetime 5\n' 1 \
	"tablero engine: 'go': a NUL byte in the line"

# 7-8: stop and quit while mcts searches (a fifo: the input stays open).
mkfifo in
t0=$(date +%s)
E mcts:50000000 < in > out 2>&1 &
pid=$!
exec 3> in
printf 'game example\nnew 1\ngo movetime 8000\n' >&3
sleep 0.5
echo stop >&3
for i in $(seq 50); do grep -q '^move' out && break; sleep 0.1; done
t1=$(date +%s)
printf 'go\n' >&3
sleep 0.5
echo quit >&3
for i in $(seq 50); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
t2=$(date +%s)
alive=0
kill -0 $pid 2>/dev/null && { alive=1; kill $pid; }
exec 3>&-
wait $pid
if grep -q '^move [a-c][1-3]$' out && [ $((t1 - t0)) -lt 5 ]; then
	ok "stop answers at once with the best move so far ($((t1 - t0)) s)"
else nok "stop ($((t1 - t0)) s)" "$(cat out)"; fi
if [ "$alive" = 0 ] && [ "$(grep -c '^move' out)" = 1 ] && [ $((t2 - t1)) -lt 5 ]; then
	ok "quit ends a search ($((t2 - t1)) s)"
else nok "quit ($((t2 - t1)) s, alive $alive)" "$(cat out)"; fi
