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
import errno
import os
import re
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator

import attrs

from .errors import MAX_FILE_BYTES, GameFileError, InputError

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "MAX_FILE_BYTES",
    "check_path",
    "read_bytes",
    "read_checked",
    "read_text",
    "stamp",
    "stamp_of",
    "decode_text",
    "no_links",
    "LinkMoved",
    "NotAFile",
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
                         value=type(path).__name__, key="file.path")
    name = os.fspath(path)
    if not isinstance(name, str):
        raise InputError("a file is named by a path (text)", field=field, value=repr(name),
            key="file.path")
    if not name:
        raise InputError("the file name is empty", field=field, value=name, key="file.path")
    if "\0" in name:
        raise InputError("a file name cannot hold a NUL character", field=field, value=name,
            key="file.path")
    return name


def not_regular(mode: int) -> str | None:
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
               limit: int = MAX_FILE_BYTES, dir_fd: int | None = None,
               follow: bool = True) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes.

    A FIFO would block forever and ``/dev/zero`` never ends, so the file is
    opened without blocking, refused unless it is a regular file, and never
    read past the limit (a file may grow while it is read).  Inside
    :func:`locked` the file is opened relative to the locked folder, without
    following a link at its last step, so what is read is a file of the folder
    the lock guards (see :func:`locked`).  ``dir_fd`` and ``follow=False`` open
    ``path`` relative to a folder descriptor, never through a symbolic link
    (the scorepad reads its folder so).

    :raises InputError: no such file, it cannot be opened or read, it is not a regular
        file (a folder, a FIFO, a device, a socket, a link where none is followed), or
        it is larger than ``limit``.
    """
    return read_checked(path, field=field, what=what, limit=limit, dir_fd=dir_fd,
                        follow=follow)[0]


def read_checked(path: str | os.PathLike[str], *, field: str = "file", what: str = "game file",
                 limit: int = MAX_FILE_BYTES, dir_fd: int | None = None,
                 follow: bool = True) -> tuple[bytes, os.stat_result]:
    """:func:`read_bytes`, and the ``fstat`` of the very file that was read (its
    inode, size and time say which version of the file the bytes are)."""
    name = check_path(path, field)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    opened = name
    held = _held_for(name)
    if held is not None:
        dir_fd, opened = held.leaf(name)
        flags |= _NOFOLLOW
    elif not follow or _NO_LINKS.get():
        flags |= _NOFOLLOW
    try:
        fd = os.open(opened, flags, dir_fd=dir_fd)
    except FileNotFoundError:
        raise NotAFile(f"no such {what}", field=field, value=name,
                           key="file.missing") from None
    except PermissionError:
        raise InputError(f"the {what} cannot be read (permission denied)",
                         field=field, value=name, key="file.unreadable") from None
    except OSError as exc:
        if exc.errno in _LINK_ERRNOS and flags & _NOFOLLOW:
            raise NotAFile(f"the {what} is a symbolic link here; refused, nothing read",
                           field=field, value=name, key="file.link") from None
        raise InputError(f"the {what} cannot be opened ({exc.strerror or exc})",
                         field=field, value=name, key="file.unreadable") from None
    try:
        info = os.fstat(fd)
        why = not_regular(info.st_mode)
        if why:
            raise NotAFile(why, field=field, value=name, key="file.not_plain")
        too_big = InputError(f"the {what} is larger than {limit // (1024 * 1024)} MB, "
                             f"the most whistscore reads", field=field, value=name,
                                 key="file.large", args=(limit // (1024 * 1024),))
        if info.st_size > limit:
            raise too_big
        chunks = []
        left = limit + 1
        while left > 0:
            try:
                chunk = os.read(fd, min(left, 1 << 20))
            except OSError as exc:
                raise InputError(f"the {what} cannot be read ({exc.strerror or exc})",
                                 field=field, value=name, key="file.unreadable") from None
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        if left <= 0:
            raise too_big
        return b"".join(chunks), info
    finally:
        os.close(fd)


def stamp(path: str | os.PathLike[str], field: str = "file") -> str:
    """Which version of the file ``path`` is: its inode, modification time (ns) and size.

    Every save renames a new file in, so the stamp moves at each one (whoever saved);
    a program that keeps a game in memory keeps it with the stamp of the file it was read
    or saved as, and knows it is still the file's while the stamp is the same.  Inside
    :func:`locked` the entry of the locked folder is looked at, a link at its last step
    never followed (as :func:`read_bytes` opens it).

    :raises NotAFile: there is no regular file by that name.
    :raises InputError: the file now lies in another folder (:class:`LinkMoved`).
    """
    name = check_path(path, field)
    held = _held_for(name)
    try:
        if held is not None:
            dir_fd, leaf = held.leaf(name, field)
            info = os.stat(leaf, dir_fd=dir_fd, follow_symlinks=False)
        else:
            info = os.stat(name, follow_symlinks=not _NO_LINKS.get())
    except OSError:
        raise NotAFile("no such game file", field=field, value=name,
                       key="file.missing") from None
    if not_regular(info.st_mode):
        raise NotAFile("no such game file", field=field, value=name, key="file.missing")
    return stamp_of(info)


def stamp_of(info: os.stat_result) -> str:
    """:func:`stamp` of a file already looked at (``fstat`` of the very file read)."""
    return f"{info.st_ino:x}-{info.st_mtime_ns:x}-{info.st_size:x}"


def read_text(path: str | os.PathLike[str], *, dir_fd: int | None = None,
              follow: bool = True) -> str:
    """A game file's text; non-UTF-8 bytes are reported with their line.

    :raises InputError: the file cannot be read (see :func:`read_bytes`).
    :raises GameFileError: the file is not UTF-8 text.
    """
    return decode_text(read_bytes(path, dir_fd=dir_fd, follow=follow))


def decode_text(data: bytes) -> str:
    """A game file's bytes as text; non-UTF-8 bytes are reported with their line.

    :raises GameFileError: the bytes are not UTF-8 text.
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise GameFileError(f"the file is not UTF-8 text (byte {exc.start + 1})",
                            line=line, key="file.utf8") from None


