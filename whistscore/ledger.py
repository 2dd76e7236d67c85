"""Sheet entries and their running totals.

Nothing on a score sheet is typed by hand: every number is an :class:`Entry`
written by one rule in one deal.  Keeping the deal and the rule on the entry is
what lets ``show --explain`` and the Excel comments answer "where does this
number come from?" at the end of the evening.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Any, Iterable, NamedTuple, Union

__all__ = ["Amount", "Label", "Phrase", "Words", "Entry", "Entries", "SumsOnly", "Totals",
           "Shared", "FRACTIONS", "plain_number", "json_number", "quotient", "format_amount"]

Amount = Union[int, Fraction]


def plain_number(value: Amount) -> Amount:
    """A Fraction that is whole becomes an int, so sheets show ``12`` not ``12/1``."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


class Shared(dict[Any, Fraction]):
    """Fractions made once and shared: ``shared[v]`` is ``Fraction(v)`` (``Fraction(*v)``
    for a (numerator, denominator) pair), made on the first ask.

    A replay with history counts every player's balance after every deal, and making a
    Fraction costs five times a dict lookup; a club's balances keep to a few hundred
    values (its 400 games of 50 deals: about a thousand distinct of 75,000), so each is
    made once.  A Fraction is immutable, so sharing one is safe.  Bounded: emptied when
    full.
    """

    __slots__ = ()
    #: the most values kept
    LIMIT = 1 << 12

    def __missing__(self, value: Any) -> Fraction:
        if len(self) >= self.LIMIT:
            self.clear()
        made = self[value] = Fraction(*value) if type(value) is tuple else Fraction(value)
        return made


#: the shared Fractions of whole numbers (and of any exact number)
FRACTIONS = Shared()


def json_number(value: Amount) -> int | str:
    """A sheet number for JSON: a number when whole, a string when fractional."""
    value = plain_number(value)
    return value if isinstance(value, int) else str(value)


def quotient(num: int, den: int) -> Amount:
    """num / den exactly: an int when it divides, else a Fraction (thirds, halves)."""
    q, r = divmod(num, den)
    return q if r == 0 else Fraction(num, den)


def format_amount(value: Amount, *, signed: bool = False) -> str:
    value = plain_number(value)
    text = str(value)
    if signed and value > 0:
        text = "+" + text
    return text


class Label(NamedTuple):
    """A piece of fixed text, said in a language by :func:`whistscore.i18n.text`.

    ``key`` names the words (a key of the core's catalogue or the game's, one text per
    language: docs/languages.md); ``args`` are formatted into them
    (``"vists on {0}"``), and may be labels themselves.  Player names are plain
    strings, never labels, so a player called "gora" is never translated.

    A named tuple, defined here at the bottom rather than in :mod:`whistscore.layout`
    (which re-exports it), because an :class:`Entry`'s detail is one: a game writes the
    arithmetic of every entry it keeps as a label, and a named tuple is made in a third
    of the time of a frozen attrs class (``tuple.__new__``: less than formatting the
    English text cost before).
    """

    key: str
    args: tuple[Any, ...] = ()


class Phrase(NamedTuple):
    """Labels (or plain text) said one after another: "made +1; twist round at 10".

    How a deal ended is told in a few such parts, each said on its own.
    """

    parts: tuple[Any, ...]
    sep: str = "; "


#: words as data: plain text, a sheet label, or a phrase the reader's language says (an
#: entry's detail, a table's cell, how a deal ended); ``""`` is nothing.  One type (issue
#: 35: it was also called ``Words``), re-exported by :mod:`whistscore.game`
Words = Union[str, Label, Phrase]


class Entry(NamedTuple):
    """One number written on the sheet.

    ``column`` is the game's column name (``pulya``, ``gora``, ``vists``,
    ``remark``, ``points``...).  ``against`` is the player (or side) a vist is
    written on; ``None`` for a player's own columns.  ``rule`` is a key of the
    game's rule catalogue (it names the rule and its seed section); ``detail``
    is the arithmetic as data, a :class:`Label` of the game's words
    (``Label("pref.d.tricks_times", (3, 4))``, said "3 tricks x 4" or
    "3 взятки × 4"), or ``""``.

    A named tuple rather than a frozen attrs class like the other values: a
    long evening writes ten entries a deal and an archive replays millions, and
    a tuple is built in half the time and is just as immutable.
    """

    deal: int
    player: str
    column: str
    amount: Amount
    against: str | None = None
    rule: str = ""
    detail: Words = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "player": self.player,
            "column": self.column,
            "amount": json_number(self.amount),
            "against": self.against,
            "rule": self.rule,
        }


_new_entry = tuple.__new__


class Entries:
    """The entries one deal writes, kept: what a game's rules write through when the replay
    keeps them (``show``).  :class:`SumsOnly` is the other writer of the same interface,
    for a replay that keeps none (``settle``, ``DealContext.keep`` False): the rules run
    the same way and only their sums go on.  (Twist and Preferans have writers of their
    own that also hold the sums; whist writes through these.)"""

    __slots__ = ("number", "written")
    #: whether entries are kept
    keep = True

    def __init__(self, number: int) -> None:
        self.number = number
        self.written: list[Entry] = []

    def write(self, player: str, column: str, amount: Amount, rule: str, detail: Words,
              against: str | None = None) -> None:
        # tuple.__new__ builds the named tuple without its Python-level __new__ (half the
        # time, and a replay that keeps the entries makes several a deal)
        self.written.append(_new_entry(Entry, (self.number, player, column, amount, against,
                                               rule, detail)))

    def entries(self) -> tuple[Entry, ...]:
        return tuple(self.written)


class SumsOnly(Entries):
    """:class:`Entries` that keeps none (a replay for the settlement)."""

    __slots__ = ()
    keep = False

    def write(self, player: str, column: str, amount: Amount, rule: str, detail: Words,
              against: str | None = None) -> None:
        pass

    def entries(self) -> tuple[Entry, ...]:
        return ()


class Totals:
    """Sums of entries by (player, column) and by (player, column, against).

    Games read their running pulya, gora or remark from here rather than
    keeping a second copy that could disagree with the sheet.
    """

    __slots__ = ("_own", "_against")

    def __init__(self) -> None:
        self._own: dict[tuple[str, str], Amount] = defaultdict(int)
        self._against: dict[tuple[str, str, str], Amount] = defaultdict(int)

    def add(self, entries: Iterable[Entry]) -> None:
        own = self._own
        against = self._against
        for e in entries:
            if e.against is None:
                own[e.player, e.column] += e.amount
            else:
                against[e.player, e.column, e.against] += e.amount

    def get(self, player: str, column: str, against: str | None = None) -> Amount:
        if against is None:
            return plain_number(self._own.get((player, column), 0))
        return plain_number(self._against.get((player, column, against), 0))

