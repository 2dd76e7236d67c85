"""The club archive's speed targets (club.md "Speed", issue 24), measured, not asserted.

A generated club of FILES game files of DEALS deals, the four games in turn (each a legal
game from ``dealgen``, its players drawn from a club of twelve, dated a day apart and ended
by the players so that every game counts):

- a full rebuild of ``club.sqlite`` against ``json.load`` of every file in one process
  (target: at most 8 times), in wall time (a rebuild shares the files among the cores)
  and in CPU seconds, the processes replaying files included;
- ``whistscore club FOLDER`` on an up-to-date archive against ``python -c "import attrs"``
  (target: at most 3 times; nothing is replayed);
- one new file (tonight's game) indexed and the standings printed against ``whistscore
  settle NEW --json`` (target: at most 2 times);
- the scorepad's Club page (and a player's page) on an up-to-date archive, wall time of
  the request through Starlette's test client in one process (target: p95 at most 100 ms);
- the peak memory of a rebuild of a quarter of the files and of all of them (target: flat).

- (issue 37, the 8x ``json.load`` target retired) a full rebuild in one process against the
  per-file settle work of the same files in one process (read, check, replay, settle every
  file): target at most 2 times, CPU.  ``CLUB_BENCH_REBUILD_ONLY=1`` measures only this.
- ``--budget``: where that rebuild's CPU goes, part by part, each as a ratio to the settle
  work measured in the same process (:data:`BUDGET`): the work the archive's design asks
  of the games, the JSON encoder, SQLite and ``openskill``, timed alone, and what is left
  for the club's own Python (docs/club.md "Speed", "The rebuild's budget").

Run: ``python benchmarks/club.py [--files 2000] [--deals 50] [--runs 3] [--baseline TREE]``.
CPU seconds (user + system) unless said, the median and range of the runs; with ``--baseline`` another
source tree is measured on the same generated club in the same run.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import resource
import shutil
import statistics
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
    """The CPU seconds of the fastest of ``runs`` runs, run in the tree of ``env``'s
    PYTHONPATH (``-m`` and ``-c`` put the working folder first on ``sys.path``)."""
    times = []
    cwd = (env or {}).get("PYTHONPATH", str(ROOT))
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL, cwd=cwd, env=env)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return min(times)


LOAD_ALL = """
import json, os, sys, time
folder = sys.argv[1]
t, w = time.process_time(), time.perf_counter()
for name in sorted(os.listdir(folder)):
    if name.endswith('.json') and name != 'club.json':
        with open(os.path.join(folder, name), encoding='utf-8') as f:
            json.load(f)
print(time.process_time() - t, time.perf_counter() - w)
"""

REBUILD = """
import resource, sys, time
import whistscore
def children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime
t, w, c = time.process_time(), time.perf_counter(), children()
club = whistscore.club(sys.argv[1], rebuild=True)
club.refresh()
club.close()
wall = time.perf_counter() - w
used = time.process_time() - t + children() - c  # the processes replaying files included
peak = 0.0
with open('/proc/self/status') as f:
    for line in f:
        if line.startswith('VmHWM:'):
            peak = int(line.split()[1]) / 1024
print(used, peak, wall)
"""


SETTLE_ALL = """
import sys, time
from pathlib import Path
from whistscore import journal
from whistscore.files import read_bytes
from whistscore.replay import replay
from whistscore.settlement import settle
folder = Path(sys.argv[1])
t = time.process_time()
for path in sorted(folder.glob('*.json')):
    if path.name == 'club.json':
        continue
    try:  # read, check, replay and settle: what every file costs whatever keeps it
        game = journal.loads(read_bytes(path, limit=journal.MAX_FILE_BYTES).decode('utf-8-sig'))
        settle(replay(game))
    except Exception:
        pass
print(time.process_time() - t)
"""

REBUILD_ONE = """
import sys, time
import whistscore
try:  # the replaying pool (club/archive/pool.py; club/index.py in a --baseline tree)
    from whistscore.club.archive import pool as index
except ImportError:
    from whistscore.club import index
