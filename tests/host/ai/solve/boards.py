#!/usr/bin/env python3
"""The SOLVED BOARDS table of tablero-mancala(7): every board and house rule
listed here solved by `tablero solve`, within 10 minutes of processor time
and 8 GiB each.

Usage: boards.py TABLERO [--write man/tablero-mancala.7] [--only GAME,...]
                 [--cache FILE]

--cache keeps each board's result in FILE (one JSON line a board) and
reuses it on the next run.

Prints the table as mdoc (or writes it into the man page between its
"solved boards" marks), and one line a board on stderr as it goes.  A game's
boards are tried smallest first; the first that does not solve within the
limits is listed as such and the larger ones of that game are skipped.
tests/host/ai/solve/check.py checks every game and rule listed here against a brute
force on a small board (check_cases()): the two-row games on
tests/plugins/mancala/reference.py's model, the four-row ones on
tests/host/ai/solve/fourrow.py's.
"""

import json
import os
import resource
import subprocess
import sys

LIMIT_SECONDS = 600
LIMIT_MEMORY = "8G"

# variant, its name in the table, the boards (holes, seeds a hole) smallest
# first, the board the house rules are compared on, the house rules.
# Mankal'ah 2x5 with two men a hole solves in about 400 s of processor time
# and 3.8 GiB; Mangala 2x6 with two took over 10 minutes, and ||Hus 4x4
# with two over 8 GiB.
GAMES = [
    ("annana", "Annana",
     [(4, 1), (4, 2), (5, 1), (4, 3), (5, 2), (6, 1), (6, 2)],
     (5, 1),
     ["first=P", "passing=no", "stuck=lose", "stuck=pass", "leftover=owner",
      "relay=no", "skip_start=yes"]),
    ("mankalah", "Mankal'ah",
     [(4, 1), (5, 1), (4, 2), (6, 1), (5, 2)],
     (4, 2),
     ["setup=none", "setup=wise_ends", "chain=none", "chain=both",
      "take_opposite=no", "stuck=lose", "stuck=pass", "leftover=owner",
      "relay=no"]),
    ("mangala", "Mangala",
     [(4, 1), (5, 1), (6, 1), (7, 1), (4, 2), (5, 2), (6, 2)],
     (7, 1),
     ["chain=none", "chain=both", "take_opposite=no", "stuck=lose",
      "stuck=pass", "leftover=owner", "relay=no"]),
    # Four rows, where a small board fits (the rules' own defaults).
    ("maruba", "Maruba", [(4, 1)], None, []),
    ("tschuba", "Tschuba", [(4, 1)], None, []),
    ("chuba", "Chuba", [(4, 1)], None, []),
    ("hus", "||Hus", [(4, 1), (4, 2)], None, []),
]

# The small boards the brute force checks each two-row game and rule on
# (a few hundred to a few thousand positions, Mankal'ah's wise set-up
# fifteen thousand).
CHECK_BOARD = {"annana": (4, 1), "mankalah": (4, 1), "mangala": (5, 1)}

# The four-row games are checked on the table's smallest board of each
# (tests/host/ai/solve/fourrow.py's model) and, since those boards never relay
# (Maruba, Chuba) or cannot begin (Tschuba, ||Hus with one man a hole),
# on these small positions of a few hundred to a few thousand positions
# too, chosen so that between them every rule of the four-row games
# fires: relay sowing, the further capture of a hole and of a pair, Hus
# captures sown on, the opening transfer, the lap limit with both
# endless rules, and a game that goes round for ever (a draw).
CHECK_FOUR = [
    (["variant=hus", "holes=4", "seeds=2", "outer_seeds=0"], None),
    (["variant=tschuba", "holes=4", "seeds=1", "outer_seeds=0"], None),
    (["variant=maruba", "holes=4"],
     "0,0,1,2/0,1,0,0/0,0,1,0/0,2,0,1 P P:0 Q:0"),
    (["variant=chuba", "holes=4"],
     "0,0,1,2/0,1,0,0/0,0,1,0/0,2,0,1 P P:0 Q:0"),
    (["variant=tschuba", "holes=4"],
     "1,0,1,2/0,1,2,0/0,0,1,0/0,0,0,1 Q P:0 Q:0"),
    (["variant=hus", "holes=4"],
     "0,2,0,0/2,1,0,0/0,0,0,2/0,0,2,0 P P:0 Q:0 open=PQ"),
    (["variant=hus", "holes=4"],
     "0,0,0,0/3,2,0,0/0,0,2,2/0,0,0,0 P P:0 Q:0 open=PQ"),
    (["variant=hus", "holes=4"],
     "1,0,1,2/0,1,2,0/0,0,2,0/0,0,0,0 P P:0 Q:0"),
    (["variant=hus", "holes=4", "endless=draw"],
     "1,0,1,2/0,1,2,0/0,0,2,0/0,0,0,0 P P:0 Q:0"),
]
FOUR_ROWS = ("maruba", "tschuba", "chuba", "hus")


