"""A game's sheet as players draw it on paper, as data the game writes and the scorepad draws.

The scorepad's drawing (``web/draw.py``) knows geometry, pencil lines and colours; it must
not know which game it draws, nor what a game's columns, entries or state mean (issue 22:
no module outside a game's package names a game or reads its state).  So each game says
what is on its paper through ``GameType.drawing`` -- the pulka's bands and who closed his
pulya, the whist marker's rubbers above and below the line, the Danish pad's rows -- and
the drawing only lays those values out.  Every value is the game's own: a running column
of its entries, a total of its ``sheet_json``; a word is a :class:`~whistscore.layout.Label`
the page says in its language.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Union

import attrs

from .layout import Label, Phrase
from .ledger import Amount, Entry, json_number, plain_number

__all__ = ["Band", "Mark", "Seat", "Pulka", "Rubber", "Marker", "PadRow", "Pad", "Drawing", "pulka",
           "running_columns"]

#: a column's place on the sheet: (player, column, written on whom)
ColumnKey = tuple[str, str, Union[str, None]]


@attrs.frozen
class Band:
    """One field of the pulka: a column's running values in the order written, its total
    as ``show --json`` writes it, and whether it is closed (the pulya reached)."""

    column: str
    values: tuple[Amount, ...]
    total: object
    closed: bool = False


@attrs.frozen
class Mark:
    """A symbol written after a player's name (twist's nota): its words, whether it is
    still live (a spent one is drawn crossed out), what ``--json`` calls it, and how many
    live symbols of its kind it stands for (``X×3``) or, for the "…" of older ones, how
    many it hides."""

    word: Label | Phrase | str
    live: bool = True
    symbol: str = ""
    count: int = 1
    more: bool = False


@attrs.frozen
class Seat:
    """One player's sector of the pulka, from the centre out: the inner band, the middle
    band, then the vists written on each opponent (by name)."""

    player: str
    inner: Band
    middle: Band
    vists: Mapping[str, Band]
    marks: tuple[Mark, ...] = ()


@attrs.frozen
class Pulka:
    """The paper pulka (Preferans, Twist): a sector per seat, in seating order; the centre
    circle's number (the pulya, the gora) and the small line under it (the pulyas' sum)."""

    seats: tuple[Seat, ...]
    centre: str
    centre_small: str = ""
    legend: Label | None = None


@attrs.frozen
class Rubber:
    """One rubber of the marker's sheet: above the line ``(side, amount, words)`` in the
    order written; below it, per game, per side, ``(running points, column)`` in order."""

    number: int
    above: tuple[tuple[int, Amount, Label], ...]
    games: tuple[tuple[tuple[tuple[Amount, str], ...], ...], ...]


@attrs.frozen
class Marker:
    """The whist marker's sheet: two sides (their names and who sits in each), the rubbers,
    whether rubbers are counted (numbered), each side's total."""

    sides: tuple[str, ...]
    members: tuple[tuple[str, ...], ...]
    rubbers: tuple[Rubber, ...]
    numbered: bool
    totals: tuple[object, ...]
    legend: Label | None = None


@attrs.frozen
class PadRow:
    """One deal on the running pad: its number, its dealer, and per player the running
    total and the change (``None``: the player held no cards this deal)."""

    number: int
    dealer: str
    cells: tuple[tuple[Amount, Union[Amount, None]], ...]


@attrs.frozen
class Pad:
    """The running pad (Danish whist): a column per player, a row per deal, the totals;
    ``number`` heads the column of the deals' numbers."""

    players: tuple[str, ...]
    rows: tuple[PadRow, ...]
    totals: tuple[object, ...]
    number: Label
    legend: Label | None = None


#: what a game draws; ``None`` lets the page show the game's own ``sheet_tables``
Drawing = Union[Pulka, Marker, Pad, None]


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


def pulka(players: tuple[str, ...], running: Mapping[ColumnKey, list[Amount]],
          columns: tuple[str, str], totals: Mapping[str, Mapping[str, object]],
          vists: Mapping[str, Mapping[str, object]], *, centre: str, centre_small: str = "",
          closed: frozenset[str] = frozenset(), marks: Mapping[str, tuple[Mark, ...]] | None = None,
          legend: Label | None = None) -> Pulka:
    """A pulka from a game's running columns and totals (what Preferans and Twist share).

    ``columns`` are the inner and middle bands' columns, ``totals[player][column]`` and
    ``vists[player][opponent]`` the totals of ``sheet_json`` (drawn when a column was never
    written), ``closed`` the players whose middle band is closed."""
    def band(player: str, column: str, against: str | None, total: object,
             shut: bool = False) -> Band:
        values = tuple(running.get((player, column, against), ()))
        return Band(column, values, json_number(values[-1]) if values else total, shut)

    inner, middle = columns
    seats = tuple(
        Seat(p, band(p, inner, None, totals[p][inner]),
             band(p, middle, None, totals[p][middle], p in closed),
             {q: band(p, "vists", q, vists[p][q]) for q in players if q != p},
             (marks or {}).get(p, ()))
        for p in players)
    return Pulka(seats, centre, centre_small, legend)
