#!/bin/sh
# Survey and match plots (tests/host/view/plots.py).
if ! command -v python3 >/dev/null 2>&1; then
	echo "1..0 # SKIP python3 is not installed"
	exit 0
fi
exec python3 "$top_srcdir/tests/host/view/plots.py" "$TABLERO"
