"""The command line around its commands (issue 38): --version, demo, the language from the
locale, serve without its extra, and progress on a terminal (whistscore/console.py)."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from clirun import run

import whistscore
from whistscore.cli.sites import SERVE_NEEDS
from whistscore.club import index
from whistscore.console import Progress, env_lang, sample_files

ROOT = Path(__file__).resolve().parent.parent


# -- the language from the locale --------------------------------------------------------

@pytest.mark.parametrize("environ, lang", [
    ({"LANG": "ru_RU.UTF-8"}, "ru"),
    ({"LANG": "ru"}, "ru"),
    ({"LC_ALL": "ru_UA.KOI8-U"}, "ru"),
    ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "C"}, "en"),
    ({}, "en"),
    ({"LC_ALL": "C.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"),      # LC_ALL first, as POSIX says
    ({"LC_MESSAGES": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, "ru"),
    ({"LC_ALL": "", "LANG": "ru_RU.UTF-8"}, "ru"),             # an empty variable is unset
    ({"LANG": "rus_XX"}, "en"),
    ({"LANG": "da_DK.UTF-8"}, "da"),                            # Danish: its catalogues found
    ({"LC_MESSAGES": "da_DK.UTF-8", "LANG": "ru_RU.UTF-8"}, "da"),
])
def test_env_lang(environ: dict[str, str], lang: str) -> None:
    assert env_lang(environ) == lang


@pytest.fixture
def russian(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")


def test_a_russian_locale_speaks_russian(russian: None) -> None:
    sample = str(ROOT / "samples" / "preferans-sochi.json")
    status, out, err = run(["settle", sample])
    assert status == 0 and "Игрок" in out and "Player" not in out
    status, out, err = run(["settle", sample, "--lang", "en"])  # --lang wins
    assert status == 0 and "Player" in out and "Игрок" not in out


def test_a_russian_locale_for_the_club_too(russian: None, tmp_path: Path) -> None:
    shutil.copytree(ROOT / "samples" / "club", tmp_path / "club")
    status, out, err = run(["club", tmp_path / "club"])
    assert status == 0, err
    english = run(["club", tmp_path / "club", "--lang", "en"])[1]
    assert out != english and any("а" <= ch <= "я" for ch in out)


def test_a_danish_locale_speaks_danish(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "da_DK.UTF-8")
    status, out, err = run(["settle", ROOT / "samples" / "danish-evening-4.json"])
    assert status == 0 and "Spiller" in out and "Hvem betaler hvem" in out and "Player" not in out
    assert "Lars betaler Søren 21.00 DKK" in out


def test_an_english_locale_is_english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    status, out, err = run(["settle", ROOT / "samples" / "preferans-sochi.json"])
    assert status == 0 and "Player" in out


# -- --version -----------------------------------------------------------------------------

def test_version() -> None:
    status, out, err = run(["--version"])
    assert (status, out) == (0, f"whistscore {whistscore.__version__}\n")


# -- demo ----------------------------------------------------------------------------------

def test_demo_writes_the_shipped_samples(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = run(["demo"])
    assert (status, err) == (0, "")
    shipped = {p.relative_to(ROOT / "samples").as_posix(): p.read_bytes()
               for p in (ROOT / "samples").rglob("*.json")}
    written = {p.relative_to(tmp_path / "samples").as_posix(): p.read_bytes()
               for p in (tmp_path / "samples").rglob("*") if p.is_file()}
    assert written == shipped == sample_files() and "club/club.json" in written
    assert "whistscore show samples/preferans-sochi.json" in out
    assert run(["show", "samples/preferans-sochi.json"])[0] == 0
    assert run(["club", "samples/club", "--season", "Autumn 2026"])[0] == 0
    # again: the same files are left as they are
    assert run(["demo"])[:2] == (0, out)


def test_demo_never_replaces_a_different_file(tmp_path: Path) -> None:
    (tmp_path / "preferans-sochi.json").write_text("my own game")
    status, out, err = run(["demo", tmp_path])
    assert status == 1 and "nothing was written" in err and "preferans-sochi.json" in err
    assert [p.name for p in tmp_path.iterdir()] == ["preferans-sochi.json"]
    assert (tmp_path / "preferans-sochi.json").read_text() == "my own game"


def test_demo_into_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("x")
    status, out, err = run(["demo", tmp_path / "f"])
    assert status == 1 and "not a folder" in err


# -- serve without its extra ----------------------------------------------------------------

def test_serve_without_its_extra_says_the_install_line(monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "uvicorn" else real(name, *a))
    status, out, err = run(["serve", tmp_path])
    assert status == 1 and out == ""
    assert err == ("whistscore serve: the scorepad needs the serve extra (uvicorn not "
                   "installed); install it with: pip install 'whistscore[serve]'\n")
    assert "internal error" not in err
    assert set(SERVE_NEEDS) == {"starlette", "uvicorn", "h11", "jinja2", "segno"}


def test_serve_where_files_cannot_be_opened_within_a_folder(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    """Windows has no ``dir_fd``: the scorepad's store cannot read a game safely there."""
    import os

    monkeypatch.setattr(os, "supports_dir_fd", set())
    status, out, err = run(["serve", tmp_path])
    assert status == 1 and "Linux, macOS" in err and "container" in err
    assert "internal error" not in err


