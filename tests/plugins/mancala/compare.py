#!/usr/bin/env python3
"""Differential check of the mancala plugin's two- and three-row games
against tests/plugins/mancala/reference.py.

For each configuration, seeded random games are played by the model; the
same moves are sent to one 'tablero --framed' session (tests/framed.py),
which is asked for 'position' and 'moves' before every decision, and the
answers must equal the model's.  Some games start from random positions
('setup') so that rare captures (chains of 2s and 4s, fours in passing)
come up often.

Usage: compare.py TABLERO PLUGIN_DIR [--games N] [--seed S] [--only SUBSTR]
                  [-v] [--tap]
Exit status 0 when every answer agrees, 1 on the first configuration that
disagrees (the first difference of each game is printed).
"""

import os
import random
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))
import reference  # noqa: E402
from framed import body, run_framed, sandbox  # noqa: E402

# Each configuration: the options given to 'new mancala', and whether games
# may start from random set-up positions.
CONFIGS = [
    ("variant=annana", True),
    ("variant=djamo", False),
    ("variant=annana first=P leftover=owner", True),
    ("variant=annana stuck=pass", True),
    ("variant=annana stuck=lose", True),
    ("variant=annana skip_start=yes", True),
    ("variant=annana passing=no", True),
    ("variant=annana relay=no", True),
    ("variant=annana singletons=never", True),
    ("variant=annana singletons=maruba", True),
    ("variant=annana lap_limit=3", True),
    ("variant=annana lap_limit=2 endless=draw", True),
    ("variant=annana turn_limit=9", False),
    ("variant=annana holes=5 seeds=3", False),
    ("variant=annana holes=32 seeds=9", False),
    ("variant=mankalah", True),
    ("variant=mankalah setup=wise_ends", False),
    ("variant=mankalah setup=ignorants", False),
    ("variant=mankalah match_target=60", False),
    ("variant=mankalah setup=wise_ends match_target=40", False),
    ("variant=mankalah setup=ignorants match_target=60", False),
    ("variant=mankalah setup=ignorants match_target=40 first=Q", False),
    ("variant=mankalah chain=both", True),
    ("variant=mankalah chain=none", True),
    ("variant=mankalah take_opposite=no chain=both", True),
    ("variant=mankalah leftover=owner stuck=pass", True),
    ("variant=mankalah skip_start=yes", True),
    ("variant=mankalah seeds=5", False),
    ("variant=mankalah take=four", True),
    ("variant=mankalah passing=yes", True),
    ("variant=mankalah match_target=100 turn_limit=30", False),
    ("variant=mankalah match_target=30 stuck=lose", True),
    ("variant=mankalah match_target=30 leftover=owner stuck=pass", False),
    ("variant=mankalah match_target=50 lap_limit=2 endless=draw", False),
    ("variant=mankalah relay=no", True),
    ("variant=mankalah singletons=maruba", True),
    ("variant=mankalah holes=8 setup=wise", False),
    ("variant=mankalah holes=4 setup=ignorants seeds=8", False),
    ("variant=mangala", True),
    ("variant=mangala seeds=1", False),
    ("variant=mangala setup=wise match_target=60", False),
    ("variant=mangala setup=wise_ends", False),
    ("variant=mangala setup=ignorants", False),
    ("variant=mangala chain=both leftover=owner", True),
    ("variant=gabatta", True),
    ("variant=gabatta stuck=pass", True),
    ("variant=gabatta take=two_four", True),
    ("variant=gabatta singletons=never", True),
    ("variant=gabatta leftover=owner first=Q", True),
    ("variant=gabatta skip_start=yes lap_limit=4", True),
    ("variant=gabatta passing=no turn_limit=50", True),
    ("variant=gabatta holes=8 seeds=2 stuck=lose", True),
    ("variant=gabatta holes=32 seeds=1", False),
    ("variant=mangala holes=32 setup=ignorants chain=both", False),
    ("variant=gabatta take=two_four chain=own", True),
    ("variant=gabatta take=two_four chain=both", True),
    ("variant=gabatta take=two_four take_opposite=yes", True),
]


