#!/bin/sh
# The example plugin builds out of tree through pkg-config, as a plugin
# author builds theirs, and the host loads and plays it.
echo "1..3"
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-sdk.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cflags=$(PKG_CONFIG_PATH="$top_builddir/sdk" pkg-config --cflags tablero)
if [ -n "$cflags" ] && ${CC:-cc} -shared -fPIC $cflags -Wall -Wextra -Werror \
	-o "$work/example.so" "$top_srcdir/sdk/example/example.c" 2>"$work/cc.log"; then
	echo "ok 1 - cc -shared -fPIC \$(pkg-config --cflags tablero) builds sdk/example"
else
	echo "not ok 1 - out-of-tree build of sdk/example failed"
	sed 's/^/# /' "$work/cc.log"
fi
dir=$(PKG_CONFIG_PATH="$top_builddir/sdk" pkg-config --variable=plugindir tablero)
if [ -n "$dir" ]; then
	echo "ok 2 - pkg-config gives the plugin directory ($dir)"
else
	echo "not ok 2 - pkg-config --variable=plugindir tablero is empty"
fi
# The plugin must be the one built here: without it the host would find
# the build tree's example and the game alone would prove nothing.
out=$(HOME="$work" "$TABLERO" --no-config -P "$work" -s 1 \
	-c 'new example; play b2; position' 2>&1)
loaded=$(HOME="$work" "$TABLERO" --no-config -P "$work" check example \
	--games 1 2>&1 | head -n 1)
if [ -f "$work/example.so" ] &&
   [ "$(printf '%s\n' "$out" | tail -n 1)" = ".../.X./... O" ] &&
   [ "${loaded#"check example ($work/example.so)"}" != "$loaded" ]; then
	echo "ok 3 - tablero loads the out-of-tree plugin and plays it"
else
	echo "not ok 3 - the out-of-tree plugin was not the one loaded and played"
	printf '%s\n%s\n' "$loaded" "$out" | sed 's/^/# /'
fi
