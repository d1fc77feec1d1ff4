#!/usr/bin/env python3
"""pictures.py - the diagrams of every shipped game and variant, checked
for structure (not pixels) after a few random moves: a well-formed SVG,
every cell labelled once with the name moves use, the pieces the
position string holds, the side to move, and the last move marked on the
cells it names.  Then `tablero render` against `save`, --move, an old
plugin without the hook, a board file with another drawing, and escaping.
TAP on stdout.  Usage: pictures.py TABLERO BUILDDIR/tests"""
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

TABLERO, TESTPLUGINS = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
SVG = "{http://www.w3.org/2000/svg}"
WORDS = {"pass", "stop", "wipe", "huff", "knife", "accept", "turn"}
n = 0


def tap(ok, what, detail=""):
    global n
    n += 1
    print("%s %d - %s" % ("ok" if ok else "not ok", n, what))
    if not ok and detail:
        for line in str(detail).splitlines():
            print("# " + line)


def T(*args, cwd=None, plugins=None):
    return subprocess.run([TABLERO, "--no-config", "-P",
                           plugins or TESTPLUGINS + "/plugins/.libs"] +
                          list(args), capture_output=True, text=True,
                          cwd=cwd, timeout=60)


def classes(e):
    return set(e.get("class", "").split())


def pieces(root, side=None):
    return [e for e in root.iter(SVG + "circle")
            if "piece" in classes(e) and "swatch" not in classes(e) and
            (side is None or e.get("data-side") == str(side))]


def board_of(pos):
    return pos.split(" ")[0]


# game options, moves, cells, what the position's board field holds:
# {letter: side} for pieces counted per side, or a check function.
def mancala_counts(root, pos):
    want = [int(x) for x in re.split("[,/]", board_of(pos))]
    got = [int(e.text) for e in root.iter(SVG + "text")
           if "count" in classes(e)]
    return got == want, "counts %s, position %s" % (got, want)


def yucata_stones(root, pos):
    stones = sum(board_of(pos).count(c) for c in "pdr")
    amulets = len([e for e in pieces(root) if e.get("data-side") != "-1"])
    players = len(pos.split(" ")) - 2
    got = len([e for e in pieces(root) if e.get("data-side") == "-1"])
    return (got == stones and amulets == players,
            "%d stones drawn, %d in the position; %d amulets, %d players"
            % (got, stones, amulets, players))


def sides(letters):
    def check(root, pos):
        b = board_of(pos)
        for side, ls in letters.items():
            want = sum(b.count(c) for c in ls)
            got = len(pieces(root, side))
            if got != want:
                return False, "side %d: %d pieces drawn, %d in %s" % (
                    side, got, want, pos)
        return True, ""
    return check


def recuay_men(root, pos):
    b = board_of(pos)
    men = sum(1 for c in b if c.isalpha())
    carrying = sum(1 for c in b if c in "CD")
    got = len(pieces(root))
    return got >= men and got <= men + carrying + 2, \
        "%d pieces drawn for %s" % (got, b)


CASES = [
    ("example", 3, 9, sides({0: "X", 1: "O"})),
    ("example width=7 height=6 k=4", 6, 42, sides({0: "X", 1: "O"})),
    ("tuknanavuhpi variant=tuknanavuhpi", 4, 41, sides({0: "wW", 1: "bB"})),
    ("tuknanavuhpi variant=aiyawatstani", 4, 41, sides({0: "wW", 1: "bB"})),
    ("tuknanavuhpi variant=kharbaga", 4, 41, sides({0: "wW", 1: "bB"})),
    ("awithlaknakwe players=2", 4, 168, sides({0: "sS", 1: "nN"})),
    ("awithlaknakwe players=4", 6, 168,
     sides({0: "sS", 1: "wW", 2: "nN", 3: "eE"})),
    ("yucata players=2", 4, 40, yucata_stones),
    ("yucata players=3", 4, 40, yucata_stones),
    ("yucata players=4 layout=random", 6, 40, yucata_stones),
    ("recuay ruleset=race", 8, 27, recuay_men),
    ("recuay ruleset=jaguar", 6, 27, recuay_men),
]
for v in ["hus", "maruba", "mofuba", "tschuba", "tschuba2", "chuba",
          "annana", "djamo", "poo", "kale", "mankalah", "mangala",
          "gabatta"]:
    CASES.append(("mancala variant=" + v, 4, None, mancala_counts))
