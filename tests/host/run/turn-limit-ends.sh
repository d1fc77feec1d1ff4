#!/bin/sh
# Ends at a game's own turn limit (SDK ABI 1.3 end_kind) are counted apart
# from ends by the rules in bench, match, survey and check (issue 21 item
# 10).  limitgame: add 1 or 2 to a count, 10 wins; after `limit` turns the
# last to move wins, an end at the limit.
echo "1..6"
. "$top_srcdir/tests/tap.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-limit.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
T() { "$TABLERO" --no-config -P "$top_builddir/tests/badgame/.libs" "$@"; }

# 1: bench: a game that always stops at its limit is 0% ended by the rules.
out=$(T bench limitgame limit=2 --playouts 100)
if echo "$out" | grep -qx "ended by the rules: 0.00% (100 at the game's own turn limit, 0 cut at 100000 moves)"; then
	ok "bench: limit ends are not ends by the rules"
else nok "bench" "$out"; fi
out=$(T bench limitgame limit=20 --playouts 100)
if echo "$out" | grep -qx "ended by the rules: 100.00% (0 at the game's own turn limit, 0 cut at 100000 moves)"; then
	ok "bench: without the limit reached, every end is by the rules"
else nok "bench, no limit" "$out"; fi

# 3: match: the games at the limit, in the report and the JSON summary.
out=$(T match limitgame limit=2 --players random,random --games 6)
json=$(T match limitgame limit=2 --players random,random --games 6 --json)
if echo "$out" | grep -qx "at the game's own turn limit: 6 of 6 games (scored as the game scores them)" &&
   [ "$(echo "$json" | grep -c '"type":"game".*"limit":true}$')" = 6 ] &&
   echo "$json" | tail -1 | grep -q '"limit":6'; then
	ok "match: 6 of 6 games at the limit"
else nok "match" "$out" "$json"; fi

# 4: survey: an 'at limit' column beside 'cut', and limit_end in the CSV.
out=$(T survey limitgame limit=2,20 --players random,random --games 5)
csv=$(T survey limitgame limit=2,20 --players random,random --games 5 --csv)
if echo "$out" | grep -q '  cut  at limit  turns' &&
   echo "$out" | grep -q '^2 .*  0\.0%    100\.0%    2\.0 ' && echo "$out" | grep -q '^20 .*  0\.0%      0\.0%    5\.8 ' &&
   echo "$csv" | head -1 | grep -q ',forced,limit_end,ends$' &&
   echo "$csv" | sed -n 2p | grep -q ',1\.0000,$'; then
	ok "survey: the share of games at the limit, apart from cut"
else nok "survey" "$out" "$csv"; fi

# 5-6: check counts them, also when its shards are merged.
out=$(T check limitgame limit=2 --games 4)
if echo "$out" | tail -1 | grep -qx "check limitgame limit=2: 4 games, 0 failures, 4 ended at the game's own turn limit"; then
	ok "check: the games at the limit"
else nok "check" "$out"; fi
T check limitgame limit=2 --games 4 --shard 1/2 >"$work/a"
T check limitgame limit=2 --games 4 --shard 2/2 >"$work/b"
m=$(T merge "$work/a" "$work/b")
if [ "$m" = "$out" ]; then ok "check: merged shards count them as the single run"
else nok "check merge" "$out" "$m"; fi
