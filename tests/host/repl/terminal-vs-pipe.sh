#!/bin/sh
# What a terminal shows (issue 21 items 6, 13, 17, 20), on a pseudo-terminal,
# against the same commands on a pipe: the live line while a computer
# seat thinks, the sides in colour, perft's depths as they are counted,
# match's running score and time left.
command -v python3 >/dev/null 2>&1 || { echo "1..0 # SKIP no python3"; exit 0; }
echo "1..9"
. "$top_srcdir/tests/tap.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-term.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work" TERM=dumb TABLERO_PLUGIN_PATH=
unset NO_COLOR
py="$top_srcdir/tests/pty-session.py"
t=$(printf '\t')
esc=$(printf '\033')
T() { "$TABLERO" --no-config -s 3 "$@"; }
pty() { s=$1; shift; rm -rf "$HOME/.local"; python3 "$py" "$s" -- "$TABLERO" --no-config -s 3 "$@" >"$work/log" 2>&1; }

# 1 (item 6): the user's move shows at once; while Q searches for 1.5 s
# a line says so and is redrawn, then blanked before Q's move.
cat >"$work/s1" <<EOS
expect${t}mancala P> 
send${t}seat 2 mcts:1500ms\\r
expect${t}seat 2 \\(Q\\): mcts:1500ms
send${t}b6\\r
expect${t}P plays b6\\r\\n
expect${t}\\rQ \\(mcts:1500ms\\) is thinking\\.\\.\\. [0-9]\\.[0-9] s, [0-9]+k? playouts
expect${t}\\rQ \\(mcts:1500ms\\) is thinking\\.\\.\\. 1\\.[0-9] s, [0-9]+k? playouts
expect${t}\\r +\\rQ plays [cd][0-9]+\\r\\n
send${t}quit\\r
exit${t}0
EOS
if pty "$work/s1" -g mancala; then ok "a live line while a computer seat thinks, cleared after"
else nok "thinking line" "$(cat "$work/log")"; fi

