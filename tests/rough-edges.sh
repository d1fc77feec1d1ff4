#!/bin/sh
# Rough edges a new user met (issue 21 items 7, 8, 20, 22, 25), without a
# terminal: a '#' comment after an INI value, `rules` from the build tree.
echo "1..2"
. "$top_srcdir/tests/tap.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-rough.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work" TABLERO_PLUGIN_PATH=
cd "$work" || exit 99
T() { "$TABLERO" --no-config -P "$top_builddir/tests/plugins/.libs" "$@"; }

# 1 (item 22): inih keeps "3   # three" as the value; the error names
# the file and line and says that such a comment starts with ';'.
printf '[tablero]\nseed = 3 ; fine\n[example]\nk = 3\nwidth = 4   # four\n' >c.ini
out=$(T -C c.ini -c quit 2>&1); rc=$?
if [ $rc != 0 ] && [ "$out" = "tablero: c.ini:5: '#' in the value of 'width' ('4   # four'): a comment after a value starts with ';'" ]
then ok "a '#' comment after an INI value suggests ';'"
else nok "INI '#' comment ($rc)" "$out"; fi

# 2 (item 25): run from the build tree, `rules` names the page file for
# man -l, relative to the source directory when that is the current one.
a=$(T -c 'new example; rules' | tail -n 1)
b=$(cd "$top_srcdir" && T -c 'new example; rules' | tail -n 1)
if [ "$a" = "(not installed: read it with 'man -l $top_srcdir/man/tablero-example.7')" ] &&
   [ "$b" = "(not installed: read it with 'man -l man/tablero-example.7')" ] &&
   [ -f "$top_srcdir/man/tablero-example.7" ]
then ok "rules from the build tree: man -l and the page file"
else nok "rules from the build tree" "$a" "$b"; fi
