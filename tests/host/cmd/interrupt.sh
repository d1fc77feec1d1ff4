#!/bin/sh
# Ctrl-C during `match`, `survey` and `bench` (issue 13), on a
# pseudo-terminal: the work stops at once (a game in progress is abandoned,
# not played on), the report covers the games completed and says it was
# interrupted, the JSON output stays valid and ends with an "interrupted"
# line, the exit status is 130; a second Ctrl-C within a second kills a
# run stuck in a plugin; perft stops, keeping the depths it counted and
# showing no incomplete count;
# SIGTERM stops a match as Ctrl-C does (status 143), and no worker
# outlives its parent, even one killed outright.
command -v python3 >/dev/null 2>&1 || { echo "1..0 # SKIP no python3"; exit 0; }
echo "1..11"
. "$top_srcdir/tests/tap.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-intruns.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work" TERM=dumb TABLERO_PLUGIN_PATH=
py="$top_srcdir/tests/pty-session.py"
# The deadlines below bound the time from the signal to the exit: they
# catch a run that keeps working or waits for ever (a game in progress
# that is played on: test 2's never ends).  Ending takes longer where each
# process writes its gcov counts as it exits (a coverage build, -O0) or
# under the sanitizers, the more so on a loaded machine: there they are
# five times as long, which still fails a run that does not stop.
slow=1
if grep -q '^#define TABLERO_COVERAGE 1' "$top_builddir/config.h" ||
   [ -n "${ASAN_OPTIONS:-}" ]; then
	slow=5
fi
t=$(printf '\t')
# pty SCRIPT CMD...: run "tablero CMD..." on a pty, its stdout into $work/out.
pty() {
	s=$1
	shift
	python3 "$py" "$s" -- /bin/sh -c 'exec "$@" >"$0"' "$work/out" \
	    "$TABLERO" --no-config -P "$top_builddir/tests/badgame/.libs" "$@" \
	    >"$work/log" 2>&1
}
# Every line of $work/out is a JSON object; prints "TYPE" per line.
types() {
	python3 -c 'import json, sys
for l in open(sys.argv[1]):
    print(json.loads(l)["type"])' "$work/out"
}
# The value of KEY in the last line of TYPE in $work/out.
member() {
	python3 -c 'import json, sys
v = None
for l in open(sys.argv[1]):
    o = json.loads(l)
    if o["type"] == sys.argv[2]:
        v = o.get(sys.argv[3])
print(json.dumps(v))' "$work/out" "$1" "$2"
}

# 1: Ctrl-C once games have finished: the report covers them, exit 130.
cat >"$work/s1" <<EOS
expect${t}match: [1-9][0-9]*/200
send${t}\\x03
exit${t}130${t}$((3 * slow))
EOS
if pty "$work/s1" match example --players mcts:3000,mcts:300 --games 200; then
	got=$(sed -n 's/^match example: interrupted after \([0-9]*\) of 200 games, seed 1, .*/\1/p' "$work/out")
	if [ -n "$got" ] && [ "$got" -ge 1 ] &&
	   grep -q "^player 1 mcts:3000: score [0-9.]*/$got " "$work/out"; then
		ok "match: Ctrl-C reports the $got games played, marked interrupted, status 130"
	else nok "match: the interrupted report" "$(cat "$work/out")"; fi
else nok "match: Ctrl-C did not stop the match with 130" "$(cat "$work/log")"; fi

# 2: the game in progress is abandoned, not played on with weak moves.
cat >"$work/s2" <<EOS
sleep${t}0.5
send${t}\\x03
exit${t}130${t}$((2 * slow))
EOS
if pty "$work/s2" match example --players mcts:50000000,mcts:50000000 --games 4 &&
   grep -q '^match example: interrupted after 0 of 4 games' "$work/out"; then
	ok "match: a game in progress is abandoned and not counted"
else nok "match: the game in progress" "$(cat "$work/log")" "$(cat "$work/out")"; fi

