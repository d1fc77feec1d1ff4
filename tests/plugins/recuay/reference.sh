#!/bin/sh
# The recuay plugin against an independent model of its rules
# (tests/plugins/recuay/reference.py, written from the spec, the source text and
# tablero-recuay(7), not from the C code): seeded random games of both
# rulesets and every option, replayed move by move through
# `tablero --framed`; every position's legal moves (and throws with their
# chances), every position string, the end and the result must agree.
# compare.py also plays the model's own random games from set-up
# positions (traps, deadlocks, pairs, the stuck board's draw).
# Skipped without python3.
. "$top_srcdir/tests/tap.sh"
# no __pycache__ in the source tree (read-only under distcheck)
PYTHONDONTWRITEBYTECODE=1
export PYTHONDONTWRITEBYTECODE
set -- "ruleset=race|50" "ruleset=race dice=uniform|40" \
	"ruleset=race zero=mover|40" "ruleset=jaguar|100" \
	"ruleset=jaguar quiet_limit=0|60" "ruleset=jaguar quiet_limit=7|40" \
	"ruleset=jaguar board=$top_srcdir/tests/plugins/recuay/stuck.board|20"
echo "1..$#"
if ! command -v python3 >/dev/null 2>&1; then
	for spec in "$@"; do
		skip "python3 not found"
	done
	exit 0
fi
board=$top_srcdir/conf/recuay/schaedel.board
for spec in "$@"; do
	opts=${spec%|*}
	games=${spec##*|}
	case $opts in
	*board=*) b=${opts##*board=} ;;
	*) b=$board ;;
	esac
	# shellcheck disable=SC2086
	if out=$(python3 "$top_srcdir/tests/plugins/recuay/compare.py" "$TABLERO" \
	    "$top_builddir/plugins/.libs" "$b" "$games" 16 $opts 2>&1); then
		ok "reference model: recuay $opts: $(echo "$out" | head -n 1)"
	else
		nok "reference model: recuay $opts" "$out"
	fi
done
