#!/bin/sh
# `tablero match` refuses what it cannot run, each with its message and
# status 2; a record or a plot that cannot be written stops it, status
# 1, with --jobs 1 and 2; --jobs beyond the games plays them here; the
# SPRT's verdict in text and JSON, and through merge, whose match
# headers must have their cap, seed, seats and a sound SPRT; games that
# crash under --timeout are counted as failed in the JSON summary.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-match-edges.XXXXXX") || exit 99
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
T() { timeout 30 "$TABLERO" --no-config "$@"; }
echo "1..18"
. "$top_srcdir/tests/tap.sh"
rr="--players random,random"

# R STATUS MESSAGE ARGS...: match ARGS fails with STATUS, MESSAGE on stderr
# (the first line of it) and nothing on stdout.
R() {
	st=$1 msg=$2
	shift 2
	out=$(T match "$@" 2>err)
	rc=$?
	sed -i '/^==[0-9]*==WARNING: AddressSanitizer failed to allocate/d' err
	if [ "$rc" = "$st" ] && [ -z "$out" ] && [ "$(sed 1q err)" = "$msg" ]; then
		ok "$msg"
	else nok "match $* (status $rc)" "$out" "$(cat err)"; fi
}

R 2 "tablero: match: --players is required (each: random, mcts, mcts:PLAYOUTS or mcts:MSms)" example --games 2
[ "$(sed 1d err | sed 1q)" = "usage: tablero match GAME [key=value ...] --players P1,P2[,...] [--games N]" ] ||
	echo "# the usage does not follow"
R 2 "tablero: match: --sprt compares two players, not 3" awithlaknakwe players=3 --players random,random,random --sprt 0,50,0.05,0.05 --games 2
R 2 "tablero: match: option 'width' must be between 3 and 19, not 99" example width=99 $rr
R 2 "tablero: match: awithlaknakwe has 4 players; --players names 2" awithlaknakwe players=4 $rr
R 2 "tablero: match: --plot draws the whole match, not a shard: give it to merge (tablero merge --plot FILE.svg SHARD...)" example $rr --shard 1/2 --plot x.svg
R 2 "tablero: match: cannot hold the results of 2000000000 games in memory" example $rr --games 2000000000

out=$(T match example $rr --games 2 --plot nodir/x.svg 2>err)
rc=$?
if [ "$rc" = 1 ] && [ "$(printf '%s\n' "$out" | sed 1q)" = "match example: 2 games, seed 1, each seed played in every seating" ] &&
   [ "$(cat err)" = "tablero: match: nodir/x.svg: cannot save: cannot create a temporary file: No such file or directory" ]; then
	ok "a plot that cannot be written fails the match after its report"
else nok "--plot nodir (status $rc)" "$out" "$(cat err)"; fi

# A record that cannot be written ends the match, here and in a worker.
mkdir -p recs/game-000002.tbr
for j in 1 2; do
	out=$(T match example $rr --games 4 --jobs $j --records recs 2>err)
	rc=$?
	want="tablero: match: recs/game-000002.tbr: cannot save: not a regular file"
	[ $j = 2 ] && want="$want
tablero: a worker failed"
	want="$want
tablero: match: stopped after 1 of 4 games"
	if [ "$rc" = 1 ] && [ -z "$out" ] && [ "$(cat err)" = "$want" ]; then
		ok "--jobs $j: a record that cannot be written stops the match"
	else nok "records --jobs $j (status $rc)" "$out" "$(cat err)"; fi
done

a=$(T match example $rr --games 1 --jobs 1 --json | sed 's/,"time":\[[^]]*\]//')
b=$(T match example $rr --games 1 --jobs 2 --json | sed 's/,"time":\[[^]]*\]//')
if [ -n "$a" ] && [ "$a" = "$b" ]; then
	ok "--jobs 2 for one game plays it as --jobs 1 does"
else nok "--jobs 2 --games 1" "$a" "$b"; fi

# The SPRT: its verdict, in text, JSON and through merge.
sprt="--sprt 0,50,0.05,0.05"
out=$(T match example $rr --games 4 $sprt | tail -1)
verdict="sprt elo0=0 elo1=50 alpha=0.05 beta=0.05: undecided after 4 games (LLR -0.26, bounds -2.94, 2.94)"
if [ "$out" = "$verdict" ]; then
	ok "the SPRT's verdict in text"
else nok "sprt text" "$out"; fi
out=$(T match example $rr --games 4 $sprt --json)
if printf '%s\n' "$out" | sed 1q | grep -qF ',"sprt":[0,50,0.050000000000000003,0.050000000000000003]}' &&
   printf '%s\n' "$out" | tail -1 | grep -qF ',"sprt_llr":-0.26473367016382432,"sprt_lower":-2.9444389791664403,"sprt_upper":2.9444389791664403,"sprt_decision":"none"}'; then
	ok "the SPRT's bounds and verdict in JSON"
else nok "sprt json" "$out"; fi
T match example $rr --games 4 $sprt --shard 1/2 > s1 &&
T match example $rr --games 4 $sprt --shard 2/2 > s2 || exit 99
out=$(T merge s1 s2 | tail -1)
if [ "$out" = "$verdict" ]; then
	ok "merge gives the SPRT's verdict of the whole match"
else nok "merge sprt" "$out"; fi
# H EDIT MESSAGE: match headers edited so are refused by merge.
H() {
	sed "1$1" s1 > x1
	sed "1$1" s2 > x2
	out=$(T merge x1 x2 2>&1)
	rc=$?
	if [ "$rc" = 1 ] && [ "$out" = "tablero: merge: $2" ]; then
		ok "merge: $2"
	else nok "merge: $2 (status $rc)" "$out"; fi
}
H 's/"cap":100000,//' "the match header lacks its move cap (from 1 to 2147483647)"
H 's/"seed":1,//' "the match header lacks its seed"
H 's/"seats":\["X","O"\]/"seats":[]/' "the match header's players and seats do not match"
H 's/"sprt":\[0,50,/"sprt":[50,0,/' "--sprt: elo1 (0) must be greater than elo0 (50)"

# Games that crash in their process: failed, counted apart.
out=$(T -P "$top_builddir/tests/badgame/.libs" match liar fault=crash $rr --games 2 --json --timeout 5 2>err)
rc=$?
if [ "$rc" = 1 ] && printf '%s\n' "$out" | tail -1 | grep -q '^{"type":"summary","games":0,"failed":2,"score":\[0,0\],' &&
   [ "$(cat err)" = "tablero: match: game 1: the plugin crashed: signal 11 (Segmentation fault)
tablero: match: game 2: the plugin crashed: signal 11 (Segmentation fault)" ]; then
	ok "games that crash are failed, counted apart in the JSON summary"
else nok "crash --timeout (status $rc)" "$out" "$(cat err)"; fi
