#!/bin/sh
# An engine's command line (--engine NAME=COMMAND, run/engine.c): words
# split as the shell does for quotes and backslashes, the engine's
# stderr in NAME.log; an unclosed quote and an empty command refused; a
# command that cannot run stops the run with the reason, status 2.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-engine-command.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
T() { "$TABLERO" --no-config "$@"; }
echo "1..5"
. "$top_srcdir/tests/tap.sh"
M() { T match example --engine "q=$1" --players q,random --games 2 --json 2>&1; }

# 1: single quotes, double quotes, a quote inside a word, a backslash.
out=$(M "'$TABLERO' \"--no-config\" en'gi'ne ra\\ndom")
if [ "$(printf '%s\n' "$out" | grep -c '"type":"game".*"moves":[1-9]')" = 2 ] &&
   ! printf '%s\n' "$out" | grep -q termination; then
	ok "quotes and a backslash make the words of the command"
else nok "quoted command" "$out"; fi

# 2: \" inside double quotes is a quote of the word, which tablero then
# refuses, in the engine's log.
out=$(M "'$TABLERO' \"--no-\\\"config\" engine random")
rc=$?
if [ "$rc" = 2 ] && [ "$out" = "tablero: match: engine q exited with status 2" ] &&
   [ "$(head -n 1 q.log)" = "tablero: unrecognized option '--no-\"config'" ]; then
	ok "an escaped quote reaches the engine; its stderr is in q.log"
else nok "escaped quote (status $rc)" "$out" "$(cat q.log)"; fi

out=$(M "'$TABLERO engine random")
rc=$?
if [ "$rc" = 2 ] && [ "$out" = "tablero: match: unclosed ' in the command ''$TABLERO engine random'" ]; then
	ok "an unclosed quote is refused"
else nok "unclosed quote (status $rc)" "$out"; fi

out=$(M "  ")
rc=$?
if [ "$rc" = 2 ] && [ "$out" = "tablero: match: an empty command" ]; then ok "an empty command is refused"
else nok "empty command (status $rc)" "$out"; fi

out=$(M /nonexistent/engine)
rc=$?
if [ "$rc" = 2 ] && [ "$out" = "tablero: match: engine q: cannot run '/nonexistent/engine': No such file or directory" ]; then
	ok "a command that cannot run stops the run before its first game, saying why"
else nok "cannot run (status $rc)" "$out"; fi