CASES.append(("mancala variant=mankalah setup=ignorants", 3, None,
              mancala_counts))


def names_in(text):
    """The cell names in a move's text ("c3xe5", "xd6", "@p1", "wipe d4")."""
    words = re.findall(r"[a-z]+[0-9]*", text)
    return [w[1:] if re.match(r"^x[a-z][0-9]+$", w) else w
            for w in words if w not in WORDS]


def labels_under_pieces(root):
    """Labels whose box (10px text, about 6px a character, anchored at
    the start on points and in the middle elsewhere) meets a piece."""
    circles = [(float(e.get("cx")), float(e.get("cy")), float(e.get("r")))
               for e in root.iter(SVG + "circle") if "piece" in classes(e)
               and "swatch" not in classes(e)]
    hidden = []
    for e in root.iter(SVG + "text"):
        if "label" not in classes(e):
            continue
        w = 6.0 * len(e.text)
        x0 = float(e.get("x")) - (0 if "point" in classes(e) else w / 2)
        y0 = float(e.get("y")) - 5
        for cx, cy, r in circles:
            nx = min(max(cx, x0), x0 + w)
            ny = min(max(cy, y0), y0 + 10)
            if (nx - cx) ** 2 + (ny - cy) ** 2 < r * r:
                hidden.append(e.text)
                break
    return hidden


def status_of(path):
    root = ET.parse(path).getroot()
    st = [e.text for e in root.iter(SVG + "text") if "status" in classes(e)]
    under = [e.get("data-player") for e in root.iter(SVG + "text")
             if "tomove" in classes(e)]
    return (st[0] if st else None), under


def page_titles(work):
    """A page is titled by the variant played, not the family."""
    want = {"mancala variant=maruba lap_limit=50":
            "mancala variant=maruba, lap_limit=50",
            "tuknanavuhpi variant=kharbaga": "tuknanavuhpi variant=kharbaga",
            "recuay": "recuay ruleset=race"}
    got = {}
    for game in want:
        page = os.path.join(work, "t.html")
        T("-c", "new " + game, "-c", "save " + page)
        html = open(page, encoding="utf-8").read()
        t = re.search(r"<title>(.*?) \u2014 tablero</title>", html)
        h = re.search(r"<h1>(.*?)</h1>", html)
        got[game] = (t and t.group(1), h and h.group(1))
    tap(all(got[g] == (want[g], want[g]) for g in want),
        "a page's title names the variant played", got)


def recorded_result(work):
    """A game a match ended (an engine's fault, an adjudication) shows
    the result its record gives, not the side to move; the earlier
    positions, and the game played on after a load, show the play."""
    rec = os.path.join(work, "ended.tbr")
    res = "X wins: O crashed (it exited with status 1)"
    open(rec, "w").write('[Game "example"]\n[Result "%s"]\n'
                         '[Termination "O crashed"]\n\nb2\na1\n' % res)
    r = T("render", rec, work + "/e1.svg")
    r2 = T("render", rec, work + "/e0.svg", "--move", "1")
    r3 = T("render", rec, work + "/e.html")
    got = [status_of(work + "/e1.svg"), status_of(work + "/e0.svg")] \
        if r.returncode == r2.returncode == 0 else r.stderr + r2.stderr
    html = open(work + "/e.html").read() if r3.returncode == 0 else ""
    tap(got == [(res, []), ("O to move", ["1"])] and
        html.count('class="status"') == 3 and
        html.count(">" + res + "</text>") == 1,
        "the picture of a game a fault ended shows the recorded result", got)
    r = T("-c", "load " + rec, "-c", "save " + work + "/l1.svg", "-c",
          "save " + work + "/again.tbr", "-c", "c3", "-c",
          "save " + work + "/l2.svg")
    again = open(work + "/again.tbr").read() if r.returncode == 0 else ""
    tap(r.returncode == 0 and status_of(work + "/l1.svg")[0] == res and
        status_of(work + "/l2.svg")[0] == "O to move" and
        '[Termination "O crashed"]' in again and res in again,
        "a loaded record keeps its result until a move is played",
        r.stdout + r.stderr)


