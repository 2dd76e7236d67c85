"""The scorepad's speed (issue 14): ``python benchmarks/serve.py`` prints the table.

- adding a deal and getting the new sheet back (``POST /api/games/NAME/deals?view=1``:
  the lock, the read, the replay, the atomic save and the drawn sheet) on a
  200-deal game of each game; p50 / p95 over many adds (target: p95 <= 50 ms);
- the table page's size as sent (target: <= 100 KB).

The requests go through Starlette's test client in this process (no network),
and the server's own time (from the request's start to its last byte, measured
around the ASGI app) is reported apart from the round trip through the client,
with the CPU time this process spent on it (what the other jobs of a shared
machine cannot inflate; the fsyncs' waiting is not CPU).  Each add is undone (not timed), so
every add lands on a 200-deal game.  The deals come from ``dealgen`` (each
game's own generator, chained so that every deal scores).  The first paint in
the browser is measured by tests/test_web_browser.py.

Options: ``--deals N`` (default 200), ``--runs N`` (default 60), ``--games a,b``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import dealgen  # noqa: E402  (puts the repository and tests/ on sys.path)

warnings.simplefilter("ignore")

from starlette.testclient import TestClient  # noqa: E402

from whistscore.web.app import create_app  # noqa: E402

TOKEN = "bench"
GAMES = ["preferans", "twist", "whist", "danish"]


class Timed:
    """ASGI wrapper: the server's own time per request, from its start to its last byte."""

    def __init__(self, app) -> None:
        self.app = app
        self.last = 0.0
        self.cpu = 0.0

    async def __call__(self, scope, receive, send):
        t0 = time.perf_counter()
        c0 = time.process_time()
        await self.app(scope, receive, send)
        self.last = time.perf_counter() - t0
        self.cpu = time.process_time() - c0  # this process's CPU: the others' load left out


def measure(game: str, deals: int, runs: int) -> dict:
    data = dealgen.long_game(game, deals + 1)
    extra = data["deals"].pop()
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "g.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        app = Timed(create_app(tmp, TOKEN))
        client = TestClient(app, base_url="http://127.0.0.1:8000", client=("127.0.0.1", 5000))
        headers = {"X-Whistscore-Token": TOKEN}
        page = client.get("/g/g", headers={"Accept-Encoding": "identity"})
        assert page.status_code == 200, page.text
        times = []
        trips = []
        cpus = []
        for _ in range(runs + 3):
            t0 = time.perf_counter()
            r = client.post("/api/games/g/deals?view=1", json={"deal": extra}, headers=headers)
            trips.append(time.perf_counter() - t0)
            times.append(app.last)
            cpus.append(app.cpu)
            assert r.status_code == 201, r.text
            assert r.json()["live"]["html"]
            assert client.delete("/api/games/g/deals/last", headers=headers).status_code == 200
        times = sorted(times[3:])  # the first adds warm the templates and caches
        trips = sorted(trips[3:])
        cpus = sorted(cpus[3:])
    return {"game": game, "p50": statistics.median(times) * 1000,
            "p95": times[int(0.95 * (len(times) - 1))] * 1000,
            "trip95": trips[int(0.95 * (len(trips) - 1))] * 1000,
            "cpu95": cpus[int(0.95 * (len(cpus) - 1))] * 1000,
            "page_kb": len(page.content) / 1024}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--runs", type=int, default=60)
    ap.add_argument("--games", default=",".join(GAMES))
    a = ap.parse_args()
    print(f"# whistscore serve: {a.deals}-deal games, {a.runs} adds each; Python "
          f"{platform.python_version()} on {platform.machine()}")
    print(f"# load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print("| game | add + new sheet p50 | p95 (target <= 50 ms) | p95 with the test client "
          "| CPU per add p95 | table page (target <= 100 KB) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    ok = True
    for game in a.games.split(","):
        m = measure(game, a.deals, a.runs)
        ok &= m["p95"] <= 50 and m["page_kb"] <= 100
        print(f"| {game} | {m['p50']:.1f} ms | {m['p95']:.1f} ms | {m['trip95']:.1f} ms "
              f"| {m['cpu95']:.1f} ms | {m['page_kb']:.1f} KB |")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
