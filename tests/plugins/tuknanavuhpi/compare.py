#!/usr/bin/env python3
"""Differential test of the tuknanavuhpi plugin against reference.py.

    compare.py TABLERO PLUGIN_DIR GAMES SEED [key=value ...]

Plays GAMES seeded random games with `tablero match ... --records`, plus
the model's own random games from hand-made set-up positions, and replays
every game one atomic move at a time (a jump, a step, stop, wipe, huff)
through one `tablero --framed` session, asking for the position string
and the legal moves before and after every move: the same move set, the
same position string, the same end and result.  Prints the first
disagreements and exits 1 if there is any.
"""

import os
import random
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))
import reference  # noqa: E402
from framed import (body, end_error, play_records, replay_script,  # noqa: E402
                    run_framed, sandbox, wins)

RESYNC = bool(os.environ.get("TUK_RESYNC"))


def atoms(turn):
    """A turn as typed ('huff c3 wipe d4 c3xg3xg7') in atomic moves."""
    out, toks = [], turn.split()
    i = 0
    while i < len(toks):
        t = toks[i]
        if t in ("huff", "wipe"):
            out.append(t + " " + toks[i + 1])
            i += 2
            continue
        if "x" in t:
            pts = t.split("x")
            out += ["%sx%s" % (pts[j], pts[j + 1]) for j in range(len(pts) - 1)]
        else:
            out.append(t)
        i += 1
    return out


STARTS = [
    # chains turning corners, the manual's examples
    "...../..../.wb../..../...b./..../...../..../b.... w",
    "w...w/b.../....b/.b../.b.../..b./...../..../..... w",
    # a half-empty board: wipes, mullahs, long jumps
    "...../..../w.w../.w../b.w../..b./.b.b./..../..... w",
    "wwwww/wwww/..w../..../...../..../...b./bbbb/bbbbb b",
    "...../.w../...../..../...../..../...../.b../..... w",
    "...../..../..w../.b../...../.w../..b../..../..... b",
]
KH_STARTS = [
    # with shrink=yes wiping d8 would leave White without a move: not offered
    "....B/..../...../..../...../.w../...../..../..... w",
    "...../..../...../.b../W..../..../..b../.w../..... w",
    "...../.B../...../..../..w../.w../...../..../..... b",
    "...../..../.w.b./..../.W.../..b./...../.b../..... w",
]


def required(opts):
    """The rules a run with options opts must have exercised, so that the
    comparison cannot pass by playing too little."""
    game = reference.make(opts)
    req = ["step", "jump", "chain"]
    if game.capture in ("compulsory", "longest"):
        req.append("end: none left")
    if game.shrink:
        req.append("wipe")
    if game.capture in ("optional", "huff"):
        req.append("stop")
    if game.capture == "huff":
        req += ["huff", "huff offered"]
    if game.kh:
        req += ["promotion", "mullah jump"]
    if game.limit and game.limit < 50:
        req.append("end: quiet")
    return req


def walks(game, opts, games, seed):
    rng = random.Random(seed)
    out = []
    starts = STARTS + (KH_STARTS if game.kh else [])
    for i in range(games):
        start = starts[i % len(starts)]
        pos = game.parse(start)
        pos = game.settle(pos)
        moves = []
        while not game.result(pos) and len(moves) < 80:
            m = rng.choice(game.moves(pos))
            moves.append(m)
            pos = game.play(pos, m)
        out.append((list(opts), start, moves, None))
    return out


def main():
    tablero, plugdir, games, seed = sys.argv[1:5]
    opts = sys.argv[5:]
    with tempfile.TemporaryDirectory() as work:
        env = sandbox(work)
        base = [tablero, "--no-config", "-P", plugdir]
        records = play_records(base, env, work, "tuknanavuhpi", opts, 2,
                               games, seed, split=atoms)
        if records is None:
            return 1
        records += walks(reference.make(opts), opts, int(games) // 2, int(seed))
        script = replay_script("tuknanavuhpi", records, chance_manual=False)
        resps, stderr = run_framed(base, env, work, script)
    if len(resps) != len(script):
        print("expected %d responses, got %d" % (len(script), len(resps)))
        print(stderr[-2000:])
        return 1
    errors = []
    k = 0
    nmoves = 0
    for gi, (ropts, setup, moves, result) in enumerate(records):
        game = reference.make(ropts)
        pos = game.start()
        k += 1                              # new
        label = "game %d (%s)" % (gi + 1, " ".join(ropts))
        if setup:
            label += " from " + setup
            pos = game.settle(game.parse(setup))
            why = end_error(body(resps[k]), game.result(pos), wins)
            k += 1
            if why:
                errors.append("%s: setup: %s" % (label, why))
                k += 2 + 3 * len(moves)
                continue
        history = []

        def err(msg):
            errors.append("%s after %s: %s" % (label, " ".join(history[-12:])
                                               or "the start", msg))

        def check_pos_moves():
            nonlocal k, pos
            got_pos = body(resps[k])
            got_moves = body(resps[k + 1])
            k += 2
            want_pos = game.format(pos)
            if got_pos != want_pos:
                err("position: tablero '%s', model '%s'" % (got_pos, want_pos))
                if RESYNC and not game.result(pos):
                    pos = game.parse(got_pos)
                else:
                    return False
            if game.result(pos) or got_moves.startswith("no moves"):
                if not (game.result(pos) and got_moves.startswith("no moves")):
                    err("end: tablero '%s', model %s" % (got_moves,
                                                         game.result(pos)))
                    return False
                return True
            want = sorted(x.replace(" ", "_") for x in game.moves(pos))
            got = sorted(x.replace(' ', '_') for x in atoms(got_moves))
            if got != want:
                err("moves in %s: only tablero %s, only model %s" % (
                    want_pos, sorted(set(got) - set(want)),
                    sorted(set(want) - set(got))))
                return RESYNC
            return True

        ok = check_pos_moves()
        for i, m in enumerate(moves):
            if not ok:
                k += 3
                continue
            resp = resps[k]
            k += 1
            nmoves += 1
            if resp[0].startswith("?"):
                err("tablero refused its own recorded move %s: %s"
                    % (m, body(resp)))
                ok = False
                k += 2
                continue
            try:
                pos = game.play(pos, m)
            except AssertionError as e:
                err("model refuses %s: %s" % (m, e))
                ok = False
                k += 2
                continue
            history.append(m)
            why = end_error(body(resp), game.result(pos), wins)
            if why:
                err(why)
                ok = False
            if ok:
                ok = check_pos_moves()
            else:
                k += 2
        if ok and not game.result(pos) and result not in (None, "*"):
            err("tablero's record ends (%s), the model's game goes on"
                % result)
    for key in required(opts):
        if not reference.SEEN[key]:
            errors.append("no game exercised '%s' (raise GAMES or change "
                          "SEED)" % key)
    print("%d games, %d moves checked, %d disagreements"
          % (len(records), nmoves, len(errors)))
    if os.environ.get("TUK_SEEN"):
        for key, n in sorted(reference.SEEN.items()):
            print("  %6d %s" % (n, key))
    for e in errors[:int(os.environ.get("TUK_SHOW", "10"))]:
        print(e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
