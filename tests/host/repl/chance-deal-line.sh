#!/bin/sh
# A deal by chance shown in one line (issue 21 item 8), without a terminal.
echo "1..2"
. "$top_srcdir/tests/tap.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-deal.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work" TABLERO_PLUGIN_PATH=
cd "$work" || exit 99
T() { "$TABLERO" --no-config -P "$top_builddir/tests/plugins/.libs" "$@"; }

# a deal by chance is one line, as played and in history.
out=$(T -s 7 -c 'new mancala variant=mankalah setup=ignorants; history')
deal='+b3 +a4 +b5 +b6 +b6 +b5 +a1 +a2 +a5 +a2 +b1 +b3 +b6 +b5 +a6 +b1 +a4 +a6 +a2 +a2 +a3 +b2 +b3 +a4 (24 outcomes)'
if [ "$(echo "$out" | grep -c chance)" = 2 ] &&
   [ "$(echo "$out" | sed -n 2p)" = "chance: $deal" ] &&
   [ "$(echo "$out" | tail -n 1)" = "   chance: $deal" ]
then ok "setup=ignorants: the 24 men dealt in one line, and in history"
else nok "ignorants deal" "$out"; fi
out=$(T -s 11 -c 'new yucata layout=random' | sed -n 2p)
if echo "$out" | grep -qx 'chance: red[0-9]* \(dark[0-9]* \)\{9\}(10 outcomes)'
then ok "yucata layout=random: the 10 stones placed in one line"
else nok "yucata deal" "$out"; fi
