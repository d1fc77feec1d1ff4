#!/usr/bin/env python3
"""safety.py - the safety model of `tablero serve`, each refusal tested:
no token (403), a POST whose token is not in its header (403, CSRF), a
Host that is not the address served (403, DNS rebinding), a body over the
limit (413) or a Content-Length that is no number (400), paths that are no file, a method not served (405); and
malformed requests, slow clients and many connections, after which the
server still answers and the game is as it was.  TAP on stdout.
Usage: safety.py TABLERO"""
import os
import socket
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from client import Server, tap  # noqa: E402

TABLERO = os.path.abspath(sys.argv[1])


def tokens(sv):
    st, text = sv.raw("GET", "/")
    tap(st == 403 and "token" in text, "the page without the token: 403")
    st, text = sv.raw("GET", "/?token=" + "0" * 32)
    tap(st == 403, "a wrong token: 403")
    st, text = sv.raw("GET", "/?token=" + sv.token)
    tap(st == 200 and "<html" in text.lower(), "the page with the token")
    st, text = sv.raw("GET", "/api/games?token=" + sv.token)
    tap(st == 200, "a GET may carry the token in its query")
    st, text = sv.raw("POST", "/api/new?token=" + sv.token, "",
                      {"Content-Type": "application/x-www-form-urlencoded"})
    tap(st == 403 and "X-Tablero-Token" in text,
        "a POST with the token in its query only: 403 (CSRF)", text)
    st, text = sv.raw("POST", "/api/new", "", {
        "Cookie": "token=" + sv.token, "Origin": "http://evil.example"})
    tap(st == 403, "a POST with the token in a cookie: 403")


def hosts(sv):
    h = {"X-Tablero-Token": sv.token}
    for host, want, what in (
            ("evil.example:%d" % sv.port, 403, "another name"),
            ("127.0.0.1:%d" % (sv.port + 1), 403, "another port"),
            ("127.0.0.1", 403, "no port"),
            ("localhost:%d" % sv.port, 200, "localhost and the port")):
        st, text = sv.raw("GET", "/api/games", headers=dict(h, Host=host))
        tap(st == want, "Host %s: %d (%s)" % (host, want, what), text)


def bodies(sv, g):
    h = {"X-Tablero-Token": sv.token,
         "Content-Type": "application/x-www-form-urlencoded"}
    bad = []
    big = "game=%d&move=" % g + "a" * (300 << 10)
    st, text = sv.raw("POST", "/api/play", big, h)
    tap(st == 413, "a body over the limit: 413", text[:200])

    c = socket.create_connection((sv.host, sv.port), timeout=5)
    c.sendall(b"POST /api/play HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
              b"X-Tablero-Token: %s\r\nTransfer-Encoding: chunked\r\n\r\n"
              % (sv.port, sv.token.encode()))
    try:
        for _ in range(40):
            c.sendall(b"2000\r\n" + b"x" * 8192 + b"\r\n")
        c.sendall(b"0\r\n\r\n")
    except OSError:
        pass
    got = c.recv(200)
    c.close()
    tap(got.startswith(b"HTTP/1.1 413"), "a chunked body over the limit: "
        "413", got)
    for cl, want in ((b"12abc", b"400"), (b"-5", b"400"), (b"0x10", b"400"),
                     (b"9" * 24, b"413"), (b"300000", b"413")):
        got = send_raw(sv, b"POST /api/play HTTP/1.1\r\nHost: 127.0.0.1:%d"
                       b"\r\nX-Tablero-Token: %s\r\nContent-Length: %s"
                       b"\r\n\r\n" % (sv.port, sv.token.encode(), cl))
        if not got.startswith(b"HTTP/1.1 " + want):
            bad.append((cl, got[:60]))
    tap(not bad, "a Content-Length that is no number: 400; too large: 413",
        bad)
    st, text = sv.raw("POST", "/api/play", "game=%d&move=a\x001" % g, h)
    tap(st == 400, "a NUL byte in the body: 400", text)


def paths(sv):
    bad = []
    for p in ("/../../../etc/passwd", "/api/../../etc/passwd",
              "/%2e%2e/%2e%2e/etc/passwd", "/etc/passwd", "/favicon.ico",
              "/index.html", "/api"):
        st, text = sv.raw("GET", p + "?token=" + sv.token)
        if st != 404 or "root:" in text:
            bad.append((p, st, text[:100]))
    tap(not bad, "no path reaches the file system: 404", bad)
    st, text = sv.raw("PUT", "/api/new", "", {"X-Tablero-Token": sv.token})
    tap(st == 405, "PUT: 405", text)


def send_raw(sv, data, wait=0.2):
    s = socket.create_connection((sv.host, sv.port), timeout=5)
    s.sendall(data)
    time.sleep(wait)
    s.settimeout(0.3)
    try:
        got = s.recv(4096)
    except OSError:
        got = b""
    s.close()
    return got


def abuse(sv, g):
    st, before = sv.get("/api/state", game=g)
    junk = [b"\x00\xff\xfe garbage\r\n\r\n", b"GET\r\n\r\n",
            b"GET / HTTP/1.1\r\nHost: " + b"x" * 100000 + b"\r\n\r\n",
            b"POST /api/play HTTP/1.1\r\nContent-Length: -5\r\n\r\n"]
    for j in junk:
        send_raw(sv, j, 0.05)
    st, s = sv.get("/api/state", game=g)
    tap(st == 200 and s["version"] == before["version"],
        "malformed requests: the server answers, the game as it was")
    slow = []
    for _ in range(20):
        c = socket.create_connection((sv.host, sv.port), timeout=5)
        c.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                  % sv.port)
        slow.append(c)
    t = time.time()
    st, s = sv.get("/api/state", game=g)
    dt = time.time() - t
    tap(st == 200 and dt < 2, "20 slow clients do not hold up others "
        "(%.3f s)" % dt)
    many = [socket.create_connection((sv.host, sv.port), timeout=5)
            for _ in range(150)]
    st, s = sv.post("/api/play", game=g, move="a2")
    tap(st == 200 and len(s["history"]) == len(before["history"]) + 1,
        "with 170 connections open a move is played")
    for c in slow + many:
        c.close()


def main():
    sv = Server(TABLERO, ["mancala", "--seats", "human,human"])
    print("1..21")
    try:
        st, s = sv.post("/api/new")
        g = s["id"]
        tokens(sv)
        hosts(sv)
        bodies(sv, g)
        paths(sv)
        abuse(sv, g)
        rc, err = sv.stop("TERM")
        tap(rc == 0, "SIGTERM: a clean exit", err)
    finally:
        sv.cleanup()
    sv = Server(TABLERO, ["mancala", "--bind", "0.0.0.0"])
    try:
        st, text = sv.raw("GET", "/api/games", headers={
            "X-Tablero-Token": sv.token, "Host": "evil.example:%d" % sv.port})
        rc, err = sv.stop("INT")
        tap(st == 403 and "anyone who has the URL can play" in err,
            "--bind 0.0.0.0 warns, and still checks the Host", (st, err))
    finally:
        sv.cleanup()


main()
