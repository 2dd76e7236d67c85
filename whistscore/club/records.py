"""The club's records, each naming the game (file, title, date) and the deal (club.md).

Per game kind, over the period's games: the biggest evening win and loss
(points and money), the longest evening, the biggest single-deal swing; and
those the game lists in its :class:`~whistscore.game.ClubFacts` (``records``),
from this catalogue: the highest contract made, most misères made and most
remizes in one evening, the longest all-pass series, most nota symbols in one
game, the best twist round, deals with all four honours, the highest contract
made alone (club.md names which game has which; the games' own packages say
it).  When two games hold a record, the earlier one keeps it.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any, Callable

from ..game import ClubFacts
from .index import Archive
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
        own = club_facts(kind)
        for record in own.records:
            found.append(_OWN[record](games, deals, club_of, symbols, own))
        out[kind] = [f for f in found if f is not None]
    return {"period": period.to_json(), "games": out}


def _most(games: list[Evening], deals: dict[str, list[tuple[Any, ...]]],
          club_of: dict[tuple[str, str], str], key: str,
          counts: Callable[[str, int | None], bool]) -> dict[str, Any] | None:
    """The most deals of one kind one declarer had in one evening."""
    items = []
    for e in games:
        per: dict[str, list[int]] = {}
        for _f, number, _at, declarer, dk, made, *_ in deals.get(e.file, ()):
            if declarer is not None and counts(dk, made):
                per.setdefault(declarer, []).append(number)
        for declarer, numbers in per.items():
            items.append((len(numbers), _item(key, len(numbers), e,
                                              club_of.get((e.file, declarer), declarer),
                                              numbers[-1])))
    return _best(items, lambda a, b: a > b)



def _gt(a: Any, b: Any) -> bool:
    return bool(a > b)


def _lt(a: Any, b: Any) -> bool:
    return bool(a < b)


_Deals = dict[str, list[tuple[Any, ...]]]
_Clubs = dict[tuple[str, str], str]


def _highest_contract(games: list[Evening], deals: _Deals, club_of: _Clubs,
                      symbols: dict[str, int], club: ClubFacts) -> dict[str, Any] | None:
    made = [(height, _item("highest_contract", club.height_text(height), e,
                           club_of.get((e.file, d), d), number, at[:10] if at else None))
            for e in games for _, number, at, d, dk, ok, height, *_ in deals.get(e.file, ())
            if ok == 1 and height is not None]
    return _best(made, _gt)


def _most_miseres(games: list[Evening], deals: _Deals, club_of: _Clubs,
                  symbols: dict[str, int], club: ClubFacts) -> dict[str, Any] | None:
    return _most(games, deals, club_of, "most_miseres",
                 lambda dk, ok: dk == "misere" and ok == 1)


def _most_remizes(games: list[Evening], deals: _Deals, club_of: _Clubs,
                  symbols: dict[str, int], club: ClubFacts) -> dict[str, Any] | None:
    return _most(games, deals, club_of, "most_remizes",
                 lambda dk, ok: dk in ("contract", "concede") and ok == 0)


def _longest_allpass(games: list[Evening], deals: _Deals, club_of: _Clubs,
                     symbols: dict[str, int], club: ClubFacts) -> dict[str, Any] | None:
    series = []
    for e in games:
        run, start = 0, None
        for _, number, at, _d, dk, *_rest in deals.get(e.file, ()):
            if dk == "allpass":
                run += 1
                start = number if run == 1 else start
                series.append((run, _item("longest_allpass", run, e, None, start)))
            else:
                run = 0
    return _best(series, _gt)


def _most_symbols(games: list[Evening], deals: _Deals, club_of: _Clubs,
                  symbols: dict[str, int], club: ClubFacts) -> dict[str, Any] | None:
    return _best([(symbols[e.file], _item("most_symbols", symbols[e.file], e))
                  for e in games if symbols.get(e.file)], _gt)


def _best_twist_round(games: list[Evening], deals: _Deals, club_of: _Clubs,
                      symbols: dict[str, int], club: ClubFacts) -> dict[str, Any] | None:
    rounds = []
    for e in games:
        for file, number, at, _d, dk, _ok, _h, moved, *_ in deals.get(e.file, ()):
            if dk == "twist_round":
                values = {p: Fraction(v) for p, v in json.loads(moved).items()}
                winner = max(values, key=lambda p: values[p])
                rounds.append((values[winner], _item(
                    "best_twist_round", exact_text(values[winner]), e,
                    club_of.get((file, winner), winner), number)))
    return _best(rounds, _gt)


def _all_honours(games: list[Evening], deals: _Deals, club_of: _Clubs,
                 symbols: dict[str, int], club: ClubFacts) -> dict[str, Any] | None:
    honours = [(e, number, at) for e in games
               for _f, number, at, *_m, deal in deals.get(e.file, ())
               if 4 in deal.get("honours", {}).values()]
    if not honours:
        return None
    e, number, at = honours[-1]
    return {**_item("all_honours", len(honours), e, None, number, at[:10] if at else None),
            "latest": True}


def _highest_alone(games: list[Evening], deals: _Deals, club_of: _Clubs,
                   symbols: dict[str, int], club: ClubFacts) -> dict[str, Any] | None:
    alone = [(height, _item("highest_alone", club.height_text(height), e,
                            club_of.get((e.file, d), d), number))
             for e in games for _, number, at, d, dk, ok, height, *_ in deals.get(e.file, ())
             if ok == 1 and height is not None and dk == "alone"]
    return _best(alone, _gt)


#: the records a game may list in its ClubFacts, by name (words.py has their words)
_OWN: dict[str, Callable[[list[Evening], _Deals, _Clubs, dict[str, int], ClubFacts],
                         dict[str, Any] | None]] = {
    "highest_contract": _highest_contract,
    "most_miseres": _most_miseres,
    "most_remizes": _most_remizes,
    "longest_allpass": _longest_allpass,
    "most_symbols": _most_symbols,
    "best_twist_round": _best_twist_round,
    "all_honours": _all_honours,
    "highest_alone": _highest_alone,
}
