#!/bin/sh
# `tablero solve --method dense`: the same values as --method hash on the
# boards and house rules of tests/host/ai/solve/dense.py (with the margins checked
# against the hash solver by crediting the loser); one thread and two give
# the same tables; --levels N --db DIR writes the tables, each as it is
# solved, reads them back instead of solving them again (after a run that
# was stopped, too), and refuses a file made for other options
# or cut short, naming it; the flags' refusals.
command -v python3 >/dev/null 2>&1 || { echo "1..0 # SKIP no python3"; exit 0; }
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-dense.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
export PYTHONDONTWRITEBYTECODE=1
T() { "$TABLERO" --no-config "$@"; }
. "$top_srcdir/tests/tap.sh"
notok() { nok "$1" "$(cat "$work/out" "$work/err")"; }
game="mancala variant=mankalah holes=4 seeds=2"

# The agreement: its own TAP lines, renumbered after ours.
python3 "$top_srcdir/tests/host/ai/solve/dense.py" "$TABLERO" > "$work/agree" 2>&1
agree=$?

# One thread and two: the same value, margin, moves, positions, sweeps
# aside (the order the threads take the chunks in may differ).
T solve --json --method dense --threads 1 $game > "$work/one" 2> "$work/err"
T solve --json --method dense --threads 2 $game > "$work/two" 2>> "$work/err"
cp "$work/two" "$work/out"
if python3 -c '
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
keys = ("value", "side", "margin", "positions", "levels", "moves")
assert all(a[k] == b[k] for k in keys), [(k, a[k], b[k]) for k in keys]
assert a["threads"] == 1 and b["threads"] == 2 and a["value_bytes"] == 2
assert a["table_bytes"] == 2 * a["positions"]
assert (a["value"], a["margin"]) == ("loss", 2)
' "$work/one" "$work/two"; then ok "one thread and two: the same values (loss for P by 2)"
else notok "threads"; fi

# Play that never ends: a draw (cycles=draw, the default) or each side
# takes the men on its own side (cycles=own); Annana 2x4 with one man a
# hole is a draw by the first reading and won by Q by 4 by the second,
# by both solvers.
cyc="mancala variant=annana holes=4 seeds=1"
for c in draw own; do
	for m in dense hash; do
		T solve --json --method $m $cyc cycles=$c > "$work/$c-$m" 2>> "$work/err"
	done
done
cat "$work"/draw-* "$work"/own-* > "$work/out"
if python3 -c '
import json, sys
dd, dh, od, oh = (json.load(open(f)) for f in sys.argv[1:5])
assert (dd["value"], dd["side"]) == ("draw", "Q") and "margin" not in dd, dd
assert (dh["value"], dh["side"]) == ("draw", "Q"), dh
assert (od["value"], od["side"], od["margin"]) == ("win", "Q", 4), od
assert (oh["value"], oh["side"]) == ("win", "Q"), oh
for d, h in ((dd, dh), (od, oh)):
    assert [(m["move"], m["value"]) for m in d["moves"]] == \
        [(m["move"], m["value"]) for m in h["moves"]], (d, h)
' "$work/draw-dense" "$work/draw-hash" "$work/own-dense" "$work/own-hash"
then ok "cycles=draw: Annana 2x4 with one a draw; cycles=own: Q wins by 4; both solvers"
else notok "cycles"; fi

# --levels N --db DIR: written, then read back, not solved again.
db="$work/db"
T solve --method dense --levels 12 --db "$db" $game > "$work/out" 2> "$work/err"
if grep -qx 'value: not solved (the position is on level 16)' "$work/out" &&
    [ -f "$db/level-012.tbd" ] && [ ! -f "$db/level-013.tbd" ]; then
	T solve --json --method dense --db "$db" $game > "$work/db.json" 2>> "$work/err"
fi
if [ -f "$work/db.json" ] &&
    head -c 15 "$db/level-000.tbd" | grep -qx 'tablero-dense 1' &&
    python3 -c '
import json, sys
d, o = (json.load(open(f)) for f in sys.argv[1:3])
assert d["loaded"] > 0
assert d["positions"] == o["positions"] and d["moves"] == o["moves"]
assert d["loaded"] < d["positions"]
' "$work/db.json" "$work/one" && [ -f "$db/level-016.tbd" ]; then
	ok "--levels 12 --db writes levels 0-12; a later run reads them, solves the rest"
else notok "--db"; fi
T solve --json --method dense --db "$db" $game > "$work/out" 2> "$work/err"
if python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["loaded"] == d["positions"] and d["sweeps"] == 0, d
' "$work/out"; then ok "a database holding every level: nothing solved again"
else notok "--db, every level"; fi

