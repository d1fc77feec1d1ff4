#!/bin/sh
# The tuknanavuhpi plugin against an independent model of its rules
# (tests/plugins/tuknanavuhpi/reference.py, written from the spec, the source text
# and tablero-tuknanavuhpi(7), not from the C code): seeded random games of
# every variant and every option that changes the rules, plus the model's
# own random games from hand-made set-up positions, replayed one atomic
# move at a time through `tablero --framed`; every position's legal moves,
# every position string, the end and the result must agree.
# Skipped without python3.
. "$top_srcdir/tests/tap.sh"
# no __pycache__ in the source tree (read-only under distcheck)
PYTHONDONTWRITEBYTECODE=1
export PYTHONDONTWRITEBYTECODE
set -- "variant=tuknanavuhpi|16" "capture=huff|12" "capture=optional|10" \
	"capture=longest|12" "shrink_edge=original|12" \
	"opening=left first=black|10" "variant=aiyawatstani quiet_limit=9|12" \
	"variant=kharbaga|16" "variant=kharbaga mullah_moves=short|12" \
	"variant=kharbaga capture=compulsory|10" \
	"variant=kharbaga capture=huff shrink=yes|10" \
	"variant=kharbaga capture=optional opening=left first=black|10"
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
	if out=$(python3 "$top_srcdir/tests/plugins/tuknanavuhpi/compare.py" \
	    "$TABLERO" "$top_builddir/plugins/.libs" "$games" 16 $opts 2>&1)
	then
		ok "reference model: tuknanavuhpi $opts: $(echo "$out" | head -n 1)"
	else
		nok "reference model: tuknanavuhpi $opts" "$out"
	fi
done
