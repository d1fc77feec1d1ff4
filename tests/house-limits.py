#!/usr/bin/env python3
"""The house's size rules (HACKING): no function of host/ or plugins/
longer than 80 lines, from the first line of its header to its closing
brace, and no file of host/ longer than 700 lines.  A function is a
block whose '{' and '}' stand at the start of a line, as the style
writes them; a table's braces do not, so generated tables stay aside.
Prints TAP."""
import os
import sys

FUNCTION_MAX = 80
FILE_MAX = 700


def sources(top, rooms):
    for room in rooms:
        for d, _, names in os.walk(os.path.join(top, room)):
            for n in sorted(names):
                if n.endswith((".c", ".h")):
                    yield os.path.join(d, n)


def functions(path):
    """(first line, lines, header) of each function of path."""
    lines = open(path, encoding="utf-8", errors="replace").read().split("\n")
    i = 0
    while i < len(lines):
        if lines[i].startswith("{"):
            h = i
            while h > 0 and lines[h - 1].strip() and \
                    not lines[h - 1].rstrip().endswith((";", "}", "*/")) \
                    and not lines[h - 1].startswith("#"):
                h -= 1
            j = i + 1
            while j < len(lines) and not lines[j].startswith("}"):
                j += 1
            name = next((t for t in lines[h:i] if "(" in t), lines[h])
            yield h + 1, j - h + 1, name.split("(")[0].strip()
            i = j
        i += 1


def main():
    top = sys.argv[1]
    long_fns, long_files, nfn, nfile = [], [], 0, 0
    for path in sources(top, ["host", "plugins"]):
        rel = os.path.relpath(path, top)
        for line, n, head in functions(path):
            nfn += 1
            if n > FUNCTION_MAX:
                long_fns.append(f"{rel}:{line}: {n} lines: {head}")
        if rel.startswith("host" + os.sep):
            nfile += 1
            n = open(path, encoding="utf-8", errors="replace").read() \
                .count("\n")
            if n > FILE_MAX:
                long_files.append(f"{rel}: {n} lines")
    print("1..2")
    checks = [(long_fns, f"{nfn} functions of host/ and plugins/",
               FUNCTION_MAX, nfn), (long_files, f"{nfile} files of host/",
               FILE_MAX, nfile)]
    for i, (bad, what, limit, count) in enumerate(checks, 1):
        ok = not bad and count > 0
        print(f"{'ok' if ok else 'not ok'} {i} - each of the {what} is at "
              f"most {limit} lines")
        for b in bad:
            print(f"# {b}")


main()
