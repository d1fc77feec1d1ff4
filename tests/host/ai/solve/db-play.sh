#!/bin/sh
# mcts:...:db=DIR, the player with an endgame database (tablero-db(5)):
# on Mangala 2x4 with two men a hole and a database of levels 0-8, it
# wins every one of 24 positions of 5 to 8 men that the database says
# are won for the side to move, whoever it plays (mcts:2000; plain
# mcts:30 throws some of them away); a DIR of other options, or none,
# is refused once, named, before any game.  The REPL's solve and hint
# say when the answer came from the database, and solve by the dense
# solver; solve refuses up front a --memory below its tables' need.
command -v python3 >/dev/null 2>&1 || { echo "1..0 # SKIP no python3"; exit 0; }
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-dbplay.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
T() { "$TABLERO" --no-config "$@"; }
. "$top_srcdir/tests/tap.sh"
notok() { nok "$1" "$(cat "$work/out" "$work/err")"; }
game="mancala variant=mangala holes=4 seeds=2"
db="$work/db"
: > "$work/out"
T solve --method dense --levels 8 --db "$db" $game > /dev/null 2> "$work/err"

# Positions of 5 to 8 men won for the side to move, by the solver.
python3 - "$TABLERO" "$db" > "$work/won" 2> "$work/err" <<'PY'
import json, random, subprocess, sys
tab, db = sys.argv[1:3]
game = ["mancala", "variant=mangala", "holes=4", "seeds=2"]
rng, won = random.Random(7), []
while len(won) < 24:
    men = rng.randint(5, 8)
    c = [0] * 8
    for _ in range(men):
        c[rng.randrange(8)] += 1
    if sum(c[:4]) == 0 or sum(c[4:]) == 0:
        continue
    side, x = rng.choice("PQ"), rng.randint(0, 16 - men)
    pos = "%s/%s %s P:%d Q:%d" % (",".join(map(str, c[:4])),
        ",".join(map(str, c[4:])), side, x, 16 - men - x)
    r = json.loads(subprocess.run([tab, "--no-config", "solve", *game,
        "--method", "dense", "--db", db, "--position", pos, "--json"],
        capture_output=True, text=True, check=True).stdout)
    if r.get("value") == "win" and r["side"] == side:
        won.append(pos)
print("\n".join(won))
PY

# Player 1's losses among the games where it moves first in a won
# position (each opening is played in both seatings).
thrown() {
	T match $game --players "$1" --games 48 --openings "$work/won" \
	    --json > "$work/out" 2> "$work/err" || return 1
	python3 - "$work/won" "$work/out" <<'PY'
import json, sys
ops = [l.split()[1] for l in open(sys.argv[1]) if l.strip()]
games = [g for g in map(json.loads, open(sys.argv[2])) if g["type"] == "game"]
assert len(games) == 48
mover = lambda g: "PQ".index(ops[g["index"] // 2])
print(sum(1 for g in games if g["seating"][mover(g)] == 1 and
          g["result"][mover(g)] != 1))
PY
}
if [ "$(wc -l < "$work/won")" = 24 ] &&
    [ "$(thrown "mcts:30:db=$db,mcts:2000")" = 0 ] &&
    [ "$(thrown "mcts:30:db=$db,mcts:30")" = 0 ]; then
	ok "mcts:db wins each of 24 won positions, against mcts:2000 and mcts:30"
else notok "won positions thrown away with the database"; fi
lost=$(thrown "mcts:30,mcts:30")
if [ -n "$lost" ] && [ "$lost" -gt 0 ]; then
	ok "plain mcts:30 throws $lost of them away"
else notok "plain mcts:30 (thrown: '$lost')"; fi

# Refused at once, named: another board's database, and no database.
T match mancala variant=mangala holes=4 seeds=3 --players "mcts:db=$db,mcts" \
    --games 2 > "$work/out" 2> "$work/err"; rc=$?
if [ $rc = 2 ] && [ ! -s "$work/out" ] && [ "$(cat "$work/err")" = \
    "tablero: match: $db/level-000.tbd: not the table of level 0 of mancala with these options (its header or its size differs)" ]; then
	ok "a database of other options is refused, its file named"
else notok "other options (status $rc)"; fi
T match $game --players "mcts,mcts:db=$work/none" --games 2 > "$work/out" \
    2> "$work/err"; rc=$?
if [ $rc = 2 ] && [ "$(cat "$work/err")" = \
    "tablero: match: $work/none: No such file or directory" ]; then
	ok "a DIR that is not there is refused, named"
else notok "no DIR (status $rc)"; fi

# The REPL: solve from the database, hint from a player with one, and
# solve by the dense solver (margins), reading the database's levels.
printf '%s\n' "new $game" "setup 2,0,0,2/0,0,1,0 P P:8 Q:3" "solve db=$db" \
    "hint mcts:db=$db" "hint 2 mcts:db=$db" "new $game" "solve 64M db=$db" \
    hint | T > "$work/out" 2> "$work/err"
if grep -qx "solve: win for P by 7 (from the endgame database $db)" "$work/out" &&
    grep -qx 'a4 win by 7' "$work/out" && grep -qx 'a1 win by 2' "$work/out" &&
    grep -qx "hint: a4 (proven win; from the endgame database $db)" "$work/out" &&
    grep -qx "hint: the best 2 of P's moves (from the endgame database $db)" "$work/out"; then
	ok "REPL solve and hint say the answer came from the database"
else notok "REPL, the database"; fi
if grep -qx "solve: loss for P by 3 (1470942 positions, 25740 read from the endgame database $db, with turn_limit=0)" "$work/out" &&
    grep -qx 'a2 loss by 3' "$work/out" && grep -qx 'a4 loss by 12' "$work/out" &&
    grep -qx 'hint: a2 (solved: loss for P by 3)' "$work/out"; then
	ok "REPL solve by the dense solver: margins, the database's levels read"
else notok "REPL, the dense solver"; fi

# A draw of the database (play that never ends) is not the value where
# the game keeps its turn limit: the player searches there (P, 5 ahead,
# wins at the limit); without the limit, in the same session, it answers
# from the database.
printf '%s\n' "new $game" "setup 2,1,0,0/0,0,1,1 P P:8 Q:3" \
    "hint mcts:200:db=$db" "new $game turn_limit=0" \
    "setup 2,1,0,0/0,0,1,1 P P:8 Q:3" "hint mcts:200:db=$db" | T \
    > "$work/out" 2> "$work/err"
if [ "$(grep -c '^hint: ' "$work/out")" = 2 ] &&
    grep -q '^hint: a[12] (win rate [01]\.[0-9]* over 200 playouts)$' "$work/out" &&
    grep -qx "hint: a2 (proven draw; from the endgame database $db)" "$work/out"; then
	ok "a database's draw is searched on where the game keeps its turn limit"
else notok "draws under a turn limit"; fi

# The dense solver refuses at once a --memory below its tables' need.
T solve $game --memory 1M > "$work/out" 2> "$work/err"; rc=$?
if [ $rc = 1 ] && [ ! -s "$work/out" ] && [ "$(cat "$work/err")" = \
    "tablero: solve: mancala needs 2.8 MiB for the tables of levels 0 to 16 (1470942 positions, 2 bytes each), --memory is 1.0 MiB" ]; then
	ok "--memory below the tables' need is refused up front, the need named"
else notok "--memory 1M (status $rc)"; fi
echo "1..$n"
