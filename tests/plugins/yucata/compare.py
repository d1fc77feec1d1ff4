#!/usr/bin/env python3
"""Differential check of the yucata plugin against tests/plugins/yucata/reference.py.

Seeded random games are played by the model (chance outcomes of a random
layout and a random starting player included); the same moves go to one
'tablero --framed' session per configuration (tests/framed.py), which
is asked for 'position' and 'moves' before every decision, and the
answers must equal the model's (chance outcomes with their
probabilities).  The announced
winners and scores at the end must agree too.  Set-up positions check rare
rules (? after ?, knife among tied leaders, the last-card exception, the
cut at space 39, ties and shortfall).

Usage: compare.py TABLERO PLUGIN_DIR [--games N] [--seed S] [--only SUBSTR]
                  [--tap]
"""

import os
import random
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))
import reference  # noqa: E402
from framed import body, run_framed, sandbox  # noqa: E402

CONFIGS = [
    "",
    "players=3",
    "players=4",
    "layout=pairs first=2",
    "layout=centre players=3 first=3",
    "layout=random",
    "layout=random first=random players=3",
    "first=random players=4",
    "first_question=one",
    "first_question=zero players=3",
    "first_question=zero first=2",
    "shortfall=zero",
    "ties=fewer_dark players=3",
    "shortfall=zero ties=fewer_dark players=4",
    "stones=custom layout=ppd.pp.pdpp..rp.pdpp.dppp.ddp.p.ppp",
    "stones=custom layout=rpdpp.pp.r..pdp.d...pp.pdp.d.ppp.pr",
    "layout=rpdpppdpppdpppdpppdpppdpppdpppdppdp players=3",
]

# (options, position): every legal move of the model, one ply each
T = reference.TABLERO


def taken(k):
    """The default layout with the stones of spaces 5 to 4 + k taken."""
    return "." * k + T[k:]


# (options, position): every legal move of the model, one ply each
SCENARIOS = [
    # ? answering a ? that acted as a knife: a knife judged now
    ("", taken(9) + " 11,1245?,3,4:1:0 13,12345k,?k,3:1:0 1"),
    # two leaders tied: the knife moves either one step beyond
    ("players=3", taken(3) +
     " 7,1345k?,2,2:0:0 7,245k?,3,1:0:0 1,2345k?,1,0:0:0 1"),
    # the last card equals the previous player's: allowed
    ("", taken(8) + " 12,k,?5,5:1:0 10,12345?,k,1:1:0 1"),
    ("", taken(8) + " 10,?,k,5:1:0 12,12345k,?5,1:1:0 1"),
    # moves cut at 39; taking the last stone ends the game
    ("", taken(32) + " 36,145k?,3,20:7:0 30,12k?,5,3:2:0 1"),
    ("players=3 ties=fewer_dark", taken(32) +
     " 36,145k?,3,16:5:0 30,1234k,?3,6:2:0 20,2345k?,1,1:2:0 3"),
    ("shortfall=zero ties=fewer_dark", taken(34) +
     " 38,145k?,3,12:7:0 30,12k?,5,13:2:0 2"),
]


def parse_opts(spec):
    kw = dict(x.split("=", 1) for x in spec.split())
    return reference.options(**kw)


def fmt_moves(g):
    ch = g.chance()
    if ch:
        return " ".join("%s(%.4g)" % (m, p) for m, p in ch)
    return " ".join(g.legal())


def expect_end(g):
    if g.over is None:
        return None
    return (tuple(g.over), tuple(g.scores))


def running(g):
    """What 'show' must say: the stones left and each player's running
    score (the score if the game ended now)."""
    left = [sum(1 for c in g.track if c == x) for x in "pdr"]
    return ("stones left: %d pale, %d dark, %d red" % tuple(left),
            tuple(g.score(p) for p in g.players))


def show_of(resp):
    left, scores = None, []
    for line in body(resp).splitlines():
        if line.startswith("stones left: "):
            left = line
        m = re.match(r"[> ] P\d .* score (-?\d+)$", line)
        if m:
            scores.append(int(m.group(1)))
    return (left, tuple(scores))


def plan_game(spec, opts, rng, max_decisions=400):
    g = reference.Game(opts)
    steps = [("new yucata " + spec, None)]
    for i in range(max_decisions):
        steps.append(("position", g.position()))
        if i % 5 == 4 and g.phase is None:
            steps.append(("show", running(g)))
        if i % 9 == 8 and g.phase is None:
            # every position reached in play is accepted by setup
            steps.append(("setup " + g.position(), None))
            steps.append(("position", g.position()))
        ch = g.chance()
        legal = [m for m, _ in ch] if ch else g.legal()
        steps.append(("moves", fmt_moves(g)))
        if not legal:
            break
        mv = rng.choice(legal)
        if mv == "?" and rng.random() < 0.3:
            mv = "q"
        elif mv == "knife" and rng.random() < 0.3:
            mv = "k"
        g.play(mv)
        steps.append((mv, expect_end(g)))
        if g.over is not None:
            steps.append(("position", g.position()))
            break
    return steps


