#!/bin/sh
# `tablero check` judges the diagram() hook (host/cmd/check_diagram.c):
# tests/badgame/badpic.c breaks one rule of tablero-sdk(3) as its
# drawing= option says, and check names each fault in one line, with
# the hook, the position and what is wrong, and a reproducer (before,
# check did not call diagram() and each of these passed, 0 failures).
# The shipped plugins pass with their diagrams judged: check-plugins.sh
# and tests/plugins/GAME/check.sh.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-check-diagram.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
dir="$top_builddir/tests/badgame/.libs"
T() { timeout 20 "$TABLERO" --no-config -P "$dir" "$@"; }
echo "1..21"
. "$top_srcdir/tests/tap.sh"
nl='
'
head="check badpic ($dir/badpic.so): ABI 1.4, host ABI 1.4"

# fails DRAWING MOVES "what": check badpic drawing=DRAWING --games 1
# fails game 1 with "diagram() at position 'P' what", reproduced by
# the moves MOVES, and exits 1.
fails() {
	drawing=$1 moves=$2 pos=0
	[ "$moves" = go ] && pos=1
	want="$head${nl}FAIL game 1: diagram() at position '$pos' $3$nl  reproduce: tablero -s 1 -c 'set chance=manual; new badpic drawing=$drawing; $moves'${nl}check badpic drawing=$drawing: 1 game, 1 failure"
	out=$(T check badpic drawing="$drawing" --games 1 2>&1)
	rc=$?
	if [ "$rc" = 1 ] && [ "$out" = "$want" ]; then
		ok "drawing=$drawing: $3"
	else nok "drawing=$drawing (status $rc)" "$out"; fi
}

cannot="describes what the host cannot draw:"
# Sizes within their bounds.
fails big position "$cannot a frame size out of range"
fails many position "$cannot more than 4096 cells"
fails items position "$cannot more than 16384 lines, pieces, captions and sides"
fails count position "$cannot 100000 pieces on a cell, not 0 to 99999"
fails outside position "$cannot a text outside the frame"
# Cells, marks and players that exist.
fails noframe position "$cannot a cell before the frame"
fails number position "$cannot a cell numbered 65536, not 0 to 65535"
fails twice position "$cannot cell 0 declared twice"
fails undeclared position "$cannot a line on cell 7, which it did not declare"
fails mark position "$cannot a mark of an unknown kind"
fails side position "$cannot a piece of player 2, not a player (0 to 1) or TBL_SIDE_NONE"
# Texts of at most 80 bytes, one line of printable UTF-8.
fails long position "draws a cell name longer than 80 bytes"
fails dirty position "draws a piece's kind that is not one line of printable UTF-8"
fails evil position "draws a caption that is not one line of printable UTF-8"
# 0 or -1, and the same answer for the same position.
fails return position "returns 2, not 0 or -1"
fails unsteady position "asked again describes another picture"
fails hidden go "asked of the position read back from its string describes another picture"

# A crash or a hang in diagram() fails the game, as in any hook: at the
# start `before` is NULL, and drawing=before reads it.
out=$(T check badpic drawing=before --games 1 2>&1)
rc=$?
if [ "$rc" = 1 ] && [ "$out" = "$head
FAIL game 1: the plugin crashed: signal 11 (Segmentation fault)
  reproduce: tablero check badpic drawing=before --games 1 --seed 1
check badpic drawing=before: 1 game, 1 failure" ]; then
	ok "a diagram() that reads before at the start crashes the game"
else nok "drawing=before (status $rc)" "$out"; fi
out=$(T check badpic drawing=hang --games 1 --timeout 0.5 2>&1)
rc=$?
if [ "$rc" = 1 ] && [ "$out" = "$head
FAIL game 1: the game did not finish within 0.5 seconds (a hang in the plugin?)
  reproduce: tablero check badpic drawing=hang --games 1 --seed 1
check badpic drawing=hang: 1 game, 1 failure" ]; then
	ok "a diagram() that hangs fails the game after --timeout"
else nok "drawing=hang (status $rc)" "$out"; fi

# A diagram that keeps the rules passes, and so does -1: no diagram of
# this position is an answer the SDK allows.
for drawing in good none; do
	out=$(T check badpic drawing=$drawing --games 3 2>&1)
	rc=$?
	if [ "$rc" = 0 ] && [ "$out" = "$head
check badpic drawing=$drawing: 3 games, 0 failures" ]; then
		ok "drawing=$drawing passes the check"
	else nok "drawing=$drawing (status $rc)" "$out"; fi
done
