"""What every game module provides, and the game record it is played in.

A game package (``whistscore/games/<name>/``) declares one :class:`GameType`, the
table of its functions, and an entry point in the group ``whistscore.games`` that
names it; nothing else needs to change to add a game: the journal, the settlement,
the renderers and the command line all speak to it through this table.  Scoring is pure: :meth:`GameType.score` takes a state and a
deal and returns the entries and the next state; it does no I/O and keeps no
hidden state, which is what makes undo ("drop the last deal and replay")
exact.
"""

from __future__ import annotations

import contextlib
import gc
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import (TYPE_CHECKING, Any, Callable, Collection, Generic, Iterator, Mapping, NamedTuple, Protocol,
                    Sequence, TypeVar, Union)

import attrs

from .errors import DealError, InputError
from .layout import Label, Table
from .language import Catalogue
from .ledger import Amount, Entry, Words
from .paper import Drawing
from .rules import RuleBook, Rules

if TYPE_CHECKING:
    from .fields import DealFields

__all__ = ["BID_SUITS", "Cite", "ClubFacts", "ClubRecord", "DealParts", "PlayDeal", "PlayPart",
           "RecordDeal", "RecordFound", "StatDeal", "deal_date", "highest_made", "most_in_evening", "Counts", "count", "rate", "exact_text", "contracts_json", "bid_height", "bid_text",
           "declarer_of", "NotationForm", "DealContext", "Outcome", "GameType",
           "AnyKind", "DealRecord", "DealResult", "Game", "Result", "Played", "JSONObject", "Words", "NextDeal",
           "next_seat",
           "check_dealer", "dealer_of", "paused_gc"]

#: the game's deal value (each game's ``deals.py``)
D = TypeVar("D")
#: the game's state between deals (each game's ``scoring.py``)
S = TypeVar("S")
S_co = TypeVar("S_co", covariant=True)

#: a JSON object as the file and ``--json`` write it
JSONObject = dict[str, Any]


@attrs.frozen
class Cite:
    """Where a rule comes from, named as a reader knows the source ("the Preferans Code
    §3.8.7"): never a file name, because a player checking a number at the table looks the
    rule up in the book, not in our repo.

    It names the source in a refusal's technical detail, which stays English; what a reader
    sees in his own language is the game's catalogue (``rule.<key>.source``, docs/sources.md).
    """

    en: str = ""

    def at(self, section: str) -> "Cite":
        """The same source at a section: ``CODE.at("§3.8.7")``."""
        return Cite(f"{self.en}{' ' if section.startswith('§') else ', '}{section}")

    def __add__(self, other: "Cite") -> "Cite":
        return Cite(f"{self.en}; {other.en}")

    def __bool__(self) -> bool:
        return bool(self.en)


class DealParts(NamedTuple):
    """What the club's statistics read of one deal (docs/club.md, the ``deals`` table),
    said by the game from the deal's file form: who declared what, of which kind, its
    height (``level * 10 + suit``, or the game's own order) and who whisted.

    A named tuple: one is made for every deal indexed (a rebuild makes one a deal ever
    played), and the club's row takes its parts at once."""

    declarer: str | None = None
    contract: str | None = None
    #: the kind of deal as the club's records count it ("contract", "misere", "allpass",
    #: "alone", "twist_round", ...), the game's own word
    kind: str = "deal"
    height: int | None = None
    whisters: tuple[str, ...] = ()


def _plain_parts(deal: JSONObject) -> DealParts:
    declarer = deal.get("declarer")
    return DealParts(declarer if isinstance(declarer, str) else None)


