"""The running pad (Danish whist): a column per player, a row per deal with the running
total and the change written small, the totals.  The values and their drawing."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar, Union

import attrs

from ..layout import Label
from ..ledger import Amount, format_amount
from . import Paper, paper_kind
from .ink import Ink, el, num, row

if TYPE_CHECKING:
    from .ink import Node

__all__ = ["Pad", "PadRow"]


@attrs.frozen
class PadRow:
    """One deal on the running pad: its number, its dealer, and per player the running
    total and the change (``None``: the player held no cards this deal)."""

    number: int
    dealer: str
    cells: tuple[tuple[Amount, Union[Amount, None]], ...]


@paper_kind
@attrs.frozen
class Pad(Paper):
    """The running pad (Danish whist): a column per player, a row per deal, the totals;
    ``number`` heads the column of the deals' numbers."""

    players: tuple[str, ...]
    rows: tuple[PadRow, ...]
    totals: tuple[object, ...]
    number: Label
    legend: Label | None = None

    form: ClassVar[str] = "pad"

    def draw(self, ink: Ink) -> list[Node]:
        """The pad and its legend."""
        return _pad(self, ink)


# -- danish: the running pad ----------------------------------------------------------

PAD_ROWS = 40


def _pad(paper: Pad, ink: Ink) -> list[Node]:
    """A column per player, the running total a row per deal, the change written small."""
    players = paper.players
    rows = []
    for deal in paper.rows:
        cells = [el("td", {"class": "ws-no"}, str(deal.number))]
        for p, (total, change) in zip(players, deal.cells):
            dealt = " ws-dealt" if p == deal.dealer else ""
            if change is None:
                cells.append(el("td", {"class": f"ws-out{dealt}"}, num(total),
                                 el("span", {"class": "ws-chg"}, "—")))
            else:
                cells.append(el("td", {"class": dealt.strip()}, num(total),
                                 el("span", {"class": "ws-chg"},
                                     format_amount(change, signed=True))))
        rows.append(row(None, *cells))
    earlier = len(rows) - PAD_ROWS
    if earlier > 0:
        rows = ([row({"class": "ws-more"},
                      el("td", {"colspan": len(players) + 1},
                          ink.say(Label("draw.earlier", (earlier,)))))]
                + rows[earlier:])
    number = ink.say(paper.number)
    head = row(None, el("th" if number else "td", {"class": "ws-no"}, number),
                *[el("th", {"title": p}, p) for p in players])
    foot = row({"class": "ws-foot"}, el("td", {"class": "ws-no"}, "Σ"),
                *[el("td", {"data-player": p, "data-total": t}, num(Fraction(str(t))))
                  for p, t in zip(players, paper.totals)])
    table = el("table", {"class": "ws-table ws-pad"}, None, el("thead", None, None, head),
                el("tbody", None, None, *rows), el("tfoot", None, None, foot))
    return [table, *ink.legend(paper.legend)]
