"""The terminal's tables, drawn as tabulate's ``simple`` format draws them.

Every command that prints a table would otherwise import tabulate, which
imports ``importlib.metadata`` (for its own version) and more: about as long
as Python takes to start (issue 16).  The tables whistscore draws are plain
(short single-line text cells, no numbers to align), so they are drawn here,
character for character as tabulate would; a cell this drawing does not cover
(a line break, a tab, a control or wide character, surrounding spaces) hands
the whole table to tabulate itself.  tests/test_plaintable.py compares the two.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

__all__ = ["tabulate"]

# Text whose width is its length, with no whitespace at either end.
_INK = r"[\x21-\x7e\xa1-\u02ff\u0370-\u052f]"  # ASCII, Latin, Greek, Cyrillic; no space
_PLAIN = re.compile(rf"(?:{_INK}(?:[ \xa0]*{_INK})*)?")


def _text(value: Any) -> str | None:
    """The cell as drawn, or None if only tabulate can draw it."""
    if value is None:
        return ""
    if type(value) is int:
        return str(value)
    if type(value) is not str:
        return None
    return value if _PLAIN.fullmatch(value) else None


def tabulate(rows: Sequence[Sequence[Any]], headers: Sequence[Any], tablefmt: str = "simple",
             disable_numparse: bool = True, stralign: str = "left") -> str:
    """``tabulate.tabulate`` for the arguments whistscore passes it."""
    head = [_text(h) for h in headers]
    width = len(head)
    body = [[_text(c) for c in row] for row in rows]
    if (tablefmt != "simple" or not disable_numparse or stralign not in ("left", "right")
            or None in head or any(None in row or len(row) != width for row in body)):
        from tabulate import tabulate as drawn  # the cases drawn here do not cover
        return drawn(rows, headers=headers, tablefmt=tablefmt,
                     disable_numparse=disable_numparse, stralign=stralign)
    widths = [len(h) + 2 for h in head]
    for row in body:
        for i, cell in enumerate(row):
            if len(cell) > widths[i]:
                widths[i] = len(cell)
    pad = str.rjust if stralign == "right" else str.ljust
    lines = ["  ".join(pad(h, w) for h, w in zip(head, widths)).rstrip(),
             "  ".join("-" * w for w in widths)]
    for row in body:
        lines.append("  ".join(pad(c, w) for c, w in zip(row, widths)).rstrip())
    return "\n".join(lines)