# the modules SETTLE_ALL imports before its clock, imported before this one's too: the
# two clocks then time the same kind of thing (the files' work and the rebuild's own
# modules), not the engine's imports on one side only (about 0.04 s, issue 37)
from whistscore import journal, files, replay, settlement
index._workers = lambda jobs: 1  # one process: the same work as SETTLE_ALL's, compared
t = time.process_time()
club = whistscore.club(sys.argv[1], rebuild=True)
club.refresh()
club.close()
print(time.process_time() - t)
"""


BUDGET = """
import collections, gc, hashlib, json, statistics, sys, time
from pathlib import Path
import whistscore
from whistscore import journal
from whistscore.files import read_bytes
from whistscore.replay import replay
from whistscore.settlement import settle
from whistscore.club import facts as F, ratings
from whistscore.club.archive import Archive, pool
folder = Path(sys.argv[1])
paths = sorted(p for p in folder.glob('*.json') if p.name != 'club.json')
pool._workers = lambda jobs: 1  # one process, as the target's rebuild

def floor():  # SETTLE_ALL's work: read, check, replay and settle every file
    for p in paths:
        settle(replay(journal.loads(read_bytes(p, limit=journal.MAX_FILE_BYTES)
                                    .decode('utf-8-sig'))))

def clock(fn):
    t = time.process_time()
    fn()
    return time.process_time() - t

out = {'floor': clock(floor)}
# the rebuild itself, with SQLite's statements and openskill's ratings timed inside it
spent = collections.Counter()
def timed(key, fn):
    def call(*a):
        t = time.process_time()
        try:
            return fn(*a)
        finally:
            spent[key] += time.process_time() - t
    return call
class Timed:  # a connection whose statements are timed
    def __init__(self, conn):
        self.__dict__.update(conn=conn, execute=timed('sqlite', conn.execute),
                             executemany=timed('sqlite', conn.executemany))
    def __getattr__(self, name):
        return getattr(self.conn, name)
    def __setattr__(self, name, value):
        setattr(self.conn, name, value)
opened = Archive._open
Archive._open = lambda self: Timed(opened(self))
compute = ratings.compute
ratings.compute = timed('openskill', compute)
t = time.process_time()
club = whistscore.club(folder, rebuild=True)
club.refresh()
club.close()
out['rebuild'] = time.process_time() - t
Archive._open, ratings.compute = opened, compute
out.update(spent)
F.fast_json()  # the columns' encoder of a rebuild (a refresh of 32 files or more)
# the parts, each over every deal (or file) alone, the collector paused as in a rebuild
gc.disable()
data = [read_bytes(p, limit=journal.MAX_FILE_BYTES) for p in paths]
rps = [replay(g, history=g.kind.club.balance_counts is None)
       for g in (journal.loads(d.decode('utf-8-sig')) for d in data)]
forms = [[rp.game.kind.deal_to_json(r[2].deal) for r in rp.results] for rp in rps]
rows = [F.deal_rows(rp) for rp in rps]

def counts():
    for rp in rps:
        c, rules = rp.game.kind.club.balance_counts, rp.game.rules
        for r in rp.results:
            c(r[3].state, rules)
def describe():
    for rp in rps:
        d = rp.game.kind.describe_result
        for r in rp.results:
            d(r[2].deal, r[3], r[4])
def file_forms():
    for rp in rps:
        dj = rp.game.kind.deal_to_json
        for r in rp.results:
            dj(r[2].deal)
def file_forms_json():
    for deals in forms:
        for f in deals:
            F.dumps(f)
def parts():
    for rp, deals in zip(rps, forms):
        of = rp.game.kind.club.parts
        for f in deals:
            of(f)
def written():
    for rp in rps:
        c = rp.game.kind.club
        for r in rp.results:
            c.written(r[3].entries)
            c.short(r[3].entries)
def encoder():
    for r in rows:
        F.rows_json(r)
def per_file():
    for rp in rps:
        rp.game.kind.pairwise_settlement(rp)
        rp.game.kind.club.symbols(rp.state, rp.game.rules)