# -- progress on a terminal -------------------------------------------------------------------

class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_counts_on_a_terminal_and_wipes_its_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TERM", raising=False)
    screen = _Terminal()
    with Progress("replaying", stream=screen, delay=60, counted=True) as progress:
        progress.show()
        assert screen.getvalue() == ""  # nothing counted yet: nothing shown
        progress.count(3, 10)
        progress.show()
        assert screen.getvalue().endswith("\r\x1b[Kreplaying 3/10")
        progress.count(10, 10)  # the last one wipes the line
    assert screen.getvalue().endswith("\r\x1b[K")
    assert not progress.shown


def test_a_line_printed_during_progress_comes_above_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TERM", raising=False)
    screen = _Terminal()
    with Progress("building", stream=screen, delay=60) as progress:
        progress.show()
        progress.above(lambda: screen.write("Pyodide…\n"))
        progress.show()
    assert screen.getvalue().startswith("\r\x1b[Kbuilding… 0 s\r\x1b[KPyodide…\n"
                                        "\r\x1b[Kbuilding… 0 s")


def test_progress_ticks_by_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TERM", raising=False)
    screen = _Terminal()
    times = iter([0.0, 0.0] + [3.2] * 100)
    with Progress("writing x.xlsx", stream=screen, delay=0, clock=lambda: next(times)):
        for _ in range(200):
            if "writing x.xlsx… 3 s" in screen.getvalue():
                break
            import time
            time.sleep(0.01)
    assert "\r\x1b[Kwriting x.xlsx… 3 s" in screen.getvalue()
    assert screen.getvalue().endswith("\r\x1b[K")


def test_progress_in_russian(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TERM", raising=False)
    screen = _Terminal()
    times = iter([0.0, 0.0] + [2.5] * 10)
    with Progress("запись файла x.xlsx", stream=screen, delay=60, lang="ru",
                  clock=lambda: next(times)) as progress:
        progress.show()
    assert "\r\x1b[Kзапись файла x.xlsx… 2 с" in screen.getvalue()


def test_serve_refusals_in_the_readers_language(russian: None, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    monkeypatch.setattr(os, "supports_dir_fd", set())
    status, out, err = run(["serve", tmp_path])
    assert status == 1 and "контейнере" in err


@pytest.mark.parametrize("stream, term", [(io.StringIO(), "xterm"), (_Terminal(), "dumb")])
def test_progress_is_quiet_when_not_a_terminal(stream: io.StringIO, term: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", term)
    with Progress("writing", stream=stream, delay=0) as progress:
        progress.count(1, 2)
        progress.show()
    assert stream.getvalue() == "" and not progress.on


def test_the_club_rebuild_tells_its_progress(tmp_path: Path) -> None:
    from whistscore.club.api import Club

    shutil.copytree(ROOT / "samples" / "club", tmp_path / "club")
    told: list[tuple[int, int]] = []
    token = index.PROGRESS.set(lambda done, total: told.append((done, total)))
    try:
        club = Club(tmp_path / "club", rebuild=True)
        try:
            club.standings()
        finally:
            club.close()
    finally:
        index.PROGRESS.reset(token)
    games = len(list((tmp_path / "club").glob("2026-*.json")))
    assert told == [(n, games) for n in range(1, games + 1)]


def test_the_club_command_shows_its_rebuild_on_a_terminal(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI wires the club's hook to a counted line on stderr when it is a terminal."""
    monkeypatch.delenv("TERM", raising=False)
    shutil.copytree(ROOT / "samples" / "club", tmp_path / "club")
    shown: list[str] = []
    real_show = Progress.show

    def show(self: Progress) -> None:
        shown.append(self.line())
        real_show(self)

    monkeypatch.setattr(Progress, "show", show)
    monkeypatch.setattr("whistscore.console._is_terminal", lambda stream: True)
    counted: list[tuple[int, int]] = []
    real_count = Progress.count
    monkeypatch.setattr(Progress, "count",
                        lambda self, d, t: (counted.append((d, t)), real_count(self, d, t)))
    status, out, err = run(["club", tmp_path / "club", "--rebuild"])
    assert status == 0
    games = len(list((tmp_path / "club").glob("2026-*.json")))
    assert counted[-1] == (games, games)


def test_demo_on_a_full_disk_leaves_no_half_sample(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk in the middle of a sample left it half written (0 bytes); the next
    run then refused the folder, taking the half sample for somebody's own file."""
    import errno
    import os

    real = os.write
    calls = []

    def write(fd: int, data: object) -> int:
        calls.append(fd)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd, data)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "write", write)
    status, out, err = run(["demo", tmp_path / "s"])
    assert status == 1 and "No space left on device" in err and ".json" in err, err
    monkeypatch.undo()
    samples = sample_files()
    for name, data in samples.items():
        target = tmp_path / "s" / name
        assert not target.exists() or target.read_bytes() == data, name
    status, out, err = run(["demo", tmp_path / "s"])  # the disk has room again: completed
    assert status == 0, err
    assert all((tmp_path / "s" / n).read_bytes() == d for n, d in samples.items())
