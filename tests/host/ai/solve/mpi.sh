#!/bin/sh
# tablero-mpi (host/main_mpi.c): `mpirun -np 2` and `-np 4` of a dense
# solve give the value, margin, levels, positions and moves of one
# process (tablero itself), each process holding only its share of the
# tables; --db is written once, by rank 0, the same files as one
# process writes, and read back by each process, its block; --memory is
# each process's, checked up front against its share; the exchanges are
# counted.  Skipped where tablero-mpi was not built (no mpicc) or mpirun
# is missing.
mpi="$(dirname "$TABLERO")/tablero-mpi"
if [ ! -x "$mpi" ] || ! command -v mpirun >/dev/null 2>&1 ||
    ! command -v python3 >/dev/null 2>&1; then
	echo "1..0 # SKIP tablero-mpi not built, or no mpirun or python3"
	exit 0
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-mpi.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
# Open MPI's own allocations at its end are not ours to answer for.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export ASAN_OPTIONS
# As root, mpirun wants to be told; more processes than cores is asked.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
echo "1..9"
. "$top_srcdir/tests/tap.sh"
notok() { nok "$1" "$(cat "$work/err")"; }
game="mancala variant=mankalah holes=4 seeds=2"

# One process keeps its moves in memory here, as each MPI process does
# (with no scratch file: TMPDIR is not a directory), for the peaks below.
TMPDIR="$work/none" "$TABLERO" --no-config solve --json --method dense \
    --threads 1 $game > "$work/one" 2> "$work/err"
for np in 2 4; do
	mpirun --oversubscribe -np $np "$mpi" --no-config solve --json \
	    --method dense --threads 1 $game > "$work/np$np" 2>> "$work/err"
	if python3 -c '
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
keys = ("value", "side", "margin", "levels", "positions", "moves")
bad = [(k, a.get(k), b.get(k)) for k in keys if a.get(k) != b.get(k)]
assert not bad, bad
assert b["exchanges"] > 0 and b["exchanged_bytes"] > 0, b
' "$work/one" "$work/np$np" 2>> "$work/err"; then
		ok "mpirun -np $np: the values and counts of one process"
	else notok "mpirun -np $np"; fi
done
# Each process holds only its share: its tables are 1/P of one
# process's (whole chunks: within 10 %), and the most it held (tables and
# the moves of the level it solves) falls with P, to half at 4 (the
# values that cross shares cost the rest, on so small a board).
if python3 -c '
import json, sys
one, two, four = (json.load(open(f)) for f in sys.argv[1:4])
t1, last = one["table_bytes"], one["memory_bytes"]
for j, p in ((two, 2), (four, 4)):
    assert j["processes"] == p, j["processes"]
    t, m = j["process_table_bytes"], j["process_memory_bytes"]
    assert len(t) == p and len(m) == p, (t, m)
    assert sum(t) == t1, (sum(t), t1)
    assert max(t) <= 1.1 * t1 / p, ("tables", p, t, t1)
    assert max(m) < last, ("memory", p, m, last)
    last = max(m)
assert last <= one["memory_bytes"] / 2, ("memory", last, one["memory_bytes"])
' "$work/one" "$work/np2" "$work/np4" 2>> "$work/err"; then
	ok "per process: tables 1/P of one process's; its peak falls with P"
else notok "memory per process"; fi
mpirun --oversubscribe -np 2 "$mpi" --no-config solve --method dense \
    --levels 10 --db "$work/db" $game > "$work/out" 2> "$work/err"
if [ "$(ls "$work/db" | grep -c '\.tbd$')" -eq 11 ] &&
    [ "$(ls "$work/db" | grep -c 'tmp')" -eq 0 ] &&
    [ "$(grep -c '^levels: ' "$work/out")" -eq 1 ]; then
	ok "--db under mpirun -np 2: written once, one report"
else notok "--db under mpirun"; fi
# Each process reads its block of the levels the database holds.
"$TABLERO" --no-config solve --json --method dense --levels 10 \
    --db "$work/db1" $game > /dev/null 2> "$work/err"