def load(path: str | os.PathLike[str]) -> Game:
    """Read and check a game file (:func:`read_text`, then :func:`whistscore.journal.loads`).

    :raises InputError: the file cannot be read, or the game is not a registered one.
    :raises GameFileError: the file is not a game file (the line given).
    :raises RuleError: an unknown preset or option, or a bad option value or stake.
    :raises DealError: a deal of the wrong shape (its number, line and field given).
    """
    from .journal import loads  # the journal is loaded by what reads a game, not by any read

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


#: open flags that refuse a symbolic link at the last step of a path (0 where unknown)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
#: what os.open says when O_NOFOLLOW met a link (Linux ELOOP, the BSDs EMLINK/EFTYPE)
_LINK_ERRNOS = {errno.ELOOP, errno.EMLINK, getattr(errno, "EFTYPE", errno.ELOOP)}

#: inside :func:`no_links`: game files are plain files of their folder, a link is refused
_NO_LINKS: contextvars.ContextVar[bool] = contextvars.ContextVar("whistscore_no_links",
                                                                default=False)


@contextlib.contextmanager
def no_links() -> Iterator[None]:
    """Inside the block a game file is never reached through a symbolic link.

    The command line follows a link on purpose (a game kept in a synced
    folder); the scorepad serves only the plain files of its folder, so it
    reads and writes inside this block: the lock is taken on the folder the
    name is in, and opening or replacing a name that is a link is refused.
    """
    token = _NO_LINKS.set(True)
    try:
        yield
    finally:
        _NO_LINKS.reset(token)


class NotAFile(InputError):
    """No regular file by that name: none at all, a folder, a FIFO, a device, or a
    symbolic link where none is followed (what was opened is checked, not the name)."""


class LinkMoved(InputError):
    """The game file became a link into another folder while its lock was held: the
    change is refused (that folder's lock is not held), nothing is written."""


