#!/bin/sh
# The plugin trust policy (trust.h): each refusal names the file and the
# reason, --allow-unsafe-plugins overrides all but the regular-file rule,
# and the current directory is never searched implicitly.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-trust.XXXXXX") || exit 99
trap 'chmod -R u+rwx "$work" 2>/dev/null; rm -rf "$work"' EXIT
export HOME="$work" TABLERO_PLUGIN_PATH=
so="$top_builddir/tests/plugins/.libs/testgame.so"
T() { "$TABLERO" --no-config "$@"; }
echo "1..15"
. "$top_srcdir/tests/tap.sh"

d="$work/p"
mkdir "$d" && cp "$so" "$d/testgame.so" && chmod 755 "$d" && chmod 644 "$d/testgame.so"
# refused DESCRIPTION EXPECTED-MESSAGE [OPTIONS]: testgame is not loaded and
# the message is on stderr.
refused() {
	what=$1 msg=$2
	shift 2
	out=$(timeout 10 "$TABLERO" --no-config "$@" -P "$d" -c games 2>&1)
	if printf '%s\n' "$out" | grep -q '^testgame ' ||
	   ! printf '%s\n' "$out" | grep -qF "$msg"; then
		nok "$what" "$out"
	else
		ok "$what"
	fi
}
out=$(T -P "$d" -c games 2>&1)
if printf '%s\n' "$out" | grep -q '^testgame ' && ! printf '%s\n' "$out" | grep -q refusing; then
	ok "a safe plugin directory loads"
else nok "safe directory" "$out"; fi

chmod 777 "$d"
refused "a world-writable plugin directory is refused" \
	"refusing plugin $d/testgame.so: unsafe directory $d: writable by others (mode 0777)"
out=$(T --allow-unsafe-plugins -P "$d" -c games 2>&1)
if printf '%s\n' "$out" | grep -q '^testgame '; then
	ok "--allow-unsafe-plugins loads it"
else nok "--allow-unsafe-plugins" "$out"; fi
chmod 775 "$d"
refused "a group-writable plugin directory is refused" \
	"unsafe directory $d: writable by its group (mode 0775)"
chmod 755 "$d"

chmod 666 "$d/testgame.so"
refused "a world-writable plugin file is refused" \
	"refusing plugin $d/testgame.so: unsafe plugin file: writable by others (mode 0666)"
chmod 644 "$d/testgame.so"

mkdir -p "$work/open/sub" && cp "$d/testgame.so" "$work/open/sub/" && chmod 777 "$work/open"
out=$(T -P "$work/open/sub" -c games 2>&1)
if ! printf '%s\n' "$out" | grep -q '^testgame ' &&
   printf '%s\n' "$out" | grep -qF "unsafe directory $work/open: writable by others"; then
	ok "a writable directory further up is refused"
else nok "writable parent" "$out"; fi

if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
	chown nobody "$d/testgame.so"
	refused "a plugin owned by another user is refused" \
		"unsafe plugin file: owned by user $(id -u nobody), not by you or root"
	chown 0 "$d/testgame.so"
else
	skip "owned by another user (needs root to chown)"
fi

# The name given is checked as well as the file it leads to: a symbolic
# link in an open directory could be pointed elsewhere at any time.
mkdir "$work/lnk" && ln -s "$d/testgame.so" "$work/lnk/testgame.so" && chmod 777 "$work/lnk"
out=$(T -P "$work/lnk" -c games 2>&1)
if ! printf '%s\n' "$out" | grep -q '^testgame ' &&
   printf '%s\n' "$out" | grep -qF "refusing plugin $work/lnk/testgame.so: unsafe directory $work/lnk: writable by others (mode 0777)"; then
	ok "a symbolic link in an open directory to a safe plugin is refused"
else nok "symlink in an open directory" "$out"; fi

# The path is walked as given, name by name (issue 32.5): a directory
# reached through a link in an open directory is refused (it loaded
# without a word, the link being resolved first), and so is a link that
# another user made in a sticky directory such as /tmp.
mkdir "$work/open2" && ln -s "$d" "$work/open2/plugins" && chmod 777 "$work/open2"
out=$(T -P "$work/open2/plugins" -c games 2>&1)
if ! printf '%s\n' "$out" | grep -q '^testgame ' &&
   printf '%s\n' "$out" | grep -qF "refusing plugin $work/open2/plugins/testgame.so: unsafe directory $work/open2: writable by others (mode 0777)"; then
	ok "a plugin directory reached through a link in an open directory is refused"
else nok "directory link in an open directory" "$out"; fi
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
	mkdir "$work/sticky" && chmod 1777 "$work/sticky" &&
	ln -s "$d" "$work/sticky/plugins" && chown -h nobody "$work/sticky/plugins"
	out=$(T -P "$work/sticky/plugins" -c games 2>&1)
	if ! printf '%s\n' "$out" | grep -q '^testgame ' &&
	   printf '%s\n' "$out" | grep -qF "refusing plugin $work/sticky/plugins/testgame.so: symbolic link $work/sticky/plugins owned by user $(id -u nobody), not by you or root"; then
		ok "a link another user made in a sticky directory is refused"
	else nok "another user's link in a sticky directory" "$out"; fi
else
	skip "another user's link (needs root to chown)"
fi

# A file not named as a plugin is refused before any of its code runs.
mkdir "$work/named" && cp "$d/testgame.so" "$work/named/test game.so" && chmod 755 "$work/named"
out=$(T -P "$work/named" -c games 2>&1)
if printf '%s\n' "$out" | grep -qF "refusing plugin $work/named/test game.so: not named as a plugin file (NAME.so, NAME of letters, digits, '_' and '-')"; then
	ok "a file not named NAME.so is refused before it is loaded"
else nok "misnamed plugin file" "$out"; fi

rm "$d/testgame.so"
mkfifo "$d/fifo.so"
refused "a FIFO named x.so is refused, not opened (no hang)" \
	"refusing plugin $d/fifo.so: not a regular file"
refused "--allow-unsafe-plugins still loads only regular files" \
	"refusing plugin $d/fifo.so: not a regular file" --allow-unsafe-plugins
rm "$d/fifo.so"

# The current directory is never searched without -P.
cp "$so" "$work/testgame.so" && chmod 644 "$work/testgame.so"
out=$(cd "$work" && T -c games 2>&1)
if ! printf '%s\n' "$out" | grep -q '^testgame '; then
	ok "the current directory is not searched implicitly"
else nok "cwd searched" "$out"; fi

# `check NAME.so` is the file NAME.so here, not a loaded plugin of that soname.
cp "$top_builddir/tests/badgame/.libs/badpos.so" "$work/badpos.so"
chmod 644 "$work/badpos.so"
out=$(cd "$work" && T check badpos.so --games 1 2>&1)
rc=$?
if [ "$rc" = 1 ] && printf '%s\n' "$out" | grep -q '^check badpos (./badpos.so)'; then
	ok "check NAME.so checks the file in the current directory"
else nok "check NAME.so (status $rc)" "$out"; fi
