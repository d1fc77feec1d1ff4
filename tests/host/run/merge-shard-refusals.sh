#!/bin/sh
# What `tablero merge` refuses in the files it is given (host/run/shards.c)
# and in the lines of check shards (host/cmd/check_merge.c), each with
# its one-line message: headers of other runs, lines that are not a
# header, empty or unreadable files, games twice or missing, and check
# lines without what a check writes.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-merge-shards.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
T() { "$TABLERO" --no-config "$@"; }
echo "1..17"
. "$top_srcdir/tests/tap.sh"

T check example --games 4 --shard 1/2 > c1 2>/dev/null &&
T check example --games 4 --shard 2/2 > c2 2>/dev/null &&
T survey example width=3,4 --games 2 --shard 1/2 > v1 2>/dev/null &&
T survey example width=3,4 --games 2 --shard 2/2 > v2 2>/dev/null || exit 99

# M NAME STATUS MESSAGE FILE...: merge FILE... fails with STATUS, saying
# MESSAGE on stderr alone.
M() {
	name=$1 st=$2 msg=$3
	shift 3
	out=$(T merge "$@" 2>err)
	rc=$?
	if [ "$rc" = "$st" ] && [ -z "$out" ] && [ "$(cat err)" = "$msg" ]; then
		ok "$name"
	else nok "$name (status $rc)" "$out" "$(cat err)"; fi
}

out=$(T merge c2 c1 2>&1)
if [ $? = 0 ] && [ "$(printf '%s\n' "$out" | sed 1d)" = "check example: 4 games, 0 failures" ]; then
	ok "check shards merge, in any order"
else nok "check merge" "$out"; fi

# Headers of another run.
sed '1s/"seed":1,/"seed":2,/' c2 > x
M "a header with another value" 1 \
	"tablero: merge: x is from another run than c1: its \"seed\" is 2, not 1" c1 x
sed '1s/"cap":100000,/"cap":100000,"extra":1,/' c2 > x
M "a header with a member more" 1 \
	"tablero: merge: x is from another run than c1: only it has \"extra\"" c1 x
sed '1s/"cap":100000,//' c2 > x
M "a header with a member less" 1 \
	"tablero: merge: x is from another run than c1: only the first has \"cap\"" c1 x
sed '1s/"seed":1,/"seed":1,,/' c2 > x
M "a header that is not JSON" 1 \
	"tablero: merge: x is from another run than c1: malformed JSON at column 139" c1 x
sed '1s/"type":"check"/"type":"bench"/' c2 > x
M "a first line that is not a run's header" 1 \
	"tablero: merge: x:1: not the header of a match, survey or check run (--shard or --json output)" c1 x

# Files: empty, blank lines, not readable as text, lines too long.
: > x
M "an empty file" 1 "tablero: merge: x: empty" c1 x
M "standard input that cannot be read" 1 "tablero: merge: -: cannot read" c1 - < .
{ echo; sed 1q c2; echo; sed 1d c2; echo; } > x
out=$(T merge c1 x 2>&1)
if [ $? = 0 ] && [ "$(printf '%s\n' "$out" | sed 1d)" = "check example: 4 games, 0 failures" ]; then
	ok "blank lines are skipped"
else nok "blank lines" "$out"; fi
{ sed 1q c2; head -c 4194400 /dev/zero | tr '\0' x; echo; } > x
M "a line over 4 MB" 1 \
	"tablero: merge: x:2: a line over 4194304 bytes or a file over 1073741824 bytes" c1 x

# Survey games twice or missing, named with their combination.
M "a survey's game in two files" 1 \
	"tablero: merge: game 1 of combination 1 is in v1:2 and v1:2" v1 v1
M "a survey's game in none" 1 \
	"tablero: merge: game 2 of combination 1 is in none of the files" v1

# Check lines.
sed '1s/"cap":100000,//' c1 > x
sed '1s/"cap":100000,//' c2 > y
M "a check header without its cap" 1 \
	"tablero: merge: the check header lacks its game, version, checksum, ABI, options, seed, games, cap or option checks (from an older tablero?)" x y
sed '2s/.*/{"type":"game",/' c1 > x
M "a check line that is not JSON" 1 \
	"tablero: merge: x:2: malformed JSON at column 16" x c2
sed '2s/"index":0,//' c1 > x
M "a check line without its index" 1 \
	"tablero: merge: x:2: not a game of this check" x c2
M "a check game missing" 1 "tablero: merge: game 2 of 4 is in none of the files" c1
# (found when its report is due, after the report's first line)
sed '2s/,"reports":\[\]//' c1 > x
out=$(T merge x c2 2>err)
rc=$?
if [ "$rc" = 1 ] && [ "$out" = "$(T merge c1 c2 | sed 1q)" ] && [ "$(cat err)" = "tablero: merge: x:2: not a game of this check" ]; then
	ok "a check line without its reports"
else nok "no reports (status $rc)" "$out" "$(cat err)"; fi
