#!/bin/sh
# The autosave journal: a REPL killed with SIGKILL mid-game (on a pty)
# leaves a journal that --recover (and `recover`) restores with the same
# position, history, seats and next dice; SIGTERM ends the session in
# order (history saved, journal kept); a plugin crashing during a move
# loses no earlier move; a normal quit removes the journal; SIGTERM and
# SIGHUP stop a long search at once, and the journal keeps the game as it
# was before the interrupted command.
command -v python3 >/dev/null 2>&1 || { echo "1..0 # SKIP no python3"; exit 0; }
echo "1..9"
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-recover.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" TERM=dumb TABLERO_PLUGIN_PATH=
unset XDG_DATA_HOME XDG_CONFIG_HOME XDG_STATE_HOME
mkdir "$HOME"
cd "$work" || exit 99
# The deadlines from a signal to the exit are five times as long where
# each process writes its gcov counts as it ends (a coverage build, -O0)
# or under the sanitizers: still finite, so a program that does not end
# fails.
slow=1
if grep -q '^#define TABLERO_COVERAGE 1' "$top_builddir/config.h" ||
   [ -n "${ASAN_OPTIONS:-}" ]; then
	slow=5
fi
py="${top_srcdir:-.}/tests/pty-session.py"
tp="$top_builddir/tests/plugins/.libs"
bp="$top_builddir/tests/badgame/.libs"
journal="$HOME/.local/state/tablero/journal"
t=$(printf '\t')
run() { script=$1; shift; python3 "$py" "$script" -- "$TABLERO" --no-config "$@" >"$work/log" 2>&1; }

cat >"$work/s1" <<EOS
expect${t}testgame A> 
send${t}seat 2 random\\r
send${t}ai random\\r
send${t}ai random\\r
send${t}ai random\\r
send${t}save $work/ref.tbr\\r
expect${t}saved
sleep${t}0.3
kill${t}9
exit${t}-9
EOS
if run "$work/s1" -P "$tp" -s 7 -g 'testgame size=40' && [ -f "$journal" ] &&
   cmp -s "$journal" "$work/ref.tbr"; then
	echo "ok 1 - after SIGKILL the journal holds the game as 'save' wrote it"
else echo "not ok 1 - journal after SIGKILL"; sed 's/^/# /' "$work/log"; ls -laR "$HOME" | sed 's/^/# /'; fi

# The same commands after --recover and after loading the saved record.
cmds="-c position -c history -c seat -c 'ai random' -c 'ai random' -c position"
a=$(eval "\"$TABLERO\" --no-config -P \"$tp\" --recover $cmds" 2>&1 | sed 1d)
b=$(eval "\"$TABLERO\" --no-config -P \"$tp\" -c 'load $work/ref.tbr' $cmds" 2>&1 | sed 1d)
if [ -n "$a" ] && [ "$a" = "$b" ] && printf '%s\n' "$a" | grep -q 'chance: '; then
	echo "ok 2 - --recover restores the position, history, seats and next dice"
else
	echo "not ok 2 - --recover differs from load"
	printf '%s\n' "$a" | sed 's/^/# recover: /'
	printf '%s\n' "$b" | sed 's/^/# load:    /'
fi

cat >"$work/s3" <<EOS
expect${t}can be recovered
expect${t}mancala .*> 
send${t}recover\\r
expect${t}recovered [0-9]+ moves of testgame
send${t}ai random\\r
expect${t}A plays
sleep${t}0.3
kill${t}15
exit${t}143
EOS
if run "$work/s3" -P "$tp" && [ -f "$journal" ] &&
   grep -qx recover "$HOME/.local/share/tablero/history"; then
	echo "ok 3 - the next session offers the game; SIGTERM saves the history and keeps the journal"
else echo "not ok 3 - recover at the prompt / SIGTERM"; sed 's/^/# /' "$work/log"; fi

cat >"$work/s4" <<EOS
expect${t}testgame A> 
send${t}recover\\r
expect${t}recovered
send${t}quit\\r
exit${t}0
EOS
if run "$work/s4" -P "$tp" -g testgame && [ ! -e "$journal" ]; then
	echo "ok 4 - a normal quit removes the journal"
else echo "not ok 4 - journal after quit"; sed 's/^/# /' "$work/log"; fi

