"""An error is not damage (club.md "Keeping the archive true", issue 32 #1).

Only a file that is positively not the archive (not SQLite, another program's,
a page SQLite finds malformed) is set aside, renamed beside it and never
deleted.  A full disk, a read-only folder or a lock held past the busy timeout
change nothing on disk: the club is read from memory, and says why in one
sentence.  The full disk and the read-only folder are real: a small tmpfs
mounted by the test (it runs as root, as in CI; it fails, never skips, if it
cannot mount).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path
from typing import Iterator

import pytest

import whistscore

from clirun import run

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
NAMES = ("preferans-sochi.json", "preferans-classic.json", "whist-english-session.json")


def small_club(folder: Path) -> Path:
    for name in NAMES:
        (folder / name).write_bytes((SAMPLES / name).read_bytes())
    return folder


@contextlib.contextmanager
def tmpfs(where: Path, size: str = "2m") -> Iterator[Path]:
    """A small tmpfs at ``where``: a disk that fills up, and that can be made read-only.
    A test that cannot mount it fails (it needs root, as CI gives it)."""
    where.mkdir(exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                          capture_output=True, text=True)
    assert done.returncode == 0, f"cannot mount a tmpfs (run as root): {done.stderr}"
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(disk: Path) -> None:
    """Fill ``disk`` to its last byte."""
    fd = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        for size in (65536, 4096, 1):
            with contextlib.suppress(OSError):
                while True:
                    os.write(fd, b"\0" * size)
    finally:
        os.close(fd)
    assert shutil.disk_usage(disk).free == 0


def read_only(disk: Path) -> None:
    subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def checkpointed(folder: Path) -> None:
    """Everything the archive holds moved into club.sqlite itself (its bytes then say it)."""
    conn = sqlite3.connect(folder / "club.sqlite")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def standings_ok(out: str) -> None:
    assert "Marina" in out or "Alexei" in out, out


def test_a_full_disk_leaves_the_archive_and_names_the_cause(tmp_path):
    with tmpfs(tmp_path / "disk") as disk:
        small_club(disk)
        assert run(["club", disk])[0] == 0
        checkpointed(disk)
        for side in ("club.sqlite-wal", "club.sqlite-shm"):
            (disk / side).unlink(missing_ok=True)
        kept = digest(disk / "club.sqlite")
        fill(disk)
        # a plain read of an archive up to date
        status, out, err = run(["club", disk])
        assert status == 0, err
        standings_ok(out)
        assert "the disk is full" in err and "Traceback" not in err and err.count("\n") == 1
        assert digest(disk / "club.sqlite") == kept
        # a read that must index a changed file
        game = disk / NAMES[0]
        os.utime(game, ns=(game.stat().st_atime_ns, game.stat().st_mtime_ns + 10**9))
        status, out, err = run(["club", disk, "--json"])
        assert status == 0, err
        assert "the disk is full" in err and "cannot rollback" not in err
        assert json.loads(out)["notices"]
        assert digest(disk / "club.sqlite") == kept
        assert not [p for p in os.listdir(disk) if "set-aside" in p]


def test_a_full_disk_in_the_middle_of_indexing_changes_nothing(tmp_path):
    with tmpfs(tmp_path / "disk", "3m") as disk:
        small_club(disk)
        assert run(["club", disk])[0] == 0
        checkpointed(disk)
        kept = digest(disk / "club.sqlite")
        # many new games: the archive grows past what is left on the disk
        for i in range(40):
            (disk / f"{i:02d}-twist.json").write_bytes(
                (SAMPLES / "twist-dazin-and-pass.json").read_bytes())
        fill(disk)
        status, out, err = run(["club", disk])
        assert status == 0, err
        assert "the disk is full" in err and "cannot rollback" not in err
        assert "Twist" in out  # read from memory, every file counted
        (disk / "filler").unlink()
        checkpointed(disk)
        assert digest(disk / "club.sqlite") == kept


def test_a_read_only_club_folder_shows_the_standings_from_its_archive(tmp_path):
    with tmpfs(tmp_path / "disk") as disk:
        small_club(disk)
        assert run(["club", disk])[0] == 0
        expected = json.loads(run(["club", disk, "--json"])[1])
        read_only(disk)
        status, out, err = run(["club", disk, "--json"])
        assert status == 0, err
        got = json.loads(out)
        assert got["games"] == expected["games"]
        assert "could not be kept up to date" in err and "read-only" in err
        assert got["notices"] and "could not be kept" in got["notices"][0]
        status, out, err = run(["club", disk])
        assert status == 0 and "Permission denied" not in err
        standings_ok(out)
        status, out, err = run(["club", disk, "--lang", "ru"])
        assert status == 0 and "club.sqlite не удалось обновить: " in err, err
        assert "только для чтения" in err or "его там не открыть" in err, err


def test_a_read_only_club_folder_without_an_archive_is_read_from_memory(tmp_path):
    with tmpfs(tmp_path / "disk") as disk:
        small_club(disk)
        read_only(disk)
        status, out, err = run(["club", disk])
        assert status == 0, err
        standings_ok(out)
        assert "could not be kept up to date" in err
        assert not (disk / "club.sqlite").exists()


def test_a_read_only_folder_with_a_foreign_file_leaves_it(tmp_path):
    with tmpfs(tmp_path / "disk") as disk:
        small_club(disk)
        (disk / "club.sqlite").write_bytes(b"my notes, not a database" * 50)
        read_only(disk)
        status, out, err = run(["club", disk])
        assert status == 0, err
        standings_ok(out)
        assert (disk / "club.sqlite").read_bytes() == b"my notes, not a database" * 50


def test_a_lock_held_past_the_busy_timeout_changes_nothing(tmp_path, monkeypatch):
    from whistscore.club.archive import schema

    small_club(tmp_path)
    with whistscore.club(tmp_path) as club:
        club.standings()
        # a kept result the archive alone holds (an older file without "result")
        club.archive.conn.execute(
            "INSERT INTO recomputed VALUES (?, ?, ?, ?, ?)",
            (NAMES[0], '{"balance": {"x": "1"}}', '{"balance": {"x": "2"}}', "0.1", "0.2"))
    monkeypatch.setattr(schema, "BUSY_TIMEOUT", 200)
    holder = sqlite3.connect(tmp_path / "club.sqlite", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process indexing, for longer than we wait
    try:
        (tmp_path / NAMES[0]).touch()
        game = tmp_path / NAMES[0]
        os.utime(game, ns=(game.stat().st_atime_ns, game.stat().st_mtime_ns + 10**9))
        with whistscore.club(tmp_path) as club:
            data = club.standings()
        assert any("locked" in n for n in data["notices"]), data["notices"]
        assert data["recomputed"], "the kept result is still shown"
        standings_ok(json.dumps(data))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert (tmp_path / "club.sqlite").exists()
    assert not [p for p in os.listdir(tmp_path) if "set-aside" in p]
    conn = sqlite3.connect(tmp_path / "club.sqlite")
    assert conn.execute("SELECT count(*) FROM recomputed").fetchone()[0] == 1
    conn.close()
    with whistscore.club(tmp_path) as club:  # the lock gone: kept again, quietly
        data = club.standings()
    assert data["notices"] == [] and data["recomputed"]


@pytest.mark.parametrize("what", ["garbage", "foreign", "damaged"])
def test_a_file_that_is_not_the_archive_is_set_aside_never_deleted(tmp_path, what):
    small_club(tmp_path)
    assert run(["club", tmp_path])[0] == 0
    checkpointed(tmp_path)
    path = tmp_path / "club.sqlite"
    if what == "garbage":
        path.write_bytes(b"this is not a database at all" * 100)
    elif what == "foreign":
        path.unlink()
        conn = sqlite3.connect(path)
        conn.execute("CREATE TABLE recipes (name TEXT)")
        conn.commit()
        conn.close()
    else:
        data = bytearray(path.read_bytes())
        page = int.from_bytes(data[16:18], "big")  # the archive's page size (1: 64 KiB)
        page = 65536 if page == 1 else page
        for i in range(page, len(data), page):
            data[i:i + 400] = b"\x07" * 400  # its header and first cells
        path.write_bytes(bytes(data))
    before = path.read_bytes()
    status, out, err = run(["club", tmp_path, "--records"])
    assert status == 0 and "Traceback" not in err, err
    assert "rebuilt" in err and "set aside as club.sqlite.set-aside-" in err
    aside = [p for p in os.listdir(tmp_path) if p.startswith("club.sqlite.set-aside-")
             and not p.endswith(("-wal", "-shm", "-journal"))]
    assert len(aside) == 1
    kept = (tmp_path / aside[0]).read_bytes()
    if what == "damaged":  # SQLite may have checkpointed into it before the damage showed
        assert kept[:16] == b"SQLite format 3\0" and len(kept) >= len(before) // 2
    else:
        assert kept == before
    assert run(["club", tmp_path])[2] == ""  # set aside once; quiet after


def test_an_error_of_the_moment_is_not_damage():
    from whistscore.club.archive import cause, damaged

    def error(code: int, cls: type = sqlite3.OperationalError) -> sqlite3.Error:
        exc = cls("x")
        exc.sqlite_errorcode = code
        return exc

    assert damaged(error(26, sqlite3.DatabaseError)) and damaged(error(11, sqlite3.DatabaseError))
    for code in (5, 6, 8, 10, 13, 14, 3, 1):
        assert not damaged(error(code))
    assert cause(error(13)) == "the disk is full"
    assert "locked" in cause(error(5))
    assert "read-only" in cause(error(8))


def test_ctrl_c_while_setting_aside_moves_the_file_with_its_side_files(tmp_path, monkeypatch):
    """A Ctrl-C between renaming a foreign file and renaming its ``-wal`` left the log
    beside the new archive (which SQLite would then replay into it, consuming it) and
    the set-aside file without it: the interrupt waits until every part has moved."""
    import signal

    small_club(tmp_path)
    path = tmp_path / "club.sqlite"
    path.write_bytes(b"this is not a database at all" * 100)
    (tmp_path / "club.sqlite-wal").write_bytes(b"somebody's log" * 100)
    renamed = []
    real = os.rename

    def rename(src, dst, *a, **kw):
        real(src, dst, *a, **kw)
        renamed.append(dst)
        if len(renamed) == 1:
            os.kill(os.getpid(), signal.SIGINT)  # lands the moment the first rename returns

    monkeypatch.setattr(os, "rename", rename)
    with pytest.raises(KeyboardInterrupt):
        with whistscore.club(tmp_path) as club:
            club.standings()
    left = sorted(p for p in os.listdir(tmp_path) if p.startswith("club.sqlite"))
    assert "club.sqlite-wal" not in left, left
    aside = sorted(p for p in left if p.startswith("club.sqlite.set-aside-"))
    assert aside[0] + "-wal" in aside, left  # (SQLite may have made a -shm for it too)


@pytest.mark.parametrize(("column", "ask"), [
    ("deal_rows.rows", ["--records"]), ("deal_rows.rows", ["--player", "Marina"]),
    ("deal_rows.deals", ["--records"]), ("deal_rows.deals", ["--player", "Marina", "--json"]),
    ("answers.value", ["--json"]), ("answers.value", ["--records"])])
def test_a_kept_text_scribbled_over_is_damage_not_an_internal_error(tmp_path, column, ask):
    """SQLite checks its pages, not what a column holds: a page scribbled inside a game's
    deals (or a kept answer) reads as text that is not JSON.  That archive is damaged: set
    aside and rebuilt from the files, with the notice, and the answer is the one a sound
    archive gives (it was an internal error)."""
    folder = tmp_path / "club"
    folder.mkdir()
    small_club(folder)
    status, want, _ = run(["club", folder, *ask])
    assert status == 0
    table, name = column.split(".")
    conn = sqlite3.connect(folder / "club.sqlite")
    conn.execute(f"UPDATE {table} SET {name} = substr({name}, 1, length({name}) / 2) "
                 f"|| char(0, 7) || 'scribbled'")
    assert conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0] > 0
    if table != "answers":  # the deals read again, not the answer kept from them
        conn.execute("DELETE FROM answers")
    conn.commit()
    conn.close()
    status, out, err = run(["club", folder, *ask])
    assert status == 0, err
    assert "internal error" not in err
    assert "was rebuilt from the game files: it is damaged" in err + out
    assert "a kept text is not JSON" in err + out
    assert [p.name for p in folder.glob("club.sqlite.set-aside-*")]
    status, again, err = run(["club", folder, *ask])
    assert (status, err) == (0, "") and again == want
