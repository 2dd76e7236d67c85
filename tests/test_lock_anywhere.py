"""The folder lock on a system without ``fcntl`` (Windows), tested here by hiding it.

``whistscore.files.locked`` locks the game file's folder with ``fcntl`` where it exists
(Linux, macOS: tests/test_files.py races real processes on it).  Where it is missing it
holds a lock file in the folder through ``filelock`` instead; before issue 38 it took no
lock at all there, so two writers could lose a deal.  These tests hide ``fcntl`` from
whistscore (``sys.modules["fcntl"] = None`` makes ``import fcntl`` fail as on Windows)
and check that the lock is really held: a second writer waits, is told so, and records
after the first.  The workflow runs the smoke subset, this file included, on Windows
itself (.github/workflows/tests.yml).
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import filelock  # noqa: F401  (imported before fcntl is hidden, as on Windows it has msvcrt)
import pytest

import whistscore
from whistscore import files
from whistscore.errors import InputError


@pytest.fixture
def no_fcntl(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "fcntl", None)
    with pytest.raises(ImportError):
        import fcntl  # noqa: F401


def test_a_second_writer_waits_for_the_first(no_fcntl: None, tmp_path: Path) -> None:
    game = tmp_path / "evening.json"
    inside = threading.Event()
    release = threading.Event()
    order: list[str] = []
    waited: list[bool] = []

    def first() -> None:
        with files.locked(game):
            order.append("first in")
            inside.set()
            release.wait(10)
            order.append("first out")

    def second() -> None:
        with files.locked(game, on_wait=lambda: (waited.append(True), release.set())):
            order.append("second in")

    a = threading.Thread(target=first)
    a.start()
    assert inside.wait(10)
    b = threading.Thread(target=second)
    b.start()
    a.join(10)
    b.join(10)
    assert waited == [True]  # the second was told it waits (the CLI says so on stderr)
    assert order == ["first in", "first out", "second in"]
    assert (tmp_path / files.LOCK_FILE).is_file()  # the lock file is the folder's


def test_deals_recorded_under_the_lock_file(no_fcntl: None, tmp_path: Path) -> None:
    path = tmp_path / "evening.json"
    whistscore.new("preferans", ["Anna", "Boris", "Vera"], stake="0.10").save(path)
    threads = [threading.Thread(target=whistscore.record, args=(path, "pass 4/2/4"))
               for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert len(files.load(path).deals) == 6  # none lost


def test_without_filelock_a_clear_refusal(no_fcntl: None, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "filelock", None)
    with pytest.raises(InputError, match="pip install filelock"):
        with files.locked(tmp_path / "evening.json"):
            pass


def test_a_missing_folder_is_said(no_fcntl: None, tmp_path: Path) -> None:
    with pytest.raises(InputError, match="folder of the file does not exist"):
        with files.locked(tmp_path / "nowhere" / "evening.json"):
            pass
