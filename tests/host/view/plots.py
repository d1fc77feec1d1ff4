#!/usr/bin/env python3
"""plots.py - the survey and match plots: drawn by tablero without
gnuplot (checked against the --csv report), by gnuplot with it, for a
merged run as for the whole run, refused with --shard, and safe from
file names and option values written as gnuplot or XML code.  TAP on
stdout.  Usage: plots.py TABLERO"""
import csv
import io
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", ".."))
from webdriver import chromium  # noqa: E402

TABLERO = os.path.abspath(sys.argv[1])
SRCDIR = os.environ.get("top_srcdir", ".")
SVG = "{http://www.w3.org/2000/svg}"
GNUPLOT = shutil.which("gnuplot")
n = 0


def tap(ok, what, detail=""):
    global n
    n += 1
    print("%s %d - %s" % ("ok" if ok else "not ok", n, what))
    if not ok and detail:
        for line in str(detail).splitlines():
            print("# " + line)


def T(*args, cwd, gnuplot=False):
    env = dict(os.environ)
    if not gnuplot:
        env["PATH"] = "/nonexistent"
    return subprocess.run([TABLERO, "--no-config"] + list(args), cwd=cwd,
                          env=env, capture_output=True, text=True,
                          timeout=120)


def bars(path):
    root = ET.parse(path).getroot()
    return root, [e for e in root.iter(SVG + "rect")
                  if e.get("class") == "bar"]


def texts(root, cls):
    return [e for e in root.iter(SVG + "text")
            if cls in (e.get("class") or "").split()]


def survey_own(work):
    r = T("survey", "example", "width=3,4", "--games", "6", "--cap", "4",
          "--csv", "--plot", "s.svg", cwd=work)
    root, bs = bars(os.path.join(work, "s.svg"))
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    want = []
    for row in rows:
        want += [float(row["seat1_wins"]), float(row["seat2_wins"]),
                 float(row["draws"]), float(row["cut"])]
    got = [float(b.get("data-value")) for b in bs]
    title = [e.text for e in texts(root, "title")]
    tap(r.returncode == 0 and got == want and len(got) == 8,
        "survey --plot without gnuplot: a bar per seat, draws and cut in "
        "each combination, as --csv says", "%s\n%s\n%s" % (got, want,
                                                          r.stderr))
    tap(title == ["tablero survey example: 6 games per combination, "
                  "players random, random"],
        "the title names the games per combination and the players", title)
    zero = [b for b in bs if float(b.get("data-value")) == 0]
    tap(zero and all(float(b.get("height")) >= 1.5 for b in zero),
        "a 0%% bar is drawn (%d of them)" % len(zero))
    legend = [e.text for e in texts(root, "legend")]
    tap("cut by the move cap" in legend and any(
        float(b.get("data-value")) > 0 for b in bs[3::4]),
        "the games cut by the move cap are drawn", legend)
    # Long labels turn so as not to run into the next group.
    r = T("survey", "mancala", "variant=hus,maruba", "seeds=2,3",
          "--games", "2", "--plot", "l.svg", cwd=work)
    root, bs = bars(os.path.join(work, "l.svg"))
    xl = texts(root, "xlabel")
    tap(len(xl) == 4 and all("rotate(-30)" in (e.get("transform") or "")
                             for e in xl),
        "long x labels are turned", [e.attrib for e in xl])
    readable(work)


LABELS = """
var bars = [].map.call(document.querySelectorAll('rect.bar'),
                       function (r) { return r.getBoundingClientRect(); });
var base = Math.max.apply(null, bars.map(function (b) { return b.bottom; }));
return [].map.call(document.querySelectorAll('text.xlabel'), function (t) {
    var r = t.getBoundingClientRect();
    var hit = bars.filter(function (b) {
        return r.left < b.right && b.left < r.right &&
               r.top < b.bottom && b.top < r.bottom; }).length;
    return [t.textContent, Math.round(r.top - base), hit];
});
"""


def readable(work):
    """In Chromium, the built-in plot's x labels lie below the bars, none
    drawn across one (turned labels were centred on their anchor, so they
    rose into the bars); and the plot spreads over the picture."""
    with chromium(os.path.join(work, "profile")) as d:
        if d is None:
            tap(True, "# SKIP chromium or chromedriver is not installed")
        else:
            d.s("POST", "/url", {"url": "file://" + work + "/l.svg"})
            got = d.run(LABELS)
            tap(len(got) == 4 and all(top >= 0 and hit == 0
                                      for _, top, hit in got),
                "turned x labels stand below the bars, across none", got)
    root, _ = bars(os.path.join(work, "s.svg"))
    grid = [e for e in root.iter(SVG + "line") if e.get("class") == "grid"]
    wide = float(grid[0].get("x2")) - float(grid[0].get("x1"))
    tap(wide >= 0.5 * float(root.get("width")),
        "two groups: the plot is %.0f of the picture's %s pixels" %
        (wide, root.get("width")))


