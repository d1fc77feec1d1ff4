#!/usr/bin/env python3
"""An unoptimised retrograde solver in Python, the yardstick of `tablero
solve`'s speed: the same algorithm as the host's (enumerate every position,
count each one's moves, then work back from the won ends with a queue), on
tests/plugins/mancala/reference.py's model, with Python dicts and lists and no
packing.  Not run by make check: tablero(1) and the solved boards table
compare its time with the host's.

Usage: retro.py [key=value ...]   (the options of `tablero solve mancala`)
prints the value, the positions and the time.
"""

import collections
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bruteforce import graph, reference  # noqa: E402


def solve(children):
    parents = collections.defaultdict(list)
    left = {}
    won = {}
    queue = collections.deque()
    for k, ch in children.items():
        if ch is None:
            if k[4] in ("P", "Q"):
                won[k] = k[4]
                queue.append(k)
            continue
        left[k] = len(ch)
        for _, c in ch:
            parents[c].append(k)
    while queue:
        c = queue.popleft()
        w = won[c]
        for p in parents[c]:
            if p in won:
                continue
            if p[1] == w:
                won[p] = w
                queue.append(p)
            else:
                left[p] -= 1
                if left[p] == 0:
                    won[p] = w
                    queue.append(p)
    return won


def main(argv):
    kw = dict(a.split("=", 1) for a in argv)
    variant = kw.pop("variant")
    kw["turn_limit"] = "0"
    t0 = time.time()
    c0 = time.process_time()
    g = reference.Game(reference.options(variant, **kw))
    root, children = graph(g)
    won = solve(children)
    w = won.get(root)
    value = "draw" if w is None else "win" if w == root[1] else "loss"
    print("value: %s for %s" % (value, root[1]))
    print("positions: %d" % len(children))
    print("time: %.1f s (%.1f s CPU)" % (time.time() - t0,
                                          time.process_time() - c0))


if __name__ == "__main__":
    main(sys.argv[1:])
