#!/bin/sh
# tablero render's command line and its refusals, each with its exact
# message and status: --help, --move without a number or past the end,
# an unknown option, a missing or wrong picture name, and records that
# cannot be read (missing, a directory, over 16 MiB, binary, not a
# record); the picture of a move within the game is written.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-render-flags.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
T() { "$TABLERO" --no-config "$@"; }
echo "1..15"
. "$top_srcdir/tests/tap.sh"
usage="usage: tablero render RECORD OUT.svg|OUT.html [--move N]"
same() {
	want_rc=$1 want=$2 what=$3
	shift 3
	out=$(T render "$@" 2>&1)
	rc=$?
	if [ "$rc" = "$want_rc" ] && [ "$out" = "$want" ]; then ok "$what"
	else nok "$what (status $rc)" "$out"; fi
}
T -n -s 1 -c 'new example' -c b2 -c a1 -c 'save g.tbr' >/dev/null 2>&1 ||
	{ echo "Bail out! cannot save a record"; exit 1; }
printf 'a\0b' > bin.tbr
echo hello > junk.tbr
: > big.tbr
dd if=/dev/zero of=big.tbr bs=1 count=0 seek=17M 2>/dev/null
out=$(T render --help 2>&1); rc=$?
if [ "$rc" = 0 ] && [ "$(printf '%s\n' "$out" | head -n 1)" = "$usage" ] &&
   printf '%s\n' "$out" | grep -q '^  --move N  *[a-z]'; then ok "--help prints the usage, then each flag and what it does"
else nok "--help (status $rc)" "$out"; fi
same 2 "tablero: render: --move needs a move number, 0 or more" "--move without its number" g.tbr x.svg --move
same 2 "tablero: render: --move needs a move number, 0 or more" "--move -1" g.tbr x.svg --move -1
same 2 "tablero: render: unknown option '--bogus'
$usage" "an unknown option" --bogus g.tbr x.svg
same 2 "tablero: render: give a record and a picture to write
$usage" "a record without a picture" g.tbr
same 2 "tablero: render: the picture is FILE.svg or FILE.html
$usage" "a picture that is neither SVG nor HTML" g.tbr x.png
same 1 "tablero: render: nope.tbr: cannot open: No such file or directory" "a missing record" nope.tbr x.svg
same 1 "tablero: render: .: cannot open: a directory, not a file" "a directory" . x.svg
same 1 "tablero: render: big.tbr: cannot open: larger than 16777216 bytes" "a record over 16 MiB" big.tbr x.svg
same 1 "tablero: render: bin.tbr: not a tablero record (binary data)" "binary data" bin.tbr x.svg
same 1 "tablero: render: junk.tbr:1: not a game record: moves before a [Game] tag" "not a record" junk.tbr x.svg
same 1 "tablero: render: --move 3: g.tbr has 2 moves" "--move past the end" g.tbr x.svg --move 3
# One reader of records: a tag line the reader refuses is refused here,
# at its line (the page once re-read the tags by a rule of its own and
# crashed on this one), and the page's tags are the reader's values.
{ echo '[Game "example"]'; echo '[X"v"] "]'; echo; echo b2; } > tail.tbr
same 1 'tablero: render: tail.tbr:2: malformed tag (expected [Key "value"])' "text after a tag's ']' is refused, not crashed on" tail.tbr x.html
{ echo '[Game "example"]'; echo '[ Event   "a ] \"b\" \\ c" ]  # note'
  echo '[Site "s"]'; echo; echo b2; } > odd.tbr
if T render odd.tbr odd.html &&
   grep -q '<tr><th>Event</th><td>a ] &quot;b&quot; \\ c</td></tr>' odd.html &&
   grep -q '<tr><th>Site</th><td>s</td></tr>' odd.html
then ok "the page shows the tags as the record reader reads them"
else nok "the page's tags" "$(grep '<tr>' odd.html 2>&1)"; fi
if [ ! -e x.svg ] && T render g.tbr x.svg --move 2 && grep -q '<svg' x.svg; then ok "--move 2 of 2 draws the last position"
else nok "render --move 2"; fi
