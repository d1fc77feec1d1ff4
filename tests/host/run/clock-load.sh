#!/bin/sh
# Built-in players under a loaded processor (run/clock.c, ai/search.c):
# with two busy loops of the test's own beside the match, no game of
# mcts:t2 against mcts at --st 0.02 ends on time.  The searches once
# looked at the clock every 16 playouts, waited for a thread the machine
# had not given the processor, and each game (a process of its own)
# started its margin anew: most such games were lost on time by a few
# milliseconds.  A machine already busier than it has processors before
# the test starts (load average) cannot show it: the test is skipped.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-clock-load.XXXXXX") || exit 99
pids=
trap 'for p in $pids; do kill "$p" 2>/dev/null; done; rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
echo "1..2"
. "$top_srcdir/tests/tap.sh"

cpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo 0)
if awk -v l="$load" -v c="$cpus" 'BEGIN { exit !(l > c) }'; then
	skip "the machine is busy already (load $load on $cpus processors)"
	skip "the machine is busy already"
	exit 0
fi
yes >/dev/null & pids="$pids $!"
yes >/dev/null & pids="$pids $!"

for st in 0.02 0.1; do
	games=16
	[ "$st" = 0.1 ] && games=6
	out=$(timeout 120 "$TABLERO" --no-config match mancala \
		--players mcts:t2,mcts --games $games --st $st --records r$st 2>&1)
	if [ $? -eq 0 ] && printf '%s\n' "$out" | grep -q "^match mancala: $games games" &&
	   ! printf '%s\n' "$out" | grep -q 'other than by the rules' &&
	   [ "$(ls r$st | wc -l)" -eq $games ] && ! grep -q 'on time' r$st/*; then
		ok "no game lost on time at --st $st beside two busy loops"
	else nok "lost on time at --st $st (load $(cat /proc/loadavg))" "$out" \
		"$(grep -h Termination r$st/* | sort | uniq -c)"; fi
done
