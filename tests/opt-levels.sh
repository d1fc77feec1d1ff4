#!/bin/sh
# Every C file of the host, the plugins and the SDK example compiles
# without a warning (-Werror) at -O1, -O2 and -O3 with this build's own
# compiler and flags (its sanitizers, coverage or CFLAGS), not only at
# the level it was built at: GCC's warnings that rest on the optimiser's
# value ranges (format-truncation, stringop-overflow, array-bounds,
# maybe-uninitialized) differ from one level to the next, and one of
# them at -O1 with the sanitizers broke `./configure --enable-sanitizers
# CFLAGS="-O1 -g"` in a git checkout.  The level the build used is
# already compiled by `make`; the others are compiled here (no link), in
# the scratch directory: a coverage build's compiler writes its notes
# (NAME.gcno) into the directory it runs in, and gcovr would read notes
# left in the source tree as lines never run (make coverage).
# BUILD_CFLAGS comes from Makefile.am's test environment.
if [ -z "${BUILD_CFLAGS+set}" ] || [ -z "${CC:-}" ]; then
	echo "1..0 # SKIP run through make check (BUILD_CFLAGS, CC)"
	exit 0
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-opt-levels.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
echo "1..3"
. "$top_srcdir/tests/tap.sh"
# The build's flags without their optimisation level (the last -O wins).
flags= built=2
for w in $BUILD_CFLAGS; do
	case $w in
	-O) built=1 ;;
	-O[0-9s]|-Ofast|-Og|-Oz) built=${w#-O} ;;
	*) flags="$flags $w" ;;
	esac
done
cd "$top_srcdir" || exit 99
# A file built by mpicc (its MPI flags are the wrapper's) is left to the
# build: grep -L leaves out what includes <mpi.h>.
files=$(grep -L '^#include <mpi.h>' host/*.c host/*/*.c plugins/*/*.c \
    sdk/example/*.c)
cc_at() {
	# shellcheck disable=SC2086 # the flags are words
	printf '%s\n' $files | xargs -P 2 -I{} sh -c '
		o=$1
		cd "$3" || exit 1
		'"$CC"' '"$flags"' -Werror -DPKGLIBDIR="\"/x\"" \
		    -DPKGDATADIR="\"/x\"" -DSYSCONFDIR="\"/x\"" \
		    -D_POSIX_C_SOURCE=200809L -I"$top_srcdir/sdk" \
		    -I"$top_builddir" -I"$top_srcdir/host" \
		    -I"$top_builddir/$(dirname "$2")" -O"$o" -c -o /dev/null \
		    "$top_srcdir/$2" >"$3/$(echo "$2" | tr / _).err" 2>&1 ||
		    echo "$2" >>"$3/failed"' sh "$1" {} "$work"
}
for o in 1 2 3; do
	if [ "$o" = "$built" ]; then
		ok "-O$o: the build itself compiled every file at this level"
		continue
	fi
	rm -f "$work"/*.err "$work/failed"
	cc_at "$o"
	ran=$(ls "$work" | grep -c '\.err$')
	if [ "$ran" != "$(echo "$files" | wc -l)" ]; then
		nok "-O$o: compiled $ran of the files" "$(ls "$work")"
	elif [ ! -s "$work/failed" ]; then
		ok "-O$o: $(echo "$files" | wc -l) C files compile without warnings"
	else
		nok "-O$o: files fail with this build's flags" \
		    "$(cat "$work/failed")" \
		    "$(cat "$work"/*.err | grep -m 8 'error\|warning')"
	fi
done
