#!/usr/bin/env python3
"""Brute-force solver of the two-row mancala games, the independent check
of `tablero solve` (its values() also solves tests/host/ai/solve/fourrow.py's
four-row graphs).

It shares nothing with the host or the plugin: the game is
tests/plugins/mancala/reference.py (a model written from Wagner and the man page),
the positions are that model's attributes, and the values come from
depth-limited minimax repeated with a growing depth (not from retrograde
analysis with counters, as the host solves): a position is won within k
plies by its mover when one move reaches a position he wins within k - 1,
and lost when every move reaches one the other side wins within k - 1.  The
smallest such k is the position's plies to the end; what no depth decides
is a draw (play that never ends, or a drawn end).

Usage: bruteforce.py [key=value ...]   (the options of `tablero solve
mancala`), prints one JSON object with the figures `tablero solve --json`
prints.
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "plugins", "mancala"))
import reference  # noqa: E402


def key(g):
    """The position: the board, the side to move, the men taken, the end."""
    return (tuple(tuple(g.board[r]) for r in g.letters), g.side,
            g.taken["P"], g.taken["Q"], g.over)


def restore(g, k):
    rows, side, tp, tq, over = k
    for r, row in zip(g.letters, rows):
        g.board[r] = list(row)
    g.side = side
    g.taken = {"P": tp, "Q": tq}
    g.over = over
    g.turn = 0
    g.deal = 0
    g.choice_board = False


def graph(g):
    """Every position reachable from g's: {key: [(move, child key)] or None
    at an end}."""
    root = key(g)
    children = {}
    stack = [root]
    seen = {root}
    while stack:
        k = stack.pop()
        restore(g, k)
        if g.over is not None:
            children[k] = None
            continue
        if g.deal or g.choice_board:
            raise SystemExit("chance points: not solved here")
        out = []
        for m in g.legal():
            restore(g, k)
            g.play(m)
            c = key(g)
            out.append((m, c))
            if c not in seen:
                seen.add(c)
                stack.append(c)
        children[k] = out
    return root, children


def values(children):
    """{key: (winner, plies)} for the decided positions."""
    val = {}
    for k, ch in children.items():
        if ch is None and k[4] in ("P", "Q"):
            val[k] = (k[4], 0)
    depth = 0
    while True:
        depth += 1
        new = {}
        for k, ch in children.items():
            if ch is None or k in val:
                continue
            mover = k[1]
            got = [val.get(c) for _, c in ch]
            if any(v is not None and v[0] == mover for v in got):
                new[k] = (mover, depth)
            elif all(v is not None for v in got):
                new[k] = (got[0][0], depth)
        if not new:
            return val
        val.update(new)


def report(g):
    """The figures of `tablero solve --json` for the game g's position."""
    root, children = graph(g)
    val = values(children)
    mover = root[1]

    def value(v):
        if v is None:
            return "draw"
        return "win" if v[0] == mover else "loss"

    moves = []
    for m, c in children[root] or []:
        v = val.get(c)
        d = {"move": m, "value": value(v)}
        if v is not None:
            d["plies"] = v[1] + 1
        moves.append(d)
    out = {
        "value": value(val.get(root)),
        "side": mover,
        "positions": len(children),
        "ends": sum(1 for ch in children.values() if ch is None),
        "won": [sum(1 for v in val.values() if v[0] == p) for p in "PQ"],
        "moves": moves,
    }
    if root in val:
        out["plies"] = val[root][1]
    return out


def main(argv):
    kw = dict(a.split("=", 1) for a in argv)
    variant = kw.pop("variant")
    kw["turn_limit"] = "0"
    g = reference.Game(reference.options(variant, **kw))
    print(json.dumps(report(g), sort_keys=True))


if __name__ == "__main__":
    main(sys.argv[1:])