@attrs.frozen
class _Held:
    """A folder this context holds the lock of, for the file named ``key``."""

    key: str  #: os.path.abspath of the name the lock was taken for
    fd: int  #: the locked folder, open
    device: int
    inode: int
    links: bool  #: a link at the last step is followed (False inside :func:`no_links`)

    def leaf(self, name: str, field: str = "file") -> tuple[int, str]:
        """The locked folder's descriptor and the name of ``name``'s file in it.

        Found again at each use: if the file has become a link into another
        folder since the lock was taken, its lock is not ours, and the file is
        refused rather than read or written without it.

        :raises InputError: the file now lies in another folder.
        """
        if not self.links:
            return self.fd, os.path.basename(self.key)
        real = os.path.realpath(name)
        try:
            info = os.stat(os.path.dirname(real))
        except OSError as exc:
            raise InputError(f"the folder of the file cannot be examined "
                             f"({exc.strerror or exc}): {os.path.dirname(real)}",
                             field=field, value=name, key="file.folder") from None
        if (info.st_dev, info.st_ino) != (self.device, self.inode):
            raise LinkMoved(f"{os.path.basename(name)} is now a link into another folder "
                            f"({os.path.dirname(real)}), whose lock this command does not "
                            f"hold; refused, nothing written (run the command again)",
                            field=field, value=name, key="file.moved")
        return self.fd, os.path.basename(real)


#: the folders this context holds the lock of (innermost last)
_HELD: contextvars.ContextVar[tuple[_Held, ...]] = contextvars.ContextVar("whistscore_held",
                                                                          default=())


def _held_for(name: str) -> _Held | None:
    """The lock this context holds for the file ``name`` (None if it holds none)."""
    held = _HELD.get()
    if not held:
        return None
    key = os.path.abspath(name)
    for entry in reversed(held):
        if entry.key == key:
            return entry
    return None


def _unexamined(exc: OSError, field: str, name: str) -> InputError:
    """The error of a save whose file cannot be looked at (one sentence for both ways)."""
    return InputError(f"the file cannot be examined ({exc.strerror or exc})",
                      field=field, value=name, key="file.unreadable")


def _link_refused(field: str, name: str) -> InputError:
    """The error of a save that would replace a symbolic link it must not follow."""
    return InputError("the file is a symbolic link here; refusing to replace it",
                      field=field, value=name, key="file.replace")


def save_target(path: str | os.PathLike[str], field: str = "file") -> Path:
    """Where a save of ``path`` really writes: through a symlink to its target.

    A game file kept as a link into a synced folder must keep receiving deals,
    so the link is followed, not replaced (inside :func:`no_links` a link is
    refused instead).  Inside :func:`locked` the target must still be in the
    folder whose lock is held.  An existing target must be a regular file that
    may be written: a device, a FIFO or a folder is refused, and so is a
    read-only file (its owner made it so on purpose).

    :raises InputError: the folder does not exist, the file cannot be examined, is not a
        regular file, is read-only, or has moved out of the locked folder.
    """
    name = check_path(path, field)
    held = _held_for(name)
    if held is not None:
        dir_fd, leaf = held.leaf(name, field)
        target = Path(os.path.dirname(os.path.realpath(name)) if held.links
                      else os.path.dirname(held.key)) / leaf
        try:
            info = os.stat(leaf, dir_fd=dir_fd, follow_symlinks=False)
        except FileNotFoundError:
            return target
        except OSError as exc:
            raise _unexamined(exc, field, name) from None
        # a link here is refused by the check after both branches
    else:
        if _NO_LINKS.get() and os.path.islink(name):
            raise _link_refused(field, name)
        if _NO_LINKS.get():
            # only the folder is resolved: a link put at the last step after the check
            # above is what the rename replaces, never what it writes through
            absolute = os.path.abspath(name)
            target = Path(os.path.realpath(os.path.dirname(absolute))) \
                / os.path.basename(absolute)
        else:
            target = Path(os.path.realpath(name))
        try:
            info = os.stat(target, follow_symlinks=not _NO_LINKS.get())
        except FileNotFoundError:
            if not target.parent.is_dir():
                raise InputError("the folder of the file does not exist", field=field,
                                 value=name, key="file.folder") from None
            return target
        except OSError as exc:
            raise _unexamined(exc, field, name) from None
    if stat.S_ISLNK(info.st_mode):
        raise _link_refused(field, name)
    why = not_regular(info.st_mode)
    if why:
        raise InputError(f"{why}; refusing to replace it", field=field, value=name,
            key="file.replace")
    if not info.st_mode & 0o222 or not os.access(target, os.W_OK):
        if info.st_mode & 0o222 and _read_only_disk(target):  # the disk, not the file
            raise InputError("the file is on a read-only disk or folder; nothing was written",
                             field=field, value=name, key="file.read_only_disk")
        raise InputError("the file is read-only; make it writable to change it",
                         field=field, value=name, key="file.read_only")
    return target


