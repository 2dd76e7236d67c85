"""What every game module provides, and the game record it is played in.

A game module (``whistscore/games/<name>.py``) defines one subclass of
:class:`GameType` and nothing else needs to change to add a game: the journal,
the settlement, the renderers and the command line all speak to it through
this interface.  Scoring is pure: :meth:`GameType.score` takes a state and a
deal and returns the entries and the next state; it does no I/O and keeps no
hidden state, which is what makes undo ("drop the last deal and replay")
exact.
"""

from __future__ import annotations

import abc
import contextlib
import gc
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Iterator, Mapping, Protocol, Sequence, TypeVar, Union

import attrs

from .errors import DealError, InputError
from .layout import Label, Phrase, Table
from ._fast import fast_init
from .ledger import Amount, Entry
from .rules import RuleBook, Rules

if TYPE_CHECKING:
    from .fields import DealFields

__all__ = ["Cite", "Paper", "RuleText", "NotationForm", "DealContext", "Outcome", "GameType", "DealRecord",
           "DealResult", "Game", "Played", "JSONObject", "Words", "next_seat", "check_dealer",
           "dealer_of", "paused_gc"]

#: the game's deal value (each game's ``deals.py``)
D = TypeVar("D")
#: the game's state between deals (each game's ``scoring.py``)
S = TypeVar("S")
S_co = TypeVar("S_co", covariant=True)

#: a JSON object as the file and ``--json`` write it
JSONObject = dict[str, Any]
#: words for a table: plain text, a sheet label, or a phrase the workbook translates
Words = Union[str, Label, Phrase]


