"""The game file on disk: read with limits, replaced atomically, changed under a lock.

:mod:`whistscore.journal` says what a game file holds; this module is the only
one that touches the disk for it (the workbook goes through here too).
Reading trusts nothing: only a regular file of at most
:data:`~whistscore.journal.MAX_FILE_BYTES` is read, never blocking on a FIFO or
a device.  Saving never leaves a half-written file: the new text goes to a
temporary file in the same folder, is flushed and fsynced, then renamed over
the old one.  Every read-change-write holds the folder's lock, so two writers
run one after the other.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import re
import stat
from pathlib import Path
from typing import Callable, Iterator

from .errors import GameFileError, InputError
from .game import Game
from .journal import MAX_FILE_BYTES, dumps, loads

__all__ = [
    "MAX_FILE_BYTES",
    "check_path",
    "read_bytes",
    "read_text",
    "load",
    "dump",
    "write_atomic",
    "replacing",
    "save_target",
    "locked",
    "waiting_message",
    "recording_saves",
]


def check_path(path: object, field: str = "file") -> str:
    """A file name given by a user or a program: text or a path, never empty.

    :raises InputError: ``path`` is not text or a path of text, is empty, or holds NUL.
    """
    if isinstance(path, bytes) or not isinstance(path, (str, os.PathLike)):
        raise InputError("a file is named by a path (text)", field=field,
                         value=type(path).__name__)
    name = os.fspath(path)
    if not isinstance(name, str):
        raise InputError("a file is named by a path (text)", field=field, value=repr(name))
    if not name:
        raise InputError("the file name is empty", field=field, value=name)
    if "\0" in name:
        raise InputError("a file name cannot hold a NUL character", field=field, value=name)
    return name


def _not_regular(mode: int) -> str | None:
    """Why a file of this kind is no game file (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "is a pipe (FIFO), not a regular file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device, not a regular file"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a regular file"
    return "is not a regular file"


def read_bytes(path: str | os.PathLike[str], *, field: str = "file", what: str = "game file",
               limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes.

    A FIFO would block forever and ``/dev/zero`` never ends, so the file is
    opened without blocking, refused unless it is a regular file, and never
    read past the limit (a file may grow while it is read).

    :raises InputError: no such file, it cannot be opened or read, it is not a regular
        file (a folder, a FIFO, a device, a socket), or it is larger than ``limit``.
    """
    name = check_path(path, field)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(name, flags)
    except FileNotFoundError:
        raise InputError(f"no such {what}", field=field, value=name) from None
    except PermissionError:
        raise InputError(f"the {what} cannot be read (permission denied)",
                         field=field, value=name) from None
    except OSError as exc:
        raise InputError(f"the {what} cannot be opened ({exc.strerror or exc})",
                         field=field, value=name) from None
    try:
        info = os.fstat(fd)
        why = _not_regular(info.st_mode)
        if why:
            raise InputError(why, field=field, value=name)
        too_big = InputError(f"the {what} is larger than {limit // (1024 * 1024)} MB, "
                             f"the most whistscore reads", field=field, value=name)
        if info.st_size > limit:
            raise too_big
        chunks = []
        left = limit + 1
        while left > 0:
            try:
                chunk = os.read(fd, min(left, 1 << 20))
            except OSError as exc:
                raise InputError(f"the {what} cannot be read ({exc.strerror or exc})",
                                 field=field, value=name) from None
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        if left <= 0:
            raise too_big
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_text(path: str | os.PathLike[str]) -> str:
    """A game file's text; non-UTF-8 bytes are reported with their line.

    :raises InputError: the file cannot be read (see :func:`read_bytes`).
    :raises GameFileError: the file is not UTF-8 text.
    """
    data = read_bytes(path)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise GameFileError(f"the file is not UTF-8 text (byte {exc.start + 1})",
                            line=line) from None


def load(path: str | os.PathLike[str]) -> Game:
    """Read and check a game file (:func:`read_text`, then :func:`whistscore.journal.loads`).

    :raises InputError: the file cannot be read, or the game is not a registered one.
    :raises GameFileError: the file is not a game file (the line given).
    :raises RuleError: an unknown preset or option, or a bad option value or stake.
    :raises DealError: a deal of the wrong shape (its number, line and field given).
    """
    return loads(read_text(path))


#: the saves made in this context: cli.main() watches it to know whether its
#: command's change is already on disk when something later fails
_SAVES: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar("whistscore_saves",
                                                                         default=None)


#: called once when a writer has to wait for the lock (cli.main says so on stderr)
_ON_WAIT: contextvars.ContextVar[Callable[[], object] | None] = contextvars.ContextVar(
    "whistscore_on_wait", default=None)


@contextlib.contextmanager
def waiting_message(on_wait: Callable[[], object] | None) -> Iterator[None]:
    """Inside the block, a writer that finds the lock taken calls ``on_wait()`` first."""
    token = _ON_WAIT.set(on_wait)
    try:
        yield
    finally:
        _ON_WAIT.reset(token)


@contextlib.contextmanager
def recording_saves() -> Iterator[list[str]]:
    """Collect the path of every file replaced inside the block (in order)."""
    saves: list[str] = []
    token = _SAVES.set(saves)
    try:
        yield saves
    finally:
        _SAVES.reset(token)


def save_target(path: str | os.PathLike[str], field: str = "file") -> Path:
    """Where a save of ``path`` really writes: through a symlink to its target.

    A game file kept as a link into a synced folder must keep receiving deals,
    so the link is followed, not replaced.  An existing target must be a
    regular file that may be written: a device, a FIFO or a folder is refused,
    and so is a read-only file (its owner made it so on purpose).

    :raises InputError: the folder does not exist, the file cannot be examined, is not a
        regular file, or is read-only.
    """
    name = check_path(path, field)
    target = Path(os.path.realpath(name))
    try:
        info = os.stat(target)
    except FileNotFoundError:
        if not target.parent.is_dir():
            raise InputError("the folder of the file does not exist", field=field,
                             value=name) from None
        return target
    except OSError as exc:
        raise InputError(f"the file cannot be examined ({exc.strerror or exc})",
                         field=field, value=name) from None
    why = _not_regular(info.st_mode)
    if why:
        raise InputError(f"{why}; refusing to replace it", field=field, value=name)
    if not info.st_mode & 0o222 or not os.access(target, os.W_OK):
        raise InputError("the file is read-only; make it writable to change it",
                         field=field, value=name)
    return target


#: a temporary file left by a save that was killed is removed by a later save
#: once its process is gone (or, from another machine sharing the folder, a day on)
_STALE_SECONDS = 24 * 3600


def _clear_stale(folder: Path, name: str) -> None:
    import time

    # only names tempfile.mkstemp gives our saves: ".NAME.PID.xxxxxxxx.tmp" (and,
    # from before the pid was in the name, ".NAME.xxxxxxxx.tmp")
    shape = re.compile(re.escape(f".{name}.") + r"(?:([0-9]+)\.)?[a-z0-9_]{8}\.tmp")
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    now = time.time()
    for entry in entries:
        match = shape.fullmatch(entry.name)
        if match is None:
            continue
        pid_text = match.group(1) or ""
        try:
            old = now - entry.stat(follow_symlinks=False).st_mtime > _STALE_SECONDS
        except OSError:
            continue
        if not old:
            if not pid_text.isdigit() or int(pid_text) == os.getpid():
                continue
            try:
                os.kill(int(pid_text), 0)
                continue  # its writer is still running
            except ProcessLookupError:
                pass
            except (PermissionError, OverflowError, ValueError, OSError):
                continue
        with contextlib.suppress(OSError):
            os.unlink(entry.path)


@contextlib.contextmanager
def replacing(path: str | os.PathLike[str], field: str = "file") -> Iterator[str]:
    """A temporary file beside ``path`` to write; when the block ends well it is
    fsynced and renamed over ``path``, so a crash leaves the old or the new file,
    never half of one.  On an error the old file is untouched and the temporary
    file removed.  Game files and workbooks are both saved through here; a
    symlink is saved through to its target (see :func:`save_target`).

    :raises InputError: the file may not be replaced (see :func:`save_target`).
    :raises OSError: the disk refused the write (full, gone); the old file is untouched.
    """
    import tempfile  # only a save needs it; reading commands start faster without

    target = save_target(path, field)
    folder = target.parent
    _clear_stale(folder, target.name)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp",
                               dir=folder)
    os.close(fd)
    try:
        yield tmp
        with open(tmp, "rb+") as handle:
            os.fsync(handle.fileno())
        try:
            mode = os.stat(target).st_mode & 0o777
        except FileNotFoundError:
            mode = 0o666 & ~_umask()
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    saves = _SAVES.get()
    if saves is not None:
        saves.append(str(path))
    _fsync_folder(folder)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Replace ``path`` with ``text`` atomically (see :func:`replacing`).

    :raises InputError: the text is larger than MAX_FILE_BYTES, or the file may not be
        replaced (see :func:`save_target`).
    :raises OSError: the disk refused the write; the old file is untouched.
    """
    data = text.encode("utf-8")
    if len(data) > MAX_FILE_BYTES:
        raise InputError(f"the game would be larger than {MAX_FILE_BYTES // (1024 * 1024)} MB, "
                         "the most whistscore reads back; start a new game file", field="file",
                         value=str(path))
    with replacing(path) as tmp:
        with open(tmp, "wb") as handle:
            handle.write(data)
            handle.flush()


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def dump(game: Game, path: str | os.PathLike[str]) -> None:
    """Save ``game`` to ``path`` atomically, in the file's fixed layout.

    :raises InputError: ``game`` is not a Game, or the file may not be replaced.
    :raises OSError: the disk refused the write; the old file is untouched.
    """
    if not isinstance(game, Game):
        raise InputError("dump saves a Game (from load, loads or new_game)", field="game",
                         value=type(game).__name__)
    write_atomic(path, dumps(game))


@contextlib.contextmanager
def locked(path: str | os.PathLike[str],
           on_wait: Callable[[], object] | None = None) -> Iterator[None]:
    """Hold an exclusive lock for a read-change-write of one game file.

    The lock is an fcntl lock on the folder that holds the (real) game file:
    the game file itself is replaced by rename on every save, so a lock on it
    would be lost, and a lock file beside it would be one more file left in
    the user's folder.  Every command that writes a game file takes it, so two
    ``whistscore add`` on one file run one after the other and neither deal is
    lost; commands on other files of the same folder wait their turn too (a
    command holds it for well under a second).  ``on_wait`` (by default the one
    of :func:`waiting_message`) is called once if another command holds the lock,
    before waiting for it.

    :raises InputError: the folder of the file does not exist or cannot be locked.
    """
    name = check_path(path)
    folder = Path(os.path.realpath(name)).parent
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX: no lock available
        yield
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except FileNotFoundError:
        raise InputError("the folder of the file does not exist", field="file",
                         value=name) from None
    except OSError as exc:
        raise InputError(f"the folder of the file cannot be locked ({exc.strerror or exc})",
                         field="file", value=name) from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            on_wait = on_wait if on_wait is not None else _ON_WAIT.get()
            if on_wait is not None:
                on_wait()
            fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
