"""The club's records, each naming the game (file, title, date) and the deal (club.md).

Per game kind, over the period's games: the biggest evening win and loss
(points and money), the longest evening, the biggest single-deal swing; and
those the game declares in its :class:`~whistscore.game.ClubFacts` (``records``),
each with how one evening's deals give its candidates (club.md names which game has
which; the games' own packages say it), so this module names no game.  When two games
hold a record, the earlier one keeps it.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any, Callable

from ..game import ClubRecord, RecordDeal
from .archive import Archive
from .period import club_facts, exact_text, Evening, Period, evenings, kinds

from .words import RECORD_TITLES

__all__ = ["records", "TITLES"]

TITLES = RECORD_TITLES  # the English of words.py


def _item(key: str, value: Any, e: Evening, player: str | None = None,
          deal: int | None = None, date: str | None = None) -> dict[str, Any]:
    return {"record": key, "title": TITLES[key], "value": value, "player": player,
            "file": e.file, "date": date or e.date, "game_title": e.title, "deal": deal}


def _best(items: list[tuple[Any, dict[str, Any]]], better: Callable[[Any, Any], bool]
          ) -> dict[str, Any] | None:
    found: tuple[Any, dict[str, Any]] | None = None
    for value, item in items:  # in date order: the first to reach a value keeps it
        if found is None or better(value, found[0]):
            found = (value, item)
    return None if found is None else found[1]


def records(archive: Archive, period: Period, game: str | None = None,
            unfinished: bool = False) -> dict[str, Any]:
    """``{"period", "games": {kind: [record, ...]}}`` (docs/club.md)."""
    rows = evenings(archive, period, game, unfinished)
    by_file = {e.file: e for e in rows}
    club_of: dict[tuple[str, str], str] = {}
    for e in rows:
        for club, seat in e.seats.items():
            club_of[(e.file, seat.typed)] = club
    deals: dict[str, list[tuple[Any, ...]]] = {}
    symbols: dict[str, int] = {}
    if rows:
        for file, sym in archive.rows("SELECT file, symbols FROM games WHERE symbols IS NOT NULL"):
            symbols[file] = sym
        for file, kept, forms in archive.rows(
                "SELECT file, rows, deals FROM deal_rows ORDER BY file"):
            if file in by_file:  # each deal as (file, number, at, declarer, kind, made,
                deals[file] = [  # height, moved, swing, deal): facts.ROW's columns
                    (file, r[0], r[1], r[3], r[5], r[7], r[8], r[10], r[11], deal)
                    for r, deal in zip(json.loads(kept), json.loads(forms))]
    out: dict[str, Any] = {}
    for kind in kinds(rows):
        games = [e for e in rows if e.game == kind]
        found: list[dict[str, Any] | None] = []
        seats = [(s.points, e, p) for e in games for p, s in e.seats.items()]
        found.append(_best([(pts, _item("biggest_win", exact_text(pts), e, p))
                            for pts, e, p in seats], _gt))
        found.append(_best([(pts, _item("biggest_loss", exact_text(pts), e, p))
                            for pts, e, p in seats], _lt))
        money = [(s.money, e, p) for e in games for p, s in e.seats.items()
                 if s.money is not None]
        found.append(_best([(m, {**_item("biggest_win_money", str(m), e, p),
                                 "currency": e.currency}) for m, e, p in money], _gt))
        found.append(_best([(m, {**_item("biggest_loss_money", str(m), e, p),
                                 "currency": e.currency}) for m, e, p in money], _lt))
        found.append(_best([(e.deals, _item("longest_evening", e.deals, e)) for e in games], _gt))
        swings = []
        for e in games:
            for file, number, at, declarer, dk, made, height, moved, swing, deal in \
                    deals.get(e.file, ()):
                if swing:
                    values = {p: Fraction(v) for p, v in json.loads(moved).items()}
                    # the value is the swing itself, exact: the largest change of one
                    # player's balance, won or lost, and the player named is the one whose
                    # balance it was (a caught misère's declarer, not one who won half)
                    swung = max(values, key=lambda p: abs(values[p]))
                    largest = abs(values[swung])
                    swings.append((largest, _item(
                        "biggest_swing", exact_text(largest), e,
                        club_of.get((file, swung), swung), number, at[:10] if at else None)))
        found.append(_best(swings, _gt))
        own = club_facts(kind).records
        if own:
            read = {e.file: [RecordDeal(*row[1:]) for row in deals.get(e.file, ())]
                    for e in games}
            found += [_own(record, games, read, club_of, symbols) for record in own]
        out[kind] = [f for f in found if f is not None]
    return {"period": period.to_json(), "games": out}


def _own(record: ClubRecord, games: list[Evening], deals: dict[str, list[RecordDeal]],
         club_of: dict[tuple[str, str], str], symbols: dict[str, int]
         ) -> dict[str, Any] | None:
    """A record the game declares: its candidates of each evening, in date order, the
    highest first to reach its value (or, for a tally, how many, at the latest one)."""
    items: list[tuple[Any, dict[str, Any]]] = []
    for e in games:
        for f in record.find(deals[e.file], symbols.get(e.file)):
            player = None if f.player is None else club_of.get((e.file, f.player), f.player)
            items.append((f.value, _item(record.key, f.shown, e, player, f.deal, f.date)))
    if not record.tally:
        return _best(items, _gt)
    if not items:
        return None
    return {**items[-1][1], "value": len(items), "latest": True}


def _gt(a: Any, b: Any) -> bool:
    return bool(a > b)


def _lt(a: Any, b: Any) -> bool:
    return bool(a < b)
