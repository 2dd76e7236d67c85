"""The first lines of the ``whistscore`` command, outside the package on purpose.

A console script imports its target's package before calling it, and
importing whistscore and its command line takes ~100 ms: a Ctrl-C in that time
printed a ``KeyboardInterrupt`` traceback.  This module is imported first and
is tiny: before anything else is loaded, Ctrl-C only notes that it came, and
once the command line is loaded an interrupt noted is a one-line message that
nothing was changed (exit 1).  Only the interpreter's own start-up, before this
module runs (its site set-up, tens of ms), stays outside its reach.
"""

from __future__ import annotations

import sys

import signal as _signal  # enum, which it loads, is in memory already (re, site)

__all__ = ["main"]


def main() -> None:
    """Load the command line and run it (:func:`whistscore.cli.run`)."""
    interrupted: list[int] = []
    _signal.signal(_signal.SIGINT, lambda signum, frame: interrupted.append(signum))
    from whistscore.cli import run

    if interrupted:
        _signal.signal(_signal.SIGINT, _signal.SIG_IGN)  # the outcome is said: no second one
        sys.stderr.write("whistscore: interrupted while starting; nothing was changed\n")
        sys.exit(1)
    run()  # puts its own handler in place first thing
