#!/bin/sh
# A faulty engine for tests: $1 says how it fails when asked to move
# (first: it does not fail, it plays the first legal move it is told).
while read -r cmd rest; do
	case $cmd in
	tablero-engine) echo "tablero-engine 1 bad-$1" ;;
	legal) set -- "$1" $rest; first=$2 ;;
	go)
		case $1 in
		crash) kill -SEGV $$ ;;
		exit) exit 3 ;;
		hang) while :; do sleep 1; done ;;
		garbage) echo "hello there" ;;
		illegal) echo "move zz9" ;;
		slow) sleep 1; echo "move $first" ;;
		first) echo "move $first" ;;
		esac ;;
	quit) exit 0 ;;
	esac
done