# 3: SIGINT to the parent alone (--jobs 3): it ends its workers; the
# --json output is whole lines, with the summary marked and a last line
# "interrupted" whose count is that of the game lines.
cat >"$work/s3" <<EOS
expect${t}match: [1-9][0-9]*/200
kill${t}2
exit${t}130${t}$((3 * slow))
EOS
if pty "$work/s3" match example --players mcts:3000,mcts:300 --games 200 --jobs 3 --json &&
   ty=$(types) && [ "$(printf '%s\n' "$ty" | tail -2 | tr '\n' ' ')" = "summary interrupted " ] &&
   g=$(printf '%s\n' "$ty" | grep -c '^game$'; :) &&
   [ "$(member interrupted games)" = "$g" ] && [ "$(member interrupted of)" = 200 ] &&
   [ "$(member summary games)" = "$g" ] && [ "$(member summary interrupted)" = true ]; then
	ok "match --jobs 3 --json: valid lines, summary and last line say interrupted ($g games)"
else nok "match --json interrupted" "$(cat "$work/log")" "$(cat "$work/out")"; fi

# 4: a shard ends with the "interrupted" line; merge says so.
cat >"$work/s4" <<EOS
expect${t}match: [1-9][0-9]*/67
send${t}\\x03
exit${t}130${t}$((3 * slow))
EOS
if pty "$work/s4" match example --players mcts:3000,mcts:300 --games 200 --jobs 2 --shard 2/3 &&
   ty=$(types) && [ "$(printf '%s\n' "$ty" | tail -1)" = interrupted ] &&
   [ "$(member interrupted games)" = "$(printf '%s\n' "$ty" | grep -c '^game$')" ] &&
   [ "$(member interrupted of)" = 67 ] &&
   ! "$TABLERO" merge "$work/out" >/dev/null 2>"$work/err" &&
   grep -q ':[0-9]*: this run was interrupted' "$work/err"; then
	ok "match --shard: the last line says interrupted, and merge reports it"
else nok "match --shard interrupted" "$(cat "$work/log")" "$(cat "$work/out")" "$(cat "$work/err" 2>/dev/null)"; fi

# 5: survey: the table counts the games played in each combination.
cat >"$work/s5" <<EOS
expect${t}survey: [1-9][0-9]*/200
send${t}\\x03
exit${t}130${t}$((3 * slow))
EOS
if pty "$work/s5" survey example width=3,4 --players mcts:2000,random --games 100 --jobs 2; then
	got=$(sed -n 's/^survey example: interrupted after \([0-9]*\) of 200 games, seed 1, .*/\1/p' "$work/out")
	sum=$(awk '$1 == 3 || $1 == 4 { s += $2 } END { print s + 0 }' "$work/out")
	if [ -n "$got" ] && [ "$got" -ge 1 ] && [ "$got" = "$sum" ]; then
		ok "survey: Ctrl-C reports the $got games played, marked interrupted"
	else nok "survey: the interrupted report" "$(cat "$work/out")"; fi
else nok "survey: Ctrl-C did not stop the survey with 130" "$(cat "$work/log")"; fi

# 6: survey --json: rows, then the "interrupted" line.
if pty "$work/s5" survey example width=3,4 --players mcts:2000,random --games 100 --jobs 2 --json &&
   ty=$(types) && [ "$(printf '%s\n' "$ty" | tr '\n' ' ')" = "survey row row interrupted " ] &&
   [ "$(member interrupted of)" = 200 ]; then
	ok "survey --json: valid lines ending with the interrupted line"
else nok "survey --json interrupted" "$(cat "$work/log")" "$(cat "$work/out")"; fi

# 7: bench stops, reports and exits 130.
cat >"$work/s7" <<EOS
sleep${t}1
send${t}\\x03
exit${t}130${t}$((2 * slow))
EOS
if pty "$work/s7" bench example --seconds 1000 &&
   grep -q '^bench example: seed 1, [0-9.]* s (interrupted)$' "$work/out" &&
   grep -q '^playouts: [1-9]' "$work/out"; then
	ok "bench: Ctrl-C stops it with its figures so far, status 130"
