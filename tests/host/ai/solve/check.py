#!/usr/bin/env python3
"""`tablero solve` against tests/host/ai/solve/bruteforce.py's minimax on small
boards of every game and house rule in the SOLVED BOARDS table of
tablero-mancala(7) (tests/host/ai/solve/boards.py lists them), over an independent
model of the games: tests/plugins/mancala/reference.py for the two-row games,
tests/host/ai/solve/fourrow.py for the four-row ones.  The value of the start, the
positions, the ends, the positions each side wins, and the value and plies
of every first move must agree.

Usage: check.py TABLERO   (TAP on stdout; exit 1 when one disagrees)
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import boards  # noqa: E402
import bruteforce  # noqa: E402
import fourrow  # noqa: E402

FIELDS = ("value", "side", "plies", "positions", "ends", "won", "moves")


def host(tablero, words, position):
    more = ["--position", position] if position is not None else []
    out = subprocess.run([tablero, "solve", "--method", "hash", "--json",
                          "--memory", "256M",
                          "mancala"] + words + more, check=True,
                         capture_output=True, text=True).stdout
    d = json.loads(out)
    return {k: d.get(k) for k in FIELDS}


def model(words, position):
    kw = dict(w.split("=", 1) for w in words)
    variant = kw.pop("variant")
    if variant in fourrow.VARIANTS:
        d = fourrow.report(words, position)
    else:
        kw["turn_limit"] = "0"
        g = bruteforce.reference.Game(bruteforce.reference.options(variant,
                                                                   **kw))
        d = bruteforce.report(g)
    return {k: d.get(k) for k in FIELDS}


def main(argv):
    tablero = argv[1]
    cases = boards.check_cases()
    print("1..%d" % len(cases))
    bad = 0
    for i, (words, position) in enumerate(cases, 1):
        a, b = host(tablero, words, position), model(words, position)
        name = " ".join(words)
        if position is not None:
            name += " from " + position
        if a == b:
            print("ok %d - %s: %s%s, %d positions" % (
                i, name, a["value"],
                " for " + a["side"] if a["side"] else " (the start is "
                "the end)", a["positions"]))
            continue
        bad += 1
        print("not ok %d - %s" % (i, name))
        for k in FIELDS:
            if a[k] != b[k]:
                print("# %s: solve %r, brute force %r" % (k, a[k], b[k]))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