def plan_scenario(spec, pos):
    opts = parse_opts(spec)
    g = reference.Game(opts)
    g.set_position(pos)
    plans = []
    for mv in g.legal():
        h = reference.Game(opts)
        h.set_position(pos)
        steps = [("new yucata " + spec, None), ("setup " + pos, None),
                 ("position", h.position()), ("moves", fmt_moves(h))]
        h.play(mv)
        steps += [(mv, expect_end(h)), ("position", h.position())]
        plans.append(steps)
    return plans


TIMEOUT = int(os.environ.get("REFCHECK_TIMEOUT", "60"))


def run_tablero(base, lines):
    """The framed answers to lines, after 'set chance=manual' (answer 0).
    A session still running after TIMEOUT seconds is killed: what was
    answered is compared, and the rest is missing."""
    with tempfile.TemporaryDirectory() as work:
        resps, _ = run_framed(base, sandbox(work), work,
                              ["set chance=manual"] + lines, TIMEOUT)
    return resps


def end_of(resp):
    """((winners), (scores by seat)) from a 'game over:' line, or None."""
    for line in body(resp).splitlines():
        if not line.startswith("game over: "):
            continue
        text = line[len("game over: "):]
        m = re.match(r"(.*?) (?:wins|share the win) with (-?\d+)"
                     r"(?: \((.*)\))?$", text)
        if not m:
            return ("?", text)
        win = tuple(int(x) for x in re.findall(r"P(\d)", m.group(1)))
        sc = {w: int(m.group(2)) for w in win}
        for part in (m.group(3) or "").split(", "):
            if part:
                who, val = part.split()
                sc[int(who[1:])] = int(val)
        return (win, tuple(sc[k] for k in sorted(sc)))
    return None


def compare(base, label, plans):
    lines = [c for pl in plans for c, _ in pl]
    resps = run_tablero(base, lines)
    k = 1
    bad = decisions = 0
    reports = []
    for gi, pl in enumerate(plans):
        first_bad = None
        prev = []
        for cmd, exp in pl:
            resp = resps[k] if k < len(resps) else ["? <no answer>"]
            k += 1
            prev.append(cmd)
            if first_bad is not None:
                continue
            refused = resp[0].startswith("?")
            if cmd.startswith("new ") or cmd.startswith("setup "):
                if refused:
                    first_bad = "'%s' refused: %s" % (cmd, body(resp))
                continue
            if cmd == "show":
                got = show_of(resp)
                if got != exp:
                    first_bad = "show: plugin %s, model %s" % (got, exp)
                continue
            if cmd not in ("position", "moves"):
                decisions += 1
                if refused:
                    first_bad = "move %s refused: %s" % (cmd, body(resp))
                    continue
                got = end_of(resp)
                if got != exp:
                    first_bad = ("after %s: end %s, model %s\n  %s"
                                 % (cmd, got, exp, body(resp)))
                continue
            got = ("? " if refused else "") + body(resp).strip()
            if cmd == "moves" and got == "no moves: the game is over":
                got = ""
            if got != exp:
                first_bad = ("%s: plugin '%s'\n%s  model  '%s'"
                             % (cmd, got, " " * len(cmd), exp))
        if first_bad is not None:
            bad += 1
            if bad <= 3:
                tail = [c for c in prev if c not in ("position", "moves")]
                reports.append("%s, game %d: %s\n  script: %s" % (
                    label, gi, first_bad, "; ".join(tail[-14:])))
    return bad, decisions, reports


def main(argv):
    args = argv[1:]
    games, seed, only, tap, words = 20, 1, None, False, []
    while args:
        a = args.pop(0)
        if a == "--games":
            games = int(args.pop(0))
        elif a == "--seed":
            seed = int(args.pop(0))
        elif a == "--only":
            only = args.pop(0)
        elif a == "--tap":
            tap = True
        else:
            words.append(a)
    if len(words) != 2:
        print(__doc__)
        return 2
    base = [words[0], "--no-config", "-P", words[1]]
    jobs = []
    for spec in CONFIGS:
        if only and only not in spec:
            continue
        opts = parse_opts(spec)
        rng = random.Random("%s/%d" % (spec, seed))
        plans = [plan_game(spec, opts, rng) for _ in range(games)]
        jobs.append(("%s: %d random games" % (spec or "(defaults)", games),
                     plans))
    splans = []
    for spec, pos in SCENARIOS:
        if only and only not in spec:
            continue
        splans += plan_scenario(spec, pos)
    if splans:
        jobs.append(("set-up positions: %d moves from %d"
                     % (len(splans), len(SCENARIOS)), splans))
    if tap:
        print("1..%d" % len(jobs))
    ok = True
    total = 0
    for n, (label, plans) in enumerate(jobs, 1):
        bad, d, reports = compare(base, label, plans)
        total += d
        ok = ok and bad == 0
        if tap:
            print("%s %d - reference model: yucata %s, %d decisions, "
                  "%d disagreements" % ("not ok" if bad else "ok", n, label,
                                        d, bad))
        elif bad:
            print("not ok %s: %d decisions, %d disagree" % (label, d, bad))
        for r in reports:
            print("# " + r.replace("\n", "\n# "))
    print("# %d checks, %d decisions compared: %s"
          % (len(jobs), total, "all agree" if ok else "DISAGREEMENT"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
