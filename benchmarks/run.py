"""whistscore benchmarks (issues 8 and 16): ``python benchmarks/run.py`` prints the tables.

- replay + settle of a 100,000-deal game of each game type: the file is parsed
  and validated (``journal.loads``), replayed and settled, each timed apart and
  all together; deals per second and the ratio to ``json.loads`` of the same text
  (targets: >= 50,000 deals/s and within 20x of json.loads);
- the same at 200 / 2,000 / 20,000 deals and with more players (is it linear?);
- the command line (`add`, `show`, `settle`) on a 60-deal game next to ``python -c pass``
  (target: under 3x; the best of several runs, in subprocesses);
- export to Excel of an evening (60 deals) and of a 1,000-deal game, English and
  Russian (target: 1,000 deals <= 2 s, issue 23; wall time and CPU time, best of the
  runs; ``--excel``: only this; ``benchmarks/crafted_books.py``: refusing crafted
  workbooks);
- peak memory of the 100,000-deal load + replay + settle, in a subprocess
  (target: under 300 MB).

At the end, the targets of issue 16 with yes/no:

- ``add``, ``show``, ``settle`` (with or without ``--json``) of a 60-deal game
  <= 3x ``python -c pass`` (give ``--venv`` a fresh virtual environment with a
  non-editable install, as the README makes: its Python starts without
  site-packages hooks);
- load + replay + settle of a 20,000-deal file from the command line, its
  start-up (``settle`` of the same game without deals) taken out, <= 6x
  ``json.loads`` of the same text;
- in-process replay + settle >= 300,000 deals/s (twist: 150,000); issue 23's guard:
  >= 200,000 deals/s for every game;
- the cost per deal flat from 2,000 deals to ``--deals`` (within 1.5x);
- peak memory of the ``--deals`` game < 300 MB.

``--against DIR`` (a checkout of an older commit, its dependencies the same) also
times that tree beside this one, in turn, in fresh processes: in-process replay +
settle of the 100,000-deal games (``--deals``), the Excel export of 60 and 1,000
deals in-process, and the whole ``export`` command of 60 deals (issue 23: "an evening
exports as fast as before"; ``--excel --against DIR``: the export only).

Times are CPU seconds (this process's, or the command's user + system time), the
best of several runs: on a machine shared with other jobs wall time also counts
the time the others held the CPU.

Options: ``--deals N`` (default 20000: journal.MAX_DEALS, the most a game file
holds), ``--games a,b``, ``--quick`` (fewer runs),
``--venv DIR`` (the environment whose ``whistscore`` the command-line timings run),
``--excel`` (only the Excel export).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import dealgen  # noqa: E402  (puts the repository and tests/ on sys.path)
from whistscore import journal  # noqa: E402
from whistscore.games import declared  # noqa: E402
from whistscore.replay import replay  # noqa: E402
from whistscore.settlement import settle  # noqa: E402

ROOT = dealgen.ROOT
GAMES = list(declared())  # every game installed (the entry points of whistscore.games)


def best_cpu(fn, runs: int) -> tuple[float, float]:
    """The fastest wall time and the least CPU time of ``runs`` runs."""
    walls, cpus = [], []
    for _ in range(runs):
        gc.collect()
        start, cpu = time.perf_counter(), time.process_time()
        fn()
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus)


def cold_export(game, out: str, lang: str) -> None:
    """One export as the command line makes it: the text caches start empty."""
    from whistscore import excel, i18n
    from whistscore.excel import formats

    i18n._DETAILS.clear()
    formats._WIDTHS.clear()
    excel.export(game, out, lang=lang)


def excel_table(small: dict, games: list[str], runs: int) -> str:
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for game in games:
            for deals in (60, 1000):
                g = journal.from_json(dict(small[game], deals=small[game]["deals"][:deals]))
                out = os.path.join(folder, f"{game}.xlsx")
                for lang in ("en", "ru"):
                    wall, cpu = best_cpu(lambda: cold_export(g, out, lang), runs)
                    target = ("yes" if wall <= 2 else "NO") if deals == 1000 else ""
                    rows.append([game, lang, f"{deals:,}", ms(wall), ms(cpu),
                                 f"{os.path.getsize(out) / 1e3:.0f} kB", target])
    return ("Excel export of an evening (60 deals) and of a 1,000-deal game "
            f"(whistscore.excel.export; best of {runs} runs; target, issue 23: "
            "1,000 deals <= 2 s)\n"
            + table(["game", "lang", "deals", "time", "CPU time", "size", "<= 2 s"], rows))


#: run in a fresh process with PYTHONPATH set to a checkout: times that tree's code on a
#: game file written by this one (argv: mode, file, lang, runs)
WORKER = """
import gc, sys, time
mode, path, lang, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
from whistscore import journal
text = open(path, encoding="utf-8").read()
game = journal.loads(text)
cpus, walls = [], []
if mode == "settle":
    from whistscore.replay import replay
    from whistscore.settlement import settle
    def once():
        settle(replay(game, keep=False))