# 2: on a pipe, the same turn prints the moves and nothing else.
out=$(printf 'seat 2 mcts:600ms\nb6\n' | T -g mancala 2>&1)
if [ "$(echo "$out" | grep plays)" = "P plays b6
Q plays d3" ] && ! echo "$out" | grep -q 'thinking'; then ok "no thinking line on a pipe"
else nok "pipe" "$out"; fi

# 3 (item 13): on a terminal the sides' names are coloured, P red and Q
# blue, in the lines about them and in the prompt.
cat >"$work/s3" <<EOS
expect${t}mancala ${esc}\\[1;31mP${esc}\\[0m> 
send${t}b6\\r
expect${t}${esc}\\[1;31mP${esc}\\[0m plays b6\\r\\n
expect${t}\\n${esc}\\[1;34mQ${esc}\\[0m c   \\.  \\.
expect${t}\\n${esc}\\[1;34mQ${esc}\\[0m to move\\r\\n
send${t}quit\\r
exit${t}0
EOS
if TERM=xterm pty "$work/s3" -g mancala; then ok "colour on a terminal"
else nok "colour on a terminal" "$(cat "$work/log")"; fi

# 4: none under NO_COLOR, nor with color=never, nor on a pipe; on a pipe
# with color=always.
cat >"$work/s4" <<EOS
expect${t}mancala P> 
send${t}b6\\r
expect${t}[\\r\\n]P plays b6\\r\\n
expect${t}\\nQ to move\\r\\n
send${t}quit\\r
exit${t}0
EOS
printf '[tablero]\ncolor = never\n' >"$work/never.ini"
printf '[tablero]\ncolor = always\n' >"$work/always.ini"
a=$(T -g mancala -c b6 | od -c | grep -c '033')
b=$(T -C "$work/always.ini" -g mancala -c b6 | sed -n 1p)
if NO_COLOR=1 TERM=xterm pty "$work/s4" -g mancala &&
   TERM=xterm pty "$work/s4" -C "$work/never.ini" -g mancala &&
   [ "$a" = 0 ] && [ "$b" = "${esc}[1;31mP${esc}[0m plays b6" ]
then ok "no colour under NO_COLOR, color=never or on a pipe; color=always colours a pipe"
else nok "colour off ($a) ($b)" "$(cat "$work/log")"; fi

# 5 (item 17): perft prints each depth as it is counted, shows the depth
# being counted with its count so far, and keeps the depths counted when
# Ctrl-C stops it.  Depth 6 (10 million) may be counted within the half
# second before the first progress line on a fast idle machine: then the
# line and the interruption come in depth 7.
cat >"$work/s5" <<EOS
expect${t}perft mancala\\r\\ndepth 1: 19\\r\\ndepth 2: 361\\r\\ndepth 3: 4977\\r\\n
expect${t}depth 5: 819733\\r\\n
expect${t}\\rperft: depth [67]: [0-9]+ so far, [0-9]+\\.[0-9] s
send${t}\\x03
expect${t}perft: interrupted in depth [67]; depths 1 to [56] are counted above\\r\\n
exit${t}130
EOS
if pty "$work/s5" perft mancala 9; then ok "perft: each depth as it is counted, progress, Ctrl-C keeps them"
else nok "perft on a terminal" "$(cat "$work/log")"; fi

# 6 (item 20): match's progress line has the running score and the time
# left, as cutechess-cli's has.
cat >"$work/s6" <<EOS
expect${t}\\rmatch: [0-9]+/20, mcts:5000 vs random: [0-9]+-[0-9]+-[0-9]+ \\[[01]\\.[0-9]{3}\\], [0-9]+s left
expect${t}player 1 mcts:5000: score
exit${t}0${t}60
EOS
if pty "$work/s6" match example --players mcts:5000,random --games 20; then ok "match: the running score and the time left"
else nok "match progress" "$(cat "$work/log")"; fi

# 7 (issue 31 item 3): one Ctrl-C during `ai` stops that search alone: P
# plays its best move so far, and Q, a computer seat, then waits, named
# by the message, instead of playing at once with almost no search.
cat >"$work/s7" <<EOS
expect${t}mancala P> 
send${t}seat 2 mcts:20000ms\\r
expect${t}seat 2 \\(Q\\): mcts:20000ms
send${t}ai mcts:30000ms\\r
expect${t}\\rP \\(mcts:30000ms\\) is thinking\\.\\.\\. 1\\.[0-9] s
send${t}\\x03
expect${t}P plays [^\\r]+\\r\\ninterrupted: Q \\(mcts:20000ms\\) is to move \\('go' plays it\\)\\r\\n
expect${t}mancala Q> 
send${t}quit\\r
exit${t}0
EOS
if pty "$work/s7" -g mancala; then ok "Ctrl-C in ai stops its search; the next computer seat waits"
else nok "Ctrl-C in ai" "$(cat "$work/log")"; fi

# 8 (issue 31 items 13 and 7): the REPL's solve shows its progress on a
# terminal, and Ctrl-C says how far it got; the game is unchanged (the
# dense solver's levels: mancala numbers its positions).
cat >"$work/s8" <<EOS
expect${t}mancala P> 
send${t}solve\\r
expect${t}\\rsolve: level [0-9]+ of 0 to 20, sweep [1-9][0-9]*, [0-9]+ of [1-9][0-9]*
send${t}\\x03
expect${t}solve: interrupted in level [0-9]+ of 0 to 20, sweep [1-9][0-9]*, at [0-9]+ of its [1-9][0-9]* positions; nothing is solved\\r\\n
expect${t}mancala P> 
send${t}quit\\r
exit${t}0
EOS
if pty "$work/s8" -g "mancala variant=mangala holes=5 seeds=2"; then ok "REPL solve: progress on a terminal, how far Ctrl-C stopped it"
else nok "REPL solve progress" "$(cat "$work/log")"; fi

# 9 (issue 31 item 13): hint shows the live line of its search, as ai.
cat >"$work/s9" <<EOS
expect${t}mancala P> 
send${t}hint mcts:1500ms\\r
expect${t}\\rP \\(mcts:1500ms\\) is thinking\\.\\.\\. 1\\.[0-9] s, [0-9]+k? playouts
expect${t}\\r +\\rhint: [^\\r]+ \\(win rate 0\\.[0-9]+ over [0-9]+ playouts\\)\\r\\n
send${t}quit\\r
exit${t}0
EOS
if pty "$work/s9" -g mancala; then ok "hint: a live line while it searches"
else nok "hint progress" "$(cat "$work/log")"; fi
