#!/bin/sh
# Command-line and configuration behaviour of the host that a transcript
# cannot show: exit statuses, several -c, options before a subcommand,
# profiles by name, seats from a [GAME] section and from a record.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-cli.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
T() { "$TABLERO" --no-config "$@"; }
echo "1..11"
. "$top_srcdir/tests/tap.sh"

T -c 'new example' -c 'quit 3' >/dev/null 2>&1
rc=$?
if [ "$rc" = 3 ]; then ok "quit 3 exits with status 3"; else nok "quit 3 exit status" "got $rc"; fi

out=$(T -c 'new example' -c 'b2' -c 'position' 2>&1)
if [ "$(printf '%s\n' "$out" | tail -n 1)" = ".../.X./... O" ]; then
	ok "several -c run in order"
else nok "several -c" "$out"; fi

printf '[tablero]\nmove_cap = 3\n' >cap.conf
out=$(T --config cap.conf bench example --playouts 20 --seed 1 2>&1)
if printf '%s\n' "$out" | grep -q "^ended by the rules: 0.00% (0 at the game's own turn limit, 20 cut at 3 moves)$"; then
	ok "a long option with a separate value before a subcommand"
else nok "--config F bench" "$out"; fi

out=$(T -c 'config awithlaknakwe-parlett' 2>&1)
case "$out" in
*"/conf/awithlaknakwe-parlett.ini; 'new' applies it") ok "config finds a shipped profile by name" ;;
*) nok "config PROFILE" "$out" ;;
esac

printf '[example]\nseats = ,random\n' >seats.conf
out=$(T -C seats.conf -s 5 -c 'new example; b2; seat' 2>&1)
if printf '%s\n' "$out" | grep -q '^O plays ' && printf '%s\n' "$out" | grep -q '^seat 2 (O): random$' &&
   printf '%s\n' "$out" | grep -q '^seat 1 (X): human$'; then
	ok "seats from a [GAME] section (an empty field is a human)"
else nok "seats from config" "$out"; fi

T -s 5 -c 'new example; seat 2 random; b2; save g.tbr' >/dev/null 2>&1
out=$(T -s 5 -c 'new example; load g.tbr; seat' 2>&1)
if grep -q '^\[Players "human,random"\]$' g.tbr && printf '%s\n' "$out" | grep -q '^seat 2 (O): random$'; then
	ok "a record names the seats and load restores them"
else nok "Players tag" "$(cat g.tbr)" "$out"; fi

printf '[tablero]\nai = random\n' >ai.conf
out=$(T -C ai.conf -s 2 -c 'new example; hint' 2>&1)
if printf '%s\n' "$out" | grep -q '^hint: [a-c][1-3] (win rate [0-9.]* over 1000 playouts)$'; then
	ok "hint searches with mcts when the configured ai does not"
else nok "hint fallback" "$out"; fi

printf '[example]\nseats = human,random,mcts\n' >many.conf
out=$(T -C many.conf -c 'new example' 2>&1)
rc=$?
if [ "$rc" = 1 ] && printf '%s\n' "$out" | grep -q 'seats names more players than the 2 of example'; then
	ok "more seats than players is an error"
else nok "too many seats" "status $rc" "$out"; fi

# -o has no limit: the last of 300 options is still read (a bad one is
# refused, not dropped).
set --
i=0
while [ $i -lt 300 ]; do set -- "$@" -o width=4; i=$((i + 1)); done
out=$(T -g example "$@" -o width=99 -c position 2>&1)
rc=$?
if [ "$rc" = 2 ] && printf '%s\n' "$out" | grep -q 'width'; then
	ok "the 301st -o option is read"
else nok "many -o options" "status $rc" "$out"; fi


# Seeds: with none given each `new` draws another (a session's games
# differ); a seed from -s or `seed N` replays the same chance each game.
pos2() { printf '%s\n' "$1" | grep -v '^chance: ' | grep '^[pdr]\{35\} ' | head -n 2; }
out=$(T -c 'new yucata layout=random' -c position -c new -c position 2>&1)
set -- $(pos2 "$out" | cut -d' ' -f1)
if [ $# = 2 ] && [ "$1" != "$2" ]; then
	ok "without a seed each new game draws its own chance"
else nok "new without a seed" "$out"; fi
out=$(T -s 5 -c 'new yucata layout=random' -c position -c new -c position 2>&1)
set -- $(pos2 "$out" | cut -d' ' -f1)
out2=$(T -c 'seed 5' -c 'new yucata layout=random' -c position -c new -c position 2>&1)
set -- "$@" $(pos2 "$out2" | cut -d' ' -f1)
if [ $# = 4 ] && [ "$1" = "$2" ] && [ "$1" = "$3" ] && [ "$3" = "$4" ]; then
	ok "-s 5 and 'seed 5' replay the same chance in every game"
else nok "new with a seed" "$out" "$out2"; fi
