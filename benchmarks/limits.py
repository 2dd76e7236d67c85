"""The cost of refusing: ``python benchmarks/limits.py`` prints one row per hostile input.

Each input past a documented limit (docs/cli.md, "Limits") is given to a fresh
``whistscore`` process; the row is the command's exit status, its wall and CPU
time and its peak memory (``ru_maxrss`` of the child, from ``os.wait4``), next to
``whistscore rules whist``, a command that reads no file (the start-up alone).
These figures used to be asserted by tests (issue 23: tests assert what a
command does, the benchmarks how long it takes); the targets are in the last
column: a refusal costs no more than a few start-ups and a few MB above one.

Options: ``--runs N`` (default 3: the best of N is shown), ``--quick`` (one run).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TESTS = ROOT / "tests"
sys.path[:0] = [str(TESTS), str(ROOT)]

import tallygame  # noqa: E402  (tests/tallygame.py: the smallest game)
from whistscore import journal  # noqa: E402
from whistscore.games import register  # noqa: E402

register(tallygame.GAME)

#: ``python -c RUNNER ARGS``: whistscore ARGS, with the int-string limit as given
RUNNER = """
import atexit, sys
peak_file = sys.argv.pop(1)


def peak():  # VmHWM: this process's own peak (ru_maxrss keeps the forking parent's)
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            open(peak_file, "w").write(line.split()[1])


atexit.register(peak)
limit = int(sys.argv.pop(1))
if limit >= 0:
    sys.set_int_max_str_digits(limit)
sys.path[:0] = [sys.argv.pop(1), sys.argv.pop(1)]
import tallygame
from whistscore.games import register
register(tallygame.GAME)
from whistscore.cli import main
sys.exit(main(sys.argv[1:]))
"""

PLAYERS = ["Anna", "Boris", "Vera"]


def tally_text(deals: int, stake: str | None = "0.10") -> str:
    data = {"format": "whistscore", "version": 1, "game": "tally", "players": PLAYERS,
            "rules": {"preset": "plain", "target": 1000},
            "deals": [{"winner": PLAYERS[i % 3], "points": 1} for i in range(deals)]}
    if stake is not None:
        data["stake"] = stake
    return journal.dumps(journal.loads(json.dumps(data)))


def measure(argv: list[str], int_limit: int = -1) -> tuple[int, float, float, float]:
    """(exit status, wall s, CPU s, peak MB) of ``whistscore ARGV`` in a fresh process
    (the peak is the child's VmHWM: on Linux a child's ``ru_maxrss`` counts its parent's)."""
    with tempfile.NamedTemporaryFile("r", suffix=".peak") as peak:
        started = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-c", RUNNER, peak.name, str(int_limit),
                                  str(TESTS), str(ROOT), *argv], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL, cwd=ROOT)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
        kb = int(peak.read() or 0)
    code = os.waitstatus_to_exitcode(status)
    return code, wall, usage.ru_utime + usage.ru_stime, kb / 1024


def cases(folder: Path) -> list[tuple[str, list[str], int]]:
    """(what, argv, int-string limit: -1 as Python has it, 0 lifted) of each hostile input."""
    game = folder / "game.json"
    game.write_text(tally_text(3), encoding="utf-8")
    out: list[tuple[str, list[str], int]] = [("start-up: rules whist", ["rules", "whist"], -1)]

    def file(name: str, text: str) -> Path:
        path = folder / name
        path.write_text(text, encoding="utf-8")
        return path

    out.append(("settle --stake 1E-999999999", ["settle", str(game), "--stake=1E-999999999"], -1))
    out.append(("settle --stake 1e999999999", ["settle", str(game), "--stake", "1e999999999"], -1))
    tiny = file("tiny.json", tally_text(3).replace('"0.10"', '"1E-999999999"'))
    for command in ("show", "settle"):
        out.append((f"{command}: the file's stake 1E-999999999", [command, str(tiny)], -1))
    out.append(("export: the file's stake 1E-999999999",
                ["export", str(tiny), str(folder / "tiny.xlsx")], -1))
    for digits, limit in ((5000, -1), (5000, 0), (10_000_000, 0)):
        text = tally_text(3).replace('"points": 1', '"points": ' + "9" * digits, 1)
        path = file(f"long{digits}.json", text)
        lifted = " (int limit lifted)" if limit == 0 else ""
        out.append((f"check: a {digits:,}-digit number{lifted}", ["check", str(path)], limit))
    out.append(("edit N of 5,000 digits (int limit lifted)",
                ["edit", str(game), "9" * 5000, "Anna 1"], 0))
    out.append(("new --rule target= 5,000 digits (int limit lifted)",
                ["new", "tally", str(folder / "r.json"), "--players", "A", "B",
                 "--rule=target=" + "9" * 5000], 0))
    for size in (85_000, 800_000):
        body = '\\"' * (size // 2)
        path = file(f"locate{size}.json", '{"format": "whistscore", "version": ' + "9" * 5000
                    + ', "x": "' + body)
        out.append((f"check: error locator, {size:,} bytes", ["check", str(path)], -1))
    huge = folder / "huge.json"
    with open(huge, "wb") as handle:
        handle.truncate(journal.MAX_FILE_BYTES + 1)
    out.append(("show: a sparse file of 64 MB + 1", ["show", str(huge)], -1))
    return out


def books(folder: Path) -> list[tuple[str, list[str], int]]:
    """The crafted workbooks of tests/test_bad_input.py, each given to ``import``."""
    from test_bad_input import crafted_books

    out = []
    for i, (what, data, _expect) in enumerate(crafted_books(folder)):
        path = folder / f"crafted{i}.xlsx"
        path.write_bytes(data)
        out.append((f"import: {what}"[:60], ["import", str(path), str(folder / "g.json")], -1))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--no-books", action="store_true", help="leave out the workbooks")
    a = parser.parse_args()
    runs = 1 if a.quick else a.runs
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        rows = cases(folder) + ([] if a.no_books else books(folder))
        print(f"{'input':62} {'exit':>4} {'wall ms':>8} {'cpu ms':>7} {'peak MB':>8}")
        for what, argv, limit in rows:
            best = min((measure(argv, limit) for _ in range(runs)), key=lambda r: r[2])
            code, wall, cpu, peak = best
            print(f"{what:62} {code:>4} {wall * 1000:>8.0f} {cpu * 1000:>7.0f} {peak:>8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
