"""The writing commands (issue 12): exit 0 if and only if saved, whatever fails after the save.

The failure-injection matrix runs every writing command under every fault:
faults after the save (printing raising, a closed pipe, a terminal that cannot
encode the names, money rounding failing, Ctrl-C while printing) must give exit
0 with the change saved exactly once; faults before the save (fsync or rename
failing, a full disk) must give exit 1 with the file byte-identical.  Then each
example of the issue, in order, as a test; the odd files among them (#5 FIFOs,
devices and huge files, #6 symlinks and non-regular targets, #11 read-only files,
#15 stale temporary files and the lock's waiting message) are in test_files.py.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import signal
import subprocess
import sys
import textwrap
import time
from decimal import Decimal
from pathlib import Path

import pytest

import whistscore
from whistscore import files, journal, settlement
from whistscore.cli.commands import COMMANDS
from whistscore.errors import InputError

from clirun import run  # one way to drive the CLI
from files_support import PLAYERS, subrun, tally_dict, whistscore_argv, write_game

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def preferans_file(path: Path) -> str:
    text = journal.dumps(journal.new_game("preferans", PLAYERS, stake="0.10"))
    path.write_text(text, encoding="utf-8")
    return text


def state(path: Path) -> bytes | None:
    return path.read_bytes() if path.exists() else None


# -- the writing commands -------------------------------------------------------------------
#
# Each returns (argv, the file it changes); it prepares the folder so that the
# command succeeds when nothing fails.

def setup_new(folder: Path):
    target = folder / "game.json"
    write_game(target, 2)  # new --force replaces an older game
    return ["new", "preferans", target, "--players", *PLAYERS, "--stake", "0.10", "--force"], target


def setup_add(folder: Path):
    target = folder / "game.json"
    preferans_file(target)
    # --explain: the entries and the money are printed too, so their faults bite
    return ["add", target, "Анна 6S Борис:w Вера:p 6/4/0", "--no-time", "--explain"], target


def setup_undo(folder: Path):
    target = folder / "game.json"
    write_game(target, 3)
    return ["undo", target], target


def setup_import(folder: Path):
    game = folder / "source.json"
    write_game(game, 4)
    book = folder / "book.xlsx"
    assert run(["export", game, book])[0] == 0
    target = folder / "game.json"
    write_game(target, 1)
    return ["import", book, target, "--force"], target


def setup_export(folder: Path):
    game = folder / "game.json"
    write_game(game, 4)
    target = folder / "book.xlsx"
    other = folder / "older.json"
    write_game(other, 1)
    assert run(["export", other, target])[0] == 0  # export replaces an older workbook
    return ["export", game, target], target


def setup_edit(folder: Path):
    target = folder / "game.json"
    write_game(target, 3)
    return ["edit", target, "2", "Вера 3", "--no-time", "--explain"], target


def setup_set(folder: Path):
    target = folder / "game.json"
    write_game(target, 3)
    return ["set", target, "--stake", "0.25", "--title", "Пятница"], target


def setup_accept(folder: Path):
    """A finished game whose file records what an older engine settled (journal.md
    ``result``): ``accept`` writes this whistscore's result."""
    from whistscore.scored import ScoredGame

    target = folder / "game.json"
    game = ScoredGame.of(journal.new_game("preferans", PLAYERS, stake="0.10"))
    for _ in range(6):
        game = game.add("Анна 10S Борис:p Вера:p")
    data = journal.to_json(game.game)
    data["result"] = {"balance": {"Анна": "300", "Борис": "-150", "Вера": "-150"},
                      "money": {"Анна": "30.00", "Борис": "-15.00", "Вера": "-15.00"},
                      "by": "whistscore 0.0.9"}
    target.write_text(journal.dumps(journal.from_json(data)), encoding="utf-8")
    return ["accept", target], target


WRITERS = {"new": setup_new, "add": setup_add, "undo": setup_undo, "import": setup_import,
           "export": setup_export, "edit": setup_edit, "set": setup_set,
           "accept": setup_accept}


# -- the faults -------------------------------------------------------------------------------

class FailingStream(io.TextIOBase):
    """A stdout whose every write raises ``exc``."""

    def __init__(self, exc: BaseException) -> None:
        self.exc = exc

    def write(self, text):  # noqa: D401
        raise self.exc

    def flush(self):
        raise self.exc


@contextlib.contextmanager
def fault(name: str, monkeypatch):
    """Install one fault; yields the stdout to use (None: a StringIO)."""
    if name == "none":
        yield None
    elif name == "print raises OSError":
        yield FailingStream(OSError(5, "Input/output error"))
    elif name == "closed pipe":
        yield FailingStream(BrokenPipeError(32, "Broken pipe"))
    elif name == "ctrl-c while printing":
        yield FailingStream(KeyboardInterrupt())
    elif name == "ascii terminal":
        yield io.TextIOWrapper(io.BytesIO(), encoding="ascii")  # strict, as PYTHONIOENCODING
    elif name == "money rounding fails":
        def broken(*args, **kw):
            raise ArithmeticError("rounding failed")
        monkeypatch.setattr(settlement, "round_money", broken)
        yield None
    elif name == "rendering a table fails":
        import whistscore.text

        def broken(*args, **kw):
            raise RuntimeError("tabulate failed")
        for attr in ("render_entries", "render_settlement", "render_tables"):
            monkeypatch.setattr(whistscore.text, attr, broken)
        yield None
    elif name == "fsync fails (before the save)":
        def broken(fd):
            raise OSError(5, "Input/output error")
        monkeypatch.setattr(os, "fsync", broken)
        yield None
    elif name == "rename fails (before the save)":
        def broken(src, dst, **kw):
            raise OSError(28, "No space left on device")
        monkeypatch.setattr(os, "replace", broken)
        yield None
    elif name == "ctrl-c before the save":
        real_target = files.save_target

        def interrupted(*args, **kw):
            os.kill(os.getpid(), signal.SIGINT)  # a real SIGINT, as the terminal sends
            return real_target(*args, **kw)
        monkeypatch.setattr(files, "save_target", interrupted)
        yield None
    elif name == "ctrl-c during the rename":
        real_replace = os.replace

        def interrupted(*args, **kw):
            real_replace(*args, **kw)
            os.kill(os.getpid(), signal.SIGINT)  # lands the moment the rename returns
        monkeypatch.setattr(os, "replace", interrupted)
        yield None
    elif name == "ctrl-c just after the save":
        real_sync = files._fsync_folder

        def interrupted(folder):
            os.kill(os.getpid(), signal.SIGINT)
            real_sync(folder)
        monkeypatch.setattr(files, "_fsync_folder", interrupted)
        yield None
    else:  # pragma: no cover - a typo in FAULTS
        raise AssertionError(name)


AFTER_SAVE = ["print raises OSError", "closed pipe", "ctrl-c while printing", "ascii terminal",
              "money rounding fails", "rendering a table fails", "ctrl-c during the rename",
              "ctrl-c just after the save"]
BEFORE_SAVE = ["fsync fails (before the save)", "rename fails (before the save)",
               "ctrl-c before the save"]


def fires_before_save(command: str, fault_name: str) -> bool:
    """export settles the money to draw the workbook, and accept to write the result,
    before saving."""
    return fault_name in BEFORE_SAVE or (command, fault_name) in (
        ("export", "money rounding fails"), ("accept", "money rounding fails"))


