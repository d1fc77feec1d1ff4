#!/bin/sh
# What `match` reports (issue 21): a clean sweep's interval holds its own
# estimate, and no likelihood of superiority reads as a certainty.
echo "1..2"
. "$top_srcdir/tests/tap.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-mreport.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
T() { "$TABLERO" --no-config -P "$top_builddir/tests/plugins/.libs" "$@"; }

# 1: 10-0: the upper bound is +inf, as the estimate is (it printed +6382,
# the Wilson bound rounded below a share of 1).  (mcts:400: since the
# search proves values, mcts:300 draws one of these ten.)
out=$(T match example --players mcts:400,random --games 10 --seed 1)
if echo "$out" | grep -qx '  Elo +inf \[+166, +inf\] (95%), likelihood of superiority 99.9%' &&
   echo "$out" | grep -qx '  Elo -inf \[-inf, -166\] (95%), likelihood of superiority 0.1%'; then
	ok "a 10-0 sweep: Elo +inf [+166, +inf]"
else nok "10-0 sweep" "$out"; fi

# 2: 93 wins, 7 draws, no loss: erf() rounds the likelihood to exactly 1,
# which printed 100.0% and 0.0%.
out=$(T match example --players mcts:300,random --games 100 --seed 1)
if echo "$out" | grep -q '^player 1 mcts:300: score 96.5/100 (96.5%), 93 wins, 7 draws, 0 losses' &&
   echo "$out" | grep -q 'likelihood of superiority >99.9%$' &&
   echo "$out" | grep -q 'likelihood of superiority <0.1%$'; then
	ok "93-7-0: likelihood of superiority >99.9% and <0.1%, not a certainty"
else nok "93-7-0" "$out"; fi
