#!/usr/bin/env python3
"""`tablero solve --method dense` against `--method hash` on the boards of
the SOLVED BOARDS table of tablero-mancala(7) both solve within this test's
budget, every house rule of the table on a small board of its game: the
value of the start and of every first move must agree, and the margin the
dense solver gives must be the one the hash solver finds when the loser is
credited men before the start (one man fewer than the margin: still the
same win; the margin: no longer a win).

Usage: dense.py TABLERO [--threads N]
"""

import json
import re
import subprocess
import sys

# (variant, holes, seeds, house rule or None): 25,740 to 1,470,942
# numbered positions each (the larger boards of the table are in the
# closing note of issue 34, solved by hand: too slow for make check).
BOARDS = [
    ("annana", 4, 1, None), ("annana", 5, 1, None),
    ("mankalah", 4, 1, None), ("mankalah", 4, 2, None),
    ("mangala", 4, 1, None), ("mangala", 5, 1, None),
]
RULES = {
    "annana": ["first=P", "passing=no", "stuck=lose", "stuck=pass",
               "leftover=owner", "relay=no", "skip_start=yes", "cycles=own"],
    "mankalah": ["setup=none", "setup=wise_ends", "chain=none", "chain=both",
                 "take_opposite=no", "stuck=lose", "stuck=pass",
                 "leftover=owner", "relay=no", "cycles=own"],
    "mangala": ["chain=none", "chain=both", "take_opposite=no", "stuck=lose",
                "stuck=pass", "leftover=owner", "relay=no", "cycles=own"],
}
RULE_BOARD = {"annana": (4, 1), "mankalah": (4, 1), "mangala": (4, 1)}


def solve(tablero, method, words, position=None, threads=None):
    cmd = [tablero, "--no-config", "solve", "--json", "--method", method,
           "mancala"] + words
    if position is not None:
        cmd += ["--position", position]
    if threads is not None:
        cmd += ["--threads", str(threads)]
    out = subprocess.run(cmd, check=True, capture_output=True,
                         text=True).stdout
    return json.loads(out)


def start_of(tablero, words):
    out = subprocess.run([tablero, "--no-config", "-g",
                          " ".join(["mancala"] + words)], input="position\n",
                         check=True, capture_output=True, text=True).stdout
    return out.strip().splitlines()[-1]


def credit(position, side, men):
    return re.sub(r"\b%s:\d+" % side, "%s:%d" % (side, men), position)


def check_margin(tablero, words, d):
    """The hash solver's value with the loser credited margin-1, margin."""
    if "margin" not in d or d["value"] == "draw":
        return None
    m = d["margin"]
    mover = d["side"]
    loser = mover if d["value"] == "loss" else ("Q" if mover == "P" else "P")
    start = start_of(tablero, words)
    still = solve(tablero, "hash", words, credit(start, loser, m - 1))
    gone = solve(tablero, "hash", words, credit(start, loser, m))
    if still["value"] != d["value"]:
        return "the loser credited %d: %s, not %s" % (m - 1, still["value"],
                                                      d["value"])
    if gone["value"] == d["value"]:
        return "the loser credited %d: still %s" % (m, d["value"])
    return None


def cases():
    out = []
    for variant, holes, seeds, rule in BOARDS:
        out.append(["variant=" + variant, "holes=%d" % holes,
                    "seeds=%d" % seeds])
    for variant, rules in RULES.items():
        holes, seeds = RULE_BOARD[variant]
        for rule in rules:
            out.append(["variant=" + variant, "holes=%d" % holes,
                        "seeds=%d" % seeds, rule])
    return out


def main(argv):
    tablero = argv[1]
    threads = int(argv[3]) if len(argv) > 3 and argv[2] == "--threads" \
        else None
    all_cases = cases()
    print("1..%d" % len(all_cases))
    bad = 0
    for i, words in enumerate(all_cases, 1):
        h = solve(tablero, "hash", words)
        d = solve(tablero, "dense", words, threads=threads)
        name = " ".join(words)
        why = []
        for k in ("value", "side"):
            if h[k] != d[k]:
                why.append("%s: hash %r, dense %r" % (k, h[k], d[k]))
        hm = [(m["move"], m["value"]) for m in h["moves"]]
        dm = [(m["move"], m["value"]) for m in d["moves"]]
        if hm != dm:
            why.append("moves: hash %r, dense %r" % (hm, dm))
        if not why:
            w = check_margin(tablero, words, d)
            if w:
                why.append("margin %d: %s" % (d["margin"], w))
        if why:
            bad += 1
            print("not ok %d - %s" % (i, name))
            for w in why:
                print("# " + w)
            continue
        print("ok %d - %s: %s for %s%s, %d positions, %d sweeps" % (
            i, name, d["value"], d["side"],
            " by %d" % d["margin"] if "margin" in d else "",
            d["positions"], d["sweeps"]))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
