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


def compute(conn: sqlite3.Connection,
            since: dict[str, tuple[str, str, str]] | None = None) -> None:
    """Rate the finished games in order; ``since`` (kind -> the order key, date, first deal's
    time, file, of its earliest changed game) keeps the ratings before that point and rates
    from there on (a new evening rates one game); None rates every game again."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    if since is None:
        conn.execute("DELETE FROM ratings")
    kinds = [k for (k,) in conn.execute("SELECT DISTINCT game FROM games")]
    for kind in set(kinds) | set(since or ()):
        if since is not None and kind not in since:
            continue
        _rate_kind(conn, model, kind, None if since is None else since[kind])


def _rate_kind(conn: sqlite3.Connection, model: Any, kind: str,
               since: tuple[str, str, str] | None) -> None:
    """Rate the games of ``kind`` from ``since`` on.  Only what those games need is read:
    each player's last rating before them (not every rating he ever had) and the tables of
    those games (not of every game of the kind), so that a new evening costs one game's
    rating, not a pass over the club's history (issue 24)."""
    games = conn.execute(
        "SELECT file, date, coalesce(first_at, '') FROM games WHERE game = ? AND finished = 1 "
        "AND excluded IS NULL ORDER BY date, first_at, file", (kind,)).fetchall()
    start = 0
    if since is not None:
        while start < len(games) and (games[start][1], games[start][2], games[start][0]) < since:
            start += 1
    conn.execute("DELETE FROM ratings WHERE game = ? AND seq > ?", (kind, start))
    todo = games[start:]
    if not todo:
        return
    # each player's last rating kept (a bare column of max() is from the row of the max)
    last = {player: (mu, sigma) for player, mu, sigma, _ in conn.execute(
        "SELECT player, mu, sigma, max(seq) FROM ratings WHERE game = ? GROUP BY player",
        (kind,))}
    sql = ("SELECT s.file, s.club_player, s.side, r.place FROM seats s JOIN results r "
           "ON r.file = s.file AND r.player = s.player ")
    tables: dict[str, list[tuple[str, int, int]]] = {}
    if 4 * len(todo) < len(games):  # a few games at the end: their own tables
        for file, _, _ in todo:
            tables[file] = [(club, side, place) for _, club, side, place in conn.execute(
                sql + "WHERE s.file = ? ORDER BY s.seat", (file,))]
    else:
        for file, club, side, place in conn.execute(
                sql + "JOIN games g ON g.file = s.file WHERE g.game = ? ORDER BY s.file, s.seat",
                (kind,)):
            tables.setdefault(file, []).append((club, side, place))
    current: dict[str, Any] = {}
    rows = []
    for seq, (file, date, _) in enumerate(todo, start + 1):
        sides: dict[int, list[str]] = {}
        places: dict[int, int] = {}
        for club, side, place in tables.get(file, ()):
            sides.setdefault(side, []).append(club)
            places[side] = min(place, places.get(side, place))
        order = sorted(sides)
        teams = [[_rating(model, current, last, p) for p in sides[s]] for s in order]
        rated = model.rate(teams, ranks=[places[s] for s in order])
        for s, team in zip(order, rated):
            for p, r in zip(sides[s], team):
                current[p] = r
                rows.append((p, kind, file, date, seq, r.mu, r.sigma, shown(r.mu, r.sigma)))
    conn.executemany("INSERT INTO ratings (player, game, after_file, date, seq, mu, sigma, shown)"
                     " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)


def _rating(model: Any, current: dict[str, Any], last: dict[str, tuple[float, float]],
            player: str) -> Any:
    """The player's rating going into a game: after his last game rated here, else the
    last one kept (made into the model's object only now), else a new player's."""
    if player in current:
        return current[player]
    if player in last:
        mu, sigma = last[player]
        return model.rating(mu=mu, sigma=sigma, name=player)
    return model.rating(name=player)


def history(conn: sqlite3.Connection, player: str, kind: str) -> list[dict[str, Any]]:
    """The player's rating after each of his finished games of ``kind``, in order."""
    return [{"date": d, "file": f, "mu": mu, "sigma": sigma, "rating": r}
            for d, f, mu, sigma, r in conn.execute(
                "SELECT date, after_file, mu, sigma, shown FROM ratings WHERE player = ? "
                "AND game = ? ORDER BY seq", (player, kind))]
