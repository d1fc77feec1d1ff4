#!/usr/bin/env python3
"""Independent model of the four-row games of the mancala plugin (||Hus,
Maruba and Mofuba, Tschuba in both forms, Chuba), for the brute-force check
of `tablero solve` (tests/host/ai/solve/check.py).

Written from Wagner (1917) and the rules and choices tablero-mancala(7)
states (The board, Sowing, the games' sections, OPTIONS, NOTATION), not
from the plugin's code.  It plays one game from its start with
turn_limit=0, as `tablero solve` does; the ignorants set-up, matches and
the two- and three-row boards are tests/plugins/mancala/reference.py's.

A position is the board, the player to decide, the men credited to each
player, the end (None while play goes on, else 'P', 'Q' or 'draw'), the
players who still have the opening transfer, and whether the player to
decide owes the extra capture of his turn.  A game ends when the player to
move has no legal move (the option stuck), or at the lap limit with
endless=draw.

Usage: fourrow.py [-v] [key=value ...] [--position POS]   (the options of
`tablero solve mancala`), prints the figures `tablero solve --json` prints
as one JSON object, found by tests/host/ai/solve/bruteforce.py's minimax.
"""

import collections
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bruteforce  # noqa: E402

# How often each rule fired (fourrow.py -v prints it: what a board
# exercises).
STATS = collections.Counter()

VARIANTS = ("hus", "maruba", "mofuba", "tschuba", "tschuba2", "chuba")


def defaults(variant):
    """A variant's options, as tablero-mancala(7) OPTIONS lists them."""
    o = dict(variant=variant, holes=8, start="maruba", seeds=2,
             outer_seeds=None, first="P", opening_transfer=False,
             singletons="maruba", relay=True, capture="empty",
             captured="remove", extra="hole", skip_start=False,
             endless="stop", lap_limit=2000, stuck="end", leftover="none",
             turn_limit=0)
    if variant == "hus":
        o.update(holes=12, start="hus", opening_transfer=True,
                 singletons="never", capture="occupied", captured="sow",
                 extra="none", stuck="lose", leftover="owner")
    elif variant in ("tschuba", "tschuba2"):
        o.update(start="full", first="Q",
                 extra="pair" if variant == "tschuba2" else "hole")
    elif variant == "chuba":
        o.update(holes=11, outer_seeds=1, extra="pair")
    elif variant not in ("maruba", "mofuba"):
        raise ValueError("not a four-row variant: " + variant)
    return o


INTS = ("holes", "seeds", "outer_seeds", "lap_limit", "turn_limit")
BOOLS = ("opening_transfer", "relay", "skip_start")


def options(variant, **kw):
    o = defaults(variant)
    for k, v in kw.items():
        if k not in o:
            raise KeyError(k)
        if k in INTS:
            v = int(v)
        elif k in BOOLS:
            v = v in ("yes", "true", "on", "1")
        o[k] = v
    if o["outer_seeds"] is None:
        o["outer_seeds"] = o["seeds"]
    if o["turn_limit"] != 0:
        raise ValueError("the model plays without a turn limit")
    if o["extra"] != "none" and o["captured"] != "remove":
        raise ValueError("extra with captured=sow is not modelled")
    return o


def other(side):
    return "Q" if side == "P" else "P"


