#!/bin/sh
# The README's plugin example runs as written from the build tree: the
# indented lines under "## Writing a game plugin", in a directory laid out
# like a build tree (sdk/example/example.c, sdk/*.pc, host/tablero).
echo "1..1"
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-readme.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
umask 022
mkdir -p "$work/sdk/example" "$work/host"
cp "$top_srcdir/sdk/example/example.c" "$work/sdk/example/"
cp "$top_builddir/sdk/tablero-uninstalled.pc" "$work/sdk/"
ln -s "$TABLERO" "$work/host/tablero"
sed -n '/^## Writing a game plugin/,/^## /p' "$top_srcdir/README.md" |
	sed -n 's/^    //p' >"$work/steps.sh"
out=$(cd "$work" && HOME="$work" sh -e ./steps.sh 2>&1)
if [ -s "$work/steps.sh" ] && [ -f "$work/mygame.so" ] &&
   printf '%s\n' "$out" | grep -q '^new game of mygame$' &&
   printf '%s\n' "$out" | grep -q '^X to move$'; then
	echo "ok 1 - the README's plugin example builds mygame.so and plays it"
else
	echo "not ok 1 - the README's plugin example failed"
	sed 's/^/# + /' "$work/steps.sh"
	printf '%s\n' "$out" | sed 's/^/# /'
fi
