#!/bin/sh
# `tablero merge` believes nothing its shards say: every game line is
# checked against its header (index, seed and seating of its index,
# results in [0, 1], counts within the cap and consistent), header
# numbers are bounded, check shards name their plugin file's checksum,
# and only regular files within the size limit are read.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-mergev.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
T() { "$TABLERO" --no-config -P "$top_builddir/tests/plugins/.libs" "$@"; }
echo "1..9"
. "$top_srcdir/tests/tap.sh"

T match example --players random,random --games 4 --shard 1/2 > "$work/s1.jsonl"
T match example --players random,random --games 4 --shard 2/2 > "$work/s2.jsonl"
# M NAME SED EXPECTED: merge s1 edited by SED with s2; it must fail, saying EXPECTED.
M() {
	sed "$2" "$work/s1.jsonl" > "$work/$1.jsonl"
	out=$(T merge "$work/$1.jsonl" "$work/s2.jsonl" 2>&1)
	if [ $? -eq 1 ] && [ "$out" = "$3" ]; then ok "$1"
	else nok "$1" "$out"; fi
}

# 1-6: game lines that no run gives.
M "a result out of [0, 1] is refused" '2s/"result":\[[^]]*\]/"result":[5,-3]/' \
	"tablero: merge: $work/a result out of [0, 1] is refused.jsonl:2: game 1: the result 5 of seat 1 is not in [0, 1]"
M "a seating that names a player twice is refused" '2s/"seating":\[[^]]*\]/"seating":[1,1]/' \
	"tablero: merge: $work/a seating that names a player twice is refused.jsonl:2: game 1: 'seating' names player 1 twice"
M "a seating not that of its index is refused" '2s/"seating":\[[^]]*\]/"seating":[2,1]/' \
	"tablero: merge: $work/a seating not that of its index is refused.jsonl:2: game 1: its seed or seating is not the one of its index in this run"
M "a huge count is refused" '2s/"moves":[0-9]*/"moves":1e300/' \
	"tablero: merge: $work/a huge count is refused.jsonl:2: game 1: no count 'moves'"
M "counts that do not add up are refused" '2s/"decisions":[0-9]*/"decisions":99/' \
	"tablero: merge: $work/counts that do not add up are refused.jsonl:2: game 1: its counts do not add up (moves 5, cap 100000, decisions 99, turns 5, forced 0, branching 35)"
M "a result of null (NaN) is refused" '2s/"result":\[[^]]*\]/"result":[null,1]/' \
	"tablero: merge: $work/a result of null (NaN) is refused.jsonl:2: game 1: the result nan of seat 1 is not in [0, 1]"

# 7: a header's number of games beyond any run (undefined behaviour and
# a calloc overflow before).
sed '1s/"games":4/"games":1e300/' "$work/s1.jsonl" > "$work/h.jsonl"
out=$(T merge "$work/h.jsonl" 2>&1)
if [ $? -eq 1 ] && [ "$out" = "tablero: merge: the match header lacks its game, options or number of games (from 1 to 2147483647)" ]; then
	ok "a header of 1e300 games is refused"
else nok "games 1e300" "$out"; fi

# 8: check shards of two different plugin files (same name and version)
# are not of the same run.
mkdir "$work/p1" "$work/p2"
cp "$top_builddir/tests/plugins/.libs/testgame.so" "$work/p1/testgame.so"
cp "$top_builddir/tests/plugins/.libs/testgame.so" "$work/p2/testgame.so"
printf 'x' >> "$work/p2/testgame.so"
"$TABLERO" --no-config check "$work/p1/testgame.so" --games 2 --shard 1/2 > "$work/c1.jsonl"
"$TABLERO" --no-config check "$work/p2/testgame.so" --games 2 --shard 2/2 > "$work/c2.jsonl"
out=$(T merge "$work/c1.jsonl" "$work/c2.jsonl" 2>&1)
if [ $? -eq 1 ] && echo "$out" | grep -q "c2.jsonl is from another run than .*c1.jsonl: its \"checksum\" is \"fnv1a64:[0-9a-f]*\", not \"fnv1a64:[0-9a-f]*\"$"; then
	ok "check shards of different plugin files do not merge"
else nok "check shards of two files" "$out"; fi

# 9: a FIFO and a device are refused at once.
mkfifo "$work/fifo"
out=$(timeout 10 "$TABLERO" --no-config merge "$work/fifo" 2>&1; echo "rc=$?")
out2=$(timeout 10 "$TABLERO" --no-config merge /dev/zero 2>&1; echo "rc=$?")
if [ "$out" = "tablero: merge: $work/fifo: not a regular file (a FIFO or a device?)
rc=1" ] && [ "$out2" = "tablero: merge: /dev/zero: not a regular file (a FIFO or a device?)
rc=1" ]; then ok "merge refuses a FIFO and /dev/zero"
else nok "merge of a FIFO or a device" "$out" "$out2"; fi