# Positions set up on purpose, each followed by every legal move of the
# model (one ply each): rules that random games reach seldom.
SCENARIOS = [
    # the last man of the ignorants' deal may not make the board equal
    ("variant=mankalah setup=ignorants",
     "6,6,6,6,6,6/6,6,6,6,6,5 P P:0 Q:0 deal=1"),
    # Q leads a match game: he accepts or turns the dealt board
    ("variant=mankalah setup=ignorants match_target=60",
     "5,4,9,4,6,4/7,8,7,6,8,4 Q P:0 Q:0 choice=board gains=3,10 lead=Q"),
    # chains of 2s and 4s up to the row's edge, on either side
    ("variant=mankalah setup=none",
     "2,4,2,1,1,3/1,2,4,2,4,1 Q P:0 Q:0"),
    ("variant=mankalah setup=none",
     "1,4,2,4,2,1/3,1,1,2,4,2 P P:0 Q:0"),
    ("variant=mankalah setup=none chain=both",
     "2,4,2,1,1,3/1,2,4,2,4,1 Q P:0 Q:0"),
    ("variant=mankalah setup=none chain=both take_opposite=no",
     "2,4,3,2,1,3/1,2,4,2,4,1 Q P:0 Q:0"),
    ("variant=mankalah setup=none chain=both take_opposite=no",
     "1,3,1,2,4,2/4,2,2,1,0,3 P P:0 Q:0"),
    # a win that reaches the match target; a game won by stuck=lose
    ("variant=mankalah match_target=20",
     "0,0,0,0,0,0/0,0,0,0,1,1 Q P:10 Q:40 gains=0,15 lead=P"),
    ("variant=mankalah match_target=20 stuck=lose",
     "0,0,0,0,0,0/0,0,0,0,1,1 Q P:30 Q:20 gains=0,15 lead=P"),
    # fours in passing on both rows, and the last man's four
    ("variant=annana", "3,3,3,2,3,3/3,3,0,9,3,3 Q P:0 Q:0"),
    ("variant=annana", "3,3,3,12,3,3/3,3,3,3,3,3 P P:0 Q:0"),
    # the turn limit scores the board: with leftover=owner the men of a
    # player's own row count for him, those of Gabatta's middle row for
    # nobody
    ("variant=gabatta leftover=owner turn_limit=5",
     "1,0,0,0,0,0/0,0,5,0,0,1/0,0,3,0,0,2 P P:3 Q:4 turn=4"),
    ("variant=annana leftover=owner turn_limit=5",
     "1,0,0,3,0,0/0,0,5,0,2,1 Q P:3 Q:4 turn=4"),
    # Gabatta: the shared middle row, sown both ways
    ("variant=gabatta", "3,3,0,3,3,3/3,2,3,9,3,3/3,3,3,1,3,3 P P:0 Q:0"),
    ("variant=gabatta", "3,3,0,3,3,3/3,2,3,9,3,3/3,3,3,1,3,3 Q P:0 Q:0"),
]


def plan_scenario(spec, pos):
    """Every legal move from a set-up position, one ply each."""
    opts = parse_opts(spec)
    g = reference.Game(opts)
    g.set_position(pos)
    plans = []
    for mv in g.legal():
        h = reference.Game(opts)
        h.set_position(pos)
        steps = [("new mancala " + spec, None), ("setup " + pos, None),
                 ("position", h.position()), ("moves", " ".join(h.legal()))]
        h.play(mv)
        steps += [(mv, (h.over, model_score(h))),
                  ("position", h.position())]
        plans.append(steps)
    return plans


def parse_opts(spec):
    kw = dict(x.split("=", 1) for x in spec.split())
    variant = kw.pop("variant")
    return reference.options(variant, **kw)


def random_position(g, rng):
    """A random board on which small counts (2, 3, 4) are common."""
    for r in g.letters:
        g.board[r] = [rng.choice((0, 0, 1, 1, 2, 3, 3, 4, 5, 7))
                      for _ in range(g.n)]
    g.side = rng.choice("PQ")
    if not g.legal():
        g.side = reference.other(g.side)
    g.taken = {"P": rng.randrange(20), "Q": rng.randrange(20)}
    g.turn = rng.randrange(5)
    g.deal = 0
    g.choice_board = False
    g.over = None
    return g.position()


def model_result(g):
    """'P', 'Q' or 'draw': the game's (or the match's) result."""
    return g.over


def plan_game(spec, opts, rng, from_setup, max_decisions=300):
    """Play one game with the model; return the script lines and the
    answers expected, as a list of (command, expected or None)."""
    g = reference.Game(opts)
    steps = [("new mancala " + spec, None)]
    if from_setup:
        pos = random_position(g, rng)
        # a random position may leave the side to move stuck: the model
        # judges it as the plugin must when the game is set up.
        steps.append(("setup " + pos, None))
        if not g.legal():
            return steps
    for _ in range(max_decisions):
        steps.append(("position", g.position()))
        legal = g.legal()
        steps.append(("moves", " ".join(legal)))
        if not legal:
            break
        mv = rng.choice(legal)
        g.play(mv)
        steps.append((mv, (g.over, model_score(g))))
        if g.over is not None:
            steps.append(("position", g.position()))
            steps.append(("moves", "no moves: the game is over"))
            break
    return steps


TIMEOUT = int(os.environ.get("REFCHECK_TIMEOUT", "60"))


def run_tablero(base, lines):
    """The framed answers to lines, after 'set chance=manual' (answer 0).
    A session still running after TIMEOUT seconds is killed: what was
    answered is compared, and the rest is missing."""
    with tempfile.TemporaryDirectory() as work:
        resps, _ = run_framed(base, sandbox(work), work,
                              ["set chance=manual"] + lines, TIMEOUT)
    return resps


