"""The pulka as players draw it: running sequences of pulya, gora and vists.

On paper nobody writes a total: each new value is written after the last one,
separated by a dot ("2.6.10"), so the whole history of a column can be read
back.  The sheet does the same, one value per deal that changed the column,
and each cell keeps the entries behind it for the workbook's comments.
"""

from __future__ import annotations

from typing import Any

from ..layout import Cell, Label, Table
from ..ledger import Entry, format_amount

__all__ = ["sheet_tables", "running_sequences"]


def running_sequences(replay: Any) -> dict[tuple, tuple[list, list[Entry]]]:
    """(player, column, against) -> (the values after each deal that changed it, its entries)."""
    out: dict[tuple, tuple[list, list[Entry]]] = {}
    for result in replay.results:
        changed: dict[tuple, list[Entry]] = {}
        for e in result.outcome.entries:
            changed.setdefault((e.player, e.column, e.against), []).append(e)
        for key, entries in changed.items():
            values, sources = out.setdefault(key, ([], []))
            last = values[-1] if values else 0
            values.append(last + sum(e.amount for e in entries))
            sources.extend(entries)
    return out


def _cell(seqs: dict, key: tuple) -> Cell:
    if key not in seqs:
        return Cell(None)
    values, sources = seqs[key]
    return Cell(".".join(format_amount(v) for v in values), tuple(sources))


def sheet_tables(game: Any, replay: Any) -> list[Table]:
    players = replay.game.players
    seqs = running_sequences(replay)
    header = (Label("player"), Label("pulya"), Label("gora"),
              *(Label("pref.vists_on", (q,)) for q in players))
    rows = []
    for p in players:
        row = [Cell(p), _cell(seqs, (p, "pulya", None)), _cell(seqs, (p, "gora", None))]
        for q in players:
            row.append(Cell(None) if q == p else _cell(seqs, (p, "vists", q)))
        rows.append(tuple(row))
    pulka = Table(Label("pref.pulka"), header, tuple(rows), key="pulka")

    state = replay.state
    balance = replay.balance()
    target = replay.game.rules["pulya"]
    rows = []
    for i, p in enumerate(players):
        own = [e for (who, col, _), (_, src) in seqs.items() if who == p for e in src]
        written = [e for e in own if e.column == "vists"]
        on_him = [e for (_, col, on), (_, src) in seqs.items() if col == "vists" and on == p
                  for e in src]
        rows.append((
            Cell(p),
            Cell(state.pulya[i], tuple(e for e in own if e.column == "pulya"),
                 "crossed" if state.pulya[i] >= target else None),
            Cell(state.gora[i], tuple(e for e in own if e.column == "gora")),
            Cell(sum(state.wrote(i, j) for j in range(len(players))), tuple(written)),
            Cell(sum(state.wrote(j, i) for j in range(len(players))), tuple(on_him)),
            Cell(balance[p], (), "total"),
        ))
    header = (Label("player"), Label("pulya"), Label("gora"), Label("pref.written"),
              Label("pref.received"), Label("balance"))
    totals = Table(Label("pref.totals"), header, tuple(rows), key="totals")
    return [pulka, totals]
