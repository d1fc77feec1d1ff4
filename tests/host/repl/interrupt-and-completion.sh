#!/bin/sh
# Completion and Ctrl-C in the interactive REPL, on a pseudo-terminal: it clears the line
# at the prompt, stops a long search (which still shows or plays its best
# move), and twice within a second ends the session, saving the history
# even on a fresh account without ~/.local.
command -v python3 >/dev/null 2>&1 || { echo "1..0 # SKIP no python3"; exit 0; }
echo "1..9"
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-int.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" TERM=dumb TABLERO_PLUGIN_PATH=
unset XDG_DATA_HOME XDG_CONFIG_HOME XDG_STATE_HOME
mkdir "$HOME"
py="${top_srcdir:-.}/tests/pty-session.py"
[ -f "$py" ] || py="$(dirname "$0")/pty-session.py"
run() { python3 "$py" "$1" -- "$TABLERO" --no-config -s 3 -g example >"$work/log" 2>&1; }
t=$(printf '\t')

cat >"$work/s1" <<EOS
expect${t}example X> 
send${t}nonsense words
expect${t}nonsense words
send${t}\\x03
expect${t}example X> 
send${t}position\\r
expect${t}\\.\\.\\./\\.\\.\\./\\.\\.\\. X
send${t}quit\\r
exit${t}0
EOS
if run "$work/s1"; then echo "ok 1 - Ctrl-C at the prompt clears the line"
else echo "not ok 1 - Ctrl-C at the prompt"; sed 's/^/# /' "$work/log"; fi

cat >"$work/s2" <<EOS
expect${t}example X> 
send${t}hint mcts:90000000\\r
expect${t}hint mcts:90000000
sleep${t}1
send${t}\\x03
expect${t}hint: [a-c][1-3] .*stopped by Ctrl-C
send${t}ai mcts:90000000\\r
expect${t}ai mcts:90000000
sleep${t}1
send${t}\\x03
expect${t}X plays [a-c][1-3]
expect${t}O to move
send${t}position\\r
expect${t} O\\r
send${t}quit\\r
exit${t}0
EOS
if run "$work/s2"; then echo "ok 2 - Ctrl-C stops hint and ai, which give their best move so far"
else echo "not ok 2 - Ctrl-C during a search"; sed 's/^/# /' "$work/log"; fi

cat >"$work/s3" <<EOS
expect${t}example X> 
send${t}moves\\r
expect${t}a1 b1
send${t}\\x03
sleep${t}0.2
send${t}\\x03
exit${t}0
EOS
h="$HOME/.local/share/tablero/history"
if run "$work/s3" && grep -qx moves "$h" && [ -f "$HOME/.local/state/tablero/journal" ]; then
	echo "ok 3 - two Ctrl-C within a second quit, and the history and the journal are saved"
else echo "not ok 3 - double Ctrl-C / history in $h"; sed 's/^/# /' "$work/log"; ls -laR "$HOME" | sed 's/^/# /'; fi
mode=$(stat -c %a "$HOME/.local" "$HOME/.local/share" "$HOME/.local/share/tablero" 2>/dev/null | sort -u)
if [ "$mode" = 700 ]; then echo "ok 4 - the XDG directories are created with mode 0700"
else echo "not ok 4 - directory modes: $mode"; fi

# Completion (issue 13): the words of multi-word moves, the moves after
# those typed on the line, seat kinds, profiles, natural order.
pos='.w##./w.#./.w##./..../....b/..../b..../..../bb... b quiet=3'
cat >"$work/s5" <<EOS
expect${t}tuknanavuhpi Black> 
send${t}wipe \\t\\t
expect${t}f4 +f8 +h2 +h8
send${t}\\x15
send${t}wipe f4 i5-i\\t\\t
expect${t}i5-i3 +i5-i7
send${t}\\x15
send${t}seat 2 mc\\t\\t\\t
expect${t}mcts +mcts:500ms +mcts:1000
send${t}\\x15config awithlaknakwe-p\\t
expect${t}config awithlaknakwe-parlett
send${t}\\x15quit\\r
exit${t}0
EOS
if python3 "$py" "$work/s5" -- "$TABLERO" --no-config -g tuknanavuhpi -i -c "setup $pos" >"$work/log" 2>&1
then echo "ok 5 - completion of multi-word moves, moves after moves, seat kinds, profiles"
else echo "not ok 5 - completion"; sed 's/^/# /' "$work/log"; fi

cat >"$work/s6" <<EOS
expect${t}mancala P> 
send${t}a\\t\\t
expect${t}a1 +a2 +a3 +a4 +a5 +a6 +a6>b7 +a7 +a8 +a9 +a10\\s+a11 +a12
send${t}\\x15quit\\r
exit${t}0
EOS
if python3 "$py" "$work/s6" -- "$TABLERO" --no-config -g mancala >"$work/log" 2>&1
then echo "ok 6 - candidates in natural order"
else echo "not ok 6 - natural order"; sed 's/^/# /' "$work/log"; fi

cat >"$work/s7" <<EOS
expect${t}mancala P> 
send${t}b1 b\\t\\t
sleep${t}0.5
send${t}\\x15quit\\r
exit${t}0
EOS
if python3 "$py" "$work/s7" -- "$TABLERO" --no-config -g mancala >"$work/log" 2>&1 &&
   ! grep -q 'b2 ' "$work/log"; then echo "ok 7 - no moves offered after a move that ends the turn"
else echo "not ok 7 - moves offered after the turn ended, or the session failed"; sed 's/^/# /' "$work/log"; fi

# Ctrl-C right after a completion listing, the next command typed at
# once (one write, as a quick typist or a tmux script sends it): the
# line is cleared before the new keys, so 'moves' runs, not 'wipe moves'.
cat >"$work/s8" <<EOS
expect${t}tuknanavuhpi Black> 
send${t}wipe \\t\\t
expect${t}f4 +f8 +h2 +h8
send${t}\\x03moves\\r
expect${t}i5-i3 a7-a5 .* wipe h8\\r
send${t}quit\\r
exit${t}0
EOS
if python3 "$py" "$work/s8" -- "$TABLERO" --no-config -g tuknanavuhpi -i -c "setup $pos" >"$work/log" 2>&1 &&
   ! grep -q "expected a point after 'wipe'" "$work/log"
then echo "ok 8 - Ctrl-C after a completion listing clears the line before the next keys"
else echo "not ok 8 - Ctrl-C after a completion listing"; sed 's/^/# /' "$work/log"; fi

cat >"$work/s9" <<EOS
expect${t}example X> 
send${t}nonsense words
expect${t}nonsense words
send${t}\\x03position\\r
expect${t}\\.\\.\\./\\.\\.\\./\\.\\.\\. X
send${t}quit\\r
exit${t}0
EOS
if run "$work/s9"; then echo "ok 9 - Ctrl-C with the next command typed at once"
else echo "not ok 9 - Ctrl-C with the next command typed at once"; sed 's/^/# /' "$work/log"; fi
