#!/usr/bin/env python3
"""An independent model of the recuay rules, written from the project's
spec of the game, the source text it cites and the choices
documented in tablero-recuay(7) -- not from plugins/recuay/*.c.

It reads a board file (spaces, neighbours with directions, tracks) and
plays both rulesets in the host's notation and position strings:

    board = Board.load(path)
    game = Race(board, dice="sticks", zero="any")   # or Jaguar(board, quiet_limit=100)
    pos = game.start()
    game.chance_outcomes(pos)   # [(move, probability)] at a throw, else None
    game.moves(pos)             # the legal moves of the side to move
    pos = game.play(pos, move)
    game.result(pos)            # None, 'P', 'Q' or 'draw'
    game.format(pos)            # the position string
"""

import sys
from collections import Counter

# what the games played so far exercised (compare.py checks the coverage)
SEEN = Counter()

OPP_DIR = {"n": "s", "s": "n", "e": "w", "w": "e"}
OTHER = {"P": "Q", "Q": "P"}


class Board:
    def __init__(self):
        self.names = []     # board-file order
        self.kind = {}
        self.owner = {}
        self.near = {}      # name -> [(dir, neighbour)]
        self.tracks = {"P": [], "Q": []}

    @classmethod
    def load(cls, path):
        b = cls()
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.startswith("draw"):
                    continue
                line = line.split("#", 1)[0].split()
                if not line:
                    continue
                key, args = line[0], line[1:]
                if key == "space":
                    name = args[0]
                    kv = dict(a.split("=", 1) for a in args[1:])
                    b.names.append(name)
                    b.kind[name] = kv["kind"]
                    b.owner[name] = kv["owner"]
                    b.near[name] = []
                elif key == "near":
                    for a in args[1:]:
                        d, nb = a.split("=", 1)
                        b.near[args[0]].append((d, nb))
                elif key == "track":
                    b.tracks[args[0]].append(args[1:])
        b.forward = {}
        b.backward = {}
        for pl in "PQ":
            fw, bw = {}, {}
            for tr in b.tracks[pl]:
                for x, y in zip(tr, tr[1:]):
                    fw.setdefault(x, [])
                    if y not in fw[x]:
                        fw[x].append(y)
                    bw.setdefault(y, [])
                    if x not in bw[y]:
                        bw[y].append(x)
            b.forward[pl] = fw
            b.backward[pl] = bw
        b.entry = {pl: b.tracks[pl][0][0] for pl in "PQ"}
        b.raised = {pl: next(n for n in b.names
                             if b.kind[n] == "raised" and b.owner[n] == pl)
                    for pl in "PQ"}
        b.centre = next(n for n in b.names if b.kind[n] == "centre")
        return b

    def groups(self):
        """Runs of consecutive spaces of the same kind and owner."""
        out, cur, key = [], [], None
        for n in self.names:
            k = (self.kind[n], self.owner[n])
            if cur and k != key:
                out.append(cur)
                cur = []
            cur.append(n)
            key = k
        out.append(cur)
        return out

    def home_of(self, pl):
        return [n for n in self.names
                if self.kind[n] == "home" and self.owner[n] == pl]

    def seven_of(self, pl):
        return [n for n in self.names
                if self.kind[n] == "small" and self.owner[n] == pl]


class Pos:
    """cells: name -> char; side; extra fields (throw / forced, quiet)."""

    def __init__(self, cells, side, fields=None):
        self.cells = dict(cells)
        self.side = side
        self.fields = dict(fields or {})
        self.over = None        # 'P', 'Q', 'draw' once the game has ended

    def copy(self):
        p = Pos(self.cells, self.side, self.fields)
        p.over = self.over
        return p


def soldier(pl):
    return "S" if pl == "P" else "s"


def jag(pl):
    return "J" if pl == "P" else "j"


def pair(pl):
    return "K" if pl == "P" else "k"


