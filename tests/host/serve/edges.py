#!/usr/bin/env python3
"""edges.py - tablero serve at its edges: an address it cannot serve, a
port already taken, no state directory (the games are not journalled),
a journal holding records it cannot serve again (not records, a bad
seat, a seat too many), or records left for --recover; a hint where the configured ai is
no mcts player; SIGTERM while a computer seat thinks.  TAP on stdout.
Usage: edges.py TABLERO"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from client import Server, tap  # noqa: E402

TABLERO = os.path.abspath(sys.argv[1])


def refused(args):
    """(status, stderr) of a serve that must not start."""
    r = subprocess.run([TABLERO, "--no-config", "serve", "mancala"] + args,
                       capture_output=True, text=True, timeout=30,
                       env=dict(os.environ, XDG_STATE_HOME=work))
    return r.returncode, r.stderr, r.stdout


def addresses():
    long = "1" * 80
    rc, err, out = refused(["--bind", long])
    tap(rc == 1 and out == "" and
        err == "tablero: serve: --bind %s: not an address\n" % long,
        "--bind longer than any address: refused, named", (rc, err))
    rc, err, out = refused(["--bind", "10.0.0.300"])
    tap(rc == 1 and out == "" and
        "tablero: serve: --bind 10.0.0.300: not an IPv4 address" in err,
        "--bind that is no IPv4 address: refused, named", (rc, err))
    sv = Server(TABLERO, ["mancala"])
    try:
        rc, err, out = refused(["--port", str(sv.port)])
        tap(rc == 1 and out == "" and "tablero: serve: cannot listen on "
            "127.0.0.1 port %d" % sv.port in err,
            "a port already taken: refused, named", (rc, err))
    finally:
        sv.cleanup()


def no_state_dir():
    sv = Server(TABLERO, ["mancala", "--seats", "human,human"],
                env={"XDG_STATE_HOME": None, "HOME": None})
    try:
        st, s = sv.post("/api/new")
        st2, s = sv.post("/api/play", game=s["id"], move="a1")
        rc, err = sv.stop("TERM")
        tap(st2 == 200 and rc == 0 and
            "tablero: serve: games are not journalled: neither "
            "XDG_STATE_HOME nor HOME is set" in err and "--recover" not in err,
            "no state directory: said, the games served all the same",
            (st2, rc, err))
    finally:
        sv.cleanup()


def journal_of(sv):
    return os.path.join(sv.state, "tablero", "serve")


def recover_edges():
    # A game of two moves, journalled at SIGTERM: the record to copy.
    sv = Server(TABLERO, ["mancala", "--seats", "human,human"])
    st, s = sv.post("/api/new")
    for mv in ("a1", "c9"):
        st, s = sv.post("/api/play", game=s["id"], move=mv)
    sv.stop("TERM")
    d = journal_of(sv)
    name = os.listdir(d)[0]
    good = open(os.path.join(d, name)).read()
    os.unlink(os.path.join(d, name))
    for i in range(3):
        with open(os.path.join(d, "g%03d.tbr" % i), "w") as f:
            f.write(good)
    with open(os.path.join(d, "bad-record.tbr"), "w") as f:
        f.write("not a record\n")
    with open(os.path.join(d, "bad-seats.tbr"), "w") as f:
        f.write(good.replace('[Players "human,human"]',
                             '[Players "human,mcts:x"]'))
    with open(os.path.join(d, "three-seats.tbr"), "w") as f:
        f.write(good.replace('[Players "human,human"]',
                             '[Players "human,human,human"]'))
    for other in (".hidden.tbr", "notes.txt", ".tbr"):
        with open(os.path.join(d, other), "w") as f:
            f.write("not a record\n")
    found = 6

    # Without --recover: the records are counted, none served.
    sv2 = Server(TABLERO, ["mancala"], state=sv.state)
    st, c = sv2.get("/api/games")
    rc, err = sv2.stop("TERM")
    tap(c["playing"] == [] and "tablero: serve: %d games of an earlier "
        "server can be recovered: tablero serve --recover" % found in err,
        "without --recover the journal's records are counted, not served",
        (c["playing"], err))

    # --recover: every record it can, each refusal named.
    sv3 = Server(TABLERO, ["--recover"], state=sv.state)
    # The server recovers after printing its URL: a line a record.
    lines = [sv3.p.stderr.readline().rstrip("\n") for _ in range(found)]
    st, c = sv3.get("/api/games")
    rc, err = sv3.stop("TERM")
    lines += err.splitlines()
    recovered = [x for x in lines if re.match(
        r"tablero: serve: recovered game \d+, mancala after 2 moves: "
        r"http://127\.0\.0\.1:\d+/\?token=[0-9a-f]{32}#game=\d+$", x)]
    bad = [x for x in lines if x.startswith("tablero: serve: not recovered: ")]
    tap(len(recovered) == 3 and len(c["playing"]) == 3,
        "--recover: the 3 records of games served again",
        (recovered, c["playing"]))
    tap(len(bad) == 3 and any("bad-record.tbr" in x for x in bad) and
        any("'x'" in x for x in bad) and
        "tablero: serve: not recovered: %s/three-seats.tbr: Players: seats "
        "names more players than the 2 of mancala" % d in bad, "--recover: a record that is none, one with "
        "a bad seat and one with a seat too many are named, not served", bad)
    shutil.rmtree(sv.state, ignore_errors=True)


def hint_not_mcts():
    conf = os.path.join(work, "random.conf")
    with open(conf, "w") as f:
        f.write("[tablero]\nai = random\n")
    sv = Server(TABLERO, ["mancala", "--seats", "human,human"], config=conf)
    try:
        st, s = sv.post("/api/new")
        g = s["id"]
        st, s = sv.post("/api/hint", game=g)
        s = sv.wait(g, lambda s: s["hint"] is not None)
        h = s["hint"] or ""
        parts = re.findall(r"(\S+) \((\d+)%\)", h)
        tap(st == 200 and parts and all(m in s["moves"] for m, _ in parts)
            and ", ".join("%s (%s%%)" % p for p in parts) == h,
            "ai=random configured: the hint searches with mcts, its moves "
            "with their win rates", h)
    finally:
        sv.cleanup()


def term_while_thinking():
    sv = Server(TABLERO, ["mancala", "--seats", "human,human"])
    try:
        st, s = sv.post("/api/new")
        g = s["id"]
        st, s = sv.post("/api/play", game=g, move="a1")
        st, s = sv.post("/api/seats", game=g, seats="human,mcts:100000000")
        s = sv.wait(g, lambda s: s["thinking"] is not None, 10)
        thinking = s["thinking"] is not None
        time.sleep(0.2)
        t = time.time()
        rc, err = sv.stop("TERM")
        dt = time.time() - t
        d = journal_of(sv)
        text = "".join(open(os.path.join(d, f)).read() for f in os.listdir(d))
        tap(thinking and rc == 0 and dt < 5 and '[Moves "1"]' in text and
            "a1  # 1. P\n# end of record" in text,
            "SIGTERM while a computer seat thinks: a clean exit in %.2f s, "
            "no half-searched move played" % dt, (thinking, rc, err, text))
    finally:
        sv.cleanup()


def main():
    global work
    work = tempfile.mkdtemp(prefix="tablero-serve-edges.")
    try:
        if "built without" in refused(["--bind", "1" * 80])[1]:
            print("1..0 # SKIP tablero was built without libmicrohttpd")
            sys.exit(77)
        print("1..9")
        addresses()
        no_state_dir()
        recover_edges()
        hint_not_mcts()
        term_while_thinking()
    finally:
        shutil.rmtree(work, ignore_errors=True)


main()
