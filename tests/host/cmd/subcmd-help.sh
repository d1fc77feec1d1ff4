#!/bin/sh
# What the command line says of itself (issue 31.16, 33.8): `tablero help
# NAME` is `NAME --help`; each subcommand's --help names every flag of
# its synopsis with its value and what it does, from the one flag table
# (cmd/subcmd.h), and no flag the synopsis lacks; `tablero games --help`
# is the REPL's help of games, without a script's "-c:1:"; a misspelt
# subcommand is told the nearest name; each subcommand's page is
# tablero-NAME(1), which `tablero help NAME` shows on a terminal.
command -v python3 >/dev/null 2>&1 || { echo "1..0 # SKIP no python3"; exit 0; }
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-subcmd-help.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
export HOME="$work" TABLERO_PLUGIN_PATH=
T() { "$TABLERO" --no-config "$@"; }
subs=$(T --help | sed -n 's/^       tablero \([a-z]*\) .*/\1/p' | grep -v '^\(games\|help\)$')
echo "1..$(( $(echo "$subs" | wc -l) * 2 + 5 ))"
. "$top_srcdir/tests/tap.sh"

# The flags of a synopsis against those --help describes: "" when they
# agree and each has its help, else what is wrong.
agree() {
	python3 - "$1" <<'EOP'
import re, sys
text = open(sys.argv[1]).read()
head, _, rest = text.partition("\n\n")
syn, toks = {}, head.replace("usage:", "").split()
for i, t in enumerate(toks):
    name = t.lstrip("[")
    if not name.startswith("--"):
        continue
    arg, closed = None, name.endswith("]")
    name = name.rstrip("]")
    if i + 1 < len(toks) and not closed:
        a = toks[i + 1]
        if a not in ("|", "...]", "...") and not a.lstrip("[").startswith("--"):
            while a.count("]") > a.count("["):
                a = a[:-1]
            arg = a
    syn[name] = arg
desc = {}
for line in rest.splitlines():
    m = re.match(r"  (--[a-z-]+)(?: (\S+))?(?:\s+(\S.*))?$", line)
    if m:
        desc[m.group(1)] = (m.group(2), m.group(3))
    elif line.startswith(" " * 26) and desc:
        pass
bad = []
for n, a in syn.items():
    if n == "--help":
        continue
    if n not in desc:
        bad.append("%s: in the synopsis, not described" % n)
    elif desc[n][0] != a:
        bad.append("%s: %s in the synopsis, %s in the help" % (n, a, desc[n][0]))
for n, (a, h) in desc.items():
    if n not in syn:
        bad.append("%s: described, not in the synopsis" % n)
    if h is None and not re.search(r"\n  %s[^\n]*\n {26}\S" % re.escape(n), rest):
        bad.append("%s: no help" % n)
    if h and "not described" in h:
        bad.append("%s: no help" % n)
print("\n".join(bad))
EOP
}
for s in $subs; do
	T "$s" --help > "$work/a" 2>&1; rc1=$?
	T help "$s" > "$work/b" 2>&1; rc2=$?
	if [ $rc1 = 0 ] && [ $rc2 = 0 ] && cmp -s "$work/a" "$work/b"; then ok "tablero help $s is $s --help"
	else nok "help $s ($rc1, $rc2)" "$(cat "$work/a")" "$(cat "$work/b")"; fi
	why=$(agree "$work/a")
	if [ -z "$why" ] && grep -q '^See \(tablero-[a-z]*([0-9]) and \)\{0,1\}tablero(1)\.$' "$work/a"; then ok "$s --help describes each flag of its synopsis"
	else nok "$s --help" "$why" "$(cat "$work/a")"; fi
done

out=$(T games --help 2>&1); rc=$?
want=$(T -c "help games" 2>&1)
if [ $rc = 0 ] && [ "$out" = "$want" ] && ! echo "$out" | grep -q -- '-c:'; then ok "games --help is the help of games"
else nok "games --help (status $rc)" "$out"; fi
out=$(T games -x 2>&1); rc=$?
if [ $rc = 1 ] && [ "$out" = "tablero: games takes -v or nothing, not '-x'" ]; then ok "an error of 'tablero games' names no -c"
else nok "games -x (status $rc)" "$out"; fi
a=$(T mtach 2>&1); rc1=$?
b=$(T solv mancala 2>&1); rc2=$?
if [ $rc1 = 2 ] && [ "$(echo "$a" | head -1)" = "tablero: 'mtach' is neither a command nor a file (did you mean 'match'?)" ] &&
   [ $rc2 = 2 ] && [ "$(echo "$b" | head -1)" = "tablero: 'solv' is neither a command nor a file (did you mean 'solve'?)" ]; then
	ok "a misspelt subcommand: did you mean"
else nok "misspelt subcommand ($rc1, $rc2)" "$a" "$b"; fi
# Each subcommand has a page of its own, tablero-NAME(1), in man/, and
# its --help names it.
bad=
for s in $subs; do
	l=$(T "$s" --help 2>&1 | tail -1)
	[ "$l" = "See tablero-$s(1) and tablero(1)." ] && [ -f "$top_srcdir/man/tablero-$s.1" ] ||
		bad="$bad $s: $l;"
done
if [ -z "$bad" ]; then ok "each subcommand's --help names its page tablero-NAME(1)"
else nok "the pages --help names" "$bad"; fi
# On a terminal, `tablero help NAME` shows that page (run from the build
# tree: the source tree's file, through man -l).
if command -v man >/dev/null 2>&1; then
	printf 'expect\tTABLERO-MATCH\\(1\\)\nexit\t0\n' >"$work/help.pty"
	if MANPAGER=cat PAGER=cat MANWIDTH=80 python3 "$top_srcdir/tests/pty-session.py" \
	    "$work/help.pty" -- "$TABLERO" --no-config help match >"$work/pty.out" 2>&1
	then ok "tablero help match shows tablero-match(1) on a terminal"
	else nok "help match on a terminal" "$(cat "$work/pty.out")"; fi
else ok "help on a terminal # SKIP man is not installed"; fi
