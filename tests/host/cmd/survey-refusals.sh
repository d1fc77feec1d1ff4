#!/bin/sh
# `tablero survey` refuses what it cannot run, each with its one-line
# message and status 2 (too many keys or combinations, nothing swept, an
# option value the game refuses, a combination with another number of
# players, an unknown player or game, more results than memory holds),
# and a plot that cannot be written fails the run after its report; merge
# refuses a survey header without its keys and writes the merged survey
# as JSON.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-survey-edges.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
# Under AddressSanitizer a calloc too big for memory aborts unless the
# allocator may return NULL, as libc's does: the case of more results
# than memory holds tests the program's own answer to that NULL.  The
# sanitizer then notes the failed allocation on stderr; R drops its note.
if [ -n "${ASAN_OPTIONS:-}" ]; then
	ASAN_OPTIONS=$ASAN_OPTIONS:allocator_may_return_null=1
	export ASAN_OPTIONS
fi
T() { timeout 20 "$TABLERO" --no-config "$@"; }
echo "1..11"
. "$top_srcdir/tests/tap.sh"

# R MESSAGE ARGS...: survey ARGS fails with status 2, printing MESSAGE alone.
R() {
	msg=$1
	shift
	out=$(T survey "$@" 2>&1)
	rc=$?
	out=$(printf '%s\n' "$out" |
	    sed '/^==[0-9]*==WARNING: AddressSanitizer failed to allocate/d')
	if [ "$rc" = 2 ] && [ "$out" = "tablero: survey: $msg" ]; then
		ok "$msg"
	else nok "survey $* (status $rc)" "$out"; fi
}

v=1,2,3,4,5,6,7,8,9,10,11
R "at most 8 options can be swept" example a=1,2 b=1,2 c=1,2 d=1,2 e=1,2 f=1,2 g=1,2 h=1,2 i=1,2
R "more than 1024 combinations" example a=$v b=$v c=$v
R "nothing to survey: give at least one key=value1,value2,..." example width=3
R "option 'width' must be between 3 and 19, not 99" example width=3,99 --games 1
R "awithlaknakwe has 4 players; --players names 2" awithlaknakwe players=2,4 --games 1
R "unknown player 'foo' (human, random, mcts, mcts:PLAYOUTS, mcts:MSms, each with :tT and :fresh)" example width=3,4 --players foo,bar
R "unknown game 'nosuchgame' (try 'games')" nosuchgame width=3,4
R "cannot hold the results of 2000000000 games of 2 combinations in memory" example width=3,4 --games 2000000000

out=$(T survey example width=3,4 --games 2 --plot nodir/x.svg 2>"$work/err")
rc=$?
if [ "$rc" = 1 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 4 ] &&
   [ "$(cat "$work/err")" = "tablero: survey: nodir/x.svg: cannot save: cannot create a temporary file: No such file or directory" ]; then
	ok "a plot that cannot be written fails the survey after its report"
else nok "--plot nodir (status $rc)" "$out" "$(cat "$work/err")"; fi

T survey example width=3,4 --games 2 --shard 1/2 > v1 2>/dev/null &&
T survey example width=3,4 --games 2 --shard 2/2 > v2 2>/dev/null || exit 99
sed '1s/"keys":\["width"\],//' v1 > x1
sed '1s/"keys":\["width"\],//' v2 > x2
out=$(T merge x1 x2 2>&1)
rc=$?
if [ "$rc" = 1 ] && [ "$out" = "tablero: merge: the survey header names no keys" ]; then
	ok "merge refuses a survey header without its keys"
else nok "survey header without keys (status $rc)" "$out"; fi

out=$(T merge --json v1 v2 2>&1 | sed 's/,"time":\[[^]]*\]//')
want=$(T survey example width=3,4 --games 2 --json 2>&1 | sed 's/,"time":\[[^]]*\]//')
if [ -n "$out" ] && [ "$out" = "$want" ]; then
	ok "merge --json of survey shards writes the survey's --json"
else nok "merge --json survey" "$out" "$want"; fi
