"""A big rebuild shares the files among processes (club/archive/pool.py ``_looked``): the archive
it writes is the one a single process writes, a killed process loses nothing, Ctrl-C
stops them all and leaves the old archive, and a process with other threads (the
scorepad) never forks."""

from __future__ import annotations

import os
import signal
import sqlite3
import threading
import time
from pathlib import Path

import pytest

import whistscore
import whistscore.club.archive as index
from whistscore.club.archive import pool, refresh
from club_support import tables

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"


def a_club(folder: Path) -> Path:
    """Every sample and the sample club, twice over under other names: 60-odd files of
    all four games, one unfinished, with aliases and seasons (samples/club/club.json)."""
    folder.mkdir()
    files = sorted(SAMPLES.glob("*.json")) + sorted((SAMPLES / "club").glob("2*.json"))
    for copy in range(3):
        for path in files:
            (folder / f"{copy}-{path.name}").write_bytes(path.read_bytes())
    (folder / "club.json").write_bytes((SAMPLES / "club" / "club.json").read_bytes())
    (folder / "broken.json").write_text("{not json", "utf-8")
    for path in folder.iterdir():  # one time for all: two such clubs have the same archive
        os.utime(path, ns=(1_700_000_000 * 10**9, 1_700_000_000 * 10**9))
    return folder


def rebuilt(folder: Path) -> dict[str, list[tuple[object, ...]]]:
    club = whistscore.club(folder, rebuild=True)
    club.standings()
    club.close()
    return tables(folder)


@pytest.fixture
def pooled(monkeypatch, tmp_path):
    """A pool from two files on, whatever this machine's cores, and the process ids that
    replayed each file (written by the forked processes into a folder)."""
    pids = tmp_path / "pids"
    pids.mkdir()
    real = refresh._look

    def look(folder, entry, *rest):  # inherited by the forked processes
        (pids / f"{os.getpid()}-{entry.file}").write_text("")
        return real(folder, entry, *rest)

    monkeypatch.setattr(pool, "POOL_FILES", 2)
    monkeypatch.setattr(refresh, "_look", look)
    monkeypatch.setattr(pool, "_workers", lambda jobs: 2 if jobs >= 2 else 1)
    return pids


def test_a_pool_writes_the_archive_one_process_writes(tmp_path, pooled):
    one = a_club(tmp_path / "one")
    two = a_club(tmp_path / "two")
    with pytest.MonkeyPatch.context() as m:
        m.setattr(pool, "_workers", lambda jobs: 1)
        alone = rebuilt(one)
    assert {name.split("-", 1)[0] for name in os.listdir(pooled)} == {str(os.getpid())}
    for path in pooled.iterdir():
        path.unlink()
    shared = rebuilt(two)
    replayed_by = {name.split("-", 1)[0] for name in os.listdir(pooled)}
    assert len(replayed_by) == 2 and str(os.getpid()) not in replayed_by
    assert len(os.listdir(pooled)) == len(list(two.glob("*-*.json"))) + 1  # + broken.json
    assert shared == alone
    assert shared["games"] and shared["deal_rows"] and shared["ratings"]


def test_a_killed_process_loses_no_file(tmp_path, pooled, monkeypatch):
    folder = a_club(tmp_path / "club")
    with pytest.MonkeyPatch.context() as m:
        m.setattr(pool, "_workers", lambda jobs: 1)
        alone = rebuilt(folder)
    parent = os.getpid()
    real = refresh._look

    def dies(folder, entry, *rest):
        if os.getpid() != parent and entry.file.startswith("1-"):
            os.kill(os.getpid(), signal.SIGKILL)  # as the kernel's out-of-memory killer
        return real(folder, entry, *rest)

    monkeypatch.setattr(refresh, "_look", dies)
    again = rebuilt(folder)
    assert again == alone


