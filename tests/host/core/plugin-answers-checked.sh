#!/bin/sh
# The host bounds and checks every value a plugin returns: a plugin that
# breaks the contract (tests/badgame/liar.c, fault=...) gets an error,
# never a read past a buffer, a hang or a huge allocation.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-misbehave.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
T() { timeout 20 "$TABLERO" --no-config -P "$top_builddir/tests/badgame/.libs" "$@"; }
echo "1..22"
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

# 13-19: every value a plugin returns goes through one checked wrapper
# (host/core/game.h); a wrong one is reported once and replaced.
out=$(T -c 'new liar fault=tomove' -c '+' -c '+' -c undo -c ai -c show 2>&1)
rc=$?
if [ "$rc" = 0 ] && [ "$(printf '%s\n' "$out" | grep -c "^tablero: plugin liar: to_move returned -7, not a player of 2, TBL_CHANCE or TBL_END; the game is taken as over (a bug in the plugin; reported once)$")" = 1 ] &&
   T match liar fault=tomove --players random,random --games 2 >/dev/null 2>&1; then
	ok "to_move out of range: reported once, taken as the end (REPL after undo; ai, and match)"
else nok "to_move out of range (status $rc)" "$out"; fi
out=$(T match liar fault=noname --players random,random --games 2 2>&1)
rc=$?
if [ "$rc" = 0 ] && printf '%s\n' "$out" | grep -q "^tablero: plugin liar: player_name returned NULL for player 1 " &&
   printf '%s\n' "$out" | grep -q '^seats: 1 ? '; then ok "player_name NULL: match names the seat '?'"
else nok "player_name NULL (status $rc)" "$out"; fi
out=$(T -c 'new liar fault=grow' -c position 2>&1)
rc=$?
if [ "$rc" = 0 ] && [ "$(printf '%s\n' "$out" | tail -n 1)" = "A to move" ]; then ok "a text function always asking for one byte more gives '' at once"
else nok "growing text (status $rc)" "$out"; fi
out=$(T match liar fault=nan --players random,random --games 2 --json 2>"$work/nan.err")
rc=$?
if [ "$rc" = 0 ] && ! printf '%s\n' "$out" | grep -q 'null' &&
   [ "$(printf '%s\n' "$out" | grep -c '"result":\[0.5,0.5\]')" = 2 ] &&
   grep -q "^tablero: plugin liar: result gave player 1 nan, not a number in \[0, 1\]; it is not used " "$work/nan.err"; then
	ok "a NaN result is refused, not reported as nan"
else nok "NaN result (status $rc)" "$out"; fi
T -c 'new liar fault=escape' -c '+' -c history -c show -c 'save esc.tbr' > esc.out 2>&1
if [ $? = 0 ] && ! grep -q "$(printf '\033')" esc.out esc.tbr && ! grep -q "$(printf '\007')" esc.out esc.tbr &&
   grep -q '^? plays +?\]0;x?$' esc.out; then ok "ESC and BEL of a plugin's names and moves reach neither the terminal nor a record"
else nok "escape bytes" "$(od -c esc.out | head -20)"; fi
out=$(T bench liar fault=nomove --seconds 0.3 2>&1)
if [ "$(printf '%s\n' "$out" | grep -c 'legal_moves gave no legal move')" = 1 ]; then ok "bench says a plugin bug once, not once a game"
else nok "bench warnings" "$(printf '%s\n' "$out" | head -5)"; fi
out=$(T perft liar fault=legal 3 2>&1)
rc=$?
if [ "$rc" = 0 ] && printf '%s\n' "$out" | grep -q "^tablero: plugin liar: legal_moves asked for room for 257 moves, then for 258 "; then
	ok "perft: legal_moves always asking for more does not loop"
else nok "perft legal (status $rc)" "$out"; fi

# 20-22: a game that crashes, hangs or forks is that game's failure.
out=$(T match liar fault=hang --players random,random --games 2 --timeout 1 2>&1)
rc=$?
if [ "$rc" = 1 ] && printf '%s\n' "$out" | grep -q "^tablero: match: game 2: the game did not finish within 1 seconds (a hang in the plugin?)$" &&
   printf '%s\n' "$out" | grep -q "^2 games failed (a crash or the time limit) and are not counted$"; then
	ok "match --timeout: a hanging game fails, the match goes on"
else nok "match --timeout (status $rc)" "$out"; fi
out=$(T survey liar fault=crash,none --games 2 --timeout 5 2>&1)
rc=$?
if [ "$rc" = 1 ] && printf '%s\n' "$out" | grep -q "^tablero: survey: game 1: the plugin crashed: signal 11 (Segmentation fault)$" &&
   printf '%s\n' "$out" | grep -q "^none  *2 "; then
	ok "survey --timeout: a crashing combination's games fail, the others are counted"
else nok "survey --timeout (status $rc)" "$out"; fi
start=$(date +%s)
out=$(T check liar fault=fork --games 2 --timeout 5 2>&1)
rc=$?
took=$(( $(date +%s) - start ))
if [ "$rc" = 0 ] && [ "$took" -lt 10 ] && printf '%s\n' "$out" | grep -q "^check liar fault=fork: 2 games, 0 failures$"; then
	ok "check: a process the plugin forks does not keep the check waiting ($took s)"
else nok "check fault=fork (status $rc, $took s)" "$out"; fi
