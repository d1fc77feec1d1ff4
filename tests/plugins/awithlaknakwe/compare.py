#!/usr/bin/env python3
"""Differential test of the awithlaknakwe plugin against reference.py.

    compare.py TABLERO PLUGIN_DIR GAMES SEED [key=value ...]

Plays GAMES seeded random games with `tablero match ... --records`, adds
GAMES model-played random games from hand-made set-up positions, then
replays all of them through one `tablero --framed` session, asking for
the position string and the legal moves before and after every move, and
checks them move by move against the model: the same move set, the same
position string, the same end and result.  Prints the first
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
                    run_framed, sandbox)


E = "." * 14
R12 = "." * 12
R6 = "." * 6


def board(rows):
    """rows: {rank: string} for the ranks given, the rest empty."""
    out = []
    for y in range(1, 15):
        n = 6 if y in (1, 14) else 14 if 5 <= y <= 10 else 12
        out.append(rows.get(y, "." * n))
    return "/".join(out)


# Hand-made positions, for what random games from the start seldom
# reach: priests on the board and at their goal, captures next to a
# partner's piece, crowded homes, pieces near the end, a priest waiting
# with a full home rank.
STARTS2 = [
    # priests on board, a capture for either side
    board({4: "..s.........", 6: "....n.........", 7: "......s.......",
           10: ".......n......", 12: "....S.......", 13: "......N....."})
    + " s captures=s1,n1 priest=s*,n*",
    # priests near their goals (slide), warriors about to arrive
    board({1: "......", 2: "...N..n.....", 3: "............",
           12: ".....s.S....", 13: "...s....s...", 14: "......"})
    + " n captures=s1,n0 priest=s*,n*",
    # a full home with a priest waiting; a capture right in front of it
    board({1: "ssnsns", 2: "...s........", 14: "n..nn."})
    + " s captures=s0,n1 priest=s+,n+",
    # few pieces left: a side may run out
    board({5: "....s.........", 6: ".....n........", 8: "......s.......",
           9: ".......n......"}) + " n captures=s4,n5 priest=s*,n*",
    # d4-e5 takes North's last piece: the end, or (priest not yet
    # earned) the priest earned and entered after all
    board({4: "..s.........", 6: ".....n........", 7: "......s......."})
    + " s captures=s5,n0 priest=s-,n*|d4-e5",
    board({4: "..s.........", 6: ".....n........", 7: "......s......."})
    + " s captures=s0,n0 priest=s-,n-|d4-e5",
]
STARTS4 = [
    board({1: "s.s.s.", 5: "w.....s.......", 6: ".w..n..e.....e",
           7: "...s.....w...e", 10: "...n....s.....", 14: ".n.n.n"})
    + " w captures=s0,w0,n0,e0 priest=s-,w-,n-,e-",
    board({2: "..e.........", 4: "...S........", 5: ".....e.....w..",
           6: "....n.s....e..", 7: "...w...n......", 9: "W.....s...e...",
           13: "....n.......", 14: "n....."})
    + " e captures=s1,w1,n1,e1 priest=s*,w*,n-,e-",
    board({1: "ss.ss.", 5: "www...........", 6: "..n.e.........",
           7: ".s...........e", 8: "...e....w....e", 13: "...w........",
           14: "nnnn.."})
    + " s captures=s0,w1,n1,e0 priest=s+,w-,n+,e-",
    # the N-W team's last piece can be taken (by South or by East)
    board({4: "..s.........", 6: ".....w........", 7: "......e......."})
    + " s captures=s3,w0,n0,e4 priest=s-,w*,n-,e-|d4-e5",
    board({4: "..s.........", 6: ".....w........", 7: "......s......."})
    + " s captures=s3,w0,n0,e4 priest=s-,w*,n-,e-|d4-e5",
    # d4-e5 takes d6 (West) and f4 (North) at once: whose is the priest?
    board({3: ".....s......", 4: "..s.n.......", 5: "ww............",
           6: "...w..........", 7: "..s...........", 14: "nnnnn."})
    + " s|d4-e5",
]


def walks(opts, games, seed):
    o = dict(kv.split("=", 1) for kv in opts)
    if o.get("first") == "random":
        return []
    starts = STARTS4 if o.get("players") == "4" else STARTS2
    rng = random.Random(seed)
    out = []
    for i in range(games):
        start, _, first = starts[i % len(starts)].partition("|")
        game = reference.make(opts)
        pos = game.parse(start)
        moves = first.split()
        for m in moves:
            pos = game.play(pos, m)
        while not game.result(pos) and len(moves) < 200:
            m = rng.choice(game.moves(pos))
            moves.append(m)
            pos = game.play(pos, m)
        out.append((list(opts), start, moves, None))
    return out


def main():
    tablero, plugdir, games, seed = sys.argv[1:5]
    opts = sys.argv[5:]
    o = dict(kv.split("=", 1) for kv in opts)
    nplayers = int(o.get("players", "2"))
    with tempfile.TemporaryDirectory() as work:
        env = sandbox(work)
        base = [tablero, "--no-config", "-P", plugdir]
        records = play_records(base, env, work, "awithlaknakwe", opts, nplayers,
                               games, seed, timeout=60)
        if records is None:
            return 1
        records += walks(opts, int(games), int(seed))
        script = replay_script("awithlaknakwe", records)
        resps, stderr = run_framed(base, env, work, script, timeout=60)
    if len(resps) != len(script):
        print("expected %d responses, got %d" % (len(script), len(resps)))
        print(stderr[-2000:])
        return 1
    errors = []
    k = 1
    nmoves = 0
    for gi, (ropts, setup, moves, result) in enumerate(records):
        game = reference.make(ropts)
        pos = game.start()
        k += 1                              # new
        label = "game %d (%s)" % (gi + 1, " ".join(ropts))
        if setup:
            label += " from " + setup
            pos = game.parse(setup)
            why = end_error(body(resps[k]), game.result(pos))
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
            nonlocal k
            got_pos = body(resps[k])
            got_moves = body(resps[k + 1])
            k += 2
            want_pos = game.format(pos)
            if got_pos != want_pos:
                err("position: tablero '%s', model '%s'" % (got_pos, want_pos))
                return False
            if game.result(pos) or got_moves.startswith("no moves"):
                if not (game.result(pos) and got_moves.startswith("no moves")):
                    err("end: tablero '%s', model %s" % (got_moves,
                                                         game.result(pos)))
                    return False
                return True
            co = game.chance_outcomes(pos)
            if co:
                want = sorted("%s(%g)" % (m, p) for m, p in co)
                got = sorted(g.split("(")[0] + "(%g)" % float(
                    g.split("(")[1][:-1]) for g in got_moves.split())
            else:
                want = sorted(game.moves(pos))
                got = sorted(got_moves.split())
            if got != want:
                err("moves in %s: only tablero %s, only model %s" % (
                    want_pos, sorted(set(got) - set(want)),
                    sorted(set(want) - set(got))))
                return False
            return True

        ok = check_pos_moves()
        for m in moves:
            if not ok:
                k += 3
                continue
            resp = resps[k]
            k += 1
            nmoves += 1
            if resp[0].startswith("?"):
                err("tablero refused the move %s: %s" % (m, body(resp)))
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
            why = end_error(body(resp), game.result(pos))
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
    # the rules a run must have exercised, so that it cannot pass by
    # playing too little
    need = ["capture", "entry", "priest step", "arrival", "pass"]
    if o.get("players") == "4" and o.get("partners") == "combined":
        need.append("entry of the partner's priest")
    if o.get("players") == "4" and o.get("flank") == "own":
        need.append("no capture: partner flank (own)")
    elif o.get("players") == "4":
        need.append("capture with a partner's flank")
    if o.get("scoring") == "race":
        need.append("end: race")
    if int(o.get("quiet_limit", "20")) <= 5:
        need.append("end: quiet")
    if o.get("arrived") == "slide" or o.get("first") != "random":
        need.append("priest sideways")
    if o.get("first") != "random":
        need.append("end: a team has no pieces")
        if o.get("players") == "4" and o.get("team_priest") != "each":
            need.append("priest earned in a multiple capture")
    for key in need:
        if not reference.SEEN[key]:
            errors.append("no game exercised '%s' (raise GAMES or change "
                          "SEED)" % key)
    print("%d games, %d moves checked, %d disagreements"
          % (len(records), nmoves, len(errors)))
    if os.environ.get("AWITH_SEEN"):
        for key, n in sorted(reference.SEEN.items()):
            print("  %6d %s" % (n, key))
    for e in errors[:int(os.environ.get("AWITH_SHOW", "5"))]:
        print(e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
