#!/bin/sh
# A faulty engine for tests: $1 says how it fails when asked to move
# (first: it does not fail, it plays the first legal move it is told;
# crlf: the same, its lines ending in CR LF; long: a line of 70000
# bytes; nonl: the first move without a newline, then it exits; close:
# it closes its output and goes on running; tell: as first, and every
# line it reads goes to its stderr; info: as first, after two info
# lines, the last with score 0.25; sure: as first, after an info line
# with score 0.9; trail: a move with more after it; hello and proto2: a bad
# handshake, another protocol's; nul: a move with a NUL byte in its line;
# twice: two moves to one go; again: the move it played first, every time;
# deaf: it reads nothing after the handshake; orphan: it exits with status
# 3, leaving a child that holds its output; setsid: as first, after
# starting a process of a session of its own whose pid goes to the file
# setsid.pid, which stays until killed).
while read -r cmd rest; do
	[ "$1" = tell ] && echo "$cmd $rest" >&2
	case $cmd in
	tablero-engine)
		case $1 in
		hello) echo "hello" ;;
		proto2) echo "tablero-engine 2 bad-$1" ;;
		deaf) echo "tablero-engine 1 bad-$1"; exec sleep 30 ;;
		*) echo "tablero-engine 1 bad-$1" ;;
		esac ;;
	legal) set -- "$1" $rest; first=$2 ;;
	go)
		case $1 in
		crash) kill -SEGV $$ ;;
		exit) exit 3 ;;
		hang) while :; do sleep 1; done ;;
		garbage) echo "hello there" ;;
		illegal) echo "move zz9" ;;
		slow) sleep 1; echo "move $first" ;;
		first|tell) echo "move $first" ;;
		info) echo "info"; echo "info score 0.25 depth 1"; echo "move $first" ;;
		sure) echo "info score 0.9"; echo "move $first" ;;
		trail) echo "move $first and more" ;;
		crlf) printf 'move %s\r\n' "$first" ;;
		nul) printf 'move %s\0junk\n' "$first" ;;
		twice) printf 'move %s\nmove %s\n' "$first" "$first" ;;
		again) [ -n "$again" ] || again=$first; echo "move $again" ;;
		orphan) sleep 30 & exit 3 ;;
		setsid)
			[ -f setsid.pid ] || setsid sh -c 'echo $$ > setsid.pid; exec sleep 30' </dev/null 2>/dev/null &
			while [ ! -s setsid.pid ]; do sleep 0.01; done
			echo "move $first" ;;
		long) head -c 70000 /dev/zero | tr '\0' x; echo ;;
		nonl) printf 'move %s' "$first"; exit 0 ;;
		close) exec >&-; sleep 5 ;;
		esac ;;
	quit) exit 0 ;;
	esac
done
