#!/bin/sh
# `tablero check` passes on every shipped plugin (and the test game), and
# fails with a reproducer on a plugin that breaks the contract.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-check.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
plugins="$top_builddir/tests/plugins/.libs/testgame.so"
for so in "$top_builddir"/plugins/.libs/*.so; do
	plugins="$plugins $so"
done
n=$(echo $plugins | wc -w)
echo "1..$((n + 12))"
i=0
for so in $plugins; do
	i=$((i + 1))
	if "$TABLERO" --no-config check "$so" --games 30 --seed 1 >"$work/out" 2>&1; then
		echo "ok $i - tablero check $(basename "$so")"
	else
		echo "not ok $i - tablero check $(basename "$so")"
		sed 's/^/# /' "$work/out"
	fi
done
bad="$top_builddir/tests/badgame/.libs/badpos.so"
"$TABLERO" --no-config check "$bad" --games 3 >"$work/out" 2>&1
rc=$?
i=$((i + 1))
if [ "$rc" = 1 ] && grep -q "position string does not round-trip: 'n=0' reads back as 'n=1'" "$work/out"; then
	echo "ok $i - check fails on a position string that does not round-trip"
else
	echo "not ok $i - check did not catch badpos (status $rc)"
	sed 's/^/# /' "$work/out"
fi
i=$((i + 1))
if grep -q "reproduce: tablero -P .*/tests/badgame/.libs -s 1 -c 'set chance=manual; new badpos; position'" "$work/out" &&
   grep -q "check badpos: 3 games, 3 failures" "$work/out"; then
	echo "ok $i - each failure comes with a reproducer"
else
	echo "not ok $i - no reproducer in the report"
	sed 's/^/# /' "$work/out"
fi
# A failure after 2000 moves: the reproducer would be a command line of
# 6 KB, so it is a record file and a 'load' that replays to the failure.
i=$((i + 1))
(cd "$work" && "$TABLERO" --no-config check "$bad" from=2000 --games 1 >out2 2>&1)
file=$(sed -n "s/.*reproduce: tablero -P .* -c 'load \(check-badpos-1.tbr\); position'$/\1/p" "$work/out2")
if [ "$file" = check-badpos-1.tbr ] && [ -f "$work/$file" ] &&
   grep -q "check badpos from=2000: 1 game, 1 failure" "$work/out2"; then
	echo "ok $i - a long reproducer is a record to load; the summary names the options"
else
	echo "not ok $i - long reproducer"
	cut -c1-300 "$work/out2" | sed 's/^/# /'
fi
i=$((i + 1))
out=$(cd "$work" && "$TABLERO" --no-config -P "$top_builddir/tests/badgame/.libs" \
	-c "load check-badpos-1.tbr; position" 2>&1)
if [ "$(printf '%s\n' "$out" | tail -n 1)" = "n=2000" ]; then
	echo "ok $i - the record replays to the failing position"
else
	echo "not ok $i - the record did not replay"
	printf '%s\n' "$out" | cut -c1-300 | sed 's/^/# /'
fi
# pty_check WHAT ARGS...: `check testgame ARGS` on a terminal passes the
# script $work/pty (tests/pty-session.py).
py="$top_srcdir/tests/pty-session.py"
tab=$(printf '\t')
pty_check() {
	what=$1
	shift
	i=$((i + 1))
	if ! command -v python3 >/dev/null 2>&1; then
		echo "ok $i # SKIP no python3"
	elif python3 "$py" "$work/pty" -- "$TABLERO" --no-config \
	    -P "$top_builddir/tests/plugins/.libs" check testgame "$@" \
	    >"$work/ptylog" 2>&1; then
		echo "ok $i - $what"
	else
		echo "not ok $i - $what"
		sed 's/^/# /' "$work/ptylog"
	fi
}
# On a terminal, check shows how many games it has checked and the failures
# so far, then clears the line.
cat >"$work/pty" <<EOS
expect${tab}check testgame: 1/40, 0 failures
expect${tab}check testgame: 40/40, 0 failures
expect${tab}check testgame: 40 games, 0 failures
exit${tab}0
EOS
pty_check "check shows its progress on a terminal" --games 40
# Not on a terminal: no progress lines in the output.
i=$((i + 1))
if grep -q "[0-9]/[0-9]*, [0-9]* failure" "$work/out"; then
	echo "not ok $i - progress written to a file"
	sed 's/^/# /' "$work/out"
else
	echo "ok $i - no progress lines when the output is not a terminal"
