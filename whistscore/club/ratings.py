"""The club's rating: OpenSkill (Plackett-Luce, the package's defaults), game by game.

Each finished game, in date order and per game kind, updates the rating of
everyone at the table from the places of that game (ties allowed: equal
balances share a place).  Whist partners form one team and get their side's
place.  The rating shown is the conservative one, mu - 3 sigma, times 40 and
rounded: a new player shows 0 and a strong regular about 1000.  It is worked
out from the archive alone (``results`` and ``seats``), so it can always be
recomputed; ``openskill`` is imported only when it is.
"""

from __future__ import annotations

import sqlite3
from typing import Any

__all__ = ["SCALE", "shown", "compute", "history", "INITIAL"]

#: the shown rating is SCALE * (mu - 3 * sigma), rounded
SCALE = 40
#: what a new player shows (the defaults mu 25, sigma 25/3)
INITIAL = 0


def shown(mu: float, sigma: float) -> int:
    return round(SCALE * (mu - 3 * sigma))


def compute(conn: sqlite3.Connection) -> None:
    """Rate every finished game again from the start (a few milliseconds per hundred games)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    conn.execute("DELETE FROM ratings")
    tables: dict[str, list[tuple[str, int, int]]] = {}
    for file, club, side, place in conn.execute(
            "SELECT s.file, s.club_player, s.side, r.place FROM seats s JOIN results r "
            "ON r.file = s.file AND r.player = s.player ORDER BY s.file, s.seat"):
        tables.setdefault(file, []).append((club, side, place))
    current: dict[tuple[str, str], Any] = {}
    rows = []
    seq = 0
    for file, kind, date in conn.execute(
            "SELECT file, game, date FROM games WHERE finished = 1 AND excluded IS NULL "
            "ORDER BY game, date, first_at, file").fetchall():
        sides: dict[int, list[str]] = {}
        places: dict[int, int] = {}
        for club, side, place in tables.get(file, ()):
            sides.setdefault(side, []).append(club)
            places[side] = min(place, places.get(side, place))
        order = sorted(sides)
        teams = [[current.get((kind, p)) or model.rating(name=p) for p in sides[s]]
                 for s in order]
        rated = model.rate(teams, ranks=[places[s] for s in order])
        seq += 1
        for s, team in zip(order, rated):
            for p, r in zip(sides[s], team):
                current[(kind, p)] = r
                rows.append((p, kind, file, date, seq, r.mu, r.sigma, shown(r.mu, r.sigma)))
    conn.executemany("INSERT INTO ratings (player, game, after_file, date, seq, mu, sigma, shown)"
                     " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)


def history(conn: sqlite3.Connection, player: str, kind: str) -> list[dict[str, Any]]:
    """The player's rating after each of his finished games of ``kind``, in order."""
    return [{"date": d, "file": f, "mu": mu, "sigma": sigma, "rating": r}
            for d, f, mu, sigma, r in conn.execute(
                "SELECT date, after_file, mu, sigma, shown FROM ratings WHERE player = ? "
                "AND game = ? ORDER BY seq", (player, kind))]