def turn_problems(game, turn, marks):
    """What is wrong with the last-move marks of a turn (its text): a
    turn that names two cells or more is marked dashed on the first and
    solid on every other; a turn that is not a pass lands somewhere
    (mancala: the hole its sowing ended in; a placement, a wipe: the cell
    named); marks are on cells the turn names, but for the holes a
    sowing reached and the cell a bumped man went to."""
    problems = []
    names = names_in(turn)
    frm = [e.get("data-cell") for e in marks if "from" in classes(e)]
    to = [e.get("data-cell") for e in marks if "to" in classes(e)]
    if turn.split() in ([], ["pass"]):
        return ["marks %s after a pass" % (frm + to)] if marks else []
    if not to:
        problems.append("no solid mark after '%s'" % turn)
    if "yucata" in game:
        return problems
    if len(set(names)) >= 2:
        want = sorted(set(names[1:]) - {names[0]})
        if names[0] not in frm or not set(want) <= set(to):
            problems.append("'%s': dashed %s and solid %s, not dashed %s "
                            "and solid %s" % (turn, frm, to, names[0], want))
    stray = [c for c in frm if c not in names]
    if "mancala" not in game and "recuay" not in game:
        stray += [c for c in to if c not in names]
    if stray:
        problems.append("marks on %s, not named by '%s'" % (stray, turn))
    return problems


def page_marks(work, game, moves):
    """The last-move marks of each step of the page of `moves`."""
    page = os.path.join(work, "turn.html")
    args = ["-c", "new " + game] + sum((["-c", m] for m in moves), []) + \
        ["-c", "save " + page]
    r = T(*args)
    if r.returncode != 0:
        return r.stdout + r.stderr
    html = open(page, encoding="utf-8").read()
    steps = {}
    for k, svg in re.findall(r'<div class="pos" data-step="(\d+)" hidden>'
                             r'\n(<svg.*?</svg>)', html, re.S):
        root = ET.fromstring(svg)
        steps[int(k)] = sorted(
            (sorted(classes(e) - {"mark", "last"})[0], e.get("data-cell"))
            for e in root.iter() if "last" in classes(e))
    return steps


def turn_marks(work):
    """A capture is marked where the man left and where it landed (it was
    marked on its start alone, solid); a chain on every point it passed."""
    got = page_marks(work, "tuknanavuhpi variant=kharbaga", ["d4-e5", "f6xd4"])
    tap(isinstance(got, dict) and got.get(2) ==
        [("from", "f6"), ("to", "d4")],
        "a jump: dashed where it left, solid where it landed", got)
    got = page_marks(work, "tuknanavuhpi variant=kharbaga",
                     ["e3-e5", "c5xe3", "f2xd4", "e7xe3", "e3xc5"])
    tap(isinstance(got, dict) and got.get(4) ==
        [("from", "e7"), ("to", "e3")] and got.get(5) ==
        [("from", "e7"), ("to", "c5"), ("to", "e3")] and
        got.get(3) == [("from", "f2"), ("to", "d4")],
        "a chain: every point it passed through is marked", got)


