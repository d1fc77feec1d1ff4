#!/bin/sh
# Configuration and plugin errors as a user meets them on the command
# line: one line naming the file, the line and what was wrong; exit 2.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-conf.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
T() { HOME="$work" TABLERO_PLUGIN_PATH= "$TABLERO" --no-config \
	-P "$top_builddir/tests/plugins/.libs" "$@"; }
n=0
check() {	# check DESCRIPTION EXPECTED-STATUS EXPECTED-STDERR -- command...
	desc=$1 st=$2 exp=$3
	shift 4
	n=$((n + 1))
	"$@" >out 2>err </dev/null
	rc=$?
	if [ "$rc" = "$st" ] && [ "$(cat err)" = "$exp" ]; then
		echo "ok $n - $desc"
	else
		echo "not ok $n - $desc (status $rc, expected $st)"
		echo "# expected: $exp"
		sed 's/^/# got: /' err
	fi
}
echo "1..11"

printf '[testgame]\n# a comment\nsise = 3\n' >misspelt.ini
check "misspelt key names file, line and the nearest key" 2 \
	"tablero: misspelt.ini:3: unknown option 'sise' for testgame (did you mean 'size'?)" \
	-- T -C misspelt.ini -c quit

printf '[testgame]\ndie = d7\n' >badvalue.ini
check "bad enum value suggests the nearest choice" 2 \
	"tablero: badvalue.ini:2: option 'die' has no value 'd7' (did you mean 'd3'?)" \
	-- T -C badvalue.ini -c quit

printf '[testgame]\nsize = 99\n' >range.ini
check "out-of-range integer names the range" 2 \
	"tablero: range.ini:2: option 'size' must be between 3 and 40, not 99" \
	-- T -C range.ini -c quit

printf '[testgme]\nsize = 5\n' >game.ini
check "unknown game section suggests the nearest game" 2 \
	"tablero: game.ini:2: unknown game 'testgme' in section header (did you mean 'testgame'?)" \
	-- T -C game.ini -c quit

printf '[tablero]\nchanse = auto\n' >host.ini
check "unknown host key suggests the nearest key" 2 \
	"tablero: host.ini:2: unknown option 'chanse' for [tablero] (did you mean 'chance'?)" \
	-- T -C host.ini -c quit

printf '[testgame]\nsize 5\n' >syntax.ini
check "syntax error names the line" 2 \
	"tablero: syntax.ini:2: syntax error (expected '[section]' or 'key = value')" \
	-- T -C syntax.ini -c quit

printf '[testgame\nsize = 5\n' >unclosed.ini
check "an unclosed section header is reported on its own line" 2 \
	"tablero: unclosed.ini:1: unclosed section header '[testgame' (expected '[name]')" \
	-- T -C unclosed.ini -c quit

printf 'seed = 4\n[testgame  ; house rules\n' >unclosed2.ini
check "an unclosed header on the last line" 2 \
	"tablero: unclosed2.ini:2: unclosed section header '[testgame' (expected '[name]')" \
	-- T -C unclosed2.ini -c quit

printf '[testgame]\nsize = 5\ndie = d6\n' >good.ini
check "a valid file configures the game" 0 "" -- T -C good.ini -s 3 -c 'new testgame; options'
n=$((n + 1))
if grep -q '^size = 5 ' out && grep -q '^die = d6 ' out; then
	echo "ok $n - the [testgame] settings reach the game"
else
	echo "not ok $n - the [testgame] settings did not reach the game"
	sed 's/^/# /' out
fi

# The user's file: $XDG_CONFIG_HOME/tablero/tablero.conf only when the
# variable is an absolute path (the XDG rule, the one of the journal's
# directory); a relative value is ignored for ~/.config (it was read
# relative to the working directory).
mkdir -p rel/tablero .config/tablero
printf 'sise = 1\n' >rel/tablero/tablero.conf
printf 'seeed = 1\n' >.config/tablero/tablero.conf
check "a relative XDG_CONFIG_HOME is ignored for ~/.config" 2 \
	"tablero: $work/.config/tablero/tablero.conf:1: unknown option 'seeed' for [tablero] (did you mean 'seed'?)" \
	-- env HOME="$work" XDG_CONFIG_HOME=rel TABLERO_PLUGIN_PATH= "$TABLERO" \
	-P "$top_builddir/tests/plugins/.libs" -c quit
