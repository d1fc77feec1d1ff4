#!/bin/sh
# `tablero solve`: the value, the figures and the first moves of small
# boards (the time and memory lines aside, which vary), tic-tac-toe by the
# example plugin's flat keys, --json, --position, and every refusal: a limit
# the keys leave out, chance points, more than two sides, no keys, and the
# memory cap (too small, too large, reached on the way, and at once when
# even a lower bound of the positions cannot fit: the default game, Hus
# 4x12, ran for minutes and gigabytes to its cap).  Ctrl-C stops a
# run with status 130.  tests/host/ai/solve/check.sh holds the values to an
# independent brute force.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-solve.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
T() { "$TABLERO" --no-config "$@"; }
command -v python3 >/dev/null 2>&1 || { echo "1..0 # SKIP no python3"; exit 0; }
echo "1..20"
. "$top_srcdir/tests/tap.sh"
notok() { nok "$1" "$(cat "$work/out" "$work/err")"; }
stable() { grep -v '^time: \|^memory: ' "$work/out"; }

T solve --method hash mancala variant=mankalah holes=4 setup=none seeds=1 > "$work/out" 2> "$work/err"
cat > "$work/want" <<'OUT'
solve mancala variant=mankalah holes=4 seeds=1 turn_limit=0 setup=none
value: win for P
plies: 5 to the end with best play
positions: 361 (65 ends); P wins 203, Q wins 105, 53 drawn
moves: 482; keys of 6 bytes
  a1 win (5 plies)
  a2 loss (5 plies)
  a3 draw
  a4 draw
OUT
if stable | cmp -s - "$work/want" && grep -q '^time: [0-9.]* s (.* of processor), [0-9]* positions/s$' "$work/out" &&
    grep -q '^memory: .* at most, [0-9.]* bytes/position$' "$work/out"; then
	ok "mankalah on four holes, one man a hole: a win for P"
else notok "mankalah holes=4 seeds=1"; fi

T solve example > "$work/out" 2> "$work/err"
if stable | sed -n '2,4p' | tr '\n' '|' | grep -qx 'value: draw (X to move)|positions: 5478 (958 ends); X wins 2936, O wins 1474, 1068 drawn|moves: 16167; keys of [0-9]* bytes|' &&
    [ "$(stable | grep -c '^  [abc][123] draw$')" -eq 9 ]; then
	ok "tic-tac-toe by the example's flat state: a draw, 5478 positions"
else notok "example"; fi

T solve --method hash --json mancala variant=annana holes=4 seeds=1 > "$work/out" 2> "$work/err"
if python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["value"] == "draw" and d["side"] == "Q" and d["positions"] == 5860
assert d["won"] == [214, 214] and d["ends"] == 90 and "plies" not in d
assert [m["move"] for m in d["moves"]] == ["b1", "b2", "b3", "b4"]
assert d["memory_bytes"] > 0 and d["cpu_seconds"] >= 0
' "$work/out"; then ok "--json: annana on four holes is a draw"
else notok "--json"; fi

T solve --method hash mancala variant=mangala holes=4 seeds=1 --position '0,0,1,1/1,1,0,0 P P:2 Q:2' > "$work/out" 2> "$work/err"
if stable | sed -n '2,3p' | tr '\n' '|' | grep -qx 'position: 0,0,1,1/1,1,0,0 P P:2 Q:2|value: draw (P to move)|' &&
    [ "$(stable | grep -c '^  a[34] ')" -eq 2 ]; then
	ok "--position: solved from a given position"
else notok "--position"; fi

check_refusal() {	# status, stderr line, description, solve arguments...
	want_rc=$1 want=$2 what=$3
	shift 3
	T solve "$@" > "$work/out" 2> "$work/err"; rc=$?
	if [ $rc -eq "$want_rc" ] && [ ! -s "$work/out" ] &&
	    [ "$(cat "$work/err")" = "$want" ]; then ok "$what"
	else notok "$what (status $rc)"; fi
}
check_refusal 2 "tablero: solve: turn_limit=5: solve needs turn_limit=0, as a position key leaves out what this limit counts" \
    "a limit the keys leave out is refused, naming the setting" mancala variant=mangala turn_limit=5
check_refusal 2 "tablero: solve: mancala starts at a chance point here (position '4,4,4,4,4,4/4,4,4,4,4,4 P P:0 Q:0 deal=24'): solve handles only games without chance" \
    "a start dealt by chance is refused" mancala variant=mankalah setup=ignorants
check_refusal 2 "tablero: solve: awithlaknakwe is played by 4 sides here: solve handles two sides, where one side's win is the other's loss" \
    "four players are refused" awithlaknakwe players=4
check_refusal 2 "tablero: solve: yucata cannot be solved: its plugin gives no position keys, by which solve knows a position it has seen (tablero-sdk(3))" \
    "a game without keys is refused" yucata
check_refusal 2 "tablero: solve: --memory: a memory cap of 100.0 KiB is too small to start: solve needs at least 1.0 MiB" \
    "--memory below 1 MiB is refused" mancala --memory 100K
check_refusal 2 "tablero: solve: --memory wants a whole number and a unit, such as 512M or 8G, not 'lots'" \
    "--memory must be a size" mancala --memory lots
