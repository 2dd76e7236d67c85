"""Which games a question is about: a season, a range of dates or all time; a game kind;
finished games only unless the in-progress ones are asked for.  Every query of the club
reads its evenings through :func:`evenings`, so they all count the same games."""

from __future__ import annotations

import datetime
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Iterator, NamedTuple

import attrs

from ..errors import InputError
from .archive import Archive
from .settings import Settings, name_key, parse_date

if TYPE_CHECKING:
    from ..game import ClubFacts

__all__ = ["Period", "Seat", "Evening", "evenings", "game_kinds", "in_order", "period_of",
           "exact", "exact_text"]


@attrs.frozen
class Period:
    """Inclusive local dates; None is open on that side."""

    first: datetime.date | None = None
    last: datetime.date | None = None
    season: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"season": self.season,
                "from": self.first.isoformat() if self.first else None,
                "to": self.last.isoformat() if self.last else None}


def period_of(settings: Settings, season: str | None = None, first: object = None,
              last: object = None) -> Period:
    """The period asked for: a season of club.json, or dates, or all time.

    :raises InputError: an unknown season (the known ones listed), a season with dates,
        a date that is not a date, or from after to.
    """
    if season is not None:
        if first is not None or last is not None:
            raise InputError("give a season or dates, not both", field="season", value=season,
                             key="club.usage", args=("--season, --from/--to",))
        for name, (a, b) in settings.seasons.items():
            if name_key(name) == name_key(str(season)):
                return Period(a, b, name)
        known = ", ".join(settings.seasons) or "none: add one with --season-add NAME FROM TO"
        raise InputError(f"no such season in club.json (known: {known})", field="season",
                         value=season, key="club.no_season", args=(season,))
    start = _date(first, "from")
    end = _date(last, "to")
    if start and end and start > end:
        raise InputError(f"the period starts after it ends ({start} > {end})", field="from",
                         value=str(start), key="club.reversed")
    return Period(start, end)


def _date(value: object, field: str) -> datetime.date | None:
    if value is None:
        return None
    if isinstance(value, datetime.date):
        return value
    return parse_date(value, field, InputError)


class Seat(NamedTuple):
    """One player's result in one game (club names).  A named tuple, not an attrs class:
    the standings make one for every seat of every game of the period, and a tuple is
    made in half the time of a frozen attrs object (issue 24)."""

    typed: str
    points: int | Fraction
    money: Decimal | None
    place: int
    side: int


@attrs.frozen
class Evening:
    """One game of the period, with its players by club name."""

    file: str
    game: str
    date: str
    title: str | None
    venue: str | None
    deals: int
    finished: bool
    ended: str | None
    stake: Decimal | None
    currency: str | None
    unit: str
    seats: dict[str, Seat]

    def ref(self) -> dict[str, Any]:
        """How a game is named to a reader: its title and date (the file for a link)."""
        return {"file": self.file, "date": self.date, "title": self.title}


