#!/usr/bin/env python3
"""api.py - the JSON API of `tablero serve` driven with a plain HTTP
client: a game played against mcts, refusals that leave the game as it
was, undo, redo, hint, new game with house rules (refused with the REPL's
message), seats, the record saved and loaded, a throw at a chance point,
and the journal recovered after SIGTERM.  TAP on stdout.
Usage: api.py TABLERO"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from client import Server, tap, settled  # noqa: E402

TABLERO = os.path.abspath(sys.argv[1])


def repl_error(*cmds):
    """What the REPL says to cmds (its last stderr line)."""
    args = ["--no-config"]
    for c in cmds:
        args += ["-c", c]
    r = subprocess.run([TABLERO] + args, capture_output=True, text=True)
    return r.stderr.strip().splitlines()[-1].split(": ", 1)[1]


def play_vs_mcts(sv):
    st, s = sv.post("/api/new")
    g = s["id"]
    tap(st == 200 and s["game"] == "mancala" and
        s["seats"] == ["human", "mcts:40"] and "variant=hus" in s["options"]
        and s["svg"].startswith("<svg") and 'data-position="' in s["svg"],
        "a new game: the command line's game, options and seats", s)
    st, s = sv.post("/api/play", game=g, move="a1")
    tap(st == 200 and s["history"][0]["move"] == "a1" and
        s["history"][0]["say"].startswith("a1"),
        "a move played, with the game's narration", s.get("history"))
    s = sv.wait(g, lambda s: settled(s) and s["tomove"] == 0)
    tap(len(s["history"]) == 2 and s["history"][1]["who"] == "Q",
        "the computer seat answers by itself", s["history"])
    v, hist = s["version"], s["history"]
    st, e = sv.post("/api/play", game=g, move="z9")
    st2, s = sv.get("/api/state", game=g)
    tap(st == 400 and "z9" in e["error"] and s["version"] == v and
        s["history"] == hist, "an unreadable move is refused (400), the "
        "game as it was", e)
    st, e = sv.post("/api/play", game=g)
    tap(st == 400 and "move=" in e["error"], "play without a move", e)
    return g


def undo_redo(sv, g):
    st, s = sv.get("/api/state", game=g)
    n = len(s["history"])
    st, s = sv.post("/api/undo", game=g)
    tap(st == 200 and len(s["history"]) == n - 2 and s["tomove"] == 0 and
        s["redo"] and s["paused"], "undo goes back to the human's turn",
        (n, s.get("history")))
    st, s = sv.post("/api/redo", game=g)
    tap(st == 200 and len(s["history"]) == n and s["paused"],
        "redo plays it again; the computer waits", s.get("history"))
    while s["undo"]:
        st, s = sv.post("/api/undo", game=g)
    st, e = sv.post("/api/undo", game=g)
    tap(st == 409 and e["error"] == "nothing to undo", "nothing to undo", e)
    st, s = sv.post("/api/go", game=g)
    tap(st == 200 and not s["paused"], "go lets the computer seats play on")


def new_and_seats(sv, g):
    st, e = sv.post("/api/new", game=g, name="mancala",
                    options="variant=hsu")
    want = repl_error("new mancala variant=hsu")
    tap(st == 400 and e["error"] == want,
        "a bad house rule is refused with the REPL's message", (e, want))
    st, e = sv.post("/api/new", game=g, name="mancal")
    tap(st == 400 and "mancala" in e["error"], "an unknown game", e)
    st, s = sv.post("/api/new", game=g, name="mancala",
                    options="variant=hus skip_start=yes", seats="human,human")
    tap(st == 200 and "skip_start=yes" in s["options"] and
        s["seats"] == ["human", "human"] and s["id"] == g,
        "new game with house rules and seats, in the same slot", s)
    st, e = sv.post("/api/seats", game=g, seats="human,mcts:x")
    tap(st == 400 and "'x'" in e["error"], "a bad seat is refused", e)
    st, e = sv.post("/api/seats", game=g, seats="human,human,human")
    tap(st == 400 and "more players" in e["error"], "too many seats", e)
    st, q = sv.post("/api/new", name="mancala", options="first=Q",
                    seats="human,mcts:50")
    sv.wait(q["id"], lambda s: settled(s) and s["tomove"] == 0)
    st, q = sv.post("/api/undo", game=q["id"])
    st2, e = sv.post("/api/hint", game=q["id"])
    tap(st == 200 and q["tomove"] == 1 and q["paused"] and st2 == 409 and
        "computer" in e["error"], "no hint on a computer seat's turn", e)
    st, s = sv.post("/api/seats", game=g, seats="human,random")
    tap(st == 200 and s["seats"] == ["human", "random"], "seats changed")


def hint_record(sv, g):
    st, s = sv.post("/api/hint", game=g)
    s = sv.wait(g, lambda s: s["hint"] is not None)
    first = (s["hint"] or "").split(" ")[0]
    tap(st == 200 and first in s["moves"], "a hint names a legal move",
        s["hint"])
    sv.post("/api/play", game=g, move=first)
    s = sv.wait(g, lambda s: settled(s) and s["tomove"] == 0)
    st, r = sv.get("/api/record", game=g)
    tap(st == 200 and r["name"].endswith(".tbr") and
        "[Game \"mancala\"]" in r["record"], "the record to download",
        r)
    st, s2 = sv.post("/api/new")
    st, e = sv.post("/api/load", game=s2["id"], record="not a record")
    st3, s3 = sv.get("/api/state", game=s2["id"])
    tap(st == 400 and s3["history"] == [], "a bad record is refused, "
        "the game as it was", e)
    st, s3 = sv.post("/api/load", game=s2["id"], record=r["record"])
    tap(st == 200 and s3["position"] == s["position"] and
        s3["seats"] == s["seats"], "a record loaded: the same position "
        "and seats", (s3.get("position"), s["position"]))


def throw(sv, other):
    st, s = sv.post("/api/new", name="recuay", seats="human,mcts:30")
    g = s["id"]
    tap(s["chance"] and s["throw"] and s["moves"][0].startswith("t"),
        "a race game waits for the human's throw", s)
    st, e = sv.post("/api/play", game=g, move=s["moves"][0])
    tap(st == 409 and "throw" in e["error"], "no move before the throw", e)
    st, s = sv.post("/api/throw", game=g)
    tap(st == 200 and not s["throw"] and s["history"][0]["who"] ==
        "chance" and s["history"][-1]["who"] == "chance",
        "the throw (and the passes and throws it forces)", s.get("history"))
    st, e = sv.post("/api/throw", game=other)
    tap(st == 409 and "not a chance point" in e["error"],
        "no throw but at a chance point", e)


def cells(sv):
    st, s = sv.post("/api/new", name="tuknanavuhpi", seats="human,human")
    c0 = dict(zip(s["moves"], s["cells"]))
    st, s = sv.post("/api/play", game=s["id"], move="g5-e5")
    c1 = dict(zip(s["moves"], s["cells"]))
    tap(c0.get("g5-e5") == ["g5", "e5"] and c1 == {"c5xg5": ["c5", "g5"]},
        "the cells of a step and of a capture, as the diagram marks them",
        (c0, c1))
    # The board's marks of a chain: every point it passed through (only
    # its last jump was marked), as the pages mark it.
    st, s = sv.post("/api/new", name="tuknanavuhpi", options="variant=kharbaga",
                    seats="human,human")
    for mv in ("e3-e5", "c5xe3", "f2xd4", "e7xe3", "e3xc5"):
        st, s = sv.post("/api/play", game=s["id"], move=mv)
    got = sorted(re.findall(r'class="mark last (from|to)" data-cell="(\w+)"',
                            s.get("svg") or ""))
    tap(st == 200 and got == [("from", "e7"), ("to", "c5"), ("to", "e3")],
        "the board marks every point a chain passed through", got)


# Every game and variant the issue names, played out by random seats.
EVERY = [("mancala", "variant=%s" % v) for v in (
    "hus", "maruba", "mofuba", "tschuba", "tschuba2", "chuba", "annana",
    "djamo", "poo", "kale", "mankalah", "mangala", "gabatta")] + [
    ("tuknanavuhpi", ""), ("tuknanavuhpi", "variant=kharbaga"),
    ("tuknanavuhpi", "variant=aiyawatstani"), ("awithlaknakwe", ""),
    ("awithlaknakwe", "players=4"), ("yucata", ""),
    ("yucata", "players=3"), ("yucata", "players=4"),
    ("recuay", ""), ("recuay", "ruleset=jaguar"), ("example", "")]


def every_game(sv):
    ids, bad = {}, []
    for name, opts in EVERY:
        for n in (4, 3, 2):
            st, s = sv.post("/api/new", name=name, options=opts,
                            seats=",".join(["random"] * n))
            if st == 200 or "more players" not in s.get("error", ""):
                break
        if st != 200:
            bad.append((name, opts, s))
        else:
            ids[s["id"]] = (name, opts)
    for g, what in ids.items():
        s = sv.wait(g, lambda s: s["over"] and settled(s), 30)
        if not s["over"] or not s["result"] or not s["history"]:
            bad.append((what, s["history"][-3:], s["thinking"]))
    tap(not bad and len(ids) == len(EVERY), "every game and variant "
        "(%d) played to its end by random seats, chance thrown by the "
        "host" % len(EVERY), bad)


def games(sv):
    st, c = sv.get("/api/games")
    names = [x["name"] for x in c["games"]]
    m = [x for x in c["games"] if x["name"] == "mancala"][0]
    var = [o for o in m["options"] if o["key"] == "variant"][0]
    tap(st == 200 and "recuay" in names and c["default"] == "mancala" and
        "hus" in var["choices"] and var["doc"] and len(c["playing"]) >= 2,
        "the games, their options with their documentation, the games "
        "in play", c)
    st, s = sv.get("/api/state", game=1)
    st2, u = sv.get("/api/state", game=1, since=s["version"])
    st3, f = sv.get("/api/state", game=1, since=s["version"] - 1)
    tap(u == {"id": 1, "version": s["version"], "unchanged": True,
              "thinking": s["thinking"], "hint": s["hint"]} and
        f["position"] == s["position"], "since= answers a game that did "
        "not change in a few bytes", u)
    bad = [(v, sv.get("/api/state", game=1, since=v))
           for v in ("abc", "-1", "1e3", "0x1", " 1", "99999999999999999999")]
    bad = [(v, st, e) for v, (st, e) in bad
           if st != 400 or e != {"error": "since=%s is not a version "
                                 "number" % v}]
    tap(not bad, "since= that is no version number: 400, named", bad)
    st, e = sv.get("/api/state", game=999)
    tap(st == 404 and "999" in e["error"], "an unknown game: 404", e)
    st, e = sv.get("/api/nothing")
    tap(st == 404, "an unknown request: 404", e)
    st, e = sv.get("/api/play", game=1)
    tap(st == 405, "a GET of a POST request: 405", e)


def recover():
    sv = Server(TABLERO, ["mancala", "--seats", "human,human"])
    try:
        st, s = sv.post("/api/new")
        for mv in ("a1", "c9"):
            st, s = sv.post("/api/play", game=s["id"], move=mv)
        rc, err = sv.stop("TERM")
        files = os.listdir(os.path.join(sv.state, "tablero", "serve"))
        tap(rc == 0 and len(files) == 1 and "--recover" in err,
            "SIGTERM: a clean exit, the game journalled", (rc, err, files))
        sv2 = Server(TABLERO, ["--recover"], state=sv.state)
        line = sv2.p.stderr.readline()
        st, s2 = sv2.get("/api/state", game=1)
        tap("recovered game 1, mancala after 2 moves" in line and
            s2["position"] == s["position"], "--recover serves it again",
            (line, s2.get("position"), s["position"]))
        rc, err = sv2.stop("INT")
        files = os.listdir(os.path.join(sv.state, "tablero", "serve"))
        tap(rc == 0 and files == [], "Ctrl-C: the journals removed", files)
    finally:
        sv.cleanup()


def main():
    sv = Server(TABLERO, ["mancala", "variant=hus", "--seats",
                          "human,mcts:40"])
    print("1..37")
    try:
        g = play_vs_mcts(sv)
        undo_redo(sv, g)
        new_and_seats(sv, g)
        hint_record(sv, g)
        throw(sv, g)
        cells(sv)
        every_game(sv)
        games(sv)
        rc, err = sv.stop("INT")
        tap(rc == 0 and "stopped" in err, "SIGINT: a clean exit", err)
    finally:
        sv.cleanup()
    recover()


main()
