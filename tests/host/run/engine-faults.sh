#!/bin/sh
# Engines that break the protocol in ways that once passed or hung the
# host (host/run/engine.c, contender.c): a line with a NUL and a second
# move to one go are garbage; a legal-looking move that is not legal
# loses with the game's reason; an engine that does not read its input
# loses instead of blocking the host; an engine's exit is its fault at
# once though a child of it holds its output; a process it started in a
# session of its own ends with it; an engine that exits before its hello
# stops the run.  Runs with engines shard and merge.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-engine-faults.XXXXXX") || exit 99
cleanup() {
	[ -s "$work/setsid.pid" ] && kill -9 "$(cat "$work/setsid.pid")" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
T() { timeout 20 "$TABLERO" --no-config "$@"; }
bad="$top_srcdir/tests/host/run/bad-engine.sh"
echo "1..10"
. "$top_srcdir/tests/tap.sh"
# The termination members of a match's JSON lines, one a line.
why() { sed -n 's/.*"termination":"\([^"]*\)".*/\1/p'; }
# F KIND WANT NAME: engine b ($bad KIND) against random, 2 games: both end
# with termination WANT.
F() {
	out=$(T match example --engine b="$bad $1" --players b,random --games 2 --json 2>&1)
	rc=$?
	if [ "$rc" = 0 ] && [ "$(printf '%s\n' "$out" | why)" = "$2
$2" ]; then ok "$3"
	else nok "$3 (status $rc)" "$out"; fi
}

F nul "garbage 'move a1?junk'" "a move with a NUL byte in its line is garbage"
F twice "garbage 'move a1'" "a second move to one go is garbage, not the next answer"
out=$(T match example --engine b="$bad again" --players b,random --games 2 --json 2>&1 | why)
if [ "$out" = "illegal move 'a1': a1 holds X's stone
illegal move 'a1': a1 holds O's stone" ]; then
	ok "an illegal move is lost with the game's reason"
else nok "illegal reason" "$out"; fi

# 4: 340 moves of an opening fill the input of an engine that does not read.
awk 'BEGIN { c = "abcdefghijklmnopqrs"; for (i = 0; i < 340; i++)
	printf "%s%s%d", i ? " " : "", substr(c, int(i / 19) + 1, 1), i % 19 + 1;
	print "" }' > long.txt
out=$(T match example width=19 height=19 k=19 --openings long.txt --engine b="$bad deaf" \
	--players b,random --games 2 --st 0.2 --json 2>&1)
rc=$?
if [ "$rc" = 0 ] && [ "$(printf '%s\n' "$out" | why)" = "engine b does not read its input
engine b does not read its input" ]; then
	ok "an engine that does not read its input loses; the host never blocks"
else nok "deaf engine (status $rc)" "$out"; fi

# 5: no time control; the engine's child keeps its output open 30 s.
t0=$(date +%s)
F orphan "engine b exited with status 3" "an engine's exit is its fault at once, its child aside"
t1=$(date +%s)
if [ $((t1 - t0)) -lt 10 ]; then ok "... within $((t1 - t0)) s"
else nok "the orphan's game took $((t1 - t0)) s"; fi

# 7: a process of a session of its own ends with the engine.
out=$(T match example --engine b="$bad setsid" --players b,random --games 1 --json 2>&1)
pid=$(cat setsid.pid 2>/dev/null)
gone=0
for i in 1 2 3 4 5 6 7 8 9 10; do
	kill -0 "$pid" 2>/dev/null || { gone=1; break; }
	sleep 0.1
done
if [ -n "$pid" ] && [ "$gone" = 1 ]; then
	ok "a process the engine started with setsid ends with it"
else nok "setsid process $pid outlived the match" "$out"; fi

out=$(T match example --engine b=true --players b,random --games 2 --json 2>&1)
rc=$?
if [ "$rc" = 2 ] && [ "$out" = "tablero: match: engine b exited with status 0" ]; then
	ok "an engine that exits before its hello stops the run (status 2)"
else nok "no hello (status $rc)" "$out"; fi

# 9-10: the JSON lines of runs with engines (an object in the header) merge.
me="$TABLERO --no-config engine random"
T match mancala --engine me="$me" --players me,random --games 4 --shard 1/2 > s1.txt
T match mancala --engine me="$me" --players me,random --games 4 --shard 2/2 --records r > s2.txt
T match mancala --engine me="$me" --players me,random --games 4 > whole.txt
out=$(T merge s1.txt s2.txt 2>&1)
if [ "$out" = "$(sed '/^engine me:/d' whole.txt)" ]; then
	ok "shards of a match with an engine merge, their logs apart"
else nok "merge engine shards" "$out" "$(cat whole.txt)"; fi
T match example --engine b="$bad garbage" --players b,random --games 4 --json > j.txt
out=$(T merge j.txt 2>&1)
if [ "$(sed -n 1p j.txt | grep -c '"engines":{"b":{')" = 1 ] &&
   echo "$out" | grep -q '^match example: 4 games'; then
	ok "a whole --json run with a faulty engine merges"
else nok "merge --json" "$out" "$(cat j.txt)"; fi