def _each_alone(players: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    return tuple((p,) for p in players)


def _no_count(state: object, rules: Rules) -> int | None:
    return None


def _level(height: int) -> str:
    return str(height // 10)


def _nobody_short(entries: Sequence[Entry]) -> tuple[str, ...]:
    return ()


class StatDeal(NamedTuple):
    """One deal of a player's game as his statistics read it (docs/club.md
    "Statistics"), from the archive's row of the deal: nothing is replayed."""

    #: the deal's file form (the game's "Deals (JSON)")
    deal: JSONObject
    #: the kind of deal and its height (:class:`DealParts`), made (1, 0 or None: the
    #: game's own words for the deal)
    kind: str
    height: int | None
    made: int | None
    #: the player, as his name is typed in this game, the game's seats, the deal's dealer
    me: str
    players: tuple[str, ...]
    dealer: str
    #: the whisters short of their tricks (:attr:`ClubFacts.short`)
    short: tuple[str, ...]
    #: what each player wrote of the game's own count in this deal (:attr:`ClubFacts.written`)
    written: Mapping[str, Union[int, Fraction]]


#: a player's statistics of one game kind as they are counted: a key of the game's
#: choosing -> a count (an int, or an exact sum)
Counts = dict[Any, Union[int, Fraction]]


def _nothing_written(entries: Sequence[Entry]) -> dict[str, Amount]:
    return {}


def _no_stats(deal: StatDeal, counts: Counts) -> None:
    return None


def _no_stats_json(counts: Counts, deals: int) -> JSONObject:
    return {}


def count(counts: Counts, key: Any, by: "int | Fraction" = 1) -> None:
    """Add ``by`` to ``counts[key]`` (a game's :attr:`ClubFacts.stats` counting)."""
    counts[key] = counts.get(key, 0) + by


def rate(part: "int | Fraction", whole: "int | Fraction") -> str | None:
    """``part / whole`` as the statistics print a rate or an average: a decimal string of
    two places, half a hundredth away from zero (``"0.40"``, ``"1.75"``); None when
    ``whole`` is 0 (nothing to divide)."""
    if not whole:
        return None
    q = Fraction(part) / Fraction(whole)
    value = Decimal(q.numerator) / Decimal(q.denominator)
    return str(value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def exact_text(value: "int | Fraction") -> str:
    """An exact count as ``settle --json`` writes it (``"52"``, ``"-61/3"``)."""
    q = Fraction(value)
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def contracts_json(counts: Counts, key: str = "contract") -> list[JSONObject]:
    """The contracts a player declared, by level and suit (``BID_SUITS``), lowest first:
    ``[{"level": 7, "suit": "S", "played": 6, "made": 5}]`` from the counts
    ``(key, height, "played" | "made")`` of :func:`bid_height` heights."""
    heights = sorted({k[1] for k in counts if isinstance(k, tuple) and k[0] == key})
    return [{"level": h // 10, "suit": BID_SUITS[h % 10],
             "played": counts.get((key, h, "played"), 0),
             "made": counts.get((key, h, "made"), 0)} for h in heights]


#: the order of the suits in a contract, lowest first (preferans.md and twist.md bidding)
BID_SUITS = ("S", "C", "D", "H", "NT")


def declarer_of(deal: JSONObject) -> str | None:
    """The declarer a deal's file form names (None: none named, or not as text), as the
    club's :class:`DealParts` takes him."""
    declarer = deal.get("declarer")
    return declarer if isinstance(declarer, str) else None


def bid_height(contract: object) -> int | None:
    """A bid contract's height for the club's records, level * 10 + suit in bidding
    order: ``8H`` -> 83, ``10NT`` -> 104; None for anything else (a misère, an all-pass).
    Preferans and Twist bid alike; each says so in its :class:`ClubFacts`."""
    if not isinstance(contract, str):
        return None
    height = _HEIGHTS.get(contract, -1)
    if height != -1:
        return height
    if len(_HEIGHTS) > 1000:  # a game's bids are a few dozen: this is never reached by them
        _HEIGHTS.clear()
    height = _HEIGHTS[contract] = _height(contract)
    return height


#: contract -> its height: the club asks it of every deal, of the same few bids
_HEIGHTS: dict[str, int | None] = {}


def _height(contract: str) -> int | None:
    digits = ""
    for c in contract:
        if not c.isdigit():
            break
        digits += c
    suit = contract[len(digits):]
    if not digits or suit not in BID_SUITS:
        return None
    return int(digits) * 10 + BID_SUITS.index(suit)


def bid_text(height: int) -> str:
    """:func:`bid_height` read back: 83 -> ``8H``."""
    return f"{height // 10}{BID_SUITS[height % 10]}"


class PlayDeal(NamedTuple):
    """One deal of a player's game as the lines of his play read it (club.md "A player's
    page"), from the archive's row: its declarer, kind, made (1, 0 or None), height, the
    whisters and those of them short of their tricks (:class:`DealParts`)."""

    declarer: str | None
    kind: str
    made: int | None
    height: int | None
    whisters: tuple[str, ...]
    short: tuple[str, ...]


@attrs.frozen
class PlayPart:
    """A line of a player's play beyond his contracts by level, declared by the game
    (:attr:`ClubFacts.play`): its key in the answer (``play``), the counts it shows in
    that order (the club's word ``play.KEY`` says them, ``{0}``, ``{1}``...) and which of
    them one deal adds 1 to for the player of the given spellings."""

    key: str
    counts: tuple[str, ...]
    adds: Callable[[PlayDeal, "set[str] | frozenset[str]"], Sequence[str]]


class RecordDeal(NamedTuple):
    """One deal as the club's records read it (the archive's ``deals`` row): its number,
    time, declarer (as typed), kind, made, height, what each player's balance moved
    (a JSON object of exact texts), its swing and its file form (read from the archive's
    ``deal_rows``)."""

    number: int
    at: str | None
    declarer: str | None
    kind: str
    made: int | None
    height: int | None
    moved: str
    swing: float
    deal: JSONObject


class RecordFound(NamedTuple):
    """One candidate for a record: the value compared (the highest holds the record, the
    first to reach it keeps it), the value as the answer writes it, the player (as typed;
    None: the game's, not one player's), the deal's number and date (None: the
    evening's)."""

    value: Any
    shown: Any
    player: str | None = None
    deal: int | None = None
    date: str | None = None


@attrs.frozen
class ClubRecord:
    """A record a game has beyond every game's (:attr:`ClubFacts.records`): its key
    (the club's word ``record.KEY`` names it) and how one evening's deals, in order, and
    the game's own count of it (``symbols``) give its candidates.  A ``tally`` record is
    how many candidates the period has, shown at the latest one."""

    key: str
    find: Callable[[Sequence[RecordDeal], "int | None"], "Iterator[RecordFound]"]
    tally: bool = False


def deal_date(at: str | None) -> str | None:
    """A deal's date (``YYYY-MM-DD``) of its time, as a record names it."""
    return at[:10] if at else None


def highest_made(key: str, text: Callable[[int], str] | None = None,
                 kinds: tuple[str, ...] = (), dated: bool = True) -> ClubRecord:
    """The record of the highest height made (of the deals of ``kinds``, or of every
    kind), shown by ``text`` (None: its level, ``height // 10``), dated by its deal
    (``dated``) or by its evening."""
    shown = _level if text is None else text

    def find(deals: Sequence[RecordDeal], own: int | None) -> Iterator[RecordFound]:
        for d in deals:
            if d.made == 1 and d.height is not None and (not kinds or d.kind in kinds):
                yield RecordFound(d.height, shown(d.height), d.declarer, d.number,
                                  deal_date(d.at) if dated else None)

    return ClubRecord(key, find)


def most_in_evening(key: str, counts: Callable[[RecordDeal], bool]) -> ClubRecord:
    """The record of the most deals one declarer had in one evening of those ``counts``
    takes, named by the last of them."""

    def find(deals: Sequence[RecordDeal], own: int | None) -> Iterator[RecordFound]:
        per: dict[str, list[int]] = {}
        for d in deals:
            if d.declarer is not None and counts(d):
                per.setdefault(d.declarer, []).append(d.number)
        for declarer, numbers in per.items():
            yield RecordFound(len(numbers), len(numbers), declarer, numbers[-1])

    return ClubRecord(key, find)


@attrs.frozen
class ClubFacts:
    """What the club archive asks a game (docs/club.md), so that the club names no game:
    the parts of a deal, which of the game's words for a deal's end mean made or failed,
    the sides that share a place, the game's own count kept with a game, its own records
    and the lines of a player's play, each with how it is counted.  A fifth game appears
    in the club through this table alone."""

    #: a deal's file form -> its parts
    parts: Callable[[JSONObject], DealParts] = _plain_parts
    #: label keys of ``describe_result`` that say the deal was made, or that it failed
    made: frozenset[str] = frozenset()
    failed: frozenset[str] = frozenset()
    #: a deal's entries -> the whisters who were short of their tricks
    short: Callable[[Sequence[Entry]], tuple[str, ...]] = _nobody_short
    #: the players -> the teams of places and ratings (whist's two sides)
    sides: Callable[[tuple[str, ...]], tuple[tuple[str, ...], ...]] = _each_alone
    #: (final state, rules) -> the game's own count kept with the game (``symbols``)
    symbols: Callable[[Any, Rules], int | None] = _no_count
    #: the club's records this game has beyond every game's (records.py finds every
    #: game's, and these through their own ``find``)
    records: tuple[ClubRecord, ...] = ()
    #: the lines of a player's play shown beyond his contracts by level
    play: tuple[PlayPart, ...] = ()
    #: a deal's entries -> what each player wrote in it of the game's own count (Preferans:
    #: the vists he wrote), kept in the deal's row for the statistics
    written: Callable[[Sequence[Entry]], dict[str, Amount]] = _nothing_written
    #: one deal of a player's game -> its counts added to ``counts`` (the game's keys)
    stats: Callable[[StatDeal, Counts], None] = _no_stats
    #: a player's counts and the deals of his games -> the game's part of his
    #: statistics (``club --player NAME --json`` under ``statistics``)
    stats_json: Callable[[Counts, int], JSONObject] = _no_stats_json
    #: (state, rules) -> each player's ``balance`` in seat order as counts of one
    #: denominator, and that denominator: ``balance[p_i] == counts[i] / denominator``,
    #: exactly (ints, or Fractions where the game's own numbers are).  The archive takes
    #: each deal's move from them (the difference of two deals' counts), with no
    #: Fraction made a player a deal; None: it counts each deal's ``balance``
    balance_counts: Callable[[Any, Rules], tuple[tuple[Amount, ...], int]] | None = None


@attrs.frozen
class NotationForm:
    """One form of a game's short notation with an example that the tests parse.

    Each game keeps one tuple of these; ``whistscore notation``, the game's docs page
    and the hint after an unreadable deal are all made from it, so they cannot drift.
    ``players`` names the seats the example is read with when they are not the
    game's ``notation_players``.
    """

    form: str
    example: str
    meaning: str
    players: tuple[str, ...] = ()


class DealContext(NamedTuple):
    """What a deal's scoring may know besides the state: who deals, who plays.

    A named tuple: one is made for every deal replayed.
    """

    number: int
    dealer: str
    players: tuple[str, ...]
    active: tuple[str, ...]
    rules: Rules
    #: False when the replay keeps no deal's entries (``settle``): a game then scores
    #: through its sums-only writer and only moves its state on
    keep: bool = True


class NextDeal(NamedTuple):
    """What the next deal must be, when the game has more to say than who deals it: one
    answer (issue 35; it was three hooks in three shapes), read by the command line's
    status line, the line drawn under the scorepad's sheet and the scorepad's form.

    ``said`` stands in the command line for "next: DEALER deals" (a twist round at its
    price, a dealer who sits out).  ``due`` names a deal the rules require (the page's
    ``data-due``, ``"twist_round"``); then ``drawn`` is its line under the sheet, ``form``
    its line above the form, and ``preset`` the field values the form starts from."""

    said: Label | None = None
    due: str | None = None
    drawn: Label | None = None
    form: Label | None = None
    preset: Mapping[str, Any] | None = None


@attrs.frozen(slots=True)
class Outcome(Generic[S]):
    """What one deal wrote and the state it left."""

    entries: tuple[Entry, ...]
    state: S


def _everyone(players: tuple[str, ...], dealer: str) -> tuple[str, ...]:
    return players


def _no_words(deal: object, outcome: object, ctx: DealContext) -> Words:
    return ""


def _nothing_next(state: object, dealer: str, players: tuple[str, ...],
                  rules: Rules) -> NextDeal | None:
    return None


def _no_restarts(entries: Sequence[Entry]) -> frozenset[str]:
    return frozenset()


def _no_tables(replay: object) -> list[Table]:
    return []


def _no_pairs(replay: object) -> dict[tuple[str, str], Fraction] | None:
    return None


def _no_drawing(replay: object) -> None:
    return None


def _no_description(deal: object, ctx: DealContext) -> Words:
    return ""


def _no_openings(players: tuple[str, ...],
                 rules: Rules) -> dict[tuple[str, str, str | None], Amount]:
    return {}


@attrs.frozen(kw_only=True, eq=False)
class GameType(Generic[D, S]):
    """One game: its deal type ``D``, its state ``S``, notation, rules, scoring and sheet.

    A declared table, not a class to subclass: each game package's ``game.py``
    makes one with :func:`whistscore.wiring.wired`, which names the function of each of
    the package's modules for each entry, and adds what only that game has
    (``attrs.evolve``); a game outside whistscore may write the table out,
    ``GameType[Deal, State](name=..., score=scoring.score, ...)``.  The entries are plain functions
    (a replay calls ``score`` and ``is_finished`` once a deal with no bound method in
    between), and mypy checks each against the signature below with the game's
    ``Deal`` and ``State``: a ``score`` that takes another deal or returns another
    state is an error before anything runs (tests/test_typing.py).  Compared by
    identity: one instance per game.
    """

    name: str
    title: str
    player_counts: tuple[int, ...]
    #: what the balances count (vist, point)
    unit: str
    rulebook: RuleBook
    #: the key of every rule that writes entries (``Entry.rule``); each is named in the
    #: game's catalogues (``rule.<key>``, and ``rule.<key>.source`` where it comes from)
    rule_texts: Collection[str]

    # -- deals: JSON and short notation -----------------------------------
    #: check a deal's shape and build the deal value; raise :class:`DealError` naming the
    #: field and value (the caller adds the deal's number); checks that need the game so
    #: far belong in ``score``
    deal_from_json: Callable[[Mapping[str, Any], tuple[str, ...], Rules], D]
    #: the deal as the game file writes it (key order is the file's order)
    deal_to_json: Callable[[D], JSONObject]
    #: one line of short notation; raise :class:`NotationError` (field ``notation`` for
    #: the whole line, else the part's own field)
    parse_notation: Callable[[str, tuple[str, ...], Rules], D]
    #: the deal back in short notation; ``parse_notation`` reads it back equal
    format_notation: Callable[[D, tuple[str, ...], Rules], str]

    # -- scoring ------------------------------------------------------------
    #: the state before the first deal
    initial_state: Callable[[tuple[str, ...], Rules], S]
    #: (state, deal, ctx) -> the entries the deal writes and the state after it (pure);
    #: raise :class:`DealError` when the deal cannot follow the state
    score: Callable[[S, D, DealContext], Outcome[S]]
    #: True once the game has ended and no deal may follow
    is_finished: Callable[[S], bool]
    #: (state, rules) -> each player's exact result in the game's unit; sums to zero
    balance: Callable[[S, Rules], dict[str, Fraction]]

    # -- the sheet ------------------------------------------------------------
    #: (state, rules) -> the ``sheet`` object of ``settle --json`` / ``show --json``
    sheet_json: Callable[[S, Rules], JSONObject]
    #: the score sheet as players draw it, for ``show`` and the workbook
    sheet_tables: Callable[[Played[S]], list[Table]]

    # -- optional: data --------------------------------------------------------
    #: the game's own words in every language: its catalogues (``locale/<lang>.mo`` beside
    #: its ``game.py``, :class:`whistscore.language.Catalogue`); None: only the core's words
    words: Catalogue | None = None
    #: the deal's fields for a tapped form (:class:`whistscore.fields.DealFields`)
    deal_fields: DealFields | None = None
    #: every form of the short notation, the first being the commonest deal
    notation_forms: tuple[NotationForm, ...] = ()
    #: the seats the notation examples are read with
    notation_players: tuple[str, ...] = ()
    #: what the club archive reads of the game's deals (club/facts.py asks this)
    club: ClubFacts = ClubFacts()
    #: the column of what one player writes on another that is said without its name
    #: ("writes 4 on Anna": Preferans' and Twist's vists); any other column written on a
    #: player is named after him
    written_on: str | None = None

    # -- optional hooks, each with a default that does nothing -------------------
    #: (players, dealer) -> who holds cards this deal (a sitting-out dealer left out)
    active_players: Callable[[tuple[str, ...], str], tuple[str, ...]] = _everyone
    #: the sheet as players draw it on paper, as data (:mod:`whistscore.paper`): the pulka,
    #: the marker's sheet, the pad; the scorepad draws it without asking which game it is.
    #: None (the default) shows the game's own ``sheet_tables``
    drawing: Callable[[Played[S]], Drawing] = _no_drawing
    #: (deal, ctx) -> what was played, as players say it ("Аня: 7♠; вист: Боря"), for the
    #: scorepad's list of deals (its short notation shown only on request)
    describe_deal: Callable[[D, DealContext], Words] = _no_description
    #: (deal, outcome, ctx) -> a few words on how the deal ended ("made", "down 2"), for
    #: the deals table: text, a Label or a Phrase (the workbook says it in its language)
    describe_result: Callable[[D, Outcome[S], DealContext], Words] = _no_words
    #: (state, dealer, players, rules) -> what the next deal must be beyond who deals it
    #: (a twist round at its price, a dealer who sits out), or None (:class:`NextDeal`)
    next_deal: Callable[[S, str, tuple[str, ...], Rules], NextDeal | None] = _nothing_next
    #: entries -> columns whose running values start again at 0 after a deal that wrote
    #: them (whist's trick score after a game is won), for the deal-by-deal sheet
    running_restarts: Callable[[Sequence[Entry]], frozenset[str]] = _no_restarts
    #: the steps that turn the sheet into balances as done on paper at the end of the
    #: game (Twist's remark - 10 x gora, then each pair); ``show`` prints them
    closing_tables: Callable[[Played[S]], list[Table]] = _no_tables
    #: what each player wins (+) from each other one, netted as on paper; None lets the
    #: workbook share each balance out evenly
    pairwise_settlement: Callable[[Played[S]],
                                  dict[tuple[str, str], Fraction] | None] = _no_pairs
    #: (players, rules) -> columns that do not start at 0, ``{(player, column, against):
    #: value}`` (twist's gora starts at the agreed size)
    opening_values: Callable[[tuple[str, ...], Rules],
                             dict[tuple[str, str, str | None], Amount]] = _no_openings


#: any registered kind of game (a ``GameType`` of any deal and state): what the renderers
#: and the pages take, as they serve every game alike ("a game" is a recorded :class:`Game`)
AnyKind = GameType[Any, Any]


class DealRecord(NamedTuple):
    """A deal as recorded: the game's deal value plus the journal's own fields (a named
    tuple: the file reader makes one a deal)."""

    deal: Any
    dealer: str | None = None
    note: str | None = None
    #: when it was recorded: local time with its UTC offset (ISO 8601 text), or None
    at: str | None = None
    #: the client's id for it (a phone's), unique in the file: a retry after a lost
    #: answer names the same id and records nothing twice
    id: str | None = None


@attrs.frozen
class Game:
    """A game as the file holds it: which game, who sits where, the rules, the deals.

    Immutable: adding or dropping a deal gives a new Game, so an invalid deal
    can never leave a half-changed game behind.
    """

    #: the game's rules; ``Any`` here because a file may hold any registered game
    kind: GameType[Any, Any]
    players: tuple[str, ...]
    rules: Rules
    deals: tuple[DealRecord, ...] = ()
    stake: Decimal | None = None
    currency: str | None = None
    title: str | None = None
    place: str | None = None
    #: when the players stopped before the game was finished (journal.md ``ended``):
    #: the game is settled as it stands and takes no more deals
    ended: str | None = None
    #: what the players settled on when it finished or was ended (journal.md ``result``),
    #: written by the one writer (:mod:`whistscore.recording`); the past, which a newer
    #: engine that settles otherwise shows beside it and never replaces silently
    result: "Result | None" = None
    #: when the game was made (journal.md ``created``): its date when no deal has ``at``
    created: str | None = None

    def with_deal(self, record: DealRecord) -> "Game":
        return attrs.evolve(self, deals=self.deals + (record,))

    def without_last(self) -> "Game":
        """The game without its last deal.

        :raises InputError: the game has no deal.
        """
        if not self.deals:
            raise InputError("the game has no deal to undo", field="deals", key="no_undo")
        return attrs.evolve(self, deals=self.deals[:-1])

    def notation(self, record: DealRecord) -> str:
        return self.kind.format_notation(record.deal, self.players, self.rules)

    def played_on(self) -> str | None:
        """The day the deals were recorded, or the range of days (``2026-11-30`` or
        ``2026-11-30 to 2026-12-01``), each in the local time it was written in;
        ``None`` when no deal carries its time."""
        days = sorted({record.at[:10] for record in self.deals if record.at is not None})
        if not days:
            return None
        return days[0] if len(days) == 1 else f"{days[0]} to {days[-1]}"

    def heading(self) -> str | None:
        """Title, place and the days played, as one line for the top of a sheet."""
        parts = [p for p in (self.title, self.place, self.played_on()) if p]
        return ", ".join(parts) if parts else None


@attrs.frozen
class Result:
    """A finished game's result as its file keeps it (journal.md ``result``): each
    player's exact balance and money as text, and the whistscore that computed them.
    Kept as text, so that what is written is what is read back, whatever reads it."""

    #: (player, exact balance as ``settle --json`` writes it), in seating order
    balance: tuple[tuple[str, str], ...]
    #: (player, money as a decimal string), or None when the game has no stake
    money: tuple[tuple[str, str], ...] | None
    #: "whistscore VERSION"
    by: str

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"balance": dict(self.balance)}
        if self.money is not None:
            out["money"] = dict(self.money)
        out["by"] = self.by
        return out

    def same(self, other: "Result | None") -> bool:
        """The same balances and money (whoever computed them)."""
        return other is not None and (self.balance, self.money) == (other.balance, other.money)

    def settled(self) -> dict[str, Any]:
        """The balances and money alone (``recomputed``'s shape in the club)."""
        out = self.to_json()
        del out["by"]
        return out


class DealResult(NamedTuple):
    """One deal as the replay scored it: its number, dealer, record, entries and context
    (a named tuple: a replay that keeps the entries makes one a deal)."""

    number: int
    dealer: str
    record: DealRecord
    outcome: Outcome[Any]
    context: DealContext
    #: each player's balance after this deal (only when asked for history)
    balance: dict[str, Fraction] | None = None

    @property
    def entries(self) -> tuple[Entry, ...]:
        return self.outcome.entries


class Played(Protocol[S_co]):
    """What a game's sheet reads of a replay (:class:`whistscore.replay.Replay` is one).

    A protocol, so that the games type their sheets without importing the replay,
    which imports them.
    """

    @property
    def game(self) -> Game: ...

    @property
    def results(self) -> tuple[DealResult, ...]: ...

    @property
    def state(self) -> S_co: ...

    def entries(self) -> Iterator[Entry]: ...

    def balance(self) -> dict[str, Fraction]: ...


def next_seat(players: Sequence[str], player: str) -> str:
    """The seat to the left of ``player``: who deals after him."""
    return players[(players.index(player) + 1) % len(players)]


def check_dealer(dealer: object, players: Sequence[str]) -> str:
    """A dealer named by a deal (a broken rotation at the table): one of the players.

    The file reader, a typed deal's ``--dealer`` and :func:`dealer_of` all check here.

    :raises DealError: ``dealer`` is not the name of one of ``players``.
    """
    if not isinstance(dealer, str) or dealer not in players:
        raise DealError(f"the dealer must be one of the players ({', '.join(players)})",
                        field="dealer", value=dealer, key="not_a_player", args=(dealer,))
    return dealer


def dealer_of(record: DealRecord, players: Sequence[str], due: str, number: int) -> str:
    """Who deals deal ``number``: the rotation's ``due`` dealer unless the record names
    another (a broken rotation at the table).

    The one home of the dealer rule: the replay, ``check`` and recording all ask here.

    :raises DealError: the record names a dealer who is not a player of the game.
    """
    dealer = record.dealer
    if dealer is None:
        return due
    try:
        return check_dealer(dealer, players)
    except DealError as exc:
        raise exc.located(deal=number) from None


@contextlib.contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector while a long game is built.

    Reading or replaying 100,000 deals makes millions of small objects that all
    stay alive; each full collection walks all of them, which made the cost
    grow faster than the number of deals.  Nothing built here forms cycles, so
    reference counting frees everything; the collector is resumed afterwards.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
