#!/usr/bin/env python3
"""Independent reference model of the two- and three-row games of the
mancala plugin (Annana, Mankal'ah, Mangala, Gabatta).

Written from Wagner (1917), the project's spec of the game and the choices
documented in man/tablero-mancala.7, NOT from plugins/mancala/*.c: it is the
yardstick tests/plugins/mancala/compare.py holds the plugin to.

The model uses the host's notation: holes 'a1'..'c7', moves are start holes,
chance outcomes '+a3', board decisions 'accept' / 'turn', and the position
string of tablero-mancala(7).
"""

import collections

# How often each rule fired (compare.py -v prints it: coverage).
STATS = collections.Counter()

VARIANTS = ("annana", "djamo", "poo", "kale", "mankalah", "mangala", "gabatta")


def defaults(variant):
    """The options of a variant, as tablero-mancala(7) lists them."""
    v = variant
    if v in ("djamo", "poo", "kale"):
        v = "annana"
    o = dict(variant=variant, skip_start=False, endless="stop",
             lap_limit=2000, turn_limit=1000, match_target=0,
             relay=True, singletons="always", stuck="end", leftover="none",
             take_opposite=False, chain="none", passing=False, setup="none",
             first="P")
    if v == "annana":
        o.update(holes=6, seeds=4, rows=2, first="Q", take="four",
                 passing=True)
    elif v == "mankalah":
        o.update(holes=6, seeds=6, rows=2, take="two_four",
                 take_opposite=True, chain="own", setup="wise")
    elif v == "mangala":
        o.update(holes=7, seeds=7, rows=2, take="two_four",
                 take_opposite=True, chain="own")
    elif v == "gabatta":
        o.update(holes=6, seeds=3, rows=3, take="four", passing=True)
    else:
        raise ValueError(variant)
    return o


BOOLS = ("skip_start", "relay", "take_opposite", "passing")
INTS = ("lap_limit", "turn_limit", "match_target", "holes", "seeds", "rows")


def options(variant, **kw):
    o = defaults(variant)
    for k, v in kw.items():
        if k not in o:
            raise KeyError(k)
        if k in BOOLS and isinstance(v, str):
            v = v in ("yes", "true", "1", "on")
        elif k in INTS:
            v = int(v)
        o[k] = v
    return o


def other(side):
    return "Q" if side == "P" else "P"


