"""What the command line adds around its commands for a person at a terminal.

Three small things the commands share, kept out of :mod:`whistscore.cli` so that its
commands stay about scoring:

- :func:`env_lang`: the reader's language from ``LC_ALL`` / ``LC_MESSAGES`` / ``LANG``
  when ``--lang`` is not given (a Russian locale gives Russian, anything else English);
- :func:`write_samples`: ``whistscore demo DIR`` writes the shipped samples out, so the
  README's commands work from an installed wheel, outside any checkout;
- :class:`Progress`: one line on stderr, rewritten in place, while long work runs (the
  club's rebuild, ``pocket build``, an export); nothing at all when stderr is not a
  terminal, so pipes, logs and tests read exactly what they read before.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path
from typing import IO, Callable, Mapping

from .errors import InputError

__all__ = ["Progress", "env_lang", "sample_files", "write_samples"]

#: the variables that name the reader's locale, the first one set wins (POSIX's order)
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def env_lang(environ: Mapping[str, str] | None = None) -> str:
    """``ru`` when the reader's locale is Russian (``ru_RU.UTF-8``, ``ru``), else ``en``.

    The first of :data:`LOCALE_VARIABLES` that is set and not empty decides, as it does
    for every program on the system: ``LC_ALL=C`` with ``LANG=ru_RU.UTF-8`` is English.
    """
    env = os.environ if environ is None else environ
    for name in LOCALE_VARIABLES:
        value = env.get(name, "")
        if value:
            language = value.split(".")[0].split("@")[0].split("_")[0].lower()
            from .language import langs

            return language if language in langs() else "en"
    return "en"


# -- the shipped samples ---------------------------------------------------------------

def _samples_root() -> Path:
    """The samples: ``whistscore/samples/`` in an installed wheel (package data, a folder
    without ``__init__.py``), the repository's ``samples/`` folder in a checkout
    (pyproject.toml maps one onto the other)."""
    here = Path(__file__).resolve().parent
    installed = here / "samples"
    return installed if installed.is_dir() else here.parent / "samples"


def sample_files() -> dict[str, bytes]:
    """Every shipped sample, by its path under the samples folder (``club/club.json``)."""
    root = _samples_root()
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*.json")) if p.is_file()}


def write_samples(folder: str) -> list[str]:
    """Write the shipped samples into ``folder`` (made if missing); the paths written.

    A sample already there with the same bytes is left as it is, so the command can be
    run twice; a different file of that name is refused before anything is written
    (someone's game is never replaced by a sample).

    :raises InputError: a file of a sample's name is there with other content, or
        ``folder`` is a file.
    """
    out = Path(folder)
    samples = sample_files()
    if not samples:
        raise InputError("the shipped samples are missing from this installation",
                         field="samples", value=str(_samples_root()))
    if out.exists() and not out.is_dir():
        raise InputError("not a folder", field="folder", value=folder, key="cli.not_folder")
    todo = []
    for name, data in samples.items():
        target = out / name
        if target.is_symlink() or (target.exists() and (not target.is_file()
                                                        or target.read_bytes() != data)):
            raise InputError(f"{target} is there, and is not the sample of that name; "
                             f"nothing was written (choose another folder)", field="folder",
                             value=folder, key="cli.demo_taken", args=(str(target),))
        if not target.exists():
            todo.append((target, data))
    for target, data in todo:
        target.parent.mkdir(parents=True, exist_ok=True)
        # never through a link, never over a file (O_EXCL)
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        except BaseException as exc:  # a full disk, Ctrl-C: no half sample is left, which
            os.close(fd)              # the next run would take for somebody's own file
            os.unlink(target)
            if isinstance(exc, OSError) and not exc.filename:
                raise OSError(exc.errno, exc.strerror, str(target)) from exc
            raise
        os.close(fd)
    return [str(out / name) for name in samples]


# -- progress on a terminal ------------------------------------------------------------

class Progress:
    """One line on ``stream`` (stderr) while long work runs, only if it is a terminal.

    Used as a context manager: after ``delay`` seconds the line says what is being done
    and for how long (``writing x.xlsx… 3 s``), or how far a counted piece of work is
    (:meth:`count`: ``replaying the club's games 120/800``); at the end it is wiped, so
    what the command prints afterwards reads as it does without a terminal.
    """

    def __init__(self, what: str, stream: IO[str] | None = None, delay: float = 1.0,
                 clock: Callable[[], float] = time.monotonic, counted: bool = False,
                 lang: str = "en") -> None:
        self.what = what
        self.lang = lang
        self.counted_only = counted  #: shown only while a count runs (a club's rebuild)
        self.stream = sys.stderr if stream is None else stream
        self.delay = delay
        self.clock = clock
        self.on = _is_terminal(self.stream)
        self.started = clock()
        self.counted: tuple[int, int] | None = None
        self.shown = False
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def __enter__(self) -> Progress:
        if self.on:
            self.started = self.clock()
            self._thread = threading.Thread(target=self._tick, daemon=True,
                                            name="whistscore-progress")
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=1)
        self.clear()

    def count(self, done: int, total: int) -> None:
        """``done`` of ``total`` pieces are done (shown at the next tick); the last one
        wipes the line, and a counted progress says nothing more."""
        self.counted = (done, total)
        if done >= total and self.counted_only:
            self._stop.set()
            self.clear()

    def line(self) -> str:
        """The line as shown now."""
        if self.counted is not None:
            done, total = self.counted
            return f"{self.what} {done}/{total}"
        from .i18n import said

        return said("cli.progress.seconds", (self.what, int(self.clock() - self.started)),
                    self.lang)

    def show(self) -> None:
        """Rewrite the line now (the ticking thread calls this)."""
        if not self.on or (self.counted_only and (self.counted is None
                                                   or self._stop.is_set())):
            return
        with self._lock:
            self._write(f"\r\x1b[K{self.line()}")
            self.shown = True

    def clear(self) -> None:
        """Wipe the line, if one was shown (before other output, and at the end)."""
        with self._lock:
            self._wipe()

    def above(self, say: Callable[[], object]) -> None:
        """Call ``say`` (which prints a line) with the line wiped and the ticking held, so
        the printed line never lands after the progress text; the next tick shows it again."""
        with self._lock:
            self._wipe()
            say()

    def _wipe(self) -> None:
        if self.shown:
            self._write("\r\x1b[K")
            self.shown = False

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # the terminal went away: the work goes on
            self.on = False

    def _tick(self) -> None:
        if self._stop.wait(self.delay):
            return
        while True:
            self.show()
            if self._stop.wait(0.25):
                return


def _is_terminal(stream: IO[str]) -> bool:
    if os.environ.get("TERM") == "dumb":
        return False
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False
