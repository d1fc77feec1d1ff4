#!/bin/sh
# Scripts and start-up (issue 13): trailing comments, -e echo, the order of
# several -c and -f, start-up failures that -c must not hide.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-scripts.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
T() { "$TABLERO" --no-config "$@"; }
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
nok() { n=$((n + 1)); echo "not ok $n - $1"; shift; for l in "$@"; do echo "# $l"; done; }
is() {	# is DESCRIPTION EXPECTED ACTUAL
	if [ "$2" = "$3" ]; then ok "$1"; else nok "$1" "expected:" "$2" "got:" "$3"; fi
}
echo "1..3"

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
