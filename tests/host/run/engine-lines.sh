#!/bin/sh
# Engines at the edges of tablero-engine(5) (host/run/engine.c): lines
# ending in CR LF are read, a line over 64 KB is cut, a last move without
# a newline is read before the end, an engine that closes its output but
# runs on loses (a faulted decision is no move: it is not counted), and an
# engine whose command or log cannot be opened, that answers a bad
# handshake or speaks another protocol stops the run before its first game
# (status 2, one line); --engine refuses a name it cannot use.  A move
# with more after it loses; info
# lines give the estimates --resign reads; an opening's position and
# moves are told to an engine once.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-engine-edges.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
T() { timeout 30 "$TABLERO" --no-config "$@"; }
bad="$top_srcdir/tests/host/run/bad-engine.sh"
echo "1..13"
. "$top_srcdir/tests/tap.sh"
# The game lines of a --json match, without their times.
games() { grep '"type":"game"' | sed 's/,"time":.*//'; }
g0='{"type":"game","index":0,"seed":1,"seating":[1,2],"result":'
g1='{"type":"game","index":1,"seed":1,"seating":[2,1],"result":'

# E NAME KIND GAME0 GAME1: a match of example, engine b ($bad KIND) against
# random, 2 games: its game lines are g0 GAME0 and g1 GAME1.
E() {
	out=$(T match example --engine b="$bad $2" --players b,random --games 2 --json 2>&1)
	rc=$?
	want="$g0$3
$g1$4"
	if [ "$rc" = 0 ] && [ "$(printf '%s\n' "$out" | games)" = "$want" ]; then
		ok "$1"
	else nok "$1 (status $rc)" "$out"; fi
}

E "lines that end in CR LF are read" crlf \
	'[1,0],"capped":false,"moves":5,"decisions":5,"turns":5,"branching":35,"forced":0' \
	'[0,1],"capped":false,"moves":6,"decisions":6,"turns":6,"branching":39,"forced":0'
x=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
E "a line over 64 KB is garbage" long \
	"[0,1],\"capped\":false,\"moves\":0,\"decisions\":0,\"turns\":0,\"branching\":0,\"forced\":0,\"termination\":\"garbage '$x...'\"" \
	"[1,0],\"capped\":false,\"moves\":1,\"decisions\":1,\"turns\":1,\"branching\":9,\"forced\":0,\"termination\":\"garbage '$x...'\""
E "a last move without a newline is played, then the engine's end loses" nonl \
	'[0,1],"capped":false,"moves":2,"decisions":2,"turns":2,"branching":17,"forced":0,"termination":"engine b exited with status 0"' \
	'[1,0],"capped":false,"moves":3,"decisions":3,"turns":3,"branching":24,"forced":0,"termination":"engine b exited with status 0"'
E "an engine that closes its output and runs on loses" close \
	'[0,1],"capped":false,"moves":0,"decisions":0,"turns":0,"branching":0,"forced":0,"termination":"engine b closed its output"' \
	'[1,0],"capped":false,"moves":1,"decisions":1,"turns":1,"branching":9,"forced":0,"termination":"engine b closed its output"'

# R NAME COMMAND WHY: a match of example, engine b (COMMAND) against
# random, is refused before its first game: "tablero: match: WHY" alone,
# status 2.
R() {
	out=$(T match example --engine b="$2" --players b,random --games 2 --json 2>&1)
	rc=$?
	if [ "$rc" = 2 ] && [ "$out" = "tablero: match: $3" ]; then
		ok "$1"
	else nok "$1 (status $rc)" "$out"; fi
}

R "an engine that cannot run stops the run, saying why" ./no-such-engine \
	"engine b: cannot run './no-such-engine': No such file or directory"
rm -f b.log && mkdir b.log
R "an engine whose log cannot be opened stops the run, saying so" "$bad first" \
	"engine b: cannot open its log ./b.log: Is a directory"
rmdir b.log

out=$(T match example --engine "a b=x" --players random,random --games 1 2>&1)
rc=$?
if [ "$rc" = 2 ] && [ "$out" = "tablero: match: --engine: the name 'a b' may hold only letters, digits, '-' and '_'" ]; then
	ok "--engine refuses a name with a space"
else nok "--engine 'a b' (status $rc)" "$out"; fi

R "a bad handshake stops the run" "$bad hello" "engine b: bad handshake 'hello'"
R "an engine of another protocol stops the run" "$bad proto2" \
	"engine b speaks protocol 2, not 1"
E "a move with more after it is illegal" trail \
	"[0,1],\"capped\":false,\"moves\":0,\"decisions\":0,\"turns\":0,\"branching\":0,\"forced\":0,\"termination\":\"illegal move 'a1 and more'\"" \
	"[1,0],\"capped\":false,\"moves\":1,\"decisions\":1,\"turns\":1,\"branching\":9,\"forced\":0,\"termination\":\"illegal move 'a1 and more'\""

out=$(T match example --engine a="$bad info" --engine b="$bad sure" --players a,b --games 2 --json --resign 0.3,1 2>&1 | games)
want="$g0"'[0,1],"capped":false,"moves":2,"decisions":2,"turns":2,"branching":17,"forced":0,"termination":"adjudicated lost (both estimates for 1 moves)"
'"$g1"'[1,0],"capped":false,"moves":2,"decisions":2,"turns":2,"branching":17,"forced":0,"termination":"adjudicated lost (both estimates for 1 moves)"'
if [ "$out" = "$want" ]; then
	ok "info lines give the estimates --resign adjudicates by"
else nok "info and --resign" "$out"; fi

# Openings: a position, and two moves from the start.
printf '.../.../XO. X\na1 b1\n' > op.txt
rm -f b.log
T match example --engine b="$bad tell" --players b,random --games 4 --openings op.txt >/dev/null 2>&1
out=$(awk '/^new /{on=1; next} /^(legal|quit)/{on=0} on' b.log)
want="position .../.../XO. X
position .../.../XO. X
play c3
play a1
play b1
play a1
play b1
play b3"
if [ "$out" = "$want" ]; then
	ok "an engine is told an opening's position, or its moves once"
else nok "openings told" "$out"; fi
out=$(T match example --engine me="$TABLERO --no-config engine random" --players me,random --games 4 --openings op.txt --json 2>&1)
if [ "$(printf '%s\n' "$out" | games | grep -c '"result"')" = 4 ] &&
   ! printf '%s\n' "$out" | grep -q termination; then
	ok "tablero engine plays the openings' games to their end"
else nok "tablero engine with openings" "$out" "$(cat me.log)"; fi
