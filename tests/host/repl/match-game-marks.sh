#!/bin/sh
# The games of a REPL match marked as they end (issue 21 item 7), without a
# terminal: a line at each end, marks in history and the saved record.
echo "1..2"
. "$top_srcdir/tests/tap.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-marks.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work" TABLERO_PLUGIN_PATH=
cd "$work" || exit 99
T() { "$TABLERO" --no-config -P "$top_builddir/tests/plugins/.libs" "$@"; }

# each game of a match ends with a line; history and the
# saved record mark the boundaries after the move that ended each game,
# and load checks them.
T -s 1 -c 'new mancala variant=mankalah match_target=60; seat 1 random; seat 2 random; history; save m.tbr' >m.out
ng=$(grep -c '^game [0-9]* of the match: \([PQ] wins\|drawn\) [0-9]*-[0-9]*, gains P [0-9]*, Q [0-9]*$' m.out)
nums=$(sed -n 's/^game \([0-9]*\) of the match:.*/\1/p' m.out | tr '\n' ' ')
hist=$(grep -c '^-- game [0-9]* of the match: ' m.out)
rec=$(grep -c '^# game [0-9]* of the match: ' m.tbr)
first=$(grep -B1 -A1 -m1 '^game 1 of the match' m.out | tr '\n' '|')
if [ "$ng" -ge 3 ] && [ "$nums" = "$(seq 1 "$ng" | tr '\n' ' ')" ] && [ "$hist" = "$ng" ] &&
   [ "$rec" = "$ng" ] && [ "$(grep -A1 "^game $ng of the match" m.out | tail -n 1 | cut -c1-22)" = "game over: P wins the " ] &&
   [ "$first" = "Q plays b5|game 1 of the match: Q wins 45-26, gains P 0, Q 19|Q plays b1|" ] &&
   grep -q -B1 '^-- game 1 of the match' m.out && [ "$(grep -B1 '^-- game 1 of the match' m.out | head -n 1)" = "30. Q: b5" ]
then ok "a match's $ng games each end with a line; history and the record mark them"
else nok "match game ends ($ng: $nums; $hist; $rec)" "$first" "$(grep -B1 -A1 'game 1 of' m.out)"; fi
a=$(T -c 'load m.tbr; history' | grep -c '^-- game')
sed 's/^# game 2 of the match: \(.\) wins \([0-9]*\)-/# game 2 of the match: \1 wins 9\2-/' m.tbr >bad.tbr
b=$(T -c 'load bad.tbr' 2>&1 | tail -n 1)
line=$(grep -n '^# game 2 ' bad.tbr | cut -d: -f1)
if [ "$a" = "$ng" ] && echo "$b" | grep -q "^-c:1: bad.tbr:$line: the record says game 2 of the match ended here (. wins 9[0-9]*-.*), but the moves before this line end game 2: . wins [0-9]*-"
then ok "load reads the marks back, and refuses one the moves do not make"
else nok "load of the marks ($a)" "$b"; fi
