#!/bin/sh
# The yucata plugin against tests/yucata/reference.py, an independent model
# written from the rules text, the spec and tablero-yucata(7), not from the
# C code: seeded random games of every option (random layouts and starting
# players drawn through chance points, with their probabilities), and every
# move from set-up positions; the legal moves, the position string, the
# running scores of 'show', setup of every reached position, and the end
# with its winners and scores must agree (tests/yucata/compare.py).
if ! command -v python3 >/dev/null 2>&1; then
	echo "1..0 # SKIP python3 not found"
	exit 0
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-yucata-ref.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
export PYTHONDONTWRITEBYTECODE=1
exec python3 "$top_srcdir/tests/yucata/compare.py" "$TABLERO" \
    --games 30 --seed 1 --tap
