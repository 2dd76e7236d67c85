"""Crash safety (issue 8): a save killed at any moment leaves the old or the new game.

A child process saves two games in turn with ``whistscore.files.dump`` as fast
as it can; the test kills it with SIGKILL at random moments and then reads the
file.  It must always be exactly the old text or exactly the new text, load
cleanly, and the temporary files a killed save leaves behind must not disturb
loading or the next save.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from whistscore import files, journal

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent

CHILD = textwrap.dedent("""
    import sys
    sys.path[:0] = [sys.argv[1], sys.argv[2]]
    import tallygame
    from whistscore.games import register
    register(tallygame.GAME)
    from whistscore import files, journal

    old = journal.loads(open(sys.argv[3], encoding="utf-8").read())
    new = journal.loads(open(sys.argv[4], encoding="utf-8").read())
    path = sys.argv[5]
    # "dump": serialise and save each time; "write": save ready text, so that more
    # of the kills land in the middle of writing the file
    texts = [journal.dumps(new), journal.dumps(old)]
    sys.stdout.write("ready\\n")
    sys.stdout.flush()
    i = 0
    while True:
        if sys.argv[6] == "dump":
            files.dump(new if i % 2 == 0 else old, path)
        else:
            files.write_atomic(path, texts[i % 2])
        i += 1
""")


def tally_text(deals: int, seed: int) -> str:
    rnd = random.Random(seed)
    players = ["Anna", "Boris", "Vera"]
    data = {"format": "whistscore", "version": 1, "game": "tally", "players": players,
            "rules": {"preset": "plain", "target": 1000}, "stake": "0.10",
            "deals": [{"winner": rnd.choice(players), "points": 0,
                       "note": f"deal {i} " + "·" * rnd.randint(0, 40)} for i in range(deals)]}
    return journal.dumps(journal.loads(json.dumps(data)))


def test_killed_saves_leave_the_old_or_the_new_game(tmp_path):
    old_text = tally_text(3000, 1)
    new_text = tally_text(3500, 2)
    assert old_text != new_text
    (tmp_path / "old.txt").write_text(old_text, encoding="utf-8")
    (tmp_path / "new.txt").write_text(new_text, encoding="utf-8")
    (tmp_path / "child.py").write_text(CHILD, encoding="utf-8")
    folder = tmp_path / "games"
    folder.mkdir()
    path = folder / "game.json"
    path.write_text(old_text, encoding="utf-8")

    rnd = random.Random(8)
    seen = {"old": 0, "new": 0}
    rounds = 0
    deadline = time.monotonic() + 4.0
    # on a busy machine a save can outlast the random pause: go on (a while) until one landed
    while (rounds < 8 or (time.monotonic() < deadline and rounds < 40)
           or (seen["new"] == 0 and rounds < 80)):
        rounds += 1
        child = subprocess.Popen(
            [sys.executable, str(tmp_path / "child.py"), str(TESTS), str(ROOT),
             str(tmp_path / "old.txt"), str(tmp_path / "new.txt"), str(path),
             "dump" if rounds % 2 else "write"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            assert child.stdout.readline() == b"ready\n", child.stderr.read().decode()
            time.sleep(rnd.uniform(0.0, 0.05))
        finally:
            os.kill(child.pid, signal.SIGKILL)
            child.wait()
        assert child.returncode == -signal.SIGKILL
        text = path.read_text(encoding="utf-8")
        assert text in (old_text, new_text), f"round {rounds}: a damaged file of {len(text)} chars"
        seen["old" if text == old_text else "new"] += 1
        game = files.load(path)  # stray temporary files do not disturb loading
        assert journal.dumps(game) == text

    strays = [p for p in folder.iterdir() if p.name != "game.json"]
    for stray in strays:  # what a killed save may leave: a hidden temporary beside the game
        assert stray.name.startswith(".game.json.") and stray.name.endswith(".tmp"), stray.name
    # the next save works and the game reads back
    files.dump(journal.loads(new_text), path)
    assert path.read_text(encoding="utf-8") == new_text
    assert seen["new"] > 0, seen  # the kills did land while saving


#: forks a child that runs ``whistscore add`` over and over, kills it with
#: SIGKILL after a random few milliseconds, checks the file, and repeats; a fork
#: costs far less than starting Python, so hundreds of kills fit in seconds
KILL_LOOP = textwrap.dedent("""
    import json, os, random, signal, sys, time
    sys.path[:0] = [sys.argv[1], sys.argv[2]]
    import tallygame
    from whistscore.games import register
    register(tallygame.GAME)
    from whistscore import files, journal
    from whistscore.cli import main

    path, kills = sys.argv[3], int(sys.argv[4])
    folder = os.path.dirname(path)
    rnd = random.Random(12)
    counts, strays_seen, added = [], 0, 0
    null = os.open(os.devnull, os.O_WRONLY)
    saved = os.dup(1)
    os.dup2(null, 1)
    assert main(["add", path, "Anna 0"]) == 0  # warm: every module the add needs is loaded
    sys.stdout.flush()
    os.dup2(saved, 1)
    previous = files.load(path)
    for round_ in range(kills):
        pid = os.fork()
        if pid == 0:  # the child: add deals until killed
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(null, 2)
            while True:
                main(["add", path, "Anna 0"])
        time.sleep(rnd.uniform(0.0, 0.05))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, status
        text = open(path, encoding="utf-8").read()
        game = journal.loads(text)  # whole: the old or the new file, never half
        assert journal.dumps(game) == text, f"round {round_}: not a file we wrote"
        assert game.deals[:len(previous.deals)] == previous.deals, "a saved deal was lost"
        assert all(r.deal.winner == "Anna" and r.deal.points == 0
                   for r in game.deals[len(previous.deals):])
        added += len(game.deals) - len(previous.deals)
        previous = game
        strays = [n for n in os.listdir(folder) if n != "game.json"]
        assert all(n.startswith(".game.json.") and n.endswith(".tmp") for n in strays), strays
        strays_seen = max(strays_seen, len(strays))
        counts.append(len(game.deals))
    # the next save clears what the killed saves left behind
    os.dup2(null, 1)
    assert main(["add", path, "Anna 0"]) == 0
    sys.stdout.flush()
    os.dup2(saved, 1)
    left = sorted(os.listdir(folder))
    print(json.dumps({"kills": kills, "added": added, "max_strays": strays_seen,
                      "left": left, "rounds_with_progress": sum(
                          1 for a, b in zip(counts, counts[1:]) if b > a)}))
""")


def test_200_kills_during_add_lose_nothing_and_leave_nothing(tmp_path):
    """Issue 12 (#15 and "done when"): at least 200 kill -9 during ``add``."""
    folder = tmp_path / "games"
    folder.mkdir()
    path = folder / "game.json"
    path.write_text(tally_text(40, 3), encoding="utf-8")
    script = tmp_path / "loop.py"
    script.write_text(KILL_LOOP, encoding="utf-8")
    started = time.monotonic()
    done = subprocess.run([sys.executable, str(script), str(TESTS), str(ROOT), str(path), "220"],
                          capture_output=True, text=True, timeout=120)
    elapsed = time.monotonic() - started
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["kills"] >= 200
    assert report["rounds_with_progress"] >= 5, report  # adds were saved between the kills
    assert report["left"] == ["game.json"], report  # stale temporary files cleared, no lock file
    assert report["max_strays"] <= 3, report
    assert elapsed < 40, elapsed
