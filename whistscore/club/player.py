"""A player's page: every evening, running money and rating over time, and how he plays
(club.md "A player's page"), per game kind."""

from __future__ import annotations

import difflib
import json
from decimal import Decimal
from typing import Any

from ..errors import InputError, NotFoundError
from ..game import PlayDeal
from . import stats
from .archive import Archive
from .period import club_facts, exact_text, Period, evenings, kinds
from .ratings import history
from .settings import name_key

__all__ = ["player", "known_players", "find_player"]


#: the seats of the games that make a player the club's: a game with a deal, not excluded
#: (the players of a game just created, or of a practice game, are nobody's page yet)
_PLAYED = ("FROM seats s JOIN games g ON g.file = s.file "
           "WHERE g.deals > 0 AND g.excluded IS NULL AND s.club_player IS NOT NULL")


def known_players(archive: Archive) -> list[str]:
    return [p for (p,) in archive.rows(f"SELECT DISTINCT s.club_player {_PLAYED} "
                                       "ORDER BY s.club_player")]


def find_player(archive: Archive, name: object, field: str = "player") -> str:
    """The club player called ``name`` (any of his spellings, any letter case).

    :raises InputError: nobody of that name played in the club (close names suggested).
    """
    if not isinstance(name, str) or not name.strip():
        raise InputError("a player is named by text", field=field, value=name,
                         key="club.player_text")
    key = name_key(name)
    for club, typed in archive.rows(f"SELECT DISTINCT s.club_player, s.player {_PLAYED}"):
        if key in (name_key(club), name_key(typed)):
            return str(club)
    players = known_players(archive)
    if not players:
        raise NotFoundError("no such player: nobody has played in the club yet", field=field,
                            value=name, key="club.nobody")
    close = difflib.get_close_matches(name, players, n=3)
    hint = f"did you mean {', '.join(close)}?" if close else \
        f"known: {', '.join(players[:20])}{', ...' if len(players) > 20 else ''}"
    raise NotFoundError(f"no such player in the club ({hint})", field=field, value=name,
                        key="club.no_player")


def _play(archive: Archive, files: set[str], spellings: set[str], kind: str) -> dict[str, Any]:
    """Deals as declarer by level and how often made, then each line of play the game
    declares in its ClubFacts' ``play`` (its counts, in the order it gives them)."""
    declared: dict[str, dict[str, int]] = {}
    parts = club_facts(kind).play
    lines = {part.key: dict.fromkeys(part.counts, 0) for part in parts}
    for file, kept in archive.rows(
            "SELECT d.file, d.rows FROM deal_rows d JOIN games g ON g.file = d.file "
            "WHERE g.game = ?", (kind,)):
        if file not in files:
            continue
        for r in json.loads(kept):  # each deal's columns (facts.ROW)
            declarer, dk, made, height, whisters, short = r[3], r[5], r[7], r[8], r[12], r[13]
            if declarer in spellings and height is not None:
                level = str(height // 10)
                row = declared.setdefault(level, {"played": 0, "made": 0})
                row["played"] += 1
                row["made"] += made == 1
            if parts:
                deal = PlayDeal(declarer, dk, made, height,
                                tuple(whisters) if whisters else (),
                                tuple(short) if short else ())
                for part in parts:
                    counts = lines[part.key]
                    for name in part.adds(deal, spellings):
                        counts[name] += 1
    return {"declared": dict(sorted(declared.items(), key=lambda kv: int(kv[0]))), **lines}


def player(archive: Archive, name: str, period: Period, game: str | None = None,
           unfinished: bool = False) -> dict[str, Any]:
    """``{"player", "spellings", "period", "games": {kind: {...}}}`` (docs/club.md)."""
    club = find_player(archive, name)
    spellings = {t for c, t in archive.rows("SELECT DISTINCT club_player, player FROM seats")
                 if c == club}
    rows = [e for e in evenings(archive, period, game, unfinished) if club in e.seats]
    out: dict[str, Any] = {}
    statistics: dict[str, Any] = {}
    pairs: list[dict[str, Any]] = []
    for kind in kinds(rows):
        mine = [e for e in rows if e.game == kind]
        running: dict[str, Decimal] = {}
        listed = []
        money_line = []
        for e in mine:
            seat = e.seats[club]
            listed.append({**e.ref(), "venue": e.venue, "game": e.game, "deals": e.deals,
                           "finished": e.finished, "points": exact_text(seat.points),
                           "money": None if seat.money is None else str(seat.money),
                           "currency": e.currency, "place": seat.place,
                           "players": len(e.seats)})
            if seat.money is not None:
                cur = e.currency or ""
                running[cur] = running.get(cur, Decimal(0)) + seat.money
                money_line.append({"date": e.date, "file": e.file, "currency": cur,
                                   "money": str(running[cur])})
        ratings = [r for r in history(archive.conn, club, kind)
                   if (period.first is None or r["date"] >= period.first.isoformat())
                   and (period.last is None or r["date"] <= period.last.isoformat())]
        out[kind] = {"evenings": listed, "running_money": money_line, "rating": ratings,
                     "play": _play(archive, {e.file for e in mine}, spellings, kind)}
        statistics[kind] = stats.statistics(archive, club, kind, mine)
        pairs += [{"game": kind, **row} for row in stats.pairs_of(archive, club, mine)]
    return {"player": club, "spellings": sorted(spellings), "period": period.to_json(),
            "games": out, "statistics": {**statistics, "pairs": pairs}}
