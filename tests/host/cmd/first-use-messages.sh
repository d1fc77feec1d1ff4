#!/bin/sh
# What a new user meets at the command line (issue 21 items 16, 20-22):
# `tablero games` and `tablero help`, match's and merge's messages, seeds,
# getopt's errors and --help.
echo "1..12"
. "$top_srcdir/tests/tap.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-msg.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
cd "$work" || exit 99
T() { "$TABLERO" --no-config -P "$top_builddir/tests/plugins/.libs" "$@"; }

# 1: games and help are subcommands, not script names.
g=$(T games 2>&1); h=$(T help undo 2>&1)
if echo "$g" | grep -q '^example  *m,n,k-game' && echo "$g" | grep -q '^testgame ' &&
   [ "$(echo "$h" | head -1)" = "usage: undo [N]" ]; then ok "tablero games, tablero help undo"
else nok "games/help" "$g" "$h"; fi

# 2-4: match names the unknown game first; plurals; --jobs and --game.
out=$(T match rcuay --players a,b 2>&1); rc=$?
if [ $rc = 2 ] && [ "$out" = "tablero: match: unknown game 'rcuay' (did you mean 'recuay'?)" ]; then
	ok "match: the unknown game before the unknown player"
else nok "unknown game first ($rc)" "$out"; fi
out=$(T match example --players random,random --games 2 2>&1)
if echo "$out" | grep -qx 'player 1 random: score 1.5/2 (75.0%), 1 win, 1 draw, 0 losses, 0 cut by the move cap' &&
   echo "$out" | grep -qx 'player 2 random: score 0.5/2 (25.0%), 0 wins, 1 draw, 1 loss, 0 cut by the move cap'; then
	ok "match: 1 win, 1 draw, 1 loss"
else nok "plurals" "$out"; fi
a=$(T match example --players random,random --jobs 0 2>&1)
b=$(T match example --players random,random --jobs 257 2>&1); rc=$?
c=$(T match example --players random,random --game 3 2>&1 | head -1)
if [ "$a" = "tablero: match: --jobs wants a positive number up to 256, not '0'" ] &&
   [ $rc = 2 ] && [ "$b" = "tablero: match: --jobs wants a positive number up to 256, not '257'" ] &&
   [ "$c" = "tablero: match: unknown option '--game' (did you mean '--games'?)" ]; then
	ok "match: --jobs up to 256; --game suggests --games"
else nok "jobs/game" "$a" "$b" "$c"; fi

# 5: merge refuses --csv for a match's shards (it ignored it), exit 2.
T match example --players random,random --games 2 --shard 1/1 >m1
out=$(T merge --csv m1 2>&1); rc=$?
if [ $rc = 2 ] && [ "$out" = "tablero: merge: --csv is for a survey's shards; m1 is a match's" ]; then
	ok "merge --csv of a match is refused"
else nok "merge --csv ($rc)" "$out"; fi

# 6-7: seeds: negative, too large.
a=$(T -s -5 -c seed 2>&1); rc=$?
b=$(T -s 12345678901234567890123 -c seed 2>&1)
if [ $rc = 2 ] && [ "$a" = "tablero: --seed must be a non-negative number, not '-5'" ]; then
	ok "-s -5: the seed must be non-negative"
else nok "negative seed ($rc)" "$a"; fi
if [ "$b" = "tablero: --seed 12345678901234567890123 is too large (at most 18446744073709551615)" ]; then
	ok "a 23-digit seed is too large"
else nok "large seed" "$b"; fi

# 8: getopt's errors begin with tablero:, not the path it was run by.
out=$("$TABLERO" --bogus 2>&1)
if [ "$(echo "$out" | head -1)" = "tablero: unrecognized option '--bogus'" ]; then
	ok "getopt errors name tablero"
else nok "getopt" "$out"; fi

# 9: --help has no placeholder address, and names games and help.
out=$("$TABLERO" --help)
if ! echo "$out" | grep -q 'invalid' && echo "$out" | grep -q 'tablero \[OPTION\]\.\.\. games \[-v\]'; then
	ok "--help: no placeholder bug address"
else nok "--help" "$out"; fi

# 10: config names the profiles that exist.
out=$(T -c 'config nosuch' 2>&1)
if echo "$out" | grep -q "^-c:1: no file or profile 'nosuch' (profiles: .*awithlaknakwe-parlett, .*mancala" ; then
	ok "config nosuch lists the profiles"
else nok "config nosuch" "$out"; fi

# 11: seat: the seats there are; a misspelt player.
out=$(T -k -c 'new example; seat 5 random; seat 2 mcst' 2>&1)
if echo "$out" | grep -qx -- "-c:2: there is no seat 5: example has seats 1-2" &&
   echo "$out" | grep -qx -- "-c:3: unknown player 'mcst' (did you mean 'mcts'?)"; then
	ok "seat 5 names the seats; seat 2 mcst suggests mcts"
else nok "seat" "$out"; fi

# 12: a file that is no record says so.
printf 'root:x:0:0:root:/root:/bin/sh\n' >passwd
out=$(T -c 'load passwd' 2>&1)
if [ "$out" = "-c:1: passwd:1: not a game record: moves before a [Game] tag" ]; then
	ok "load of a file that is no record: not a game record"
else nok "load passwd" "$out"; fi
