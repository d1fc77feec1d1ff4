#!/bin/sh
# `tablero match`, `survey` and `merge`: seats rotate, honest intervals,
# cap-cut games apart, SPRT stopping early, records that load, JSON lines,
# --jobs and --shard changing nothing but where games are played, and a
# survey whose effects are known.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-match.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
T() { "$TABLERO" --no-config -P "$top_builddir/tests/plugins/.libs" "$@"; }
echo "1..30"
. "$top_srcdir/tests/tap.sh"

# 1-2: every seed is played in both seatings; the players keep their rngs.
out=$(T match example --players mcts:20,random --games 4 --json)
seat=$(echo "$out" | sed -n 's/.*"index":\([0-9]*\),"seed":\([0-9]*\),"seating":\[\([0-9,]*\)\].*/\1 \2 \3/p' | tr '\n' ';')
if [ "$seat" = "0 1 1,2;1 1 2,1;2 2 1,2;3 2 2,1;" ]; then ok "seats rotate, each seed in both seatings"
else nok "seat rotation: $seat" "$out"; fi
if [ "$(echo "$out" | grep -c '"type":"game"')" = 4 ] && echo "$out" | head -1 | grep -q '^{"type":"match","game":"example"' &&
   echo "$out" | tail -1 | grep -q '^{"type":"summary","games":4,'; then ok "--json: a header, one object per game and a summary"
else nok "--json lines" "$out"; fi

# 3: a clean sweep keeps an honest interval.
out=$(T match example --players mcts:300,random --games 6)
if echo "$out" | grep -q '^player 1 mcts:300: score 6/6 (100.0%), 6 wins, 0 draws, 0 losses, 0 cut by the move cap$' &&
   echo "$out" | grep -q '^  Elo +inf \[+[0-9]*, +inf\] (95%), likelihood of superiority 99.3%$'; then
	ok "6-0: Elo +inf with a finite lower bound, LOS below 100%"
else nok "clean sweep" "$out"; fi

# 4: games cut by the move cap are counted apart from draws.
out=$(T match example --players random,random --games 4 --cap 3)
if echo "$out" | grep -q '^player 1 random: score 2/4 (50.0%), 0 wins, 0 draws, 0 losses, 4 cut by the move cap$'; then
	ok "cap-cut games are not draws"
else nok "cap" "$out"; fi

# 5-6: the SPRT stops as soon as it is decided.
out=$(T match example --players mcts:300,random --games 400 --sprt 0,200,0.05,0.05)
if echo "$out" | grep -q '^sprt elo0=0 elo1=200 alpha=0.05 beta=0.05: H1 accepted after [0-9]* games' &&
   g=$(echo "$out" | sed -n 's/^match example: \([0-9]*\) games.*/\1/p') && [ "$g" -lt 400 ]; then
	ok "SPRT accepts H1 after $g of 400 games"
else nok "SPRT H1" "$out"; fi
out2=$(T match example --players mcts:300,random --games 400 --sprt 0,200,0.05,0.05 --jobs 2)
if [ "$out" = "$out2" ]; then ok "the SPRT stops at the same game with --jobs 2"
else nok "SPRT with jobs" "$out" "$out2"; fi

# 7: --jobs changes nothing but the time.
a=$(T match testgame --players mcts:30,random --games 12)
b=$(T match testgame --players mcts:30,random --games 12 --jobs 3)
if [ -n "$a" ] && [ "$a" = "$b" ]; then ok "--jobs 3 gives the single process's report"
else nok "jobs" "$a" "$b"; fi

# 8-9: records that load; nothing on stderr when it is not a terminal.
T match example --players mcts:20,random --games 3 --records "$work/recs" >/dev/null 2>"$work/err"
if [ -f "$work/recs/game-000003.tbr" ] && T -c "load $work/recs/game-000002.tbr; position" >"$work/load" 2>&1 &&
   grep -q 'loaded .*game-000002.tbr: [0-9]* moves of example' "$work/load"; then ok "--records writes records that load replays"
else nok "records" "$(ls "$work/recs" 2>&1)" "$(cat "$work/load")"; fi
if [ ! -s "$work/err" ]; then ok "no progress output when stderr is not a terminal"
else nok "quiet" "$(cat "$work/err")"; fi

