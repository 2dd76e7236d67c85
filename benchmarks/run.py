"""whistscore benchmarks (issue 8): ``python benchmarks/run.py`` prints the tables.

- replay + settle of a 100,000-deal game of each game type: the file is parsed
  and validated (``journal.loads``), replayed and settled, each timed apart and
  all together; deals per second and the ratio to ``json.loads`` of the same text
  (targets: >= 50,000 deals/s and within 20x of json.loads);
- the same at 10,000 / 50,000 / 100,000 deals and with more players (is it linear?);
- ``whistscore settle`` of a 100-deal game, wall time next to ``python -c pass``
  (target: under 3x; medians of several runs, in subprocesses);
- export of a 1,000-deal game to Excel, English and Russian (target: under 1 s,
  issue 15; wall time and the process's CPU time, best of the runs);
- peak memory of the 100,000-deal load + replay + settle, in a subprocess
  (target: under 300 MB).

Options: ``--deals N`` (default 100000), ``--games a,b``, ``--quick`` (fewer runs),
``--excel`` (only the Excel export, in seconds).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import dealgen  # noqa: E402  (puts the repository and tests/ on sys.path)
from whistscore import journal  # noqa: E402
from whistscore.replay import replay  # noqa: E402
from whistscore.settlement import settle  # noqa: E402

ROOT = dealgen.ROOT
GAMES = ["preferans", "twist", "whist", "danish"]


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

    i18n._DETAIL_SAID.clear()
    excel._WIDTHS.clear()
    excel.export(game, out, lang=lang)


def excel_table(small: dict, games: list[str], runs: int) -> str:
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for game in games:
            g = journal.from_json(small[game])
            out = os.path.join(folder, f"{game}.xlsx")
            for lang in ("en", "ru"):
                wall, cpu = best_cpu(lambda: cold_export(g, out, lang), runs)
                rows.append([game, lang, "1,000", ms(wall), ms(cpu),
                             f"{os.path.getsize(out) / 1e3:.0f} kB", "yes" if wall < 1 else "NO"])
    return ("Excel export of a 1,000-deal game (whistscore.excel.export; best of "
            f"{runs} runs)\n"
            + table(["game", "lang", "deals", "time", "CPU time", "size", "< 1 s"], rows))


def best(fn, runs: int) -> float:
    """The fastest of ``runs`` timings (the least disturbed by the machine)."""
    times = []
    for _ in range(runs):
        gc.collect()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
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


def run_cmd(args: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100_000)
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--quick", action="store_true", help="one run per timing")
    ap.add_argument("--excel", action="store_true", help="only the Excel export")
    a = ap.parse_args()
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
        return 0
    out_small = io.StringIO()
    with contextlib.redirect_stdout(out_small):
        # the command line on a 100-deal game
        cli_rows = []
        cli_runs = 5 if a.quick else 11
        t_pass = run_cmd([sys.executable, "-c", "pass"], cli_runs)
        with tempfile.TemporaryDirectory() as folder:
            for game in games:
                path = os.path.join(folder, f"{game}.json")
                data = dict(small[game], deals=small[game]["deals"][:100])
                Path(path).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
                t = run_cmd([sys.executable, "-m", "whistscore", "settle", path], cli_runs)
                cli_rows.append([game, ms(t), ms(t_pass), ms(t - t_pass), f"{t / t_pass:.1f}x",
                                 "yes" if t < 3 * t_pass else "NO"])
            t_imp = run_cmd([sys.executable, "-c", "import whistscore"], cli_runs)
            cli_rows.append(["(import whistscore)", ms(t_imp), ms(t_pass), ms(t_imp - t_pass),
                             f"{t_imp / t_pass:.1f}x", ""])
        print(f"whistscore settle on a 100-deal game, wall time (median of {cli_runs} runs)")
        print(table(["game", "settle", "python -c pass", "difference", "ratio", "< 3x"], cli_rows))
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
        for n in (a.deals // 10, a.deals // 2, a.deals):
            part = dict(data, deals=data["deals"][:n])
            s = measure(journal.dumps(journal.from_json(part)), n, runs) if n != a.deals else r
            scale_rows.append([game, len(data["players"]), f"{n:,}", ms(s["all"]),
                               f"{s['all'] / n * 1e6:.1f} us"])
        base, peak = peak_memory(full)
        _, peak_full = peak_memory(full, keep=True)
        mem_rows.append([game, f"{a.deals:,}", f"{base:.0f} MB", f"{peak:.0f} MB",
                         "yes" if peak < 300 else "NO", f"{peak_full:.0f} MB"])

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

    print("Load (parse + validate), replay and settle; times are the best of "
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

    return 0


if __name__ == "__main__":
    sys.exit(main())