else:
    import os, tempfile
    from whistscore import excel
    out = os.path.join(tempfile.mkdtemp(), "book.xlsx")
    def once():
        excel.export(game, out, lang=lang)
for _ in range(runs):
    gc.collect()
    start, cpu = time.perf_counter(), time.process_time()
    once()
    walls.append(time.perf_counter() - start)
    cpus.append(time.process_time() - cpu)
print(min(cpus), min(walls), len(game.deals))
"""


def in_tree(root: Path, mode: str, path: str, lang: str, runs: int) -> tuple[float, float]:
    """(least CPU, least wall) seconds of ``runs`` runs of ``mode`` by the code of the checkout
    ``root``, in a fresh process."""
    env = dict(os.environ, PYTHONPATH=str(root))
    out = subprocess.run([sys.executable, "-c", WORKER, mode, path, lang, str(runs)], env=env,
                         cwd=tempfile.gettempdir(), check=True, capture_output=True,
                         text=True).stdout.split()
    return float(out[0]), float(out[1])


def command_cpu(root: Path, args: list[str], runs: int) -> float:
    """The least CPU time (user + system) of ``runs`` runs of ``python -m whistscore ARGS``
    with the code of the checkout ``root``."""
    env = dict(os.environ, PYTHONPATH=str(root))
    times = []
    for _ in range(runs):
        start = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-m", "whistscore", *args], env=env,
                       cwd=tempfile.gettempdir(), check=True, stdout=subprocess.DEVNULL)
        end = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(end.ru_utime - start.ru_utime + end.ru_stime - start.ru_stime)
    return min(times)


def against_tables(other: Path, small: dict, big: dict[str, str], games: list[str],
                   runs: int) -> str:
    """This tree beside the checkout ``other``, measured in turn (the same games, the same
    files): replay + settle deals/s, the export of 60 and 1,000 deals, the export command."""
    here = ROOT
    out = []
    commit = subprocess.run(["git", "-C", str(other), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    label = commit or other.name
    with tempfile.TemporaryDirectory() as folder:
        if big:
            rows = []
            for game in games:
                path = os.path.join(folder, f"{game}-big.json")
                Path(path).write_text(big[game], encoding="utf-8")
                (c_old, _), (c_new, _) = (in_tree(other, "settle", path, "en", runs),
                                          in_tree(here, "settle", path, "en", runs))
                n = len(journal.loads(big[game]).deals)
                rows.append([game, f"{n:,}", f"{n / c_old:,.0f}", f"{n / c_new:,.0f}",
                             f"{c_new / c_old:.2f}",
                             "yes" if n / c_new >= 200_000 else "NO"])
            out.append(f"In-process replay + settle, deals/s (CPU, best of {runs}), {label} "
                       "beside this tree (issue 23's guard: >= 200,000 for every game)\n"
                       + table(["game", "deals", label, "this tree", "time / before",
                                ">= 200,000"], rows))
        rows = []
        for game in games:
            for deals in (60, 1000):
                path = os.path.join(folder, f"{game}-{deals}.json")
                g = journal.from_json(dict(small[game], deals=small[game]["deals"][:deals]))
                Path(path).write_text(journal.dumps(g), encoding="utf-8")
                c_old, w_old = in_tree(other, "export", path, "en", runs)
                c_new, w_new = in_tree(here, "export", path, "en", runs)
                rows.append([game, f"{deals:,}", ms(c_old), ms(c_new), f"{c_new / c_old:.2f}",
                             ms(w_old), ms(w_new),
                             ("yes" if max(c_new, w_new) <= 2 else "NO") if deals == 1000 else ""])
                if deals == 60:
                    book = os.path.join(folder, "cmd.xlsx")
                    args = ["export", path, book]
                    k_old = command_cpu(other, args, runs + 4)
                    k_new = command_cpu(here, args, runs + 4)
                    rows.append([game, "60, the `export` command", ms(k_old), ms(k_new),
                                 f"{k_new / k_old:.2f}", "", "", ""])
        out.append(f"Excel export (English), {label} beside this tree: CPU and wall time, best "
                   f"of {runs} runs in one process (the command: best of {runs + 4}, CPU); "
                   "issue 23: an evening as fast as before, 1,000 deals <= 2 s\n"
                   + table(["game", "deals", f"CPU, {label}", "CPU, this tree", "ratio",
                            f"wall, {label}", "wall, this tree", "<= 2 s (CPU and wall)"],
                           rows))
    return "\n\n".join(out)


def best(fn, runs: int) -> float:
    """The fastest of ``runs`` timings in CPU seconds of this process: on a machine
    shared with other jobs, wall time counts the time others held the CPU."""
    times = []
    for _ in range(runs):
        gc.collect()
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return min(times)


def measure(text: str, deals: int, runs: int) -> dict:
    t_json = best(lambda: json.loads(text), runs)
    t_load = best(lambda: journal.loads(text), runs)
    game = journal.loads(text)
    # what `whistscore settle` does: replay keeping only the final state
    t_replay = best(lambda: replay(game, keep=False), runs)
    # what `show` and `export` do: replay keeping every deal's entries
    t_full = best(lambda: replay(game), runs)
    rp = replay(game, keep=False)
    t_settle = best(lambda: settle(rp), runs)
    t_all = best(lambda: settle(replay(journal.loads(text), keep=False)), runs)
    return {
        "deals": deals, "mb": len(text.encode()) / 1e6, "json": t_json, "load": t_load,
        "replay": t_replay, "full": t_full, "settle": t_settle, "all": t_all,
        "rs_rate": deals / (t_replay + t_settle), "all_rate": deals / t_all,
        "rs_ratio": (t_replay + t_settle) / t_json, "ratio": t_all / t_json,
    }


def table(header: list[str], rows: list[list]) -> str:
    cells = [header] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    lines = ["| " + " | ".join(c.rjust(w) if i else c.ljust(w)
                               for i, (c, w) in enumerate(zip(r, widths))) + " |"
             for r in cells]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms" if seconds >= 0.1 else f"{seconds * 1000:.1f} ms"


def run_cmd(args: list[str], runs: int, before=None) -> float:
    """The fastest of ``runs`` runs of a command in CPU seconds (user + system) of the
    process (``before`` runs untimed first); see :func:`best`."""
    times = []
    for _ in range(runs):
        if before is not None:
            before()
        start = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
        end = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(end.ru_utime - start.ru_utime + end.ru_stime - start.ru_stime)
    return min(times)


TARGET_RATE = {"twist": 150_000}  # deals/s of in-process replay + settle; others 300,000


PEAK = """
import sys
sys.path.insert(0, {root!r})

