#!/bin/sh
# The autosave journal where it cannot work (repl/journal.c): no state
# directory to create (told once at the start, the session goes on), a
# journal that cannot be written (told once, not at every move), recover
# without HOME or XDG_STATE_HOME, or with no journal; and recover in the
# session that wrote it.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-journal-edges.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export TABLERO_PLUGIN_PATH=
unset XDG_DATA_HOME XDG_CONFIG_HOME
echo "1..5"
. "$top_srcdir/tests/tap.sh"
R() { printf "$1" | HOME="$work" XDG_STATE_HOME="$2" "$TABLERO" --no-config -g example -i 2>&1; }

out=$(R 'b2\nposition\n' /dev/null/x)
rc=$?
if [ "$rc" = 0 ] && [ "$(printf '%s\n' "$out" | head -n 1)" = "tablero: games are not autosaved: cannot create /dev/null/x/tablero: Not a directory" ] &&
   printf '%s\n' "$out" | grep -qx '[.][.][.]/[.]X[.]/[.][.][.] O'; then
	ok "a state directory that cannot be made: said once, the session goes on"
else nok "state directory (status $rc)" "$out"; fi

mkdir -p "$work/st/tablero/journal"
out=$(R 'b2\na1\nc3\n' "$work/st")
rc=$?
if [ "$rc" = 0 ] && printf '%s\n' "$out" | grep -qx "tablero: a game of an earlier session can be recovered: type 'recover' (it is replaced once you play)" &&
   [ "$(printf '%s\n' "$out" | grep -c '^tablero: autosave: ')" = 1 ] &&
   printf '%s\n' "$out" | grep -qx "tablero: autosave: $work/st/tablero/journal: cannot save: not a regular file"; then
	ok "a journal that cannot be written: said once in three moves"
else nok "unwritable journal (status $rc)" "$out"; fi

out=$(env -u HOME -u XDG_STATE_HOME "$TABLERO" --no-config --recover </dev/null 2>&1)
rc=$?
if [ "$rc" = 2 ] && [ "$out" = "tablero: no journal: neither XDG_STATE_HOME nor HOME is set" ]; then
	ok "--recover without HOME or XDG_STATE_HOME"
else nok "--recover without HOME (status $rc)" "$out"; fi

out=$(HOME="$work" XDG_STATE_HOME="$work/none" "$TABLERO" --no-config -c recover 2>&1)
rc=$?
if [ "$rc" = 1 ] && [ "$out" = "-c:1: no game to recover ($work/none/tablero/journal: No such file or directory)" ]; then
	ok "recover with no journal"
else nok "recover with no journal (status $rc)" "$out"; fi

out=$(R 'b2\nrecover\nposition\n' "$work/st2")
rc=$?
if [ "$rc" = 0 ] && printf '%s\n' "$out" | grep -qx "recovered 1 move of example from $work/st2/tablero/journal" &&
   printf '%s\n' "$out" | grep -qx '[.][.][.]/[.]X[.]/[.][.][.] O'; then
	ok "recover in the session that wrote the journal"
else nok "recover in session (status $rc)" "$out"; fi