def test_ctrl_c_stops_the_processes_and_keeps_the_old_archive(tmp_path, pooled, monkeypatch):
    folder = a_club(tmp_path / "club")
    whistscore.club(folder).standings()
    before = tables(folder)
    for path in sorted(folder.glob("0-*.json")):
        path.write_bytes(path.read_bytes().replace(b'"format"', b' "format"', 1))
    real = index.Archive._write
    writes = []

    def interrupted(self, file, rows):
        writes.append(file)
        if len(writes) == 3:
            raise KeyboardInterrupt
        return real(self, file, rows)

    monkeypatch.setattr(index.Archive, "_write", interrupted)
    t = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        whistscore.club(folder).standings()
    assert time.monotonic() - t < 60
    import multiprocessing

    for _ in range(100):  # the processes finish the files they hold, then end
        if not multiprocessing.active_children():
            break
        time.sleep(0.05)
    assert multiprocessing.active_children() == []
    after = tables(folder)
    assert after == before  # rolled back: not a mix


def test_no_fork_beside_other_threads_or_for_a_few_files(monkeypatch):
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2, 3}, raising=False)
    assert pool._workers(pool.POOL_FILES - 1) == 1
    assert pool._workers(pool.POOL_FILES) == 4
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(64)), raising=False)
    assert pool._workers(10**6) == pool.POOL_MOST
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert pool._workers(10**6) == 1  # a forked copy would keep the other's locks
    finally:
        stop.set()
        other.join()
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0}, raising=False)
    assert pool._workers(10**6) == 1


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(x) for x in f.read().split()]
    except OSError:
        return []


def _big_club(tmp_path: Path, files: int) -> tuple[Path, list[str], dict[str, str]]:
    """A club of ``files`` sample files, big enough for a rebuild's processes, indexed
    once; the command that rebuilds it, and its environment."""
    import subprocess
    import sys

    folder = tmp_path / "club"
    folder.mkdir()
    samples = sorted(SAMPLES.glob("*.json"))
    for i in range(files):
        path = samples[i % len(samples)]
        (folder / f"{i:04d}-{path.name}").write_bytes(path.read_bytes())
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "whistscore", "club", str(folder), "--rebuild"]
    assert subprocess.run(cmd, env=env, capture_output=True).returncode == 0
    return folder, cmd, env


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc (Linux)")
def test_ctrl_c_in_a_real_rebuild_leaves_no_process_and_no_traceback(tmp_path):
    """``whistscore club --rebuild`` of a club big enough for the processes, interrupted
    once they run: one line, exit 1, none of them left, the archive rolled back."""
    import subprocess

    folder, cmd, env = _big_club(tmp_path, pool.POOL_FILES * 3)
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and proc.poll() is None:
        workers = _children(proc.pid)
        if len(workers) >= 2 or (len(os.sched_getaffinity(0)) < 2 and time.monotonic() >
                                 deadline - 29.5):
            break
        time.sleep(0.01)
    if proc.poll() is not None:
        pytest.fail("the rebuild ended before it could be interrupted")
    os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C goes to the terminal's whole group
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 1, (out, err)
    assert err == "whistscore club: interrupted; the club's archive is as it was before " \
                  "this command\n"
    for pid in workers:
        assert not Path(f"/proc/{pid}").exists() or \
            Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"
    conn = sqlite3.connect(folder / index.ARCHIVE)
    assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == pool.POOL_FILES * 3


