#!/usr/bin/env python3
"""Differential test of the recuay plugin against reference.py.

    compare.py TABLERO PLUGIN_DIR BOARD GAMES SEED [key=value ...]

Plays GAMES seeded random games with `tablero match ... --records`, then
replays every record through one `tablero --framed` session, asking for
the position string and the legal moves (or throws with their chances)
before and after every move, and checks them move by move against the
model: the same move set, the same position string, the same end and
result.  Prints the first disagreements and exits 1 if there is any.
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

RESYNC = bool(os.environ.get("RECUAY_RESYNC"))


# Positions (shipped board) from which the model plays short random games
# of its own, for what random games from the start seldom reach: traps
# (on a normal and on a forced move), the deadlock of a bump, pairs.
JAGUAR_STARTS = [
    # Q can shut P's jaguar in (p1 and hp2 held) or attack it from p1
    # when p2, q7 and hp2 leave it no route of three
    "ss...../......s/./../Js.././..../j Q quiet=0",
    "s....../......././../Js.././..../j Q quiet=0",
    # pairs next to each other, soldiers around the centre
    "..S...s/..s.Sk./K/../...././..../. P quiet=0",
    "...S.../...s.../s/../S.../J/...s/j Q quiet=5",
    # a bumped soldier's own pair makes a local deadlock
    "..S..../..sk.../s/../..../J/..../. P quiet=0",
]


def walks(board, opts, games, seed):
    """Model-played games from JAGUAR_STARTS (jaguar on the shipped board
    only): (opts, setup, moves, None)."""
    o = dict(kv.split("=", 1) for kv in opts)
    if o.get("ruleset", "race") != "jaguar":
        return []
    starts = JAGUAR_STARTS
    if "board" in o:
        # the stuck board of the unit tests: nobody can move, a draw
        if not o["board"].endswith("stuck.board"):
            return []
        starts = ["./././.SSS/J/.sss/j P quiet=0",
                  "./././S.SS/J/.sss/j P quiet=0"]
    rng = random.Random(seed)
    out = []
    for i in range(games):
        start = starts[i % len(starts)]
        game = reference.make(board, opts)
        pos = game.settle(game.parse(start))
        moves = []
        while not game.result(pos) and len(moves) < 40:
            m = rng.choice(game.moves(pos))
            moves.append(m)
            pos = game.play(pos, m)
        out.append((list(opts), start, moves, None))
    return out


def required(o):
    """The rules a run with options o must have exercised, so that the
    comparison cannot pass by playing too little."""
    if o.get("ruleset", "race") == "race":
        if "board" in o:
            return []
        return ["race: entry", "race: bump", "race: a move back",
                "race: a man goes home", "race: pass", "race: win",
                "race: an enemy man blocks the way",
                "race: the fourth man may not go home",
                "race: a 0 clears the centre",
                "race: a 0 spares the other's man (zero=mover)"
                if o.get("zero") == "mover" else
                "race: a 0 clears the centre (the other's man)"]
    if "board" in o:
        return ["jaguar: end, nobody can move", "jaguar: end, trapped"]
    req = ["jaguar: step", "jaguar: bump", "jaguar: bumped onto its own jaguar",
           "jaguar: step (carried soldier)", "jaguar: jagalone",
           "jaguar: pair", "jaguar: a soldier attacks a jaguar",
           "jaguar: a soldier attacks a pair", "jaguar: forced jag",
           "jaguar: forced pair", "jaguar: jaguar ends on enemy pair",
           "jaguar: jaguar ends on own soldier",
           "jaguar: end, a jaguar killed", "jaguar: end, trapped",
           "jaguar: end, trapped on a forced move"]
    if o.get("quiet_limit", "100") not in ("0", "100"):
        return ["jaguar: step", "jaguar: end, quiet limit"]
    return req


def main():
    tablero, plugdir, boardfile, games, seed = sys.argv[1:6]
    opts = sys.argv[6:]
    board = reference.Board.load(boardfile)
    with tempfile.TemporaryDirectory() as work:
        env = sandbox(work)
        base = [tablero, "--no-config", "-P", plugdir]
        records = play_records(base, env, work, "recuay", opts, 2,
                               games, seed)
        if records is None:
            return 1
        records += walks(board, opts, int(games), int(seed))
        script = replay_script("recuay", records)
        resps, stderr = run_framed(base, env, work, script)
    if len(resps) != len(script):
        print("expected %d responses, got %d" % (len(script), len(resps)))
        print(stderr[-2000:])
        return 1
    errors = []
    k = 1
    nmoves = 0
    for gi, (ropts, setup, moves, result) in enumerate(records):
        game = reference.make(board, ropts)
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
            co = game.chance_outcomes(pos)
            if co:
                want = sorted("%s(%s)" % (m, ("%g" % p)) for m, p in co)
                got = sorted(got_moves.split())
                got = [g.split("(")[0] + "(%g)" % float(g.split("(")[1][:-1])
                       if "(" in g else g for g in got]
                got = sorted(got)
            else:
                want = sorted(game.moves(pos))
                got = sorted(got_moves.split())
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
    o = dict(kv.split("=", 1) for kv in opts)
    for key in required(o):
        if not reference.SEEN[key]:
            errors.append("no game exercised '%s' (raise GAMES or change "
                          "SEED)" % key)
    print("%d games, %d moves checked, %d disagreements"
          % (len(records), nmoves, len(errors)))
    if os.environ.get("RECUAY_SEEN"):
        for key, n in sorted(reference.SEEN.items()):
            print("  %6d %s" % (n, key))
    for e in errors[:int(os.environ.get("RECUAY_SHOW", "10"))]:
        print(e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