# 10-11: bad flags name what is wrong.
out=$(T match example --players mcts,random --sprt 0,10,0.05 2>&1)
if [ $? -eq 2 ] && echo "$out" | grep -q "^tablero: match: --sprt wants elo0,elo1,alpha,beta"; then ok "a bad --sprt is refused"
else nok "bad sprt" "$out"; fi
bad_shard=
for sh in 5/4 0/4 1/4x +1/4 ' 1/4' 4294967297/4 1/; do
	out=$(T match example --players mcts,random --shard "$sh" 2>&1)
	if [ $? -ne 2 ] || ! echo "$out" | grep -q "^tablero: match: --shard wants K/N with 1 <= K <= N"; then
		bad_shard="--shard '$sh': $out"
		break
	fi
done
if [ -z "$bad_shard" ]; then ok "a bad --shard is refused (beyond N, zero, trailing text, sign, blank, overflow, no N)"
else nok "bad shard" "$bad_shard"; fi

# 12-14: four shards through GNU parallel merge into the single run.
if command -v parallel >/dev/null 2>&1; then
	single=$(T match testgame --players mcts:30,random --games 18)
	parallel --will-cite "$TABLERO" --no-config -P "$top_builddir/tests/plugins/.libs" \
	    match testgame --players mcts:30,random --games 18 --shard {}/4 '>' "$work/m{}.jsonl" ::: 1 2 3 4
	merged=$(T merge "$work"/m1.jsonl "$work"/m2.jsonl "$work"/m3.jsonl "$work"/m4.jsonl)
	if [ -n "$single" ] && [ "$single" = "$merged" ]; then ok "match: 4 shards by parallel merge byte-identical"
	else nok "match merge" "$single" "$merged"; fi
	single=$(T survey testgame die=d3,d6 size=5,12 --games 10)
	parallel --will-cite "$TABLERO" --no-config -P "$top_builddir/tests/plugins/.libs" \
	    survey testgame die=d3,d6 size=5,12 --games 10 --shard {}/4 '>' "$work/s{}.jsonl" ::: 1 2 3 4
	merged=$(T merge "$work"/s4.jsonl "$work"/s2.jsonl "$work"/s3.jsonl "$work"/s1.jsonl)
	if [ -n "$single" ] && [ "$single" = "$merged" ]; then ok "survey: 4 shards by parallel merge byte-identical"
	else nok "survey merge" "$single" "$merged"; fi
	out=$(T merge "$work"/m1.jsonl "$work"/m2.jsonl "$work"/m4.jsonl 2>&1)
	if [ $? -ne 0 ] && [ "$out" = "tablero: merge: game 3 of 18 is in none of the files" ]; then ok "merge names a missing game"
	else nok "missing shard" "$out"; fi
else
	for t in 1 2 3; do nok "GNU parallel is not installed (./bootstrap installs it)"; done
fi

# 15-16: merge refuses a game given twice and files of another run.
out=$(T merge "$work"/m1.jsonl "$work"/m1.jsonl 2>&1)
if [ $? -ne 0 ] && echo "$out" | grep -q "^tablero: merge: game 1 is in .*m1.jsonl:2 and .*m1.jsonl:2$"; then ok "merge refuses a game twice"
else nok "duplicate" "$out"; fi
T match testgame --players mcts:30,random --games 18 --seed 2 --shard 1/4 > "$work/other.jsonl"
out=$(T merge "$work"/m1.jsonl "$work/other.jsonl" 2>&1)
if [ $? -ne 0 ] && echo "$out" | grep -q "other.jsonl is from another run than"; then ok "merge refuses shards of another run"
else nok "other run" "$out"; fi

# 17-19: a survey with known effects.  Random tic-tac-toe: X wins 58.5%,
# O 28.8%, 12.7% drawn (737/1260, 121/420, 8/63 of the random games).
out=$(T survey example width=3,4 --games 400 --csv)
row3=$(echo "$out" | grep '^3,')
row4=$(echo "$out" | grep '^4,')
inside() { awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(v >= lo && v <= hi) }'; }
f() { echo "$1" | cut -d, -f"$2"; }
if inside 0.585 "$(f "$row3" 4)" "$(f "$row3" 5)" && inside 0.288 "$(f "$row3" 7)" "$(f "$row3" 8)" &&
   inside "$(f "$row3" 9)" 0.09 0.16; then ok "3x3: X and O win rates' intervals hold 58.5% and 28.8%; draws near 12.7%"
