#!/usr/bin/env python3
"""screenshot.py - make doc/serve.png, the README's picture of `tablero
serve`: a game of mancala against mcts in headless Chromium, a few moves
in, a hole selected.  Not a test.  Usage: screenshot.py TABLERO OUT.png"""
import base64
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", ".."))
from client import Server, settled  # noqa: E402
from webdriver import chromium  # noqa: E402


def main():
    tablero, out = sys.argv[1], sys.argv[2]
    sv = Server(os.path.abspath(tablero), ["mancala", "--seats",
                                           "human,mcts:300"])
    try:
        st, s = sv.post("/api/new")
        g = s["id"]
        for mv in ("a1", "b3", "a5"):
            s = sv.wait(g, lambda s: settled(s) and s["tomove"] == 0)
            if mv in s["moves"]:
                sv.post("/api/play", game=g, move=mv)
        sv.wait(g, lambda s: settled(s) and s["tomove"] == 0)
        with chromium(tempfile.mkdtemp(), (1100, 720)) as d:
            d.s("POST", "/url", {"url": sv.url + "#game=%d" % g})
            for _ in range(200):
                if d.run("return document.querySelector('#moves button')"
                         " !== null"):
                    break
                time.sleep(0.05)
            d.run("document.querySelector('#history').style.maxHeight="
                  "'12em';")
            png = d.s("GET", "/screenshot")
        with open(out, "wb") as f:
            f.write(base64.b64decode(png))
    finally:
        sv.cleanup()


main()
