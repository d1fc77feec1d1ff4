#!/bin/sh
# The two- and three-row games (Annana, Mankal'ah, Mangala, Gabatta) and
# their options against tests/mancala/reference.py, an independent model
# written from Wagner, the spec and tablero-mancala(7): seeded random games
# and set-up positions, the position and the legal moves compared before
# every decision, and the result at the end (tests/mancala/refcheck.py).
if ! command -v python3 >/dev/null 2>&1; then
	echo "1..0 # SKIP python3 not found"
	exit 0
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-refcheck.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
export PYTHONDONTWRITEBYTECODE=1
exec python3 "$top_srcdir/tests/mancala/refcheck.py" "$TABLERO" \
    --games 20 --seed 1 --tap
