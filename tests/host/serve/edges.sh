#!/bin/sh
# tablero serve at its edges (tests/host/serve/edges.py).
if ! command -v python3 >/dev/null 2>&1; then
	echo "1..0 # SKIP python3 is not installed"
	exit 0
fi
python3 "$top_srcdir/tests/host/serve/edges.py" "$TABLERO"
rc=$?
[ $rc -eq 77 ] && exit 0
exit $rc
