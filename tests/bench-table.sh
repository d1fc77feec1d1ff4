#!/bin/sh
# bench-table.sh - `make bench`: random playouts of every game and variant
# of the tree at a fixed seed, one line each: playouts and moves a second,
# the mean length of a game and the share of games ended by the rules,
# then the simulations a second of `bench --ai mcts:100ms` on one thread
# and on two (:t2), for MCTS_SECONDS each (2 by default).
# tests/bench.txt keeps the table as last measured, so that a change in
# speed shows in review; the speeds depend on the machine and its load,
# the mean lengths and shares do not (the same seed plays the same games).
# Not a test: nothing here fails on speed.
#
# Usage: [PLAYOUTS=N] tests/bench-table.sh [TABLERO [PLUGIN_DIR]]
# (N playouts each, 20000 by default).
tablero=${1:-./host/tablero}
plugins=${2:-plugins/.libs}
seed=1

# GAME [OPTIONS]: the games, each variant once (aliases such as
# aiyawatstani, djamo, poo and kale play as the variant they name).
set -- \
	"awithlaknakwe" "awithlaknakwe players=4" "example" \
	"mancala variant=hus" "mancala variant=maruba" \
	"mancala variant=mofuba" "mancala variant=tschuba" \
	"mancala variant=tschuba2" "mancala variant=chuba" \
	"mancala variant=annana" "mancala variant=mankalah" \
	"mancala variant=mangala" "mancala variant=gabatta" \
	"recuay ruleset=race" "recuay ruleset=jaguar" \
	"tuknanavuhpi variant=tuknanavuhpi" "tuknanavuhpi variant=kharbaga" \
	"yucata"

# GAME T: the simulations a second of `bench GAME --ai mcts:100msT`.
sims() {
	# shellcheck disable=SC2086
	r=$("$tablero" --no-config -P "$plugins" bench $1 --ai "mcts:100ms$2" \
	    --seconds "${MCTS_SECONDS:-2}" 2>&1 |
	    sed -n 's/.*(\([0-9]*\) simulations\/s).*/\1/p')
	[ -n "$r" ] && echo "$r"
}

printf '%-34s %11s %11s %9s %8s %10s %10s\n' "game" "playouts/s" "moves/s" \
    "length" "rules" "mcts/s t1" "mcts/s t2"
for g in "$@"; do
	# shellcheck disable=SC2086
	out=$("$tablero" --no-config -P "$plugins" bench $g --playouts "${PLAYOUTS:-20000}" \
	    --seed "$seed" 2>&1) || {
		echo "$0: bench $g failed: $out" >&2
		exit 1
	}
	t1=$(sims "$g" "") && t2=$(sims "$g" ":t2") || {
		echo "$0: bench $g --ai failed" >&2
		exit 1
	}
	echo "$out" | awk -v g="$g" -v t1="$t1" -v t2="$t2" '
		/^playouts:/ { p = substr($3, 2) + 0 }
		/^moves:/ { m = substr($3, 2) + 0 }
		/^mean length:/ { l = $3 }
		/^ended by the rules:/ { r = $5 }
		END { printf "%-34s %11.0f %11.0f %9s %8s %10s %10s\n", g, p, m, l, r,
		    t1, t2 }'
done
echo "seed $seed, ${PLAYOUTS:-20000} playouts each, mcts for ${MCTS_SECONDS:-2} s each"
# The speeds depend on the machine's load: say it.
echo "load average at the end: $(uptime | sed 's/.*load average: //')"