class Game:
    """One four-row game.  Holes are (row, column), the column 0-based;
    the board is a dict of hole to men."""

    def __init__(self, o):
        self.o = o
        n = self.n = o["holes"]
        # P sows b1 .. bN, aN .. a1; Q cN .. c1, d1 .. dN.
        self.circuit = {
            "P": [("b", c) for c in range(n)] +
                 [("a", c) for c in range(n - 1, -1, -1)],
            "Q": [("c", c) for c in range(n - 1, -1, -1)] +
                 [("d", c) for c in range(n)],
        }
        self.after = {s: {h: c[(i + 1) % len(c)]
                          for i, h in enumerate(c)}
                      for s, c in self.circuit.items()}
        self.inner = {"P": "b", "Q": "c"}
        self.outer = {"P": "a", "Q": "d"}
        self.start()

    # --- the start ---------------------------------------------------------
    def start(self):
        o, n = self.o, self.n
        inner, outer = o["seeds"], o["outer_seeds"]
        self.board = {}
        for c in range(n):
            self.board[("a", c)] = outer
            self.board[("d", c)] = outer
            self.board[("b", c)] = inner
            self.board[("c", c)] = inner
        if o["start"] == "hus":
            # The right half of each inner row: P's b1 .. b(N/2) as he
            # sits, Q's c(N/2+1) .. cN.
            for c in range(n):
                if c >= n // 2:
                    self.board[("b", c)] = 0
                else:
                    self.board[("c", c)] = 0
        elif o["start"] == "maruba":
            # Each player's left-most inner hole empty, the next one man:
            # P's bN and b(N-1), Q's c1 and c2.
            self.board[("b", n - 1)] = 0
            self.board[("b", n - 2)] = 1
            self.board[("c", 0)] = 0
            self.board[("c", 1)] = 1
        self.side = o["first"]
        self.taken = {"P": 0, "Q": 0}
        self.over = None
        self.open = "PQ" if o["opening_transfer"] else ""
        self.pending = False
        self.settle()

    # --- names ---------------------------------------------------------------
    @staticmethod
    def name(h):
        return "%s%d" % (h[0], h[1] + 1)

    def holes_of(self, side):
        rows = (self.inner[side], self.outer[side])
        return [(r, c) for r in "abcd" if r in rows for c in range(self.n)]

    def transfer(self, side):
        """The opening transfer: (outer hole, the inner hole it is sown
        from as if), the middle column (P's a6 behind b6 on twelve holes,
        Q's d7 behind c7)."""
        c = self.n // 2 - 1 if side == "P" else self.n // 2
        return (self.outer[side], c), (self.inner[side], c)

    # --- moves ---------------------------------------------------------------
    def legal(self):
        """[(name, action)] for the player to decide."""
        if self.over is not None:
            return []
        s = self.side
        if self.pending:
            return self.extra_choices(s)
        own = self.holes_of(s)
        b = self.board
        rule = self.o["singletons"]
        moves = []
        many = any(b[h] >= 2 for h in own)
        for h in own:
            if b[h] >= 2 or (b[h] == 1 and rule == "always"):
                moves.append((self.name(h), ("sow", h)))
            elif b[h] == 1 and rule == "maruba" and not many and \
                    b[self.after[s][h]] == 0:
                moves.append((self.name(h), ("sow", h)))
        if s in self.open:
            out, frm = self.transfer(s)
            if b[out] >= 2:
                moves.append(("%s>%s" % (self.name(out),
                                         self.name(self.after[s][frm])),
                              ("transfer", out, frm)))
        return moves

    def extra_choices(self, s):
        """The further capture: one occupied hole of the opponent, or one
        of his columns (inner and outer) with a man, named by its inner
        hole."""
        them = other(s)
        b = self.board
        out = []
        if self.o["extra"] == "hole":
            for h in self.holes_of(them):
                if b[h]:
                    out.append(("x" + self.name(h), ("take", [h])))
        else:
            for c in range(self.n):
                pair = [(self.inner[them], c), (self.outer[them], c)]
                if b[pair[0]] or b[pair[1]]:
                    out.append(("x" + self.name(pair[0]), ("take", pair)))
        return out

    def play(self, action):
        s = self.side
        b = self.board
        if action[0] == "take":
            for h in action[1]:
                self.taken[s] += b[h]
                b[h] = 0
            self.pending = False
            return self.next_turn()
        self.open = self.open.replace(s, "")
        if action[0] == "transfer":
            _, out, frm = action
            STATS["opening transfer"] += 1
            hand, b[out] = b[out], 0
            self.sow(s, frm, hand)
        else:
            h = action[1]
            hand, b[h] = b[h], 0
            self.sow(s, h, hand)
        if self.over is None and not self.pending:
            self.next_turn()

    def sow(self, s, frm, hand):
        """Sow `hand` men after hole `frm`, lap after lap, until the move
        ends (Sowing in tablero-mancala(7))."""
        o, b = self.o, self.board
        laps = 0
        while True:
            h = frm
            start = frm
            for _ in range(hand):
                h = self.after[s][h]
                if o["skip_start"] and h == start:
                    h = self.after[s][h]
                b[h] += 1
            laps += 1
            last = h
            took_before = b[last] - 1       # men there before the last man
            facing = (self.inner[other(s)], last[1])
            behind = (self.outer[other(s)], last[1])
            captures = (o["capture"] != "none" and
                        last[0] == self.inner[s] and b[facing] > 0 and
                        (took_before > 0 if o["capture"] == "occupied"
                         else took_before == 0))
            if captures:
                STATS["capture " + o["captured"]] += 1
            if captures and o["captured"] == "remove":
                self.taken[s] += b[facing] + b[behind]
                b[facing] = b[behind] = 0
                if any(b[x] for x in self.holes_of(other(s))) and \
                        o["extra"] != "none":
                    self.pending = True
                    STATS["extra " + o["extra"]] += 1
                return
            if not captures and (took_before == 0 or not o["relay"]):
                return
            # A further lap: the captured men sown on from the capturing
            # hole (which keeps its men), or the last hole's men lifted.
            if laps >= o["lap_limit"]:
                STATS["lap limit, endless=" + o["endless"]] += 1
                if o["endless"] == "draw":
                    self.over = "draw"
                return
            STATS["relay" if not captures else "captured sown on"] += 1
            if captures:
                hand = b[facing] + b[behind]
                b[facing] = b[behind] = 0
            else:
                hand, b[last] = b[last], 0
            frm = last

    def next_turn(self):
        self.side = other(self.side)
        self.settle()

    def settle(self):
        """The end when the player to move cannot (the option stuck)."""
        if self.over is not None or self.legal():
            return
        stuck = self.o["stuck"]
        STATS["stuck=" + stuck] += 1
        if stuck == "lose":
            self.over = other(self.side)
            return
        if stuck == "pass":
            self.side = other(self.side)
            if self.legal():
                return
        self.over = self.score()

    def score(self):
        t = dict(self.taken)
        if self.o["leftover"] == "owner":
            for s in "PQ":
                t[s] += sum(self.board[h] for h in self.holes_of(s))
        if t["P"] == t["Q"]:
            return "draw"
        return "P" if t["P"] > t["Q"] else "Q"

    def set_position(self, text):
        """Read a position string of tablero-mancala(7) (the four rows,
        the player to decide, the men credited, open= and choice=extra;
        turn= is read and dropped, as solve leaves it out)."""
        f = text.split()
        rows = f[0].split("/")
        if len(rows) != 4:
            raise ValueError("four rows expected: " + f[0])
        for r, row in zip("abcd", rows):
            counts = [int(x) for x in row.split(",")]
            if len(counts) != self.n:
                raise ValueError("%d holes expected: %s" % (self.n, row))
            for c, men in enumerate(counts):
                self.board[(r, c)] = men
        self.side = f[1]
        self.taken = {"P": 0, "Q": 0}
        self.open = ""
        self.pending = False
        self.over = None
        for w in f[2:]:
            k, _, v = w.replace(":", "=", 1).partition("=")
            if k in ("P", "Q"):
                self.taken[k] = int(v)
            elif k == "open":
                self.open = "".join(s for s in "PQ" if s in v)
            elif k == "choice" and v == "extra":
                self.pending = True
            elif k != "turn":
                raise ValueError("not modelled: " + w)
        self.settle()

    # --- positions -------------------------------------------------------
    def key(self):
        """The position, shaped as bruteforce.values() reads it: k[1] the
        player to decide, k[4] the end."""
        return (tuple(sorted(self.board.items())), self.side,
                self.taken["P"], self.taken["Q"], self.over, self.open,
                self.pending)

    def restore(self, k):
        board, self.side, tp, tq, self.over, self.open, self.pending = k
        self.board = dict(board)
        self.taken = {"P": tp, "Q": tq}


