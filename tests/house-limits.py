#!/usr/bin/env python3
"""The house's rules (HACKING): no function of host/ or plugins/
longer than 80 lines, from the first line of its header to its closing
brace, and no file of host/ longer than 700 lines.  A function is a
block whose '{' and '}' stand at the start of a line, as the style
writes them; a table's braces do not, so generated tables stay aside.
And the one door to a plugin: no call of a value or text hook (DOOR)
outside core/game*.c, which checks the answers, and cmd/check*.c, which
judges them raw; core/game.h names the same hooks.  Prints TAP."""
import os
import re
import sys

FUNCTION_MAX = 80
FILE_MAX = 700
DOOR = ("players", "to_move", "player_name", "parse_move", "format_move",
        "render", "get_position", "set_position", "result",
        "describe_result", "evaluate", "explain_illegal", "option_value",
        "passes", "narrate", "end_kind", "match_game_end")
# A call of a hook through any pointer (g->to_move(s), p->game.players(s)),
# or the hook handed out (fn = g->render; text_of(g->render, s)).
CALL = re.compile(r"(->|\.)\s*(" + "|".join(DOOR) + r")\s*\(|"
                  r"\b(?:g|game)(?:->|\.)(" + "|".join(DOOR) + r")\s*[,;]")
DOOR_FILES = re.compile(r"host/core/game[a-z_]*\.[ch]$|host/cmd/check[a-z_]*\.c$")


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


def code(path):
    """The text of path with its comments and string literals blanked."""
    text = open(path, encoding="utf-8", errors="replace").read()
    return re.sub(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"',
                  lambda m: re.sub(r"[^\n]", " ", m.group(0)), text,
                  flags=re.S)


def door(top):
    """The calls of DOOR's hooks outside the door, and what game.h lacks."""
    bad = []
    for path in sources(top, ["host"]):
        rel = os.path.relpath(path, top).replace(os.sep, "/")
        if DOOR_FILES.search(rel):
            continue
        for n, line in enumerate(code(path).split("\n"), 1):
            for m in CALL.finditer(line):
                bad.append(f"{rel}:{n}: {(m.group(2) or m.group(3))} "
                           "called outside core/game.c")
    head = open(os.path.join(top, "host", "core", "game.h"),
                encoding="utf-8").read()
    said = head.split("Through the door:", 1)[-1].split("(", 1)[0]
    words = set(re.findall(r"[a-z_]+", said))
    bad += [f"host/core/game.h: {h} not named through the door"
            for h in DOOR if h not in words]
    return bad


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
    print("1..3")
    checks = [(long_fns, f"{nfn} functions of host/ and plugins/",
               FUNCTION_MAX, nfn), (long_files, f"{nfile} files of host/",
               FILE_MAX, nfile)]
    for i, (bad, what, limit, count) in enumerate(checks, 1):
        ok = not bad and count > 0
        print(f"{'ok' if ok else 'not ok'} {i} - each of the {what} is at "
              f"most {limit} lines")
        for b in bad:
            print(f"# {b}")
    bad = door(top)
    print(f"{'ok' if not bad else 'not ok'} 3 - no call of the "
          f"{len(DOOR)} value and text hooks outside core/game.c and "
          "cmd/check*.c")
    for b in bad:
        print(f"# {b}")


main()
