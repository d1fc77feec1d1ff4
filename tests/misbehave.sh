#!/bin/sh
# The host bounds and checks every value a plugin returns: a plugin that
# breaks the contract (tests/badgame/liar.c, fault=...) gets an error,
# never a read past a buffer, a hang or a huge allocation.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-misbehave.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
T() { timeout 20 "$TABLERO" --no-config -P "$top_builddir/tests/badgame/.libs" "$@"; }
echo "1..12"
. "$top_srcdir/tests/tap.sh"

out=$(T -k -c 'new liar fault=used' -c '+' -c position 2>&1)
rc=$?
if [ "$rc" = 1 ] && printf '%s\n' "$out" | grep -qF -- "-c:2: liar claims to have read 1001 bytes of the 1 of '+' (a bug in the game)" &&
   printf '%s\n' "$out" | grep -q '^n=0 moves=0 turn=0 roll=0$'; then
	ok "parse_move using more bytes than the text has is refused"
else nok "used > length (status $rc)" "$out"; fi

out=$(T -c 'new liar fault=format' -c '+' -c history 2>&1)
rc=$?
if [ "$rc" = 0 ] && printf '%s\n' "$out" | grep -q '^A plays +$' &&
   printf '%s\n' "$out" | grep -q '^1\. A: +$'; then
	ok "a move text without a NUL is cut at the length the plugin gave"
else nok "format_move without NUL (status $rc)" "$out"; fi

out=$(T -k -c 'new liar fault=legal' -c moves -c '+' 2>&1)
rc=$?
if [ "$rc" = 1 ] && printf '%s\n' "$out" | grep -qF "illegal move '+' for A"; then
	ok "legal_moves always asking for more does not loop"
else nok "legal_moves cap+1 (status $rc)" "$out"; fi

out=$(T -c 'new liar fault=position' -c position -c 'save r.tbr' 2>&1)
rc=$?
if [ "$rc" = 0 ] && [ "$(printf '%s\n' "$out" | sed -n 3p)" = "" ]; then
	ok "get_position asking for INT_MAX bytes gets no text, not 2 GB"
else nok "get_position INT_MAX (status $rc)" "$out"; fi

# check_fails FAULT DESCRIPTION EXPECTED-TEXT: `check` reports it and goes
# on to the end of its games.
check_fails() {
	fault=$1 what=$2 text=$3
	out=$(T check liar fault=$fault --games 2 --timeout 1 2>&1)
	rc=$?
	if [ "$rc" = 1 ] && printf '%s\n' "$out" | grep -qF -- "$text" &&
	   printf '%s\n' "$out" | grep -q "^check liar fault=$fault: 2 games, [0-9]* failures$"; then
		ok "$what"
	else nok "$what (status $rc)" "$out"; fi
}
check_fails legal "check reports a legal_moves that always asks for more" \
	"FAIL game 1: legal_moves reports 258 moves after the host made room for 257"
check_fails crash "check reports a crash in a game's process and goes on" \
	"FAIL game 2: the plugin crashed: signal 11 (Segmentation fault)"
check_fails hang "check reports a game that hangs after --timeout" \
	"FAIL game 2: the game did not finish within 1 seconds (a hang in the plugin?)"
check_fails unlisted "check tries unlisted moves with high bits set" \
	"apply accepts move 257 (0x101), which legal_moves does not list"
check_fails short "check holds text functions to the short-buffer contract" \
	"get_position writes past a buffer of 1 bytes"
check_fails format "check reports a move text shorter than its length" \
	"format_move: the text does not have the length it returns (1)"

# --jobs 2: the same report as one process.  With fault=slow, game 1
# (seed 2) sleeps a second before its crash while game 2 crashes at once:
# the first failure reported is still that of game 1.  --timeout applies
# to each game in the workers' processes too.
one=$(T check liar fault=slow --seed 2 --games 2 2>&1)
two=$(T check liar fault=slow --seed 2 --games 2 --jobs 2 2>&1)
if [ "$one" = "$two" ] && [ "$(printf '%s\n' "$two" | grep '^FAIL' | head -n 1 | cut -c1-12)" = "FAIL game 1:" ] &&
   printf '%s\n' "$two" | grep -q "^check liar fault=slow: 2 games, 2 failures$"; then
	ok "check --jobs 2 reports the first failing game first, not the first to fail"
else nok "--jobs 2 order" "$one" "---" "$two"; fi
one=$(T check liar fault=hang --games 2 --timeout 1 2>&1)
two=$(T check liar fault=hang --games 2 --timeout 1 --jobs 2 2>&1)
if [ "$one" = "$two" ] && printf '%s\n' "$two" | grep -qF "FAIL game 2: the game did not finish within 1 seconds"; then
	ok "check --jobs 2 fails a hanging game after --timeout, as one process does"
else nok "--jobs 2 timeout" "$one" "---" "$two"; fi
