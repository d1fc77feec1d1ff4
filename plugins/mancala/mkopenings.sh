#!/bin/sh
# mkopenings.sh - balanced openings for a variant of the mancala plugin,
# for `tablero match --openings FILE` (a developer tool, not run by
# check; the shipped conf/mancala/*.openings were made by it):
#	plugins/mancala/mkopenings.sh VARIANT GAMES PLIES [LO HI] >> FILE
# GAMES random games from the start, cut after PLIES moves (match
# --players random,random --cap PLIES, seed 500); each position reached
# is kept when one thread's 100000-playout hint (seed 1) gives the side
# to move a best win rate within [LO, HI] (default 0.30 0.70), so that
# neither seat has the game in hand.  Prints the kept openings, one a
# line (the moves from the start).
# TABLERO names the program (default: ./host/tablero of the build
# tree).
tab=${TABLERO:-./host/tablero}
v=$1 n=$2 cap=$3 lo=${4:-0.30} hi=${5:-0.70}
[ -n "$cap" ] || { echo "usage: $0 VARIANT GAMES PLIES [LO HI]" >&2; exit 2; }
d=$(mktemp -d "${TMPDIR:-/tmp}/mkopenings.XXXXXX") || exit 1
trap 'rm -rf "$d"' EXIT
"$tab" --no-config match mancala variant="$v" --players random,random \
    --games "$n" --cap "$cap" --seed 500 --records "$d" > /dev/null || exit 1
for f in "$d"/game-*.tbr; do
	grep -q '^\[Result "\*"\]' "$f" || continue	# ended within PLIES
	mv=$(grep -E '^[a-z][0-9]+ +#' "$f" | awk '{print $1}' | tr '\n' ' ')
	cmds="new mancala variant=$v"
	for m in $mv; do cmds="$cmds; $m"; done
	wr=$("$tab" --no-config -s 1 -c "$cmds; hint 2 mcts:100000" 2> /dev/null |
	    awk '/^  1\./ {print $NF}')
	[ -n "$wr" ] && awk -v w="$wr" -v lo="$lo" -v hi="$hi" \
	    'BEGIN { exit !(w >= lo && w <= hi) }' && echo "${mv% }"
done
