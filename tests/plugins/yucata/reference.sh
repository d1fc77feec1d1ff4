#!/bin/sh
# The yucata plugin against tests/plugins/yucata/reference.py, an independent model
# written from the rules text, the spec and tablero-yucata(7), not from the
# C code: seeded random games of every option (random layouts and starting
# players drawn through chance points, with their probabilities), and every
# move from set-up positions; the legal moves, the position string, the
# running scores of 'show', setup of every reached position, and the end
# with its winners and scores must agree (tests/plugins/yucata/compare.py, through
# tests/framed.py).  Skipped without python3.
if ! command -v python3 >/dev/null 2>&1; then
	echo "1..0 # SKIP python3 not found"
	exit 0
fi
# no __pycache__ in the source tree (read-only under distcheck)
PYTHONDONTWRITEBYTECODE=1
export PYTHONDONTWRITEBYTECODE
exec python3 "$top_srcdir/tests/plugins/yucata/compare.py" "$TABLERO" \
    "$top_builddir/plugins/.libs" --games 30 --seed 1 --tap