def labels_struck(root):
    """Labels that a dotted box of a special space runs through (the
    label box, as labels_under_pieces reckons it, meets the box)."""
    boxes = [tuple(float(e.get(k)) for k in ("x", "y", "width", "height"))
             for e in root.iter(SVG + "rect")
             if "special" in classes(e)]
    struck = []
    for e in root.iter(SVG + "text"):
        if "label" not in classes(e):
            continue
        w = 6.0 * len(e.text)
        x0 = float(e.get("x")) - (0 if "point" in classes(e) else w / 2)
        y0 = float(e.get("y")) - 5
        if any(x0 < x + bw and x < x0 + w and y0 < y + bh and y < y0 + 10
               for x, y, bw, bh in boxes):
            struck.append(e.text)
    return struck


def check_case(work, game, nmoves, ncells, check):
    svg = os.path.join(work, "d.svg")
    cmds = ["new " + game] + ["ai random"] * nmoves + \
        ["history", "moves", "position", "save " + svg]
    args = ["-s", "7"]
    for c in cmds:
        args += ["-c", c]
    r = T(*args)
    if r.returncode != 0 or not os.path.exists(svg):
        tap(False, game + ": save FILE.svg", r.stdout + r.stderr)
        return
    try:
        root = ET.parse(svg).getroot()
    except ET.ParseError as e:
        tap(False, game + ": well-formed SVG", e)
        return
    pos = root.get("data-position")
    out = r.stdout.splitlines()
    labels = [e.text for e in root.iter(SVG + "text")
              if "label" in classes(e)]
    problems = []
    if len(set(labels)) != len(labels):
        problems.append("labels twice: %s" % labels)
    if ncells is not None and len(labels) != ncells:
        problems.append("%d labels, not %d" % (len(labels), ncells))
    if pos is None or pos not in out:
        problems.append("data-position %r is not the position" % pos)
    legal = out[out.index(pos) - 1] if pos in out else ""
    missing = [w for w in names_in(legal) if w not in labels]
    if "yucata" not in game and missing:
        problems.append("names of moves without a label: %s" % missing)
    if "yucata" in game and labels != [str(i) for i in range(40)]:
        problems.append("spaces %s" % labels)
    hidden = labels_under_pieces(root)
    if hidden:
        problems.append("labels under pieces: %s" % hidden)
    struck = labels_struck(root)
    if struck:
        problems.append("labels struck through: %s" % struck)
    if "yucata" in game:
        cap = [e.text for e in root.iter(SVG + "text")
               if "caption" in classes(e)]
        if not any("D dark" in t and "R red" in t and "amulet" in t
                   for t in cap) or \
                not all(re.search(r"\d+ pale \d+ dark \d+ red", t)
                        for t in cap if t.startswith("cards")) or \
                not any(t.startswith("cards") for t in cap):
            problems.append("the legend has no key: %s" % cap)
    ok, why = check(root, pos)
    if not ok:
        problems.append(why)
    # The last turn of a player: dashed where it left, solid where it
    # landed, on the cells its text names.
    hist = [l for l in out if re.match(r"^\s*\d+\.", l)]
    marks = [e for e in root.iter() if "last" in classes(e)]
    problems += turn_problems(game, hist[-1].split(":", 1)[1] if hist
                              else "", marks)
    tomove = [e for e in root.iter(SVG + "text") if "tomove" in classes(e)]
    if root.get("data-tomove", "-9").lstrip("-").isdigit() and \
            int(root.get("data-tomove")) >= 0 and \
            [e.get("data-player") for e in tomove] != \
            [root.get("data-tomove")]:
        problems.append("side to move %s, marked %s" % (
            root.get("data-tomove"), [e.get("data-player") for e in tomove]))
    tap(not problems, "%s: %d labels, %d pieces, %d last-move marks" % (
        game, len(labels), len(pieces(root)), len(marks)),
        "\n".join(problems))


