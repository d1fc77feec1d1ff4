#!/usr/bin/env python3
"""browser.py - a saved game page in headless Chromium, driven through
chromedriver's WebDriver protocol (no other package): the arrow keys,
Home/End, the buttons and a click in the move list each show the board of
the right position (checked against the positions tablero itself prints
while it replays the record), and the page's console holds no error.
TAP on stdout; exit 77 (skip) when Chromium or chromedriver is absent.
Usage: browser.py TABLERO"""
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", ".."))
from webdriver import chromium  # noqa: E402

TABLERO = os.path.abspath(sys.argv[1])
n = 0


def tap(ok, what, detail=""):
    global n
    n += 1
    print("%s %d - %s" % ("ok" if ok else "not ok", n, what))
    if not ok and detail:
        for line in str(detail).splitlines():
            print("# " + line)


SHOWN = """
var v = [].filter.call(document.querySelectorAll('.pos'),
                       function (p) { return !p.hidden; });
return v.map(function (p) {
    return p.querySelector('svg').getAttribute('data-position'); });
"""


# The elements the shown board draws, by tag and class.
DRAWN = """
var p = [].filter.call(document.querySelectorAll('.pos'),
                       function (p) { return !p.hidden; })[0];
return [].map.call(p.querySelector('svg').querySelectorAll('*'),
    function (e) { return e.tagName + '.' + (e.getAttribute('class') || ''); });
"""


def drawn_alone(work, step):
    """The same, of `render --move step`'s diagram (its style aside)."""
    out = os.path.join(work, "s%d.svg" % step)
    subprocess.run([TABLERO, "--no-config", "render", "g.tbr", out,
                    "--move", str(step)], capture_output=True, cwd=work)
    root = ET.parse(out).getroot()
    return [e.tag.split("}")[1] + "." + (e.get("class") or "")
            for e in root.iter() if e is not root and
            not e.tag.endswith("style")]


def positions(work):
    """The position after each move, as tablero prints them (undoing the
    loaded record move by move)."""
    args = ["--no-config", "-c", "load g.tbr", "-c", "position"]
    for _ in range(8):
        args += ["-c", "undo 1", "-c", "position"]
    out = subprocess.run([TABLERO] + args, capture_output=True, text=True,
                         cwd=work).stdout.splitlines()
    pos = [l for l in out if "/" in l and " " in l]
    return list(reversed(pos))


def main():
    work = tempfile.mkdtemp(prefix="tablero-browser.")
    try:
        with chromium(os.path.join(work, "profile")) as d:
            if d is None:
                print("1..0 # SKIP chromium or chromedriver is not "
                      "installed")
                sys.exit(77)
            cmds = ["new example", "b2", "a1", "c3", "a3", "a2", "c1",
                    "b1", "c2", "save g.tbr", "save g.html"]
            args = ["--no-config"]
            for c in cmds:
                args += ["-c", c]
            subprocess.run([TABLERO] + args, capture_output=True, cwd=work,
                           check=True)
            drive(d, work, positions(work))
    finally:
        shutil.rmtree(work, ignore_errors=True)


def drive(d, work, want):
    print("1..9")
    d.s("POST", "/url", {"url": "file://" + os.path.join(work, "g.html")})
    last = len(want) - 1
    tap(len(want) == 9 and d.run(SHOWN) == [want[last]],
        "the page opens at the last position", d.run(SHOWN))
    seen = []
    d.key("Home")
    seen.append(d.run(SHOWN))
    for _ in range(last):
        d.key("ArrowRight")
        seen.append(d.run(SHOWN))
    tap(seen == [[p] for p in want], "Home, then the right arrow, shows "
        "each position in turn", "\n".join(map(str, seen)))
    d.key("ArrowRight")
    tap(d.run(SHOWN) == [want[last]], "the right arrow stops at the end")
    d.key("ArrowLeft")
    d.key("ArrowLeft")
    tap(d.run(SHOWN) == [want[last - 2]], "the left arrow goes back")
    d.click("#first")
    a = d.run(SHOWN)
    d.click("#next")
    d.click("#next")
    b = d.run(SHOWN)
    d.click("#prev")
    c = d.run(SHOWN)
    d.click("#last")
    e = d.run(SHOWN)
    tap([a, b, c, e] == [[want[0]], [want[2]], [want[1]], [want[last]]],
        "the first, next, previous and last buttons", [a, b, c, e])
    d.click('.moves a[data-step="4"]')
    tap(d.run(SHOWN) == [want[4]] and d.run(
        "return document.querySelector('.moves a.current')"
        ".getAttribute('data-step')") == "4",
        "a click on move 4 shows the position after it, marked current")
    d.key("End")
    tap(d.run(SHOWN) == [want[last]], "End shows the last position")
    got = []
    for k in (0, 4, last):
        d.click('.moves a[data-step="%d"]' % k)
        got.append(d.run(DRAWN) == drawn_alone(work, k))
    tap(got == [True] * 3, "the board shown draws all that the diagram "
        "of its position draws, shared runs and all", got)
    errors = d.errors()
    tap(not errors, "no error in the page's console", errors)


main()
