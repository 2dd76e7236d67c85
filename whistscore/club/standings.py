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
    """player -> (rating at the end of the period, its change over the period)."""
    end: dict[str, int] = {}
    start: dict[str, int] = {}
    for player, date, shown in archive.rows(
            "SELECT player, date, shown FROM ratings WHERE game = ? ORDER BY seq", (kind,)):
        if period.last is not None and date > period.last.isoformat():
            continue
        end[player] = shown
        if period.first is not None and date < period.first.isoformat():
            start[player] = shown
    return {p: (r, r - start.get(p, INITIAL)) for p, r in end.items()}


def _money(total: dict[str, Decimal]) -> dict[str, str]:
    return {c: str(v) for c, v in sorted(total.items())}


def _table(kind: str, rows: list[Evening], ratings: dict[str, tuple[int, int]]
           ) -> list[dict[str, Any]]:
    per: dict[str, dict[str, Any]] = {}
    for e in rows:
        for player, seat in e.seats.items():
            p = per.setdefault(player, {"player": player, "evenings": 0, "deals": 0, "wins": 0,
                                        "places": [], "points": 0, "money": {},
                                        "money_evenings": {}, "best": None, "worst": None})
            p["evenings"] += 1
            p["deals"] += e.deals
            p["wins"] += seat.place == 1
            p["places"].append(seat.place)
            p["points"] += seat.points
            if seat.money is not None:
                cur = e.currency or ""
                p["money"][cur] = p["money"].get(cur, Decimal(0)) + seat.money
                p["money_evenings"][cur] = p["money_evenings"].get(cur, 0) + 1
            if p["best"] is None or seat.points > p["best"][0]:
                p["best"] = (seat.points, e)
            if p["worst"] is None or seat.points < p["worst"][0]:
                p["worst"] = (seat.points, e)
    table = sorted(per.values(), key=lambda p: (-p["points"], p["player"].casefold()))
    ranks = rank([p["points"] for p in table])
    out = []
    for r, p in zip(ranks, table):
        rating = ratings.get(p["player"])
        places = p["places"]
        out.append({
            "rank": r,
            "player": p["player"],
            "evenings": p["evenings"],
            "deals": p["deals"],
            "wins": p["wins"],
            "average_place": str((Decimal(sum(places)) / len(places)).quantize(CENT)),
            "points": exact_text(p["points"]),
            "money": _money(p["money"]),
            "money_per_evening": {c: str((v / p["money_evenings"][c]).quantize(
                CENT, ROUND_HALF_EVEN)) for c, v in sorted(p["money"].items())},
            "best": {"points": exact_text(p["best"][0]), **p["best"][1].ref()},
            "worst": {"points": exact_text(p["worst"][0]), **p["worst"][1].ref()},
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
