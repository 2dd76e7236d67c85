"""Head-to-head: how two players fared at the same tables (club.md "Head-to-head").

Evenings together, how often each finished ahead (by place in the game) or
level; where the game settles pair by pair (Preferans vists written on each
other, whist's sides) what one won from the other, in points and money;
always the average difference of their results.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from .archive import Archive
from .period import exact, exact_text, Period, evenings, kinds
from .standings import CENT

__all__ = ["head_to_head"]


def head_to_head(archive: Archive, a: str, b: str, period: Period, game: str | None = None,
                 unfinished: bool = False) -> dict[str, Any]:
    """``{"a", "b", "period", "games": {kind: {...}}}`` (docs/club.md)."""
    together = [e for e in evenings(archive, period, game, unfinished)
                if a in e.seats and b in e.seats]
    pairs: dict[str, int | Fraction] = {}
    for file, player, other, points in archive.rows(
            "SELECT p.file, sa.club_player, sb.club_player, p.points FROM pairs p "
            "JOIN seats sa ON sa.file = p.file AND sa.player = p.player "
            "JOIN seats sb ON sb.file = p.file AND sb.player = p.other "
            "WHERE sa.club_player = ? AND sb.club_player = ?", (a, b)):
        pairs[file] = exact(points)
    out: dict[str, Any] = {}
    for kind in kinds(together):
        rows = [e for e in together if e.game == kind]
        ahead = sum(e.seats[a].place < e.seats[b].place for e in rows)
        behind = sum(e.seats[a].place > e.seats[b].place for e in rows)
        diff = Fraction(sum(e.seats[a].points - e.seats[b].points for e in rows))
        item: dict[str, Any] = {
            "evenings": len(rows), "ahead": ahead, "behind": behind,
            "level": len(rows) - ahead - behind,
            "average_difference": exact_text(diff / len(rows)),
            "evening_list": [{**e.ref(), "places": [e.seats[a].place, e.seats[b].place],
                              "points": [exact_text(e.seats[a].points),
                                         exact_text(e.seats[b].points)]} for e in rows],
        }
        paired = [e for e in rows if e.file in pairs]
        if paired:
            won = sum(pairs[e.file] for e in paired)
            money: dict[str, Decimal] = {}
            for e in paired:
                if e.stake is not None:
                    cur = e.currency or ""
                    pair = Fraction(pairs[e.file])
                    # each evening's money to the cent, then added, as the standings add
                    # each evening's settled money (a season's total rounded once was not
                    # what was paid: 16 evenings of 1.08 made 17.33)
                    value = (Decimal(pair.numerator) * e.stake / pair.denominator).quantize(CENT)
                    money[cur] = money.get(cur, Decimal(0)) + value
            item["won_from_other"] = {"points": exact_text(won),
                                      "money": {c: str(v) for c, v in sorted(money.items())}}
        out[kind] = item
    return {"a": a, "b": b, "period": period.to_json(), "games": out}
