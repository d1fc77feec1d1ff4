"""client.py - what the tests of `tablero serve` share: a server started
with its own state directory, its URL and token read from its first line,
and requests made with python3's http.client (no other package).  TAP
helpers too.  Exit 77 (skip) when the build has no server."""
import http.client
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse

n = 0
failed = 0


def tap(ok, what, detail=""):
    global n, failed
    n += 1
    failed += not ok
    print("%s %d - %s" % ("ok" if ok else "not ok", n, what))
    if not ok and detail:
        for line in str(detail).splitlines():
            print("# " + line)
    sys.stdout.flush()


class Server:
    """tablero serve ARGS, in a state directory of its own (or `state`)."""

    def __init__(self, tablero, args, state=None, env=None, config=None):
        """env: variables to set, or to unset where None; config: a
        configuration file read after --no-config."""
        self.state = state or tempfile.mkdtemp(prefix="tablero-serve.")
        run = dict(os.environ, XDG_STATE_HOME=self.state)
        run.update(env or {})
        run = {k: v for k, v in run.items() if v is not None}
        conf = ["--config", config] if config else []
        self.p = subprocess.Popen([tablero, "--no-config"] + conf +
                                  ["serve"] + args,
                                  stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, env=run, text=True)
        self.url = self.p.stdout.readline().strip()
        if not self.url:
            err = self.p.stderr.read()
            self.p.wait()
            if "built without" in err:
                print("1..0 # SKIP tablero was built without libmicrohttpd")
                sys.exit(77)
            raise RuntimeError("tablero serve did not start: " + err)
        u = urllib.parse.urlsplit(self.url)
        self.host, self.port = u.hostname, u.port
        self.token = urllib.parse.parse_qs(u.query)["token"][0]

    def raw(self, method, path, body=None, headers=None):
        """(status, text) of one request, headers as given."""
        c = http.client.HTTPConnection(self.host, self.port, timeout=30)
        c.request(method, path, body=body, headers=headers or {})
        r = c.getresponse()
        text = r.read().decode("utf-8", "replace")
        c.close()
        return r.status, text

    def get(self, path, **args):
        q = urllib.parse.urlencode(args)
        st, text = self.raw("GET", path + ("?" + q if q else ""),
                            headers={"X-Tablero-Token": self.token})
        return st, json.loads(text)

    def post(self, path, **args):
        body = urllib.parse.urlencode(args)
        st, text = self.raw("POST", path, body, {
            "X-Tablero-Token": self.token,
            "Content-Type": "application/x-www-form-urlencoded"})
        return st, json.loads(text)

    def wait(self, game, cond, seconds=20):
        """The game's state once cond(state) holds (or the last one)."""
        end = time.time() + seconds
        st, s = self.get("/api/state", game=game)
        while not cond(s) and time.time() < end:
            time.sleep(0.02)
            st, q = self.get("/api/state", game=game, since=s["version"])
            if q.get("unchanged"):
                s.update(thinking=q["thinking"], hint=q["hint"])
            else:
                s = q
        return s

    def stop(self, sig="INT"):
        """End the server with SIGINT or SIGTERM; (status, stderr)."""
        self.p.send_signal(getattr(__import__("signal"), "SIG" + sig))
        try:
            rc = self.p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.p.kill()
            rc = self.p.wait()
        return rc, self.p.stderr.read()

    def cleanup(self):
        if self.p.poll() is None:
            self.p.kill()
            self.p.wait()
        shutil.rmtree(self.state, ignore_errors=True)


def settled(s):
    """A state where no computer seat thinks or waits to."""
    return s.get("thinking") is None
