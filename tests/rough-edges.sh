#!/bin/sh
# Rough edges a new user met (issue 21 items 7, 8, 22, 25), without a
# terminal: a '#' comment after an INI value, `rules` from the build tree,
# the games of a match marked as they end, a deal by chance in one line.
echo "1..6"
. "$top_srcdir/tests/tap.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-rough.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work" TABLERO_PLUGIN_PATH=
cd "$work" || exit 99
T() { "$TABLERO" --no-config -P "$top_builddir/tests/plugins/.libs" "$@"; }

# 1 (item 22): inih keeps "3   # three" as the value; the error names
# the file and line and says that such a comment starts with ';'.
printf '[tablero]\nseed = 3 ; fine\n[example]\nk = 3\nwidth = 4   # four\n' >c.ini
out=$(T -C c.ini -c quit 2>&1); rc=$?
if [ $rc != 0 ] && [ "$out" = "tablero: c.ini:5: '#' in the value of 'width' ('4   # four'): a comment after a value starts with ';'" ]
then ok "a '#' comment after an INI value suggests ';'"
else nok "INI '#' comment ($rc)" "$out"; fi

# 2 (item 25): run from the build tree, `rules` names the page file for
# man -l, relative to the source directory when that is the current one.
a=$(T -c 'new example; rules' | tail -n 1)
b=$(cd "$top_srcdir" && T -c 'new example; rules' | tail -n 1)
src=$(cd "$top_srcdir" && pwd -P)
if [ "$a" = "(not installed: read it with 'man -l $src/man/tablero-example.7')" ] &&
   [ "$b" = "(not installed: read it with 'man -l man/tablero-example.7')" ] &&
   [ -f "$top_srcdir/man/tablero-example.7" ]
then ok "rules from the build tree: man -l and the page file"
else nok "rules from the build tree" "$a" "$b"; fi

# 3-4 (item 8): a deal by chance is one line, as played and in history.
out=$(T -s 7 -c 'new mancala variant=mankalah setup=ignorants; history')
deal='+b3 +a4 +b5 +b6 +b6 +b5 +a1 +a2 +a5 +a2 +b1 +b3 +b6 +b5 +a6 +b1 +a4 +a6 +a2 +a2 +a3 +b2 +b3 +a4 (24 outcomes)'
if [ "$(echo "$out" | grep -c chance)" = 2 ] &&
   [ "$(echo "$out" | sed -n 2p)" = "chance: $deal" ] &&
   [ "$(echo "$out" | tail -n 1)" = "   chance: $deal" ]
then ok "setup=ignorants: the 24 men dealt in one line, and in history"
else nok "ignorants deal" "$out"; fi
out=$(T -s 11 -c 'new yucata layout=random' | sed -n 2p)
if echo "$out" | grep -qx 'chance: red[0-9]* \(dark[0-9]* \)\{9\}(10 outcomes)'
then ok "yucata layout=random: the 10 stones placed in one line"
else nok "yucata deal" "$out"; fi

# 5-6 (item 7): each game of a match ends with a line; history and the
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
