#!/usr/bin/env python3
"""browser.py - the page of `tablero serve` in headless Chromium
(chromedriver's WebDriver, tests/webdriver.py): a whole game of mancala
against mcts played by clicking holes, a tuknanavuhpi capture chain
played by clicking squares, a recuay throw, and a four-player
awithlaknakwe game with three computer seats; the diagram's root keeps
data-position and data-tomove, and the page's console holds no error.
TAP on stdout; exit 77 (skip) without Chromium, chromedriver or a
server.  Usage: browser.py TABLERO"""
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", ".."))
from client import Server, tap  # noqa: E402
from webdriver import ELEMENT, chromium  # noqa: E402

TABLERO = os.path.abspath(sys.argv[1])

# Human turn, game over, or neither (a computer thinks, a throw waits).
PAGE = """
var moves = [].map.call(document.querySelectorAll('#moves [data-move]'),
    function (e) { return e.getAttribute('data-move'); });
var svg = document.querySelector('#board svg');
return { id: document.body.getAttribute('data-game'), moves: moves, status: document.getElementById('status').textContent,
  throw: !document.getElementById('throw').hidden,
  hist: document.querySelectorAll('#history li').length,
  thinking: document.getElementById('thinking').textContent,
  position: svg && svg.getAttribute('data-position'),
  tomove: svg && svg.getAttribute('data-tomove') };
"""
# What a click at the centre of a cell hits (a piece, a count, the cell).
TOP = """
var e = document.querySelector('#board .cell[data-cell="' + arguments[0] +
    '"]');
e.scrollIntoView({ block: 'center', inline: 'center' });
var c = e.getBoundingClientRect();
return document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2);
"""


def page(d, cond, seconds=15):
    end = time.time() + seconds
    while True:
        p = d.run(PAGE)
        if cond(p) or time.time() > end:
            return p
        time.sleep(0.02)


def click_cell(d, name):
    e = d.run(TOP, name)
    d.s("POST", "/element/%s/click" % e[ELEMENT], {})


def ready(p):
    return p["moves"] or p["status"].startswith("Game over") or p["throw"]


def open_game(d, sv, moves=(), **new):
    """A new game, its moves played through the API, then shown."""
    st, s = sv.post("/api/new", **new)
    for m in moves:
        sv.post("/api/play", game=s["id"], move=m)
    d.s("POST", "/url", {"url": sv.url + "#game=%d" % s["id"]})
    page(d, lambda q: q["id"] == str(s["id"]))
    return s["id"]


def mancala(d, sv):
    g = open_game(d, sv)
    clicks, bad = 0, []
    p = page(d, ready)
    while p["moves"] and clicks < 400:
        hole = [m for m in p["moves"] if ">" not in m]
        before = p["hist"]
        if hole:
            click_cell(d, hole[0])
        else:
            d.click('#moves [data-move="%s"]' % p["moves"][0])
        clicks += 1
        p = page(d, lambda q: q["hist"] > before and ready(q))
        st, s = sv.get("/api/state", game=g)
        if hole and s["history"][before]["move"] != hole[0]:
            bad.append((hole[0], s["history"][before]))
    st, s = sv.get("/api/state", game=g)
    tap(s["over"] and p["status"] == "Game over: " + s["result"] and
        not bad, "mancala against mcts played to its end by clicking "
        "holes (%d clicks)" % clicks, (p, bad))
    root = s["svg"][:s["svg"].index(">")]
    tap(p["position"] == s["position"] and
        'data-tomove="%s"' % p["tomove"] in root,
        "the diagram's root keeps data-position and data-tomove", p)


# White's i5xg7 then g7xe5 follow these moves of tuknanavuhpi.
TUKNA = ["e3-e5", "c5xe3", "f2xd4", "e7xe3", "e3xc5", "g5xe7", "d8xf6",
         "h4-g5", "f6xh4", "h4xf2", "g1xe3", "f8-e7", "i1-g1", "g7-f6"]


