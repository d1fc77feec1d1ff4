#!/bin/sh
# The two- and three-row games (Annana, Mankal'ah, Mangala, Gabatta) and
# their options against tests/plugins/mancala/reference.py, an independent model
# written from Wagner, the spec and tablero-mancala(7): seeded random games
# and set-up positions, the position and the legal moves compared before
# every decision, and the result at the end (tests/plugins/mancala/compare.py,
# through tests/framed.py).  Skipped without python3.
if ! command -v python3 >/dev/null 2>&1; then
	echo "1..0 # SKIP python3 not found"
	exit 0
fi
# no __pycache__ in the source tree (read-only under distcheck)
PYTHONDONTWRITEBYTECODE=1
export PYTHONDONTWRITEBYTECODE
exec python3 "$top_srcdir/tests/plugins/mancala/compare.py" "$TABLERO" \
    "$top_builddir/plugins/.libs" --games 20 --seed 1 --tap
