#!/bin/sh
# `tablero check` holds a plugin's play_random() (SDK ABI 1.3) and
# playout() (ABI 1.4) to the game that listing the moves and applying the
# drawn one plays: each way tests/badgame/badrules.c breaks them (its
# random= option; built as badrun, its run= option) is reported with its
# own one-line message, and a sound play_random() or playout() passes.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-check-random.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
dir="$top_builddir/tests/badgame/.libs"
T() { timeout 20 "$TABLERO" --no-config -P "$dir" "$@"; }
echo "1..16"
. "$top_srcdir/tests/tap.sh"

# check GAME OPT --games 1 must fail game 1 with message $3 after the
# moves $4 (default: none, the start position).
fails_in() {
	out=$(T check $1 $2 --games 1 2>&1)
	rc=$?
	want="check $1 ($dir/$1.so): ABI 1.4, host ABI 1.4
FAIL game 1: $3
  reproduce: tablero -s 1 -c 'set chance=manual; new $1 $2; ${4:-position}'
check $1 $2: 1 game, 1 failure"
	if [ "$rc" = 1 ] && [ "$out" = "$want" ]; then
		ok "$1 $2: $3"
	else nok "$1 $2 (status $rc)" "$out"; fi
}
fails() { fails_in badrules random=$1 "$2"; }

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

# playout(): a sound one passes; each fault its own line.
out=$(T check badrun --games 3 2>&1)
rc=$?
if [ "$rc" = 0 ] && [ "$out" = "check badrun ($dir/badrun.so): ABI 1.4, host ABI 1.4
check badrun: 3 games, 0 failures" ]; then
	ok "a playout() that keeps the contract passes"
else nok "run=sound (status $rc)" "$out"; fi
fails_in badrun run=over "playout() returned 2 moves, outside 0 to the cap of 1"
fails_in badrun run=wrong "playout() of 2 moves leaves '5 B', but listing and applying the drawn moves leaves '7 B'" 3
fails_in badrun run=draw "playout() of 1 move leaves '2 B', but listing and applying the drawn moves leaves '3 B'"
fails_in badrun run=atend "playout() answered 1 move, but after 0 the game is over" "3; 2; 2; 2; 1"
# A count past the cap reaches no caller: the door bounds it, once.
printf '[tablero]\nmove_cap = 3\n' > "$work/cap.conf"
out=$(T -C "$work/cap.conf" bench badrun run=over --playouts 2 2>&1 >/dev/null)
if [ "$out" = "tablero: plugin badrun: playout returned 4 moves, outside 0 to the cap of 3 (a bug in the plugin; reported once)" ]; then
	ok "bench: a playout() past its cap is reported once and bounded"
else nok "bench run=over" "$out"; fi
