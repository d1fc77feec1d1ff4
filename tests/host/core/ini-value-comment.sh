#!/bin/sh
# A '#' comment after an INI value (issue 21 item 22): inih keeps it as
# part of the value, so the error says that a comment starts with ';'.
echo "1..1"
. "$top_srcdir/tests/tap.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-ini.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work" TABLERO_PLUGIN_PATH=
cd "$work" || exit 99
T() { "$TABLERO" --no-config -P "$top_builddir/tests/plugins/.libs" "$@"; }

# inih keeps "3   # three" as the value; the error names
# the file and line and says that such a comment starts with ';'.
printf '[tablero]\nseed = 3 ; fine\n[example]\nk = 3\nwidth = 4   # four\n' >c.ini
out=$(T -C c.ini -c quit 2>&1); rc=$?
if [ $rc != 0 ] && [ "$out" = "tablero: c.ini:5: '#' in the value of 'width' ('4   # four'): a comment after a value starts with ';'" ]
then ok "a '#' comment after an INI value suggests ';'"
else nok "INI '#' comment ($rc)" "$out"; fi
