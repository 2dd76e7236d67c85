"""A big rebuild shares the files among processes (club/index.py ``_looked``): the archive
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
import whistscore.club.index as index

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


def tables(folder: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every table of the archive but the kept answers, its rows sorted, without the
    times of the refresh."""
    conn = sqlite3.connect(folder / index.ARCHIVE)
    out = {}
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
        if name == "answers":
            continue
        rows = conn.execute(f"SELECT * FROM {name}").fetchall()
        if name == "meta":
            rows = [r for r in rows if r[0] != "updated"]
        out[name] = sorted(rows, key=repr)
    conn.close()
    return out


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
    real = index._look

    def look(folder, entry, *rest):  # inherited by the forked processes
        (pids / f"{os.getpid()}-{entry.file}").write_text("")
        return real(folder, entry, *rest)

    monkeypatch.setattr(index, "POOL_FILES", 2)
    monkeypatch.setattr(index, "_look", look)
    monkeypatch.setattr(index, "_workers", lambda jobs: 2 if jobs >= 2 else 1)
    return pids


def test_a_pool_writes_the_archive_one_process_writes(tmp_path, pooled):
    one = a_club(tmp_path / "one")
    two = a_club(tmp_path / "two")
    with pytest.MonkeyPatch.context() as m:
        m.setattr(index, "_workers", lambda jobs: 1)
        alone = rebuilt(one)
    assert {name.split("-", 1)[0] for name in os.listdir(pooled)} == {str(os.getpid())}
    for path in pooled.iterdir():
        path.unlink()
    shared = rebuilt(two)
    replayed_by = {name.split("-", 1)[0] for name in os.listdir(pooled)}
    assert len(replayed_by) == 2 and str(os.getpid()) not in replayed_by
    assert len(os.listdir(pooled)) == len(list(two.glob("*-*.json"))) + 1  # + broken.json
    assert shared == alone
    assert shared["games"] and shared["deals"] and shared["ratings"]


def test_a_killed_process_loses_no_file(tmp_path, pooled, monkeypatch):
    folder = a_club(tmp_path / "club")
    with pytest.MonkeyPatch.context() as m:
        m.setattr(index, "_workers", lambda jobs: 1)
        alone = rebuilt(folder)
    parent = os.getpid()
    real = index._look

    def dies(folder, entry, *rest):
        if os.getpid() != parent and entry.file.startswith("1-"):
            os.kill(os.getpid(), signal.SIGKILL)  # as the kernel's out-of-memory killer
        return real(folder, entry, *rest)

    monkeypatch.setattr(index, "_look", dies)
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
    assert index._workers(index.POOL_FILES - 1) == 1
    assert index._workers(index.POOL_FILES) == 4
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(64)), raising=False)
    assert index._workers(10**6) == index.POOL_MOST
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert index._workers(10**6) == 1  # a forked copy would keep the other's locks
    finally:
        stop.set()
        other.join()
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0}, raising=False)
    assert index._workers(10**6) == 1
