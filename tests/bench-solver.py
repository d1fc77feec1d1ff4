#!/usr/bin/env python3
"""How often the MCTS player's move has the best value with perfect play.

Usage: bench-solver.py TABLERO PLUGIN_DIR [--positions N] [--budgets A,B,..]
                       [--board 'GAME key=value ...'] ...

For each board (by default small mancala boards the REPL's `solve` settles
in a moment), N random positions (a random number of random moves from the
start, from a fixed seed) are solved with `solve`; in those where the legal
moves' values differ (win, draw, loss: the plies do not count), `hint
mcts:B` is asked for each budget B and judged: is its move one of the best
value?  Prints, per board and budget, the share of such positions where it
is.  Not a test (nothing fails on a share); `make bench-solver` runs it.
"""

import random
import re
import subprocess
import sys

BOARDS = [
    "mancala variant=annana holes=5 seeds=2",
    "mancala variant=mangala holes=5 seeds=1",
    "mancala variant=mankalah holes=4 seeds=2",
]
RANK = {"loss": 0, "draw": 1, "win": 2}


def run(tablero, plugins, script):
    out = subprocess.run([tablero, "--no-config", "-P", plugins],
                         input=script, capture_output=True, text=True,
                         timeout=600, check=False)
    return out.stdout


def judge(tablero, plugins, board, seed, plies, budgets):
    """The hints' verdicts (True: a best-valued move) at one position, or
    None when the position has no choice of value."""
    lines = ["new " + board, "seed %d" % seed] + ["ai random"] * plies
    lines += ["moves", "solve"] + ["hint mcts:%d" % b for b in budgets]
    out = run(tablero, plugins, "\n".join(lines) + "\n")
    if " wins" in out or "draw after" in out or "game over" in out:
        return None
    values = dict(re.findall(r"^(\S+) (win|draw|loss)\b", out, re.M))
    if len(set(values.values())) < 2:
        return None
    best = max(RANK[v] for v in values.values())
    hints = re.findall(r"^hint: (\S+) \(", out, re.M)
    if len(hints) != len(budgets) or any(h not in values for h in hints):
        sys.exit("bench-solver: %s seed %d: cannot read the hints:\n%s" %
                 (board, seed, out))
    return [RANK[values[h]] == best for h in hints]


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    tablero, plugins = args[0], args[1]
    positions, budgets, boards = 100, [100, 1000, 10000], []
    i = 2
    while i < len(args):
        if args[i] == "--positions":
            positions = int(args[i + 1])
        elif args[i] == "--budgets":
            budgets = [int(b) for b in args[i + 1].split(",")]
        elif args[i] == "--board":
            boards.append(args[i + 1])
        else:
            sys.exit("bench-solver: unknown argument '%s'" % args[i])
        i += 2
    print("%-42s %9s" % ("board", "positions") +
          "".join(" %9s" % ("mcts:%d" % b) for b in budgets))
    for board in boards or BOARDS:
        rnd = random.Random(board)
        good, n = [0] * len(budgets), 0
        for seed in range(1, 20 * positions):
            if n == positions:
                break
            v = judge(tablero, plugins, board, seed, rnd.randint(1, 24),
                      budgets)
            if v is None:
                continue
            n += 1
            good = [g + x for g, x in zip(good, v)]
        print("%-42s %9d" % (board, n) +
              "".join(" %8.1f%%" % (100.0 * g / max(n, 1)) for g in good),
              flush=True)
    print("share of positions (where the moves' values differ) in which "
          "the hint's move has the best value")


if __name__ == "__main__":
    main()