else nok "tic-tac-toe balance" "$out"; fi
if awk -v a="$(f "$row3" 9)" -v b="$(f "$row4" 9)" 'BEGIN { exit !(b < a / 2) }' &&
   [ "$(f "$row3" 11)" != "$(f "$row4" 11)" ] && awk -v b="$(f "$row4" 15)" 'BEGIN { exit !(b > 7 && b <= 12) }'; then
	ok "a wider board: far fewer draws, longer games, more moves to choose from"
else nok "wider board" "$out"; fi
out=$(T survey example width=3,4 --games 4)
if echo "$out" | head -2 | tail -1 | grep -q '^width  games  *seat 1 (X) wins  *seat 2 (O) wins  draws  *cut  turns  median  decisions  median  branching  forced$'; then
	ok "the table has the measures' columns"
else nok "table" "$out"; fi

# 20-21: --plot: drawn by tablero without gnuplot, by gnuplot with it.
out=$(PATH=/nonexistent T survey example width=3,4 --games 4 --plot "$work/p.svg" 2>&1 >/dev/null)
if [ $? -eq 0 ] && [ -z "$out" ] && grep -q 'class="tablero-plot"' "$work/p.svg" &&
   [ ! -e "$work/p.dat" ] && [ ! -e "$work/p.gp" ]; then
	ok "--plot without gnuplot: drawn by tablero"
else nok "plot without gnuplot" "$out"; fi
if command -v gnuplot >/dev/null 2>&1; then
	if T survey example width=3,4 --games 4 --plot "$work/q.svg" >/dev/null &&
	   grep -q '<svg' "$work/q.svg" && ! grep -q 'class="tablero-plot"' "$work/q.svg"; then
		ok "--plot draws an SVG with gnuplot"
	else nok "plot" "$(ls -l "$work")"; fi
else nok "gnuplot is not installed (./bootstrap installs gnuplot-nox)"; fi

# 22-23: check in shards: failures, their reports (the first ten of the
# run) and the exit status merge as the single run gives them.
bad="$top_builddir/tests/badgame/.libs/badpos.so"
single=$(T check "$bad" --games 13); src=$?
if command -v parallel >/dev/null 2>&1; then
	parallel --will-cite "$TABLERO" --no-config check "$bad" --games 13 --shard {}/4 '>' "$work/c{}.jsonl" ::: 1 2 3 4
fi
merged=$(T merge "$work"/c2.jsonl "$work"/c4.jsonl "$work"/c1.jsonl "$work"/c3.jsonl); mrc=$?
if [ $src -eq 1 ] && [ $mrc -eq 1 ] && [ "$single" = "$merged" ] &&
   echo "$merged" | grep -q '^(3 more failures not shown)$'; then ok "check: 4 shards merge into the single run's report and status"
else nok "check merge ($src, $mrc)" "$single" "$merged"; fi
single=$(T check example --games 6)
for k in 1 2; do T check example --games 6 --shard $k/2 > "$work/e$k.jsonl"; done
merged=$(T merge "$work"/e1.jsonl "$work"/e2.jsonl); mrc=$?
if [ $mrc -eq 0 ] && [ "$single" = "$merged" ]; then ok "check: a clean plugin's shards merge with status 0"
else nok "clean check merge ($mrc)" "$single" "$merged"; fi

# 24-26: a check's shards name the plugin by name, version and ABI, not by
# its file: shards from two installs merge into the single run; shards of
# other options or another version are refused, saying what differs.
mkdir "$work/inst1" "$work/inst2"
cp "$bad" "$work/inst1/badpos.so"
cp "$bad" "$work/inst2/badpos.so"
C() { d=$1; shift; "$TABLERO" --no-config -P "$work/$d" check badpos "$@"; }
single=$(C inst1 --games 13)
C inst1 --games 13 --shard 1/2 > "$work/i1.jsonl"
C inst2 --games 13 --shard 2/2 --jobs 2 > "$work/i2.jsonl"
merged=$(T merge "$work/i1.jsonl" "$work/i2.jsonl"); mrc=$?
if [ $mrc -eq 1 ] && [ "$single" = "$merged" ] && grep -q "inst2/badpos.so" "$work/i2.jsonl" &&
   echo "$merged" | head -n 1 | grep -q "^check badpos (.*/inst1/badpos.so): ABI "; then
	ok "check: shards of a plugin installed in two places merge into the single run"
