"""The whist marker's sheet: two columns, we and they; game values and rubbers above the
line, points below it, game by game; each side's total.  The values and their drawing."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

import attrs

from ..layout import Label
from ..ledger import Amount, format_amount, json_number
from . import Paper, paper_kind
from .ink import Ink, add_text, el, num, row

if TYPE_CHECKING:
    from .ink import Node

__all__ = ["Marker", "Rubber"]


@attrs.frozen
class Rubber:
    """One rubber of the marker's sheet: above the line ``(side, amount, words)`` in the
    order written; below it, per game, per side, ``(running points, column)`` in order."""

    number: int
    above: tuple[tuple[int, Amount, Label], ...]
    games: tuple[tuple[tuple[tuple[Amount, str], ...], ...], ...]


@paper_kind
@attrs.frozen
class Marker(Paper):
    """The whist marker's sheet: two sides (their names and who sits in each), the rubbers,
    whether rubbers are counted (numbered), each side's total."""

    sides: tuple[str, ...]
    members: tuple[tuple[str, ...], ...]
    rubbers: tuple[Rubber, ...]
    numbered: bool
    totals: tuple[object, ...]
    legend: Label | None = None

    form: ClassVar[str] = "marker"

    def draw(self, ink: Ink) -> list[Node]:
        """The marker's sheet and its legend."""
        return _marker(self, ink)


def _marker(paper: Marker, ink: Ink) -> list[Node]:
    """Two columns, we and they: game values and rubbers above the line, points below."""
    sides = paper.sides
    head = row(None)
    for side, members in zip(sides, paper.members):
        head.append(el("th", {"title": f"{side}: {', '.join(members)}"}, side,
                        el("br"), el("span", {"class": "ws-tag"}, " · ".join(members))))
    table = el("table", {"class": "ws-marker"}, None, el("thead", None, None, head))
    for b in paper.rubbers:
        if not b.above and not any(ns or ew for ns, ew in b.games) and b.number > 1:
            continue
        body = el("tbody")
        if paper.numbered:
            body.append(row(None, el("td", {"class": "ws-cap", "colspan": 2},
                                       f"{ink.say(Label('rubber_no'))} {b.number}")))
        # above the line: written upwards from the line, the latest at the top
        for i, amount, what in reversed(b.above):
            cells = [el("td"), el("td")]
            cells[i].extend([el("span", {"data-side": sides[i],
                                          "data-above": json_number(amount)}, num(amount)),
                             el("span", {"class": "ws-tag"}, ink.say(what))])
            cells[i][0].tail = " "
            body.append(row({"class": "ws-above"}, *cells))
        first = True
        for g, (ns, ew) in enumerate(b.games):
            last_game = g == len(b.games) - 1
            if last_game and not ns and not ew and not first:
                continue
            cls = ["ws-below"]
            if first:
                cls.append("ws-line")
            if not last_game:
                cls.append("ws-gameend")
            cells = []
            for steps in (ns, ew):
                td = el("td")
                for k, (value, column) in enumerate(steps):
                    if k:
                        add_text(td, ".")
                    td.append(el("span", {"class": f"ws-{column}"}, num(value)))
                cells.append(td)
            body.append(row({"class": " ".join(cls)}, *cells))
            first = False
        table.append(body)
    table.append(el("tfoot", None, None,
                     row(None, el("td", {"class": "ws-cap", "colspan": 2},
                                    ink.say(Label("total")))),
                     row({"class": "ws-foot"}, *[
                         el("td", {"data-side": s, "data-total": t},
                             format_amount(Fraction(str(t)), signed=True))
                         for s, t in zip(sides, paper.totals)])))
    return [table, *ink.legend(paper.legend)]
