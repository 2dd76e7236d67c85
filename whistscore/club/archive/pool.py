"""Replaying many files at once: a full rebuild shares its files among forked processes
(each result a tuple of plain values, sent back in order), with Ctrl-C left to the parent
and every process dying with it.  The unit of work is given by the caller (refresh.py's
``_look``, as it is when the refresh starts: a test's patch of it is the one called); the
processes are forked, so they are handed it without pickling it."""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import Any, Callable, Iterator, TypeVar

#: a changed file looked at: ("same", digest, None) its content is what the archive has,
#: ("error", digest or None, the one-line error), or ("rows", digest, its rows)
_Looked = tuple[str, "str | None", Any]
#: one file to look at, as the caller lists it
_E = TypeVar("_E")
#: the function a replaying process looks each file with (set as it starts)
_LOOK: Callable[..., _Looked] | None = None

#: a refresh with at least this many files to replay shares them among processes
POOL_FILES = 100
#: the most processes a refresh uses (one per core the process may run on, up to this)
POOL_MOST = 8


def _looked(folder: Path, jobs: list[tuple[_E, str | None]], version: str,
            look: Callable[[Path, _E, str | None, str], _Looked]) -> Iterator[_Looked]:
    """``look`` (refresh.py's ``_look``) of every job, in order.

    A full rebuild replays every file, and replaying is CPU work that needs nothing
    but the file: with :data:`POOL_FILES` files or more and several cores, forked
    processes replay them (each result a tuple of plain values, sent back in order)
    while this process writes the rows.  The CPU is about what one process spends; the
    rebuild's time is shared among the cores (docs/club.md "Speed" has the figures).
    """
    workers = _workers(len(jobs))
    done = 0
    if workers > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool

        _preload()  # imported once here, not once in every process
        chunk = max(1, min(16, len(jobs) // (workers * 8)))
        pool = None
        try:
            with _ctrl_c_held():  # the processes start deaf to Ctrl-C (_worker_start)
                pool = ProcessPoolExecutor(workers,
                                           mp_context=multiprocessing.get_context("fork"),
                                           initializer=_worker_start,
                                           initargs=(os.getpid(), look))
                looked = pool.map(_look_job, [(folder, e, k, version) for e, k in jobs],
                                  chunksize=chunk)
            for one in looked:
                yield one
                done += 1
        except BrokenProcessPool:  # a process was killed (out of memory, a signal): the
            pass  # files it had not sent back are replayed here, as without processes
        finally:  # stopped early (Ctrl-C, a failed write): the files not begun are dropped
            if pool is not None:
                pool.shutdown(wait=done == len(jobs), cancel_futures=True)
    for e, known_digest in jobs[done:]:
        yield look(folder, e, known_digest, version)


def _workers(jobs: int) -> int:
    """How many processes replay ``jobs`` files: one below :data:`POOL_FILES`, on a
    single core, where processes cannot be forked (Windows, the browser's Pyodide), and
    in a process running other threads (the scorepad): a fork copies only the calling
    thread, and a lock another thread held would stay held in the copy for ever."""
    import threading

    if jobs < POOL_FILES or threading.active_count() > 1 or sys.platform == "emscripten":
        return 1
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    if cores < 2:
        return 1
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return min(cores, POOL_MOST)


def _preload() -> None:
    """Import what replaying a file needs, every game included, before the processes
    are forked, so that each of them starts with it."""
    import hashlib  # noqa: F401

    from ... import files, journal  # noqa: F401
    from ...games import GAMES, get_game
    from .. import facts as _facts  # noqa: F401

    for name in GAMES:
        try:
            get_game(name)
        except Exception:  # a broken plugin: its files' errors are reported when read
            pass


@contextlib.contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) back while the processes are forked: a process forked with it
    pending would die of it before it can ignore it, and the pool would then be broken
    rather than stopped.  Held back, it is delivered here as soon as they are started."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _worker_start(parent: int, look: Callable[..., _Looked]) -> None:
    """A replaying process leaves Ctrl-C to the one that started it (which stops them
    and rolls the archive back): a worker of its own would print a traceback.  It was
    forked with Ctrl-C held back (:func:`_ctrl_c_held`); ignored, it is let through.

    It also dies with ``parent``: a rebuild killed outright (``kill -9``, the OOM killer)
    cannot stop its processes, which would wait for ever on a pipe that the others still
    hold open (the review found them alive long after).  Linux says so with
    PR_SET_PDEATHSIG; a parent already gone before it was asked is checked by its pid.

    It looks each file with ``look`` (:func:`_look_job`): forked, it is handed the
    function itself, not its name."""
    import signal

    global _LOOK
    _LOOK = look

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):  # no prctl: only the check below
            pass
    if os.getppid() != parent:
        os._exit(1)


#: prctl(2)'s option: the signal a process gets when the thread that forked it ends
_PR_SET_PDEATHSIG = 1


def _look_job(job: tuple[Path, Any, str | None, str]) -> _Looked:
    """The pool's callable: a module-level function (sent by name to the processes) that
    looks each file with the caller's ``look`` (:func:`_worker_start` set it)."""
    assert _LOOK is not None
    return _LOOK(*job)
