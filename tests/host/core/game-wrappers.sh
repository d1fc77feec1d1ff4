#!/bin/sh
# The callers that once called a plugin directly go through the checked
# wrappers of host/core/game.h too (tests/badgame/liar.c breaks the
# contract as its fault option says): the openings of match and survey,
# the engine subcommand, check's messages, the --draw-after rule and the
# engine players of match (run/contender.c), and the solver (tablero
# solve and the REPL's solve: tests 7 to 10).
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-gamecalls.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
T() { timeout 20 "$TABLERO" --no-config -P "$top_builddir/tests/badgame/.libs" "$@"; }
echo "1..16"
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
bad="$top_srcdir/tests/host/run/bad-engine.sh"
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
# taken); the refused decision is no move, and not counted.
out=$(T match liar fault=used --engine e="$bad first" --players e,random --games 2 --json 2>&1)
rc=$?
why="illegal move '+': liar claims to have read 1001 bytes of the 1 of '+' (a bug in the game)"
want="{\"type\":\"game\",\"index\":0,\"seed\":1,\"seating\":[1,2],\"result\":[0,1],\"capped\":false,\"moves\":0,\"decisions\":0,\"turns\":0,\"branching\":0,\"forced\":0,\"termination\":\"$why\"
{\"type\":\"game\",\"index\":1,\"seed\":1,\"seating\":[2,1],\"result\":[1,0],\"capped\":false,\"moves\":1,\"decisions\":1,\"turns\":1,\"branching\":2,\"forced\":0,\"termination\":\"$why\""
if [ "$rc" = 0 ] && [ "$(printf '%s\n' "$out" | games)" = "$want" ]; then
	ok "engine player: a parse that claims bytes past the move is refused"
else nok "engine fault=used (status $rc)" "$out"; fi

# 7: a game that asks for a larger move buffer each time it is given one
# stops the solver with the game's bug named, at once (it looped for
# ever, and one Ctrl-C did nothing).
out=$(T solve liar die=no fault=legal 2>&1)
rc=$?
if [ "$rc" = 1 ] && [ "$out" = "tablero: solve: liar asks for room for more moves each time it is given what it asked (a bug in the game) (position 'n=0 moves=0 turn=0 roll=0')" ]; then
	ok "solve: a move buffer asked for again and again stops the solver"
else nok "solve fault=legal (status $rc)" "$out"; fi

# 8: a NULL player name is shown as '?' by solve, text and JSON, and
# reported once (it printed "(null)").
out=$(T solve liar die=no fault=noname 2>"$work/null.err"; T solve liar die=no fault=noname --json 2>/dev/null)
rc=$?
if [ "$rc" = 0 ] && ! printf '%s\n' "$out" | grep -q null &&
   printf '%s\n' "$out" | grep -qx 'value: win for ?' &&
   printf '%s\n' "$out" | grep -qF '"side":"?"' &&
   [ "$(cat "$work/null.err")" = "tablero: plugin liar: player_name returned NULL for player 1 (a bug in the plugin; reported once)" ]; then
	ok "solve: a NULL player name is shown as '?'"
else nok "solve fault=noname (status $rc)" "$out" "$(cat "$work/null.err")"; fi

# 9: names and moves with ESC and BEL reach neither the terminal nor the
# JSON of solve: the names are '?', the moves' control bytes '?'.
out=$(T solve liar die=no fault=escape 2>/dev/null; T solve liar die=no fault=escape --json 2>/dev/null)
rc=$?
if [ "$rc" = 0 ] && ! printf '%s' "$out" | grep -q "[$esc$bel]" &&
   printf '%s\n' "$out" | grep -qx '  ++?]0;x? win (5 plies)' &&
   printf '%s\n' "$out" | grep -qF '{"move":"++?]0;x?","value":"win","plies":5}'; then
	ok "solve: no escape sequence of a plugin reaches terminal or JSON"
else nok "solve fault=escape (status $rc)" "$(printf '%s\n' "$out" | od -c | head -12)"; fi

# 10: the REPL's solve too.
out=$(T -c 'new liar die=no fault=escape' -c solve 2>/dev/null)
rc=$?
if [ "$rc" = 0 ] && ! printf '%s' "$out" | grep -q "[$esc$bel]" &&
   printf '%s\n' "$out" | grep -qx '++?]0;x? win (5 plies)'; then
	ok "REPL solve: no escape sequence of a plugin reaches the terminal"
else nok "REPL solve fault=escape (status $rc)" "$(printf '%s\n' "$out" | od -c | head -12)"; fi

# 11: a game of more players than TBL_MAX_PLAYERS (16) is refused where
# it is created, in the REPL and in match alike (the REPL took one of up
# to 64 players, with seats and records for 16).
out=$(T -c 'new liar fault=crowd' -c show 2>&1)
rc=$?
out2=$(T match liar fault=crowd --players random,random --games 2 2>&1)
rc2=$?
if [ "$rc" = 1 ] && [ "$out" = "-c:1: liar: the game reports 17 players (a game has 1 to 16)" ] &&
   [ "$rc2" = 2 ] && [ "$out2" = "tablero: match: liar: the game reports 17 players (a game has 1 to 16)" ]; then
	ok "a game of 17 players is refused (TBL_MAX_PLAYERS)"
else nok "fault=crowd (status $rc, $rc2)" "$out" "$out2"; fi

# 12-14: C1 controls and invalid UTF-8 (the liar's fault=c1) reach no
# terminal, record or JSON: the raw 8-bit CSI (0x9B), the CSI encoded in
# UTF-8 (C2 9B) and bytes of invalid UTF-8 (FF, a lone C3) each become
# one '?' (they passed the control-byte filter, which knew only C0 and
# DEL).
csi=$(printf '\233')
csi8=$(printf '\302\233')
bad=$(printf '\377')
repl=$(T -c 'new liar fault=c1' -c moves -c position -c '+' -c history 2>/dev/null)
json=$(T solve liar die=no fault=c1 --json 2>/dev/null)
T match liar fault=c1 --players random,random --games 2 --records "$work/c1" >/dev/null 2>&1
rec=$(cat "$work"/c1/*.tbr)
all="$repl$json$rec"
has() { printf '%s' "$all" | LC_ALL=C grep -q "$1"; }
if ! has "$csi" && printf '%s\n' "$repl" | grep -qx '? plays +?2J' &&
   printf '%s\n' "$json" | grep -qF '"move":"+?2J"' &&
   printf '%s\n' "$rec" | grep -q '^++*?2J '; then
	ok "a raw 8-bit CSI (0x9B) of a plugin reaches no terminal, JSON or record"
else nok "fault=c1, raw CSI" "$(printf '%s' "$all" | od -c | head -20)"; fi
if ! has "$csi8" && printf '%s\n' "$repl" | grep -qx '+?2J ++?2J' &&
   printf '%s\n' "$json" | grep -qF '"move":"++?2J"' &&
   printf '%s\n' "$rec" | grep -q '^++?2J '; then
	ok "a CSI encoded in UTF-8 (C2 9B) reaches no terminal, JSON or record"
else nok "fault=c1, UTF-8 CSI" "$(printf '%s' "$all" | od -c | head -20)"; fi
if ! has "$bad" && ! printf '%s' "$all" | LC_ALL=C grep -q "$(printf '\303')\$" &&
   printf '%s\n' "$repl" | grep -qx 'n=0 moves=0 turn=0 roll=0 ??'; then
	ok "invalid UTF-8 of a plugin reaches no terminal"
else nok "fault=c1, invalid UTF-8" "$(printf '%s' "$all" | od -c | head -20)"; fi

# 15-16: check judges the value hooks it did not: a NULL player name and
# an estimate out of [0, 1] each fail the game (both passed check).
for f in noname badeval; do
	case $f in
	noname) why="player_name() is NULL for player 1" ;;
	badeval) why="evaluate() gives player 1 2, not a number in [0, 1]" ;;
	esac
	out=$(T check liar fault=$f --games 1 2>&1)
	rc=$?
	if [ "$rc" = 1 ] && printf '%s\n' "$out" | grep -qxF "FAIL game 1: $why" &&
	   printf '%s\n' "$out" | grep -qx "check liar fault=$f: 1 game, 1 failure"; then
		ok "check: fault=$f fails ($why)"
	else nok "check fault=$f (status $rc)" "$out"; fi
done
