#!/bin/sh
# The shipped openings (conf/mancala/*.openings): each file is read by
# match --openings, every line is a legal opening of its variant from
# which the game goes on, and each is played once in each seating.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-openings.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
echo "1..2"
. "$top_srcdir/tests/tap.sh"

for v in hus mangala; do
	f="$top_srcdir/conf/mancala/$v.openings"
	lines=$(grep -c '^[a-z]' "$f")
	"$TABLERO" --no-config match mancala variant=$v \
	    --players random,random --games $((2 * lines)) --openings "$f" \
	    --records "$work/$v" > "$work/out" 2> "$work/err"
	rc=$?
	# Game i plays opening i/2: its record starts with those moves.
	want=$(grep '^[a-z]' "$f" | awk '{ print; print }')
	got=$(echo "$want" | awk -v dir="$work/$v" '{
		r = sprintf("%s/game-%06d.tbr", dir, NR); k = 0; line = ""
		while (k < NF && (getline l < r) > 0)
			if (l ~ /^[a-z][0-9]+ +#/) {
				split(l, w, " "); line = line (k ? " " : "") w[1]; k++
			}
		close(r); print line }')
	if [ $rc -eq 0 ] && [ ! -s "$work/err" ] && [ "$lines" -ge 100 ] &&
	    [ "$(ls "$work/$v" | wc -l)" -eq $((2 * lines)) ] &&
	    [ "$got" = "$want" ]; then
		ok "$v: $lines openings, each played in both seatings"
	else nok "$v openings (status $rc, $lines lines)" "$(cat "$work/err")" \
	    "$(echo "$got" | head -3)"; fi
done
