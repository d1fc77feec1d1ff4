#!/bin/sh
# `tablero bench`: the same seed gives the same games; every mode reports.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-bench.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
T() { "$TABLERO" --no-config -P "$top_builddir/tests/plugins/.libs" "$@"; }
echo "1..9"
a=$(T bench testgame die=d6 --playouts 300 --seed 9 | grep '^mean length')
b=$(T bench testgame die=d6 --playouts 300 --seed 9 | grep '^mean length')
c=$(T bench testgame die=d6 --playouts 300 --seed 10 | grep '^mean length')
if [ -n "$a" ] && [ "$a" = "$b" ]; then echo "ok 1 - same seed, same mean length ($a)"
else echo "not ok 1 - same seed gave '$a' and '$b'"; fi
if [ "$a" != "$c" ]; then echo "ok 2 - another seed, other games"
else echo "not ok 2 - seeds 9 and 10 gave the same games"; fi
out=$(T bench testgame --playouts 50 --clone)
if echo "$out" | grep -q 'clone+apply per move' && echo "$out" | grep -q '^playouts: 50 '; then
	echo "ok 3 - --clone times clone+apply"
else echo "not ok 3 - --clone"; echo "$out" | sed 's/^/# /'; fi
out=$(T bench example --ai mcts:50 --seconds 0.2)
if echo "$out" | grep -q '^mcts:50: [0-9]* searches, [0-9]* simulations'; then
	echo "ok 4 - --ai reports MCTS simulations per second"
else echo "not ok 4 - --ai"; echo "$out" | sed 's/^/# /'; fi
out=$(T bench testgame sise=3 2>&1)
if [ "$out" = "tablero: bench: unknown option 'sise' for testgame (did you mean 'size'?)" ]; then
	echo "ok 5 - bench validates options"
else echo "not ok 5 - bench option error: $out"; fi
out=$(T bench example --ai mcts:50 --playouts 120 --seconds 100)
if echo "$out" | grep -q '^mcts:50: 3 searches, 150 simulations'; then
	echo "ok 6 - --ai honours --playouts (simulations, the last search completes)"
else echo "not ok 6 - --ai --playouts"; echo "$out" | sed 's/^/# /'; fi
out=$(T bench example --ai random 2>&1); st=$?
if [ $st -eq 2 ] && [ "$out" = "tablero: bench: --ai random: only mcts players search; a random player is what 'tablero bench GAME' measures without --ai" ]; then
	echo "ok 7 - --ai random is refused with the reason"
else echo "not ok 7 - --ai random: status $st: $out"; fi
# The games a seed plays through the plugins' play_random(), as the
# builds before the faster playout loop played them (moves, and games cut
# at a small move_cap): a faster loop must not change a single one.
printf '[tablero]\nmove_cap = 40\n' > "$work/cap.conf"
P() { "$TABLERO" --no-config -P "$top_builddir/plugins/.libs" "$@"; }
got=$(P bench mancala --seed 1 --playouts 300 | grep '^moves:' | cut -d' ' -f2)
got="$got $(P bench tuknanavuhpi --seed 1 --playouts 300 | grep '^moves:' | cut -d' ' -f2)"
got="$got $(P bench tuknanavuhpi variant=kharbaga --seed 1 --playouts 300 | grep '^moves:' | cut -d' ' -f2)"
got="$got $(P -C "$work/cap.conf" bench mancala --seed 3 --playouts 300 | grep -c '194 cut at 40 moves')"
if [ "$got" = "20459 32298 17970 1" ]; then
	echo "ok 8 - seeded playouts of ||Hus, tuknanavuhpi, Kharbaga as before"
else echo "not ok 8 - seeded playouts: moves and cuts '$got', expected '20459 32298 17970 1'"; fi
# The same through the plugin's whole-game playout() (SDK ABI 1.4): the
# games of 50,000 seeded ||Hus playouts, as bench played them move by
# move and as the hand-written loop of issue 36 plays them.
got=""
for seed in 1 2 3 77; do
	got="$got $(P bench mancala --seed $seed --playouts 50000 | grep '^moves:' | cut -d' ' -f2)"
done
if [ "$got" = " 3459587 3469944 3444992 3453501" ]; then
	echo "ok 9 - 50,000 seeded ||Hus playouts as before"
else echo "not ok 9 - ||Hus moves for seeds 1, 2, 3, 77: '$got', expected 3459587 3469944 3444992 3453501"; fi
