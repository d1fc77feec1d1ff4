#!/bin/sh
# An installed tablero (make install DESTDIR=...) carries no path of the
# build or source tree and finds only installed plugins; the build tree's
# tablero finds its own plugins without installing.  Every page a
# subcommand's --help names is installed, and `tablero help NAME` on a
# terminal shows the installed page.
echo "1..6"
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-install.XXXXXX") || exit 99
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
if ! ${MAKE:-make} -C "$top_builddir" install DESTDIR="$work" >"$work.log" 2>&1; then
	echo "Bail out! make install DESTDIR failed"
	sed 's/^/# /' "$work.log"
	rm -f "$work.log"
	exit 1
fi
rm -f "$work.log"
inst=$(find "$work" -path '*/bin/tablero' -type f | head -n 1)
plugdir=$(dirname "$(find "$work" -name 'example.so' -type f | head -n 1)")
leaks=$(grep -rl -F -e "$top_builddir" -e "$top_srcdir" "$work" 2>/dev/null)
if grep -q '^#define TABLERO_COVERAGE 1' "$top_builddir/config.h"; then
	# gcov writes its counts next to the objects: a coverage build names
	# them in every binary, by design.
	echo "ok 1 # SKIP a coverage build names its tree (gcov counts)"
elif [ -n "$inst" ] && [ -z "$leaks" ]; then
	echo "ok 1 - no installed file names the build or source tree"
else
	echo "not ok 1 - installed files name the build tree: ${leaks:-no tablero installed}"
fi
# Not found at all (nothing installed system-wide) or found installed:
# never the build tree's.
out=$(env -u TABLERO_PLUGIN_PATH HOME="$work" "$inst" -n check example --games 1 2>&1)
case $out in
*"$top_builddir"*)
	echo "not ok 2 - the installed tablero loads the build tree's plugin"
	printf '%s\n' "$out" | sed 's/^/# /' ;;
*)	echo "ok 2 - the installed tablero does not search the build tree" ;;
esac
out=$(env -u TABLERO_PLUGIN_PATH HOME="$work" "$inst" -n -P "$plugdir" \
	check example --games 1 2>&1)
case $out in
"check example ($plugdir/example.so)"*)
	echo "ok 3 - the installed tablero loads installed plugins" ;;
*)	echo "not ok 3 - the installed plugins did not load"
	printf '%s\n' "$out" | sed 's/^/# /' ;;
esac
out=$(env -u TABLERO_PLUGIN_PATH HOME="$work" "$TABLERO" -n check example --games 1 2>&1)
case $out in
"check example ($top_builddir/plugins/.libs/example.so)"*)
	echo "ok 4 - the build tree's tablero finds its own plugins" ;;
*)	echo "not ok 4 - the build tree's tablero did not find its plugins"
	printf '%s\n' "$out" | sed 's/^/# /' ;;
esac
mandir=$(dirname "$(find "$work" -name 'tablero.1' -type f | head -n 1)")
missing=
for s in $("$inst" -n --help | sed -n 's/^       tablero \([a-z]*\) .*/\1/p'); do
	page=$("$inst" -n "$s" --help 2>/dev/null | sed -n 's/^See \(tablero-[a-z]*\)(1) and tablero(1)\.$/\1/p')
	[ -n "$page" ] && [ -f "$mandir/$page.1" ] || missing="$missing $s:${page:-none}"
done
if [ -z "$missing" ]; then echo "ok 5 - each subcommand's page is installed"
else echo "not ok 5 - pages not installed:$missing"; fi
if ! command -v man >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
	echo "ok 6 # SKIP no man or no python3"
else
	printf 'expect\tTABLERO-SOLVE\\(1\\)\nexit\t0\n' >"$work/help.pty"
	if env -u TABLERO_PLUGIN_PATH HOME="$work" MANPATH="$(dirname "$mandir")" \
	    MANPAGER=cat PAGER=cat MANWIDTH=80 python3 "$top_srcdir/tests/pty-session.py" \
	    "$work/help.pty" -- "$inst" -n help solve >"$work/pty.out" 2>&1
	then echo "ok 6 - tablero help solve shows the installed page on a terminal"
	else echo "not ok 6 - tablero help solve on a terminal"
		sed 's/^/# /' "$work/pty.out"; fi
fi
