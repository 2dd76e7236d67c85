"""A game's sheet as players draw it on paper: the kinds of paper, each drawing itself.

The scorepad's drawing knows geometry, pencil lines and colours; it must not know which
game it draws, nor what a game's columns, entries or state mean (issue 22: no module
outside a game's package names a game or reads its state).  So each game says what is
on its paper through ``GameType.drawing`` -- the pulka's bands and who closed his pulya,
the whist marker's rubbers above and below the line, the Danish pad's rows -- as a value
of one of the kinds of paper, and the kind lays those values out.  Every value is the
game's own: a running column of its entries, a total of its ``sheet_json``; a word is a
:class:`~whistscore.layout.Label` the page says in its language.

A kind of paper is registered like a game: a class of :class:`Paper`, the values it
draws, made known with :func:`paper_kind` in its own module (:mod:`.pulka`,
:mod:`.marker`, :mod:`.pad`), which holds both the values and their drawing
(:meth:`Paper.draw`, with what :mod:`.ink` provides).  A new paper is one new module;
the scorepad (``web/draw.py``) draws any of them without naming it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Mapping, TypeVar, Union

from ..ledger import Amount, Entry, plain_number

if TYPE_CHECKING:
    from .ink import Ink, Node

__all__ = ["PAPERS", "Paper", "Drawing", "paper_kind", "running_columns"]

#: a column's place on the sheet: (player, column, written on whom)
ColumnKey = tuple[str, str, Union[str, None]]


class Paper:
    """A kind of paper: the values a game writes on it (its subclass's attributes) and
    how they are drawn (:meth:`draw`).  ``form`` names the kind (the page's
    ``ws-FORM-sheet``) and its entry in :data:`PAPERS`."""

    __slots__ = ()
    form: ClassVar[str] = ""

    def draw(self, ink: Ink) -> list[Node]:
        """The paper's HTML elements (inline SVG or tables), its words said by ``ink``."""
        raise NotImplementedError


#: every kind of paper by its form, each put here by its own module (:func:`paper_kind`)
PAPERS: dict[str, type[Paper]] = {}

P = TypeVar("P", bound=type[Paper])


def paper_kind(values: P) -> P:
    """Register a kind of paper (the class of its ``values``) under its ``form``: a class
    decorator, outermost.

    :raises ValueError: the class names no form, or another kind holds it already."""
    if not values.form or PAPERS.get(values.form, values).__qualname__ != values.__qualname__:
        raise ValueError(f"a kind of paper needs a form of its own: {values.form!r}")
    PAPERS[values.form] = values
    return values


#: what a game draws; ``None`` lets the page show the game's own ``sheet_tables``
Drawing = Union[Paper, None]


def running_columns(entries_by_deal: Iterable[Iterable[Entry]],
                    openings: Mapping[ColumnKey, Amount]) -> dict[ColumnKey, list[Amount]]:
    """(player, column, written-on) -> the column's running values, one per deal that
    changed it, as a pencil writes them (``2.4.6.8``).

    A column that does not start at 0 (twist's gora) starts with its opening value
    written, as the pencil does before the first deal."""
    out: dict[ColumnKey, list[Amount]] = {key: [value] for key, value in openings.items()}
    for entries in entries_by_deal:
        sums: dict[ColumnKey, Amount] = {}
        for e in entries:
            key = (e.player, e.column, e.against)
            sums[key] = sums.get(key, 0) + e.amount
        for key, amount in sums.items():
            if amount == 0:
                continue
            values = out.setdefault(key, [])
            values.append(plain_number((values[-1] if values else 0) + amount))
    return out


#: the names this module held before each kind of paper got a module of its own
#: (docs/api.md: still read here, from their kind's module)
#: (``whistscore.paper.pulka`` itself now names the pulka's module: its builder is
#: ``whistscore.paper.pulka.pulka``)
_MOVED = {"Band": "pulka", "Mark": "pulka", "Seat": "pulka", "Pulka": "pulka",
          "Rubber": "marker", "Marker": "marker", "PadRow": "pad", "Pad": "pad"}


def __getattr__(name: str) -> Any:
    home = _MOVED.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"{__name__}.{home}"), name)