@attrs.frozen
class Cite:
    """Where a rule comes from, named as a reader knows the source, in English and Russian.

    ("the Preferans Code §3.8.7", "Кодекс преферанса, §3.8.7"): never a file name, because
    a player checking a number at the table looks the rule up in the book, not in our repo.
    Each game names its own sources in its ``rules.py``; docs/sources.md lists them all.
    """

    en: str = ""
    ru: str = ""

    def at(self, en: str, ru: str | None = None) -> "Cite":
        """The same source at a section: ``CODE.at("§3.8.7")``."""
        ru = en if ru is None else ru
        return Cite(f"{self.en}{' ' if en.startswith('§') else ', '}{en}",
                    f"{self.ru}{' ' if ru.startswith('§') else ', '}{ru}")

    def __add__(self, other: "Cite") -> "Cite":
        return Cite(f"{self.en}; {other.en}", f"{self.ru}; {other.ru}")

    def __bool__(self) -> bool:
        return bool(self.en or self.ru)

    def said(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en


def _cite(value: "Cite | str") -> Cite:
    return value if isinstance(value, Cite) else Cite(value, value)


@attrs.frozen
class Paper:
    """How the scorepad draws a game's sheet, as players draw it on paper.

    The game says it, so the drawing code never asks which game it is: ``form`` is
    ``"pulka"`` (a sector per player, bands from the centre out: ``columns`` are the inner
    and middle bands, then the vists on each opponent), ``"marker"`` (the whist marker's
    sheet, above and below the line), ``"pad"`` (a running total per deal) or ``"tables"``
    (the game's own ``sheet_tables``).  ``centre`` is the rule option whose value the pulka's
    centre circle holds, ``closes`` the option the middle band closes at (the pulya), with
    ``centre_sum`` the circle also shows the sum of the middle band; ``legend`` is the
    label key of the one-line legend under the drawing.
    """

    form: str = "tables"
    columns: tuple[str, ...] = ()
    centre: str = ""
    closes: str = ""
    centre_sum: bool = False
    legend: str = ""


@attrs.frozen
class RuleText:
    """A rule's name in English and Russian, and where it comes from (:class:`Cite`)."""

    en: str
    ru: str
    source: Cite = attrs.field(default=Cite(), converter=_cite)


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


@attrs.frozen(slots=True)
class DealContext:
    """What a deal's scoring may know besides the state: who deals, who plays."""

    number: int
    dealer: str
    players: tuple[str, ...]
    active: tuple[str, ...]
    rules: Rules
    #: False when the replay keeps no deal's entries (``settle``): a game may then
    #: leave them unwritten and only move its state on
    keep: bool = True


DealContext.__init__ = fast_init(DealContext)  # type: ignore[method-assign]


@attrs.frozen(slots=True)
class Outcome(Generic[S]):
    """What one deal wrote and the state it left."""

    entries: tuple[Entry, ...]
    state: S


Outcome.__init__ = fast_init(Outcome)  # type: ignore[method-assign]


class GameType(abc.ABC, Generic[D, S]):
    """One game: its deal type ``D``, its state ``S``, notation, rules, scoring and sheet.

    Each game is a package ``whistscore/games/<game>/`` with the same modules
    (``deals``, ``notation``, ``rules``, ``scoring``, ``sheet``, ``fields``, ``game``);
    its ``game.py`` subclasses this and only hands each method to its module.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    unit: ClassVar[str]
    rulebook: ClassVar[RuleBook]
    #: key -> RuleText for every rule that writes entries (``Entry.rule``)
    rule_texts: ClassVar[Mapping[str, RuleText]]
    #: extra sheet labels: key -> (English, Russian)
    labels: ClassVar[Mapping[str, tuple[str, str]]] = {}
    #: the deal's fields for a tapped form (:class:`whistscore.fields.DealFields`)
    deal_fields: ClassVar["DealFields | None"] = None
    #: every form of the short notation, the first being the commonest deal
    notation_forms: ClassVar[tuple[NotationForm, ...]] = ()
    #: the seats the notation examples are read with
    notation_players: ClassVar[tuple[str, ...]] = ()
    #: how the scorepad draws the sheet (web/draw.py reads this, never the game's name)
    paper: ClassVar[Paper] = Paper()

    # -- the drawn sheet -----------------------------------------------------
    def name_marks(self, state: S, seat: int) -> tuple[Any, ...]:
        """Symbols written after a player's name on the sheet (twist's nota), oldest first;
        each has ``kind``, ``written``, ``ended``, ``bars`` and ``text()``.  None by default."""
        return ()

    def due(self, state: S, rules: Rules) -> tuple[str, Label] | None:
        """What is due before the next deal, drawn under the sheet: a short key (the page's
        ``data-due``) and its words (a twist round at its price).  ``None`` when nothing."""
        return None

    # -- seats -------------------------------------------------------------
    def active_players(self, players: tuple[str, ...], dealer: str) -> tuple[str, ...]:
        """Players who hold cards this deal (a sitting-out dealer is left out)."""
        return players

    # -- deals: JSON and short notation -----------------------------------
    @abc.abstractmethod
    def deal_from_json(self, obj: Mapping[str, Any], players: tuple[str, ...], rules: Rules) -> D:
        """Check a deal's shape and build the game's deal value.

        Raise :class:`~whistscore.errors.DealError` naming the field and value;
        the caller adds the deal number.  Checks that need the game so far (who
        deals, what was played before) belong in :meth:`score`.

        :raises DealError: the deal's shape is wrong (the field and value named).
        """

    @abc.abstractmethod
    def deal_to_json(self, deal: D) -> JSONObject:
        """The deal as the game file writes it (key order is the file's order)."""

    @abc.abstractmethod
    def parse_notation(self, text: str, players: tuple[str, ...], rules: Rules) -> D:
        """Read one line of short notation.

        :raises NotationError: the line cannot be read (field ``notation`` for the whole
            line, else the part's own field).
        """

    @abc.abstractmethod
    def format_notation(self, deal: D, players: tuple[str, ...], rules: Rules) -> str:
        """Write the deal back in short notation; parse_notation reads it back equal."""

    def describe_deal(self, deal: D, ctx: DealContext) -> Words:
        """What was played, as players say it ("Аня: 7♠; вист: Боря"), for the scorepad's
        list of deals, whose short notation is shown only on request; nothing by default."""
        return ""

    def describe_result(self, deal: D, outcome: Outcome[S], ctx: DealContext) -> Words:
        """A few words on how the deal ended ("made", "down 2"), for the deals table:
        text, a :class:`~whistscore.layout.Label` or a :class:`~whistscore.layout.Phrase`,
        so the workbook can say it in the table's language."""
        return ""

    # -- scoring ------------------------------------------------------------
    @abc.abstractmethod
    def initial_state(self, players: tuple[str, ...], rules: Rules) -> S:
        """The state before the first deal."""

    @abc.abstractmethod
    def score(self, state: S, deal: D, ctx: DealContext) -> Outcome[S]:
        """Entries the deal writes and the state after it (pure).

        :raises DealError: the deal cannot follow the state (the caller adds its number).
        """

    @abc.abstractmethod
    def is_finished(self, state: S) -> bool:
        """True once the game has ended and no deal may follow."""

    @abc.abstractmethod
    def balance(self, state: S, rules: Rules) -> dict[str, Fraction]:
        """Each player's exact result in the game's unit; sums to zero."""

    @abc.abstractmethod
    def sheet_json(self, state: S, rules: Rules) -> JSONObject:
        """The ``sheet`` object of ``settle --json`` / ``show --json``."""

    @abc.abstractmethod
    def sheet_tables(self, replay: Played[S]) -> list[Table]:
        """The score sheet as players draw it, for ``show`` and the workbook."""

    def announce_next(self, state: S, dealer: str, players: tuple[str, ...],
                      rules: Rules) -> Label | None:
        """What the table must know before the next deal beyond who deals it (a twist
        round, a dealer who sits out), as a Label; ``None`` when nothing."""
        return None

    def running_restarts(self, entries: Sequence[Entry]) -> frozenset[str]:
        """Columns whose running values start again at 0 after a deal that wrote
        ``entries`` (whist's trick score after a game is won), for the deal-by-deal sheet."""
        return frozenset()

    def closing_tables(self, replay: Played[S]) -> list[Table]:
        """The steps that turn the sheet into balances, as they are done on paper at the
        end of the game (Twist's remark − 10 × gora, then each pair); ``show`` prints them."""
        return []

    def pairwise_settlement(self, replay: Played[S]) -> dict[tuple[str, str], Fraction] | None:
        """What each player wins (+) from each other one, netted as on paper.

        ``None`` (the default) lets the workbook share each balance out evenly.
        """
        return None

    def opening_values(self, players: tuple[str, ...],
                       rules: Rules) -> dict[tuple[str, str, str | None], Amount]:
        """Columns that do not start at 0, as ``{(player, column, against): value}``
        (twist's gora starts at the agreed size); the deal-by-deal sheet starts there."""
        return {}


@attrs.frozen(slots=True)
class DealRecord:
    """A deal as recorded: the game's deal value plus the journal's own fields."""

    deal: Any
    dealer: str | None = None
    note: str | None = None
    #: when it was recorded: local time with its UTC offset (ISO 8601 text), or None
    at: str | None = None


DealRecord.__init__ = fast_init(DealRecord)  # type: ignore[method-assign]


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

    def with_deal(self, record: DealRecord) -> "Game":
        return attrs.evolve(self, deals=self.deals + (record,))

    def without_last(self) -> "Game":
        """The game without its last deal.

        :raises InputError: the game has no deal.
        """
        if not self.deals:
            raise InputError("the game has no deal to undo", field="deals")
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


@attrs.frozen(slots=True)
class DealResult:
    """One deal as the replay scored it: its number, dealer, record, entries and context."""

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


DealResult.__init__ = fast_init(DealResult)  # type: ignore[method-assign]


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
                        field="dealer", value=dealer)
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
