#!/usr/bin/env python3
"""bench.py - how `tablero serve` holds up (a benchmark, not a test):
100 games at once, each played by its own API client against an mcts
seat, with the time of each move's answer and of the computer's reply;
then, in headless Chromium, a click's time until the page shows the move
(measured in the page, from the click to the history updated).
Usage: bench.py TABLERO [GAMES] [MOVES] [BUDGET]"""
import os
import statistics
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", ".."))
from client import Server, settled  # noqa: E402
from webdriver import chromium  # noqa: E402

TABLERO = os.path.abspath(sys.argv[1])
GAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 100
MOVES = int(sys.argv[3]) if len(sys.argv) > 3 else 10
BUDGET = sys.argv[4] if len(sys.argv) > 4 else "mcts:200"


def spread(v):
    v = sorted(v)
    if not v:
        return "none"
    q = lambda f: v[min(len(v) - 1, int(f * len(v)))]  # noqa: E731
    return "median %.1f ms, p10 %.1f, p90 %.1f, max %.1f (n=%d)" % (
        1000 * statistics.median(v), 1000 * q(0.1), 1000 * q(0.9),
        1000 * v[-1], len(v))


def client(sv, g, answers, replies, errors):
    for _ in range(MOVES):
        s = sv.wait(g, lambda s: settled(s) and (s["over"] or
                                                  s["tomove"] == 0), 120)
        if s["over"]:
            return
        t = time.time()
        st, s = sv.post("/api/play", game=g, move=s["moves"][0])
        answers.append(time.time() - t)
        if st != 200:
            errors.append(s)
            return
        s = sv.wait(g, lambda s: settled(s) and (s["over"] or
                                                  s["tomove"] == 0), 120)
        replies.append(time.time() - t)


def rss(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS"):
                return line.split()[1] + " kB"
    return "?"


def many(sv):
    ids = [sv.post("/api/new")[1]["id"] for _ in range(GAMES)]
    answers, replies, errors = [], [], []
    th = [threading.Thread(target=client, args=(sv, g, answers, replies,
                                                errors)) for g in ids]
    t = time.time()
    for x in th:
        x.start()
    for x in th:
        x.join()
    dt = time.time() - t
    print("%d games at once, %d moves each against %s: %.1f s, %d moves"
          % (GAMES, MOVES, BUDGET, dt, len(answers)))
    print("  a move's answer:        " + spread(answers))
    print("  the computer's reply:   " + spread(replies))
    print("  errors: %d; server RSS %s" % (len(errors), rss(sv.p.pid)))


CLICK = """
var done = arguments[arguments.length - 1];
var n = document.querySelectorAll('#history li').length;
var b = document.querySelector('#moves [data-move]');
var t0 = performance.now();
b.click();
(function wait() {
  if (document.querySelectorAll('#history li').length > n)
    done(performance.now() - t0);
  else setTimeout(wait, 1);
})();
"""


def clicks(sv, game, opts, n):
    st, s = sv.post("/api/new", name=game, options=opts,
                    seats=",".join(["human"] * 4 if "players=4" in opts
                                   else ["human"] * 2))
    with chromium(tempfile.mkdtemp(), (1200, 1000)) as d:
        d.s("POST", "/url", {"url": sv.url + "#game=%d" % s["id"]})
        time.sleep(0.5)
        v = []
        for _ in range(n):
            if not d.run("return document.querySelector("
                         "'#moves [data-move]') !== null"):
                break
            v.append(d.s("POST", "/execute/async", {"script": CLICK,
                                                    "args": []}) / 1000)
        print("a click until the page shows it, %s %s: %s" % (
            game, opts, spread(v)))


def main():
    print("load: " + open("/proc/loadavg").read().strip())
    sv = Server(TABLERO, ["mancala", "--seats", "human," + BUDGET])
    try:
        many(sv)
        clicks(sv, "mancala", "", 30)
        clicks(sv, "awithlaknakwe", "players=4", 30)
        clicks(sv, "tuknanavuhpi", "", 30)
    finally:
        sv.cleanup()
    print("load: " + open("/proc/loadavg").read().strip())


main()
