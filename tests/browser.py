#!/usr/bin/env python3
"""browser.py - a saved game page in headless Chromium, driven through
chromedriver's WebDriver protocol (no other package): the arrow keys,
Home/End, the buttons and a click in the move list each show the board of
the right position (checked against the positions tablero itself prints
while it replays the record), and the page's console holds no error.
TAP on stdout; exit 77 (skip) when Chromium or chromedriver is absent.
Usage: browser.py TABLERO"""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

TABLERO = os.path.abspath(sys.argv[1])
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
KEYS = {"ArrowRight": "\ue014", "ArrowLeft": "\ue012", "Home": "\ue011",
        "End": "\ue010"}
n = 0


def tap(ok, what, detail=""):
    global n
    n += 1
    print("%s %d - %s" % ("ok" if ok else "not ok", n, what))
    if not ok and detail:
        for line in str(detail).splitlines():
            print("# " + line)


class Driver:
    def __init__(self, port):
        self.base = "http://127.0.0.1:%d" % port
        self.sid = None

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data,
                                     method=method)
        req.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(req, timeout=60) as r:
            return json.loads(r.read().decode())["value"]

    def session(self, profile):
        args = ["--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile]
        caps = {"browserName": "chrome",
                "goog:chromeOptions": {"binary": CHROMIUM, "args": args},
                "goog:loggingPrefs": {"browser": "ALL"}}
        v = self.call("POST", "/session",
                      {"capabilities": {"alwaysMatch": caps}})
        self.sid = v["sessionId"]

    def s(self, method, path, body=None):
        return self.call(method, "/session/%s%s" % (self.sid, path), body)

    def run(self, script):
        return self.s("POST", "/execute/sync", {"script": script, "args": []})

    def click(self, css):
        e = self.s("POST", "/element", {"using": "css selector",
                                        "value": css})
        self.s("POST", "/element/%s/click" % e[ELEMENT], {})

    def key(self, name):
        k = KEYS[name]
        self.s("POST", "/actions", {"actions": [{
            "type": "key", "id": "keyboard", "actions": [
                {"type": "keyDown", "value": k},
                {"type": "keyUp", "value": k}]}]})


SHOWN = """
var v = [].filter.call(document.querySelectorAll('.pos'),
                       function (p) { return !p.hidden; });
return v.map(function (p) {
    return p.querySelector('svg').getAttribute('data-position'); });
"""


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


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    if not CHROMIUM or not DRIVER:
        print("1..0 # SKIP chromium or chromedriver is not installed")
        sys.exit(77)
    work = tempfile.mkdtemp(prefix="tablero-browser.")
    cmds = ["new example", "b2", "a1", "c3", "a3", "a2", "c1", "b1", "c2",
            "save g.tbr", "save g.html"]
    args = ["--no-config"]
    for c in cmds:
        args += ["-c", c]
    subprocess.run([TABLERO] + args, capture_output=True, cwd=work,
                   check=True)
    want = positions(work)
    port = free_port()
    drv = subprocess.Popen([DRIVER, "--port=%d" % port],
                           stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    try:
        d = Driver(port)
        for _ in range(100):
            try:
                if d.call("GET", "/status")["ready"]:
                    break
            except OSError:
                pass
            time.sleep(0.05)
        d.session(os.path.join(work, "profile"))
        drive(d, work, want)
        d.s("DELETE", "")
    finally:
        drv.terminate()
        drv.wait()
        shutil.rmtree(work, ignore_errors=True)


def drive(d, work, want):
    print("1..8")
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
    logs = d.s("POST", "/se/log", {"type": "browser"})
    errors = [l for l in logs if l.get("level") in ("SEVERE", "ERROR")]
    tap(not errors, "no error in the page's console", errors)


main()
