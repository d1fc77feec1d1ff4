#!/bin/sh
# The rules of HACKING: functions of host/ and plugins/ at most 80
# lines, files of host/ at most 700, and no call of a plugin's value or
# text hook outside the door (core/game.c) and the checker (cmd/check*.c).
if ! command -v python3 >/dev/null 2>&1; then
	echo "1..0 # SKIP python3 is not installed"
	exit 0
fi
exec python3 "$top_srcdir/tests/house-limits.py" "$top_srcdir"