def evenings(archive: Archive, period: Period, game: str | None = None,
             unfinished: bool = False, *, playing: bool = False) -> list[Evening]:
    """The period's games in date order (finished only, unless ``unfinished``; ``playing``:
    only the games still being played).

    Two queries, the games in date order and every seat in file order, joined here by
    file (the seats of games not chosen are passed over): one query joining the three
    tables returned every game's eleven columns again with each of its seats and sorted
    them all, and filtering the seats by their game in SQL cost more than passing over
    them here; together half of the CPU of the standings of a big club (issue 24).  When
    one game kind or the games in progress are asked for, most seats would be passed
    over, and the seats query keeps those of the games chosen only (the same seats:
    the others were passed over)."""
    where, params = _where(period, game, unfinished, playing)
    out: list[Evening] = []
    seats_of: dict[str, dict[str, Seat]] = {}
    for (file, kind, date, title, venue, deals, finished, ended, stake, currency,
         unit) in archive.rows(
            "SELECT g.file, g.game, g.date, g.title, g.place, g.deals, g.finished, g.ended, "
            "g.stake, g.currency, g.unit FROM games g WHERE " + where
            + " ORDER BY g.date, g.first_at, g.file", params):
        e = Evening(file, kind, date, title, venue, deals, bool(finished), ended,
                    Decimal(stake) if stake is not None else None, currency, unit, {})
        out.append(e)
        seats_of[file] = e.seats
    chosen = ""
    if game is not None or playing:
        chosen = f"WHERE s.file IN (SELECT g.file FROM games g WHERE {where}) "
    else:
        params = []
    for file, club, typed, points, money, place, side in archive.rows(
            "SELECT s.file, s.club_player, s.player, r.points, r.money, r.place, s.side "
            "FROM seats s JOIN results r ON r.file = s.file AND r.player = s.player "
            + chosen + "ORDER BY s.file, s.seat", params):
        seats = seats_of.get(file)
        if seats is not None:
            seats[club] = Seat(typed, exact(points),
                               Decimal(money) if money is not None else None, place, side)
    return out


def game_kinds(archive: Archive, period: Period, game: str | None = None,
               unfinished: bool = False) -> list[str]:
    """The game kinds of the games :func:`evenings` gives, in the order of :func:`kinds`
    (one query, no game read)."""
    where, params = _where(period, game, unfinished, False)
    return list(in_order({kind for (kind,) in archive.rows(
        "SELECT DISTINCT g.game FROM games g WHERE " + where, params)}))


def _where(period: Period, game: str | None, unfinished: bool, playing: bool
           ) -> tuple[str, list[Any]]:
    """The condition on ``games g`` of the games a question is about, and its values."""
    where = ["g.excluded IS NULL"]
    params: list[Any] = []
    if playing:
        where.append("g.finished = 0")
    elif not unfinished:
        where.append("g.finished = 1")
    else:  # a game counted unfinished has been played: one without a deal is no evening
        where.append("(g.finished = 1 OR g.deals > 0)")
    if game is not None:
        where.append("g.game = ?")
        params.append(game)
    if period.first is not None:
        where.append("g.date >= ?")
        params.append(period.first.isoformat())
    if period.last is not None:
        where.append("g.date <= ?")
        params.append(period.last.isoformat())
    return " AND ".join(where), params


def exact(text: str) -> int | Fraction:
    """An exact number of the archive (``"12"``, ``"-146/3"``): an int when whole, which
    sums a season of results far faster than Fractions do."""
    if "/" in text or "." in text:
        return Fraction(text)
    return int(text)


def exact_text(value: int | Fraction) -> str:
    """The text :func:`exact` reads back (``settle --json``'s form)."""
    if type(value) is not int and value.denominator == 1:
        return str(value.numerator)
    return str(value)


def club_facts(kind: str) -> "ClubFacts":
    """What the game of ``kind`` says of itself to the club (its records, its parts of
    play); a kind no longer installed has only what every game has."""
    from ..game import ClubFacts
    from ..games import GAMES, get_game

    return get_game(kind).club if kind in GAMES else ClubFacts()


def game_title(kind: str, lang: str = "en") -> str:
    """The game's short name as players say it (the game's own words), or the kind's
    name when that game is no longer installed."""
    from ..games import GAMES, get_game
    from ..i18n import game_name

    return game_name(get_game(kind), lang) if kind in GAMES else kind


def kinds(rows: list[Evening]) -> Iterator[str]:
    """The game kinds of ``rows`` in the order the club shows them: the registry's
    (the order games are listed in everywhere), then any other by name."""
    return in_order({e.game for e in rows})


def in_order(present: set[str]) -> Iterator[str]:
    """The game kinds of ``present`` in the order the club shows them (:func:`kinds`)."""
    from ..games import GAMES  # the names only: no game is loaded

    order = tuple(GAMES)
    yield from (k for k in order if k in present)
    yield from sorted(present - set(order))
