#!/bin/sh
# `tablero perft`: recorded counts for depths 1-4 from the start of every
# shipped game, variant and profile.  Not here: starts dealt by chance
# (yucata layout=random, mancala setup=ignorants), which have too many
# outcomes to expand.  A change in any count is a change
# in move generation (or in the start position) and must be explained.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-perft.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
T() { "$TABLERO" --no-config -P "$top_builddir/tests/plugins/.libs" "$@"; }
# game and options | depth 1 2 3 4
table='
mancala variant=hus | 19 361 4977 71443
mancala variant=maruba | 14 187 1950 19351
mancala variant=mofuba | 14 187 1950 19351
mancala variant=tschuba | 16 240 2660 24201
mancala variant=tschuba2 | 16 184 1714 13130
mancala variant=chuba | 9 89 668 6192
mancala variant=annana | 6 32 140 638
mancala variant=djamo | 6 32 140 638
mancala variant=poo | 6 32 140 638
mancala variant=kale | 6 32 140 638
mancala variant=mankalah | 4 22 112 573
mancala variant=mankalah setup=wise_ends | 1 3 11 40
mancala variant=mankalah setup=none | 6 28 139 701
mancala variant=mangala | 7 37 224 1338
mancala variant=gabatta | 12 120 836 5279
recuay ruleset=race | 4 16 143 1149
recuay ruleset=race zero=mover | 4 16 143 1149
recuay ruleset=jaguar | 7 49 490 4869
tuknanavuhpi variant=tuknanavuhpi | 4 6 8 22
tuknanavuhpi variant=aiyawatstani | 4 6 8 22
tuknanavuhpi variant=kharbaga | 3 5 7 10
awithlaknakwe players=2 | 12 144 1632 18496
awithlaknakwe players=4 | 12 144 1728 20736
awithlaknakwe players=2 first=random | 24 288 3264 36992
awithlaknakwe players=2 scoring=captures arrived=slide | 12 144 1632 18496
awithlaknakwe players=4 partners=combined | 24 576 13440 313598
yucata players=2 | 6 36 180 900
yucata players=3 | 6 36 216 1116
yucata players=4 | 6 36 216 1296
yucata first=random | 12 72 360 1800
yucata layout=centre | 6 36 180 900
yucata layout=pairs | 6 36 180 900
testgame bonus=yes | 9 74 610 5028
'
n=$(echo "$table" | grep -c '|')
echo "1..$((n + 3))"
i=0
echo "$table" | grep '|' > "$work/table"
while IFS='|' read -r args counts; do
	i=$((i + 1))
	# shellcheck disable=SC2086
	got=$(T perft $args 4 | sed -n 's/^depth [0-9]*: //p' | tr '\n' ' ')
	want=$(echo $counts)
	if [ "$(echo $got)" = "$want" ]; then echo "ok $i - perft $args: $want"
	else echo "not ok $i - perft $args: got '$got', recorded '$want'"; fi
done < "$work/table"
out=$(T perft mancala 0 2>&1); rc=$?
if [ $rc -eq 2 ] && [ "$out" = "tablero: perft: DEPTH must be 1 to 20, not 0" ]; then
	echo "ok $((n + 1)) - depth 0 refused"
else echo "not ok $((n + 1)) - depth 0: $rc $out"; fi
out=$(T perft mancala variant=hus 2>&1); rc=$?
if [ $rc -eq 2 ] && echo "$out" | grep -q 'the last argument must be the DEPTH'; then
	echo "ok $((n + 2)) - a missing depth is refused"
else echo "not ok $((n + 2)) - missing depth: $rc $out"; fi
out=$(T perft mancala varaint=hus 2 2>&1); rc=$?
if [ $rc -eq 2 ] && echo "$out" | grep -q "did you mean 'variant'"; then
	echo "ok $((n + 3)) - options are checked"
else echo "not ok $((n + 3)) - bad option: $rc $out"; fi
