"""``undo`` of a game that does not read or score: the last deal dropped from the file's text."""

from __future__ import annotations

import argparse
import json
import sys

from .. import files
from ..errors import terminal_text
from ..i18n import said
from .output import echo

__all__ = ["undo_text"]


def undo_text(a: argparse.Namespace) -> int:
    """The game does not read or score (a hand edit): drop the last deal from the
    file's text, keeping the rest byte for byte, then say what is still wrong.
    Anything that stops this too (no such file, a read-only file, no deal) is
    the refusal the user sees."""
    with files.locked(a.file):
        text = files.read_text(a.file)
        from .. import journal
        after, dropped_json, number = journal.drop_last_deal(text)
        files.write_atomic(a.file, after)
    why = [p for p in journal.check_text(text) if p.deal == number]
    shown = json.dumps(dropped_json, ensure_ascii=False)
    echo(said("cli.dropped", (number, shown[:200]), a.lang))
    echo(said("cli.unscored", (why[0],), a.lang) if why else said("cli.unread", (), a.lang))
    for problem in journal.check_text(after):
        sys.stderr.write(f"whistscore undo: still wrong in {terminal_text(a.file)}: "
                         f"{terminal_text(problem)}\n")
    return 0
