#!/bin/sh
# The terms of a match or survey (run/terms.c) refused with their exact
# messages: engines (a name twice, a built-in's name, too long, too many,
# no command; the flag reader's limit of 16), players (human, none, unknown, too many), --resign,
# --draw-after without an evaluate hook, and openings files (missing,
# empty, a line that is neither a position nor moves, the end of a game,
# an opening that does not fit one combination of a survey); a good
# opening is counted in the header.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-terms-flags.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
echo "1..18"
. "$top_srcdir/tests/tap.sh"
# refused COMMAND-AND-ARGS... -- MESSAGE: status 2 and exactly the message.
refused() {
	want=$1
	shift
	out=$("$TABLERO" --no-config "$@" 2>&1)
	rc=$?
	if [ "$rc" = 2 ] && [ "$out" = "tablero: $want" ]; then ok "$want"
	else nok "$* (status $rc)" "$out"; fi
}
M="match example --games 2"
refused "match: --engine: two engines are named 'x'" $M --engine x=/bin/true --engine x=/bin/true --players x,random
refused "match: --engine: 'random' is a built-in player's name" $M --engine random=/bin/true --players random,random
refused "match: --engine: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' is too long a name (at most 32 bytes)" $M --engine aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa=/bin/true --players random,random
many=
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17; do many="$many --engine e$i=/bin/true"; done
refused "match: --engine at most 16 times" $M $many --players random,random
refused "match: --engine wants NAME=COMMAND, not 'noequals'" $M --engine noequals --players random,random
refused "match: games here are played by computer players, not 'human'" $M --players human,random
refused "match: --players names no player" $M --players ,
refused "match: unknown player 'bogus9' (human, random, mcts, mcts:PLAYOUTS, mcts:MSms, each with :tT and :fresh)" $M --players random,bogus9
refused "match: too many players (at most 16)" $M --players random,random,random,random,random,random,random,random,random,random,random,random,random,random,random,random,random
refused "match: --resign wants SCORE,MOVES: a win chance below 0.5 and a number of moves (0.05,6), not '0.7,3'" $M --players random,random --resign 0.7,3
refused "match: --resign wants SCORE,MOVES: a win chance below 0.5 and a number of moves (0.05,6), not '0.1'" $M --players random,random --resign 0.1
refused "match: --draw-after: example cannot tell progress (it has no evaluate hook)" $M --players random,random --draw-after 3
printf '# none\n\n' > empty.txt
printf 'a1 b1 c1 a2 b2 c2 a3\n' > over.txt
printf 'b2 b2\n' > twice.txt
printf 'XXX/OO./... -\n' > end.txt
printf 'd4\n' > d4.txt
refused "match: none.txt: No such file or directory" $M --players random,random --openings none.txt
refused "match: empty.txt: no opening in the file" $M --players random,random --openings empty.txt
refused "match: over.txt:1: neither a position (rank 3: 'a' is not a cell (use . X O)) nor moves from the start (the game is over after these moves)" $M --players random,random --openings over.txt
refused "match: twice.txt:1: neither a position (rank 3: 'b' is not a cell (use . X O)) nor moves from the start ('b2' is not legal there)" $M --players random,random --openings twice.txt
refused "match: end.txt:1: the position is the end of a game" $M --players random,random --openings end.txt
printf '# the centre\nb2\n' > ok.txt
out=$("$TABLERO" --no-config survey example width=4,3 height=4 --openings d4.txt --games 2 2>&1)
rc=$?
if [ "$rc" = 2 ] && [ "$out" = "tablero: survey: opening 1 ('d4'): neither a position (rank 4: 'd' is not a cell (use . X O)) nor moves from the start (no cell d4 on a 3x4 board)" ] &&
   "$TABLERO" --no-config match example --players random,random --games 2 --openings ok.txt --json | head -n 1 | grep -q '"openings":1}$'; then
	ok "an opening that does not fit a survey's combination; a good one is counted"
else nok "survey openings (status $rc)" "$out"; fi
