"""The standings: per game kind, who is ahead over a period (club.md "Standings").

Points of different games are never added (Preferans vists, Twist, Whist and
Danish points); money is added per currency.  Places come from each game's
balances, equal balances sharing the place; the rank in the standings comes
from the points, equal points sharing it.
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from typing import Any

from .index import Archive
from .period import exact_text, Evening, Period, evenings, kinds
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


class _Tally:
    """One player's evenings of a kind, added up (attributes, not a dict of names: this
    loop runs once per seat of every game of the period).  Whole points are added as
    ints and the others per denominator as ints of it (``fractions``), made into one
    number at the end: a Fraction in the running sum made every later addition a
    Fraction's, the slowest part of the standings of a big Preferans club."""

    __slots__ = ("player", "evenings", "deals", "wins", "places", "whole", "fractions",
                 "money", "money_evenings", "best", "best_at", "worst", "worst_at")

    def __init__(self, player: str, points: int | Fraction, at: Evening) -> None:
        self.player = player
        self.evenings = 0
        self.deals = 0
        self.wins = 0
        self.places: list[int] = []
        self.whole = 0
        #: denominator -> the sum of the numerators of the points over it
        self.fractions: dict[int, int] = {}
        self.money: dict[str, Decimal] = {}
        self.money_evenings: dict[str, int] = {}
        self.best = self.worst = points
        self.best_at = self.worst_at = at

    def points(self) -> int | Fraction:
        """The sum of the player's points (exact)."""
        total: int | Fraction = self.whole
        for denominator, numerator in self.fractions.items():
            total += Fraction(numerator, denominator)
        return total


def _table(kind: str, rows: list[Evening], ratings: dict[str, tuple[int, int]]
           ) -> list[dict[str, Any]]:
    per: dict[str, _Tally] = {}
    for e in rows:
        deals = e.deals
        for player, seat in e.seats.items():
            points = seat.points
            p = per.get(player)
            if p is None:
                p = per[player] = _Tally(player, points, e)
            p.evenings += 1
            p.deals += deals
            if seat.place == 1:
                p.wins += 1
            p.places.append(seat.place)
            if type(points) is int:
                p.whole += points
            else:
                d = points.denominator
                p.fractions[d] = p.fractions.get(d, 0) + points.numerator
            if seat.money is not None:
                cur = e.currency or ""
                p.money[cur] = p.money.get(cur, Decimal(0)) + seat.money
                p.money_evenings[cur] = p.money_evenings.get(cur, 0) + 1
            if points > p.best:
                p.best, p.best_at = points, e
            if points < p.worst:
                p.worst, p.worst_at = points, e
    totals = {player: p.points() for player, p in per.items()}
    table = sorted(per.values(), key=lambda p: (-totals[p.player], p.player.casefold()))
    ranks = rank([totals[p.player] for p in table])
    out = []
    for r, p in zip(ranks, table):
        rating = ratings.get(p.player)
        places = p.places
        out.append({
            "rank": r,
            "player": p.player,
            "evenings": p.evenings,
            "deals": p.deals,
            "wins": p.wins,
            "average_place": str((Decimal(sum(places)) / len(places)).quantize(CENT)),
            "points": exact_text(totals[p.player]),
            "money": _money(p.money),
            "money_per_evening": {c: str((v / p.money_evenings[c]).quantize(
                CENT, ROUND_HALF_EVEN)) for c, v in sorted(p.money.items())},
            "best": {"points": exact_text(p.best), **p.best_at.ref()},
            "worst": {"points": exact_text(p.worst), **p.worst_at.ref()},
            "rating": rating[0] if rating else None,
            "rating_change": rating[1] if rating else None,
            "form": places[-FORM:],
        })
    return out


def standings(archive: Archive, period: Period, game: str | None = None,
              unfinished: bool = False) -> dict[str, Any]:
    """``{"period", "games": {kind: {"unit", "evenings", "table": [rows]}}, "in_progress"}``
    (the shape of ``club --json``, docs/club.md)."""
    every = evenings(archive, period, game, True)  # one query: the games in progress too
    rows = every if unfinished else [e for e in every if e.finished]
    games: dict[str, Any] = {}
    for kind in kinds(rows):
        of_kind = [e for e in rows if e.game == kind]
        games[kind] = {"unit": of_kind[0].unit, "evenings": len(of_kind),
                       "table": _table(kind, of_kind, ratings_at(archive, kind, period))}
    in_progress = [{**e.ref(), "game": e.game, "deals": e.deals, "players": list(e.seats)}
                   for e in every if not e.finished]
    return {"period": period.to_json(), "games": games, "in_progress": in_progress}
