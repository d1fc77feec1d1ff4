#!/bin/sh
# same-games.sh - a developer tool, not part of `make check`: do two builds
# of the mancala plugin play the same games?  Before a change that must
# not change a single game (a faster engine, a reorganisation), keep the
# old plugin, then compare it with the new one:
#
#	mkdir /tmp/old && cp plugins/.libs/mancala.so /tmp/old/
#	... change, make ...
#	tests/plugins/mancala/same-games.sh /tmp/old plugins/.libs [GAMES [REPLAY]]
#
# One host (TABLERO, default host/tablero of the current directory) plays
# GAMES (default 1000) seeded random games with each plugin for each of
# the 36 settings below (every variant, the main options, long hands, the
# lap limit, chance set-ups, matches), and the game records must be
# byte-identical (every move, the result, the scores).  Then the old
# plugin's first REPLAY (default 100) records of each setting are
# replayed move by move under both plugins (load, undo, then redo one
# move at a time), and the moves listed before each move, every position
# string and the final board must be identical.  Prints one line a
# setting; exits 1 at the first difference (the directory with both
# outputs is kept), else 0.  About five minutes on two cores.
if [ $# -lt 2 ]; then
	echo "usage: $0 OLD_PLUGIN_DIR NEW_PLUGIN_DIR [GAMES [REPLAY]]" >&2
	exit 2
fi
old=$1 new=$2 games=${3:-1000} replay=${4:-100}
tablero=${TABLERO:-./host/tablero}
for d in "$old" "$new"; do
	if [ ! -f "$d/mancala.so" ]; then
		echo "$0: no $d/mancala.so" >&2
		exit 2
	fi
done
work=$(mktemp -d "${TMPDIR:-/tmp}/same-games.XXXXXX") || exit 2
export HOME="$work"

# The settings.
set -- \
	"variant=hus" "variant=hus holes=8" "variant=hus holes=32 seeds=20" \
	"variant=hus opening_transfer=no" "variant=hus captured=remove" \
	"variant=hus lap_limit=5 endless=draw" "variant=hus lap_limit=3" \
	"variant=hus skip_start=yes" "variant=hus stuck=pass" \
	"variant=hus capture=empty" "variant=hus capture=none relay=no" \
	"variant=hus extra=pair captured=remove" \
	"variant=maruba" "variant=mofuba" "variant=maruba singletons=always" \
	"variant=maruba start=full seeds=5 turn_limit=40" \
	"variant=tschuba" "variant=tschuba2" "variant=chuba" \
	"variant=chuba extra=hole relay=no" \
	"variant=annana" "variant=annana passing=no" \
	"variant=annana holes=4 seeds=20" "variant=annana skip_start=yes" \
	"variant=mankalah" "variant=mankalah setup=ignorants" \
	"variant=mankalah match_target=60" \
	"variant=mankalah setup=ignorants match_target=60" \
	"variant=mankalah setup=wise_ends" \
	"variant=mankalah setup=none chain=both" \
	"variant=mankalah take_opposite=no chain=none" \
	"variant=mangala" "variant=mangala passing=yes skip_start=yes" \
	"variant=gabatta" "variant=gabatta seeds=20" \
	"variant=gabatta stuck=pass leftover=owner"

# play DIR OUT OPTS: the records of DIR's plugin, and the replay of the
# first $replay records of $work/old.
play() {
	# shellcheck disable=SC2086
	"$tablero" --no-config -P "$1" match mancala $3 --players \
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
	"$tablero" --no-config -P "$1" -b -k -f "$2/replay.in" >"$2/replay.out" \
	    2>&1
	echo "exit status $?" >>"$2/replay.out"
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