def main():
    print("1..%d" % (len(CASES) + 16))
    with tempfile.TemporaryDirectory() as work:
        for c in CASES:
            check_case(work, *c)
        others(work)
        shared(work)


def shared(work):
    """A page draws what its positions share once (view/share.c): an
    Awithlaknakwe page took 28 KB a position, each drawing its whole
    board; now the board's runs are <use>d from one hidden drawing, and
    each position keeps its own pieces and marks."""
    page = os.path.join(work, "aw.html")
    r = T("-c", "new awithlaknakwe", "-c", "seat 1 random", "-c",
          "seat 2 random", "-c", "save " + page)
    html = open(page, encoding="utf-8").read() if r.returncode == 0 else ""
    pos = re.findall(r'<div class="pos" data-step="(\d+)" hidden>\n'
                     r'(<svg.*?</svg>)', html, re.S)
    each = len(html) // max(len(pos), 1)
    uses = [len(re.findall(r'<use href="#tb-\d+-\d+"/>', s)) for _, s in pos]
    tap(len(pos) > 20 and each < 8000 and
        html.count('<svg xmlns="http://www.w3.org/2000/svg" '
                   'class="tablero-diagram shared"') == 1 and
        min(uses) > 0, "a page draws what its positions share once: "
        "%d bytes a position" % each, (len(pos), each, uses[:5]))


def others(work):
    # A new game: no move to mark.
    r = T("-c", "new tuknanavuhpi", "-c", "save " + work + "/s.svg")
    root = ET.parse(work + "/s.svg").getroot()
    marks = [e for e in root.iter() if "last" in classes(e)]
    tap(r.returncode == 0 and not marks, "no last-move mark at the start")
    # render makes the page save makes, and --move the diagram of that
    # position.
    cmds = ["new example", "b2", "a1", "c3", "save g.tbr", "save g.html",
            "undo 2", "save g1.svg"]
    args = []
    for c in cmds:
        args += ["-c", c]
    r = T(*args, cwd=work)
    r2 = T("render", "g.tbr", "r.html", cwd=work)
    r3 = T("render", "g.tbr", "r1.svg", "--move", "1", cwd=work)
    same = r2.returncode == 0 and open(work + "/g.html").read() == \
        open(work + "/r.html").read()
    tap(same, "render RECORD OUT.html makes the page save made",
        r.stdout + r.stderr + r2.stderr)
    same = r3.returncode == 0 and open(work + "/g1.svg").read() == \
        open(work + "/r1.svg").read()
    tap(same, "render --move 1 makes the diagram of the position after "
        "move 1", r3.stderr)
    r = T("render", "g.tbr", "r.svg", "--move", "4", cwd=work)
    tap(r.returncode == 1 and r.stderr ==
        "tablero: render: --move 4: g.tbr has 3 moves\n",
        "render --move past the end", r.stderr)
    r = T("render", "g.tbr", "r.png", cwd=work)
    tap(r.returncode == 2 and "the picture is FILE.svg or FILE.html" in
        r.stderr, "render refuses another kind of picture", r.stderr)
    # A plugin without the hook (built for ABI 1.0) has no diagram; the
    # game goes on.
    r = T("-c", "new old10", "-c", "save " + work + "/o.svg", "-c",
          "position", plugins=TESTPLUGINS + "/badgame/.libs")
    tap(r.stderr == "-c:2: old10 has no diagram (its plugin does not "
        "describe its board)\n" and not os.path.exists(work + "/o.svg"),
        "a plugin without the diagram hook: no diagram, said so",
        r.stdout + r.stderr)
    board_file(work)
    turn_marks(work)
    recorded_result(work)
    page_titles(work)
    escaping(work)
    refused(work)


