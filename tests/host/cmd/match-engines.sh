#!/bin/sh
# Engines (tablero-engine(5)), time controls, openings and adjudication in
# `tablero match`: `tablero engine` plays the in-process player's games,
# faulty engines lose every game and leave no process, players past their
# time lose on time, and the engine of the man page runs as written.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-engines.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
cd "$work" || exit 99
T() { "$TABLERO" --no-config "$@"; }
bad="$top_srcdir/tests/host/run/bad-engine.sh"
me="$TABLERO --no-config engine"
echo "1..22"
. "$top_srcdir/tests/tap.sh"
# The termination members of a match's JSON lines, one a line.
why() { sed -n 's/.*"termination":"\([^"]*\)".*/\1/p'; }

# 1: the handshake and a move, as the protocol page shows them.
out=$(printf 'tablero-engine 1\ngame example\noption width=3\nnew 4417\nlegal a1 b2\ngo movetime 500\nplay c3\nplay a1\ngo\nquit\n' |
	T engine mcts:50 2>&1)
if [ "$(echo "$out" | head -1)" = "tablero-engine 1 tablero mcts:50" ] &&
   [ "$(echo "$out" | grep -c '^move [a-c][1-3]$')" = 2 ] &&
   echo "$out" | grep -q '^info score [0-9.]* playouts [0-9]*$'; then
	ok "tablero engine: handshake, info and moves"
else nok "tablero engine session" "$out"; fi

# 2: a line it cannot follow ends it with a message.
out=$(printf 'tablero-engine 1\ngame example\nnew 1\nplay zz9\n' | T engine random 2>&1; echo "rc=$?")
if echo "$out" | grep -q "^tablero engine: 'play zz9': " && echo "$out" | grep -q '^rc=1$'; then
	ok "tablero engine: an unreadable move is an error"
else nok "tablero engine error" "$out"; fi

# 3: the engine mcts:300 beats random.
out=$(T match example --engine me="$me mcts:300" --players me,random --games 10)
w=$(echo "$out" | sed -n 's/^player 1 me: score [0-9.]*\/10 ([0-9.]*%), \([0-9]*\) wins.*/\1/p')
if [ -n "$w" ] && [ "$w" -ge 8 ] && echo "$out" | grep -q '^engine me: .* stderr in \./me\.log$'; then
	ok "tablero engine mcts:300 wins $w of 10 against random; the report names the log"
else nok "engine vs random" "$out"; fi

