#!/bin/sh
# Scripts and start-up (issue 13): trailing comments, -e echo, the order of
# several -c and -f, start-up failures that -c must not hide.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-scripts.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
T() { "$TABLERO" --no-config "$@"; }
is() {	# is DESCRIPTION EXPECTED ACTUAL
	if [ "$2" = "$3" ]; then ok "$1"; else nok "$1" "expected:" "$2" "got:" "$3"; fi
}
echo "1..11"
. "$top_srcdir/tests/tap.sh"

out=$(T -c 'new example  # a fresh game' -c 'b2	# the centre' -c 'position #' 2>&1)
is "a trailing '# comment' is a comment" ".../.X./... O" "$(printf '%s\n' "$out" | tail -n 1)"

out=$(T -e -c 'new example;  b2 ;position' 2>&1)
is "-e echoes each command without the blanks around it" "> new example
new game of example
X to move
> b2
X plays b2
O to move
> position
.../.X./... O" "$out"

out=$(T -c 'new example; setup #.X/.../... O' 2>&1)
case "$out" in
*"'#'"*|*"#.X"*) ok "a '#' inside a word is text, not a comment" ;;
*) nok "'#' inside a word" "$out" ;;
esac

printf '[mancala]\nholes = 7\n' >odd.ini
out=$(T -C odd.ini -c show 2>&1); rc=$?
is "a game that refuses the configured options fails at start-up, even with -c" \
	"2 tablero: holes=7: the hus start fills half of each inner row and needs an even number of holes" "$rc $out"

printf '[tablero]\ngame = mancalaa\n' >misspelt.ini
out=$(T -C misspelt.ini -c show 2>&1); rc=$?
is "a misspelt game setting names its file and line" \
	"2 tablero: misspelt.ini:2: unknown game 'mancalaa' (did you mean 'mancala'?)" "$rc $out"

printf '[mancala]\nseats = human,random,mcts\n' >seats.ini
out=$(T -C seats.ini -c show 2>&1); rc=$?
is "more seats than the game has players are refused at start-up" \
	"2 tablero: seats names more players than the 2 of mancala" "$rc $out"

out=$(T -g 'mancala variant=maruba' -o stuck=pass -o holes=10 -c options 2>&1)
if printf '%s\n' "$out" | grep -q '^variant = maruba ' && printf '%s\n' "$out" | grep -q '^stuck = pass ' &&
   printf '%s\n' "$out" | grep -q '^holes = 10 '; then
	ok "-g takes options and -o adds more"
else nok "-g 'GAME key=value' and -o" "$out"; fi

printf 'new example\nb2\n' >two.tbl
out=$(T -f two.tbl -c position -c 'a1; position' 2>&1)
is "-f and -c run in the order given" "new game of example
X to move
X plays b2
O to move
.../.X./... O
O plays a1
X to move
.../.X./O.. X" "$out"

out=$(printf 'position\nquit\n' | TERM=dumb T -i -c 'new example; b2' 2>&1)
case "$out" in
*"example O> position"*".../.X./... O"*) ok "-i with -c stays in the REPL afterwards" ;;
*) nok "-i with -c" "$out" ;;
esac

out=$(T -c 'new example; b2' -f missing.tbl -c 'position' 2>&1); rc=$?
is "a -f that cannot be opened stops the run" "2" "$rc"

out=$(printf 'moves\nquit\n' | XDG_DATA_HOME=/dev/null/x TERM=dumb T -i -g example 2>&1)
if [ "$(printf '%s\n' "$out" | grep -c 'history is not saved')" = 1 ] &&
   printf '%s\n' "$out" | grep -q 'cannot create /dev/null/x/tablero' &&
   printf '%s\n' "$out" | grep -q '^a1 b1 c1'; then
	ok "history that cannot be saved is said once, and the session goes on"
else nok "history warning" "$out"; fi