fi
# --jobs changes only the time: the same report and status, the failures
# in game order.
i=$((i + 1))
same=yes
for args in "$top_builddir/tests/plugins/.libs/testgame.so --games 30" \
    "$top_builddir/plugins/.libs/mancala.so variant=hus --games 12" "$bad --games 13"; do
	# shellcheck disable=SC2086
	one=$("$TABLERO" --no-config check $args 2>&1); r1=$?
	# shellcheck disable=SC2086
	two=$("$TABLERO" --no-config check $args --jobs 2 2>&1); r2=$?
	if [ "$one" != "$two" ] || [ $r1 != $r2 ]; then
		same="check $args: status $r1, $r2"
		break
	fi
done
if [ "$same" = yes ] && [ $r1 = 1 ] && printf '%s\n' "$two" | grep -q '^(3 more failures not shown)$'; then
	echo "ok $i - check --jobs 2 prints the report of --jobs 1, byte for byte, with its status"
else
	echo "not ok $i - --jobs 2 differs: $same"
	printf '%s\n' "$one" "---" "$two" | cut -c1-200 | sed 's/^/# /'
fi
i=$((i + 1))
out=$("$TABLERO" --no-config check "$bad" --games 3 --jobs 0 2>&1)
if [ $? = 2 ] && printf '%s\n' "$out" | grep -q "^tablero: check: --jobs"; then
	echo "ok $i - check refuses --jobs 0"
else
	echo "not ok $i - --jobs 0"
	printf '%s\n' "$out" | sed 's/^/# /'
fi
# Ctrl-C on a terminal stops the workers; the report covers the games
# checked, and the status is 130.
cat >"$work/pty" <<EOS
expect${tab}check testgame: [0-9]+/1000000, 0 failures
sleep${tab}0.5
send${tab}\\x03
expect${tab}interrupted after [0-9]+ of 1000000 games
expect${tab}check testgame: [0-9]+ games, 0 failures
exit${tab}130
EOS
pty_check "Ctrl-C stops check --jobs 2 and reports what was checked" \
    --games 1000000 --jobs 2
# SIGINT to tablero alone, while its workers' games hang: the workers and
# their games' processes end at once, not after --timeout.
i=$((i + 1))
liar="$top_builddir/tests/badgame/.libs/liar.so"
"$TABLERO" --no-config check "$liar" fault=hang --games 4 --jobs 2 --seed 7011 \
    --timeout 30 >"$work/hang" 2>&1 &
pid=$!
sleep 1
kill -INT $pid
wait $pid
rc=$?
sleep 0.5
left=$(ps -eo args | grep -c "[l]iar.so fault=hang --games 4 --jobs 2 --seed 7011")
if [ $rc = 130 ] && [ "$left" = 0 ] && grep -q "^interrupted after 0 of 4 games$" "$work/hang" &&
   grep -q "^check liar fault=hang: 0 games, 0 failures$" "$work/hang"; then
	echo "ok $i - SIGINT ends the workers and the games they were checking"
else
	echo "not ok $i - SIGINT during hanging games (status $rc, $left processes left)"
	sed 's/^/# /' "$work/hang"
	ps -eo pid,args | grep "[l]iar.so fault=hang" | sed 's/^/# /'
fi
# A shard stopped so ends its JSON lines with the "interrupted" line.
i=$((i + 1))
"$TABLERO" --no-config check "$liar" fault=hang --games 4 --jobs 2 --shard 2/2 \
    --timeout 30 >"$work/hang" 2>"$work/hangerr" &
pid=$!
sleep 1
kill -INT $pid
wait $pid
rc=$?
if [ $rc = 130 ] && [ "$(tail -n 1 "$work/hang")" = '{"type":"interrupted","games":0,"of":2}' ] &&
   [ "$(cat "$work/hangerr")" = "tablero: check: interrupted after 0 of 2 games" ]; then
	echo "ok $i - a check shard stopped by SIGINT ends with the interrupted line, status 130"
else
	echo "not ok $i - interrupted shard (status $rc)"
	sed 's/^/# /' "$work/hang" "$work/hangerr"
fi
# The reproducer is a command of the POSIX shell even when the plugin's
# directory has a space and a quote in its name: run as it stands, it
# loads the plugin and shows the failing position.
i=$((i + 1))
odd="$work/it's a dir"
mkdir "$odd" && cp "$bad" "$odd/"
"$TABLERO" --no-config check "$odd/badpos.so" --games 1 >"$work/out3" 2>&1
line=$(sed -n 's/^  reproduce: tablero //p' "$work/out3" | head -n 1)
out=$(eval "\"\$TABLERO\" --no-config $line" 2>&1)
if [ -n "$line" ] && printf '%s\n' "$out" | grep -q '^new game of badpos$' &&
   [ "$(printf '%s\n' "$out" | tail -n 1)" = "n=0" ]; then
	echo "ok $i - the reproducer quotes a directory with a space and a quote"
else
	echo "not ok $i - reproducer with an odd directory"
	printf '%s\n%s\n' "$line" "$out" | sed 's/^/# /'
fi
