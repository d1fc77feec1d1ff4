#!/bin/sh
# Docs are part of done: every option a plugin declares (as `options`
# lists it) appears in conf/<game>.ini as 'key =' or '#key =' under a
# comment of its paragraph, and in man/tablero-<game>.7 as '.It Cm key';
# every flag tablero(1) documents with '.It Fl' is in `tablero --help`,
# and every flag a subcommand's page tablero-NAME(1) documents so is in
# `tablero NAME --help`.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-plugin-docs.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
games=$("$TABLERO" -n -c games | sed 's/ .*//')
[ -n "$games" ] || { echo "1..0 # SKIP no games found"; exit 0; }
set -- $games
echo "1..$(($# + 2))"
. "$top_srcdir/tests/tap.sh"
for g in $games; do
	ini="$top_srcdir/conf/$g.ini"
	man="$top_srcdir/man/tablero-$g.7"
	keys=$("$TABLERO" -n -g "$g" -c options |
	    sed -n 's/^\([a-z0-9_]*\) = .*/\1/p')
	missing=
	[ -f "$ini" ] || missing="$missing conf/$g.ini"
	[ -f "$man" ] || missing="$missing man/tablero-$g.7"
	for k in $keys; do
		if [ -f "$ini" ] && ! awk -v k="$k" '
		    /^[ \t]*$/ { said = 0; next }
		    $0 ~ "^#? ?" k " *=" { if (said) found = 1; next }
		    /^#/ { said = 1 }
		    END { exit !found }' "$ini"; then
			missing="$missing conf/$g.ini:$k"
		fi
		if [ -f "$man" ] && ! grep -Eq "^\.It Cm $k( |\$)" "$man"; then
			missing="$missing man/tablero-$g.7:$k"
		fi
	done
	if [ -z "$keys" ]; then
		nok "$g: 'options' listed no option"
	elif [ -z "$missing" ]; then
		ok "$g: every option is in its .ini (commented) and man page"
	else
		nok "$g: undocumented:$missing"
	fi
done
help=$("$TABLERO" --help)
missing=
for f in $(sed -n 's/^\.It Fl //p' "$top_srcdir/man/tablero.1" |
    grep -o 'Fl -*[A-Za-z][A-Za-z0-9-]*\|^-*[A-Za-z][A-Za-z0-9-]*' |
    sed 's/^Fl //' | sort -u); do
	printf '%s\n' "$help" |
	    grep -Eq -- "(^|[^A-Za-z0-9-])-$f([^A-Za-z0-9-]|\$)" ||
	    missing="$missing -$f"
done
if [ -z "$missing" ]; then
	ok "tablero --help lists every flag of tablero(1)"
else
	nok "tablero --help lacks:$missing"
fi
missing=
for page in "$top_srcdir"/man/tablero-*.1; do
	s=$(basename "$page" .1 | sed 's/^tablero-//')
	help=$("$TABLERO" -n "$s" --help 2>&1)
	for f in $(sed -n 's/^\.It Fl //p' "$page" |
	    grep -o '^-*[A-Za-z][A-Za-z0-9-]*' | sort -u); do
		printf '%s\n' "$help" |
		    grep -Eq -- "(^|[^A-Za-z0-9-])-$f([^A-Za-z0-9-]|\$)" ||
		    missing="$missing $s:-$f"
	done
done
if [ -z "$missing" ]; then
	ok "each subcommand's --help lists every flag of its page"
else
	nok "a subcommand's --help lacks:$missing"
fi
