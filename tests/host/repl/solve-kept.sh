#!/bin/sh
# The tables the REPL's `solve` keeps outlive the command that made them:
# solved reading an endgame database's levels (named by db=DIR on the
# line, or by the seat to move), they answer `solve` and `hint` in later
# commands, after the line is gone and after the seat changed, and are
# freed when the next solve replaces them.  Under the sanitizers a kept
# pointer into the line or the seat would be a use after free or a
# wrong name; a copy never freed, a leak.
echo "1..3"
. "$top_srcdir/tests/tap.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-solvekept.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
T() { "$TABLERO" --no-config "$@"; }
game="mancala variant=mangala holes=4 seeds=1"
db="$work/db"
T solve --method dense --levels 5 --db "$db" $game > /dev/null 2> "$work/err"

# db=DIR on the line: the start (level 8) is not in the database; the
# dense solver reads its levels 0-5 and solves the rest.
printf '%s\n' "new $game" "solve db=$db" "solve" "hint" "a1" "solve" "hint" |
    T > "$work/out" 2>> "$work/err"; rc=$?
first="solve: win for P by 1 (25740 positions, 2574 read from the endgame database $db, with turn_limit=0)"
if [ $rc = 0 ] && [ ! -s "$work/err" ] &&
    [ "$(grep -c '^solve: ' "$work/out")" = 3 ] &&
    [ "$(grep '^solve: ' "$work/out" | head -1)" = "$first" ] &&
    grep -qx 'solve: win for P by 1' "$work/out" &&
    grep -qx 'hint: a1 (solved: win for P by 1)' "$work/out" &&
    grep -qx 'solve: loss for Q by 1' "$work/out" &&
    grep -qx 'hint: b2 (solved: loss for Q by 1)' "$work/out"; then
	ok "db=DIR: the kept tables answer solve and hint after the line is gone"
else nok "db=DIR on the line (status $rc)" "$(cat "$work/out" "$work/err")"; fi

# The database of the seat to move (back to the start by goto, which makes no
# computer seat move), then the seat changed: the kept tables still
# answer, and the next solve, of another game, frees them.
printf '%s\n' "new $game" "seat 1 mcts:10:db=$db" "goto 0" "solve" "seat 1 human" \
    "solve" "hint" "new example" "solve" | T > "$work/out" 2> "$work/err"
rc=$?
if [ $rc = 0 ] && [ ! -s "$work/err" ] &&
    [ "$(grep '^solve: ' "$work/out" | head -1)" = "$first" ] &&
    [ "$(grep '^solve: ' "$work/out" | sed -n 2p)" = 'solve: win for P by 1' ] &&
    grep -qx 'hint: a1 (solved: win for P by 1)' "$work/out" &&
    grep -qx 'solve: a draw (5478 positions)' "$work/out"; then
	ok "the seat's database: the kept tables answer after the seat changed"
else nok "the seat's database (status $rc)" "$(cat "$work/out" "$work/err")"; fi

# A position the database holds is answered from it, not kept: the
# tables solved before answer the next position as they did.
printf '%s\n' "new $game" "solve" "setup 0,1,0,0/0,0,1,0 P P:3 Q:3" \
    "solve db=$db" "new $game" "solve" | T > "$work/out" 2> "$work/err"
rc=$?
if [ $rc = 0 ] && [ ! -s "$work/err" ] &&
    grep -q "^solve: .* (from the endgame database $db)\$" "$work/out" &&
    [ "$(grep '^solve: ' "$work/out" | sed -n 3p)" = 'solve: win for P by 1' ]; then
	ok "a position the database holds leaves the kept tables as they were"
else nok "answered from the database (status $rc)" "$(cat "$work/out" "$work/err")"; fi