def _read_only_disk(path: Path) -> bool:
    """Whether ``path`` is on a file system mounted read-only (making the file writable
    would not help)."""
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):  # no statvfs (Windows): say what the file says
        return False


#: a temporary file left by a save that was killed is removed by a later save
#: once its process is gone (or, from another machine sharing the folder, a day on)
_STALE_SECONDS = 24 * 3600


def _clear_stale(folder: Path, name: str) -> None:
    import time

    # only names tempfile.mkstemp gives our saves: ".NAME.PID.xxxxxxxx.tmp" (and,
    # from before the pid was in the name, ".NAME.xxxxxxxx.tmp")
    shape = re.compile(re.escape(f".{name}.") + r"(?:([0-9]{1,10})\.)?[a-z0-9_]{8}\.tmp")
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
    held = _held_for(check_path(path, field))
    _clear_stale(folder, target.name)
    tmp = ""
    try:
        with _interrupts_held():  # a Ctrl-C here would leave the new file behind
            try:
                fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.",
                                           suffix=".tmp", dir=folder)
            except OSError as exc:
                raise _named(exc, folder) from None
            os.close(fd)
        try:
            yield tmp
        except OSError as exc:  # the caller's write: the file it concerns is the target
            raise _named(exc, target, tmp) from None
        try:
            with open(tmp, "rb+") as handle:
                os.fsync(handle.fileno())
            if held is not None:
                # the name is found again in the locked folder, and the rename is made
                # there: a link swapped in meanwhile is replaced, never followed
                dir_fd, leaf = held.leaf(str(path), field)
                try:
                    mode = os.stat(leaf, dir_fd=dir_fd, follow_symlinks=False).st_mode & 0o777
                except FileNotFoundError:
                    mode = 0o666 & ~_umask()
                os.chmod(tmp, mode)
                with _interrupts_held():
                    os.replace(os.path.basename(tmp), leaf, src_dir_fd=dir_fd,
                               dst_dir_fd=dir_fd)
                    _saved(path)
            else:
                try:
                    mode = os.stat(target).st_mode & 0o777
                except FileNotFoundError:
                    mode = 0o666 & ~_umask()
                os.chmod(tmp, mode)
                with _interrupts_held():
                    os.replace(tmp, target)
                    _saved(path)
        except OSError as exc:
            raise _named(exc, target, tmp) from None
    except BaseException:
        if tmp:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise
    _fsync_folder(folder)


def _saved(path: str | os.PathLike[str]) -> None:
    saves = _SAVES.get()
    if saves is not None:
        saves.append(str(path))


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """Ctrl-C (SIGINT) waits while the file is renamed and the save recorded.

    An interrupt between the rename and :func:`recording_saves` learning of it
    made the command line say "the game file is as it was" about a saved
    change.  Held back here, the interrupt lands once the save is recorded
    (SIGINT is blocked for this thread only, for the time of one rename).
    """
    import signal

    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None:  # pragma: no cover - not POSIX
        yield
        return
    previous = mask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, previous)