def test_a_rebuild_killed_outright_leaves_no_process(tmp_path):
    """``kill -9`` of a rebuild once its processes run: they die with it (the review found
    them alive long after, each waiting on a pipe the others held open), and the archive
    is the one before."""
    import subprocess

    if len(os.sched_getaffinity(0)) < 2:
        pytest.skip("one core: a rebuild forks no process here")
    folder, cmd, env = _big_club(tmp_path, pool.POOL_FILES * 6)
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    workers: list[int] = []
    while time.monotonic() < deadline and proc.poll() is None and len(workers) < 2:
        workers = _children(proc.pid)
        time.sleep(0.005)
    if proc.poll() is not None:
        pytest.fail("the rebuild ended before it could be killed")
    proc.kill()
    proc.wait(timeout=30)
    end = time.monotonic() + 10
    alive = workers
    while alive and time.monotonic() < end:
        alive = [pid for pid in workers if Path(f"/proc/{pid}").exists()
                 and Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"]
        time.sleep(0.05)
    assert not alive, f"processes left after their rebuild was killed: {alive}"
    conn = sqlite3.connect(folder / index.ARCHIVE)
    assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == pool.POOL_FILES * 6


def _game(folder: Path, name: str, players: list[str], day: str) -> None:
    """A short finished Preferans evening of ``players`` on ``day``."""
    a, b, c = players
    g = whistscore.new("preferans", players, rules={"pulya": 10}, stake="0.10", currency="EUR")
    for n, deal in enumerate((f"{a} 6S {b}:w {c}:p 6/3/1", f"{b} 7H {c}:w {a}:p 6/3/1")):
        g = g.add(deal, at=f"{day}T20:0{n}:00+02:00")
    g.end(f"{day}T23:00:00+02:00").save(folder / name)


@pytest.mark.parametrize("day", ["2027-01-08", "2026-09-18"])
def test_an_evening_added_is_named_as_a_rebuild_names_it(tmp_path, day, monkeypatch):
    """Tonight's game (after every other) names only its own seats; one played earlier
    names them all again; either way the archive is the one a rebuild writes: a new
    spelling of a known player, a new player, and a game left out by club.json's
    players (two seats of one club player) all come out the same."""
    from club_support import build

    folder = tmp_path / "club"
    folder.mkdir()
    build(folder)
    whistscore.club(folder).standings()
    _game(folder, "late.json", ["ANNA", "Zoe", "BORIS"], day)
    _game(folder, "twice.json", ["Аня", "Anna", "Vera"], day)
    _game(folder, "fresh.json", ["Yuri", "Vera", "Gleb"], day)
    for name in ("late.json", "twice.json", "fresh.json"):
        os.utime(folder / name, ns=(1_700_000_000 * 10**9,) * 2)
    after_all = []
    real = index.Archive._after_all
    monkeypatch.setattr(index.Archive, "_after_all",
                        lambda self, files: after_all.append(real(self, files)) or after_all[-1])
    club = whistscore.club(folder)
    added = club.standings()
    club.close()
    assert after_all == [day > "2026-12"]  # the shortcut taken for tonight's evening only
    kept = tables(folder)
    assert any(p["file"] == "twice.json" for p in added["left_out"])
    assert rebuilt(folder) == kept
    again = whistscore.club(folder)
    assert again.standings() == added
    again.close()


def test_a_fresh_index_written_in_batches_is_the_archive_of_one_file_at_a_time(
        tmp_path, monkeypatch):
    """An archive that knows no file keeps many files' rows and writes each table's at
    once (refresh.py ``_Batch``, a batch of 7 files here: several batches and a last one
    cut short); the archive is the one written file by file, as an archive that already
    knows files writes them (the same tables, row for row, the broken file's error too)."""
    monkeypatch.setattr(refresh, "_BATCH", 7)
    flushed: list[int] = []
    flush = refresh._Batch.flush

    def counted(self, conn):
        flushed.append(len(self.tables["games"]))
        return flush(self, conn)

    monkeypatch.setattr(refresh._Batch, "flush", counted)
    batched = rebuilt(a_club(tmp_path / "batched"))
    assert len(batched["games"]) > 3 * 7 and batched["files"]
    assert len(flushed) > 3 and max(flushed) == 7 and sum(flushed) == len(batched["games"])
    one_by_one = a_club(tmp_path / "one")
    waiting = tmp_path / "waiting"
    waiting.mkdir()
    names = sorted(p.name for p in one_by_one.glob("*.json") if p.name != "club.json")
    for name in names[1:]:
        os.replace(one_by_one / name, waiting / name)
    whistscore.club(one_by_one).standings()  # one file: the archive then knows a file
    flushed.clear()
    for name in names[1:]:
        os.replace(waiting / name, one_by_one / name)
    club = whistscore.club(one_by_one)
    club.standings()
    assert club.archive._batch is None
    club.close()
    assert flushed == []  # an archive that knows files writes each file's rows at once
    assert tables(one_by_one) == batched
