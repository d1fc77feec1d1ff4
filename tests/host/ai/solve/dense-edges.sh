#!/bin/sh
# `tablero solve --method dense` at its edges, on the smallest Mankal'ah
# (4 holes, one man each: 25740 positions, a few hundredths of a second):
# the text report (the value, the value of each move, the same as the
# hash solver's), a --position, a position where the game is over (won,
# and drawn: no side to name), a game with more men than the values
# hold, --threads past its bound; and a --db that cannot be used: a
# table with a value too many, a file that cannot be opened, a
# directory that cannot be made, a table that cannot be written.  Each
# refusal is one line naming what was wrong, nothing on stdout.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-dense-edges.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
T() { "$TABLERO" --no-config "$@"; }
. "$top_srcdir/tests/tap.sh"
notok() { nok "$1" "$(cat "$work/out" "$work/err")"; }
game="mancala variant=mankalah holes=4 seeds=1"
echo "1..14"

# The text report of the start: the value and each move's, as the hash
# solver has them (it counts plies where the dense solver counts men).
T solve --method dense $game > "$work/out" 2> "$work/err"; rc=$?
T solve --method hash $game > "$work/hash" 2>> "$work/err"
if [ $rc -eq 0 ] && [ ! -s "$work/err" ] &&
    [ "$(sed -n 1,2p "$work/out")" = "solve $game turn_limit=0
value: win for P by 4" ] &&
    [ "$(grep '^  ' "$work/out")" = "  a3 win by 4
  a4 loss by 2" ] &&
    [ "$(grep '^  ' "$work/hash" | sed 's/ (.*//')" = "  a3 win
  a4 loss" ] &&
    grep -qx 'levels: 0 to 8, 25740 positions, 0 read from the database' "$work/out"; then
	ok "the text report: the value, each move's value and margin"
else notok "text report (status $rc)"; fi

pos="0,0,1,0/1,0,0,0 P P:3 Q:3"
T solve --method dense --position "$pos" $game > "$work/out" 2> "$work/err"
if [ "$(sed -n 2,3p "$work/out")" = "position: $pos
value: draw for P" ] && [ "$(grep '^  ' "$work/out")" = "  a3 draw" ]; then
	ok "--position: named in the report, a draw and its one move"
else notok "--position"; fi

pos="1,0,0,1/0,0,0,0 Q P:6 Q:0 turn=13"
T solve --method dense --position "$pos" $game > "$work/out" 2> "$work/err"
if grep -qx 'value: win for P by 6 (the game is over)' "$work/out" &&
    ! grep -q '^  ' "$work/out"; then
	ok "a position where the game is over: its result, no moves"
else notok "game over, won"; fi

pos="0,0,0,0/0,0,0,0 P P:4 Q:4"
T solve --method dense --position "$pos" $game > "$work/out" 2> "$work/err"
T solve --method dense --json --position "$pos" $game > "$work/json" 2>> "$work/err"
if grep -qx 'value: draw (the game is over)' "$work/out" &&
    grep -q '"value":"draw","side":"","levels"' "$work/json"; then
	ok "a drawn game over: a draw, no side named"
else notok "game over, drawn"; cat "$work/json"; fi

# A refusal: the status and the one line on stderr, nothing on stdout.
refused() {	# "status line", description, solve arguments...
	want=$1 what=$2
	shift 2
	T solve "$@" > "$work/out" 2> "$work/err"
	got="$? $(cat "$work/err")"
	[ "$got" = "$want" ] && [ ! -s "$work/out" ] && ok "$what" ||
	    notok "$what (got: $got)"
}
refused "2 tablero: solve: --threads 300: at most 256" \
    "--threads past 256 is refused" --method dense --threads 300 $game
refused "2 tablero: solve: mancala: 129 levels, more than the 121 the dense solver's values hold" \
    "more men than the values hold: refused before any table" \
    --method dense mancala variant=mankalah holes=4 seeds=16

# --db: a table with a value too many.
db="$work/db"
T solve --method dense --levels 2 --db "$db" $game > /dev/null 2> "$work/err"
printf 'xx' >> "$db/level-002.tbd"
refused "1 tablero: solve: $db/level-002.tbd: more than its 72 values" \
    "a table with a value too many is refused, named" --method dense --db "$db" $game
# A level file that cannot be opened (a link to itself).
rm "$db/level-002.tbd"
ln -s level-002.tbd "$db/level-002.tbd"
refused "1 tablero: solve: $db/level-002.tbd: Too many levels of symbolic links" \
    "a table that cannot be opened is refused, named" --method dense --db "$db" $game
rm "$db/level-002.tbd"
# A database directory that cannot be made: its parent is missing.
refused "1 tablero: solve: $work/none/db: No such file or directory" \
    "a --db that cannot be made is refused, named" \
    --method dense --levels 1 --db "$work/none/db" $game
# A table that cannot be written: a directory where its file goes.
mkdir "$work/db2" "$work/db2/level-000.tbd.tmp"
refused "1 tablero: solve: $work/db2/level-000.tbd.tmp: Is a directory" \
    "a table that cannot be written is refused, named" \
    --method dense --levels 1 --db "$work/db2" $game
[ ! -e "$work/db2/level-000.tbd" ] && [ ! -e "$work/db2/level-001.tbd" ] &&
    ok "nothing written after the table that could not be" ||
    notok "db2: $(ls "$work/db2")"
# --db is a file: no level can be read from it.
: > "$work/plain"
refused "1 tablero: solve: $work/plain/level-000.tbd: Not a directory" \
    "a --db that is a file is refused, named" --method dense --db "$work/plain" $game
# The database still serves after the refusals: level 2 solved again.
T solve --json --method dense --db "$db" $game > "$work/out" 2> "$work/err"
if grep -q '"value":"win","side":"P","margin":4,' "$work/out" &&
    [ -f "$db/level-002.tbd" ] && [ -f "$db/level-008.tbd" ]; then
	ok "after the refusals the database is whole again, the value the same"
else notok "db again"; fi
T solve --json --method dense --db "$db" $game > "$work/out" 2> "$work/err"
grep -q '"loaded":25740,' "$work/out" &&
    ok "and every level is read from it the next time" || notok "db read"