def check_cases():
    """[(words, position or None)] for tests/host/ai/solve/check.py: every
    two-row game of the table with its defaults and with each house rule,
    on its small board (the rules of Mankal'ah's play, chain,
    take_opposite, stuck, ..., are Mangala's, checked there; Mankal'ah's
    own are its set-ups); the smallest board of each four-row game of the
    table, and CHECK_FOUR."""
    cases = []
    for variant, _, sizes, _, rules in GAMES:
        if variant in FOUR_ROWS:
            h, s = sizes[0]
            cases.append((["variant=" + variant, "holes=%d" % h,
                           "seeds=%d" % s], None))
            continue
        if variant not in CHECK_BOARD:
            continue
        h, s = CHECK_BOARD[variant]
        base = ["variant=" + variant, "holes=%d" % h, "seeds=%d" % s]
        cases.append((base, None))
        for r in rules:
            if variant == "mankalah" and not r.startswith("setup="):
                continue
            cases.append((base + [r], None))
    return cases + CHECK_FOUR


CACHE = {}
CACHE_FILE = None


def limit_cpu():
    resource.setrlimit(resource.RLIMIT_CPU, (LIMIT_SECONDS, LIMIT_SECONDS))


def solve(tablero, words):
    """The JSON of `tablero solve`, or a one-word reason it failed.  The
    limit is processor time, so that a busy machine does not change the
    table."""
    name = " ".join(words)
    if name in CACHE:
        d = CACHE[name]
        return (None, d["failed"]) if "failed" in d else (d, None)
    try:
        p = subprocess.run([tablero, "solve", "--method", "hash", "--json",
                            "--memory",
                            LIMIT_MEMORY, "mancala"] + words,
                           capture_output=True, text=True,
                           preexec_fn=limit_cpu, timeout=20 * LIMIT_SECONDS)
    except subprocess.TimeoutExpired:
        d, why = None, "time"
    else:
        if p.returncode != 0:
            d, why = None, ("memory" if "memory" in p.stderr else "time"
                            if p.returncode < 0 else p.stderr.strip())
        else:
            d, why = json.loads(p.stdout), None
    if CACHE_FILE:
        with open(CACHE_FILE, "a") as f:
            f.write(json.dumps({"words": name, "result": d or
                                {"failed": why}}) + "\n")
    return d, why


def value(d):
    if d["value"] == "draw":
        return "draw"
    return "%s wins" % (d["side"] if d["value"] == "win" else
                        ("Q" if d["side"] == "P" else "P"))


def row(name, rows, h, s, rule, d, why):
    # Each cell short enough for its column: groff breaks no cell.
    if d is None:
        return ".It %s Ta %dx%d Ta %d Ta %s Ta unsolved Ta \\(em Ta %s" % (
            name, rows, h, s, rule, {"time": "> 10 min",
                                     "memory": "> 8 GiB"}.get(why, why))
    return ".It %s Ta %dx%d Ta %d Ta %s Ta %s Ta %d Ta %.1f s" % (
        name, rows, h, s, rule, value(d), d["positions"], d["cpu_seconds"])


