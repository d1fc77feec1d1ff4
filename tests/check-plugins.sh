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
echo "1..$((n + 6))"
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
   grep -q "check badpos from=2000: 1 games, 1 failure" "$work/out2"; then
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
# On a terminal, check shows which game it is at, then clears the line.
i=$((i + 1))
py="$top_srcdir/tests/pty-session.py"
tab=$(printf '\t')
cat >"$work/pty" <<EOS
expect${tab}check testgame: game 1 of 40, 0 failures
expect${tab}check testgame: game 40 of 40
expect${tab}check testgame: 40 games, 0 failures
exit${tab}0
EOS
if ! command -v python3 >/dev/null 2>&1; then
	echo "ok $i # SKIP no python3"
elif python3 "$py" "$work/pty" -- "$TABLERO" --no-config \
    -P "$top_builddir/tests/plugins/.libs" check testgame --games 40 \
    >"$work/ptylog" 2>&1; then
	echo "ok $i - check shows its progress on a terminal"
else
	echo "not ok $i - no progress on a terminal"
	sed 's/^/# /' "$work/ptylog"
fi
# Not on a terminal: no progress lines in the output.
i=$((i + 1))
if grep -q "game 1 of" "$work/out"; then
	echo "not ok $i - progress written to a file"
	sed 's/^/# /' "$work/out"
else
	echo "ok $i - no progress lines when the output is not a terminal"
fi
