"""The first lines of the ``whistscore`` command, outside the package on purpose.

A console script imports its target's package before calling it, and
importing whistscore and its command line takes ~100 ms: a Ctrl-C in that time
printed a ``KeyboardInterrupt`` traceback.  The command itself is ``bin/whistscore``
(installed as written, not a launcher pip generates, whose ``import re`` came before
any line of ours): it notes a Ctrl-C from its first statement and hands what it
noted to :data:`_interrupted` here.  This module is imported next and is tiny: from its first statement, before anything else is loaded, Ctrl-C only
notes that it came, and once the command line is loaded an interrupt noted is a
one-line message that nothing was changed (exit 1).  Only the interpreter's own
start-up, before this module runs (its site set-up, tens of ms, and the loading of
this module), stays outside its reach.
"""

# The first statements note a Ctrl-C instead of raising it.  ``_signal`` is the interpreter's
# own module, in memory before any other is loaded: importing it reads nothing, where
# ``signal`` (or even ``from __future__``) would load a file first, and a Ctrl-C in that time
# was a traceback through this module (seen in CI).
import _signal

#: the Ctrl-Cs that came while the command line loads (each noted, none raised)
_interrupted: list[int] = []
_signal.signal(_signal.SIGINT, lambda signum, frame: _interrupted.append(signum))

import sys  # noqa: E402  (after the handler: a built-in module, nothing read either)

__all__ = ["main"]


def main() -> None:
    """Load the command line and run it (:func:`whistscore.cli.run`)."""
    from whistscore.cli import run

    if _interrupted:
        _signal.signal(_signal.SIGINT, _signal.SIG_IGN)  # the outcome is said: no second one
        sys.stderr.write("whistscore: interrupted while starting; nothing was changed\n")
        sys.exit(1)
    run()  # puts its own handler in place first thing
