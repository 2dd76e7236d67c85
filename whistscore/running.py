"""The sheet deal by deal: one block of columns per player, running values row by row.

On paper every column of a player grows down the page, one number per deal
that changed it.  This table is that page for any game, built from the entries
alone: a column for each (player, column, written-on) the game has written, in
seating order, and a row for each deal showing the new running value of every
column the deal changed (blank where it changed nothing), with the entries
behind it.  ``show --by-deal`` prints it and the workbook has it on its own tab.
"""

from __future__ import annotations

from typing import Any

from .layout import Cell, Label, Table
from .ledger import Amount, Entry, plain_number

__all__ = ["running_table"]


def _order(replay: Any) -> list[tuple[str, str, str | None]]:
    """Columns in seating order: a player's own columns first, then what he writes on others."""
    players = replay.game.players
    seat = {p: i for i, p in enumerate(players)}
    first: dict[tuple[str, str, str | None], int] = {}
    named: dict[str, int] = {}  # a column name's first appearance, the same for every player
    for result in replay.results:
        for e in result.outcome.entries:
            key = (e.player, e.column, e.against)
            if key not in first:
                first[key] = len(first)
                named.setdefault(e.column, len(named))
    owners: dict[str, int] = {}
    for (player, _, _), n in sorted(first.items(), key=lambda kv: kv[1]):
        owners.setdefault(player, n)

    def rank(key: tuple[str, str, str | None]) -> tuple[int, ...]:
        player, column, against = key
        owner = seat.get(player, len(players) + owners[player])
        if against is None:
            return owner, 0, named[column], 0, 0
        return owner, 1, named[column], seat.get(against, len(players)), first[key]

    return sorted(first, key=rank)


def running_table(replay: Any) -> Table:
    """The deal-by-deal table of a replay that kept its results.

    ``replay`` is a :class:`whistscore.game.Played` (a Replay); it is typed ``Any`` so that
    this module stays below ``game.py`` in the layers (it reads only entries and columns).
    """
    columns = _order(replay)
    index = {key: i for i, key in enumerate(columns)}
    header: list[Any] = [Label("deal")]
    for player, column, against in columns:
        if against is None:
            header.append(Label("running.own", (player, Label(column))))
        else:
            header.append(Label("running.on", (player, Label(column), against)))
    # a column that does not start at 0 (twist's gora starts at the agreed size)
    kind = replay.game.kind
    start = kind.opening_values(replay.game.players, replay.game.rules)
    totals: list[Amount] = [start.get(key, 0) for key in columns]
    rows: list[tuple[Cell, ...]] = []
    for result in replay.results:
        changed: dict[int, list[Entry]] = {}
        for e in result.outcome.entries:
            i = index[e.player, e.column, e.against]
            totals[i] += e.amount
            changed.setdefault(i, []).append(e)
        row = [Cell(result.number)]
        for i in range(len(columns)):
            if i in changed:
                row.append(Cell(plain_number(totals[i]), tuple(changed[i])))
            else:
                row.append(Cell(None))
        rows.append(tuple(row))
        restart = kind.running_restarts(result.outcome.entries)
        if restart:  # a new game begins: its score is written from 0 again
            for i, (_, column, _) in enumerate(columns):
                if column in restart:
                    totals[i] = 0
    rows.append((Cell(Label("total"), style="total"),)
                + tuple(Cell(plain_number(t), style="total") for t in totals))
    return Table(Label("running.title"), tuple(header), tuple(rows), key="by_deal")
