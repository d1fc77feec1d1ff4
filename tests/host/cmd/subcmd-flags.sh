#!/bin/sh
# The subcommands' shared flag reader (cmd/subcmd.c): each refusal with
# its exact first line and status 2, through check and bench.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-subcmd-flags.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
echo "1..9"
. "$top_srcdir/tests/tap.sh"
# first WANT-STATUS WANT-FIRST-LINE ARGS...
first() {
	want_rc=$1 want=$2
	shift 2
	out=$("$TABLERO" --no-config "$@" 2>&1)
	rc=$?
	if [ "$rc" = "$want_rc" ] && [ "$(printf '%s\n' "$out" | head -n 1)" = "$want" ]; then ok "$*: $want"
	else nok "$* (status $rc)" "$out"; fi
}
first 2 "tablero: check: unknown option '--zzzzzz'" check example --zzzzzz
first 2 "tablero: check: unknown option '--game' (did you mean '--games'?)" check example --game 3
first 2 "tablero: check: --games wants a value" check example --games
first 2 "tablero: check: --jobs wants a positive number up to 256, not '999'" check example --jobs 999
first 2 "tablero: check: --games wants a positive number up to 2147483647, not 'x'" check example --games x
first 2 "tablero: check: --seed wants a non-negative number, not 'x'" check example --seed x
first 2 "tablero: check: unexpected argument 'other' (options are key=value)" check example other
first 2 "usage: tablero check PLUGIN.so|GAME [key=value ...] [--games N] [--jobs J]" check
first 2 "tablero: bench: --seconds wants a positive number, not '-1'" bench example --seconds -1
