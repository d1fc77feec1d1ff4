#!/bin/sh
# `tablero check` (the SDK contract on random games: legal moves, chance
# outcomes, position strings that round-trip, moves that parse back) on
# every mancala variant, every Lane set-up and a match.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-mancala-check.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work"
set -- \
	"variant=hus" "variant=maruba" "variant=mofuba" "variant=tschuba" \
	"variant=tschuba2" "variant=chuba" "variant=annana" "variant=djamo" \
	"variant=poo" "variant=kale" "variant=mankalah" \
	"variant=mankalah setup=wise_ends" "variant=mankalah setup=ignorants" \
	"variant=mankalah setup=none chain=both" \
	"variant=mankalah setup=ignorants match_target=60" \
	"variant=mangala" "variant=mangala setup=wise" \
	"variant=mangala setup=wise_ends" "variant=mangala setup=ignorants" \
	"variant=gabatta" "variant=gabatta stuck=pass leftover=owner"
echo "1..$#"
i=0
for opts in "$@"; do
	i=$((i + 1))
	# shellcheck disable=SC2086
	if "$TABLERO" --no-config check mancala $opts --games 25 --seed 1 \
	    >"$work/out" 2>&1; then
		echo "ok $i - tablero check mancala $opts"
	else
		echo "not ok $i - tablero check mancala $opts"
		sed 's/^/# /' "$work/out"
	fi
done
