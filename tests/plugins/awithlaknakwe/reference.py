#!/usr/bin/env python3
"""An independent model of Awithlaknakwe, written from
the project's spec of the game, the source text and
tablero-awithlaknakwe(7), not from the plugin's C code.

make(opts) -> Game; Game.start(), parse(s), format(pos), moves(pos),
play(pos, move), result(pos) (None, 'draw' or the winner's name as the
host prints it).
"""

import collections

SEEN = collections.Counter()

FILES = "abcdefghijklmn"
ORDER = "swne"                  # South, West, North, East: field order
NAMES = {"s": "South", "w": "West", "n": "North", "e": "East"}
FWD = {"s": (0, 1), "n": (0, -1), "w": (1, 0), "e": (-1, 0)}
TEAM = {"s": 0, "e": 0, "n": 1, "w": 1}
PARTNER = {"s": "e", "e": "s", "n": "w", "w": "n"}


def exists(x, y):
    if 1 <= x <= 12 and 1 <= y <= 12:
        return True
    if y in (0, 13) and 4 <= x <= 9:
        return True
    return x in (0, 13) and 4 <= y <= 9


RANKS = [[(x, y) for x in range(14) if exists(x, y)] for y in range(14)]


def name(sq):
    return "%s%d" % (FILES[sq[0]], sq[1] + 1)


def parse_sq(s):
    x = FILES.index(s[0])
    y = int(s[1:]) - 1
    assert exists(x, y), "no square " + s
    return (x, y)


def on_goal(side, sq):
    x, y = sq
    return {"s": y == 13, "n": y == 0, "w": x == 13, "e": x == 0}[side]


def home(side):
    if side == "s":
        return [(x, 0) for x in range(4, 10)]
    if side == "n":
        return [(x, 13) for x in range(4, 10)]
    if side == "w":
        return [(0, y) for y in range(4, 10)]
    return [(13, y) for y in range(4, 10)]


class Pos:
    def __init__(self, board, turn, captures, priest, quiet):
        self.board = board      # dict square -> letter
        self.turn = turn
        self.captures = captures
        self.priest = priest
        self.quiet = quiet

    def copy(self):
        return Pos(dict(self.board), self.turn, dict(self.captures),
                   dict(self.priest), self.quiet)


