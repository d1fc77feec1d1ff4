#!/bin/sh
# tablero merge's command line: --help, a --plot without its file, an
# unknown option, no files, and the reports a kind of shard cannot give
# (--plot, --csv and --json of check shards, --csv of a match's).
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-merge-flags.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
T() { "$TABLERO" --no-config "$@"; }
echo "1..8"
. "$top_srcdir/tests/tap.sh"
usage="usage: tablero merge FILE... [--csv | --json] [--plot FILE.svg]"
# same WANT-STATUS WANT-OUTPUT COMMAND...: exact output (both streams).
same() {
	want_rc=$1 want=$2 what=$3
	shift 3
	out=$(T merge "$@" 2>&1)
	rc=$?
	if [ "$rc" = "$want_rc" ] && [ "$out" = "$want" ]; then ok "$what"
	else nok "$what (status $rc)" "$out"; fi
}
T check example --games 2 --shard 1/2 > c1.jsonl 2>/dev/null &&
T check example --games 2 --shard 2/2 > c2.jsonl 2>/dev/null &&
T match example --players random,random --games 2 --shard 1/1 > m1.jsonl 2>/dev/null ||
	{ echo "Bail out! cannot make the shards"; exit 1; }
out=$(T merge --help 2>&1); rc=$?
if [ "$rc" = 0 ] && [ "$(printf '%s\n' "$out" | head -n 1)" = "$usage" ] &&
   printf '%s\n' "$out" | grep -q '^  --plot FILE.svg  *[a-z]'; then ok "--help prints the usage, then each flag and what it does"
else nok "--help (status $rc)" "$out"; fi
same 2 "tablero: merge: --plot needs a file name (FILE.svg)" "--plot needs its file" --plot
same 2 "tablero: merge: unknown option '--bogus'
$usage" "an unknown option is named, with the usage" --bogus c1.jsonl
same 2 "tablero: merge: no files
$usage" "no files" --json
same 2 "tablero: merge: --plot draws a match or a survey, not a check" \
	"--plot of check shards is refused" --plot p.svg c1.jsonl c2.jsonl
same 2 "tablero: merge: --csv is for a survey's shards; c1.jsonl is a check's" \
	"--csv of check shards is refused" --csv c1.jsonl c2.jsonl
same 2 "tablero: merge: --json is for a match's or a survey's shards; c1.jsonl is a check's" \
	"--json of check shards is refused" --json c1.jsonl c2.jsonl
same 2 "tablero: merge: --csv is for a survey's shards; m1.jsonl is a match's" \
	"--csv of a match's shards is refused" --csv m1.jsonl