def digests():
    for d in data:
        hashlib.sha256(d).hexdigest()
def loop():  # the least a row costs: each result unpacked, its tuple made, appended
    for rp in rps:
        made = []
        add = made.append
        v = None
        for number, dealer, record, outcome, context, balance in rp.results:
            add((number, record.at, dealer, v, v, v, v, v, v, v, v, v, v, v, v, v))
def deal_rows():
    for rp in rps:
        F.deal_rows(rp)
for name, fn in (('counts', counts), ('describe', describe), ('file_forms', file_forms),
                 ('file_forms_json', file_forms_json), ('parts', parts),
                 ('written', written), ('encoder', encoder), ('per_file', per_file),
                 ('digests', digests), ('loop', loop), ('deal_rows', deal_rows)):
    out[name] = statistics.median(clock(fn) for _ in range(3))
print(json.dumps(out))
"""

#: the parts of :data:`BUDGET` the archive's design asks for whatever the club's Python
#: around them does: the games' calls for every deal, the encoder, SQLite, openskill, each
#: file's own facts and digest, and the least loop a row a deal
BUDGET_FLOOR = ("counts", "describe", "file_forms", "file_forms_json", "parts", "written",
                "encoder", "sqlite", "openskill", "per_file", "digests", "loop")


def budget(root: Path, folder: Path, runs: int) -> None:
    """Print :data:`BUDGET`'s parts over ``runs`` runs, each a ratio to its run's floor."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(root / "whistscore")],
                   check=True, stdout=subprocess.DEVNULL)
    env = {**os.environ, "PYTHONPATH": str(root)}
    found: list[dict[str, float]] = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", BUDGET, str(folder)], check=True,
                             env=env, capture_output=True, text=True, cwd=root).stdout
        found.append(json.loads(out))
    for m in found:
        m["design"] = sum(m[k] for k in BUDGET_FLOOR)
        m["glue"] = m["rebuild"] - m["floor"] - m["design"]
    print(f"settle work (the floor, F): {spread([m['floor'] for m in found], 1, 2)} s CPU")
    for key in ("rebuild",) + BUDGET_FLOOR + ("deal_rows", "design", "glue"):
        ratios = [m[key] / m["floor"] for m in found]
        print(f"  {key:16} {spread([m[key] for m in found], 1, 3)} s  "
              f"{spread(ratios, 1, 3)} F")
    allowed = [1.0 - m["design"] / m["floor"] for m in found]
    print(f"the 2x target leaves the club's own Python {spread(allowed, 1, 3)} F; it spends "
          f"{spread([m['glue'] / m['floor'] for m in found], 1, 3)} F")


def in_process(code: str, folder: Path, env: dict) -> list[float]:
    out = subprocess.run([sys.executable, "-c", code, str(folder)], check=True, env=env,
                         capture_output=True, text=True, cwd=env["PYTHONPATH"]).stdout
    return [float(x) for x in out.split()]


PAGES = """
import statistics, sys, time, warnings
warnings.simplefilter("ignore")
from starlette.testclient import TestClient
from whistscore.web.app import create_app
c = TestClient(create_app(sys.argv[1], "benchmark-token-0123"), base_url="http://127.0.0.1:8000",
               client=("127.0.0.1", 50000))
for url in ("/club", "/club/p/Anna"):
    assert c.get(url).status_code == 200  # the archive brought up to date once
    times = []
    for _ in range(40):
        t = time.perf_counter()
        assert c.get(url).status_code == 200
        times.append(time.perf_counter() - t)
    times.sort()
    print(times[int(len(times) * 0.95) - 1] * 1000, statistics.median(times) * 1000)
"""


def spread(values: list[float], scale: float = 1.0, digits: int = 0) -> str:
    """``median (min-max)`` of ``values`` times ``scale``."""
    v = sorted(x * scale for x in values)
    return f"{statistics.median(v):.{digits}f} ({v[0]:.{digits}f}-{v[-1]:.{digits}f})"


