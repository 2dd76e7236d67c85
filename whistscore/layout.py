"""A score sheet as a grid, shared by the text renderer and the Excel export.

A game lays its sheet out once, as :class:`Table` values; ``show`` prints them
with tabulate and ``export`` writes the same cells to a workbook, so the two
can never disagree.  Cells keep the entries behind their number, which become
the workbook's cell comments.  :class:`Label` and :class:`Phrase` (fixed text said in
the reader's language) are defined in :mod:`whistscore.ledger`, since an entry's detail
is one, and re-exported here.
"""

from __future__ import annotations

from typing import Any

import attrs

from .ledger import Entry, Label, Phrase

__all__ = ["Label", "Phrase", "Cell", "Table"]


@attrs.frozen(slots=True)
class Cell:
    """One sheet cell.

    ``value`` is text, an int or a Fraction (or ``None`` for empty);
    ``sources`` the entries behind a number; ``style`` a hint for renderers:
    ``"total"``, ``"crossed"``, ``"spent"``, ``"note"``.
    """

    value: Any = None
    sources: tuple[Entry, ...] = ()
    style: str | None = None


@attrs.frozen
class Table:
    """A titled grid: one header row and rows of :class:`Cell`."""

    title: Any
    header: tuple[Any, ...]
    rows: tuple[tuple[Cell, ...], ...]
    key: str = "sheet"

    def __attrs_post_init__(self) -> None:
        width = len(self.header)
        for row in self.rows:
            if len(row) != width:  # a programming error in a game's layout
                raise AssertionError(f"table {self.key}: row of {len(row)} cells, header of {width}")