def table(tablero, only):
    lines, sames = [], []
    largest = None
    for variant, name, sizes, rule_board, rules in GAMES:
        if only and variant not in only:
            continue
        if name.startswith("||"):
            name = "\\&" + name
        rows = 4 if variant in FOUR_ROWS else 2
        for h, s in sizes:
            words = ["variant=" + variant, "holes=%d" % h, "seeds=%d" % s]
            d, why = solve(tablero, words)
            print(" ".join(words), "->", why or "%s, %d positions, %.1f s "
                  "(%.1f s of processor)" % (value(d), d["positions"],
                                             d["seconds"], d["cpu_seconds"]),
                  file=sys.stderr)
            lines.append(row(name, rows, h, s, "\\(em", d, why))
            if d is None:
                break
            if largest is None or d["positions"] > largest[1]["positions"]:
                largest = (words, d)
        if rule_board is None:
            continue
        h, s = rule_board
        base = ["variant=" + variant, "holes=%d" % h, "seeds=%d" % s]
        d0, _ = solve(tablero, base)
        same = []
        for r in rules:
            d, why = solve(tablero, base + [r])
            print(" ".join(base + [r]), "->", why or value(d), file=sys.stderr)
            if d is not None and value(d) == value(d0):
                same.append(r)
                continue
            lines.append(row(name, 2, h, s, r.replace("_", "\\_"), d, why))
        if same:
            sames.append("%s %dx%d with %d a hole (%s):" % (
                name, 2, h, s, value(d0)))
            # \\% : no hyphen inside a setting
            sames.append(", ".join("\\%" + r for r in same).replace(
                "_", "\\_"))
    return lines, sames, largest


def mdoc(lines, sames):
    """The table, then the rules that leave a value as it is, as text:
    a list of them in one cell of the table cannot be broken."""
    out = [".\\\" solved boards: begin (written by tests/host/ai/solve/boards.py)",
           ".Bl -column \"Mankal'ah\" \"board\" \"seeds\" "
           "\"take_opposite=no\" \"unsolved\" \"positions\" \"> 10 min\"",
           ".It Em game Ta Em board Ta Em seeds Ta Em rule Ta Em value "
           "Ta Em positions Ta Em time"]
    out += lines
    out += [".El"]
    if sames:
        out += [".Pp", "The rules that leave the value as it is, on the "
                "board compared:", ".Bl -bullet -compact"]
        for i in range(0, len(sames), 2):
            out += [".It", sames[i], sames[i + 1]]
        out += [".El"]
    out += [".\\\" solved boards: end"]
    return "\n".join(out) + "\n"


def main(argv):
    global CACHE_FILE
    tablero = argv[1]
    write = only = None
    i = 2
    while i < len(argv):
        if argv[i] == "--write":
            write = argv[i + 1]
            i += 2
        elif argv[i] == "--only":
            only = argv[i + 1].split(",")
            i += 2
        elif argv[i] == "--cache":
            CACHE_FILE = argv[i + 1]
            if os.path.exists(CACHE_FILE):
                for line in open(CACHE_FILE):
                    e = json.loads(line)
                    CACHE[e["words"]] = e["result"]
            i += 2
        else:
            raise SystemExit("usage: boards.py TABLERO [--write FILE] "
                             "[--only GAME,...] [--cache FILE]")
    lines, sames, largest = table(tablero, only)
    text = mdoc(lines, sames)
    if largest:
        print("largest: %s, %d positions, %.1f s of processor, %.1f s "
              "wall, %.0f MiB" % (" ".join(largest[0]),
                                  largest[1]["positions"],
                                  largest[1]["cpu_seconds"],
                                  largest[1]["seconds"],
                                  largest[1]["memory_bytes"] / 2 ** 20),
              file=sys.stderr)
    if write is None:
        sys.stdout.write(text)
        return 0
    page = open(write).read()
    begin = page.index(".\\\" solved boards: begin")
    end = page.index(".\\\" solved boards: end\n") + len(
        ".\\\" solved boards: end\n")
    open(write, "w").write(page[:begin] + text + page[end:])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