def owner_of(ch):
    if ch == ".":
        return None
    return "P" if ch.isupper() else "Q"


class Game:
    def __init__(self, board):
        self.b = board

    def parse(self, text):
        toks = text.split()
        cells = toks[0].replace("/", "")
        assert len(cells) == len(self.b.names), text
        fields = {}
        for t in toks[2:]:
            k, v = t.split("=", 1)
            fields[k] = v
        return Pos(zip(self.b.names, cells), toks[1], fields)

    def cells_text(self, pos):
        return "/".join("".join(pos.cells[n] for n in g)
                        for g in self.b.groups())

    def chance_outcomes(self, pos):
        return None


# ---------------------------------------------------------------- race ---

class Race(Game):
    def __init__(self, board, dice="sticks", zero="any"):
        super().__init__(board)
        self.dice = dice
        self.zero = zero

    def start(self):
        cells = {n: "." for n in self.b.names}
        for pl in "PQ":
            cells[self.b.raised[pl]] = jag(pl)
        return Pos(cells, "P")

    def format(self, pos):
        s = self.cells_text(pos) + " " + pos.side
        if "throw" in pos.fields:
            s += " throw=%s" % pos.fields["throw"]
        return s

    def chance_outcomes(self, pos):
        if pos.over or "throw" in pos.fields:
            return None
        if self.dice == "sticks":
            pr = [1 / 8, 3 / 8, 3 / 8, 1 / 8]
        else:
            pr = [1 / 4] * 4
        return [("t%d" % i, pr[i]) for i in range(4)]

    def home_count(self, pos, pl):
        """pl's men on the lower level of the opponent's home."""
        return sum(pos.cells[n] == soldier(pl)
                   for n in self.b.home_of(OTHER[pl]))

    def off_board(self, pos, pl):
        return 4 - sum(ch == soldier(pl) for ch in pos.cells.values())

    def _paths(self, pos, pl, start, steps, graph, allowed=None):
        """Ends of walks of `steps` steps along graph from start; the
        squares passed through (not the end) must not hold an enemy
        soldier.  allowed: every square visited must be in it."""
        enemy = soldier(OTHER[pl])
        ends = set()

        def walk(sq, left):
            if left == 0:
                ends.add(sq)
                return
            for nx in graph.get(sq, []):
                if allowed is not None and nx not in allowed:
                    continue
                if left > 1 and pos.cells[nx] == enemy:
                    SEEN["race: an enemy man blocks the way"] += 1
                    continue
                walk(nx, left - 1)
        walk(start, steps)
        return ends

    def _dest_ok(self, pos, pl, d):
        if pos.cells[d] == soldier(pl):
            return False
        if self.b.kind[d] == "home":
            if self.b.owner[d] == pl:
                return False
            if self.home_count(pos, pl) >= 3:
                SEEN["race: the fourth man may not go home"] += 1
                return False
        if pos.cells[d] not in (".", soldier(OTHER[pl])):
            return False
        return True

    def moves(self, pos):
        if pos.over or "throw" not in pos.fields:
            return []
        pl = pos.side
        n = int(pos.fields["throw"])
        out = []
        if n > 0:
            me = soldier(pl)
            enemy = soldier(OTHER[pl])
            fw = self.b.forward[pl]
            if self.off_board(pos, pl) > 0:
                e = self.b.entry[pl]
                if n == 1:
                    ends = {e}
                elif pos.cells[e] == enemy:
                    ends = set()
                else:
                    ends = self._paths(pos, pl, e, n - 1, fw)
                for d in sorted(ends):
                    if self._dest_ok(pos, pl, d):
                        out.append("@" + d)
            enemy_seven = set(self.b.seven_of(OTHER[pl]))
            for sq in self.b.names:
                if pos.cells[sq] != me:
                    continue
                if self.b.kind[sq] == "home":
                    continue            # home men stay
                ends = set(self._paths(pos, pl, sq, n, fw))
                if sq in enemy_seven:
                    ends |= self._paths(pos, pl, sq, n, self.b.backward[pl],
                                        allowed=enemy_seven)
                for d in sorted(ends):
                    if self._dest_ok(pos, pl, d):
                        out.append(sq + "-" + d)
        if not out:
            out = ["pass"]
        return out

    def winner(self, pos):
        for pl in "PQ":
            if (self.home_count(pos, pl) == 3
                    and pos.cells[self.b.centre] == soldier(pl)):
                return pl
        return None

    def play(self, pos, move):
        p = pos.copy()
        if "throw" not in p.fields:
            assert move in ("t0", "t1", "t2", "t3"), move
            n = int(move[1])
            p.fields["throw"] = str(n)
            c = self.b.centre
            if n == 0 and p.cells[c] != ".":
                if self.zero == "any" or owner_of(p.cells[c]) == p.side:
                    SEEN["race: a 0 clears the centre"
                         + (" (the other's man)"
                            if owner_of(p.cells[c]) != p.side else "")] += 1
                    p.cells[c] = "."
                else:
                    SEEN["race: a 0 spares the other's man (zero=mover)"] += 1
            if self.moves(p) == ["pass"]:
                # A throw no man can use passes by itself.
                SEEN["race: pass"] += 1
                del p.fields["throw"]
                p.side = OTHER[p.side]
            return p
        assert move in self.moves(pos), (move, self.format(pos))
        pl = p.side
        if move == "pass":
            SEEN["race: pass"] += 1
        else:
            if move.startswith("@"):
                d = move[1:]
                SEEN["race: entry"] += 1
            else:
                s, d = move.split("-")
                p.cells[s] = "."
                if d not in self._paths(pos, pl, s, int(pos.fields["throw"]),
                                        self.b.forward[pl]):
                    SEEN["race: a move back"] += 1
            if p.cells[d] != ".":
                SEEN["race: bump"] += 1
            if self.b.kind[d] == "home":
                SEEN["race: a man goes home"] += 1
            p.cells[d] = soldier(pl)
        del p.fields["throw"]
        p.side = OTHER[pl]
        w = self.winner(p)
        if w:
            SEEN["race: win"] += 1
            p.over = w
        return p

    def settle(self, p):
        p.over = self.winner(p)
        return p

    def result(self, pos):
        return pos.over


