"""webdriver.py - headless Chromium driven through chromedriver's
WebDriver protocol with python3's own urllib (no other package), for the
page tests (tests/host/view/browser.py, tests/host/serve/browser.py).

    with chromium(profile_dir) as d:    # None when either is missing
        d.s("POST", "/url", {"url": ...})
        d.click("css selector")
"""
import contextlib
import json
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
KEYS = {"ArrowRight": "\ue014", "ArrowLeft": "\ue012", "Home": "\ue011",
        "End": "\ue010"}


class Driver:
    def __init__(self, port):
        self.base = "http://127.0.0.1:%d" % port
        self.sid = None

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data,
                                     method=method)
        req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                return json.loads(r.read().decode())["value"]
        except urllib.error.HTTPError as e:
            raise RuntimeError("WebDriver %s %s: %s" % (
                method, path, e.read().decode()[:500])) from None

    def session(self, profile, size=None):
        args = ["--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile]
        if size:
            args.append("--window-size=%d,%d" % size)
        caps = {"browserName": "chrome",
                "goog:chromeOptions": {"binary": CHROMIUM, "args": args},
                "goog:loggingPrefs": {"browser": "ALL"}}
        v = self.call("POST", "/session",
                      {"capabilities": {"alwaysMatch": caps}})
        self.sid = v["sessionId"]

    def s(self, method, path, body=None):
        return self.call(method, "/session/%s%s" % (self.sid, path), body)

    def run(self, script, *args):
        return self.s("POST", "/execute/sync", {"script": script,
                                                "args": list(args)})

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

    def errors(self):
        """The page console's errors so far."""
        logs = self.s("POST", "/se/log", {"type": "browser"})
        return [l for l in logs if l.get("level") in ("SEVERE", "ERROR")]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def chromium(profile, size=None):
    """A Driver on a headless Chromium session, or None when Chromium or
    chromedriver is not installed."""
    if not CHROMIUM or not DRIVER:
        yield None
        return
    port = free_port()
    drv = subprocess.Popen([DRIVER, "--port=%d" % port],
                           stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    d = Driver(port)
    try:
        for _ in range(200):
            try:
                if d.call("GET", "/status")["ready"]:
                    break
            except OSError:
                pass
            time.sleep(0.05)
        d.session(profile, size)
        yield d
    finally:
        # Close the browser even when the test failed: chromedriver
        # ended alone leaves Chromium running.
        if d.sid:
            try:
                d.s("DELETE", "")
            except (OSError, RuntimeError):
                pass
        drv.terminate()
        drv.wait()
