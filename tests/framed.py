"""framed.py - what the differential tests (tests/plugins/GAME/compare.py) share.

Each compare.py checks a plugin against an independent Python model of
its rules: tablero plays seeded random games and writes them as records
(`play_records`), every game is replayed through one `tablero --framed`
session that answers `position` and `moves` before and after every move
(`replay_script`, `run_framed`), and the answers are compared with the
model.  Only the comparison, which knows the game, stays in compare.py.
Where the model plays the games instead (mancala, yucata: it draws the
chance outcomes and set-up positions itself), compare.py sends its moves
through `run_framed` and reads the answers with `body`.
"""

import os
import subprocess


def read_record(path, split=lambda turn: [turn]):
    """A record's options, moves and result; split(turn) gives the moves
    a record line holds (one, unless the game plays a turn in steps)."""
    opts, moves, result = [], [], None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("[Option "):
                opts.append(line.split('"')[1])
            elif line.startswith("[Result "):
                result = line.split('"')[1]
            elif line and not line.startswith("#") and \
                    not line.startswith("["):
                moves += split(line.split("#")[0].strip())
    return opts, moves, result


def responses(text):
    """The framed answers in text, each a list of lines ('=' or '?' first)."""
    out, cur = [], None
    for line in text.split("\n"):
        if cur is None:
            if line.startswith("=") or line.startswith("?"):
                cur = [line]
        elif line == "":
            out.append(cur)
            cur = None
        else:
            cur.append(line)
    if cur is not None:
        out.append(cur)
    return out


def body(resp):
    """An answer's text without its '=' or '?'."""
    first = resp[0][1:].strip()
    return "\n".join(([first] if first else []) + resp[1:])


def wins(res):
    """How tablero words a model's result 'draw' or a winner's name."""
    return "draw" if res == "draw" else res + " wins"


def end_error(text, res, word=lambda res: res):
    """How tablero's answer `text` to a move or setup disagrees with the
    model's result res (None while the game goes on), or None; word(res)
    is how tablero words that result."""
    over = "game over" in text
    if over != bool(res):
        return "end: tablero says '%s', model %s" % (text, res)
    if res:
        tail = text.split("game over:", 1)[1].strip()
        want = word(res)
        if not tail.startswith(want):
            return "result: tablero '%s', model '%s'" % (tail, want)
    return None


def sandbox(work):
    """The environment of a tablero run with its files in work."""
    env = dict(os.environ)
    env["HOME"] = env["XDG_STATE_HOME"] = env["XDG_CONFIG_HOME"] = work
    return env


def play_records(base, env, work, game, opts, players, games, seed,
                 split=lambda turn: [turn], timeout=None):
    """Seeded random games of tablero's (`match --records`), each as
    (opts, None, moves, result); None after printing why match failed."""
    recdir = os.path.join(work, "rec")
    r = subprocess.run(base + ["match", game] + opts +
                       ["--players", ",".join(["random"] * players),
                        "--games", str(games), "--seed", str(seed),
                        "--records", recdir],
                       env=env, capture_output=True, text=True,
                       timeout=timeout)
    if r.returncode != 0:
        print("match failed:", r.stdout, r.stderr)
        return None
    return [(o, None, m, res) for o, m, res in
            (read_record(os.path.join(recdir, f), split)
             for f in sorted(os.listdir(recdir)))]


def replay_script(game, records, chance_manual=True):
    """The framed commands that replay records (opts, setup, moves, _):
    per game `new`, `setup` if any, then `position` and `moves` before
    and after every `play`."""
    script = ["set chance=manual"] if chance_manual else []
    for ropts, setup, moves, _ in records:
        script.append("new %s %s" % (game, " ".join(ropts)))
        if setup:
            script.append("setup " + setup)
        script += ["position", "moves"]
        for m in moves:
            script += ["play " + m, "position", "moves"]
    return script


def run_framed(base, env, work, script, timeout=None):
    """Run script through one `tablero --framed -k` session: its answers
    and its standard error.  A session still running after timeout
    seconds is killed: the answers it gave, and a standard error that
    says so."""
    sfile = os.path.join(work, "script")
    with open(sfile, "w", encoding="utf-8") as f:
        f.write("\n".join(script) + "\n")
    try:
        r = subprocess.run(base + ["--framed", "-k", "-f", sfile],
                           env=env, capture_output=True, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired as e:
        out, err = (x.decode("utf-8", "replace") if isinstance(x, bytes)
                    else x or "" for x in (e.stdout, e.stderr))
        return responses(out), err + "tablero killed after %g s\n" % timeout
    return responses(r.stdout), r.stderr
