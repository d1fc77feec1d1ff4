#!/usr/bin/env python3
"""A random player for any tablero game, through the engine protocol.

tablero-engine(5) describes the protocol.  The host sends the legal
moves before each `go`, so this engine needs no rules of its own: it
answers one of them at random, drawn from a generator seeded by each
`new SEED`, so the same match plays the same games.

    tablero match mancala --engine rnd='python3 random_engine.py' \\
        --players rnd,mcts --games 10
"""
import random
import sys


def main():
    rng = random.Random(0)
    legal = []
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd, args = words[0], words[1:]
        if cmd == "tablero-engine":
            print("tablero-engine 1 random.py", flush=True)
        elif cmd == "new":
            rng = random.Random(int(args[0]))
        elif cmd == "legal":
            legal = args
        elif cmd == "go":
            print("move", rng.choice(legal), flush=True)
        elif cmd == "quit":
            break
        # game, option, position, play and stop need nothing here.


if __name__ == "__main__":
    main()