# -------------------------------------------------------------- jaguar ---

class Jaguar(Game):
    def __init__(self, board, quiet_limit=100):
        super().__init__(board)
        self.quiet_limit = quiet_limit

    def start(self):
        cells = {n: "." for n in self.b.names}
        for pl in "PQ":
            cells[self.b.raised[pl]] = jag(pl)
            for h in self.b.home_of(pl):
                cells[h] = soldier(pl)
        return Pos(cells, "P", {"quiet": "0"})

    def format(self, pos):
        s = self.cells_text(pos) + " " + pos.side
        if "forced" in pos.fields:
            s += " forced=" + pos.fields["forced"]
        s += " quiet=" + pos.fields["quiet"]
        return s

    # -- pieces
    def enemy_piece(self, pos, pl, sq):
        return owner_of(pos.cells[sq]) == OTHER[pl]

    def jaguar_square(self, pos, pl):
        for n in self.b.names:
            if pos.cells[n] in (jag(pl), pair(pl)):
                return n
        return None

    # -- soldier steps (a soldier on sq, or the one carried there)
    def soldier_moves(self, pos, pl, sq, prefix=""):
        out = []
        me_s, me_j, me_k = soldier(pl), jag(pl), pair(pl)
        en = OTHER[pl]
        for d, t in self.b.near[sq]:
            if self.b.kind[t] in ("neutral", "raised"):
                continue
            ch = pos.cells[t]
            if ch in (me_s, me_j, me_k):
                continue
            base = prefix + sq + "-" + t
            if ch == ".":
                out.append((base, ("step", sq, t, prefix)))
            elif ch == soldier(en):
                for d2, u in self.b.near[t]:
                    if d2 != d:
                        continue
                    if self.b.kind[u] in ("neutral", "raised"):
                        continue
                    if pos.cells[u] == "." or pos.cells[u] == jag(en):
                        out.append((base + ">" + u,
                                    ("bump", sq, t, prefix, u)))
            elif ch in (jag(en), pair(en)):
                out.append((base, ("attack", sq, t, prefix)))
        return out

    # -- jaguar routes
    def routes(self, pos, pl, sq, steps, carrying, free_turns):
        """Destinations of routes of `steps` steps from sq.  free_turns:
        any route visiting no space twice (forced moves); otherwise two
        steps never straight back.  Passing: own soldiers only."""
        ends = set()

        def ok_space(t):
            k = self.b.kind[t]
            if k == "neutral":
                return False
            if k == "raised":
                if carrying:
                    return False
                if self.b.owner[t] == pl:
                    return False
            return True

        def walk(cur, left, seen, lastdir):
            if left == 0:
                ends.add(cur)
                return
            for d, t in self.b.near[cur]:
                if t in seen or not ok_space(t):
                    continue
                if not free_turns and lastdir and d == OPP_DIR[lastdir]:
                    continue
                if left > 1 and self.enemy_piece(pos, pl, t):
                    continue
                walk(t, left - 1, seen | {t}, d)
        walk(sq, steps, {sq}, None)
        out = set()
        for t in ends:
            ch = pos.cells[t]
            if owner_of(ch) == pl:
                if ch != soldier(pl) or carrying:
                    continue        # own jaguar; or a pair onto another soldier
            out.add(t)
        return out

    def jaguar_moves(self, pos, pl, forced=None):
        sq = self.jaguar_square(pos, pl)
        if sq is None:
            return []
        ch = pos.cells[sq]
        out = []
        if forced:
            if ch == pair(pl):       # attacked by a soldier: the pair moves two
                for t in self.routes(pos, pl, sq, 2, True, True):
                    out.append((sq + "-" + t, ("pair", sq, t)))
            else:
                for t in self.routes(pos, pl, sq, 3, False, True):
                    out.append((sq + "-" + t, ("jag", sq, t)))
            return out
        if ch == jag(pl):
            for t in self.routes(pos, pl, sq, 2, False, False):
                out.append((sq + "-" + t, ("jag", sq, t)))
        else:
            for t in self.routes(pos, pl, sq, 2, True, False):
                out.append((sq + "-" + t, ("pair", sq, t)))
            for t in self.routes(pos, pl, sq, 2, False, False):
                out.append(("J" + sq + "-" + t, ("jagalone", sq, t)))
        return out

    def all_moves(self, pos, pl, forced):
        if forced:
            return self.jaguar_moves(pos, pl, forced)
        out = []
        for n in self.b.names:
            ch = pos.cells[n]
            if ch == soldier(pl):
                out += self.soldier_moves(pos, pl, n)
            elif ch == pair(pl):
                out += self.soldier_moves(pos, pl, n, "S")
        out += self.jaguar_moves(pos, pl)
        return out

    def moves(self, pos):
        if pos.over:
            return []
        return sorted({m for m, _ in self.all_moves(
            pos, pos.side, pos.fields.get("forced"))})

    def play(self, pos, move):
        pl = pos.side
        en = OTHER[pl]
        forced = pos.fields.get("forced")
        acts = [a for m, a in self.all_moves(pos, pl, forced) if m == move]
        if not acts and ">" not in move:
            acts = [a for m, a in self.all_moves(pos, pl, forced)
                    if m.split(">")[0] == move]
            if len(acts) != 1:
                acts = []
        assert acts, (move, self.format(pos))
        a = acts[0]
        p = pos.copy()
        p.fields.pop("forced", None)
        quiet = int(pos.fields["quiet"]) + 1
        kind, sq, t = a[0], a[1], a[2]
        SEEN["jaguar: %s%s%s" % ("forced " if forced else "", kind,
                                 " (carried soldier)" if kind in
                                 ("step", "bump", "attack") and a[3] else "")
             ] += 1
        killed_jaguar = False
        new_forced = None
        if kind in ("step", "bump", "attack"):
            prefix = a[3]
            p.cells[sq] = jag(pl) if prefix else "."
            if kind == "step":
                p.cells[t] = soldier(pl)
            elif kind == "bump":
                u = a[4]
                if p.cells[u] == jag(en):
                    SEEN["jaguar: bumped onto its own jaguar"] += 1
                p.cells[u] = pair(en) if p.cells[u] == jag(en) else soldier(en)
                p.cells[t] = soldier(pl)
            else:
                new_forced = "soldier"   # the jaguar's space shows the jaguar
                SEEN["jaguar: a soldier attacks a %s"
                     % ("pair" if p.cells[t] == pair(en) else "jaguar")] += 1
        else:
            # the piece arriving: a lone jaguar or the pair
            if kind == "pair":
                mover = pair(pl)
            else:
                mover = jag(pl)
            if forced:
                attacker = {"soldier": soldier(en), "jaguar": jag(en),
                            "pair": pair(en)}[forced]
                p.cells[sq] = attacker
            elif kind == "jagalone":
                p.cells[sq] = soldier(pl)
            else:
                p.cells[sq] = "."
            tgt = pos.cells[t] if t != sq else "."
            if tgt != ".":
                SEEN["jaguar: %s ends on %s" % (
                    "pair" if mover == pair(pl) else "jaguar",
                    {soldier(pl): "own soldier", soldier(en): "enemy soldier",
                     jag(en): "enemy jaguar", pair(en): "enemy pair"}[tgt])] += 1
            if tgt == soldier(pl):
                p.cells[t] = pair(pl)
            elif tgt == ".":
                p.cells[t] = mover
            elif tgt == soldier(en):
                p.cells[t] = mover
                quiet = 0
            elif tgt == jag(en):
                p.cells[t] = mover
                quiet = 0
                killed_jaguar = True
            elif tgt == pair(en):
                # the carried soldier dies; the attacked jaguar must move
                p.cells[t] = jag(en)
                quiet = 0
                new_forced = "pair" if mover == pair(pl) else "jaguar"
            else:
                raise AssertionError((move, tgt))
        p.fields["quiet"] = str(quiet)
        p.side = en
        if new_forced:
            p.fields["forced"] = new_forced
        if killed_jaguar:
            SEEN["jaguar: end, a jaguar killed"] += 1
            p.over = pl
            return p
        return self.settle(p)

    def settle(self, p):
        """The end of the game that position p (not a kill) may be."""
        pl, en = OTHER[p.side], p.side
        forced = p.fields.get("forced")
        if (self.quiet_limit and int(p.fields["quiet"]) >= self.quiet_limit
                and not forced):
            SEEN["jaguar: end, quiet limit"] += 1
            p.over = "draw"
            return p
        if not self.all_moves(p, en, forced):
            if forced or self.all_moves(p, pl, None):
                SEEN["jaguar: end, trapped%s"
                     % (" on a forced move" if forced else "")] += 1
                p.over = pl
            else:
                SEEN["jaguar: end, nobody can move"] += 1
                p.over = "draw"
        return p

    def result(self, pos):
        return pos.over


def make(board, opts):
    o = dict(kv.split("=", 1) for kv in opts)
    if o.get("ruleset", "race") == "race":
        return Race(board, o.get("dice", "sticks"), o.get("zero", "any"))
    return Jaguar(board, int(o.get("quiet_limit", "100")))


if __name__ == "__main__":
    b = Board.load(sys.argv[1])
    g = make(b, sys.argv[2:])
    p = g.start()
    print(g.format(p))
    print(" ".join(g.moves(p)) or g.chance_outcomes(p))