else nok "check merge across installs ($mrc)" "$single" "$merged"; fi
C inst2 from=5 --games 13 --shard 2/2 > "$work/i3.jsonl"
out=$(T merge "$work/i1.jsonl" "$work/i3.jsonl" 2>&1)
if [ $? -eq 1 ] && [ "$out" = "tablero: merge: $work/i3.jsonl is from another run than $work/i1.jsonl: its \"options\" is \"from=5\", not \"\"" ]; then
	ok "check: merge refuses shards of other options, naming them"
else nok "check merge of other options" "$out"; fi
sed '1s/"version":"[^"]*"/"version":"9.9"/' "$work/i2.jsonl" > "$work/i4.jsonl"
out=$(T merge "$work/i1.jsonl" "$work/i4.jsonl" 2>&1)
if [ $? -eq 1 ] && echo "$out" | grep -q 'i4.jsonl is from another run than .*i1.jsonl: its "version" is "9.9", not "[^"]*"$' &&
   [ "$(echo "$out" | wc -l)" = 1 ]; then
	ok "check: merge refuses shards of another version of the plugin in one line"
else nok "check merge of another version" "$out"; fi

# 27: on a terminal, progress goes to the standard error and is erased.
if command -v script >/dev/null 2>&1; then
	out=$(script -qc "'$TABLERO' --no-config match example --players random,random --games 40 >/dev/null" /dev/null | od -An -c | tr -d ' \n')
	if echo "$out" | grep -q 'match:40/40,randomvsrandom:[0-9]*-[0-9]*-[0-9]*\[[01]\.[0-9]*\]033\[K\\r033\[K'; then ok "progress on a terminal, erased at the end"
	else nok "progress" "$out"; fi
else nok "script(1) is not installed (bsdutils)"; fi

# 28-29: match and survey shards carry the plugin's version (shards with
# it still merge into the single run's summary), and a shard of another
# version is refused.
single=$(T match testgame --players mcts:30,random --games 6 --json)
T match testgame --players mcts:30,random --games 6 --json --shard 1/2 > "$work/v1.jsonl"
T match testgame --players mcts:30,random --games 6 --json --shard 2/2 > "$work/v2.jsonl"
merged=$(T merge --json "$work/v1.jsonl" "$work/v2.jsonl")
if [ "$(echo "$single" | tail -n 1)" = "$merged" ] && echo "$single" | head -n 1 | grep -q '^{"type":"match","game":"testgame","version":"[^"]*",'; then
	ok "match: the header names the plugin's version; the shards merge into the single run's summary"
else nok "match version in the header" "$single" "$merged"; fi
T survey testgame die=d3,d6 --games 4 --shard 1/2 > "$work/w1.jsonl"
T survey testgame die=d3,d6 --games 4 --shard 2/2 |
	sed '1s/"version":"[^"]*"/"version":"9.9"/' > "$work/w2.jsonl"
out=$(T merge "$work/w1.jsonl" "$work/w2.jsonl" 2>&1)
if [ $? -eq 1 ] && echo "$out" | grep -q 'w2.jsonl is from another run than .*w1.jsonl: its "version" is "9.9", not "[^"]*"$'; then
	ok "survey: merge refuses shards of another version of the plugin"
else nok "survey merge of another version" "$out"; fi

# 30: survey --csv quotes a value holding a carriage return (a board
# file's name), as it does one holding a comma, a quote or a newline.
cr=$(printf '\r')
cp "$top_srcdir/conf/recuay/schaedel.board" "$work/a${cr}b.board"
cp "$top_srcdir/conf/recuay/schaedel.board" "$work/c.board"
out=$(T survey recuay "board=$work/a${cr}b.board,$work/c.board" --players random,random --games 1 --seed 3 --csv)
if printf '%s\n' "$out" | grep -q "^\"$work/a${cr}b\\.board\",1," &&
   printf '%s\n' "$out" | grep -q "^$work/c\\.board,1,"; then
	ok "survey --csv quotes a value with a carriage return"
else nok "CSV and CR" "$out"; fi
