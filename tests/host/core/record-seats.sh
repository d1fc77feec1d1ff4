#!/bin/sh
# Who played which moves (core/record.c, core/session.c): a seat handed
# to the computer halfway is written where it changed, as a comment line
# '# seat N (NAME): PLAYER from here (PLAYER before)' that load reads back
# and save writes again; the [Players] tag names the seats at save time
# (it was all the record said, so a game handed over halfway read as the
# computer's from its first move).  A wrong seat line is refused, naming
# the line.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-record-seats.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
T() { timeout 60 "$TABLERO" --no-config "$@"; }
echo "1..4"
. "$top_srcdir/tests/tap.sh"

T -c "new mancala variant=hus" -c "a1" -c "d5" -c "seat 2 random" -c "seat 2 random" \
	-c "seat 1 mcts:20" -c "save g.tbr" >out 2>&1
moves=$(sed -n '/^$/,$p' g.tbr | head -5)
want='
a1  # 1. P
d5  # 2. Q
# seat 2 (Q): random from here (human before)
# seat 1 (P): mcts:20 from here (human before)'
if [ "$moves" = "$want" ] && grep -qx '\[Players "mcts:20,random"\]' g.tbr; then
	ok "a record says where a seat was handed over, and to whom"
else nok "seat lines" "$(cat out)" "$(cat g.tbr)"; fi

T -c "load g.tbr" -c "save h.tbr" -c "history" >out 2>&1
if cmp -s g.tbr h.tbr && grep -qx -- '-- seat 2 (Q): random from here (human before)' out; then
	ok "load reads them back, save writes them again, history shows them"
else nok "round trip" "$(cat out)" "$(diff g.tbr h.tbr)"; fi

# Undone past the hand-over and played again otherwise: the seat line of
# the dropped moves goes with them.
T -c "new mancala variant=hus" -c "a1" -c "d5" -c "seat 2 random" -c "seat 2 human" \
	-c "undo 2" -c "a2" -c "save u.tbr" >out 2>&1
if ! grep -q '^# seat' u.tbr; then
	ok "moves undone and played otherwise drop their seat lines"
else nok "undo" "$(cat out)" "$(cat u.tbr)"; fi

sed 's/^# seat 2 (Q): random from here/# seat 3 (Q): random from here/' g.tbr >bad.tbr
T -c "load bad.tbr" >out 2>&1
if grep -q "bad.tbr:[0-9]*: a seat line wants 'seat N (NAME): PLAYER from here (PLAYER before)' with N from 1 to 2 and its name, not 'seat 3 (Q)" out; then
	ok "a wrong seat line is refused, naming the line"
else nok "bad seat line" "$(cat out)"; fi