def gnuplot_labels(work):
    """With gnuplot, each bar carries its percentage, as tablero(1) says,
    and the percentages are the report's."""
    if not GNUPLOT:
        tap(True, "# SKIP gnuplot is not installed")
        return
    r = T("survey", "example", "width=3,4", "--games", "6", "--cap", "4",
          "--csv", "--plot", "g.svg", cwd=work, gnuplot=True)
    want = []
    for row in csv.DictReader(io.StringIO(r.stdout)):
        want += ["%.0f%%" % (100 * float(row[k])) for k in
                 ("seat1_wins", "seat2_wins", "draws", "cut")]
    root = ET.parse(os.path.join(work, "g.svg")).getroot()
    got = [e.text for e in root.iter(SVG + "text")
           if e.text and e.text.rstrip("%").isdigit() and e.text[-1] == "%"]
    for tick in ("0%", "25%", "50%", "75%", "100%"):
        if tick in got:
            got.remove(tick)
    tap(r.returncode == 0 and sorted(got) == sorted(want) and len(want) == 8,
        "gnuplot: every bar carries its percentage", "%s\n%s\n%s" % (
            got, want, r.stderr))


def shards(work):
    r = T("survey", "example", "width=3,4", "--games", "4", "--shard", "1/2",
          "--plot", "x.svg", cwd=work)
    tap(r.returncode == 2 and not os.path.exists(work + "/x.svg") and
        "--plot draws the whole survey, not a shard" in r.stderr,
        "survey --shard with --plot is refused", r.stderr)
    for kind, args in (("survey", ["survey", "example", "width=3,4"]),
                       ("match", ["match", "example", "--players",
                                  "random,random"])):
        T(*args, "--games", "4", "--plot", kind + "-whole.svg", cwd=work)
        for k in (1, 2):
            r = T(*args, "--games", "4", "--shard", "%d/2" % k, cwd=work)
            open(os.path.join(work, "%s%d.jsonl" % (kind, k)), "w").write(
                r.stdout)
        r = T("merge", "--plot", kind + "-merged.svg", kind + "1.jsonl",
              kind + "2.jsonl", cwd=work)
        a = open(os.path.join(work, kind + "-whole.svg")).read()
        b = open(os.path.join(work, kind + "-merged.svg")).read() \
            if os.path.exists(os.path.join(work, kind + "-merged.svg")) \
            else ""
        tap(r.returncode == 0 and a == b and a,
            "merge --plot draws the merged %s as the whole run's" % kind,
            r.stderr)


def match_own(work):
    r = T("match", "example", "--players", "random,mcts:50", "--games", "6",
          "--plot", "m.svg", cwd=work)
    root, bs = bars(os.path.join(work, "m.svg"))
    iv = [e for e in root.iter(SVG + "path") if e.get("class") == "interval"]
    labels = [e.text for e in texts(root, "xlabel")]
    total = sum(float(b.get("data-value")) for b in bs)
    tap(r.returncode == 0 and len(bs) == 2 and len(iv) == 2 and
        abs(total - 1) < 1e-3 and
        labels == ["player 1 random", "player 2 mcts:50"],
        "match --plot: each player's score with its interval",
        "%s %s %s %s" % (len(bs), len(iv), total, labels))


def injection(work):
    """Names and values with both quotes, backslashes, backquotes, @ and
    newlines reach gnuplot and the SVG as text, never as code."""
    evil = "e'v\"i\\l`touch P1`@x';system('touch P2');'\nz"
    board = os.path.join(work, evil + ".board")
    shutil.copy(os.path.join(SRCDIR, "conf/recuay/schaedel.board"), board)
    plot = os.path.join(work, evil + ".svg")
    for use_gnuplot in (False, True):
        if use_gnuplot and not GNUPLOT:
            tap(True, "# SKIP gnuplot is not installed")
            continue
        if os.path.exists(plot):
            os.remove(plot)
        r = T("survey", "recuay", "ruleset=race,jaguar", "board=" + board,
              "--games", "1", "--plot", plot, cwd=work, gnuplot=use_gnuplot)
        made = [f for f in ("P1", "P2") if os.path.exists(
            os.path.join(work, f))]
        try:
            ET.parse(plot)
            ok = True
        except (ET.ParseError, OSError) as e:
            ok = e
        tap(r.returncode == 0 and not made and ok is True,
            "quotes, backslashes, backquotes and newlines in the plot's "
            "name and in an option value: %s" % (
                "gnuplot" if use_gnuplot else "tablero's SVG"),
            "%s %s %s" % (made, ok, r.stderr))


def main():
    print("1..14")
    work = tempfile.mkdtemp(prefix="tablero-plots.")
    try:
        survey_own(work)
        gnuplot_labels(work)
        shards(work)
        match_own(work)
        injection(work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


main()
