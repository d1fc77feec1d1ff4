#!/bin/sh
# Each field of a match shard's game line that merge checks
# (run/gameread.c), broken one at a time on the first game line: merge
# names the file, the line and what is wrong, and fails.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-merge-lines.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
T() { "$TABLERO" --no-config "$@"; }
echo "1..10"
. "$top_srcdir/tests/tap.sh"
T match example --players random,random --games 2 --shard 1/1 > m.jsonl 2>/dev/null ||
	{ echo "Bail out! cannot make a shard"; exit 1; }
# broken SED-EXPRESSION MESSAGE
broken() {
	sed "2$1" m.jsonl > e.jsonl
	out=$(T merge e.jsonl 2>&1)
	rc=$?
	if [ "$rc" = 1 ] && [ "$out" = "tablero: merge: e.jsonl:2: $2" ]; then ok "$2"
	else nok "$2 (status $rc)" "$out"; fi
}
broken 's/"seating":\[[0-9,]*\]/"seating":[1]/' "game 1: 'seating' does not name 2 players"
broken 's/"seating":\[[0-9,]*\]/"seating":[1,3]/' "game 1: no player 3"
broken 's/"index":0,/"time":[1],"index":0,/' "game 1: 'time' has 1 numbers, not 2"
broken 's/"index":0,//' "a game without an index"
broken 's/"seed":[0-9]*,/"combo":-1,"seed":1,/' "game 1: 'combo' is not a combination"
broken 's/"seed":[0-9]*,//' "game 1 has no seed"
broken 's/"result":\[[0-9.,]*\]/"result":[1]/' "game 1: 'result' has 1 scores, not 2"
broken 's/"capped":false/"capped":3/' "game 1: 'capped' is not true or false"
broken 's/"index":0,/"index":7,/' "no game 8 in this run of 2 games"
broken 's/"index":0,/"index":0,{/' "malformed JSON at column 26"
