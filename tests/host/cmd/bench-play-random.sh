#!/bin/sh
# `tablero bench` with a plugin's play_random() (tests/badgame/badrules.c):
# the playouts through the hook are the games of listing and applying
# (--clone takes no hook), chance points included; a plugin that gives
# nothing to play stops the playouts and the searches with one message,
# and the report counts those games apart.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-bench-hook.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
T() { timeout 20 "$TABLERO" --no-config -P "$top_builddir/tests/badgame/.libs" "$@"; }
echo "1..7"
. "$top_srcdir/tests/tap.sh"
# The report without its rates and times.
figures() { sed 's/ ([0-9.]*\/s)$//; s/, [0-9.]* s/, T s/'; }

for opt in fault=none fault=chance; do
	a=$(T bench badrules $opt --playouts 50 --seed 3 2>&1 | figures)
	b=$(T bench badrules $opt --playouts 50 --seed 3 --clone 2>&1 | figures)
	case $opt in
	fault=none) moves=273 mean=5.46 ;;
	*) moves=478 mean=9.56 ;;
	esac
	want="bench badrules $opt: seed 3, T s
playouts: 50
moves: $moves
mean length: $mean moves
ended by the rules: 100.00% (0 at the game's own turn limit, 0 cut at 100000 moves)"
	if [ "$a" = "$want" ] && [ "$b" = "$(printf '%s\n' "$want" | sed '1s/$/, clone+apply per move/')" ]; then
		ok "badrules $opt: play_random plays the games of listing and applying"
	else nok "bench $opt" "$a" "$b"; fi
done

# No move for a player, no outcome at a chance point: said once, and
# those games counted apart.
for k in nomove nooutcome; do
	out=$(T bench badrules fault=$k --playouts 5 2>"$work/err" | sed -n 5p)
	case $k in
	nomove) say="legal_moves gave no legal move for a player to move" ;;
	*) say="chance_outcomes gave no outcome at a chance point" ;;
	esac
	if [ "$out" = "ended by the rules: 0.00% (0 at the game's own turn limit, 0 cut at 100000 moves, 5 stopped with nothing to play)" ] &&
	   [ "$(cat "$work/err")" = "tablero: plugin badrules: $say (a bug in the plugin; reported once)" ]; then
		ok "playouts: fault=$k is said once and counted apart"
	else nok "playouts fault=$k" "$out" "$(cat "$work/err")"; fi
	out=$(T bench badrules fault=$k --ai mcts:20 --playouts 500 2>"$work/err" | sed -n 2p)
	case $k in
	nomove) sims="5 searches, 100" ;;
	*) sims="1 search, 20" ;;
	esac
	case $out in
	"mcts:20: $sims simulations in "*) r=1 ;;
	*) r=0 ;;
	esac
	if [ "$r" = 1 ] && [ "$(cat "$work/err")" = "tablero: plugin badrules: $say (a bug in the plugin; reported once)" ]; then
		ok "--ai: fault=$k stops the searches, said once"
	else nok "--ai fault=$k" "$out" "$(cat "$work/err")"; fi
done

out=$(T bench badrules --ai mcts:x 2>&1)
rc=$?
if [ "$rc" = 2 ] && [ "$out" = "tablero: bench: --ai: bad MCTS budget 'x': want a number of playouts (mcts:2000) or milliseconds (mcts:500ms)" ]; then
	ok "bench refuses a player --ai cannot read"
else nok "--ai mcts:x (status $rc)" "$out"; fi