def reference(command: str, tmp_path: Path) -> bytes:
    """The file as the command leaves it when nothing fails."""
    folder = tmp_path / "reference"
    folder.mkdir()
    argv, target = WRITERS[command](folder)
    status, out, err = run(argv)
    assert status == 0, err
    return target.read_bytes(), folder


def same_after(command: str, got: bytes, want: bytes) -> bool:
    if command == "new":  # a new game records the time it was made (journal.md "created")
        def undated(data: bytes) -> bytes:
            return re.sub(rb'"created": "[^"]*"', b'"created": ""', data)
        return undated(got) == undated(want)
    if command in ("export",):  # a workbook records the time it was made: compare the game
        from whistscore import excel

        def game_of(data: bytes) -> str:
            probe = Path(os.environ.get("TMPDIR", "/tmp")) / f"probe-{os.getpid()}.xlsx"
            probe.write_bytes(data)
            try:
                return excel.import_text(probe)
            finally:
                probe.unlink()
        return game_of(got) == game_of(want)
    return got == want


@pytest.mark.parametrize("fault_name", ["none"] + AFTER_SAVE + BEFORE_SAVE)
@pytest.mark.parametrize("command", sorted(WRITERS))
def test_exit_status_says_whether_the_change_was_saved(command, fault_name, tmp_path, monkeypatch):
    want, _ = reference(command, tmp_path)
    folder = tmp_path / "run"
    folder.mkdir()
    argv, target = WRITERS[command](folder)
    before = state(target)
    assert before != want
    with fault(fault_name, monkeypatch) as stdout:
        status, out, err = run(argv, stdout=stdout)
    monkeypatch.undo()
    after = state(target)
    why = f"{command} under {fault_name}: exit {status}, stderr {err!r}"
    assert "Traceback" not in err, why
    if fires_before_save(command, fault_name):
        assert status == 1, why
        assert after == before, why  # byte-identical
        assert len(err.strip().splitlines()) == 1, why
        if fault_name in BEFORE_SAVE and "fails" in fault_name:  # a disk error names its file
            assert str(target) in err, why
    else:
        assert status == 0 and "internal error" not in err, why
        assert same_after(command, after, want), why  # saved, exactly once
        if fault_name in ("closed pipe", "none", "ascii terminal"):
            assert err == "", why  # a closed pipe ends quietly
        else:
            assert err.count("\n") <= 1, why
            if err:
                assert "saved" in err and "not changed" not in err, why
    # the rule itself: exit 0 <=> changed as the command says; exit 1 <=> untouched
    assert (status == 0) == (after != before), why
    leftovers = sorted(p.name for p in folder.iterdir() if p.name.startswith("."))
    assert leftovers == [], why  # no lock file, no temporary file


def test_matrix_covers_every_writing_command():
    """Every command that writes a file is in the matrix."""
    writing = {"new", "add", "undo", "import", "export", "edit", "set", "accept"}
    assert writing & set(COMMANDS) <= set(WRITERS), sorted(COMMANDS)


# -- a link swapped in while the command waits for the lock (issue 21, class 2) -------------

def _swap_for_link(path: Path, to: Path) -> None:
    """Make ``path`` a symbolic link to ``to`` in one rename (as an attacker would)."""
    link = path.with_name(path.name + ".swap")
    os.symlink(to, link)
    os.replace(link, path)


@pytest.mark.parametrize("where", ["another folder", "the same folder"])
@pytest.mark.parametrize("command", sorted(WRITERS))
def test_a_link_swapped_in_while_waiting_is_never_written_through(command, where, tmp_path):
    """#2: ``add`` waited for folder A's lock while A's file became a link into folder B;
    on release it saved into B without B's lock (9 of 40 lost adds).  Now a link into
    another folder is refused (exit 1, both files byte-identical); a link within the
    locked folder is followed as ever (exit 0, saved once, into the link's target), but
    by ``export``, which never writes through a link (issue 32 #2)."""
    want, _ = reference(command, tmp_path)
    folder = tmp_path / "a"
    folder.mkdir()
    argv, target = WRITERS[command](folder)
    other = tmp_path / "b" if where == "another folder" else folder
    other.mkdir(exist_ok=True)
    aside = other / f"other{target.suffix}"
    aside.write_bytes(target.read_bytes())
    before = aside.read_bytes()
    with files.locked(target):
        child = subprocess.Popen(whistscore_argv(argv), stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, cwd=ROOT)
        line = child.stderr.readline().decode()
        assert "waiting for another whistscore command" in line, \
            line + child.stderr.read().decode()
        _swap_for_link(target, aside)
    out, err = child.communicate(timeout=60)
    err = line + err.decode()
    why = f"{command}, a link into {where}: exit {child.returncode}, stderr {err!r}"
    assert "Traceback" not in err and "internal error" not in err, why
    assert target.is_symlink() and os.readlink(target) == str(aside), why
    after = aside.read_bytes()
    if command == "export":  # issue 32 #2: an export never writes through a link at all
        assert child.returncode == 1 and after == before, why
        assert "symbolic link" in err, why
    elif where == "another folder":
        assert child.returncode == 1, why
        assert after == before, why  # byte-identical: nothing written through the link
        assert "another folder" in err and target.name in err and str(other) in err, why
    else:
        assert child.returncode == 0, why
        assert same_after(command, after, want), why  # saved exactly once, into the target
    assert (child.returncode == 0) == (after != before), why
    assert not [p for p in folder.iterdir() if p.name.startswith(".")], why


# -- Ctrl-C in a real process, at every moment (issue 21, class 6) --------------------------

def _command() -> Path:
    """The installed ``whistscore`` command of this interpreter's environment
    (``WHISTSCORE_COMMAND`` names another, e.g. an older version's, to compare)."""
    exe = Path(os.environ.get("WHISTSCORE_COMMAND")
               or Path(sys.executable).parent / "whistscore")
    assert exe.exists(), f"no {exe}: install the project (pip install -e '.[serve]' --group dev)"
    return exe


def _ours(err: str) -> bool:
    """A traceback through whistscore's own code (the interpreter's start-up, before the
    command's first line, is Python's; see docs/cli.md).  A Ctrl-C that comes while
    whistscore_start itself is being loaded is raised at its first statements (nothing
    loaded by them: the traceback's last frame is that module's own, ``in <module>``),
    before they can set the handler: that is the start-up's too."""
    if "Traceback" not in err:
        return False
    if f"{os.sep}whistscore{os.sep}" in err:
        return True
    return "whistscore_start.py" in err and not re.search(
        r'whistscore_start\.py", line \d+, in <module>\n[^\n]*\nKeyboardInterrupt\n?$', err)


def _interrupt_trials(tmp_path: Path, delays, when_changed: bool = False):
    """Run ``whistscore add`` once per delay, SIGINT after the delay (or, with
    ``when_changed``, the moment the file is seen changed); yield what each left."""
    path = tmp_path / "game.json"
    before = preferans_file(path).encode("utf-8")
    argv = [str(_command()), "add", str(path), "Анна 6S Борис:w Вера:p 6/4/0", "--no-time"]
    done = subprocess.run(argv, capture_output=True)
    assert done.returncode == 0, done.stderr
    want = path.read_bytes()
    for delay in delays:
        path.write_bytes(before)
        seen = os.stat(path)
        child = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if when_changed:
            deadline = time.monotonic() + 30  # a hang guard, not a speed check
            while time.monotonic() < deadline and child.poll() is None:
                now = os.stat(path)
                if (now.st_ino, now.st_size) != (seen.st_ino, seen.st_size):
                    break
        else:
            time.sleep(delay)
        with contextlib.suppress(ProcessLookupError):
            child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
        after = path.read_bytes()
        yield delay, child.returncode, after, before, want, err.decode("utf-8", "replace")
        assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"], "a stray file"


