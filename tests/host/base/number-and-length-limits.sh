#!/bin/sh
# Numbers and lengths from users are checked, never wrapped or split:
# one checked number parser for the command line and the REPL, and
# overlong configuration lines refused.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-limits.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
T() { "$TABLERO" --no-config "$@"; }
# expect DESCRIPTION EXPECTED-STATUS EXPECTED-TEXT COMMAND...
expect() {
	what=$1 want=$2 text=$3
	shift 3
	out=$("$@" 2>&1)
	rc=$?
	if [ "$rc" = "$want" ] && printf '%s\n' "$out" | grep -qF -- "$text"; then
		ok "$what"
	else
		nok "$what (status $rc, want $want)" "$out"
	fi
}
echo "1..9"
. "$top_srcdir/tests/tap.sh"

expect "seat 4294967297 is refused, not seat 1" 1 \
	"-c:2: usage: seat N human|random|mcts[:BUDGET] (N from 1 to 2)" \
	T -c 'new example' -c 'seat 4294967297 random' -c seat
out=$(T -k -c 'new example' -c 'seat 4294967297 random' -c seat 2>/dev/null)
if printf '%s\n' "$out" | grep -q '^seat 1 (X): human$'; then
	ok "seat 1 stays human"
else nok "seat 1 changed" "$out"; fi
expect "undo with a wrapped count is refused" 1 \
	"expected a number of moves, not '4294967297'" \
	T -c 'new example; b2; undo 4294967297'
expect "quit 4294967296 is not quit 0" 1 \
	"quit wants an exit status 0..255, not '4294967296'" \
	T -c 'quit 4294967296'
expect "an MCTS budget past the range is refused" 1 \
	"bad MCTS budget '18446744073709551617'" \
	T -c 'new example' -c 'ai mcts:18446744073709551617'
expect "match --games with 4 players does not overflow" 2 \
	"tablero: match: --games wants a positive number up to 2147483647, not '4611686018427387904'" \
	T match awithlaknakwe players=4 --players random,random,random,random --games 4611686018427387904
expect "a count with a sign or blanks is refused" 2 \
	"--games wants a positive number up to 2147483647, not '+3'" \
	T match example --players random,random --games +3

# inih splits lines longer than its buffer: the tail of a long comment
# must not set a key.
{
	echo '[tablero]'
	printf '# %0194d seed = 4242\n' 0
} >long.conf
expect "an overlong configuration line is refused, naming the line" 2 \
	"long.conf:2: line longer than 198 bytes" \
	T -C long.conf -c seed
{
	echo '[tablero]'
	printf '# %0196d\n' 0
	echo 'seed = 77'
} >fits.conf
expect "a line of 198 bytes is read" 0 "77" T -C fits.conf -c seed
