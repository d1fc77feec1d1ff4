#!/bin/sh
# Inputs the host must not trust (issue 25): piped input to -i ends, a
# file expected where a FIFO or a device is given is refused at once
# (load, -f, -C, recuay board=, merge), files over their size limit are
# refused, and a history temporary left by a killed session is removed.
work=$(mktemp -d "${TMPDIR:-/tmp}/tablero-hard.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
export HOME="$work" XDG_DATA_HOME="$work/data"
T() { timeout 20 "$TABLERO" --no-config "$@"; }
echo "1..10"
. "$top_srcdir/tests/tap.sh"

# 1: -i reading a pipe ends at its end (readline's event hook spun).
out=$(printf 'new example\n' | T -n -i 2>&1); rc=$?
if [ $rc -eq 0 ] && echo "$out" | grep -q '^new game of example$'; then ok "-i with piped input ends at the end of input"
else nok "-i with piped input (status $rc)" "$out"; fi

# 2-6: a FIFO or a device where a file is expected.
mkfifo "$work/fifo"
out=$(T -n -c "load $work/fifo" 2>&1)
if [ $? -ne 0 ] && [ "$out" = "-c:1: $work/fifo: cannot open: not a regular file (a FIFO or a device?)" ]; then ok "load refuses a FIFO at once"
else nok "load of a FIFO" "$out"; fi
out=$(T -n -c "load /dev/zero" 2>&1)
if [ $? -ne 0 ] && [ "$out" = "-c:1: /dev/zero: cannot open: not a regular file (a FIFO or a device?)" ]; then ok "load refuses /dev/zero"
else nok "load of /dev/zero" "$out"; fi
out=$(T -n -f "$work/fifo" 2>&1; echo "rc=$?")
out2=$(T -n -f /dev/zero 2>&1; echo "rc=$?")
if [ "$out" = "tablero: $work/fifo: cannot open: not a regular file (a FIFO or a device?)
rc=2" ] && [ "$out2" = "tablero: /dev/zero: cannot open: not a regular file (a FIFO or a device?)
rc=2" ]; then ok "-f refuses a FIFO and /dev/zero"
else nok "-f of a FIFO or a device" "$out" "$out2"; fi
out=$(timeout 20 "$TABLERO" -C "$work/fifo" -n -c quit 2>&1)
if [ $? -ne 0 ] && echo "$out" | grep -qF "$work/fifo: cannot read configuration: not a regular file (a FIFO or a device?)"; then ok "-C refuses a FIFO"
else nok "-C of a FIFO" "$out"; fi
out=$(T -n -c "new recuay board=$work/fifo" 2>&1)
if [ $? -ne 0 ] && echo "$out" | grep -qFx -e "-c:1: board: $work/fifo: cannot open: not a regular file (a FIFO or a device?)"; then ok "recuay board= refuses a FIFO"
else nok "board= of a FIFO" "$out"; fi

# 7: a record over 16 MiB is refused before it is read.
head -c 17000000 /dev/zero | tr '\0' '#' > "$work/big.tbr"
out=$(T -n -c "load $work/big.tbr" 2>&1)
if [ $? -ne 0 ] && [ "$out" = "-c:1: $work/big.tbr: cannot open: larger than 16777216 bytes" ]; then ok "load refuses a record over 16 MiB"
else nok "a big record" "$out"; fi

# 8-9: --openings reads through the same bounded reader (issue 32.8):
# /dev/zero and a FIFO refused at once, a file over 16 MiB and one with a
# NUL byte refused with a one-line error.
out=$(T match example --players random,random --games 2 --openings /dev/zero 2>&1; echo "rc=$?")
out2=$(T match example --players random,random --games 2 --openings "$work/fifo" 2>&1; echo "rc=$?")
if [ "$out" = "tablero: match: /dev/zero: not a regular file (a FIFO or a device?)
rc=2" ] && [ "$out2" = "tablero: match: $work/fifo: not a regular file (a FIFO or a device?)
rc=2" ]; then ok "--openings refuses /dev/zero and a FIFO at once"
else nok "--openings of a device or a FIFO" "$out" "$out2"; fi
printf 'b2 a1\000junk\n' > "$work/nul.txt"
out=$(T match example --players random,random --games 2 --openings "$work/big.tbr" 2>&1; echo "rc=$?")
out2=$(T match example --players random,random --games 2 --openings "$work/nul.txt" 2>&1; echo "rc=$?")
if [ "$out" = "tablero: match: $work/big.tbr: larger than 16777216 bytes
rc=2" ] && [ "$out2" = "tablero: match: $work/nul.txt: a NUL byte in the file
rc=2" ]; then ok "--openings refuses a file over 16 MiB and a NUL byte"
else nok "--openings of a big file or a NUL" "$out" "$out2"; fi

# 10: a history temporary of a killed session (its process gone) goes at
# the next save; one of a live process stays.
mkdir -p "$work/data/tablero"
: > "$work/data/tablero/history-2147483646.tmp"
: > "$work/data/tablero/history-$$.tmp"
printf 'help\n' | T -n -i >/dev/null 2>&1
if [ ! -e "$work/data/tablero/history-2147483646.tmp" ] && [ -e "$work/data/tablero/history-$$.tmp" ] &&
   [ -s "$work/data/tablero/history" ]; then ok "a stale history temporary is removed at the next save"
else nok "stale history temporary" "$(ls -a "$work/data/tablero")"; fi
