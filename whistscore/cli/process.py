"""One run of the command: Ctrl-C armed only while the outcome is open, the saves
watched, the exit status."""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
from typing import TYPE_CHECKING, Any, Iterator, NoReturn, Sequence

from .. import files
from .commands import COMMANDS
from .failures import after_save, report_failure
from .output import tolerant_streams, waiting
from .parser import Parser, parser, usage_lang

if TYPE_CHECKING:
    from types import TracebackType

__all__ = ["Interrupts", "main", "run"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command (``argv`` without the program name; ``sys.argv`` by default) and
    return its exit status: 0 done (a change saved exactly once), 1 refused or failed with
    one line on stderr and the game file as it was.

    Ctrl-C (SIGINT) stops the command only until its outcome is known; a second one,
    or one while the result is being reported, is ignored, so what the command says is
    what happened (see :class:`Interrupts`).

    :raises SystemExit: wrong usage (status 2, the usage on stderr) or ``--help`` (status 0),
        as argparse does; every other failure is a message and a status, never a traceback.
    """
    with Interrupts() as interrupts:
        return _main(argv, interrupts)


def _preload(command: list[str]) -> None:
    """Load what a command that reads a game needs before Ctrl-C is armed, as importing
    this module did before ``club`` was made to load less: an interrupt that lands in an
    import's lock callback is swallowed by Python ("Exception ignored"), so imports belong
    before the armed window.  ``club`` on an archive that is up to date needs none of it."""
    if command != ["club"]:
        from .. import journal, replay, settlement  # noqa: F401


def run() -> NoReturn:
    """The ``whistscore`` command: :func:`main`, then exit with its status.

    After the outcome is known Ctrl-C is ignored to the end of the process, so
    an interrupt during the exit cannot print a traceback or change the status.
    """
    _preload(sys.argv[1:2])
    with Interrupts(restore=False) as interrupts:
        status = _main(None, interrupts)
        # the interpreter's exit puts back the default handler, which would kill
        # the process with SIGINT after a save; an ignored signal stays ignored
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.exit(status)


class Interrupts:
    """Ctrl-C raises KeyboardInterrupt once, and only while the command's outcome is open.

    Python's own handler raises at any point, also while the command reports an
    outcome already decided (``saved``) or while the interpreter exits, which
    printed a traceback or exited 130 after a save.  Here the first SIGINT
    raises; :meth:`settle` (called as soon as the command has finished or
    failed) makes every later one do nothing.  Only the main thread can set a
    handler; elsewhere (a web server's worker) the process's handler is left alone.
    """

    def __init__(self, restore: bool = True) -> None:
        self.armed = True
        self.restore = restore
        self.previous: Any = None
        self.installed = False

    def _on_interrupt(self, signum: int, frame: object) -> None:
        if self.armed:
            self.armed = False
            raise KeyboardInterrupt

    def settle(self) -> None:
        self.armed = False

    def __enter__(self) -> Interrupts:
        try:
            self.previous = signal.signal(signal.SIGINT, self._on_interrupt)
            self.installed = True
        except ValueError:  # not the main thread: the process's handler stays
            pass
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.armed = False
        if self.installed and self.restore:
            signal.signal(signal.SIGINT, self.previous)


def _main(argv: Sequence[str] | None, interrupts: Interrupts) -> int:
    command = ""
    try:
        Parser.lang = usage_lang(list(sys.argv[1:] if argv is None else argv))
        args = parser().parse_args(argv)
        command = args.command
        tolerant_streams()
        with files.recording_saves() as saves, _no_finalizer_noise() as failed, \
                files.waiting_message(waiting(args.command, getattr(args, "lang", None)
                                               or Parser.lang)):
            try:
                status = COMMANDS[args.command](args)
                interrupts.settle()
                if status:
                    failed.append(True)
                sys.stdout.flush()
                return status
            except BaseException as exc:
                interrupts.settle()
                failed.append(True)
                if saves and not isinstance(exc, SystemExit):
                    return after_save(args.command, saves, exc)
                if isinstance(exc, SystemExit):
                    raise
                # a command without --lang (serve, pocket) refuses in the reader's locale
                return report_failure(args.command, exc, _target_of(args),
                               getattr(args, "lang", None) or Parser.lang)
    except KeyboardInterrupt:  # before the command began (nothing can be saved yet)
        interrupts.settle()
        return report_failure(command, KeyboardInterrupt(), lang=Parser.lang)


@contextlib.contextmanager
def _no_finalizer_noise() -> Iterator[list[bool]]:
    """A failed write (a full disk) can leave a library's half-done generator or
    zip behind, whose finalizer then prints "Exception ignored ... Traceback":
    the command has already said what failed, so such noise is dropped.

    The collection that runs those finalizers now is made only after a failure
    (the caller appends to the list it is given): after a success it would walk
    every object of a long game for nothing."""
    import gc

    failed: list[bool] = []
    previous = sys.unraisablehook
    sys.unraisablehook = lambda unraisable: None
    try:
        yield failed
    finally:
        if failed:
            gc.collect()
        sys.unraisablehook = previous


def _target_of(args: argparse.Namespace) -> str | None:
    """The file a command writes (or reads): named by a disk error that names none."""
    name = getattr(args, "out", None) or getattr(args, "file", None) \
        or getattr(args, "export", None)
    return str(name) if name is not None else None
