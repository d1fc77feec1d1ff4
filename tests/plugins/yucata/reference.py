"""An independent model of Yucata' (Stefan Dorra, 1995) for the
differential check tests/plugins/yucata/compare.py.

Written from the rules text (seeds/002), the spec and tablero-yucata(7),
not from the plugin: the same position string, move names and chance
outcomes as the host, so that the two can be compared move by move.
"""

from math import comb

CARDS = "12345k?"
NAMES = {"k": "knife"}
LAST_SPACE = 39
FIRST_STONE = 5
NSPACES = LAST_SPACE - FIRST_STONE + 1   # 35

TABLERO = "pppdpppdppdpppdpppdppdpppdppdppdppr"
LAYOUTS = {
    "tablero": TABLERO, "standard": TABLERO,
    "pairs": "ppppd dpppp pddpp pppdd ppppp ddppp pdppr".replace(" ", ""),
    "centre": "ppdpp pdppp dppdp pprpp pdppd ppdpp dppdp".replace(" ", ""),
}


def options(**kw):
    o = {"players": 2, "layout": "tablero", "stones": "standard",
         "first": "1", "first_question": "forbidden",
         "shortfall": "negative", "ties": "shared"}
    o.update(kw)
    o["players"] = int(o["players"])
    return o


def card_name(c):
    return NAMES.get(c, c)


def card_of(word):
    w = word.lower()
    if w in ("knife", "k"):
        return "k"
    if w in ("?", "q"):
        return "?"
    if w in "12345" and len(w) == 1:
        return w
    raise ValueError(word)


def rule2_ok(layout):
    """At least one pale stone between every red and every dark stone."""
    for i, a in enumerate(layout):
        if a != "r":
            continue
        for j, b in enumerate(layout):
            if b != "d":
                continue
            lo, hi = min(i, j), max(i, j)
            if "p" not in layout[lo + 1:hi]:
                return False
    return True


class Player:
    def __init__(self):
        self.space = 0
        self.hand = set(CARDS)
        self.last = "-"          # '-', a card, or '?X'
        self.stones = {"p": 0, "d": 0, "r": 0}

    def copy(self):
        p = Player()
        p.space, p.hand, p.last = self.space, set(self.hand), self.last
        p.stones = dict(self.stones)
        return p

    def text(self):
        hand = "".join(c for c in CARDS if c in self.hand)
        return "%d,%s,%s,%d:%d:%d" % (self.space, hand, self.last,
                                      self.stones["p"], self.stones["d"],
                                      self.stones["r"])