def refused(work):
    """A plugin's description the host cannot draw: a one-line message
    naming the fault, no file, and the game goes on; whatever text a
    plugin draws is escaped."""
    bad = TESTPLUGINS + "/badgame/.libs"
    want = {
        "undeclared": "a line on cell 7, which it did not declare",
        "twice": "cell 0 declared twice",
        "outside": "a text outside the frame",
        "noframe": "a cell before the frame",
    }
    problems = []
    for drawing, why in want.items():
        svg = os.path.join(work, drawing + ".svg")
        script = os.path.join(work, "s.tbl")
        open(script, "w").write("new badpic drawing=%s\ngo\nsave %s\n"
                                "position\n" % (drawing, svg))
        r = T("-k", script, plugins=bad)
        msg = "%s:3: badpic describes a diagram tablero cannot draw: %s\n" \
            % (script, why)
        if r.stderr != msg or os.path.exists(svg) or \
                r.stdout.splitlines()[-1:] != ["1"]:
            problems.append("%s: %r %r" % (drawing, r.stderr, r.stdout))
    r = T("-c", "new badpic drawing=none", "-c", "save " + work + "/n.svg",
          plugins=bad)
    if r.stderr != "-c:2: badpic has no diagram of this position\n":
        problems.append("none: %r" % r.stderr)
    tap(not problems, "descriptions the host cannot draw are refused, "
        "saying why; the game goes on", "\n".join(problems))
    r = T("-c", "new badpic drawing=evil", "-c", "go", "-c",
          "save " + work + "/e.svg", "-c", "save " + work + "/e.html",
          plugins=bad)
    root = ET.parse(work + "/e.svg").getroot()
    html = open(work + "/e.html", encoding="utf-8").read()
    texts = [e.text for e in root.iter() if e.get("class") == "caption"]
    tap(r.returncode == 0 and
        not [e for e in root.iter() if e.tag.endswith("script")] and
        texts == ["</text><script>alert(1)</script>\ufffd\ufffd\"'&"] and
        html.count("<script>") == 1 and "A&lt;&amp;&quot;&#39;" in html,
        "a plugin's text is escaped in SVG and HTML", texts)


def board_file(work):
    """board=FILE draws its own reading: the same spaces, drawn where the
    file's draw lines put them."""
    src = os.path.join(os.environ.get("top_srcdir", "."),
                       "conf/recuay/schaedel.board")
    text = open(src).read()
    # Swap the first and last rows of compartments in the drawing.
    lines = text.splitlines()
    draws = [i for i, l in enumerate(lines) if l.startswith("draw ")]
    a, b = draws[1], draws[-2]
    lines[a], lines[b] = lines[b], lines[a]
    other = os.path.join(work, "flipped.board")
    open(other, "w").write("\n".join(lines) + "\n")

    def where(board, name):
        svg = os.path.join(work, "b.svg")
        T("-c", "new recuay board=" + board, "-c", "save " + svg)
        root = ET.parse(svg).getroot()
        for e in root.iter(SVG + "text"):
            if "label" in classes(e) and e.text == name:
                return float(e.get("y"))
        return None
    y1, y2 = where(src, "rq"), where(other, "rq")
    y3, y4 = where(src, "hp1"), where(other, "hp1")
    tap(None not in (y1, y2, y3, y4) and y1 < y3 and y2 > y4,
        "board=FILE draws the file's own reading (rq at %s, then %s)" %
        (y1, y2))


def escaping(work):
    """Text from the user and the game, escaped in SVG and HTML."""
    d = os.path.join(work, "q'\"<&>\\")
    os.mkdir(d)
    r = T("-c", "new example", "-c", "b2", "-c",
          "save " + d + "/a.html", "-c", "save " + d + "/a.svg")
    ok = r.returncode == 0
    try:
        ET.parse(d + "/a.svg")
        html = open(d + "/a.html").read()
    except Exception as e:          # noqa: BLE001 - any failure fails
        ok, html = False, str(e)
    ok = ok and "<script>" in html and html.count("<script>") == 1
    tap(ok, "pictures saved under a name with quotes, <, & and a "
        "backslash", r.stdout + r.stderr)


main()
