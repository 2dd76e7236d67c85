"""Concurrent use (issue 8): two ``whistscore add`` on one file at once lose no deal.

Every writing command holds an fcntl lock on the game file's folder for its
whole read-change-write (no lock file is left beside the game).  Real processes race here: two workers
each run ten ``add`` commands one after the other, on a game file big enough
that reading, replaying and saving it takes a noticeable time.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from whistscore import files, journal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="fcntl locks are POSIX")

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent

#: ``python runner.py ARGS`` is ``python -m whistscore ARGS`` with the test game registered
RUNNER = textwrap.dedent("""
    import contextlib, os, sys
    tests, root = sys.argv.pop(1), sys.argv.pop(1)
    sys.path[:0] = [tests, root]
    import tallygame
    from whistscore.games import register
    register(tallygame.GAME)
    if os.environ.get("WHISTSCORE_TEST_NO_LOCK"):  # to show the race does catch losses
        import time
        from whistscore import files
        files.locked = lambda *a, **k: contextlib.nullcontext()
        real_dump = files.dump

        def slow_dump(game, path):  # a wide window between reading and saving
            time.sleep(0.2)
            real_dump(game, path)
        files.dump = slow_dump
    from whistscore.cli import main
    sys.exit(main(sys.argv[1:]))
""")

PLAYERS = ["Anna", "Boris", "Vera"]


def make_game(path: Path, deals: int) -> None:
    data = {"format": "whistscore", "version": 1, "game": "tally", "players": PLAYERS,
            "rules": {"preset": "plain", "target": 1000},
            "deals": [{"winner": PLAYERS[i % 3], "points": 0} for i in range(deals)]}
    files.dump(journal.loads(json.dumps(data)), path)


def worker(runner: Path, path: Path, winner: str, adds: int, failures: list,
           env: dict | None = None) -> None:
    for points in range(1, adds + 1):
        done = subprocess.run(
            [sys.executable, str(runner), str(TESTS), str(ROOT), "add", str(path),
             winner, str(points)], capture_output=True, text=True, env=env)
        if done.returncode != 0:
            failures.append((winner, points, done.returncode, done.stderr))


@pytest.mark.parametrize("workers, adds", [(2, 10), (3, 4)])
def test_racing_adds_lose_no_deal(tmp_path, workers, adds):
    runner = tmp_path / "runner.py"
    runner.write_text(RUNNER, encoding="utf-8")
    path = tmp_path / "game.json"
    make_game(path, 2000)
    failures: list = []
    threads = [threading.Thread(target=worker, args=(runner, path, PLAYERS[i], adds, failures))
               for i in range(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures, failures
    game = files.load(path)
    added = [(r.deal.winner, r.deal.points) for r in game.deals[2000:]]
    assert len(added) == workers * adds, added
    for i in range(workers):  # each worker's deals are all there, in its own order
        assert [p for w, p in added if w == PLAYERS[i]] == list(range(1, adds + 1))
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "runner.py"]  # no lock file


def test_the_race_catches_losses_when_locking_is_disabled(tmp_path):
    """The racing test above is not vacuous: without the lock, deals are lost."""
    import os

    runner = tmp_path / "runner.py"
    runner.write_text(RUNNER, encoding="utf-8")
    path = tmp_path / "game.json"
    make_game(path, 2000)
    env = {**os.environ, "WHISTSCORE_TEST_NO_LOCK": "1"}
    failures: list = []
    threads = [threading.Thread(target=worker, args=(runner, path, PLAYERS[i], 10, failures, env))
               for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures, failures  # every add said it saved...
    assert len(files.load(path).deals) < 2000 + 20  # ...yet some deals were lost


def test_undo_and_add_racing_keep_the_file_whole(tmp_path):
    """An undo racing adds drops exactly one deal, never a half-written file."""
    runner = tmp_path / "runner.py"
    runner.write_text(RUNNER, encoding="utf-8")
    path = tmp_path / "game.json"
    make_game(path, 2000)
    failures: list = []
    adder = threading.Thread(target=worker, args=(runner, path, "Anna", 6, failures))
    adder.start()
    undo = subprocess.run([sys.executable, str(runner), str(TESTS), str(ROOT), "undo",
                           str(path)], capture_output=True, text=True)
    adder.join()
    assert undo.returncode == 0, undo.stderr
    assert not failures, failures
    game = files.load(path)
    assert len(game.deals) == 2000 + 6 - 1