def result_of(resp):
    """The result a move's answer announces ('P', 'Q', 'draw') and the
    score it gives (a string 'm to n', or None), or (None, None) while
    play goes on."""
    for line in body(resp).splitlines():
        if line.startswith("game over: "):
            text = line[len("game over: "):]
            if text.startswith("draw"):
                res = "draw"
            elif text[:1] in "PQ" and text[1:6] == " wins":
                res = text[0]
            else:
                res = "?" + text
            score = None
            words = text.replace(",", " ").replace("(", " ").split()
            for i in range(1, len(words) - 1):
                if words[i] == "to" and words[i - 1].isdigit() \
                        and words[i + 1].isdigit():
                    score = "%s to %s" % (words[i - 1], words[i + 1])
                    break
            return res, score
    return None, None


def strip_probabilities(text):
    """'+a1(0.5) +b1(0.5)' -> '+a1 +b1', or text unchanged when the
    probabilities are not all equal (the deal is uniform)."""
    outs = text.split()
    probs = []
    for o in outs:
        if not o.endswith(")") or "(" not in o:
            return text
        probs.append(float(o[o.index("(") + 1:-1]))
    if any(abs(p - 1.0 / len(outs)) > 1e-4 for p in probs):
        return text
    return " ".join(o[:o.index("(")] for o in outs)


def model_score(g):
    """The score the plugin should announce: the winner's figure first."""
    if g.over is None:
        return None
    if g.o["match_target"]:
        a, b = g.gains
    else:
        t = g.totals()
        a, b = t["P"], t["Q"]
    if g.over == "Q":
        a, b = b, a
    return "%d to %d" % (a, b)


def compare(base, label, plans):
    """Run the plans' commands in one tablero and compare its answers with
    the model's.  Returns (number of plans that disagree, decisions
    compared, the reports of the first few)."""
    lines = [c for pl in plans for c, _ in pl]
    resps = run_tablero(base, lines)
    # answer 0 is that of 'set chance=manual'
    k = 1
    bad = 0
    decisions = 0
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
            if exp is None:
                if refused:
                    first_bad = "'%s' refused: %s" % (cmd, body(resp))
                continue
            if isinstance(exp, tuple):
                decisions += 1
                if refused:
                    first_bad = "move %s refused: %s" % (cmd, body(resp))
                    continue
                res, score = result_of(resp)
                if res != exp[0] or (score is not None and score != exp[1]):
                    first_bad = ("after %s: result %s %s, model %s %s\n  %s"
                                 % (cmd, res, score, exp[0], exp[1],
                                    body(resp)))
                continue
            got = ("? " if refused else "") + body(resp).strip()
            if cmd == "moves" and got.startswith("+"):
                got = strip_probabilities(got)
            if got != exp:
                first_bad = ("%s: plugin '%s'\n%s  model  '%s'"
                             % (cmd, got, " " * len(cmd), exp))
        if first_bad is not None:
            bad += 1
            if bad <= 3:
                tail = [c for c in prev if c not in ("position", "moves")]
                reports.append("%s, game %d: %s\n  script: %s" % (
                    label, gi, first_bad, "; ".join(tail[-12:])))
    return bad, decisions, reports


def main(argv):
    args = argv[1:]
    games, seed, only, verbose, tap = 20, 1, None, False, False
    words = []
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
        elif a == "-v":
            verbose = True
        else:
            words.append(a)
    if len(words) != 2:
        print(__doc__)
        return 2
    base = [words[0], "--no-config", "-P", words[1]]
    jobs = []
    for spec, from_setup in CONFIGS:
        if only and only not in spec:
            continue
        opts = parse_opts(spec)
        rng = random.Random("%s/%d" % (spec, seed))
        plans = [plan_game(spec, opts, rng, from_setup and i % 2 == 1)
                 for i in range(games)]
        jobs.append(("%s: %d random games" % (spec, games), plans))
    splans = []
    for spec, pos in SCENARIOS:
        if only and only not in spec:
            continue
        splans += plan_scenario(spec, pos)
    if splans:
        jobs.append(("set-up positions: %d moves from %d" % (
            len(splans), len(SCENARIOS)), splans))
    if tap:
        print("1..%d" % len(jobs))
    ok = True
    total = 0
    for n, (label, plans) in enumerate(jobs, 1):
        bad, d, reports = compare(base, label, plans)
        total += d
        ok = ok and bad == 0
        if tap:
            print("%s %d - reference model: mancala %s, %d decisions, "
                  "%d disagreements" % ("not ok" if bad else "ok", n, label,
                                        d, bad))
        elif bad or verbose:
            print("%s %s: %d decisions, %d disagree" % (
                "not ok" if bad else "ok", label, d, bad))
        for r in reports:
            print("# " + r.replace("\n", "\n# "))
    if verbose:
        for k, v in sorted(reference.STATS.items()):
            print("# %8d %s" % (v, k))
    print("# %d checks, %d decisions compared: %s" % (
        len(jobs), total, "all agree" if ok else "DISAGREEMENT"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