def _truthful(status: int, after: bytes, before: bytes, want: bytes, err: str) -> None:
    why = f"exit {status}, stderr {err!r}"
    assert after in (before, want), "a file neither old nor new: " + why
    assert not _ours(err), why
    assert (status == 0) == (after == want), why  # exit 0 <=> saved exactly once
    # Python's own start-up, before any line of ours runs: a traceback of its site set-up, or
    # (interrupted inside the interpreter's initialisation) a bare "KeyboardInterrupt"
    if "Traceback" in err or "Fatal Python error" in err or err.strip() == "KeyboardInterrupt":
        assert status != 0 and after == before, why
        return
    if status == 0 and err:
        assert "saved" in err and "as it was" not in err, why
    if status == 1:
        assert len(err.strip().splitlines()) == 1, why
        assert "as it was" in err or "nothing was changed" in err, why
    if status not in (0, 1):  # SIGINT before Python could catch it: nothing done, nothing said
        assert status == -signal.SIGINT and after == before and not _ours(err), why


def test_ctrl_c_at_any_moment_of_add_tells_what_is_on_disk(tmp_path):
    """#6: Ctrl-C at 48 moments from the start to past the end of ``add``."""
    started = time.monotonic()
    done = subprocess.run([str(_command()), "rules", "whist"], capture_output=True)
    assert done.returncode == 0, done.stderr
    span = (time.monotonic() - started) * 1.5 + 0.1
    outcomes = set()
    for delay, status, after, before, want, err in _interrupt_trials(
            tmp_path, [span * i / 48 for i in range(48)]):
        _truthful(status, after, before, want, err)
        outcomes.add((status, after == want))
    assert (1, False) in outcomes, outcomes  # the interrupts did land before the save


def test_ctrl_c_the_moment_the_file_is_saved_exits_0_and_says_saved(tmp_path):
    """#6: the docs promise exit 0 and a line saying it was saved; it exited 130, silent."""
    for delay, status, after, before, want, err in _interrupt_trials(
            tmp_path, range(16), when_changed=True):
        _truthful(status, after, before, want, err)
        assert status == 0 and after == want, (status, err)


#: ``python -c RUNNER_RUN TESTS ROOT ARGS``: the ``whistscore`` command's own ``run`` (as the
#: console script calls it) with the test game registered
RUNNER_RUN = textwrap.dedent("""
    import sys
    sys.path[:0] = [sys.argv.pop(1), sys.argv.pop(1)]
    import tallygame
    from whistscore.games import register
    register(tallygame.GAME)
    from whistscore.cli import run
    run()
""")


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_every_writer_interrupted_the_moment_it_saved_exits_0_saved_once(command, tmp_path):
    """#6 for every writing command: SIGINT the moment its file changes on disk (the
    unlock, the printing and the exit still to come): exit 0, saved exactly once, and
    a line saying so if anything is said; never a traceback, never "as it was"."""
    want, _ = reference(command, tmp_path)
    for trial in range(5):
        folder = tmp_path / f"run{trial}"
        folder.mkdir()
        argv, target = WRITERS[command](folder)
        seen = os.stat(target)
        child = subprocess.Popen([sys.executable, "-c", RUNNER_RUN, str(TESTS), str(ROOT),
                                  *map(str, argv)], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, cwd=ROOT)
        deadline = time.monotonic() + 60  # a hang guard, not a speed check
        while time.monotonic() < deadline and child.poll() is None:
            now = os.stat(target)
            if (now.st_ino, now.st_mtime_ns, now.st_size) != (seen.st_ino, seen.st_mtime_ns,
                                                              seen.st_size):
                break
        with contextlib.suppress(ProcessLookupError):
            child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
        err = err.decode("utf-8", "replace")
        why = f"{command}, trial {trial}: exit {child.returncode}, stderr {err!r}"
        assert child.returncode == 0 and "Traceback" not in err, why
        assert same_after(command, target.read_bytes(), want), why  # saved, exactly once
        if err:
            assert "saved" in err and "as it was" not in err, why
        assert not [p for p in folder.iterdir() if p.name.startswith(".")], why


def test_ctrl_c_while_waiting_for_the_lock_leaves_the_file_as_it_was(tmp_path):
    """#6: an interrupt while the command waits for another one's lock: exit 1, one line
    saying the file is as it was, and it is; the lock's holder then saves as ever."""
    argv, target = setup_add(tmp_path)
    before = target.read_bytes()
    with files.locked(target):
        child = subprocess.Popen([sys.executable, "-c", RUNNER_RUN, str(TESTS), str(ROOT),
                                  *map(str, argv)], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, cwd=ROOT)
        line = child.stderr.readline().decode()
        assert "waiting for another whistscore command" in line, line
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    err = err.decode()
    assert child.returncode == 1, err
    assert err.count("\n") == 1 and "interrupted" in err and "as it was" in err, err
    assert target.read_bytes() == before


# -- the real terminal and the real pipe (processes) -----------------------------------------

