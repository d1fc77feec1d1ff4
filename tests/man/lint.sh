#!/bin/sh
# Every man page lints clean under mandoc (-Tlint), renders clean under
# groff as man -l shows it (-Tutf8 with every warning: a table cell that
# cannot be broken), and shows no macro's name in its text (a macro left
# in running text, issue 31 items 15 and 20).
cd "$top_srcdir/man" || exit 99
pages=$(ls *.[1-9] 2>/dev/null)
n=$(echo "$pages" | wc -w)
echo "1..$n"
macros='Ns|Ar|Fl|Cm|Oo|Oc|Op|Pq|Ql|Sq|Dq|Qq|Xr|Sx|Ic|Pa|Va|Ev|Dv|Ta|Nm|Pf|Sy|Li|Bl|El|Pp'
groff=
command -v groff >/dev/null 2>&1 && groff=groff
i=0
for p in $pages; do
	i=$((i + 1))
	out=
	if [ -n "$MANDOC" ]; then
		out=$($MANDOC -Tlint -W warning "$p" 2>&1)
	fi
	if [ -n "$groff" ]; then
		out="$out$(LC_ALL=C.UTF-8 groff -mandoc -Tutf8 -ww -z "$p" 2>&1)"
	fi
	# A macro left in running text shows as its name ("1 - Ns Ar score").
	if [ -n "$MANDOC$groff" ]; then
		shown=$(if [ -n "$MANDOC" ]; then $MANDOC -Tutf8 "$p"; else
		    LC_ALL=C.UTF-8 groff -mandoc -Tutf8 "$p"; fi 2>/dev/null |
		    sed 's/.\x08//g' | grep -nE "(^|[[:space:]])($macros)([[:space:]]|\$)")
		[ -n "$shown" ] && out="$out
macro names in the rendered text:
$shown"
	fi
	if [ -z "$MANDOC$groff" ]; then
		echo "ok $i # SKIP neither mandoc nor groff"
	elif [ -z "$out" ]; then
		echo "ok $i - $p lints clean and renders clean under groff"
	else
		echo "not ok $i - $p"
		printf '%s\n' "$out" | sed 's/^/# /'
	fi
done
