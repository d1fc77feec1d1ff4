#!/bin/sh
# `tablero solve` against tests/host/ai/solve/bruteforce.py, a brute-force minimax
# with cycle handling on independent models of the games
# (tests/plugins/mancala/reference.py for the two-row games, tests/host/ai/solve/fourrow.py
# for the four-row ones): every game and house rule of the SOLVED BOARDS
# table of tablero-mancala(7) on a small board (tests/host/ai/solve/check.py).
if ! command -v python3 >/dev/null 2>&1; then
	echo "1..0 # SKIP python3 not found"
	exit 0
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-solvecheck.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
export PYTHONDONTWRITEBYTECODE=1
exec python3 "$top_srcdir/tests/host/ai/solve/check.py" "$TABLERO"