mpirun --oversubscribe -np 4 "$mpi" --no-config solve --json --method dense \
    --db "$work/db" $game > "$work/np4db" 2>> "$work/err"
if cmp -s "$work/db/level-010.tbd" "$work/db1/level-010.tbd" &&
    python3 -c '
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
keys = ("value", "side", "margin", "levels", "positions", "moves")
bad = [(k, a.get(k), b.get(k)) for k in keys if a.get(k) != b.get(k)]
assert not bad, bad
assert 0 < b["loaded"] < b["positions"], b["loaded"]
' "$work/one" "$work/np4db" 2>> "$work/err"; then
	ok "--db under mpirun -np 4: the blocks read, the rest solved, one process's values"
else notok "--db read under mpirun"; fi
# Endless play scored by the men on each side: each process scores the
# block it holds (Annana 2x4 with one man: a draw, a win by 4 so scored).
own="mancala variant=annana holes=4 seeds=1 cycles=own"
"$TABLERO" --no-config solve --json --method dense $own > "$work/own1" \
    2> "$work/err"
mpirun --oversubscribe -np 3 "$mpi" --no-config solve --json \
    --method dense $own > "$work/own3" 2>> "$work/err"
if python3 -c '
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
keys = ("value", "side", "margin", "levels", "positions", "moves")
bad = [(k, a.get(k), b.get(k)) for k in keys if a.get(k) != b.get(k)]
assert not bad, bad
assert (b["value"], b["margin"]) == ("win", 4), b
' "$work/own1" "$work/own3" 2>> "$work/err"; then
	ok "cycles=own under mpirun -np 3: the values of one process"
else notok "cycles=own under mpirun"; fi
# --memory is each process's, checked up front against its share of the
# tables and what solving its largest block takes (2 and 3.125 bytes a
# position): refused at once by every process, told once, nothing solved.
mpirun --oversubscribe -np 2 "$mpi" --no-config solve --method dense \
    --memory 1M $game > "$work/out" 2> "$work/err"; rc=$?
want="tablero: solve: mancala needs 2.1 MiB in each of 2 processes: its share\
 of the tables of levels 0 to 16 (up to 737280 positions, 2 bytes each) and\
 3.125 bytes a position of the largest block it solves; --memory (each\
 process's) is 1.0 MiB"
if [ $rc -ne 0 ] && [ ! -s "$work/out" ] &&
    [ "$(grep -c '^tablero:' "$work/err")" -eq 1 ] &&
    [ "$(grep '^tablero:' "$work/err")" = "$want" ]; then
	ok "mpirun -np 2 --memory past a process's share: refused up front, once"
else notok "--memory under mpirun (status $rc)"; fi
# A cap one process cannot solve in (levels 0 to 14: 1.2 MiB of tables)
# that each of two holding half of it can: the values of the uncapped.
"$TABLERO" --no-config solve --method dense --memory 1M --levels 14 $game \
    > "$work/out" 2> "$work/err"
grep -q '^tablero: solve: mancala needs 1.2 MiB for the tables of levels 0 to 14 ' \
    "$work/err" && ok "one process: --memory 1M refused for levels 0 to 14" ||
    notok "one process --memory 1M"
"$TABLERO" --no-config solve --json --method dense --levels 14 $game \
    > "$work/l14" 2> "$work/err"
mpirun --oversubscribe -np 2 "$mpi" --no-config solve --json --method dense \
    --memory 1M --levels 14 $game > "$work/l14np2" 2>> "$work/err"
if python3 -c '
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
assert a["positions"] == b["positions"] == 639540, (a, b)
assert a.get("value") == b.get("value") == None, (a, b)
assert max(b["process_table_bytes"]) <= 1 << 20, b
' "$work/l14" "$work/l14np2" 2>> "$work/err"; then
	ok "mpirun -np 2 --memory 1M: each process's share fits, solved"
else notok "--memory 1M under mpirun -np 2"; fi