class Game:
    def __init__(self, o):
        self.o = o
        self.n = o["players"]
        self.players = [Player() for _ in range(self.n)]
        self.over = None          # None, or the list of winners (1-based)
        self.scores = None
        lay = o["layout"]
        self.drawing = lay == "random"
        if self.drawing:
            self.track = ["_"] * NSPACES
            self.phase = "red"
            self.darks = 0
        else:
            lay = LAYOUTS.get(lay, lay)
            self.track = list(lay.replace(" ", "").lower())
            self.phase = "first" if o["first"] == "random" else None
        self.tomove = 1 if o["first"] == "random" else int(o["first"])

    # -- chance -----------------------------------------------------------
    def chance(self):
        """[(outcome name, probability)] or [] when a player moves."""
        if self.phase == "red":
            w = {}
            for s in range(FIRST_STONE, LAST_SPACE + 1):
                ends = s in (FIRST_STONE, LAST_SPACE)
                w[s] = comb(NSPACES - 2 if ends else NSPACES - 3, 9)
            t = sum(w.values())
            return [("red%d" % s, w[s] / t) for s in sorted(w)]
        if self.phase == "dark":
            free = [i for i in range(NSPACES) if self.track[i] == "_"
                    and not (i > 0 and self.track[i - 1] == "r")
                    and not (i + 1 < NSPACES and self.track[i + 1] == "r")]
            return [("dark%d" % (i + FIRST_STONE), 1 / len(free))
                    for i in free]
        if self.phase == "first":
            return [("first%d" % p, 1 / self.n)
                    for p in range(1, self.n + 1)]
        return []

    def play_chance(self, name):
        if self.phase == "red":
            self.track[int(name[3:]) - FIRST_STONE] = "r"
            self.phase = "dark"
        elif self.phase == "dark":
            self.track[int(name[4:]) - FIRST_STONE] = "d"
            self.darks += 1
            if self.darks == 9:
                self.track = ["p" if c == "_" else c for c in self.track]
                self.phase = "first" if self.o["first"] == "random" \
                    else None
        elif self.phase == "first":
            self.tomove = int(name[5:])
            self.phase = None
        else:
            raise ValueError(name)

    # -- play -------------------------------------------------------------
    def prev(self):
        return self.players[(self.tomove - 2) % self.n]

    def legal(self):
        """The playable cards, in the order 1 2 3 4 5 knife ?."""
        if self.over is not None or self.phase is not None:
            return []
        me = self.players[self.tomove - 1]
        pl = self.prev().last
        banned = pl[0] if pl != "-" else None
        out = []
        for c in CARDS:
            if c not in me.hand:
                continue
            if c == banned and len(me.hand) > 1:
                continue
            if c == "?" and pl == "-" and \
                    self.o["first_question"] == "forbidden":
                continue
            out.append(card_name(c))
        return out

    def leader(self):
        return max(p.space for p in self.players)

    def play(self, word):
        if self.phase is not None:
            self.play_chance(word)
            return
        c = card_of(word)
        assert card_name(c) in self.legal(), (word, self.position())
        me = self.players[self.tomove - 1]
        act = c
        if c == "?":
            pl = self.prev().last
            if pl == "-":
                act = "1" if self.o["first_question"] == "one" else "0"
            elif pl[0] == "?":
                act = pl[1]
            else:
                act = pl
        if act == "k":
            dest = self.leader() + 1
        else:
            dest = me.space + int(act)
        dest = min(dest, LAST_SPACE)
        for s in range(me.space + 1, dest + 1):
            if s >= FIRST_STONE:
                st = self.track[s - FIRST_STONE]
                if st in "pdr":
                    me.stones[st] += 1
                    self.track[s - FIRST_STONE] = "."
        me.space = dest
        me.hand.discard(c)
        me.last = "?" + act if c == "?" else c
        if not me.hand:
            me.hand = set(CARDS)
        if not any(s in "pdr" for s in self.track):
            self.finish()
        else:
            self.tomove = self.tomove % self.n + 1

    # -- end --------------------------------------------------------------
    def kept_dark(self, p):
        return max(0, p.stones["d"] - p.stones["r"])

    def score(self, p):
        d = self.kept_dark(p)
        s = p.stones["p"] - d * (d + 1) // 2
        if self.o["shortfall"] == "zero":
            s = max(0, s)
        return s

    def finish(self):
        self.scores = [self.score(p) for p in self.players]
        best = max(self.scores)
        win = [i + 1 for i in range(self.n) if self.scores[i] == best]
        if self.o["ties"] == "fewer_dark" and len(win) > 1:
            fd = min(self.kept_dark(self.players[i - 1]) for i in win)
            win = [i for i in win
                   if self.kept_dark(self.players[i - 1]) == fd]
        self.over = win

    def position(self):
        tm = "end" if self.over is not None else \
            ("chance" if self.phase is not None else str(self.tomove))
        return " ".join(["".join(self.track)] +
                        [p.text() for p in self.players] + [tm])

    def set_position(self, text):
        f = text.split()
        self.track = list(f[0])
        self.players = []
        for t in f[1:-1]:
            sp, hand, last, st = t.split(",")
            p = Player()
            p.space, p.hand, p.last = int(sp), set(hand), last
            a, b, c = st.split(":")
            p.stones = {"p": int(a), "d": int(b), "r": int(c)}
            self.players.append(p)
        self.n = len(self.players)
        self.phase = None
        self.over = None
        if f[-1] == "end":
            self.finish()
        else:
            self.tomove = int(f[-1])
