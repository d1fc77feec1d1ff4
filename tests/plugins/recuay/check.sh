#!/bin/sh
# `tablero check` on the recuay plugin for both rulesets and both dice
# (and the other way of clearing the centre): every game ends, every
# position string round-trips, every move prints and parses back; and
# the recorded perft counts of both rulesets (a change in a count is a
# change in move generation and must be explained).
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-recuay.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
set -- "ruleset=race dice=sticks" "ruleset=race dice=uniform" \
	"ruleset=race zero=mover" "ruleset=jaguar" "ruleset=jaguar quiet_limit=0"
echo "1..$(($# + 2))"
i=0
for opts in "$@"; do
	i=$((i + 1))
	# shellcheck disable=SC2086
	if "$TABLERO" --no-config -P "$top_builddir/plugins/.libs" check recuay \
	    $opts --games 150 --seed 7 >"$work/out" 2>&1 &&
	    grep -q "check recuay $opts: 150 games, 0 failures" "$work/out"; then
		echo "ok $i - tablero check recuay $opts"
	else
		echo "not ok $i - tablero check recuay $opts"
		sed 's/^/# /' "$work/out"
	fi
done
T() { "$TABLERO" --no-config -P "$top_builddir/plugins/.libs" "$@"; }
for spec in "ruleset=race|6 76 1102 18882" "ruleset=jaguar|7 49 490 4869"; do
	i=$((i + 1))
	opts=${spec%%|*}
	want=${spec#*|}
	got=$(T perft recuay "$opts" 4 | sed -n 's/^depth [0-9]*: //p' | tr '\n' ' ')
	if [ "$(echo $got)" = "$want" ]; then
		echo "ok $i - perft recuay $opts: $want"
	else
		echo "not ok $i - perft recuay $opts: got '$got', recorded '$want'"
	fi
done
