#!/bin/sh
# The awithlaknakwe plugin against an independent model of its rules
# (tests/plugins/awithlaknakwe/reference.py, written from the spec, the source
# text and tablero-awithlaknakwe(7), not from the C code): seeded random
# games of two and four players under every option, and the model's own
# random games from hand-made set-up positions, replayed move by move
# through `tablero --framed`; every position's legal moves, every
# position string, the end, the winner and the scores must agree.
# Skipped without python3.
. "$top_srcdir/tests/tap.sh"
# no __pycache__ in the source tree (read-only under distcheck)
PYTHONDONTWRITEBYTECODE=1
export PYTHONDONTWRITEBYTECODE
set -- "|12" "priest_entry=any_turn arrived=slide|8" \
	"scoring=captures quiet_limit=3 first=north|8" \
	"scoring=race race_target=2|8" "first=random scoring=race|8" \
	"players=4|8" "players=4 flank=own team_priest=each|8" \
	"players=4 partners=combined priest_entry=any_turn|8" \
	"players=4 partners=combined flank=own arrived=slide|8" \
	"players=4 order=anticlockwise first=west scoring=captures|8" \
	"players=4 first=random scoring=race race_target=4 quiet_limit=50|8"
echo "1..$#"
if ! command -v python3 >/dev/null 2>&1; then
	for spec in "$@"; do
		skip "python3 not found"
	done
	exit 0
fi
for spec in "$@"; do
	opts=${spec%|*}
	games=${spec##*|}
	# shellcheck disable=SC2086
	if out=$(python3 "$top_srcdir/tests/plugins/awithlaknakwe/compare.py" \
	    "$TABLERO" "$top_builddir/plugins/.libs" "$games" 16 $opts 2>&1); then
		ok "reference model: awithlaknakwe $opts: $(echo "$out" | head -n 1)"
	else
		nok "reference model: awithlaknakwe $opts" "$out"
	fi
done
