"""``undo`` of a game that does not read or score: the last deal dropped from the file's text."""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import terminal_text
from ..i18n import said
from .output import echo

__all__ = ["undo_text"]


def undo_text(a: argparse.Namespace) -> int:
    """The game does not read or score (a hand edit): drop the last deal from the
    file's text, keeping the rest byte for byte (:class:`whistscore.recording.Repair`),
    then say what is still wrong.
    Anything that stops this too (no such file, a read-only file, no deal) is
    the refusal the user sees."""
    from .. import recording

    done = recording.repair(a.file, recording.Repair())
    shown = json.dumps(done.dropped, ensure_ascii=False)
    echo(said("cli.dropped", (done.number, shown[:200]), a.lang))
    echo(said("cli.unscored", (done.why[0],), a.lang) if done.why
         else said("cli.unread", (), a.lang))
    for problem in done.still:
        sys.stderr.write(f"whistscore undo: still wrong in {terminal_text(a.file)}: "
                         f"{terminal_text(problem)}\n")
    return 0