class Game:
    def __init__(self, opts):
        o = dict(kv.split("=", 1) for kv in opts)
        self.players = int(o.get("players", "2"))
        self.flank = o.get("flank", "team")
        self.entry = o.get("priest_entry", "next_turn")
        self.team_priest = o.get("team_priest", "one")
        self.arrived = o.get("arrived", "frozen")
        self.quiet_limit = int(o.get("quiet_limit", "20"))
        self.scoring = o.get("scoring", "combined")
        self.race_target = int(o.get("race_target", "6"))
        self.partners = o.get("partners", "separate")
        self.order = o.get("order", "clockwise")
        self.first = o.get("first", "south")
        if self.players == 2:
            self.sides = "sn"
            self.cycle = "sn"
        else:
            self.sides = "swne"
            self.cycle = "swne" if self.order == "clockwise" else "senw"
        if self.players == 2 or self.team_priest == "each":
            self.team_priest = "each"

    # -- strings --------------------------------------------------------
    def start(self):
        board = {}
        for y in range(14):
            for sq in RANKS[y]:
                board[sq] = "."
        for side in self.sides:
            for sq in home(side):
                board[sq] = side
        turn = "?" if self.first == "random" else self.first[0]
        return Pos(board, turn, {s: 0 for s in self.sides},
                   {s: "-" for s in self.sides}, 0)

    def format(self, pos):
        ranks = "/".join("".join(pos.board[sq] for sq in RANKS[y])
                         for y in range(14))
        return "%s %s captures=%s priest=%s quiet=%d" % (
            ranks, pos.turn,
            ",".join("%s%d" % (s, pos.captures[s]) for s in self.sides),
            ",".join("%s%s" % (s, pos.priest[s]) for s in self.sides),
            pos.quiet)

    def parse(self, text):
        parts = text.split()
        ranks = parts[0].split("/")
        assert len(ranks) == 14
        board = {}
        for y in range(14):
            assert len(ranks[y]) == len(RANKS[y]), ranks[y]
            for sq, c in zip(RANKS[y], ranks[y]):
                board[sq] = c
        pos = Pos(board, parts[1], {s: 0 for s in self.sides},
                  {s: "-" for s in self.sides}, 0)
        for s in self.sides:
            if s.upper() in board.values():
                pos.priest[s] = "*"
        for f in parts[2:]:
            k, v = f.split("=", 1)
            if k == "captures":
                for it in v.split(","):
                    pos.captures[it[0]] = int(it[1:])
            elif k == "priest":
                for it in v.split(","):
                    pos.priest[it[0]] = it[1]
            elif k == "quiet":
                pos.quiet = int(v)
        return pos

    # -- rules ----------------------------------------------------------
    def movers(self, seat):
        if self.players == 4 and self.partners == "combined":
            return (seat, PARTNER[seat])
        return (seat,)

    def entries(self, pos, side):
        if pos.priest[side] != "+":
            return []
        return ["P@" + name(sq) for sq in home(side) if pos.board[sq] == "."]

    def piece_steps(self, pos, sq, c):
        side = c.lower()
        fx, fy = FWD[side]
        sx, sy = fy, fx                 # a sideways vector
        x, y = sq
        if on_goal(side, sq):
            if self.arrived == "slide" and c.isupper():
                vecs = [(sx, sy), (-sx, -sy)]
            else:
                return []
        elif c.isupper():
            vecs = [(fx, fy), (sx, sy), (-sx, -sy),
                    (fx + sx, fy + sy), (fx - sx, fy - sy)]
        else:
            vecs = [(fx + sx, fy + sy), (fx - sx, fy - sy)]
        out = []
        for dx, dy in vecs:
            t = (x + dx, y + dy)
            if exists(*t) and pos.board[t] == ".":
                out.append(t)
        return out

    def seat_moves(self, pos, seat):
        # with partners=combined the waiting priest is a piece of the
        # team: either seat may (with next_turn: must) enter it on its
        # owner's home rank
        ent = []
        for s in self.movers(seat):
            ent += self.entries(pos, s)
        if ent and self.entry == "next_turn":
            return ent
        out = list(ent)
        mv = self.movers(seat)
        for sq in sorted(pos.board):
            c = pos.board[sq]
            if c != "." and c.lower() in mv:
                for t in self.piece_steps(pos, sq, c):
                    out.append(name(sq) + "-" + name(t))
        return out

    def moves(self, pos):
        if pos.turn == "?":
            return []
        m = self.seat_moves(pos, pos.turn)
        return m if m else ["pass"]

    def chance_outcomes(self, pos):
        if pos.turn != "?":
            return []
        return [(NAMES[s], 1.0 / len(self.sides)) for s in self.sides]

    def next_seat(self, seat):
        i = self.cycle.index(seat)
        return self.cycle[(i + 1) % len(self.cycle)]

    def play(self, pos, move):
        assert self.result(pos) is None, "game over"
        legal = self.moves(pos)
        if pos.turn == "?":
            m = move.lower()
            assert m in ("south", "north", "west", "east") and \
                m[0] in self.sides, "not a side: " + move
            pos = pos.copy()
            pos.turn = m[0]
            return pos
        assert move in legal, "illegal %s (legal %s)" % (move, legal)
        seat = pos.turn
        pos = pos.copy()
        quiet = True
        if move == "pass":
            SEEN["pass"] += 1
        elif move.startswith("P@"):
            to = parse_sq(move[2:])
            owner = [s for s in self.movers(seat) if to in home(s)][0]
            pos.board[to] = owner.upper()
            pos.priest[owner] = "*"
            piece = owner.upper()
            if owner != seat:
                SEEN["entry of the partner's priest"] += 1
            SEEN["entry"] += 1
        else:
            a, b = move.split("-")
            fr, to = parse_sq(a), parse_sq(b)
            piece = pos.board[fr]
            pos.board[fr] = "."
            pos.board[to] = piece
            side = piece.lower()
            fx, fy = FWD[side]
            d = (to[0] - fr[0], to[1] - fr[1])
            # every warrior step goes forward; a priest's too unless it
            # is sideways (no forward component)
            if piece.islower() or d[0] * fx + d[1] * fy == 1:
                quiet = False
            else:
                SEEN["priest sideways"] += 1
            if on_goal(side, to):
                SEEN["arrival"] += 1
            if piece.isupper():
                SEEN["priest step"] += 1
        if move != "pass":
            mside = piece.lower()
            team = TEAM[mside]
            taken = 0
            x, y = to
            # one move may take several pieces; with team_priest=one the
            # team's priest goes to the seat of the first warrior taken in
            # the order up-right, up-left, down-right, down-left (North at
            # the top), as tablero-awithlaknakwe(7) documents
            for dx, dy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
                m1 = (x + dx, y + dy)
                m2 = (x + 2 * dx, y + 2 * dy)
                if not (exists(*m1) and exists(*m2)):
                    continue
                e, f = pos.board[m1], pos.board[m2]
                if e == "." or f == "." or TEAM[e.lower()] == team:
                    continue
                if self.flank == "own":
                    if f.lower() != mside:
                        SEEN["no capture: partner flank (own)"] += 1
                        continue
                elif TEAM[f.lower()] != team:
                    continue
                if f.lower() != mside:
                    SEEN["capture with a partner's flank"] += 1
                pos.board[m1] = "."
                pos.captures[seat] += 1
                if taken:
                    SEEN["several pieces taken by one move"] += 1
                taken += 1
                quiet = False
                SEEN["capture"] += 1
                v = e.lower()
                if e.isupper():
                    SEEN["priest captured"] += 1
                    continue
                if self.team_priest == "one":
                    if pos.priest[v] == "-" and pos.priest[PARTNER[v]] == "-":
                        pos.priest[v] = "+"
                        SEEN["priest earned (team)"] += 1
                    if taken > 1:
                        SEEN["priest earned in a multiple capture"] += 1
                elif pos.priest[v] == "-":
                    pos.priest[v] = "+"
                    SEEN["priest earned"] += 1
        pos.quiet = pos.quiet + 1 if quiet else 0
        pos.turn = self.next_seat(seat)
        return pos

    def arrived_count(self, pos, team):
        return sum(1 for sq, c in pos.board.items()
                   if c != "." and TEAM[c.lower()] == team
                   and on_goal(c.lower(), sq))

    def score(self, pos, team):
        arr = self.arrived_count(pos, team)
        cap = sum(pos.captures[s] for s in self.sides if TEAM[s] == team)
        if self.scoring == "combined":
            return arr + cap
        if self.scoring == "captures":
            return cap
        return arr

    def winner_name(self, team):
        if self.players == 2:
            return "South" if team == 0 else "North"
        return "Team South-East" if team == 0 else "Team North-West"

    def ended(self, pos):
        if pos.turn == "?":
            return None
        teams = (0, 1)
        if self.scoring == "race":
            for t in teams:
                if self.arrived_count(pos, t) >= self.race_target:
                    SEEN["end: race"] += 1
                    return self.winner_name(t)
        for t in teams:
            sides = [s for s in self.sides if TEAM[s] == t]
            if not any(c != "." and TEAM[c.lower()] == t
                       for c in pos.board.values()) and \
                    not any(pos.priest[s] == "+" for s in sides):
                SEEN["end: a team has no pieces"] += 1
                return True
        if pos.quiet >= self.quiet_limit:
            SEEN["end: quiet"] += 1
            return True
        if all(not self.seat_moves(pos, s) for s in self.sides):
            SEEN["end: nobody can move"] += 1
            return True
        return None

    def result(self, pos):
        """None while the game goes on, else how the host's verdict
        begins: 'South wins, 6 to 4', 'Team North-West wins, 3 to 2' or
        'Draw, 3 to 3'."""
        e = self.ended(pos)
        if e is None:
            return None
        a, b = self.score(pos, 0), self.score(pos, 1)
        if e is not True:
            w = 0 if e in ("South", "Team South-East") else 1
            hi, lo = (a, b) if w == 0 else (b, a)
            return "%s wins, %d to %d" % (e, hi, lo)
        if a == b:
            return "Draw, %d to %d" % (a, b)
        return "%s wins, %d to %d" % (self.winner_name(0 if a > b else 1),
                                      max(a, b), min(a, b))


def make(opts):
    return Game(opts)
