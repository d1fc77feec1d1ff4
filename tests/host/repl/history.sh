#!/bin/sh
# The interactive REPL keeps its history across sessions in
# $XDG_DATA_HOME/tablero/history, trimmed to history_size lines.
echo "1..3"
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-hist.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work" XDG_DATA_HOME="$work/data" TERM=dumb
printf 'new example\nmoves\nquit\n' | "$TABLERO" --no-config -i >"$work/out1" 2>&1
h="$work/data/tablero/history"
if [ -f "$h" ] && grep -qx 'new example' "$h" && grep -qx 'moves' "$h"; then
	echo "ok 1 - the history file holds the session's commands"
else
	echo "not ok 1 - no history in $h"
	sed 's/^/# /' "$work/out1"
fi
printf '[tablero]\nhistory_size = 2\n' >"$work/small.conf"
printf 'position\nshow\nquit\n' | "$TABLERO" --no-config -C "$work/small.conf" -i >/dev/null 2>&1
if [ "$(wc -l <"$h")" -eq 2 ] && [ "$(tail -n 1 "$h")" = quit ]; then
	echo "ok 2 - history is kept across sessions and trimmed to history_size"
else
	echo "not ok 2 - history not trimmed to 2 lines"
	sed 's/^/# /' "$h"
fi
if grep -q "example X> " "$work/out1"; then
	echo "ok 3 - the prompt names the game and the side to move"
else
	echo "not ok 3 - prompt missing"
	sed 's/^/# /' "$work/out1"
fi
