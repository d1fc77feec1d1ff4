#!/bin/sh
# Every man page lints clean (mandoc -Tlint, else groff -ww).
cd "$top_srcdir/man" || exit 99
pages=$(ls *.[1-9] 2>/dev/null)
n=$(echo "$pages" | wc -w)
echo "1..$n"
i=0
for p in $pages; do
	i=$((i + 1))
	if [ -n "$MANDOC" ]; then
		out=$($MANDOC -Tlint -W warning "$p" 2>&1)
	else
		out=$(groff -ww -z -mandoc "$p" 2>&1)
	fi
	if [ -z "$out" ]; then
		echo "ok $i - $p lints clean"
	else
		echo "not ok $i - $p"
		printf '%s\n' "$out" | sed 's/^/# /'
	fi
done
