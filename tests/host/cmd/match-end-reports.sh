#!/bin/sh
# How a match's report says how its games ended (cmd/match_report.c,
# run/playgame.c): --resign adjudicates only a game still in play (a game
# the rules ended was once recorded as adjudicated, even against its
# winner); a line counts the games that ended other than by the rules;
# with no game finished the report says so (it once gave score 0/0 and
# Elo -inf [-inf, +inf]); "1 game"; a share of points in two decimals;
# under a clock the report of a match or a survey says that it replaced
# the budgets.  The ways games ended are in the JSON summary too, and in
# survey's reports (a line a combination, a JSON member, a CSV column),
# and merge keeps them from shards (they were only in match's text).
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-match-ends.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
T() { timeout 30 "$TABLERO" --no-config "$@"; }
bad="$top_srcdir/tests/host/run/bad-engine.sh"
echo "1..11"
. "$top_srcdir/tests/tap.sh"

# 1: both engines play the first legal move, so X wins on the diagonal at
# the 7th move, when the two estimates have agreed 6 decisions in a row.
out=$(T match example --engine a="$bad sure" --engine b="$bad info" --players a,b \
	--games 2 --resign 0.3,6 --json --records r 2>&1)
if ! printf '%s\n' "$out" | grep -q termination &&
   [ "$(printf '%s\n' "$out" | grep -c '"result":\[1,0\],"capped":false,"moves":7')" = 2 ] &&
   [ "$(cat r/*.tbr | grep -c '^\[Result "X wins with 3 in a line"\]$')" = 2 ]; then
	ok "--resign leaves a game the rules ended to the rules"
else nok "resign at the end" "$out" "$(cat r/*.tbr)"; fi

# 2: a line of the ways games ended other than by the rules.
out=$(T match example --engine g="$bad garbage" --engine h="$bad hang" --players g,h \
	--games 3 --st 0.1 2>&1)
if printf '%s\n' "$out" | grep -qx 'games ended other than by the rules: lost on time 1, garbage 2'; then
	ok "the report counts the ways games ended other than by the rules"
else nok "ends line" "$out"; fi
out=$(T match example --players random,random --games 3 2>&1)
if ! printf '%s\n' "$out" | grep -q 'other than by the rules'; then
	ok "no such line when the rules ended every game"
else nok "ends line without faults" "$out"; fi

# 4: every game failed (--timeout): no scores, no Elo; status 1.
out=$(T match example --engine h="$bad hang" --players random,h --games 2 --timeout 0.3 2>/dev/null)
rc=$?
if [ "$rc" = 1 ] && [ "$(printf '%s\n' "$out" | sed -n 1,3p)" = "match example: 0 games, seed 1, each seed played in every seating
2 games failed (a crash or the time limit) and are not counted
no game finished: no scores" ] && ! printf '%s\n' "$out" | grep -q 'Elo'; then
	ok "no game finished: the report says so, status 1"
else nok "no game finished (status $rc)" "$out"; fi

# 5: one game; three players' thirds of two games cut by the move cap.
out=$(T match example --players random,random --games 1 2>&1 | head -1)
out3=$(T match yucata players=3 --players random,random,random --games 2 --cap 5 2>&1)
if [ "$out" = "match example: 1 game, seed 1, each seed played in every seating" ] &&
   printf '%s\n' "$out3" | grep -qx 'player 1 random: score 0.67/2 (33.3%), 0 wins, 0 draws, 0 losses, 2 cut by the move cap' &&
   printf '%s\n' "$out3" | grep -qx '  Elo +0 \[-[0-9]*, +[0-9]*\] (95%), likelihood of superiority 50.0%' &&
   printf '%s\n' "$out3" | grep -qx 'seats: 1 P1 0.67 (33.3%), 2 P2 0.67 (33.3%), 3 P3 0.67 (33.3%)'; then
	ok "1 game, not 1 games; a third of a point in two decimals; Elo +0, not -0"
else nok "1 game, thirds" "$out" "$out3"; fi

out=$(T match yucata players=3 --players mcts:1000,mcts:300,random --games 1 --cap 4 --st 0.05 2>&1)
if printf '%s\n' "$out" | grep -qx 'the clock replaced the budgets (mcts:1000, mcts:300): each searched for its share of the time of st=0.05'; then
	ok "under a clock the report says that it replaced the budgets"
else nok "budgets" "$out"; fi
out=$(T survey example width=3,4 --players mcts:200,random --games 2 --st 0.05 2>&1)
if printf '%s\n' "$out" | grep -qx 'the clock replaced the budgets (mcts:200): it searched for its share of the time of st=0.05'; then
	ok "a survey under a clock says so too"
else nok "survey budgets" "$out"; fi

# 8: the JSON summary counts the ways as the text does.
out=$(T match example --engine g="$bad garbage" --engine h="$bad hang" --players g,h \
	--games 3 --st 0.1 --json 2>&1)
if printf '%s\n' "$out" | tail -1 | grep -q '"type":"summary".*,"ends":{"lost on time":1,"garbage":2}}$' &&
   [ "$(T match example --players random,random --games 2 --json 2>&1 | grep -c '"ends"')" = 0 ]; then
	ok "the JSON summary counts the ways games ended other than by the rules"
else nok "ends in JSON" "$out"; fi

# 9: merged shards keep them, as text and as JSON.
for k in 1 2; do
	T match example --engine g="$bad garbage" --engine h="$bad hang" --players g,h \
		--games 4 --st 0.1 --shard $k/2 >m$k.jsonl 2>/dev/null
done
text=$(T merge m1.jsonl m2.jsonl 2>&1)
json=$(T merge --json m1.jsonl m2.jsonl 2>&1)
if printf '%s\n' "$text" | grep -qx 'games ended other than by the rules: lost on time 2, garbage 2' &&
   printf '%s\n' "$json" | tail -1 | grep -q ',"ends":{"lost on time":2,"garbage":2}}$'; then
	ok "merge keeps the ways games ended from the shards"
else nok "ends through merge" "$text" "$json"; fi

# 10: survey: a line a combination, a JSON member, a CSV column.
S() { T survey example width=3,4 --engine g="$bad garbage" --players g,random --games 2 "$@" 2>&1; }
text=$(S)
json=$(S --json)
csv=$(S --csv)
if [ "$(printf '%s\n' "$text" | grep -c '^games ended other than by the rules (width=[34]): garbage 2$')" = 2 ] &&
   [ "$(printf '%s\n' "$json" | grep -c '"limit_end":0,"ends":{"garbage":2}}$')" = 2 ] &&
   printf '%s\n' "$csv" | grep -q ',limit_end,ends$' &&
   [ "$(printf '%s\n' "$csv" | grep -c ',garbage 2$')" = 2 ]; then
	ok "survey counts the ways games ended other than by the rules"
else nok "survey ends" "$text" "$json" "$csv"; fi

# 11: ... and merge keeps them from a survey's shards.
for k in 1 2; do S --shard $k/2 >v$k.jsonl; done
text=$(T merge v1.jsonl v2.jsonl 2>&1)
if [ "$(printf '%s\n' "$text" | grep -c '^games ended other than by the rules (width=[34]): garbage 2$')" = 2 ]; then
	ok "merge keeps a survey's ways"
else nok "survey ends through merge" "$text"; fi
