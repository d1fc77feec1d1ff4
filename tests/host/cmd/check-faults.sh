#!/bin/sh
# Each contract check of `tablero check` (host/cmd/checker.c) reports its
# fault in its own words: tests/badgame/badrules.c breaks one rule of
# tablero-sdk(3) as its fault= option says, tests/badgame/liar.c others;
# badopts declares options without a doc.  The reports are compared
# whole: the FAIL lines, each reproducer, and the summary.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-check-faults.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
dir="$top_builddir/tests/badgame/.libs"
T() { timeout 20 "$TABLERO" --no-config -P "$dir" "$@"; }
echo "1..36"
. "$top_srcdir/tests/tap.sh"
nl='
'

# same GAME OPTION MOVES "FAIL..." ...: check GAME OPTION --games 1 fails
# game 1 with these messages, each reproduced by the moves MOVES.
same() {
	game=$1 opt=$2 moves=$3
	shift 3
	want="check $game ($dir/$game.so): ABI 1.4, host ABI 1.4"
	for m in "$@"; do
		want="$want${nl}FAIL game 1: $m$nl  reproduce: tablero -s 1 -c 'set chance=manual; new $game $opt; $moves'"
	done
	s=s
	[ $# = 1 ] && s=
	want="$want${nl}check $game $opt: 1 game, $# failure$s"
	out=$(T check $game $opt --games 1 2>&1)
	rc=$?
	if [ "$rc" = 1 ] && [ "$out" = "$want" ]; then
		ok "$game $opt: $1"
	else nok "$game $opt (status $rc)" "$out"; fi
}

same badrules fault=order position \
	"legal moves are not in strictly ascending order (2 after 3)"
same badrules fault=nocount position \
	"legal_moves with no buffer (NULL, 0) does not return the count 3"
same badrules fault=notext position \
	"format_move gives no usable text for move 1"
same badrules fault=dirty position \
	"a refused move 257 changed the position from '0 A' to '1 A'" \
	"a refused move 4098 changed the position from '0 A' to '1 A'" \
	"a refused move 65539 changed the position from '0 A' to '1 A'" \
	"a refused move 1048577 changed the position from '0 A' to '1 A'" \
	"a refused move 16777218 changed the position from '0 A' to '1 A'" \
	"a refused move 268435459 changed the position from '0 A' to '1 A'" \
	"a refused move 2147483649 changed the position from '0 A' to '1 A'" \
	"a refused move 0 changed the position from '0 A' to '1 A'"
same badrules fault=noresult "3; 2; 2; 2; 1" \
	"the game is over but result() fails"
same badrules fault=endmoves "3; 2; 2; 2; 1" \
	"legal moves listed after the end"
same badrules fault=shared position \
	"playing on a clone changed the original"
same badrules fault=endkind "3; 2; 2; 2; 1" \
	"end_kind() is 7, not TBL_END_RULES (0) or TBL_END_LIMIT (1)"
same badrules fault=early position \
	"result() answers before the end of the game"
same badrules fault=turn 3 \
	"after set_position('3 B') the side to move differs (0, not 1)"
same badrules fault=hidden 2 \
	"after set_position('2 B') the legal moves differ (2 moves, not 3, or others)"
same badrules fault=textlen position \
	"render returns 0 for a buffer of 1 bytes, not the full length 3"
same badrules fault=textstart position \
	"render: a buffer of 3 bytes does not get the start of the text, NUL-terminated"
same badrules fault=prob 3 \
	"chance outcome 0 has probability -0.5" \
	"chance outcome 1 has probability 1.5"
same badrules fault=sum 3 "chance probabilities sum to 0.75, not 1"
same badrules fault=chancelist 3 "legal_moves lists moves at a chance point"
same badrules fault=chancerefuse 3 "apply refuses a listed outcome 2"
same badrules fault=nooutcome 3 "chance is to move but no outcomes"
same badrules fault=nomove "3; 2" "a player is to move but no legal moves"
same liar fault=position position \
	"set_position refuses its own position string '': expected n=N moves=N turn=0|1 roll=0|1" \
	"get_position returns 2147483647 for an empty buffer" \
	"render returns 2147483647 for an empty buffer"
same liar fault=used position \
	"move text '+' does not parse: liar claims to have read 1001 bytes of the 1 of '+' (a bug in the game)"
same liar fault=format position \
	"format_move: the text does not have the length it returns (1)" \
	"format_move: the text does not have the length it returns (1)" \
	"move text '+' parses as move 1 using 1 bytes (expected 2, 1 bytes)"
same liar fault=nan "++; ++; ++; +; 2" \
	"result for player 0 is nan, outside [0, 1]"
same liar fault=nomove "++" "a player is to move but no legal moves"
same liar fault=tomove "++" "to_move() is -7, not a player, chance or end"
# The optional hooks check judges raw (host/cmd/check_hooks.c): before,
# each of these five faults passed, 0 failures.
same liar fault=optval position \
	"option_value of option 'die' is 'maybe', which the option does not take: option 'die' wants yes or no, not 'maybe'"
same liar fault=explain "++; ++" \
	"explain_illegal of move '++' is not one line of printable UTF-8"
same liar fault=narrate position \
	"narrate of move '++' writes past a buffer of 1 bytes"
same liar fault=matchend position \
	"match_game_end of move '++' returns -1 for an empty buffer"
same liar fault=passes position "passes() names 5, not a player (0 to 1)"

# Options without a one-line doc fail the check once each, before games.
out=$(T check badopts --games 1 2>&1)
rc=$?
if [ "$rc" = 1 ] && [ "$out" = "check badopts ($dir/badopts.so): ABI 1.4, host ABI 1.4
FAIL option 'nodoc' has no one-line doc
FAIL option 'nodoc2' has no one-line doc
check badopts: 1 game, 2 failures" ]; then
	ok "an option without a doc fails the check"
else nok "badopts (status $rc)" "$out"; fi

# A game longer than --cap fails.
out=$(T check badrules --games 1 --cap 3 2>&1)
rc=$?
if [ "$rc" = 1 ] && [ "$out" = "check badrules ($dir/badrules.so): ABI 1.4, host ABI 1.4
FAIL game 1: the game did not end within 3 moves
  reproduce: tablero -s 1 -c 'set chance=manual; new badrules; 3; 2; 2'
check badrules: 1 game, 1 failure" ]; then
	ok "a game longer than --cap fails"
else nok "--cap 3 (status $rc)" "$out"; fi

# Options the game's create() refuses: one failure, with its reason.
out=$(T check badrules random=twice fault=order 2>"$work/err")
rc=$?
if [ "$rc" = 1 ] && [ "$out" = "check badrules ($dir/badrules.so): ABI 1.4, host ABI 1.4
FAIL create: the game refuses these options" ] &&
   [ "$(cat "$work/err")" = "tablero: check: random= and fault= do not go together" ]; then
	ok "options that create() refuses fail the check"
else nok "create refuses (status $rc)" "$out" "$(cat "$work/err")"; fi

# A file the loader refuses.
out=$(T check "$top_srcdir/tests/broken/notaplugin.so" 2>&1)
rc=$?
case $out in
"FAIL loading: $top_srcdir/tests/broken/notaplugin.so: not a loadable shared object ("*")
check $top_srcdir/tests/broken/notaplugin.so: refused by the loader") r=1 ;;
*) r=0 ;;
esac
if [ "$rc" = 1 ] && [ "$r" = 1 ]; then
	ok "a file the loader refuses fails the check"
else nok "notaplugin.so (status $rc)" "$out"; fi

# A reproducer too long for a command line whose record cannot be
# written says why and gives the command line all the same.
mkdir check-badpos-1.tbr
out=$(T check "$dir/badpos.so" from=2000 --games 1 2>&1)
rc=$?
if [ "$rc" = 1 ] && [ "$(printf '%s\n' "$out" | sed -n 3p)" = "  (no record of the 5998-byte reproducer: check-badpos-1.tbr: cannot save: not a regular file)" ] &&
   printf '%s\n' "$out" | sed -n 4p | grep -q "^  reproduce: tablero -P $dir -s 1 -c 'set chance=manual; new badpos from=2000; +; +; .*; +'\$" &&
   [ "$(printf '%s\n' "$out" | sed -n 5p)" = "check badpos from=2000: 1 game, 1 failure" ]; then
	ok "a reproducer whose record cannot be written is a command line"
else nok "no record (status $rc)" "$out"; fi

# A shard that is not one of N.
out=$(T check badrules --shard 3/2 2>&1)
rc=$?
if [ "$rc" = 2 ] && [ "$out" = "tablero: check: --shard wants K/N with 1 <= K <= N (this run's share, 1/4 to 4/4 for four shards), not '3/2'" ]; then
	ok "check refuses a shard K/N with K > N"
else nok "--shard 3/2 (status $rc)" "$out"; fi