class Game:
    def __init__(self, opts):
        self.o = opts
        n = opts["holes"]
        self.n = n
        self.rows = opts["rows"]
        self.letters = "abc"[:self.rows]
        # The circuits, as lists of (row, col), col 0-based.
        a = [("a", c) for c in range(n - 1, -1, -1)]
        b_up = [("b", c) for c in range(n)]
        if self.rows == 2:
            circ = b_up + a
            self.circuit = {"P": circ, "Q": circ}
        else:
            self.circuit = {"P": b_up + a,
                            "Q": list(reversed(b_up)) + [("c", c) for c in range(n)]}
        self.index = {s: {h: i for i, h in enumerate(self.circuit[s])}
                      for s in "PQ"}
        self.gains = [0, 0]
        self.lead = opts["first"]
        self.over = None
        self.over_by_rule = False
        self.new_game(self.lead)

    # --- board helpers ---------------------------------------------------
    def owner(self, hole):
        r = hole[0]
        if self.rows == 2:
            return "P" if r == "a" else "Q"
        return {"a": "P", "c": "Q", "b": None}[r]

    def facing(self, hole):
        r, c = hole
        if self.rows == 2:
            return ("b" if r == "a" else "a", c)
        if r == "a":
            return ("c", c)
        if r == "c":
            return ("a", c)
        return None

    def get(self, h):
        return self.board[h[0]][h[1]]

    def put(self, h, v):
        self.board[h[0]][h[1]] = v

    @staticmethod
    def name(h):
        return "%s%d" % (h[0], h[1] + 1)

    def parse_hole(self, s):
        return (s[0], int(s[1:]) - 1)

    def all_holes(self):
        return [(r, c) for r in self.letters for c in range(self.n)]

    # --- set-up ------------------------------------------------------------
    def new_game(self, leader):
        o, n = self.o, self.n
        s = o["seeds"]
        self.board = {r: [s] * n for r in self.letters}
        self.taken = {"P": 0, "Q": 0}
        self.turn = 0
        self.side = leader
        self.lead = leader
        self.deal = 0
        self.choice_board = False
        self.passes = 0
        setup = o["setup"] if self.rows == 2 else "none"
        if setup == "wise":
            # n - 2 holes a side, the two extreme holes at opposite ends
            # vacant; the odd men go to the holes nearest a<n> and b1.
            k = n - 2
            tot = s * n * 2
            base, rem = divmod(tot, 2 * k)
            row = [base + (1 if i < rem // 2 else 0) for i in range(k)]
            self.board["b"] = row + [0, 0]
            self.board["a"] = [0, 0] + list(reversed(row))
        elif setup == "wise_ends":
            tot = s * n * 2
            self.board["a"] = [0] * n
            self.board["b"] = [0] * n
            self.board["a"][n - 1] = tot // 2
            self.board["b"][0] = tot - tot // 2
        elif setup == "ignorants":
            if s >= 4:
                self.board = {r: [4] * n for r in self.letters}
                self.deal = s * n * 2 - 4 * n * 2
            if self.deal == 0:
                self.choice_board = True

    # --- moves -------------------------------------------------------------
    def own_holes(self, side):
        return [h for h in self.all_holes()
                if self.owner(h) in (side, None)]

    def legal(self, side=None):
        """The legal moves of the side to decide, in the host's order."""
        if self.over is not None:
            return []
        side = side or self.side
        if self.deal:
            return self.chance_outcomes()
        if self.choice_board:
            return ["accept", "turn"]
        hs = [h for h in self.own_holes(side) if self.get(h) > 0]
        sing = self.o["singletons"]
        if sing == "never":
            hs = [h for h in hs if self.get(h) >= 2]
        elif sing == "maruba":
            if any(self.get(h) >= 2 for h in hs):
                hs = [h for h in hs if self.get(h) >= 2]
            else:
                circ = self.circuit[side]
                idx = self.index[side]
                hs = [h for h in hs
                      if self.get(circ[(idx[h] + 1) % len(circ)]) == 0]
        return [self.name(h) for h in hs]

    def chance_outcomes(self):
        hs = self.all_holes()
        if self.deal == 1:
            STATS["last man of the deal"] += 1
            # the last man may not make the board equal
            res = []
            for h in hs:
                self.put(h, self.get(h) + 1)
                vals = set(self.get(x) for x in hs)
                self.put(h, self.get(h) - 1)
                if len(vals) > 1:
                    res.append(h)
            hs = res
        return ["+" + self.name(h) for h in hs]

    def play(self, mv):
        if mv not in self.legal():
            raise ValueError("illegal move %s" % mv)
        if self.deal:
            h = self.parse_hole(mv[1:])
            self.put(h, self.get(h) + 1)
            self.deal -= 1
            if self.deal == 0:
                self.choice_board = True
            return
        if self.choice_board:
            self.choice_board = False
            STATS["board " + mv] += 1
            if mv == "turn":
                n = self.n
                a, b = self.board["a"], self.board["b"]
                self.board["a"] = list(reversed(b))
                self.board["b"] = list(reversed(a))
            return
        self.endless_draw = False
        self.sow(self.parse_hole(mv))
        if self.endless_draw:
            # the game ends at once in a draw; in a match the next game
            # follows, led by the same player
            if self.o["match_target"]:
                self.end_game(draw=True)
            else:
                self.over = "draw"
                self.over_by_rule = True
            return
        self.turn += 1
        self.side = other(self.side)
        self.after_turn()

    def after_turn(self):
        o = self.o
        if o["turn_limit"] and self.turn >= o["turn_limit"]:
            self.end_game()
            return
        if not self.legal(self.side):
            st = o["stuck"]
            if st == "lose":
                self.end_game(loser=self.side)
            elif st == "end":
                self.end_game()
            else:
                if self.legal(other(self.side)):
                    self.side = other(self.side)
                    self.passes += 1
                    STATS["pass"] += 1
                else:
                    self.end_game()

    def sow(self, start):
        o, side = self.o, self.side
        circ = self.circuit[side]
        idx = self.index[side]
        L = len(circ)
        pos = idx[start]
        hand = self.get(start)
        self.put(start, 0)
        lap_start = start
        laps = 0
        takeset = {"none": (), "four": (4,), "two_four": (2, 4)}[o["take"]]
        while True:
            laps += 1
            while hand > 0:
                pos = (pos + 1) % L
                h = circ[pos]
                if o["skip_start"] and h == lap_start:
                    continue
                self.put(h, self.get(h) + 1)
                hand -= 1
                if o["passing"] and hand > 0 and self.get(h) == 4:
                    who = self.owner(h) or side
                    STATS["four in passing to %s" % (
                        "mover" if who == side else "opponent")] += 1
                    self.taken[who] += 4
                    self.put(h, 0)
            last = circ[pos]
            cnt = self.get(last)
            if cnt in takeset:
                STATS["take %d" % cnt] += 1
                if self.owner(last) not in (side, None):
                    STATS["take on the opponent's row"] += 1
                self.take(side, last)
                self.chain(side, pos, takeset)
                return
            if cnt == 1 or not o["relay"]:
                return
            if laps >= o["lap_limit"]:
                STATS["lap limit"] += 1
                if o["endless"] == "draw":
                    self.endless_draw = True
                return
            hand = cnt
            self.put(last, 0)
            lap_start = last

    def take(self, side, h):
        self.taken[side] += self.get(h)
        self.put(h, 0)
        if self.o["take_opposite"]:
            f = self.facing(h)
            if f is not None:
                self.taken[side] += self.get(f)
                self.put(f, 0)

    def chain(self, side, pos, takeset):
        ch = self.o["chain"]
        if ch == "none":
            return
        circ = self.circuit[side]
        L = len(circ)
        for k in range(1, L):
            h = circ[(pos - k) % L]
            if ch == "own" and self.owner(h) != side:
                if self.get(h) in takeset:
                    STATS["chain stopped by the row's edge"] += 1
                return
            if self.get(h) not in takeset:
                return
            STATS["chain take, step %d" % min(k, 3)] += 1
            if (pos - k) % L > pos:
                STATS["chain wraps the circuit's start"] += 1
            self.take(side, h)

    # --- the end -------------------------------------------------------------
    def totals(self):
        t = dict(self.taken)
        if self.o["leftover"] == "owner":
            for h in self.all_holes():
                w = self.owner(h)
                if w:
                    t[w] += self.get(h)
        return t

    def end_game(self, loser=None, draw=False):
        t = self.totals()
        if draw:
            res = "draw"
        elif loser is not None:
            res = other(loser)
        elif t["P"] > t["Q"]:
            res = "P"
        elif t["Q"] > t["P"]:
            res = "Q"
        else:
            res = "draw"
        self.result = res
        STATS["game end: %s%s" % (res, " (match)" if self.o["match_target"]
                                  else "")] += 1
        if not self.o["match_target"]:
            self.over = res
            return
        if res != "draw":
            # the winner books his excess; a game won by stuck=lose with
            # fewer men books nothing
            i = "PQ".index(res)
            self.gains[i] += max(0, t[res] - t[other(res)])
            if self.gains[i] >= self.o["match_target"]:
                self.over = res
                return
            self.new_game(res)
        else:
            self.new_game(self.lead)

    # --- the position string ---------------------------------------------------
    def position(self):
        rows = "/".join(",".join(str(x) for x in self.board[r])
                        for r in self.letters)
        f = [rows, self.side, "P:%d" % self.taken["P"], "Q:%d" % self.taken["Q"]]
        if self.turn:
            f.append("turn=%d" % self.turn)
        if self.deal:
            f.append("deal=%d" % self.deal)
        if self.choice_board:
            f.append("choice=board")
        if self.o["match_target"]:
            f.append("gains=%d,%d" % tuple(self.gains))
            f.append("lead=%s" % self.lead)
        if self.over is not None and (self.o["match_target"]
                                      or self.over_by_rule):
            f.append("over=%s" % self.over)
        return " ".join(f)

    def set_position(self, s):
        f = s.split()
        rows = f[0].split("/")
        for r, row in zip(self.letters, rows):
            self.board[r] = [int(x) for x in row.split(",")]
        self.side = f[1]
        self.taken = {"P": 0, "Q": 0}
        self.turn = 0
        self.deal = 0
        self.choice_board = False
        self.over = None
        for kv in f[2:]:
            if kv.startswith("P:"):
                self.taken["P"] = int(kv[2:])
            elif kv.startswith("Q:"):
                self.taken["Q"] = int(kv[2:])
            else:
                k, v = kv.split("=", 1)
                if k == "turn":
                    self.turn = int(v)
                elif k == "deal":
                    self.deal = int(v)
                elif k == "choice":
                    self.choice_board = True
                elif k == "gains":
                    self.gains = [int(x) for x in v.split(",")]
                elif k == "lead":
                    self.lead = v
                elif k == "over":
                    self.over = v
                    self.over_by_rule = True
                else:
                    raise ValueError(kv)
