#!/bin/sh
# tablero-mpi (host/main_mpi.c): `mpirun -np 2` and `-np 4` of a dense
# solve give the value, margin, levels, positions and moves of one
# process (tablero itself); --db is written once, by rank 0.  Skipped
# where tablero-mpi was not built (no mpicc) or mpirun is missing.
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
echo "1..3"
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); echo "not ok $n - $1"; sed 's/^/# /' "$work/err"; }
game="mancala variant=mankalah holes=4 seeds=2"

"$TABLERO" --no-config solve --json --method dense --threads 1 $game \
    > "$work/one" 2> "$work/err"
for np in 2 4; do
	mpirun --oversubscribe -np $np "$mpi" --no-config solve --json \
	    --method dense --threads 1 $game > "$work/np$np" 2>> "$work/err"
	if python3 -c '
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
keys = ("value", "side", "margin", "levels", "positions", "moves")
bad = [(k, a.get(k), b.get(k)) for k in keys if a.get(k) != b.get(k)]
assert not bad, bad
' "$work/one" "$work/np$np" 2>> "$work/err"; then
		ok "mpirun -np $np: the values and counts of one process"
	else notok "mpirun -np $np"; fi
done
mpirun --oversubscribe -np 2 "$mpi" --no-config solve --method dense \
    --levels 10 --db "$work/db" $game > "$work/out" 2> "$work/err"
if [ "$(ls "$work/db" | grep -c '\.tbd$')" -eq 11 ] &&
    [ "$(ls "$work/db" | grep -c 'tmp')" -eq 0 ] &&
    [ "$(grep -c '^levels: ' "$work/out")" -eq 1 ]; then
	ok "--db under mpirun -np 2: written once, one report"
else notok "--db under mpirun"; fi