@pytest.mark.parametrize("command", ["new", "add", "undo"])
def test_ascii_terminal_saves_once_and_exits_0(command, tmp_path):
    """#3: PYTHONIOENCODING=ascii with Cyrillic names: saved, exit 0, '?' for the letters."""
    want, _ = reference(command, tmp_path)
    folder = tmp_path / "run"
    folder.mkdir()
    argv, target = WRITERS[command](folder)
    done = subrun(argv, env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0, done.stderr
    assert same_after(command, target.read_bytes(), want)
    assert b"Traceback" not in done.stderr
    if command != "undo" or "?" in done.stdout.decode("ascii"):
        assert b"?" in done.stdout  # the names, replaced


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_reader_closing_the_pipe_early_does_not_undo_the_exit_status(command, tmp_path):
    """#3: a reader that closes the pipe early: saved, exit 0, nothing on stderr."""
    want, _ = reference(command, tmp_path)
    folder = tmp_path / "run"
    folder.mkdir()
    argv, target = WRITERS[command](folder)
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before anything is written
    try:
        done = subrun(argv, stdout=write_end)
    finally:
        os.close(write_end)
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    assert same_after(command, target.read_bytes(), want)


def test_show_into_a_closed_pipe_has_no_traceback(tmp_path):
    path = tmp_path / "game.json"
    write_game(path, 40)
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subrun(["show", path, "--explain"], stdout=write_end)
    finally:
        os.close(write_end)
    assert b"Traceback" not in done.stderr and b"Exception ignored" not in done.stderr


# -- 1, 2: stakes at the door ----------------------------------------------------------------

@pytest.mark.parametrize("stake", ["1e400", "1e999999999", "-1", "-0.01", "NaN", "Infinity",
                                   "-Infinity", "sNaN", "0.0000001", "1000001", "1e7", "abc",
                                   "1" * 60, ""])
def test_new_refuses_an_insane_stake(stake, tmp_path):
    """#1: stakes are validated once, at the door: range 0..1,000,000, at most 6 places."""
    path = tmp_path / "game.json"
    status, out, err = run(["new", "preferans", path, "--players", "A", "B", "C",
                            f"--stake={stake}"])
    assert status == 1, err
    assert "field 'stake'" in err and "internal error" not in err
    assert not path.exists()


@pytest.mark.parametrize("stake", ["1e400", "1e999999999", "-1", "NaN", "0.1234567",
                                   "1E-999999999", "0E-999999999", "1E-1000000", "-1E-999999999",
                                   "0.1E+999999999"])
def test_a_file_with_an_insane_stake_is_refused(stake, tmp_path):
    path = tmp_path / "game.json"
    data = tally_dict(2, stake=stake)
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    for argv in (["add", path, "Анна 1"], ["show", path], ["settle", path],
                 ["export", path, tmp_path / "book.xlsx"]):
        status, out, err = run(argv)
        assert status == 1 and "field 'stake'" in err, (argv, err)
    assert path.read_bytes() == before
    assert not (tmp_path / "book.xlsx").exists()


#: stakes that normalizing would turn into something else, with the refusal each gets
EXPONENT_STAKES = {"1E-999999999": "decimal places", "0E-999999999": "decimal places",
                   "1.0E-7": "decimal places", "1E+999999999": "0..1000000",
                   "0E+999999999": "0..1000000", "-1E-999999999": "decimal places",
                   "9" * 41: "decimal number"}


@pytest.mark.parametrize("stake", sorted(EXPONENT_STAKES))
def test_a_stake_is_judged_by_its_exponent_not_its_normalized_form(stake, tmp_path):
    """Issue 21 #4: ``1E-999999999`` passed "at most 6 decimals" (normalizing it underflows
    to zero) and then settle, show, export and the page spun at 100 % CPU.  Refused
    everywhere a stake comes in: the library (text and Decimal), a file, the command line."""
    from whistscore.errors import RuleError
    from whistscore.rules import parse_stake

    for value in (stake, Decimal(stake)):
        with pytest.raises(RuleError, match=EXPONENT_STAKES[stake]):
            parse_stake(value)
    path = tmp_path / "game.json"
    write_game(path, 3)
    rp = whistscore.replay(whistscore.load(path))
    with pytest.raises(InputError, match="stake"):
        whistscore.settle(rp, stake)
    for argv in (["settle", path, f"--stake={stake}"], ["set", path, f"--stake={stake}"],
                 ["new", "preferans", tmp_path / "new.json", "--players", *PLAYERS,
                  f"--stake={stake}"]):
        status, out, err = run(argv)
        assert status == 1 and "field 'stake'" in err and EXPONENT_STAKES[stake] in err, err
    assert not (tmp_path / "new.json").exists()


def test_settle_stake_1e999999999_is_refused_by_its_exponent(tmp_path):
    """#2: no number of a billion digits is ever built: the stake is refused by its
    exponent, before any arithmetic (the time it takes: benchmarks/limits.py)."""
    path = tmp_path / "game.json"
    write_game(path, 3)
    status, out, err = run(["settle", path, "--stake", "1e999999999"])
    assert status == 1 and "field 'stake'" in err and "0..1000000" in err, err
    status, out, err = run(["settle", path, "--precision", "999999999"])
    assert status == 1 and "field 'precision'" in err, err


@pytest.mark.parametrize("stake", ["0", "0.10", "1000000", "0.000001", "1E+3", "5"])
def test_sane_stakes_are_kept(stake, tmp_path):
    path = tmp_path / "game.json"
    assert run(["new", "preferans", path, "--players", "A", "B", "C", f"--stake={stake}"])[0] == 0
    assert files.load(path).stake == Decimal(stake)
    assert "E" not in json.loads(path.read_text())["stake"]


# -- 4: numbers bounded at parse time (5, 6: odd files, see test_files.py) -----------------

HUGE_NUMBER = "9" * 5000
NOTATION_HUGE = {
    "preferans": "Анна 6S Борис:w Вера:p " + HUGE_NUMBER + "/4/0",
    "twist": "Анна " + HUGE_NUMBER,
    "whist": "NS " + HUGE_NUMBER,
    "danish": "Анна " + HUGE_NUMBER,
}


@pytest.mark.parametrize("game", sorted(NOTATION_HUGE))
def test_a_5000_digit_number_in_notation_is_a_clear_refusal(game, tmp_path):
    path = tmp_path / "game.json"
    players = PLAYERS + ["Глеб"] if game != "preferans" else PLAYERS
    assert run(["new", game, path, "--players", *players])[0] == 0
    before = path.read_bytes()
    status, out, err = run(["add", path, NOTATION_HUGE[game]])
    assert status == 1, err
    assert "internal error" not in err and "digits" in err and "deal 1" in err, err
    assert len(err) < 400
    assert path.read_bytes() == before


def test_a_5000_digit_number_in_a_game_file_is_a_clear_refusal(tmp_path):
    path = tmp_path / "game.json"
    text = write_game(path, 3)
    path.write_text(text.replace('"points": 2', '"points": ' + HUGE_NUMBER, 1), encoding="utf-8")
    for command in ("show", "check"):
        status, out, err = run([command, path])
        assert status == 1 and "internal error" not in err and "digits" in err, err
        assert "line 10" in err, err  # the second deal's line


def test_a_5000_digit_number_in_a_typed_json_deal_is_a_clear_refusal(tmp_path):
    path = tmp_path / "game.json"
    write_game(path, 1)
    status, out, err = run(["add", path, '{"winner": "Анна", "points": ' + HUGE_NUMBER + "}"])
    assert status == 1 and "internal error" not in err and "digits" in err, err


@pytest.mark.parametrize("value", ["9" * 4000, "9999999999999", "-" + "9" * 20, "[" * 100_000,
                                   "[" + ",".join(["2"] * 500) + "]"])
def test_rule_values_are_bounded_in_files_and_on_the_command_line(value, tmp_path):
    """#4: danish's factors had no ceiling: a 4,000-digit base was accepted and scored."""
    path = tmp_path / "game.json"
    status, out, err = run(["new", "danish", path, "--players", "A", "B", "C", "D",
                            f"--rule=base={value}"])
    assert status == 1 and "rules.base" in err and "internal error" not in err, err
    data = {"format": "whistscore", "version": 1, "game": "danish",
            "players": ["A", "B", "C", "D"], "rules": {"base": "@"}, "deals": []}
    path.write_text(json.dumps(data).replace('"@"', value), encoding="utf-8")
    status, out, err = run(["show", path])
    assert status == 1 and "internal error" not in err and len(err) < 600, err


@pytest.fixture
def int_limit_lifted():
    """The process lifts Python's int-string limit, as a program embedding the library may."""
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(old)


def test_numbers_in_json_are_bounded_by_digits_before_int_even_without_pythons_limit(
        int_limit_lifted, tmp_path):
    """Issue 21 #5: the bound on a game file's numbers was Python's int-string limit; with
    it lifted, a 5,000-digit count was read (and 10 MB of digits took minutes).  Counted
    before int() reads them: the file, a typed JSON deal and a rule's JSON value."""
    path = tmp_path / "game.json"
    text = write_game(path, 3)
    for number in (HUGE_NUMBER, "9" * 200_000):
        path.write_text(text.replace('"points": 2', '"points": ' + number, 1), encoding="utf-8")
        with pytest.raises(InputError, match="digits"):
            journal.loads(path.read_text(encoding="utf-8"))
        status, out, err = run(["check", path])
        assert status == 1 and "digits" in err and "line 10" in err, err
    write_game(path, 1)
    before = path.read_bytes()
    status, out, err = run(["add", path, '{"winner": "Анна", "points": ' + HUGE_NUMBER + "}"])
    assert status == 1 and "digits" in err, err
    assert path.read_bytes() == before


@pytest.mark.parametrize("value", ["9" * 13, "9" * 5000, "[" + "9" * 5000 + "]",
                                   "6:" + "9" * 5000, "x" * 3000])
def test_rule_values_are_bounded_by_digits_before_int(value, int_limit_lifted, tmp_path):
    """Issue 21 #5: a rule's value is counted (length, digits) before any game reads it."""
    path = tmp_path / "game.json"
    status, out, err = run(["new", "tally", path, "--players", "A", "B",
                            f"--rule=target={value}"])
    assert status == 1 and "rules.target" in err and "internal error" not in err, err
    assert len(err) < 600 and not path.exists()


@pytest.mark.parametrize("argv", [["edit", "@", "9" * 5000, "Анна 1"],
                                  ["settle", "@", "--precision", "9" * 5000],
                                  ["serve", "@@", "--port", "9" * 5000]])
def test_whole_numbers_on_the_command_line_are_counted_before_int(argv, int_limit_lifted,
                                                                  tmp_path):
    """Issue 21 #5: a deal's number, a precision or a port of 5,000 digits is a usage error
    naming the length, before int() reads it."""
    path = tmp_path / "game.json"
    write_game(path, 2)
    before = path.read_bytes()
    argv = [str(path) if a == "@" else str(tmp_path) if a == "@@" else a for a in argv]
    status, out, err = run(argv)
    assert status == 2 and "5000 digits" in err, err
    assert path.read_bytes() == before


# -- 7: a full disk ----------------------------------------------------------------------------

FULL_DISK = textwrap.dedent("""
    import resource, signal, sys
    sys.path[:0] = [sys.argv.pop(1), sys.argv.pop(1)]
    import tallygame
    from whistscore.games import register
    register(tallygame.GAME)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG
    limit = int(sys.argv.pop(1))
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    from whistscore.cli import main
    sys.exit(main(sys.argv[1:]))
""")


def test_export_on_a_full_disk_leaves_nothing_partial(tmp_path):
    """#7: one line, no traceback from ZipFile.__del__, no partial file, the old one kept."""
    game = tmp_path / "game.json"
    write_game(game, 300)
    book = tmp_path / "book.xlsx"
    assert run(["export", game, book])[0] == 0
    old = book.read_bytes()
    write_game(game, 600)
    script = tmp_path / "full.py"
    script.write_text(FULL_DISK, encoding="utf-8")
    done = subprocess.run([sys.executable, str(script), str(TESTS), str(ROOT), "20000", "export",
                           str(game), str(book)],
                          capture_output=True, cwd=ROOT, timeout=120)
    assert done.returncode == 1, done.stderr
    err = done.stderr.decode()
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err and "Exception ignored" not in err, err
    assert "too large" in err.lower() or "space" in err.lower(), err
    assert str(book) in err, err  # the file the disk refused is named
    assert book.read_bytes() == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.xlsx", "full.py", "game.json"]


def test_add_on_a_full_disk_leaves_the_file_as_it_was(tmp_path):
    game = tmp_path / "game.json"
    write_game(game, 300)
    before = game.read_bytes()
    script = tmp_path / "full.py"
    script.write_text(FULL_DISK, encoding="utf-8")
    done = subprocess.run([sys.executable, str(script), str(TESTS), str(ROOT), "4000", "add",
                           str(game), "Вера 2"],
                          capture_output=True, cwd=ROOT, timeout=120)
    assert done.returncode == 1, done.stderr
    assert b"Traceback" not in done.stderr
    assert game.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["full.py", "game.json"]


# -- 8, 16: the library checks its arguments -------------------------------------------------

def test_library_entry_points_raise_the_documented_errors(tmp_path):
    path = tmp_path / "game.json"
    write_game(path, 3)
    game = whistscore.load(path)
    rp = whistscore.replay(game)
    wrong = [
        lambda: whistscore.load(123),
        lambda: whistscore.load(b"game.json"),
        lambda: whistscore.load(""),
        lambda: whistscore.loads(b"{}"),
        lambda: whistscore.dump("not a game", path),
        lambda: whistscore.dump(game, 42),
        lambda: whistscore.replay("not a game"),
        lambda: whistscore.replay(None),
        lambda: whistscore.settle(game),  # a Game, not a Replay
        lambda: whistscore.settle(None),
        lambda: whistscore.settle(rp, stake=Decimal("-1")),
        lambda: whistscore.settle(rp, stake=Decimal("NaN")),
        lambda: whistscore.settle(rp, stake=Decimal("Infinity")),
        lambda: whistscore.settle(rp, stake="Infinity"),
        lambda: whistscore.settle(rp, stake=0.1),
        lambda: whistscore.settle(rp, stake=Decimal("1e400")),
        lambda: whistscore.settle(rp, stake="0.10", places=-1),
        lambda: whistscore.settle(rp, stake="0.10", places=10 ** 9),
        lambda: whistscore.settle(rp, stake="0.10", places="2"),
        lambda: whistscore.new_game("preferans", "ABC"),
        lambda: whistscore.new_game("preferans", None),
        lambda: whistscore.new_game(None, ["A", "B", "C"]),
        lambda: whistscore.new_game("preferans", ["A", "B", "C"], rules=["sochi"]),
        lambda: whistscore.new_game("preferans", ["A", "B", "C"], stake=float("nan")),
        lambda: whistscore.new("preferans", "ABC"),
        lambda: whistscore.new(None, ["A", "B", "C"]),
        lambda: whistscore.new("preferans", ["A", "B", "C"], rules=["sochi"]),
        lambda: whistscore.new("preferans", ["A", "B", "C"], stake="1e400"),
        lambda: whistscore.new("preferans", ["José", "JOSÉ", "C"]),
        lambda: whistscore.new("preferans", ["A", "B", "C"]).add(123),
        lambda: whistscore.new("preferans", ["A", "B", "C"]).save(42),
    ]
    for i, call in enumerate(wrong):
        with pytest.raises(InputError):
            call()
    with pytest.raises(InputError, match="replay"):
        whistscore.settle(game)
    money = whistscore.settle(rp, stake=Decimal("0.10")).money
    assert money == whistscore.settle(rp, stake="0.10").money  # a Decimal is checked, not flipped
    assert path.read_text(encoding="utf-8") == journal.dumps(game)


def test_new_game_abc_is_one_name_not_three_players():
    with pytest.raises(InputError, match="list of names"):
        whistscore.new_game("preferans", "ABC")
    with pytest.raises(InputError, match="list of names"):
        whistscore.new("preferans", "ABC")


# -- 9: see test_bad_input.py (crafted workbooks); 10: writers all take the lock -----------

RACE_RUNNER = textwrap.dedent("""
    import contextlib, os, sys, time
    sys.path[:0] = [sys.argv.pop(1), sys.argv.pop(1)]
    import tallygame
    from whistscore.games import register
    register(tallygame.GAME)
    from whistscore import files
    if os.environ.get("WHISTSCORE_TEST_NO_LOCK"):
        files.locked = lambda *a, **k: contextlib.nullcontext()
    if os.environ.get("WHISTSCORE_TEST_PAUSE"):  # read, then hold on before saving
        real_dump = files.dump

        def slow_dump(game, path):
            sys.stderr.write("read\\n")
            sys.stderr.flush()
            go = os.environ["WHISTSCORE_TEST_PAUSE"]
            deadline = time.monotonic() + 60
            while not os.path.exists(go) and time.monotonic() < deadline:
                time.sleep(0.01)
            real_dump(game, path)
        files.dump = slow_dump
    from whistscore.cli import main
    sys.exit(main(sys.argv[1:]))
""")


def _race(tmp_path: Path, second: list, no_lock: bool = False) -> tuple[str, int]:
    """An add has read the game and is about to save it when ``second`` runs."""
    runner = tmp_path / "runner.py"
    runner.write_text(RACE_RUNNER, encoding="utf-8")
    path = tmp_path / "game.json"
    write_game(path, 50, players=["Anna", "Boris", "Vera"])
    env = dict(os.environ)
    if no_lock:
        env["WHISTSCORE_TEST_NO_LOCK"] = "1"
    base = [sys.executable, str(runner), str(TESTS), str(ROOT)]
    go = tmp_path / "go"
    adder = subprocess.Popen(base + ["add", str(path), "Anna 1"],
                             env={**env, "WHISTSCORE_TEST_PAUSE": str(go)},
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert adder.stderr.readline() == b"read\n"  # the add holds the lock, the game read
    other = subprocess.Popen(base + [a.replace("PATH", str(path)) for a in second], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = other.stderr.readline()  # "waiting ..." with the lock; the end of output without
    go.write_text("")  # now the add saves
    adder.communicate(timeout=60)
    rest = other.communicate(timeout=60)[1]
    assert adder.returncode == 0 and other.returncode == 0, first + rest
    if not no_lock:
        assert b"waiting for another whistscore command" in first
    game = files.load(path)
    return ",".join(game.players), len(game.deals)


def test_the_race_loses_the_new_game_without_the_lock(tmp_path):
    """The race below does catch a writer that skips the lock."""
    players, deals = _race(tmp_path, ["new", "tally", "PATH", "--players", "X", "Y", "--force"],
                           no_lock=True)
    assert (players, deals) == ("Anna,Boris,Vera", 51)  # the add wrote its old copy back


def test_new_force_racing_an_add_is_never_lost(tmp_path):
    """#10: new --force takes the lock; the add cannot write its old copy back."""
    players, deals = _race(tmp_path, ["new", "tally", "PATH", "--players", "X", "Y", "--force"])
    assert players == "X,Y" and deals == 0


def test_import_force_racing_an_add_is_never_lost(tmp_path):
    book_game = tmp_path / "book.json"
    write_game(book_game, 2, players=["P", "Q"])
    book = tmp_path / "book.xlsx"
    assert run(["export", book_game, book])[0] == 0
    players, deals = _race(tmp_path, ["import", str(book), "PATH", "--force"])
    assert players == "P,Q" and deals == 2


# -- 11: export's target (read-only files: see test_files.py) ------------------------------

def test_export_refuses_to_overwrite_the_game_file(tmp_path):
    game = tmp_path / "g.json"
    text = write_game(game, 2)
    for argv in (["export", game, game], ["export", game, game, "--force"]):
        status, out, err = run(argv)
        assert status == 1 and "game file itself" in err, err
        assert game.read_text(encoding="utf-8") == text
    link = tmp_path / "link.xlsx"
    link.symlink_to(game)
    assert run(["export", game, link, "--force"])[0] == 1
    assert game.read_text(encoding="utf-8") == text


def test_an_export_never_writes_through_a_link_nor_over_what_is_no_workbook(tmp_path):
    """Issue 32 #2: with ``latest.xlsx`` a link to a game file, ``club --export latest.xlsx
    --force`` turned the game into a zip (the evening left the club), and ``export G OUT
    --force`` did the same to any other game file.  An export replaces only a plain file
    that is a workbook: a link (to a game, to a workbook, dangling) is refused in one
    sentence, and so is a plain file that is no workbook, --force or not; all untouched."""
    club = tmp_path / "club"
    club.mkdir()
    game = club / "g.json"
    text = write_game(game, 2)
    other = club / "other.json"
    other_text = write_game(other, 3)
    book = tmp_path / "real.xlsx"
    assert run(["export", game, book])[0] == 0
    book_bytes = book.read_bytes()
    links = {"to-game.xlsx": other, "to-book.xlsx": book, "dangling.xlsx": tmp_path / "no"}
    for name, where in links.items():
        link = tmp_path / name
        link.symlink_to(where)
        for argv in (["club", club, "--export", link, "--force"], ["club", club, "--export", link],
                     ["export", game, link, "--force"], ["export", game, link]):
            status, out, err = run(argv)
            assert (status, out) == (1, ""), (argv, out, err)
            assert "symbolic link" in err and len(err.strip().splitlines()) == 1, err
            assert os.readlink(link) == str(where)
    assert other.read_text(encoding="utf-8") == other_text
    assert game.read_text(encoding="utf-8") == text and book.read_bytes() == book_bytes
    assert not (tmp_path / "no").exists()
    # a plain file that is no workbook (a game file named .xlsx, a letter): never replaced
    for name, data in (("game.xlsx", other_text.encode()), ("letter.xlsx", b"PK\x03\x04 hi")):
        plain = tmp_path / name
        plain.write_bytes(data)
        for argv in (["club", club, "--export", plain, "--force"],
                     ["export", game, plain, "--force"]):
            status, out, err = run(argv)
            assert status == 1 and "not a workbook" in err, (argv, err)
            assert plain.read_bytes() == data
    # in Russian, the sentence is Russian
    status, _, err = run(["export", game, tmp_path / "to-game.xlsx", "--force", "--lang", "ru"])
    assert status == 1 and "ссылка" in err, err


def test_export_overwrites_only_its_own_workbooks_unless_forced(tmp_path):
    game = tmp_path / "g.json"
    write_game(game, 2)
    docx = tmp_path / "letter.docx"
    docx.write_bytes(b"PK\x03\x04 someone's letter")
    for force in ([], ["--force"]):  # no workbook: never replaced (issue 32 #2)
        status, out, err = run(["export", game, docx, *force])
        assert status == 1 and "not a workbook" in err, err
        assert docx.read_bytes() == b"PK\x03\x04 someone's letter"
    theirs = tmp_path / "theirs.xlsx"
    import openpyxl

    wb = openpyxl.Workbook()
    wb.active["A1"] = "their own sheet"
    wb.save(theirs)
    before = theirs.read_bytes()
    assert run(["export", game, theirs])[0] == 1
    assert theirs.read_bytes() == before
    assert run(["export", game, theirs, "--force"])[0] == 0
    ours = tmp_path / "ours.xlsx"
    assert run(["export", game, ours])[0] == 0
    assert run(["export", game, ours])[0] == 0  # our own workbook is replaced freely


# -- 12: a linear error locator --------------------------------------------------------------

@pytest.mark.parametrize("size", [85_000, 800_000])
def test_locating_an_error_is_linear(size, tmp_path):
    """#12: a huge number then an unterminated string full of escaped quotes: 85 KB took 20 s
    (the locator is one pass now; its time at 85 KB and 800 KB: benchmarks/limits.py)."""
    path = tmp_path / "game.json"
    body = '\\"' * (size // 2)
    path.write_text('{"format": "whistscore", "version": ' + HUGE_NUMBER + ', "x": "' + body,
                    encoding="utf-8")
    status, out, err = run(["check", path])
    assert status == 1 and "line 1" in err, err  # its time at both sizes: benchmarks/limits.py


@pytest.mark.parametrize("text", [
    '{"a": [' + '"\\"",' * 50_000 + ' NaN]}',
    '{"a": "' + '\\"' * 100_000,
    '{"a": "' + '\\\\' * 100_000 + '", "a": 1}',
    "[" * 50_000 + '"' + '\\"' * 50_000,
])
def test_every_locator_is_linear(text):
    """Each locator finds the line of its error (the time each takes: benchmarks/limits.py)."""
    with pytest.raises(InputError) as caught:
        journal.loads(text)
    assert caught.value.line == 1, caught.value
    problems = journal.check_text(text)
    assert len(problems) == 1 and problems[0].line == 1, problems


# -- 13: look-alike players ------------------------------------------------------------------

LOOKALIKES = [
    ("NFC-equal", ["Jos\u00e9", "Jose\u0301", "Vera"]),
    ("case-fold equal", ["Anna", "ANNA", "Vera"]),
    ("zero-width space", ["Anna", "An\u200bna", "Vera"]),
    ("bidi override", ["Anna", "\u202eannA", "Vera"]),
    ("left-to-right mark", ["Anna\u200e", "Boris", "Vera"]),
    ("byte-order mark", ["\ufeffAnna", "Boris", "Vera"]),
    ("line separator", ["An\u2028na", "Boris", "Vera"]),
    ("a control character", ["An\u0007na", "Boris", "Vera"]),
    ("too long", ["A" * 65, "Boris", "Vera"]),
    ("sharp s folds to ss", ["Strauss", "Strau\u00df", "Vera"]),
]


@pytest.mark.parametrize("why, names", LOOKALIKES, ids=[w for w, _ in LOOKALIKES])
def test_look_alike_players_are_refused_everywhere(why, names, tmp_path):
    path = tmp_path / "game.json"
    status, out, err = run(["new", "preferans", path, "--players", *names])
    assert status == 1 and "players[" in err, (why, err)
    assert not path.exists()
    with pytest.raises(InputError):
        whistscore.new_game("preferans", names)
    data = {"format": "whistscore", "version": 1, "game": "preferans", "players": names,
            "deals": []}
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = run(["check", path])
    assert status == 1 and "players[" in err, (why, err)


def test_names_are_stored_in_nfc_and_typed_in_any_form(tmp_path):
    path = tmp_path / "game.json"
    decomposed = "Jose\u0301"
    assert run(["new", "preferans", path, "--players", decomposed, "Vera", "Anna"])[0] == 0
    assert files.load(path).players == ("Jos\u00e9", "Vera", "Anna")
    status, out, err = run(["add", path, decomposed + " 6S Vera:w Anna:p 6/4/0"])
    assert status == 0, err  # typed decomposed: the same player
    assert "Jos\u00e9" in files.load(path).players


# -- 14: undo works on the file's text (15: see test_files.py) ------------------------------

def test_undo_drops_a_last_deal_that_no_longer_reads(tmp_path):
    path = tmp_path / "game.json"
    text = write_game(path, 3)
    good = text
    hand_edited = text.replace('"points": 3}\n  ]', '"points": 3},\n    {"winner": "Nobody"}\n  ]')
    assert hand_edited != text
    path.write_text(hand_edited, encoding="utf-8")
    status, out, err = run(["undo", path])
    assert status == 0, err
    assert "dropped deal 4" in out and "Nobody" in out
    assert path.read_text(encoding="utf-8") == good


def test_undo_drops_a_last_deal_that_no_longer_scores(tmp_path):
    path = tmp_path / "game.json"
    data = tally_dict(0, players=["Anna", "Boris"])
    data["rules"] = {"preset": "plain", "target": 5}
    data["deals"] = [{"winner": "Anna", "points": 5}]
    good = journal.dumps(journal.loads(json.dumps(data)))
    data["deals"].append({"winner": "Boris", "points": 1})  # after the game ended
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    assert run(["add", path, "Anna 1"])[0] == 1  # the file is refused as it is
    status, out, err = run(["undo", path])
    assert status == 0, err
    assert "dropped deal 2" in out and "could not be scored" in out
    assert journal.loads(path.read_text(encoding="utf-8")) == journal.loads(good)
    assert err == ""


def test_undo_reports_what_is_still_wrong(tmp_path):
    path = tmp_path / "game.json"
    text = write_game(path, 3)
    broken = text.replace('"points": 2', '"points": "two"', 1)
    path.write_text(broken, encoding="utf-8")
    status, out, err = run(["undo", path])
    assert status == 0
    assert "dropped deal 3" in out
    assert "still wrong" in err and "deal 2" in err and "points" in err, err
    assert len(journal.check_text(path.read_text(encoding="utf-8"))) == 1


def test_undo_keeps_the_rest_of_a_hand_formatted_file_byte_for_byte(tmp_path):
    """A broken last deal is cut out of the text; the rest stays as the hand wrote it."""
    path = tmp_path / "game.json"
    data = tally_dict(3)
    data["deals"][-1] = {"winner": "Nobody", "points": 1}
    text = json.dumps(data, ensure_ascii=False, indent=4)
    path.write_text(text, encoding="utf-8")
    status, out, err = run(["undo", path])
    assert status == 0, err
    after = path.read_text(encoding="utf-8")
    assert json.loads(after)["deals"] == data["deals"][:2]
    last = text.rindex('{\n            "winner"')
    assert after.startswith(text[:text.rindex(",", 0, last)])
    assert after.endswith(text[text.rindex("]"):])


# -- 17: memory of show ----------------------------------------------------------------------

MEASURE = textwrap.dedent("""
    import resource, sys
    sys.path[:0] = [sys.argv.pop(1), sys.argv.pop(1)]
    import tallygame
    from whistscore.games import register
    register(tallygame.GAME)
    from whistscore.cli import main
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    status = main(sys.argv[1:])
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    sys.stderr.write(f"PEAK {base} {peak}\\n")
    sys.exit(status)
""")


def test_show_of_a_large_file_stays_within_a_small_multiple_of_it(tmp_path):
    path = tmp_path / "game.json"
    write_game(path, journal.MAX_DEALS, players=["Anna", "Boris", "Vera"])  # the largest
    size_kb = path.stat().st_size / 1024
    script = tmp_path / "measure.py"
    script.write_text(MEASURE, encoding="utf-8")
    done = subprocess.run([sys.executable, str(script), str(TESTS), str(ROOT), "show", str(path)],
                          cwd=ROOT,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=300)
    assert done.returncode == 0, done.stderr
    base, peak = map(int, done.stderr.decode().split("PEAK ")[1].split())
    assert (peak - base) / size_kb < 40, (peak - base, size_kb)


# -- the club's writers: the archive and club.json (issue 32 #7) ------------------------------
#
# Each under a read-only folder, a full disk (a small tmpfs mounted here: the tests run as
# root, as in CI, and fail rather than skip when they cannot mount), a lock held by another
# process, and Ctrl-C in the middle.  The archive is a cache: under each of these the reader
# still answers (exit 0, a one-line notice) and the archive is as it was.  club.json is the
# user's: a change lands exactly once or not at all (exit 1, byte-identical).

CLUB_FAULTS = ["read-only folder", "full disk", "locked", "interrupted"]


def _club_folder(folder: Path) -> None:
    for name in ("preferans-sochi.json", "preferans-classic.json"):
        (folder / name).write_bytes((ROOT / "samples" / name).read_bytes())
    (folder / "club.json").write_text('{"format": "whistscore-club", "version": 1}\n', "utf-8")
    assert run(["club", folder])[0] == 0
    conn = __import__("sqlite3").connect(folder / "club.sqlite")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def _games(folder: Path) -> list:
    import sqlite3

    conn = sqlite3.connect(f"file:{folder / 'club.sqlite'}?mode=ro&immutable=1", uri=True)
    try:
        return sorted(conn.execute("SELECT file, sha256 FROM games").fetchall())
    finally:
        conn.close()


@contextlib.contextmanager
def _club_fault(name: str, disk: Path, monkeypatch, what: str):
    """``disk``: the club folder on its own tmpfs."""
    from test_club_archive_errors import fill, read_only

    if name == "read-only folder":
        read_only(disk)
        yield
    elif name == "full disk":
        fill(disk)
        yield
    elif name == "locked":
        if what == "archive":
            from whistscore.club.archive import schema

            monkeypatch.setattr(schema, "BUSY_TIMEOUT", 300)
            holder = __import__("sqlite3").connect(disk / "club.sqlite", isolation_level=None)
            holder.execute("BEGIN IMMEDIATE")  # another process indexing past the timeout
            try:
                yield
            finally:
                holder.execute("ROLLBACK")
                holder.close()
        else:  # club.json's lock (the folder's) held by another process for a moment
            with _held_for_a_moment(disk / "club.json"):
                yield
    elif name == "interrupted":
        if what == "archive":
            import whistscore.club.archive as index

            def dies(*args, **kw):
                raise KeyboardInterrupt
            monkeypatch.setattr(index.Archive, "_write", dies)
        else:
            def dies(*args, **kw):
                raise KeyboardInterrupt
            monkeypatch.setattr(os, "replace", dies)
        yield
    else:  # pragma: no cover
        raise AssertionError(name)


@pytest.mark.parametrize("fault_name", CLUB_FAULTS)
def test_the_archive_under_faults_answers_and_stays_as_it_was(fault_name, tmp_path, monkeypatch):
    from test_club_archive_errors import tmpfs

    with tmpfs(tmp_path / "disk", "3m") as disk:
        _club_folder(disk)
        before = _games(disk)
        kept = (disk / "club.sqlite").read_bytes()
        # a change the archive must index: a new evening
        (disk / "twist.json").write_bytes(
            (ROOT / "samples" / "twist-dazin-and-pass.json").read_bytes())
        with _club_fault(fault_name, disk, monkeypatch, "archive"):
            status, out, err = run(["club", disk])
        monkeypatch.undo()
        why = f"archive under {fault_name}: exit {status}, stderr {err!r}"
        assert "Traceback" not in err and "internal error" not in err, why
        assert "cannot rollback" not in err, why
        if fault_name == "interrupted":
            assert (status, out) == (1, ""), why
            assert "the club's archive is as it was" in err, why
        else:
            assert status == 0 and "Twist" in out and "Marina" in out, why  # read from memory
            assert err.count("\n") == 1 and "could not be kept up to date" in err, why
            cause = {"read-only folder": "read", "full disk": "the disk is full",
                     "locked": "locked"}[fault_name]
            assert cause in err, why
        assert _games(disk) == before, why  # the archive as it was: nothing lost, nothing new
        if fault_name != "locked":
            assert (disk / "club.sqlite").read_bytes() == kept, why
        assert not [p for p in os.listdir(disk) if "set-aside" in p], why


@pytest.mark.parametrize("fault_name", CLUB_FAULTS)
def test_club_json_under_faults_lands_once_or_not_at_all(fault_name, tmp_path, monkeypatch):
    from test_club_archive_errors import tmpfs

    with tmpfs(tmp_path / "disk", "3m") as disk:
        _club_folder(disk)
        path = disk / "club.json"
        before = path.read_bytes()
        with _club_fault(fault_name, disk, monkeypatch, "club.json"):
            status, out, err = run(["club", disk, "--season-add", "Autumn", "2026-09-01",
                                    "2026-11-30"])
        monkeypatch.undo()
        after = path.read_bytes()
        why = f"club.json under {fault_name}: exit {status}, stderr {err!r}"
        assert "Traceback" not in err and "internal error" not in err, why
        if fault_name == "locked":  # waited for the other command, then landed once
            assert status == 0, why
            assert json.loads(after)["seasons"] == {"Autumn": ["2026-09-01", "2026-11-30"]}
        else:
            assert status == 1 and after == before, why  # byte-identical
            assert len(err.strip().splitlines()) == 1, why
        assert (status == 0) == (after != before), why
        if fault_name != "read-only folder":
            leftovers = sorted(p for p in os.listdir(disk) if p.startswith("."))
            assert leftovers == [], why


# -- the club's season workbook (``club FOLDER --export X.xlsx``) under the same faults ------
#
# The club folder is on the ordinary disk; the workbook's folder is the small tmpfs.  Exit 0
# if and only if the workbook is saved; on failure the target is byte-identical (or still
# absent) and the reader gets one sentence.

def _export_fault(name: str, disk: Path, target: Path, monkeypatch):
    if name != "locked":
        return _club_fault(name, disk, monkeypatch, "export")
    return _held_for_a_moment(target)


@contextlib.contextmanager
def _held_for_a_moment(target: Path):
    """``target``'s lock (its folder's) held by another process for a moment: a write waits."""
    code = ("import sys, time; from whistscore import files\n"
            "with files.locked(sys.argv[1]):\n"
            "    print('held', flush=True); time.sleep(1.5)\n")
    child = subprocess.Popen([sys.executable, "-c", code, str(target)],
                             stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert child.stdout.readline().strip() == "held"
    try:
        yield
    finally:
        child.wait(timeout=30)


@pytest.mark.parametrize("existing", [True, False], ids=["over a workbook", "a new file"])
@pytest.mark.parametrize("fault_name", CLUB_FAULTS)
def test_the_club_workbook_export_under_faults_saves_once_or_not_at_all(
        fault_name, existing, tmp_path, monkeypatch):
    from test_club_archive_errors import tmpfs

    club = tmp_path / "club"
    club.mkdir()
    _club_folder(club)
    with tmpfs(tmp_path / "disk", "3m") as disk:
        target = disk / "season.xlsx"
        if existing:  # last time's workbook, in English: this one is in Russian
            assert run(["club", club, "--export", target])[0] == 0
        before = state(target)
        with _export_fault(fault_name, disk, target, monkeypatch):
            status, out, err = run(["club", club, "--export", target, "--lang", "ru"])
        monkeypatch.undo()
        after = state(target)
        why = f"club --export under {fault_name}: exit {status}, stderr {err!r}"
        assert "Traceback" not in err and "internal error" not in err, why
        if fault_name == "locked":  # waited for the other command, then saved once
            assert status == 0 and after is not None and after != before, why
            assert after[:2] == b"PK", why
            # the wait is said in the reader's language too
            assert "жду, пока закончится другая команда whistscore" in err, why
        else:
            assert status == 1 and after == before, why  # byte-identical, or still absent
            assert len(err.strip().splitlines()) == 1, why
            # one sentence in the reader's language naming the cause (the system's words
            # in brackets): not a general "the disk refused", not "make the file writable"
            sentence = err.split(" (", 1)[0]
            assert {"read-only folder": "только для чтения; ничего не записано",
                    "full disk": "Диск заполнен; ничего не записано",
                    "interrupted": f"прервано; файл {target} не записан"}[fault_name] \
                in sentence, why
            assert "разрешите запись" not in err and "архив клуба" not in err, why
        assert (status == 0) == (after != before), why
        if fault_name != "read-only folder":
            leftovers = sorted(p for p in os.listdir(disk) if p.startswith("."))
            assert leftovers == [], why