def _named(exc: OSError, path: str | os.PathLike[str], tmp: str | None = None) -> OSError:
    """``exc`` with the file it concerns named: a disk error says which file it hit
    (the file being saved, not the hidden temporary file beside it, nor a name
    relative to the folder's descriptor)."""
    if tmp is not None or exc.filename is None:
        exc.filename = os.fspath(path)
        exc.filename2 = None
    return exc


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
                         value=str(path), key="file.full", args=(MAX_FILE_BYTES // (1024 * 1024),))
    with replacing(path) as tmp:
        try:
            with open(tmp, "wb") as handle:
                handle.write(data)
                handle.flush()
        except OSError as exc:
            raise _named(exc, path, tmp) from None


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
    from .game import Game
    from .journal import dumps

    if not isinstance(game, Game):
        raise InputError("dump saves a Game (from load, loads or new_game)", field="game",
                         value=type(game).__name__, key="library_type")
    write_atomic(path, dumps(game))


#: the lock file of a folder where the system has no fcntl (Windows)
LOCK_FILE = ".whistscore.lock"


@contextlib.contextmanager
def _lock_file(folder: str, name: str, on_wait: Callable[[], object] | None) -> Iterator[None]:
    """The folder's lock where ``fcntl`` is missing: a lock file, :data:`LOCK_FILE`, in
    the folder, held through the ``filelock`` library (a dependency on Windows; its
    ``msvcrt`` locks there).  The file stays in the folder: it is the price of a lock on
    a system that cannot lock a folder.  Inside Pyodide (the pocket site) there is no
    other process to take turns with, and the page holds the browser's own lock around
    each request (whistscore/pocket/runtime.py), so no lock is taken there.

    Files are then read and replaced by their names (the descriptor-relative guards of
    :func:`locked` need ``fcntl``'s open folder): the lock still makes two writers take
    turns.

    :raises InputError: the folder does not exist or its lock file cannot be made, or
        ``filelock`` is not installed on a system that needs it.
    """
    if sys.platform == "emscripten":
        yield
        return
    try:
        import filelock
    except ImportError:
        raise InputError("this system has no fcntl, and the folder lock needs the filelock "
                         "package: pip install filelock", field="file", value=name,
                         key="file.folder") from None
    if not os.path.isdir(folder):
        raise InputError("the folder of the file does not exist", field="file",
                         value=name, key="file.folder")
    lock = filelock.FileLock(os.path.join(folder, LOCK_FILE))
    try:
        try:
            lock.acquire(timeout=0)
        except filelock.Timeout:
            on_wait = on_wait if on_wait is not None else _ON_WAIT.get()
            if on_wait is not None:
                on_wait()
            lock.acquire()
    except OSError as exc:
        raise InputError(f"the folder of the file cannot be locked ({exc.strerror or exc}): "
                         f"{folder}", field="file", value=name, key="file.folder") from None
    try:
        yield
    finally:
        lock.release()


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

    A game file may be a link into another folder; the lock is then that
    folder's.  If the file becomes a link into a third folder while the command
    waits (or works), that folder's lock is not held: the command is refused
    rather than write where another command may be writing.  Inside the block,
    :func:`read_bytes` and :func:`replacing` open and rename the file relative
    to the locked folder, never following a link at the last step.

    :raises InputError: the folder of the file does not exist or cannot be locked, or the
        file became a link into another folder while the command waited.
    """
    name = check_path(path)
    links = not _NO_LINKS.get()
    key = os.path.abspath(name)
    folder = os.path.dirname(os.path.realpath(name) if links else key)
    try:
        import fcntl
    except ImportError:  # Windows (or another system without fcntl): a lock file
        with _lock_file(folder, name, on_wait):
            yield
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise InputError("the folder of the file does not exist", field="file",
                         value=name, key="file.folder") from None
    except OSError as exc:
        raise InputError(f"the folder of the file cannot be locked ({exc.strerror or exc}): "
                         f"{folder}", field="file", value=name, key="file.folder") from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            on_wait = on_wait if on_wait is not None else _ON_WAIT.get()
            if on_wait is not None:
                on_wait()
            fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            info = os.fstat(fd)
            held = _Held(key, fd, info.st_dev, info.st_ino, links)
            held.leaf(name)  # the file has not moved out of the folder while we waited
            token = _HELD.set(_HELD.get() + (held,))
            try:
                yield
            finally:
                _HELD.reset(token)
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
