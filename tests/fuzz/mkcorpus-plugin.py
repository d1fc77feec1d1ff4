#!/usr/bin/env python3
"""Write the seed corpus of tests/fuzz/fuzz_plugin.c from the transcript
tests: each game started with `new GAME key=value ...` in
tests/plugins/GAME/*.tbl and tests/host/repl/*.tbl
becomes one input (the header line, then its `setup` position strings and
moves as operations 4 and 1 of fuzz_plugin.c), plus, for every game, a
random game of 63 moves (operation 6) from the start.

    tests/fuzz/mkcorpus-plugin.py SRCDIR OUTDIR

Inputs are named after the test file and the game's number in it; the
directory is not emptied first.
"""
import os
import re
import sys

GAMES = ["mancala", "tuknanavuhpi", "awithlaknakwe", "yucata", "recuay",
         "example"]
COMMANDS = {"help", "games", "new", "options", "set", "show", "board",
            "moves", "undo", "redo", "history", "position", "save",
            "load", "recover", "config", "rules", "seed", "ai", "go",
            "hint", "seat", "quit", "match", "check", "perft", "bench"}
MAX_OPS = 40        # operations from one game of a transcript
MAX_PER_FILE = 3    # games taken from one transcript

OP_PARSE, OP_SETPOS, OP_RUN = 1, 4, 6


def text_op(code, text):
    data = text.encode()[:255]
    return bytes([code, len(data)]) + data


def games_of(path):
    """The games of one transcript: (header, [operations])."""
    current, out = None, []
    game = None
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        m = re.match(r"# args:.*-g (\w+)", line)
        if m:
            game = m.group(1)
        if not line.strip() or line.startswith("#"):
            continue
        words = line.split()
        if words[0] == "new":
            if len(words) > 1 and "=" not in words[1]:
                game = words[1]
                words = words[1:]
            else:
                words = [game or ""] + words[1:]
            if game not in GAMES:
                current = None
                continue
            # A board or layout file of the tests is named from the tree.
            opts = [re.sub(r"^(board|layout)=([\w-]+\.(board|layout))$",
                           r"\1=tests/plugins/%s/\2" % game, w) for w in words[1:]]
            current = (" ".join([game] + opts), [])
            out.append(current)
        elif current is None or len(current[1]) >= MAX_OPS:
            continue
        elif words[0] == "setup" and len(words) > 1:
            current[1].append(text_op(OP_SETPOS, line.split(None, 1)[1]))
        elif words[0] == "play":
            for w in words[1:]:
                current[1].append(text_op(OP_PARSE, w))
        elif words[0] not in COMMANDS and not words[0].startswith("-"):
            for w in words:
                current[1].append(text_op(OP_PARSE, w))
    # A game with neither moves nor options adds nothing to run-GAME.
    return [g for g in out if g[1] or " " in g[0]]


def main():
    src, dst = sys.argv[1], sys.argv[2]
    os.makedirs(dst, exist_ok=True)
    tests = os.path.join(src, "tests")
    # Each directory of transcripts under the name its inputs take.
    dirs = {g: os.path.join(tests, "plugins", g) for g in GAMES}
    dirs["transcripts"] = os.path.join(tests, "host", "repl")
    seen = set()
    for d in sorted(dirs):
        if not os.path.isdir(dirs[d]):
            continue
        for f in sorted(os.listdir(dirs[d])):
            if not f.endswith(".tbl") or f == "why.tbl":
                continue
            found = games_of(os.path.join(dirs[d], f))
            found = [(h, tuple(o)) for h, o in found]
            found = [g for g in found if g not in seen][:MAX_PER_FILE]
            for i, (header, ops) in enumerate(found):
                seen.add((header, ops))
                name = "%s-%s-%d" % (d, f[:-4], i + 1)
                with open(os.path.join(dst, name), "wb") as o:
                    o.write(header.encode() + b"\n" + b"".join(ops))
    for g in GAMES:
        with open(os.path.join(dst, "run-" + g), "wb") as o:
            o.write(g.encode() + b"\n" + bytes([OP_RUN, 63, 1]))


main()