def graph(g):
    """Every position reachable from g's: {key: [(move, child)] or None at
    an end}."""
    root = g.key()
    children = {}
    stack = [root]
    seen = {root}
    while stack:
        k = stack.pop()
        g.restore(k)
        if g.over is not None:
            children[k] = None
            continue
        out = []
        for name, action in g.legal():
            g.restore(k)
            g.play(action)
            c = g.key()
            out.append((name, c))
            if c not in seen:
                seen.add(c)
                stack.append(c)
        children[k] = out
    return root, children


def report(words, position=None):
    """The figures of `tablero solve --json` for the options `words`
    (["variant=maruba", "holes=4", ...]) from their start, or from the
    position string `position` (as --position gives it)."""
    kw = dict(w.split("=", 1) for w in words)
    g = Game(options(kw.pop("variant"), **kw))
    if position is not None:
        g.set_position(position)
    root, children = graph(g)
    val = bruteforce.values(children)
    mover = root[1] if root[4] is None else None

    def value(v):
        if v is None:
            return "draw"
        if mover is None:
            return "win"
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
        "side": mover or (val[root][0] if root in val else ""),
        "positions": len(children),
        "ends": sum(1 for ch in children.values() if ch is None),
        "won": [sum(1 for v in val.values() if v[0] == p) for p in "PQ"],
        "moves": moves,
    }
    if root in val:
        out["plies"] = val[root][1]
    return out


def main(argv):
    pos = None
    verbose = "-v" in argv
    argv = [a for a in argv if a != "-v"]
    if "--position" in argv:
        i = argv.index("--position")
        pos = argv[i + 1]
        argv = argv[:i] + argv[i + 2:]
    print(json.dumps(report(argv, pos), sort_keys=True))
    if verbose:
        for k, n in sorted(STATS.items()):
            print("%8d %s" % (n, k), file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