# 4: through engines or in this process, the same games.
a=$(T match mancala --players mcts:60,mcts:20 --games 4 --seed 7 --json --records ra | sed 's/,"time":\[[^]]*\]//')
b=$(T match mancala --engine x="$me mcts:60" --engine y="$me mcts:20" --players x,y --games 4 --seed 7 --json --records rb | sed 's/,"time":\[[^]]*\]//')
same=1
for f in ra/*.tbr; do
	[ "$(grep -v '^\[' "$f")" = "$(grep -v '^\[' "rb/${f#ra/}")" ] || same=0
done
if [ "$same" = 1 ] && [ -n "$a" ] && [ "$(echo "$a" | sed 1d)" = "$(echo "$b" | sed 1d)" ]; then
	ok "engines play the in-process players' games, move for move"
else nok "engine = in-process" "$a" "$b"; fi

# 5-9: faulty engines lose every game, with the reason.
for k in crash exit hang garbage illegal; do
	out=$(T match example --engine b="$bad $k" --players random,b --games 2 --st 0.3 --json --records r$k)
	case $k in
	crash) want="engine b killed by signal 11" ;;
	exit) want="engine b exited with status 3" ;;
	hang) want="lost on time (no move after 0.3" ;;
	garbage) want="garbage 'hello there'" ;;
	illegal) want="illegal move 'zz9'" ;;
	esac
	c=$(echo "$out" | why | grep -cF "$want")
	rec=$(grep -h '^\[Termination\|^\[Result' r$k/game-000002.tbr)
	loads=$(T -c "load r$k/game-000002.tbr" 2>&1)
	if [ "$c" = 2 ] && echo "$out" | tail -1 | grep -q '"wins":\[2,0\]' &&
	   echo "$loads" | grep -q "^loaded r$k/game-000002.tbr: [0-9]* moves of example$" &&
	   echo "$rec" | grep -qF "[Termination \"$want" &&
	   echo "$rec" | grep -qF "[Result \"X loses: $want"; then
		ok "an engine that fails by '$k' loses both games ($want); the record loads"
	else nok "faulty engine $k" "$out" "$rec" "$loads"; fi
done

# 10: and leaves no process, also with --jobs and SIGTERM.
"$TABLERO" --no-config match example --engine b="$bad hang" --players b,random --games 8 --jobs 2 >/dev/null 2>&1 &
pid=$!
before=0 i=0
while [ "$before" != 2 ] && [ $i -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
	before=$(ps -eo pid=,args= | grep -F "$bad hang" | grep -v grep | grep -c /bin/sh)
done
kill -TERM $pid
wait $pid
st=$?
sleep 0.3
left=$(ps -eo pid=,args= | grep -F "$bad hang" | grep -v grep)
if [ "$before" = 2 ] && [ "$st" = 143 ] && [ -z "$left" ]; then ok "SIGTERM with --jobs 2: no engine left"
else nok "processes left after SIGTERM (status $st)" "$left"; fi

# 11-12: losses on time: a slow engine, and a margin that spares it.
out=$(T match example --engine s="$bad slow" --players s,random --games 2 --st 0.2 --json)
if [ "$(echo "$out" | why | grep -c '^lost on time (no move after [0-9.]* s)$')" = 2 ]; then
	ok "an engine slower than --st loses on time"
else nok "loss on time" "$out"; fi
out=$(T match example --engine s="$bad slow" --players s,random --games 1 --tc 0.5 --timemargin 2000 --json)
if [ -z "$(echo "$out" | why)" ] && echo "$out" | grep -q '"type":"game".*"time":\[[1-9]'; then
	ok "--timemargin gives a slow engine room"
else nok "timemargin" "$out"; fi
out=$(T match example --engine s="$bad slow" --players s,random --games 2 --tc 40/1.5 --json)
if [ "$(echo "$out" | why | grep -c '^lost on time')" = 2 ]; then
	ok "a clock of 1.5 s for 40 moves runs out for an engine that takes 1 s a move"
else nok "tc loss on time" "$out"; fi

# 14-15: time controls with built-in players and engines.
out=$(T match example --engine me="$me mcts" --players me,mcts --games 2 --tc 40/2+0.05 --timemargin 500 --json --records tc)
if [ -z "$(echo "$out" | why)" ] && [ "$(echo "$out" | grep -c '"time":\[0\.[0-9]*,0\.[0-9]*\]')" = 2 ] &&
   echo "$out" | head -1 | grep -q '"time":"tc=40/2+0.05,margin=500"' &&
   grep -q '^\[Time "[0-9.]* [0-9.]*"\]$' tc/game-000001.tbr; then
	ok "--tc 40/2+0.05: engine and built-in MCTS keep their clocks; times noted"
else nok "tc" "$out" "$(cat tc/game-000001.tbr)"; fi
out=$(T match example --engine me="$me mcts" --players me,mcts --games 2 --st 0.05 --timemargin 500 --json)
if [ -z "$(echo "$out" | why)" ] && echo "$out" | tail -1 | grep -q '"games":2'; then
	ok "--st 0.05 with an engine and the built-in MCTS"
else nok "st" "$out"; fi

# 16-17: openings, once from each seating, the same with --jobs and shards.
printf '# two openings\nX../.O./... X\nb2 a1 c3\n' > open.txt
a=$(T match example --players random,random --games 4 --openings open.txt --json --records op | sed 's/,"time":\[[^]]*\]//')
b=$(T match example --players random,random --games 4 --openings open.txt --json --jobs 2)
c=$( (T match example --players random,random --games 4 --openings open.txt --shard 1/2; \
	T match example --players random,random --games 4 --openings open.txt --shard 2/2) > sh.txt && T merge --json sh.txt)
if grep -q '^\[Setup "X../.O./... X"\]' op/game-000001.tbr op/game-000002.tbr &&
   ! grep -q Setup op/game-000003.tbr && [ "$(grep -c . op/game-000003.tbr)" -gt 0 ] &&
   grep -A1 '^$' op/game-000004.tbr | grep -q '^b2' &&
   echo "$a" | head -1 | grep -q '"openings":2' &&
   [ "$(echo "$a" | sed 1d)" = "$(echo "$b" | sed 1d)" ] &&
   [ "$(echo "$a" | tail -1)" = "$(echo "$c" | tail -1)" ]; then
	ok "--openings: each opening from both seatings; --jobs and shards agree"
else nok "openings" "$a" "$b" "$c"; fi
printf 'b2\nzz\n' > badopen.txt
out=$(T match example --players random,random --openings badopen.txt 2>&1)
if echo "$out" | grep -q "^tablero: match: badopen.txt:2: neither a position (.*) nor moves from the start (.*)$"; then
	ok "a bad opening is refused with its file and line"
else nok "bad opening" "$out"; fi

# 18-19: adjudication.
out=$(T match mancala --players random,random --games 2 --draw-after 3 --json)
if [ "$(echo "$out" | why | grep -c '^draw: no progress for 3 moves$')" = 2 ] &&
   echo "$out" | grep '"type":"game"' | grep -q '"result":\[0.5,0.5\]'; then
	ok "--draw-after 3: games without progress are drawn"
else nok "draw-after" "$out"; fi
out=$(T match mancala --players mcts:300,mcts:20 --games 2 --resign 0.15,2 --json)
if [ "$(echo "$out" | why | grep -c '^adjudicated lost (both estimates for 2 moves)$')" -ge 1 ]; then
	ok "--resign 0.15,2 adjudicates a lost game"
else nok "resign" "$out"; fi

# 20: refusals.
e1=$(T match example --players random,random --draw-after 5 2>&1)
e2=$(T match example --players random,random --st 1 --tc 10 2>&1)
e3=$(T match example --players random,random --tc 40/x 2>&1)
e4=$(T match example --engine random=cat --players random,random 2>&1)
e5=$(T match example --engine nope=/no/such/engine --players nope,random --games 1 --json 2>&1; echo "status $?")
if [ "$e1" = "tablero: match: --draw-after: example cannot tell progress (it has no evaluate hook)" ] &&
   [ "$e2" = "tablero: match: --st and --tc are two time controls: give one" ] &&
   echo "$e3" | grep -q "^tablero: match: --tc wants \[MOVES/\]SECONDS\[+INC\] .*, not '40/x'$" &&
   [ "$e4" = "tablero: match: --engine: 'random' is a built-in player's name" ] &&
   [ "$e5" = "tablero: match: engine nope: cannot run '/no/such/engine': No such file or directory
status 2" ]; then
	ok "bad terms are refused; so is an engine that cannot start"
else nok "refusals" "$e1" "$e2" "$e3" "$e4" "$e5"; fi

# 21: the example engine in Python.
out=$(T match example --engine py="python3 $top_srcdir/sdk/engine/random_engine.py" --players py,random --games 4 --st 1 --json)
if [ -z "$(echo "$out" | why)" ] && echo "$out" | tail -1 | grep -q '"games":4'; then
	ok "sdk/engine/random_engine.py plays without a fault"
else nok "python engine" "$out"; fi

# 22: the engine of tablero-engine(5), as written.
sed -n '/^\.\\" tests\/host\/cmd\/match-engines.sh runs/,/^\.Ed/p' "$top_srcdir/man/tablero-engine.5" |
	sed '1,2d;$d' | sed 's/\\e/\\/g' > first.sh
chmod +x first.sh
out=$(T match example --engine first=./first.sh --players first,random --games 4 --st 0.5 --json)
if head -1 first.sh | grep -q '^#!/bin/sh$' && [ -z "$(echo "$out" | why)" ] &&
   echo "$out" | tail -1 | grep -q '"games":4'; then
	ok "the man page's engine plays as written"
else nok "man page engine" "$(cat first.sh)" "$out"; fi
