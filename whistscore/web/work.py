"""Work that the event loop cannot afford: replays, settling, drawing, the workbook.

One event loop answers every phone at the table, so a request that computes
for long on it stops them all (a single slow settle froze the whole server for
minutes).  Every endpoint that reads or writes a game file hands that work to
:class:`Work`: it runs in a worker thread, at most ``threads`` at once, and a
reading request gets its answer within ``seconds`` or a clear 503.

A thread cannot be stopped from outside, so a reading job that runs over its
time is abandoned, not killed: it keeps its slot until it really ends, so
runaway jobs can never take more than ``threads`` threads, and the loop stays
free for everyone else.  Reading jobs run in daemon threads of their own, so
a runaway one never keeps ``whistscore serve`` from stopping at Ctrl+C (the
worker threads of anyio are joined when Python exits).  A *write* is never abandoned: answering 503 while the
deal is saved a moment later would lie about what was saved.  A write only
waits for a slot within the time (nothing is written if none frees up) and then
runs to its end, bounded by the journal's own lock timeout and file size cap.

Writes have slots of their own (:data:`WRITE_THREADS`), apart from the reads':
four phones opening the Club page over a huge folder, or four workbook
downloads, took every slot, and tonight's deal got 503 "nothing was written"
for minutes.  A recording is never queued behind reads; writes of one folder
then wait for each other on the folder's lock, which is held for well under a
second.
"""

from __future__ import annotations

import threading
from typing import Any, Callable, TypeVar

import anyio
import anyio.from_thread
import anyio.lowlevel
import anyio.to_thread

from ..errors import InputError

__all__ = ["Busy", "Inline", "Work", "WORK_SECONDS", "WORK_THREADS", "WRITE_THREADS"]

#: how long a request may compute before it is answered 503 (a replay of the largest
#: game file the store serves takes well under a second on a phone-table laptop)
WORK_SECONDS = 20.0
#: worker threads for reading game work at once (runaway ones included)
WORK_THREADS = 4
#: worker threads for writes at once, never taken by a read (a write of a folder takes
#: its lock, so more than two would only wait there)
WRITE_THREADS = 2

T = TypeVar("T")
#: how often a request waiting for a thread slot looks again (seconds)
_POLL = 0.01


class Busy(InputError):
    """The work did not finish (or start) within the time: answered 503."""


async def _in_daemon_thread(fn: Callable[[], T]) -> T:
    """``fn()`` in a new daemon thread; cancelling the wait abandons it."""
    done = anyio.Event()
    token = anyio.lowlevel.current_token()
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # handed to the waiting request, raised there
            box["error"] = exc
        try:
            anyio.from_thread.run_sync(done.set, token=token)
        except Exception:  # noqa: BLE001 - the loop is gone (the server stopped): nobody waits
            pass

    threading.Thread(target=run, name="whistscore work", daemon=True).start()
    await done.wait()
    if "error" in box:
        raise box["error"]
    value: T = box["value"]
    return value


class Work:
    """Runs game work in worker threads, bounded in threads and (for reads) in time.

    The slots are a thread semaphore, taken on the loop and given back by the
    job's own thread when it really ends (an abandoned job included), so the
    count holds whichever event loop asked."""

    def __init__(self, threads: int = WORK_THREADS, seconds: float = WORK_SECONDS,
                 writes: int = WRITE_THREADS) -> None:
        self.seconds = seconds
        #: the reads' slots
        self.slots = threading.BoundedSemaphore(threads)
        #: the writes' own slots: a recording never waits behind reads
        self.write_slots = threading.BoundedSemaphore(writes)

    def _too_slow(self) -> Busy:
        return Busy(f"the scorepad did not finish this within {self.seconds:g} seconds "
                    "(nothing was written); try again", field="time")

    async def _slot(self, slots: threading.BoundedSemaphore | None = None) -> None:
        """Wait (on the loop, never blocking it) for a free thread slot (a read's unless
        ``slots`` says whose)."""
        slots = self.slots if slots is None else slots
        while not slots.acquire(blocking=False):
            await anyio.sleep(_POLL)

    async def read(self, fn: Callable[..., T], *args: object) -> T:
        """``fn(*args)`` off the loop; abandoned after :attr:`seconds` (fn must not write)."""
        return await self._read(self.slots, fn, *args)

    async def answer(self, fn: Callable[..., T], *args: object) -> T:
        """A write's answer (the settlement and sheet after the saved deal): read as
        :meth:`read` reads, in the writes' own slots, so the table's answer never waits
        behind other phones' reads either."""
        return await self._read(self.write_slots, fn, *args)

    async def _read(self, slots: threading.BoundedSemaphore, fn: Callable[..., T],
                    *args: object) -> T:
        lock = threading.Lock()
        state = {"started": False, "abandoned": False}

        def job() -> T:
            with lock:
                if state["abandoned"]:   # given up before it began: do nothing
                    raise self._too_slow()
                state["started"] = True
            try:
                return fn(*args)
            finally:
                slots.release()

        try:
            with anyio.fail_after(self.seconds):
                await self._slot(slots)
                try:
                    return await _in_daemon_thread(job)
                except BaseException:
                    with lock:
                        never = not state["started"]
                        state["abandoned"] = True
                    if never:   # the job will not run, so its slot is ours to give back
                        slots.release()
                    raise
        except TimeoutError:
            raise self._too_slow() from None

    async def write(self, fn: Callable[..., T], *args: object) -> T:
        """``fn(*args)`` off the loop once a write slot is free (within the time); never
        abandoned, never behind reads."""
        try:
            with anyio.fail_after(self.seconds):
                await self._slot(self.write_slots)
        except TimeoutError:
            raise self._too_slow() from None
        try:
            return await anyio.to_thread.run_sync(fn, *args)
        finally:
            self.write_slots.release()


class Inline:
    """Game work run where it is asked, for the pocket app (``create_app(pocket=True)``).

    The browser's Python (Pyodide) has no threads.  There the app itself runs in a web
    worker, off the page's thread, answering its one page one request at a time, so
    nothing waits behind a long job but the page that asked for it; the journal's file
    size cap bounds the job as it bounds every replay."""

    seconds = WORK_SECONDS

    async def read(self, fn: Callable[..., T], *args: object) -> T:
        return fn(*args)

    async def answer(self, fn: Callable[..., T], *args: object) -> T:
        return fn(*args)

    async def write(self, fn: Callable[..., T], *args: object) -> T:
        return fn(*args)