else nok "bench interrupted" "$(cat "$work/log")" "$(cat "$work/out")"; fi

# 8: a plugin's apply that never returns: the first Ctrl-C cannot be
# served, a second within a second kills at once.
cat >"$work/s8" <<EOS
sleep${t}1
send${t}\\x03
sleep${t}0.2
send${t}\\x03
exit${t}-2${t}$((2 * slow))
EOS
if pty "$work/s8" match liar fault=hang --players random,random --games 2; then
	ok "a second Ctrl-C within a second kills a run stuck in a plugin"
else nok "second Ctrl-C" "$(cat "$work/log")"; fi

# 9: perft stops at once; the depths counted before stay shown (issue
# 21 item 17), the one it was counting is not.
cat >"$work/s9" <<EOS
sleep${t}0.5
send${t}\\x03
expect${t}perft: interrupted in depth [0-9]+; (depths 1 to [0-9]+ are counted above|no depth was counted)
exit${t}130${t}$((2 * slow))
EOS
k=
if pty "$work/s9" perft mancala 20; then
	k=$(grep -c '^depth' "$work/out")
	printf 'perft mancala\ndepth 1: 19\ndepth 2: 361\ndepth 3: 4977\ndepth 4: 71443\ndepth 5: 819733\ndepth 6: 10027812\n' |
	    head -n $((k + 1)) >"$work/want"
fi
if [ -n "$k" ] && [ "$k" -le 5 ] && cmp -s "$work/want" "$work/out"; then
	ok "perft: Ctrl-C stops the count, status 130, the $k depths counted kept"
else nok "perft interrupted" "$(cat "$work/log")" "$(cat "$work/out")"; fi

# Processes of a run seeded $1 still alive (workers, after their parent
# ended), waited for up to 3 s (times $slow).
left() {
	i=0
	while [ $i -lt $((30 * slow)) ]; do
		ps -eo args | grep -Eq -- "[-]-seed $1( |$)" || { echo 0; return; }
		sleep 0.1
		i=$((i + 1))
	done
	ps -eo pid,args | grep -E -- "[-]-seed $1( |$)"
	# Leave none running.
	kill $(ps -eo pid,args | sed -n "s/^ *\([0-9]*\) .*[-]-seed $1\( .*\)*$/\1/p") 2>/dev/null
}

# 10: SIGTERM to a match whose workers search for ever: they are ended,
# the output ends with the interrupted line, the status is 143.
seed=$$1
cat >"$work/s10" <<EOS
sleep${t}0.5
kill${t}15
exit${t}143${t}$((3 * slow))
EOS
if pty "$work/s10" match example --players mcts:50000000,mcts:50000000 --games 4 --jobs 2 --seed $seed --json &&
   [ "$(types | tail -1)" = interrupted ] && [ "$(left $seed)" = 0 ]; then
	ok "SIGTERM stops a match like Ctrl-C, its workers end, status 143"
else nok "SIGTERM during match" "$(cat "$work/log")" "$(cat "$work/out")" "$(left $seed)"; fi

# 11: the parent killed outright (SIGKILL), off any terminal (no SIGHUP
# comes): its workers end too.
seed=$$2
"$TABLERO" --no-config match example --players mcts:50000000,mcts:50000000 \
    --games 4 --jobs 2 --seed $seed >/dev/null 2>&1 &
pid=$!
i=0
while [ $i -lt 50 ] && [ "$(ps -eo args | grep -cE -- "[-]-seed $seed( |$)")" -lt 3 ]; do
	sleep 0.1
	i=$((i + 1))
done
kill -9 $pid
wait $pid 2>/dev/null
if [ $i -lt 50 ] && [ "$(left $seed)" = 0 ]; then
	ok "no worker outlives a parent killed with SIGKILL"
else nok "workers after SIGKILL (waited $i)" "$(left $seed)"; fi
