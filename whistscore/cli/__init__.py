"""The ``whistscore`` command line: reading arguments and printing, no scoring.

Exit status: 0 success, 1 invalid input (the message names the deal, the
field and the value, and the game file is left exactly as it was), 2 wrong
usage.  No traceback reaches the user.

A command that writes exits 0 if and only if its change was saved (exactly
once), whatever fails after the save: :func:`main` watches the saves
(``files.recording_saves``), and printing the result can only add a warning.

One job a module:

* :mod:`.parser` -- the arguments of every command (argparse) and their usage errors;
* :mod:`.commands` -- the table of commands, name -> function, whose bodies live in
  :mod:`.writing` (the commands that change a game file), :mod:`.reading` (those that
  read one), :mod:`.workbook` (export, import), :mod:`.club` (the club and its
  workbook), :mod:`.sites` (serve, pocket, demo) and :mod:`.repair` (undo on the
  file's text);
* :mod:`.process` -- one run: Ctrl-C, the saves watched, the exit status;
* :mod:`.failures` -- what a refusal or a failure prints;
* :mod:`.output` -- writing to the terminal, the totals table.
"""

from __future__ import annotations

from .parser import parser as _parser  # noqa: F401  (the name the tests build it by)
from .process import main, run

__all__ = ["main", "run"]
