"""Time and memory of refusing the crafted workbooks (issue 21, class 7):
``python benchmarks/crafted_books.py`` prints the table.

The workbooks of ``tests/crafted_books.py`` at the sizes the hostile review used
(one 127 MB attribute in a workbook of about 150 KB; a zip directory of 1,150,000
records declared as 24 parts), each imported by a fresh process
(``whistscore.excel.import_text``): wall and CPU time of the import, the growth of
the process's peak memory (VmHWM) during it, and what it answered.  Before the
bounds the review measured 82 s and 438 MB (attribute, then accepted) and 5 s and
609 MB (directory).

Options: ``--attribute MB`` (default 127), ``--directory N`` (default 1150000),
``--bomb MB`` (default 100).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import dealgen  # noqa: E402  (puts the repository and tests/ on sys.path)
import crafted_books  # noqa: E402

MEASURE = """
import json, sys, time
from whistscore import excel
from whistscore.errors import WhistscoreError
def peak():  # VmHWM starts afresh at exec (ru_maxrss would keep the forking parent's)
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
base = peak()
start, cpu = time.perf_counter(), time.process_time()
try:
    excel.import_text(sys.argv[1])
    answer = "ACCEPTED"
except WhistscoreError as exc:
    answer = str(exc).split(": ", 1)[-1]
wall, cpu = time.perf_counter() - start, time.process_time() - cpu
grown = peak() - base
print(json.dumps([wall, cpu, grown / 1024, answer]))
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--attribute", type=int, default=127)
    ap.add_argument("--directory", type=int, default=1_150_000)
    ap.add_argument("--bomb", type=int, default=100)
    a = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        books = crafted_books.crafted(Path(folder), attribute=a.attribute * crafted_books.MB,
                                      directory=a.directory, bomb=a.bomb * crafted_books.MB)
        for i, (what, data, _) in enumerate(books):
            path = os.path.join(folder, f"crafted{i}.xlsx")
            Path(path).write_bytes(data)
            done = subprocess.run([sys.executable, "-c", MEASURE, path], capture_output=True,
                                  text=True, timeout=600, cwd=dealgen.ROOT)
            if done.returncode != 0:
                rows.append((what, len(data), None, None, None, done.stderr.strip()[-80:]))
                continue
            wall, cpu, mb, answer = json.loads(done.stdout)
            rows.append((what, len(data), wall, cpu, mb, answer))
    print("Refusing crafted workbooks (whistscore.excel.import_text, a fresh process each)")
    print(f"| {'workbook':<48} | {'file':>8} | {'time':>7} | {'CPU':>7} | {'memory':>8} | answer")
    print(f"|{'-' * 50}|{'-' * 10}|{'-' * 9}|{'-' * 9}|{'-' * 10}|--------")
    for what, size, wall, cpu, mb, answer in rows:
        if wall is None:
            print(f"| {what:<48} | {size / 1e3:>5.0f} kB | failed: {answer}")
            continue
        print(f"| {what:<48} | {size / 1e3:>5.0f} kB | {wall:>5.2f} s | {cpu:>5.2f} s "
              f"| {mb:>5.0f} MB | {answer[:90]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