def measure(root: Path, folder: Path, tmp: Path, runs: int) -> dict[str, list[float]]:
    """Every figure of the targets for the source tree ``root``, ``runs`` times each.

    The tree's bytecode is compiled first, as ``pip install`` compiles an installed
    package's: a source tree run with ``PYTHONDONTWRITEBYTECODE`` set (as on the machines
    of issue 24) would otherwise compile every module again in every command measured."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(root / "whistscore")],
                   check=True, stdout=subprocess.DEVNULL)
    env = {**os.environ, "PYTHONPATH": str(root)}
    cmd = [sys.executable, "-m", "whistscore"]
    out: dict[str, list[float]] = {k: [] for k in (
        "settle_all", "rebuild_one",
        "loads", "loads_wall", "rebuild", "rebuild_wall", "peak", "attrs", "standings", "json",
        "page_p95", "page_median", "player_p95", "player_median", "one", "settle",
        "small_peak")}
    for _ in range(runs):
        # issue 37's floor: the per-file settle work of the same files, one process, CPU
        out["settle_all"] += in_process(SETTLE_ALL, folder, env)
        out["rebuild_one"] += in_process(REBUILD_ONE, folder, env)
        if os.environ.get("CLUB_BENCH_REBUILD_ONLY"):
            continue
        loads, loads_wall = in_process(LOAD_ALL, folder, env)
        out["loads"].append(loads)
        out["loads_wall"].append(loads_wall)
        rebuild, peak, rebuild_wall = in_process(REBUILD, folder, env)
        out["rebuild"].append(rebuild)
        out["rebuild_wall"].append(rebuild_wall)
        out["peak"].append(peak)
        out["attrs"].append(cpu_of([sys.executable, "-c", "import attrs"], 1, env))
        for warm in (["club", str(folder)], ["club", str(folder), "--json"]):  # answers kept
            subprocess.run(cmd + warm, check=True, env=env, cwd=root,
                           stdout=subprocess.DEVNULL)
        out["standings"].append(cpu_of(cmd + ["club", str(folder)], 1, env))
        out["json"].append(cpu_of(cmd + ["club", str(folder), "--json"], 1, env))
    if os.environ.get("CLUB_BENCH_REBUILD_ONLY"):
        return out
    page = in_process(PAGES, folder, env)
    for key, value in zip(("page_p95", "page_median", "player_p95", "player_median"), page):
        out[key].append(value)
    # tonight's game: a preferans file of the club played again after the last evening
    data = json.loads(sorted(folder.glob("2*-preferans.json"))[0].read_text("utf-8"))
    tonight = datetime.datetime(2099, 1, 1, 20, 0, tzinfo=datetime.timezone.utc)
    for n, deal in enumerate(data["deals"]):
        deal["at"] = (tonight + datetime.timedelta(minutes=3 * n)).isoformat()
    data["ended"] = (tonight + datetime.timedelta(hours=4)).isoformat()
    sample = tmp / "tonight.json"
    sample.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    new = folder / "2099-01-01-tonight-preferans.json"
    for _ in range(runs):
        new.unlink(missing_ok=True)
        subprocess.run(cmd + ["club", str(folder)], check=True, env=env, cwd=root,
                       stdout=subprocess.DEVNULL)
        shutil.copy(sample, new)
        out["one"].append(cpu_of(cmd + ["club", str(folder)], 1, env))
        out["settle"].append(cpu_of(cmd + ["settle", str(sample), "--json"], 1, env))
    new.unlink(missing_ok=True)
    small = tmp / "quarter"
    if not small.exists():
        small.mkdir()
        for p in sorted(folder.glob("2*.json"))[: len(list(folder.glob("2*.json"))) // 4]:
            shutil.copy(p, small)
    out["small_peak"].append(in_process(REBUILD, small, env)[1])
    return out


def report(name: str, m: dict[str, list[float]], files: int) -> None:
    ratio = [r / f for r, f in zip(m["rebuild_one"], m["settle_all"])]
    print(f"[{name}] full rebuild in one process: {spread(m['rebuild_one'], 1, 2)} s CPU; "
          f"read, check, replay and settle every file in one process: "
          f"{spread(m['settle_all'], 1, 2)} s; ratio {spread(ratio, 1, 2)} (target <= 2)")
    # a busy moment of the machine only adds CPU time to the command it falls on: the
    # least of each is the least disturbed (as timeit reports), and their ratio is given too
    print(f"[{name}] the same, the least of the runs: {min(m['rebuild_one']):.2f} s against "
          f"{min(m['settle_all']):.2f} s; ratio {min(m['rebuild_one']) / min(m['settle_all']):.2f}")
    if not m["loads"]:
        return
    ratio = [r / j for r, j in zip(m["rebuild_wall"], m["loads_wall"])]
    print(f"[{name}] full rebuild: {spread(m['rebuild_wall'], 1, 2)} s; json.load of every "
          f"file in one process: {spread(m['loads_wall'], 1, 3)} s; ratio {spread(ratio, 1, 1)} "
          f"(target <= 8)")
    ratio = [r / j for r, j in zip(m["rebuild"], m["loads"])]
    print(f"[{name}] the same in CPU (the processes replaying files included): "
          f"{spread(m['rebuild'], 1, 2)} s; json.load: {spread(m['loads'], 1, 3)} s; ratio "
          f"{spread(ratio, 1, 1)}")
    ratio = [s / a for s, a in zip(m["standings"], m["attrs"])]
    print(f"[{name}] standings, archive up to date: {spread(m['standings'], 1000)} ms CPU; "
          f"python -c 'import attrs': {spread(m['attrs'], 1000)} ms; ratio "
          f"{spread(ratio, 1, 2)} (target <= 3)")
    ratio = [s / a for s, a in zip(m["json"], m["attrs"])]
    print(f"[{name}] the same with --json: {spread(m['json'], 1000)} ms CPU; ratio "
          f"{spread(ratio, 1, 2)}")
    print(f"[{name}] Club page: p95 {spread(m['page_p95'])} ms, median "
          f"{spread(m['page_median'])} ms; a player's page: p95 {spread(m['player_p95'])} ms "
          f"(target: p95 <= 100 ms)")
    ratio = [o / s for o, s in zip(m["one"], m["settle"])]
    print(f"[{name}] one new file indexed + standings: {spread(m['one'], 1000)} ms CPU; its "
          f"settle --json: {spread(m['settle'], 1000)} ms; ratio {spread(ratio, 1, 2)} "
          f"(target <= 2)")
    print(f"[{name}] peak memory of a rebuild: {spread(m['small_peak'])} MB for {files // 4} "
          f"files, {spread(m['peak'])} MB for {files} (target: flat)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, default=2000)
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--baseline", type=Path, metavar="TREE",
                    help="another whistscore source tree (e.g. `git worktree add` of main), "
                         "measured in the same run, turn about with this one")
    ap.add_argument("--budget", action="store_true",
                    help="where the full rebuild's CPU goes, part by part (BUDGET)")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "club"
        folder.mkdir()
        t = time.perf_counter()
        generate(folder, a.files, a.deals)
        print(f"generated {a.files} files x {a.deals} deals in {time.perf_counter() - t:.1f} s; "
              f"median (min-max) of {a.runs} runs")
        if a.budget:
            budget(ROOT, folder, a.runs)
            return 0
        trees = [("this", ROOT)] + ([("baseline", a.baseline.resolve())] if a.baseline else [])
        results: dict[str, dict[str, list[float]]] = {}
        for name, _ in trees[1:]:  # each tree its own copy of the club (and its archive)
            shutil.copytree(folder, Path(tmp) / f"club-{name}")
        for _ in range(a.runs):  # turn about, so that a slower minute of the machine falls
            for name, root in trees:  # on both
                here = folder if name == "this" else Path(tmp) / f"club-{name}"
                work = Path(tmp) / f"work-{name}"
                work.mkdir(exist_ok=True)
                for key, values in measure(root, here, work, 1).items():
                    results.setdefault(name, {}).setdefault(key, []).extend(values)
        for name, _ in trees:
            report(name, results[name], a.files)
    return 0


if __name__ == "__main__":
    sys.exit(main())