# liar fault=crash crashes in the chance roll after the fourth move.
cat >"$work/s5" <<EOS
expect${t}liar A> 
send${t}+\\r
expect${t}liar B> 
send${t}+\\r
expect${t}liar A> 
send${t}+\\r
expect${t}liar B> 
send${t}+\\r
exit${t}-11
EOS
if run "$work/s5" -P "$bp" -g 'liar fault=crash'; then
	echo "ok 5 - a plugin crash during a move ends the session"
else echo "not ok 5 - crash"; sed 's/^/# /' "$work/log"; fi
out=$("$TABLERO" --no-config -P "$bp" --recover -c history 2>&1)
if printf '%s\n' "$out" | grep -q '^recovered 3 moves of liar' &&
   printf '%s\n' "$out" | grep -q '^3\. A: +$'; then
	echo "ok 6 - the journal holds every move before the crash"
else echo "not ok 6 - journal after a crash"; printf '%s\n' "$out" | sed 's/^/# /'; fi

# SIGTERM during a long hint: the search stops, the session ends within
# 2 s with 143, and the journal holds the game.
rm -rf "$HOME/.local"
cat >"$work/s7" <<EOS
expect${t}example X> 
send${t}a1\\r
expect${t}example O> 
send${t}hint mcts:50000000\\r
expect${t}hint mcts:50000000\\r
sleep${t}0.3
kill${t}15
expect${t}SIGTERM: the session ends
exit${t}143${t}$((2 * slow))
EOS
if run "$work/s7" -s 3 -g example; then
	out=$("$TABLERO" --no-config --recover -c position 2>&1)
else out=; fi
if printf '%s\n' "$out" | grep -qx '\.\.\./\.\.\./X\.\. O'; then
	echo "ok 7 - SIGTERM stops a long hint at once (143) and --recover restores the game"
else echo "not ok 7 - SIGTERM during hint"; sed 's/^/# /' "$work/log"; printf '%s\n' "$out" | sed 's/^/# /'; fi

# SIGHUP while a computer seat searches its reply to b2: the session ends
# with 129; the journal holds the game before b2 (the seat change kept).
rm -rf "$HOME/.local"
cat >"$work/s8" <<EOS
expect${t}example X> 
send${t}a1\\r
expect${t}example O> 
send${t}seat 1 mcts:50000000\\r
expect${t}seat 1 .X.: mcts
expect${t}example O> 
send${t}b2\\r
expect${t}b2\\r
sleep${t}0.3
kill${t}1
exit${t}129${t}$((2 * slow))
EOS
if run "$work/s8" -s 3 -g example; then
	out=$("$TABLERO" --no-config --recover -c position -c seat 2>&1)
else out=; fi
if printf '%s\n' "$out" | grep -qx '\.\.\./\.\.\./X\.\. O' &&
   printf '%s\n' "$out" | grep -q 'seat 1 (X): mcts:50000000' &&
   grep -qx b2 "$HOME/.local/share/tablero/history"; then
	echo "ok 8 - SIGHUP during a computer seat's search: 129, nothing half-done in the journal"
else echo "not ok 8 - SIGHUP during a seat's search"; sed 's/^/# /' "$work/log"; printf '%s\n' "$out" | sed 's/^/# /'; fi

# SIGTERM while the plugin is stuck in a loop (liar fault=hang hangs in
# the fourth move's apply): the flag is never polled, so the session dies
# of the signal after its grace of 5 s; the journal holds the 3 moves.
rm -rf "$HOME/.local"
cat >"$work/s9" <<EOS
expect${t}liar A> 
send${t}+\\r
expect${t}liar B> 
send${t}+\\r
expect${t}liar A> 
send${t}+\\r
expect${t}liar B> 
send${t}+\\r
sleep${t}0.3
kill${t}15
exit${t}-15${t}$((8 * slow))
EOS
if run "$work/s9" -P "$bp" -g 'liar fault=hang' &&
   "$TABLERO" --no-config -P "$bp" --recover -c history 2>&1 | grep -q '^recovered 3 moves of liar'; then
	echo "ok 9 - SIGTERM while a plugin hangs: the session dies of it after its grace, journal kept"
else echo "not ok 9 - SIGTERM while a plugin hangs"; sed 's/^/# /' "$work/log"; fi
