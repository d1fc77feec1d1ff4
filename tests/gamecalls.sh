#!/bin/sh
# The callers that once called a plugin directly go through the checked
# wrappers of host/core/game.h too (tests/badgame/liar.c breaks the
# contract as its fault option says): the openings of match and survey,
# the engine subcommand, check's messages, the --draw-after rule and the
# engine players of match (run/contender.c).
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-gamecalls.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
T() { timeout 20 "$TABLERO" --no-config -P "$top_builddir/tests/badgame/.libs" "$@"; }
echo "1..6"
. "$top_srcdir/tests/tap.sh"
esc=$(printf '\033')
bel=$(printf '\007')

# 1: an opening's move whose parse claims more bytes than the line has
# is refused, not read past the end of the line.
printf '+\n' > open.txt
out=$(T match liar fault=used --players random,random --games 2 --openings open.txt 2>&1)
rc=$?
if [ "$rc" = 2 ] && [ "$out" = "tablero: match: open.txt:1: neither a position (expected n=N moves=N turn=0|1 roll=0|1) nor moves from the start (liar claims to have read 1001 bytes of the 1 of '+' (a bug in the game))" ]; then
	ok "openings: a parse that claims bytes the line does not have is refused"
else nok "openings fault=used (status $rc)" "$out"; fi

# 2: the engine's answer holds no control byte of the plugin's text.
out=$(printf 'tablero-engine 1\ngame liar\noption fault=escape\nnew 1\ngo\nposition zz\nquit\n' |
	T engine random 2>&1)
want="tablero-engine 1 tablero random
move ++?]0;x?
tablero engine: 'position zz': expected n=N moves=N turn=0|1 roll=0|1"
if [ "$out" = "$want" ]; then
	ok "engine: a move's ESC and BEL are shown as '?'"
else nok "engine fault=escape" "$(printf '%s\n' "$out" | od -c | head -8)"; fi

# 3: check quotes a move text with its control bytes shown as '?'.
out=$(T check liar fault=escape --games 1 2>&1)
rc=$?
if [ "$rc" = 1 ] && ! printf '%s' "$out" | grep -q "[$esc$bel]" &&
   printf '%s\n' "$out" | grep -qF "FAIL game 1: move text '+?]0;x?' parses as move 1 using 1 bytes (expected 1, 7 bytes)"; then
	ok "check: a move text's ESC and BEL reach no message"
else nok "check fault=escape (status $rc)" "$(printf '%s\n' "$out" | od -c | head -12)"; fi

# 4: --draw-after takes no estimate out of [0, 1]: evaluate's 2 for both
# players is reported once, and never ends a game as "no progress".
out=$(T match liar fault=badeval --players random,random --games 4 --draw-after 1 --json 2>"$work/eval.err")
rc=$?
if [ "$rc" = 0 ] && ! printf '%s\n' "$out" | grep -q 'no progress' &&
   [ "$(printf '%s\n' "$out" | grep -c '"result"')" = 4 ] &&
   [ "$(cat "$work/eval.err")" = "tablero: plugin liar: evaluate gave player 1 2, not a number in [0, 1]; it is not used (a bug in the plugin; reported once)" ]; then
	ok "--draw-after: an estimate out of [0, 1] is reported once and not used"
else nok "draw-after fault=badeval (status $rc)" "$out" "$(cat "$work/eval.err")"; fi

# 5: an engine player is told the moves as the checked wrapper writes
# them: a format_move that leaves no NUL is cut at the buffer (here to
# "+"), never read past it (it was: the engine was sent 4096 '+' and
# more, and lost both games on "illegal move '+++...'").
bad="$top_srcdir/tests/engines/bad.sh"
games() { grep '"type":"game"' | sed 's/,"time":.*//'; }
out=$(T match liar fault=format --engine e="$bad first" --players e,random --games 2 --json 2>&1)
rc=$?
want='{"type":"game","index":0,"seed":1,"seating":[1,2],"result":[0,1],"capped":false,"moves":5,"decisions":4,"turns":4,"branching":8,"forced":0
{"type":"game","index":1,"seed":1,"seating":[2,1],"result":[0,1],"capped":false,"moves":5,"decisions":4,"turns":4,"branching":8,"forced":0'
if [ "$rc" = 0 ] && [ "$(printf '%s\n' "$out" | games)" = "$want" ]; then
	ok "engine player: a move text with no NUL is cut, not read past"
else nok "engine fault=format (status $rc)" "$out"; fi

# 6: an engine's move that the plugin claims to have read past its end
# is refused with the host's reason (it was read past the line, and
# taken).
out=$(T match liar fault=used --engine e="$bad first" --players e,random --games 2 --json 2>&1)
rc=$?
why="illegal move '+': liar claims to have read 1001 bytes of the 1 of '+' (a bug in the game)"
want="{\"type\":\"game\",\"index\":0,\"seed\":1,\"seating\":[1,2],\"result\":[0,1],\"capped\":false,\"moves\":0,\"decisions\":1,\"turns\":1,\"branching\":2,\"forced\":0,\"termination\":\"$why\"
{\"type\":\"game\",\"index\":1,\"seed\":1,\"seating\":[2,1],\"result\":[1,0],\"capped\":false,\"moves\":1,\"decisions\":2,\"turns\":2,\"branching\":4,\"forced\":0,\"termination\":\"$why\""
if [ "$rc" = 0 ] && [ "$(printf '%s\n' "$out" | games)" = "$want" ]; then
	ok "engine player: a parse that claims bytes past the move is refused"
else nok "engine fault=used (status $rc)" "$out"; fi
