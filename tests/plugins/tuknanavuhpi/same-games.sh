#!/bin/sh
# same-games.sh - a developer tool, not part of `make check`: do two builds
# of the tuknanavuhpi plugin play the same games?  Before a change that must
# not change a single game (a faster engine, a reorganisation), keep the
# old plugin, then compare it with the new one:
#
#	mkdir /tmp/old && cp plugins/.libs/tuknanavuhpi.so /tmp/old/
#	... change, make ...
#	tests/plugins/tuknanavuhpi/same-games.sh /tmp/old plugins/.libs [GAMES [REPLAY]]
#
# One host (TABLERO, default host/tablero of the current directory) plays
# GAMES (default 1000) seeded random games with each plugin for each of
# the settings below (every variant and every rule option, the quiet
# limit short and off), and the game records must be
# byte-identical (every move, the result, the scores).  Then the old
# plugin's first REPLAY (default 100) records of each setting are
# replayed move by move under both plugins (load, undo, then redo one
# move at a time), and the moves listed before each move, every position
# string and the final board must be identical.  Prints one line a
# setting; exits 1 at the first difference (the directory with both
# outputs is kept), else 0.  About four minutes on two cores.
if [ $# -lt 2 ]; then
	echo "usage: $0 OLD_PLUGIN_DIR NEW_PLUGIN_DIR [GAMES [REPLAY]]" >&2
	exit 2
fi
old=$1 new=$2 games=${3:-1000} replay=${4:-100}
tablero=${TABLERO:-./host/tablero}
for d in "$old" "$new"; do
	if [ ! -f "$d/tuknanavuhpi.so" ]; then
		echo "$0: no $d/tuknanavuhpi.so" >&2
		exit 2
	fi
done
work=$(mktemp -d "${TMPDIR:-/tmp}/same-games.XXXXXX") || exit 2
export HOME="$work"

# The settings.
set -- \
	"variant=tuknanavuhpi" "variant=aiyawatstani" "variant=kharbaga" \
	"variant=tuknanavuhpi opening=left first=black" \
	"variant=tuknanavuhpi capture=longest" \
	"variant=tuknanavuhpi capture=optional" \
	"variant=tuknanavuhpi capture=huff" \
	"variant=tuknanavuhpi shrink=no" \
	"variant=tuknanavuhpi shrink_edge=original" \
	"variant=tuknanavuhpi quiet_limit=10" \
	"variant=tuknanavuhpi quiet_limit=200" \
	"variant=kharbaga opening=left first=black" \
	"variant=kharbaga capture=compulsory" \
	"variant=kharbaga capture=optional" \
	"variant=kharbaga capture=huff" \
	"variant=kharbaga shrink=yes" \
	"variant=kharbaga shrink=yes shrink_edge=original capture=huff" \
	"variant=kharbaga mullah_moves=short" \
	"variant=kharbaga mullah_moves=short capture=optional" \
	"variant=kharbaga quiet_limit=10" \
	"variant=kharbaga quiet_limit=0"

# play DIR OUT OPTS: the records of DIR's plugin, and the replay of the
# first $replay records of $work/old.
play() {
	# shellcheck disable=SC2086
	"$tablero" --no-config -P "$1" match tuknanavuhpi $3 --players \
	    random,random --games "$games" --seed 7 --records "$2/rec" \
	    >/dev/null 2>&1 || return 1
	# shellcheck disable=SC2012,SC2016
	ls "$work/old/rec" | head -n "$replay" | sed "s|^|$work/old/rec/|" |
	    xargs awk '/^\[Moves "[0-9]+"\]$/ {
		n = substr($2, 2, length($2) - 3) + 0
		printf "load %s\nseat 1 human\nseat 2 human\n", FILENAME
		printf "undo %d\nposition\n", n
		for (i = 0; i < n; i++)
			printf "moves\nredo 1\nposition\n"
		printf "show\n"
	}' >"$2/replay.in"
	"$tablero" --no-config -P "$1" -g tuknanavuhpi -b -k -f "$2/replay.in" \
	    >"$2/replay.out" 2>&1
	status=$?
	echo "exit status $status" >>"$2/replay.out"
	# A replay that did not run would compare equal and prove nothing.
	[ "$status" -eq 0 ] || return 1
}

for opts in "$@"; do
	rm -rf "$work/old" "$work/new"
	mkdir "$work/old" "$work/new"
	if ! play "$old" "$work/old" "$opts" || ! play "$new" "$work/new" "$opts"
	then
		echo "FAIL $opts: the match did not run (see $work)"
		exit 1
	fi
	if ! diff -r "$work/old" "$work/new" >"$work/diff"; then
		echo "FAIL $opts: the games differ (see $work/diff)"
		exit 1
	fi
	echo "same $opts: $games games, $(grep -c . "$work/old/replay.out") lines replayed"
done
rm -rf "$work"
