"""Independent reference model of tuknanavuhpi, aiyawatstani and kharbaga.

Written from the project's spec of the game, the source text it cites
and tablero-tuknanavuhpi(7), not from the plugin's C code.  Positions are
the host's position strings; moves are the plugin's atomic moves (one jump,
one step, `stop`, `wipe d4`, `huff c3`).

    game = make(["variant=kharbaga", "capture=huff", ...])
    pos = game.start()             # or game.parse(string)
    game.moves(pos) -> [str]       game.play(pos, move) -> pos
    game.format(pos) -> str        game.result(pos) -> None|White|Black|draw
"""

from collections import Counter

SEEN = Counter()

FILES = "abcdefghi"
# every point: (file, rank) 0-based, both even (corner) or both odd (centre)
POINTS = [(f, r) for r in range(9) for f in range(9) if f % 2 == r % 2]
ORTHO = [(2, 0), (-2, 0), (0, 2), (0, -2)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
CENTRES = [(f, r) for (f, r) in POINTS if f % 2 == 1]


def name(p):
    return "%s%d" % (FILES[p[0]], p[1] + 1)


def point(s):
    p = (FILES.index(s[0]), int(s[1:]) - 1)
    assert p in POINTS, s
    return p


def dirs(p):
    return (ORTHO + DIAG) if p[0] % 2 == 0 else DIAG


def square_points(c):
    return [c] + [(c[0] + dx, c[1] + dy) for dx, dy in DIAG]


def on(p):
    return 0 <= p[0] <= 8 and 0 <= p[1] <= 8


def colour(c):
    return c.lower() if c in "wbWB" else None


def other(s):
    return "b" if s == "w" else "w"


class Pos:
    __slots__ = ("board", "side", "chain", "huff", "done", "quiet", "over",
                 "captured")

    def copy(self):
        q = Pos()
        q.board = dict(self.board)
        q.side, q.chain, q.huff = self.side, self.chain, list(self.huff)
        q.done, q.quiet, q.over = list(self.done), self.quiet, self.over
        q.captured = self.captured
        return q


class Game:
    def __init__(self, opts):
        o = dict(kv.split("=", 1) for kv in opts)
        self.variant = o.get("variant", "tuknanavuhpi")
        kh = self.variant == "kharbaga"
        self.kh = kh
        self.opening = o.get("opening", "right")
        self.first = o.get("first", "white")
        self.capture = o.get("capture", "longest" if kh else "compulsory")
        self.shrink = o.get("shrink", "no" if kh else "yes") in (
            "yes", "true", "1", "on")
        self.edge = o.get("shrink_edge", "current")
        self.flying = o.get("mullah_moves", "flying") == "flying"
        self.limit = int(o.get("quiet_limit", "50"))

    # ---- positions
    def start(self):
        p = Pos()
        p.board = {}
        for q in POINTS:
            r = q[1]
            if r < 4:
                c = "w"
            elif r > 4:
                c = "b"
            elif q[0] == 4:
                c = "."
            elif (q[0] > 4) == (self.opening == "right"):
                c = "w"
            else:
                c = "b"
            p.board[q] = c
        p.side = "w" if self.first == "white" else "b"
        p.chain, p.huff, p.done, p.quiet = None, [], [], 0
        p.captured = False
        p.over = None
        self.settle(p)
        return p

    def parse(self, s):
        parts = s.split()
        ranks = parts[0].split("/")
        p = Pos()
        p.board = {}
        for r, row in enumerate(ranks):
            fs = [f for f in range(9) if f % 2 == r % 2]
            assert len(row) == len(fs)
            for f, c in zip(fs, row):
                p.board[(f, r)] = c
        p.side = parts[1]
        p.chain, p.huff, p.done, p.quiet = None, [], [], 0
        for kv in parts[2:]:
            k, v = kv.split("=")
            if k == "chain":
                p.chain = point(v)
            elif k == "huff":
                p.huff = [point(x) for x in v.split(",")]
            elif k == "done":
                p.done = v.split(",")
            elif k == "quiet":
                p.quiet = int(v)
        p.captured = p.chain is not None or "huff" in p.done
        p.over = None
        return p

    def format(self, p):
        rows = []
        for r in range(9):
            rows.append("".join(p.board[(f, r)] for f in range(9)
                                if f % 2 == r % 2))
        s = "/".join(rows) + " " + p.side
        if p.chain:
            s += " chain=" + name(p.chain)
        if p.huff:
            s += " huff=" + ",".join(name(q) for q in sorted(
                p.huff, key=lambda q: (q[1], q[0])))
        if p.done:
            s += " done=" + ",".join(d for d in ("huff", "wipe")
                                     if d in p.done)
        if p.quiet:
            s += " quiet=%d" % p.quiet
        return s

    # ---- movement
    def free(self, b, q):
        return on(q) and b.get(q) == "."

    def jumps(self, b, p):
        """(landing, jumped) pairs for the piece on p."""
        c = b[p]
        me = colour(c)
        out = []
        for d in dirs(p):
            if c in "WB":
                q = (p[0] + d[0], p[1] + d[1])
                while on(q) and b[q] == ".":
                    q = (q[0] + d[0], q[1] + d[1])
                if not on(q) or colour(b[q]) not in ("w", "b") or \
                        colour(b[q]) == me:
                    continue
                over = q
                q = (q[0] + d[0], q[1] + d[1])
                while on(q) and b[q] == ".":
                    out.append((q, over))
                    q = (q[0] + d[0], q[1] + d[1])
            else:
                over = (p[0] + d[0], p[1] + d[1])
                to = (over[0] + d[0], over[1] + d[1])
                if on(to) and b[to] == "." and colour(b[over]) == other(me):
                    out.append((to, over))
        return out

    def steps(self, b, p):
        c = b[p]
        out = []
        for d in dirs(p):
            if self.kh and c in "wb":
                fwd = 1 if c == "w" else -1
                if d[1] * fwd <= 0:
                    continue
            q = (p[0] + d[0], p[1] + d[1])
            while on(q) and b[q] == ".":
                out.append(q)
                if not (c in "WB" and self.flying):
                    break
                q = (q[0] + d[0], q[1] + d[1])
        return out

    def longest_from(self, b, p):
        best = 0
        for to, over in self.jumps(b, p):
            nb = dict(b)
            nb[to], nb[p], nb[over] = b[p], ".", "."
            best = max(best, 1 + self.longest_from(nb, to))
        return best

    def piece_moves(self, b, side):
        """(steps, jumps) as move strings on board b, no wipe/huff."""
        st, ju = [], []
        for p in POINTS:
            if colour(b[p]) == side:
                st += ["%s-%s" % (name(p), name(q)) for q in self.steps(b, p)]
                ju += [(p, to, over) for to, over in self.jumps(b, p)]
        return st, ju

    def filter_jumps(self, b, ju):
        if self.capture != "longest" or not ju:
            return ju
        vals = []
        for p, to, over in ju:
            nb = dict(b)
            nb[to], nb[p], nb[over] = b[p], ".", "."
            vals.append(1 + self.longest_from(nb, to))
        m = max(vals)
        return [j for j, v in zip(ju, vals) if v == m]

    def basic_moves(self, b, side):
        st, ju = self.piece_moves(b, side)
        ju = self.filter_jumps(b, ju)
        js = ["%sx%s" % (name(p), name(to)) for p, to, _ in ju]
        if ju and self.capture in ("compulsory", "longest"):
            return js
        return st + js

    def wipeable(self, b):
        out = []
        for c in CENTRES:
            if b[c] == "#":
                continue
            if any(colour(b[q]) for q in square_points(c)):
                continue
            edge = False
            for dx, dy in ORTHO:
                n = (c[0] + dx, c[1] + dy)
                if not on(n):
                    edge = True
                elif self.edge == "current" and b[n] == "#":
                    edge = True
            if edge:
                out.append(c)
        return out

    def moves(self, p):
        if p.over or self.result(p):
            return []
        b = p.board
        if p.chain:
            ju = [(p.chain, to, over) for to, over in self.jumps(b, p.chain)]
            ju = self.filter_jumps(b, ju)
            out = ["%sx%s" % (name(a), name(t)) for a, t, _ in ju]
            if self.capture in ("optional", "huff"):
                out.append("stop")
            return out
        out = self.basic_moves(b, p.side)
        if "wipe" not in p.done:
            if not p.done:
                out += ["huff " + name(q) for q in p.huff]
            if self.shrink:
                for c in self.wipeable(b):
                    nb = dict(b)
                    for q in square_points(c):
                        nb[q] = "#"
                    if self.basic_moves(nb, p.side):
                        out.append("wipe " + name(c))
        return out

    # ---- playing
    def play(self, p, m):
        assert m in self.moves(p), "illegal %s in %s" % (m, self.format(p))
        q = p.copy()
        b = q.board
        if m.startswith("huff "):
            SEEN["huff"] += 1
            b[point(m[5:])] = "."
            q.huff, q.captured = [], True
            q.done = q.done + ["huff"]
            return self.settle_mid(q)
        if m.startswith("wipe "):
            SEEN["wipe"] += 1
            for x in square_points(point(m[5:])):
                b[x] = "#"
            q.huff = []
            q.done = q.done + ["wipe"]
            return q
        if m == "stop":
            SEEN["stop"] += 1
            liable = [q.chain] if self.capture == "huff" else []
            return self.end_turn(q, liable)
        if "x" in m:
            a, t = (point(x) for x in m.split("x"))
            over = [o for to, o in self.jumps(b, a) if to == t][0]
            SEEN["jump"] += 1
            q.done = []
            if b[a] in "WB":
                SEEN["mullah jump"] += 1
            b[t], b[a], b[over] = b[a], ".", "."
            q.huff, q.captured, q.chain = [], True, t
            if self.jumps(b, t) and self.count(b, other(q.side)):
                SEEN["chain"] += 1
                return q
            q.chain = None
            return self.end_turn(q, [])
        a, t = (point(x) for x in m.split("-"))
        liable = []
        if self.capture == "huff":
            _, ju = self.piece_moves(b, q.side)
            movers = sorted(set(j[0] for j in ju))
            liable = [t if x == a else x for x in movers]
        piece = b[a]
        b[t], b[a] = piece, "."
        if self.kh and piece in "wb" and t[1] == (8 if piece == "w" else 0):
            SEEN["promotion"] += 1
            b[t] = piece.upper()
        SEEN["step"] += 1
        return self.end_turn(q, liable)

    def count(self, b, side):
        return sum(1 for x in b.values() if colour(x) == side)

    def settle_mid(self, q):
        if not self.count(q.board, other(q.side)):
            q.over = "White" if q.side == "w" else "Black"
        return q

    def end_turn(self, q, liable):
        if not q.captured:
            # the plugin's counter stops at 65535 (documented)
            q.quiet = min(q.quiet + 1, 65535)
        else:
            q.quiet = 0
        q.chain, q.done, q.captured = None, [], False
        q.side = other(q.side)
        q.huff = liable
        if liable:
            SEEN["huff offered"] += 1
        return self.settle(q)

    def settle(self, q):
        b = q.board
        if q.chain or q.done:
            return q
        opp = other(q.side)
        mine = self.count(b, q.side)
        if not mine:
            q.over = "White" if opp == "w" else "Black"
            SEEN["end: none left"] += 1
            return q
        if not self.basic_moves(b, q.side):
            q.over = "White" if opp == "w" else "Black"
            SEEN["end: blocked"] += 1
            return q
        if self.limit and q.quiet >= self.limit:
            o = self.count(b, opp)
            SEEN["end: quiet"] += 1
            if mine == o:
                q.over = "draw"
            else:
                mover_wins = mine > o
                q.over = ("White" if (q.side == "w") == mover_wins
                          else "Black")
        return q

    def result(self, p):
        return p.over


def make(opts):
    return Game(opts)
