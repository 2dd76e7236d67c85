"""The club archive's speed targets (club.md "Speed", issue 24), measured, not asserted.

A generated club of FILES game files of DEALS deals, the four games in turn (each a legal
game from ``dealgen``, its players drawn from a club of twelve, dated a day apart and ended
by the players so that every game counts):

- a full rebuild of ``club.sqlite``, in one process, against ``json.load`` of every file
  (target: at most 8 times);
- ``whistscore club FOLDER`` on an up-to-date archive against ``python -c "import attrs"``
  (target: at most 3 times; nothing is replayed);
- one new file (tonight's game) indexed and the standings printed against ``whistscore
  settle NEW --json`` (target: at most 2 times);
- the peak memory of a rebuild of a quarter of the files and of all of them (target: flat).

Run: ``python benchmarks/club.py [--files 2000] [--deals 50]``.  CPU seconds (user + system)
of the fastest of a few runs.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

import dealgen  # noqa: E402

GAMES = ("preferans", "twist", "whist", "danish")
CLUB = ["Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zoya", "Igor", "Kira", "Lev",
        "Mila", "Nikita"]


def generate(folder: Path, files: int, deals: int, seed: int = 7) -> None:
    """``files`` legal games of ``deals`` deals each, the four games in turn."""
    rnd = random.Random(seed)
    bases = {g: [dealgen.long_game(g, deals, seed=s) for s in range(2)] for g in GAMES}
    start = datetime.datetime(2024, 1, 5, 20, 0, tzinfo=datetime.timezone.utc)
    for i in range(files):
        game = GAMES[i % 4]
        base = bases[game][(i // 4) % 2]
        names = rnd.sample(CLUB, len(base["players"]))
        data = dealgen._rename(base, dict(zip(base["players"], names)))
        day = start + datetime.timedelta(days=i // 4)
        for n, deal in enumerate(data["deals"]):
            deal["at"] = (day + datetime.timedelta(minutes=3 * n)).isoformat()
        data["ended"] = (day + datetime.timedelta(hours=4)).isoformat()
        (folder / f"{day.date()}-{i:05d}-{game}.json").write_text(
            json.dumps(data, ensure_ascii=False), "utf-8")


def cpu_of(args: list[str], runs: int = 3, env: dict | None = None) -> float:
    times = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL, cwd=ROOT, env=env)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return min(times)


LOAD_ALL = """
import json, os, sys, time
folder = sys.argv[1]
t = time.process_time()
for name in sorted(os.listdir(folder)):
    if name.endswith('.json') and name != 'club.json':
        with open(os.path.join(folder, name), encoding='utf-8') as f:
            json.load(f)
print(time.process_time() - t)
"""

REBUILD = """
import sys, time
import whistscore
t = time.process_time()
club = whistscore.club(sys.argv[1], rebuild=True)
club.refresh()
club.close()
used = time.process_time() - t
peak = 0.0
with open('/proc/self/status') as f:
    for line in f:
        if line.startswith('VmHWM:'):
            peak = int(line.split()[1]) / 1024
print(used, peak)
"""


def in_process(code: str, folder: Path, env: dict) -> list[float]:
    out = subprocess.run([sys.executable, "-c", code, str(folder)], check=True, env=env,
                         capture_output=True, text=True).stdout
    return [float(x) for x in out.split()]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, default=2000)
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    whistscore_cmd = [sys.executable, "-m", "whistscore"]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "club"
        folder.mkdir()
        t = time.perf_counter()
        generate(folder, a.files, a.deals)
        print(f"generated {a.files} files x {a.deals} deals in {time.perf_counter() - t:.1f} s")
        loads = min(in_process(LOAD_ALL, folder, env)[0] for _ in range(a.runs))
        rebuild, peak = min(in_process(REBUILD, folder, env) for _ in range(max(1, a.runs - 1)))
        print(f"full rebuild: {rebuild:.2f} s CPU; json.load of every file: {loads:.3f} s; "
              f"ratio {rebuild / loads:.1f} (target <= 8)")
        attrs = cpu_of([sys.executable, "-c", "import attrs"], a.runs, env)
        standings = cpu_of(whistscore_cmd + ["club", str(folder)], a.runs, env)
        print(f"standings, archive up to date: {standings * 1000:.0f} ms CPU; "
              f"python -c 'import attrs': {attrs * 1000:.0f} ms; ratio "
              f"{standings / attrs:.1f} (target <= 3)")
        as_json = cpu_of(whistscore_cmd + ["club", str(folder), "--json"], a.runs, env)
        print(f"the same with --json (no tabulate): {as_json * 1000:.0f} ms CPU; ratio "
              f"{as_json / attrs:.1f}")
        # tonight's game: a preferans file of the club played again after the last evening
        data = json.loads(sorted(folder.glob("*-preferans.json"))[0].read_text("utf-8"))
        tonight = datetime.datetime(2099, 1, 1, 20, 0, tzinfo=datetime.timezone.utc)
        for n, deal in enumerate(data["deals"]):
            deal["at"] = (tonight + datetime.timedelta(minutes=3 * n)).isoformat()
        data["ended"] = (tonight + datetime.timedelta(hours=4)).isoformat()
        sample = Path(tmp) / "tonight.json"
        sample.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
        new = folder / "2099-01-01-tonight-preferans.json"
        settle = cpu_of(whistscore_cmd + ["settle", str(sample), "--json"], a.runs, env)
        times = []
        for _ in range(a.runs):
            new.unlink(missing_ok=True)
            subprocess.run(whistscore_cmd + ["club", str(folder)], check=True, env=env,
                           stdout=subprocess.DEVNULL)
            shutil.copy(sample, new)
            times.append(cpu_of(whistscore_cmd + ["club", str(folder)], 1, env))
        one = min(times)
        print(f"one new file indexed + standings: {one * 1000:.0f} ms CPU; its settle --json: "
              f"{settle * 1000:.0f} ms; ratio {one / settle:.1f} (target <= 2)")
        small = Path(tmp) / "quarter"
        small.mkdir()
        for p in sorted(folder.glob("2*.json"))[: a.files // 4]:
            shutil.copy(p, small)
        _, small_peak = in_process(REBUILD, small, env)
        print(f"peak memory of a rebuild: {small_peak:.0f} MB for {a.files // 4} files, "
              f"{peak:.0f} MB for {a.files} (target: flat)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