def tuknanavuhpi(d, sv):
    g = open_game(d, sv, TUKNA, name="tuknanavuhpi", seats="human,human")
    p = page(d, ready)
    click_cell(d, "i5")
    sel = d.run("return [].map.call(document.querySelectorAll("
                "'#board .cell.sel'), function (e) {"
                " return e.getAttribute('data-cell'); })")
    click_cell(d, "g7")
    p = page(d, lambda q: q["hist"] == len(TUKNA) + 1 and ready(q))
    click_cell(d, "e5")
    p = page(d, lambda q: q["hist"] == len(TUKNA) + 2 and ready(q))
    st, s = sv.get("/api/state", game=g)
    tap(sel == ["i5"] and [h["move"] for h in s["history"][-2:]] ==
        ["i5xg7", "g7xe5"] and s["players"][s["tomove"]] == "Black",
        "a tuknanavuhpi capture chain by clicking i5, g7, e5",
        (sel, s["history"][-3:]))


def recuay(d, sv):
    g = open_game(d, sv, name="recuay", seats="human,mcts:20")
    p = page(d, ready)
    thrown, throws = p["throw"], 0
    # A throw of 0 passes P's turn (and Q's reply follows): throw again.
    while p["throw"] and throws < 20:
        h = p["hist"]
        d.click("#throw")
        throws += 1
        p = page(d, lambda q: q["hist"] > h and ready(q))
    st, s = sv.get("/api/state", game=g)
    tap(thrown and p["moves"] and s["history"][-1]["who"] == "chance" and
        p["moves"] == s["moves"] and s["tomove"] == 0,
        "recuay: the throw button throws (%d throws)" % throws,
        (thrown, p, s["history"]))
    m, k = p["moves"][0], len(s["history"])
    d.click('#moves [data-move="%s"]' % m)
    p = page(d, lambda q: q["hist"] > k and ready(q))
    st, s = sv.get("/api/state", game=g)
    tap(s["history"][k].get("move") == m and s["history"][k]["who"] == "P",
        "a listed move clicked after the throw", s["history"])


def awithlaknakwe(d, sv):
    g = open_game(d, sv, name="awithlaknakwe", options="players=4",
                  seats="human,mcts:30,mcts:30,mcts:30")
    p = page(d, ready)
    seen = set()
    for _ in range(3):
        before = p["hist"]
        m = p["moves"][0]
        cells = [w for w in m.replace("x", "-").split("-")]
        click_cell(d, cells[0])
        click_cell(d, cells[-1])
        p = page(d, lambda q: q["thinking"] or q["hist"] >= before + 4)
        seen.add(bool(p["thinking"]))
        p = page(d, lambda q: q["hist"] >= before + 4 and ready(q))
    st, s = sv.get("/api/state", game=g)
    who = [h["who"] for h in s["history"]]
    tap(len(s["players"]) == 4 and who[:4] == [s["players"][i] for i in
        (0, 1, 2, 3)] and len(who) >= 12 and s["tomove"] == 0 and
        s["seats"][1:] == ["mcts:30"] * 3, "awithlaknakwe: four players, "
        "three computer seats answer each click", (who, s["seats"]))
    tap(True in seen, "the page shows the computer thinking", seen)


def main():
    work = tempfile.mkdtemp(prefix="tablero-serve-browser.")
    sv = Server(TABLERO, ["mancala", "--seats", "human,mcts:20"])
    try:
        with chromium(os.path.join(work, "profile"), (1200, 1000)) as d:
            if d is None:
                print("1..0 # SKIP chromium or chromedriver is not "
                      "installed")
                sys.exit(77)
            print("1..8")
            mancala(d, sv)
            tuknanavuhpi(d, sv)
            recuay(d, sv)
            awithlaknakwe(d, sv)
            errors = d.errors()
            tap(not errors, "no error in the page's console", errors)
    finally:
        sv.cleanup()


main()
