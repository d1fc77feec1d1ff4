#!/bin/sh
# Where `tablero solve --method dense` keeps a level's moves while it
# solves it: in a scratch file of $TMPDIR by default, the memory held
# then the tables' 2 bytes a position and a little (the chunks' index),
# and the file gone afterwards; in memory when no scratch file can be
# made (TMPDIR not a directory); played again in every sweep when
# neither holds them (no scratch file and --memory just above the
# tables).  The three give the same values, positions and evaluations.
command -v python3 >/dev/null 2>&1 || { echo "1..0 # SKIP no python3"; exit 0; }
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-dense-kept.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
T() { "$TABLERO" --no-config "$@"; }
. "$top_srcdir/tests/tap.sh"
notok() { nok "$1" "$(cat "$work/out" "$work/err")"; }
game="mancala variant=mankalah holes=4 seeds=2"
echo "1..4"
mkdir "$work/tmp"

TMPDIR="$work/tmp" T solve --json --method dense --threads 1 $game \
    > "$work/disk" 2> "$work/err"
TMPDIR="$work/none" T solve --json --method dense --threads 1 $game \
    > "$work/mem" 2>> "$work/err"
TMPDIR="$work/none" T solve --json --method dense --threads 1 \
    --memory 3M $game > "$work/replay" 2>> "$work/err"
cat "$work/disk" "$work/mem" "$work/replay" > "$work/out"

if python3 -c '
import json, sys
d, m, r = (json.load(open(f)) for f in sys.argv[1:4])
keys = ("value", "side", "margin", "positions", "levels", "moves",
    "evaluated")
for x in (m, r):
    assert all(d[k] == x[k] for k in keys), [(k, d[k], x[k]) for k in keys]
assert (d["value"], d["margin"]) == ("loss", 2)
' "$work/disk" "$work/mem" "$work/replay" && [ ! -s "$work/err" ]; then
	ok "moves on disk, in memory, played again: the same values"
else notok "the same values"; fi

# On disk: the memory counted is the tables and the chunks' index, 16
# bytes to 4096 positions; the file held 3 bytes a position or more.
if python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
p, chunks = d["positions"], d["positions"] // 4096 + d["levels"]
assert d["table_bytes"] == 2 * p, d
assert d["table_bytes"] <= d["memory_bytes"] <= d["table_bytes"] + 24 * chunks, d
assert d["scratch_bytes"] >= 3 * 327184, d     # level 16: 327184 positions
' "$work/disk"; then
	ok "moves on disk: memory within the tables and the chunks' index"
else notok "on disk"; fi

if [ -z "$(ls -A "$work/tmp")" ]; then
	ok "the scratch file is gone after the run"
else notok "scratch left: $(ls "$work/tmp")"; fi

# In memory: the moves of the largest level counted; played again: no
# moves kept, the tables and a bit a position of the level.
if python3 -c '
import json, sys
m, r = (json.load(open(f)) for f in sys.argv[1:3])
assert m["scratch_bytes"] == 0 and r["scratch_bytes"] == 0, (m, r)
assert m["memory_bytes"] >= m["table_bytes"] + 3 * 327184, m
assert r["table_bytes"] < r["memory_bytes"] <= 3 << 20, r
' "$work/mem" "$work/replay"; then
	ok "no scratch file: the moves in memory, or played again within --memory"
else notok "no scratch file"; fi
