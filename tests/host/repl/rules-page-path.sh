#!/bin/sh
# `rules` run from the build tree (issue 21 item 25), without a terminal.
echo "1..1"
. "$top_srcdir/tests/tap.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-rules.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work" TABLERO_PLUGIN_PATH=
cd "$work" || exit 99
T() { "$TABLERO" --no-config -P "$top_builddir/tests/plugins/.libs" "$@"; }

# run from the build tree, `rules` names the page file for
# man -l, relative to the source directory when that is the current one.
a=$(T -c 'new example; rules' | tail -n 1)
b=$(cd "$top_srcdir" && T -c 'new example; rules' | tail -n 1)
src=$(cd "$top_srcdir" && pwd -P)
if [ "$a" = "(not installed: read it with 'man -l $src/man/tablero-example.7')" ] &&
   [ "$b" = "(not installed: read it with 'man -l man/tablero-example.7')" ] &&
   [ -f "$top_srcdir/man/tablero-example.7" ]
then ok "rules from the build tree: man -l and the page file"
else nok "rules from the build tree" "$a" "$b"; fi