check_refusal 2 "tablero: solve: --memory wants a whole number and a unit, such as 512M or 8G, not '0x10M'" \
    "--memory refuses hexadecimal" mancala --memory 0x10M
check_refusal 2 "tablero: solve: --memory wants a whole number and a unit, such as 512M or 8G, not '1e3M'" \
    "--memory refuses an exponent" mancala --memory 1e3M
check_refusal 2 "tablero: solve: a memory cap of 1.0 MiB cannot hold the first tables of example (1.7 MiB for keys of 400 bytes): the smallest cap that starts is 2M" \
    "a cap below the first tables is refused, naming the smallest that starts" example --memory 1M
T solve mancala --memory 1000T > "$work/out" 2> "$work/err"; rc=$?
if [ $rc -eq 2 ] && [ ! -s "$work/out" ] &&
    grep -q "^tablero: solve: --memory: a memory cap of 1000.0 TiB is more than this machine's .*: solving would swap$" "$work/err"; then
	ok "--memory above the machine's memory is refused"
else notok "--memory 1000T (status $rc)"; fi
T solve --method hash mancala variant=mangala holes=5 seeds=1 --memory 1M > "$work/out" 2> "$work/err"; rc=$?
if [ $rc -eq 0 ] && grep -q '^value: win for P$' "$work/out"; then
	ok "a board that fits in --memory 1M solves"
else notok "--memory 1M, small board (status $rc)"; fi
T solve --method hash mancala variant=annana holes=5 seeds=1 --memory 2M > "$work/out" 2> "$work/err"; rc=$?
if [ $rc -eq 1 ] && [ ! -s "$work/out" ] &&
    grep -q '^tablero: solve: stopped at [0-9]* positions: the [a-z ]* would bring the tables to [0-9.]* MiB, past the memory cap of 2.0 MiB (--memory)$' "$work/err"; then
	ok "a board that outgrows --memory 2M stops with a message"
else notok "--memory 2M, larger board (status $rc)"; fi

# On a terminal: the progress line, then Ctrl-C stops the run cleanly and
# says how far it got (issue 31.7: it said 0 positions), on a board of
# 2.5 million positions (tests/pty-session.py plays the user).
t=$(printf '\t')
cat > "$work/keys" <<EOS
expect${t}solve: [0-9]+ positions found
send${t}\\x03
expect${t}tablero: solve: interrupted with ([1-9][0-9]* positions found, [0-9]+ of them expanded|all [1-9][0-9]* positions found[a-z ,0-9]*); nothing is solved
exit${t}130${t}10
EOS
if python3 "$top_srcdir/tests/pty-session.py" "$work/keys" -- /bin/sh -c \
    'exec "$@" > "$0"' "$work/out" "$TABLERO" --no-config solve --method hash mancala \
    variant=mangala holes=5 seeds=2 > "$work/err" 2>&1 && [ ! -s "$work/out" ]; then
	ok "a terminal shows progress, and Ctrl-C stops a run (status 130)"
else notok "Ctrl-C"; fi
# The same of the dense solver: how far Ctrl-C stopped it (issue 31.7).
cat > "$work/keys" <<EOS
expect${t}solve: level [0-9]+ of 20, sweep
send${t}\\x03
expect${t}tablero: solve: interrupted in level [0-9]+ of 0 to 20, sweep [0-9]+, at [0-9]+ of its [1-9][0-9]* positions; nothing is solved
exit${t}130${t}10
EOS
if python3 "$top_srcdir/tests/pty-session.py" "$work/keys" -- /bin/sh -c \
    'exec "$@" > "$0"' "$work/out" "$TABLERO" --no-config solve --method dense \
    mancala variant=mangala holes=5 seeds=2 > "$work/err" 2>&1 && [ ! -s "$work/out" ]; then
	ok "dense: Ctrl-C says in which level and how far it stopped"
else notok "dense Ctrl-C"; cat "$work/err" | sed 's/^/# /'; fi

# The default game (Hus 4x12) is refused at once, naming the bound and
# the cap; it ran to the cap (minutes) before.
start=$(date +%s)
timeout 60 "$TABLERO" --no-config solve mancala --memory 2G > "$work/out" 2> "$work/err"
rc=$? took=$(( $(date +%s) - start ))
if [ $rc -eq 1 ] && [ $took -le 20 ] && [ ! -s "$work/out" ] &&
    grep -Eqx 'tablero: solve: mancala has at least [0-9.]+(e\+[0-9]+)? positions to hold \(a lower bound from [0-9]+ random positions, [0-9]+ pairs of them the same\), at least [0-9]+ bytes each: [0-9.]+ [KMGT]iB, more than the memory cap of 2.0 GiB \(--memory\); nothing solved' "$work/err"; then
	ok "Hus 4x12 is refused at once ($took s), the bound and the cap named"
else notok "Hus 4x12 refused at once (status $rc, $took s)"; fi
# A board whose positions fit is not refused by the bound, with a cap
# just above what it holds (17.6 MiB).
T solve --method hash mancala variant=mankalah holes=4 seeds=2 --memory 20M > "$work/out" 2> "$work/err"
if grep -q '^positions: 346098 ' "$work/out"; then
	ok "a board that fits is solved, the bound under its count"
else notok "mankalah 2x4 with two within 20M"; fi
