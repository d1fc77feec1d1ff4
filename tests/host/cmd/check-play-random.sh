#!/bin/sh
# `tablero check` holds a plugin's play_random() (SDK ABI 1.3) to the
# game that listing the moves and applying the drawn one plays: each way
# tests/badgame/badrules.c breaks it (its random= option) is reported
# with its own one-line message, and a sound play_random() passes.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-check-random.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
dir="$top_builddir/tests/badgame/.libs"
T() { timeout 20 "$TABLERO" --no-config -P "$dir" "$@"; }
echo "1..10"
. "$top_srcdir/tests/tap.sh"

# check badrules random=$1 --games 1 must fail game 1 with message $2.
fails() {
	out=$(T check badrules random=$1 --games 1 2>&1)
	rc=$?
	want="check badrules ($dir/badrules.so): ABI 1.4, host ABI 1.4
FAIL game 1: $2
  reproduce: tablero -s 1 -c 'set chance=manual; new badrules random=$1; position'
check badrules random=$1: 1 game, 1 failure"
	if [ "$rc" = 1 ] && [ "$out" = "$want" ]; then
		ok "random=$1: $2"
	else nok "random=$1 (status $rc)" "$out"; fi
}

out=$(T check badrules --games 3 2>&1)
rc=$?
if [ "$rc" = 0 ] && [ "$out" = "check badrules ($dir/badrules.so): ABI 1.4, host ABI 1.4
check badrules: 3 games, 0 failures" ]; then
	ok "a play_random() that keeps the contract passes"
else nok "random=none (status $rc)" "$out"; fi

fails drawzero "play_random() drew and then returned 0"
fails twice "play_random() drew 2 times, not once"
fails nodraw "play_random() drew 0 times, not once"
fails count "play_random() drew among 3 moves and returned 4, but legal_moves lists 3"
fails among "play_random() drew among 2 moves and returned 3, but legal_moves lists 3"
fails wrong "play_random() with draw 2 leaves '1 B', but applying legal move 2 (3) leaves '3 B'"
fails change "play_random() returned 0 but changed the position to '1 A'"
# play_random() plays the 3 that apply() refuses: the listing's check
# says so, not play_random()'s.
fails refuse "apply refuses a listed legal move 3"
# The playout loops ask play_random() before to_move(): at the end it
# must decline.
out=$(T check badrules random=atend --games 1 2>&1)
rc=$?
if [ "$rc" = 1 ] && [ "$out" = "check badrules ($dir/badrules.so): ABI 1.4, host ABI 1.4
FAIL game 1: play_random() played a move at the end of the game, where it must return 0 without a draw
  reproduce: tablero -s 1 -c 'set chance=manual; new badrules random=atend; 3; 2; 2; 2; 1'
check badrules random=atend: 1 game, 1 failure" ]; then
	ok "random=atend: a move played at the end is reported"
else nok "random=atend (status $rc)" "$out"; fi
