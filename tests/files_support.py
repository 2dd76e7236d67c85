"""Tally game files on disk and ``whistscore`` in a real process, for the tests of the writing
commands (test_writes.py) and of the file on disk (test_files.py).

In-process runs go through clirun.py; a real process is for what one cannot fake: a FIFO that
would hang the test, a terminal's encoding, a closed pipe, a lock held by another process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any, Iterable

from whistscore import journal

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
PLAYERS = ["Анна", "Борис", "Вера"]

#: ``python -c RUNNER TESTS ROOT ARGS`` is ``whistscore ARGS`` with the test game registered
RUNNER = textwrap.dedent("""
    import sys
    sys.path[:0] = [sys.argv.pop(1), sys.argv.pop(1)]
    import tallygame
    from whistscore.games import register
    register(tallygame.GAME)
    from whistscore.cli import main
    sys.exit(main(sys.argv[1:]))
""")


def whistscore_argv(argv: Iterable[Any]) -> list[str]:
    """The command line of ``whistscore ARGV`` in a fresh interpreter (run it from ROOT)."""
    return [sys.executable, "-c", RUNNER, str(TESTS), str(ROOT), *map(str, argv)]


def subrun(argv, env=None, stdout=subprocess.PIPE, timeout=60, **kw):
    full_env = dict(os.environ)
    full_env.update(env or {})
    return subprocess.run(whistscore_argv(argv),
                          stdout=stdout, stderr=subprocess.PIPE, env=full_env, cwd=ROOT,
                          timeout=timeout, **kw)


def tally_dict(deals: int = 3, players=PLAYERS, stake: str | None = "0.10") -> dict:
    data = {"format": "whistscore", "version": 1, "game": "tally", "players": list(players),
            "rules": {"preset": "plain", "target": 1000},
            "deals": [{"winner": players[i % len(players)], "points": 1 + i % 3 if i < 10 else 0}
                      for i in range(deals)]}
    if stake is not None:
        data["stake"] = stake
    return data


def write_game(path: Path, deals: int = 3, **kw) -> str:
    text = journal.dumps(journal.loads(json.dumps(tally_dict(deals, **kw), ensure_ascii=False)))
    path.write_text(text, encoding="utf-8")
    return text


def make_fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path