def peak_mb():
    # VmHWM: this process's own peak resident memory (ru_maxrss would also count
    # the parent's memory that a forked child starts with)
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

from whistscore import journal
from whistscore.replay import replay
from whistscore.settlement import settle
base = peak_mb()
text = open({path!r}, encoding="utf-8").read()
keep = {keep!r}
s = settle(replay(journal.loads(text), keep=keep))
print(base, peak_mb())
"""


def peak_memory(text: str, keep: bool = False) -> tuple[float, float]:
    """(RSS after imports, peak RSS) in MB of a process that loads, replays and settles.

    ``keep=False`` is what ``whistscore settle`` does; ``keep=True`` keeps every
    deal's entries, as ``show`` and ``export`` do.
    """
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "game.json")
        Path(path).write_text(text, encoding="utf-8")
        out = subprocess.run([sys.executable, "-c", PEAK.format(root=str(ROOT), path=path, keep=keep)],
                             check=True, capture_output=True, text=True).stdout.split()
    return float(out[0]), float(out[1])


def cli_load(game: str, data: dict, command: list[str], runs: int, n: int = 20000) -> list[str]:
    """Load + replay + settle of an ``n``-deal file from the command line, its start-up
    (``settle`` of the same game without deals) taken out, against ``json.loads``."""
    n = min(n, len(data["deals"]))
    with tempfile.TemporaryDirectory() as folder:
        big = os.path.join(folder, "big.json")
        empty = os.path.join(folder, "empty.json")
        text = journal.dumps(journal.from_json(dict(data, deals=data["deals"][:n])))
        Path(big).write_text(text, encoding="utf-8")
        Path(empty).write_text(journal.dumps(journal.from_json(dict(data, deals=[]))),
                               encoding="utf-8")
        t_big = run_cmd(command + ["settle", big], runs)
        t_empty = run_cmd(command + ["settle", empty], runs)
    t_json = best(lambda: json.loads(text), runs)
    ratio = (t_big - t_empty) / t_json
    return [f"`settle` of {n:,} deals from the command line, start-up taken out, "
            "<= 6x `json.loads`", game, f"{ratio:.1f}x", "yes" if ratio <= 6 else "NO"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # a game file holds at most journal.MAX_DEALS deals (issue 32): the largest one read
    ap.add_argument("--deals", type=int, default=journal.MAX_DEALS)
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--quick", action="store_true", help="one run per timing")
    ap.add_argument("--venv", help="a virtual environment with whistscore installed "
                                   "(default: this Python, whistscore run with -m)")
    ap.add_argument("--excel", action="store_true", help="only the Excel export")
    ap.add_argument("--against", type=Path, help="a checkout of an older commit to time "
                    "beside this tree (replay + settle, the Excel export), in turn")
    a = ap.parse_args()
    if a.venv:
        python = os.path.join(a.venv, "bin", "python")
        command = [os.path.join(a.venv, "bin", "whistscore")]
    else:
        python = sys.executable
        command = [sys.executable, "-m", "whistscore"]
    targets: list[list[str]] = []
    runs = 1 if a.quick else 3
    games = [g for g in a.games.split(",") if (ROOT / "tests" / f"gen_{g}.py").exists()]
    missing = sorted(set(a.games.split(",")) - set(games))
    cpus = os.cpu_count()
    print(f"whistscore benchmarks: Python {platform.python_version()}, {platform.machine()}, "
          f"{cpus} CPUs, {platform.system()}")
    if missing:
        print(f"(skipped, no tests/gen_<game>.py yet: {', '.join(missing)})")
    print()

    # First the small measurements, while this process is still small: a
    # subprocess forked from a process holding gigabytes starts measurably slower.
    small = {game: dealgen.long_game(game, 1000) for game in games}
    if a.excel:
        print(excel_table(small, games, 2 if a.quick else 5))
        if a.against:
            print()
            print(against_tables(a.against.resolve(), small, {}, games, 2 if a.quick else 5))
        return 0
    out_small = io.StringIO()
    with contextlib.redirect_stdout(out_small):
        # the command line on a 60-deal game
        cli_rows = []
        cli_runs = 5 if a.quick else 11
        t_pass = run_cmd([python, "-c", "pass"], cli_runs)
        with tempfile.TemporaryDirectory() as folder:
            for game in games:
                path = os.path.join(folder, f"{game}.json")
                data = dict(small[game], deals=small[game]["deals"][:60])
                text = json.dumps(data, ensure_ascii=False)
                extra = json.dumps(small[game]["deals"][60], ensure_ascii=False)

                def fresh(path=path, text=text) -> None:
                    Path(path).write_text(text, encoding="utf-8")

                fresh()
                for args in (["settle"], ["settle", "--json"], ["show"], ["show", "--json"],
                             ["add"]):
                    tail = [path, extra] if args == ["add"] else [path]
                    t = run_cmd(command + args + tail, cli_runs,
                                fresh if args == ["add"] else None)
                    ok = "yes" if t <= 3 * t_pass else "NO"
                    cli_rows.append([game, " ".join(args), ms(t), ms(t_pass),
                                     f"{t / t_pass:.1f}x", ok])
                    targets.append([f"`{' '.join(args)}` of 60 deals <= 3x `python -c pass`",
                                    game, f"{t / t_pass:.1f}x", ok])
            t_imp = run_cmd([python, "-c", "import whistscore"], cli_runs)
            cli_rows.append(["", "(import whistscore)", ms(t_imp), ms(t_pass),
                             f"{t_imp / t_pass:.1f}x", ""])
        print(f"The command line on a 60-deal game, CPU time (best of {cli_runs} runs)")
        print(table(["game", "command", "time", "python -c pass", "ratio", "<= 3x"], cli_rows))
        print()

        print(excel_table(small, games, 2 if a.quick else 3))

    texts: dict[str, str] = {}
    main_rows, scale_rows, mem_rows = [], [], []
    for game in games:
        start = time.perf_counter()
        data = dealgen.long_game(game, a.deals)
        full = journal.dumps(journal.from_json(data))
        texts[game] = full
        print(f"  built a legal {a.deals:,}-deal {game} game in "
              f"{time.perf_counter() - start:.1f} s", file=sys.stderr)
        r = measure(full, a.deals, runs)
        main_rows.append([game, f"{a.deals:,}", f"{r['mb']:.1f}", ms(r["json"]), ms(r["load"]),
                          ms(r["replay"]), ms(r["full"]), ms(r["settle"]),
                          f"{r['rs_rate']:,.0f}",
                          f"{r['rs_ratio']:.1f}x", ms(r["all"]), f"{r['all_rate']:,.0f}",
                          f"{r['ratio']:.1f}x"])
        rate = TARGET_RATE.get(game, 300_000)
        targets.append(["in-process replay + settle >= 300,000 deals/s (twist 150,000)", game,
                        f"{r['rs_rate']:,.0f}", "yes" if r["rs_rate"] >= rate else "NO"])
        targets.append(["issue 23's guard: in-process replay + settle >= 200,000 deals/s", game,
                        f"{r['rs_rate']:,.0f}", "yes" if r["rs_rate"] >= 200_000 else "NO"])
        per_deal = []
        for n in sorted({min(200, a.deals), min(2000, a.deals), a.deals}):
            part = dict(data, deals=data["deals"][:n])
            s = measure(journal.dumps(journal.from_json(part)), n, runs) if n != a.deals else r
            per_deal.append(s["all"] / n)
            scale_rows.append([game, len(data["players"]), f"{n:,}", ms(s["all"]),
                               f"{s['all'] / n * 1e6:.1f} us"])
        growth = max(per_deal) / min(per_deal)
        targets.append([f"cost per deal flat from 2,000 to {a.deals:,} deals (within 1.5x)",
                        game, f"{growth:.2f}x", "yes" if growth <= 1.5 else "NO"])
        targets.append(cli_load(game, data, command, runs + 2))
        base, peak = peak_memory(full)
        _, peak_full = peak_memory(full, keep=True)
        mem_rows.append([game, f"{a.deals:,}", f"{base:.0f} MB", f"{peak:.0f} MB",
                         "yes" if peak < 300 else "NO", f"{peak_full:.0f} MB"])
        targets.append([f"peak memory of {a.deals:,} deals < 300 MB", game, f"{peak:.0f} MB",
                         "yes" if peak < 300 else "NO"])

    # more players (same number of deals)
    for game, counts in (("preferans", (4,)), ("danish", (5,))):
        if game not in games:
            continue
        for count in counts:
            n = a.deals // 2
            text = journal.dumps(journal.from_json(dealgen.long_game(game, n, count)))
            s = measure(text, n, runs)
            scale_rows.append([game, count, f"{n:,}", ms(s["all"]),
                               f"{s['all'] / n * 1e6:.1f} us"])

    print("Load (parse + validate), replay and settle; CPU times, the best of "
          f"{runs} run(s)")
    print(table(["game", "deals", "MB", "json.loads", "loads", "replay", "replay (entries kept)",
                 "settle",
                 "replay+settle deals/s", "replay+settle / json", "all three",
                 "all deals/s", "all / json"], main_rows))
    print()
    print("Growth with deals and players (load + replay + settle)")
    print(table(["game", "players", "deals", "time", "per deal"], scale_rows))
    print()
    print("Peak memory of load + replay + settle (peak resident memory of a fresh process)")
    print(table(["game", "deals", "after imports", "peak (settle)", "< 300 MB",
                 "peak, entries kept (show/export)"], mem_rows))
    print()
    print(out_small.getvalue(), end="")
    print()
    if a.against:
        print(against_tables(a.against.resolve(), small, texts, games, runs))
        print()
    print("Targets of issues 16 and 23")
    order = {t: i for i, t in enumerate(dict.fromkeys(row[0] for row in targets))}
    print(table(["target", "game", "measured", "met"],
                sorted(targets, key=lambda row: order[row[0]])))

    return 0


if __name__ == "__main__":
    sys.exit(main())
