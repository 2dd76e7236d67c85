"""The standings: per game kind, who is ahead over a period (club.md "Standings").

Points of different games are never added (Preferans vists, Twist, Whist and
Danish points); money is added per currency.  Places come from each game's
balances, equal balances sharing the place; the rank in the standings comes
from the points, equal points sharing it.
"""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import partial
from typing import Any

from .archive import Archive
from .period import exact_text, Evening, Period, Seat, evenings, game_kinds
from .ratings import INITIAL

__all__ = ["standings", "rank", "ratings_at", "CENT"]

CENT = Decimal("0.01")
#: how many of the last evenings "form" shows
FORM = 5


def rank(values: list[int | Fraction]) -> list[int]:
    """Competition ranking of values, the largest first: 10, 7, 7, 2 -> 1, 2, 2, 4."""
    ordered = sorted(values, reverse=True)
    return [ordered.index(v) + 1 for v in values]


def ratings_at(archive: Archive, kind: str, period: Period) -> dict[str, tuple[int, int]]:
    """player -> (rating at the end of the period, its change over the period).

    Each is a player's last rating (the highest ``seq``) up to a date, which SQLite picks
    by itself (a bare column of ``max()`` comes from the row of the maximum): the
    ratings table holds every player's every game, and reading all of it for a dozen
    numbers was a tenth of the standings of a big club."""
    def last(where: str, date: str | None) -> dict[str, int]:
        sql = "SELECT player, shown, max(seq) FROM ratings WHERE game = ?"
        params: tuple[str, ...] = (kind,)
        if date is not None:
            sql += f" AND date {where} ?"
            params += (date,)
        return {player: shown for player, shown, _ in archive.rows(
            sql + " GROUP BY player", params)}

    end = last("<=", None if period.last is None else period.last.isoformat())
    start = {} if period.first is None else last("<", period.first.isoformat())
    return {p: (r, r - start.get(p, INITIAL)) for p, r in end.items()}


def _money(total: dict[str, Decimal]) -> dict[str, str]:
    return {c: str(v) for c, v in sorted(total.items())}


def _sum(values: list[int | Fraction]) -> int | Fraction:
    """The exact sum of ``values``: the whole ones added as ints, the others per
    denominator as ints of it.  (``sum`` made every addition after the first Fraction a
    Fraction's, the slowest part of the standings of a big Preferans club.)"""
    whole = [v for v in values if type(v) is int]
    if len(whole) == len(values):
        return sum(whole)
    over: dict[int, int] = {}
    for v in values:
        if type(v) is not int:
            over[v.denominator] = over.get(v.denominator, 0) + v.numerator
    total: int | Fraction = sum(whole)
    for denominator, numerator in over.items():
        total += Fraction(numerator, denominator)
    return total


def _table(kind: str, rows: list[Evening], ratings: dict[str, tuple[int, int]]
           ) -> list[dict[str, Any]]:
    """The standings of one kind.  Each player's seats are gathered first (one append per
    seat of the period) and added up per player with the built-ins: one Python step per
    seat instead of a dozen (issue 24)."""
    per: dict[str, list[tuple[Seat, Evening]]] = {}
    for e in rows:
        for player, seat in e.seats.items():
            got = per.get(player)
            if got is None:
                per[player] = [(seat, e)]
            else:
                got.append((seat, e))
    totals = {player: _sum([s.points for s, _ in got]) for player, got in per.items()}
    table = sorted(per, key=lambda p: (-totals[p], p.casefold()))
    ranks = rank([totals[p] for p in table])
    out = []
    for r, player in zip(ranks, table):
        got = per[player]
        rating = ratings.get(player)
        places = [s.place for s, _ in got]
        points = [s.points for s, _ in got]
        money: dict[str, Decimal] = {}
        counted: dict[str, int] = {}
        for s, e in got:
            if s.money is not None:
                cur = e.currency or ""
                money[cur] = money.get(cur, Decimal(0)) + s.money
                counted[cur] = counted.get(cur, 0) + 1
        # the first evening of the highest (lowest) points: max and min keep the first
        best = got[max(range(len(got)), key=points.__getitem__)]
        worst = got[min(range(len(got)), key=points.__getitem__)]
        out.append({
            "rank": r,
            "player": player,
            "evenings": len(got),
            "deals": sum(e.deals for _, e in got),
            "wins": places.count(1),
            "average_place": str((Decimal(sum(places)) / len(places)).quantize(CENT)),
            "points": exact_text(totals[player]),
            "money": _money(money),
            # the evenings with money in that currency, to the cent, a half cent away from
            # zero as it is worked out by hand (8.21 over 2 evenings is 4.11, not 4.10)
            "money_per_evening": {c: str((v / counted[c]).quantize(
                CENT, ROUND_HALF_UP)) for c, v in sorted(money.items())},
            "best": {"points": exact_text(best[0].points), **best[1].ref()},
            "worst": {"points": exact_text(worst[0].points), **worst[1].ref()},
            "rating": rating[0] if rating else None,
            "rating_change": rating[1] if rating else None,
            "form": places[-FORM:],
        })
    return out


def standings(archive: Archive, period: Period, game: str | None = None,
              unfinished: bool = False) -> dict[str, Any]:
    """``{"period", "games": {kind: {"unit", "evenings", "table"}}, "in_progress"}``
    (the shape of ``club --json``, docs/club.md).

    Each kind's table is an answer the archive keeps of its own, of that kind's games
    alone (:meth:`Archive.answer`'s ``kind``): it is what the period's evenings of that
    kind and their ratings give, and tonight's Preferans evening leaves those of the
    other kinds as they were, so that only the Preferans table is worked out again (it
    was the largest part of a new file's standings in a big club, issue 24)."""
    key = json.dumps(["standings", period.to_json(), unfinished], ensure_ascii=False)
    games = {kind: archive.answer(key, partial(_block, archive, period, kind, unfinished),
                                  kind=kind)
             for kind in game_kinds(archive, period, game, unfinished)}
    in_progress = [{**e.ref(), "game": e.game, "deals": e.deals, "players": list(e.seats)}
                   for e in evenings(archive, period, game, playing=True)]
    return {"period": period.to_json(), "games": games, "unfinished": unfinished,
            "in_progress": in_progress}


def _block(archive: Archive, period: Period, kind: str, unfinished: bool) -> dict[str, Any]:
    """The standings of one game kind: ``{"unit", "evenings", "table"}``."""
    rows = evenings(archive, period, kind, unfinished)
    # none only when another process took the kind's last game away after the kinds were
    # read: the next read, of the archive as it now is, lists the kind no more
    return {"unit": rows[0].unit if rows else None, "evenings": len(rows),
            "table": _table(kind, rows, ratings_at(archive, kind, period))}