# A run stopped part way keeps the levels it finished: each is written
# to DIR as soon as it is solved (not all at the end), and a later run
# reads them and gives the same values.
db="$work/stopped"
# (not through T: $! must be tablero's own process, not a subshell's)
"$TABLERO" --no-config solve --json --method dense --db "$db" $game \
    > "$work/out" 2> "$work/err" &
pid=$!
i=0
while [ ! -f "$db/level-010.tbd" ] && [ $i -lt 1500 ]; do
	sleep 0.02
	i=$((i + 1))
done
kill -INT $pid 2>/dev/null
wait $pid
rc=$?
saved=$(sed -n "s|^tablero: solve: interrupted in level [0-9]* of 0 to 16, .*; levels 0 to \([0-9]*\) are in $db\$|\1|p" "$work/err")
if [ $rc -eq 130 ] && [ ! -s "$work/out" ] && [ -n "$saved" ] &&
    [ "$saved" -ge 10 ] && [ -f "$db/level-$(printf %03d "$saved").tbd" ] &&
    [ ! -f "$db/level-$(printf %03d $((saved + 1))).tbd" ]; then
	T solve --json --method dense --db "$db" $game > "$work/db2.json" 2>> "$work/err"
fi
if [ -f "$work/db2.json" ] && python3 -c '
import json, sys
d, o = (json.load(open(f)) for f in sys.argv[1:3])
assert 0 < d["loaded"] < d["positions"], d
keys = ("value", "side", "margin", "positions", "moves")
assert all(d[k] == o[k] for k in keys), [(k, d[k], o[k]) for k in keys]
' "$work/db2.json" "$work/one"; then
	ok "a run stopped at level $((saved + 1)) keeps levels 0-$saved in --db; a later run reads them, same values"
else notok "--db, stopped part way (status $rc, saved '$saved')"; fi

# A file of other options, and one cut short: refused, named.
T solve --method dense --levels 3 --db "$work/other" mancala variant=mankalah \
    holes=4 seeds=2 chain=both > /dev/null 2>&1
cp "$db/level-003.tbd" "$work/good"
cp "$work/other/level-003.tbd" "$db/level-003.tbd"
T solve --method dense --db "$db" $game > "$work/out" 2> "$work/err"; rc=$?
if [ $rc -eq 1 ] && [ ! -s "$work/out" ] && [ "$(cat "$work/err")" = \
    "tablero: solve: $db/level-003.tbd: not the table of level 3 of this game and these options (its header differs)" ]; then
	ok "a file written for other options is refused, named"
else notok "other options (status $rc)"; fi
head -c $(($(wc -c < "$work/good") - 2)) "$work/good" > "$db/level-003.tbd"
T solve --method dense --db "$db" $game > "$work/out" 2> "$work/err"; rc=$?
if [ $rc -eq 1 ] && grep -qx "tablero: solve: $db/level-003.tbd: ends after [0-9]* of its [0-9]* values" "$work/err"; then
	ok "a file cut short is refused, named"
else notok "cut short (status $rc)"; fi

# A refusal: the status and the one line on stderr, nothing on stdout.
refused() {	# "status line", description, solve arguments...
	want=$1 what=$2
	shift 2
	T solve "$@" > "$work/out" 2> "$work/err"
	got="$? $(cat "$work/err")"
	[ "$got" = "$want" ] && [ ! -s "$work/out" ] && ok "$what" ||
	    notok "$what (got: $got)"
}
refused "2 tablero: solve: --method is dense or hash, not 'fast'" \
    "--method names dense or hash" --method fast $game
refused "2 tablero: solve: --db goes with --method dense, not hash" \
    "--db with the hash method is refused" --method hash --db "$db" $game
refused "2 tablero: solve: extra=hole: the choice of an extra capture is not numbered (set extra=none)" \
    "options the numbering leaves out are refused by --method dense" --method dense mancala variant=maruba holes=4
refused "2 tablero: solve: yucata offers no dense numbering (the dense hooks of SDK 1.4): solve it with --method hash" \
    "a game without the hooks is refused by --method dense" --method dense yucata
refused "1 tablero: solve: mancala needs 2.8 MiB for the tables of levels 0 to 16 (1470942 positions, 2 bytes each), --memory is 2.0 MiB" \
    "a memory cap below the tables' need is refused up front, the need named" --method dense --memory 2M $game
refused "1 tablero: solve: mancala: level 20 asked for, but these options have levels 0 to 16" \
    "--levels past the game's men is refused" --method dense --levels 20 $game

total=$(grep -c '^\(not \)\{0,1\}ok ' "$work/agree")
grep '^\(not \)\{0,1\}ok \|^#' "$work/agree" | awk -v base=$n '
    /^ok / { $2 = $2 + base } /^not ok / { $3 = $3 + base } { print }'
[ $agree -eq 0 ] || echo "# dense.py exited $agree"
echo "1..$((n + total))"
