#!/bin/sh
# Computer seats on a terminal (issue 21), on a pseudo-terminal: Ctrl-C
# during a computer seat's search names what is really to move, and `go`
# then never plays a human seat's turn.
command -v python3 >/dev/null 2>&1 || { echo "1..0 # SKIP no python3"; exit 0; }
echo "1..1"
. "$top_srcdir/tests/tap.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-seats.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work" TERM=dumb TABLERO_PLUGIN_PATH=
py="$top_srcdir/tests/pty-session.py"
t=$(printf '\t')
run() {
	python3 "$py" "$1" -- "$TABLERO" --no-config -s 5 \
	    -P "$top_builddir/tests/plugins/.libs" >"$work/log" 2>&1
}

# 1: testgame's computer seat B moves, then the die is thrown for A (a
# chance point).  Stopped in B's search, the game is at that chance point:
# the message says so, and `go` throws the die and stops at A, a human.
cat >"$work/s1" <<EOS
expect${t}> 
send${t}new testgame size=40\\r
expect${t}A to move
send${t}seat 2 mcts:90000000\\r
expect${t}seat 2 \\(B\\): mcts:90000000
send${t}+1\\r
sleep${t}1
send${t}\\x03
expect${t}A plays \\+1
expect${t}B plays \\+[0-9]
expect${t}interrupted: a chance point is next \\('go' resolves it and lets the computer seats play on\\)
expect${t}chance to move
send${t}go\\r
expect${t}chance: [1-3]\\r\\n
expect${t}A to move\\r\\n
send${t}position\\r
expect${t}[0-9]+,[0-9]+ A move=[1-3]\\r
send${t}quit\\r
exit${t}0
EOS
if run "$work/s1"; then ok "Ctrl-C at a computer seat's chance point: the message and 'go' keep to the game"
else nok "Ctrl-C during a computer seat's turn" "$(cat "$work/log")"; fi
