#!/bin/sh
# `games -v`: each plugin's version, ABI and file; plugins shadowed by one
# of the same name earlier on the path; files refused, with the reason.  A
# plugin whose game name differs from its file name is refused naming both.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-games.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
so="$top_builddir/tests/plugins/.libs/testgame.so"
mkdir "$work/a" "$work/b"
cp "$so" "$work/a/testgame.so"
cp "$so" "$work/b/testgame.so"
cp "$so" "$work/b/other.so"
chmod 755 "$work/a" "$work/b"
chmod 644 "$work/a/testgame.so" "$work/b/testgame.so" "$work/b/other.so"
echo "1..4"
out=$("$TABLERO" --no-config -P "$work/a" -P "$work/b" -c 'games -v' 2>"$work/err")
if printf '%s\n' "$out" | grep -qx "               version 1.0, ABI 1.4, $work/a/testgame.so"; then
	echo "ok 1 - games -v shows each plugin's version, ABI and file"
else
	echo "not ok 1 - games -v: no version line"; printf '%s\n' "$out" | sed 's/^/# /'
fi
if printf '%s\n' "$out" | grep -qx "shadowed: $work/b/testgame.so (by $work/a/testgame.so)"; then
	echo "ok 2 - games -v shows the shadowed plugin"
else
	echo "not ok 2 - games -v: no shadowed line"; printf '%s\n' "$out" | sed 's/^/# /'
fi
why="$work/b/other.so: the plugin's game is named 'testgame', but its file is named 'other.so'; name the file testgame.so"
if printf '%s\n' "$out" | grep -qxF "refused: $why"; then
	echo "ok 3 - games -v lists refused files with the reason"
else
	echo "not ok 3 - games -v: no refused line"; printf '%s\n' "$out" | sed 's/^/# /'
fi
if grep -qxF "tablero: refusing plugin $why" "$work/err"; then
	echo "ok 4 - a plugin named otherwise than its file is refused, naming both"
else
	echo "not ok 4 - no refusal on stderr"; sed 's/^/# /' "$work/err"
fi
