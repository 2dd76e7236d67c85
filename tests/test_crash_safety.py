"""Crash safety (issue 8): a save killed at any moment leaves the old or the new game.

A child process saves two games in turn with ``whistscore.journal.dump`` as fast
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

from whistscore import journal

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent

CHILD = textwrap.dedent("""
    import sys
    sys.path[:0] = [sys.argv[1], sys.argv[2]]
    import tallygame
    from whistscore.games import register
    register(tallygame.GAME)
    from whistscore import journal

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
            journal.dump(new if i % 2 == 0 else old, path)
        else:
            journal.write_atomic(path, texts[i % 2])
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
    while rounds < 8 or (time.monotonic() < deadline and rounds < 40):
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
        game = journal.load(path)  # stray temporary files do not disturb loading
        assert journal.dumps(game) == text

    strays = [p for p in folder.iterdir() if p.name != "game.json"]
    for stray in strays:  # what a killed save may leave: a hidden temporary beside the game
        assert stray.name.startswith(".game.json.") and stray.name.endswith(".tmp"), stray.name
    # the next save works and the game reads back
    journal.dump(journal.loads(new_text), path)
    assert path.read_text(encoding="utf-8") == new_text
    assert seen["new"] > 0, seen  # the kills did land while saving
