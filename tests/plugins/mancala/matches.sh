#!/bin/sh
# Mancala matches (match_target) that cannot go on must end: with seeds=1
# no one can move, every game ends before its first turn and books
# nothing, and game over -> next game -> game over recursed until the
# stack overflowed.  A sweep of every variant x small seeds x match
# targets x stuck rules x board sizes plays two random games of each.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-mmatch.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
echo "1..4"
. "$top_srcdir/tests/tap.sh"

out=$(timeout 60 "$TABLERO" --no-config -n -c 'new mancala seeds=1 match_target=1' 2>&1)
if [ $? -eq 0 ] && [ "$out" = "new game of mancala
game over: Q wins: P cannot move" ]; then ok "new mancala seeds=1 match_target=1 ends the match at once"
else nok "seeds=1 match in the REPL" "$out"; fi

out=$(timeout 60 "$TABLERO" --no-config check mancala seeds=1 match_target=1 --games 3 2>&1)
if [ $? -eq 0 ] && echo "$out" | tail -n 1 | grep -q '^check mancala seeds=1 match_target=1: 3 games, 0 failures$'; then
	ok "check mancala seeds=1 match_target=1 passes"
else nok "check of a seeds=1 match" "$out"; fi

out=$(timeout 60 "$TABLERO" --no-config survey mancala seeds=1,2 match_target=5,1 --games 2 2>&1)
if [ $? -eq 0 ] && [ "$(echo "$out" | grep -c '^[12] ')" = 4 ]; then ok "survey of seeds=1,2 x match_target=5,1 reports 4 rows"
else nok "survey of matches" "$out"; fi

bad=
for v in hus maruba mofuba tschuba tschuba2 chuba annana djamo poo kale \
    mankalah mangala gabatta; do
	out=$(timeout 60 "$TABLERO" --no-config survey mancala variant=$v \
	    seeds=1,2,3 match_target=1,5 stuck=lose,end,pass holes=4,6 --games 2 2>&1)
	rc=$?
	if [ $rc -ne 0 ] || [ "$(echo "$out" | grep -c '^[123] ')" != 36 ]; then
		bad="$bad $v (status $rc): $(echo "$out" | tail -n 2)"
	fi
done
if [ -z "$bad" ]; then ok "every variant x seeds 1-3 x match_target 1,5 x stuck x holes 4,6 plays its games"
else nok "match sweep" "$bad"; fi
