"""The settlement shared by every game: exact balances, money, who pays whom.

Balances stay exact (``Fraction``: thirds are common with three players) until
the very end.  Money is balance x stake rounded to the stake's smallest unit by
the largest-remainder method, so the rounded amounts still sum to exactly zero
and nobody at the table pays a cent that nobody receives.
"""

from __future__ import annotations

import functools
import math
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence, TypeVar

import attrs

from .errors import InputError, WhistscoreError
from .ledger import Amount, json_number, plain_number

if TYPE_CHECKING:
    from .replay import Replay

__all__ = [
    "Transfer",
    "Settlement",
    "round_money",
    "make_transfers",
    "settle",
    "fraction_text",
    "json_number",
    "MAX_PLACES",
]

#: money (``Decimal``, once a stake is known) or the game's own unit (``Fraction``)
N = TypeVar("N", Decimal, Fraction)


def fraction_text(value: Amount) -> str:
    """An exact number as text ``Fraction(...)`` reads back: ``"20"``, ``"-61/3"``."""
    return str(plain_number(Fraction(value)))


@attrs.frozen
class Transfer:
    payer: str
    payee: str
    amount: Decimal | Fraction

    def to_json(self) -> dict[str, str]:
        amount = self.amount
        text = str(amount) if isinstance(amount, Decimal) else fraction_text(amount)
        return {"from": self.payer, "to": self.payee, "amount": text}


def round_money(balance: Mapping[str, Amount], stake: Decimal,
                places: int = 2) -> dict[str, Decimal]:
    """balance x stake in units of 10**-places, rounded so the amounts still sum to zero.

    Each amount is first rounded down; the units that leave over (as many as
    the fractional parts add up to) go one each to the largest fractional
    parts, ties to the earlier seat.

    Worked in whole numbers over one common denominator (every amount is
    ``N / D``): the same floors and the same order of the fractional parts as
    ``Fraction`` arithmetic per player gives, at a fifth of the cost (the club
    archive settles every game it indexes).

    :raises InputError: ``places`` is not a whole number 0..MAX_PLACES.
    :raises WhistscoreError: the balances do not sum to zero (a bug, never a user's doing).
    """
    _check_places(places)
    if not balance:
        return {}
    scale = 10 ** places
    ratios = {p: _ratio(b) for p, b in balance.items()}
    per_unit, per = _ratio(stake)  # any terms serve: only N // D and N % D are read
    common = math.lcm(*(d for _, d in ratios.values()))
    denominator = common * per
    numerator = per_unit * scale
    exact = {p: n * numerator * (common // d) for p, (n, d) in ratios.items()}  # / denominator
    if sum(exact.values()) != 0:
        raise WhistscoreError("balances do not sum to zero; refusing to settle")
    floors = {p: v // denominator for p, v in exact.items()}
    left = -sum(floors.values())
    if left:
        # stable: seat order on ties
        order = sorted(exact, key=lambda p: -(exact[p] % denominator))
        for p in order[:left]:
            floors[p] += 1
    quantum = Decimal(1).scaleb(-places)
    return {p: (Decimal(floors[p]) / scale).quantize(quantum) + 0 for p in balance}


def _ratio(value: Amount | Decimal) -> tuple[int, int]:
    """An exact amount as (numerator, denominator), the denominator positive."""
    if type(value) is int:
        return value, 1
    if type(value) is Decimal:  # a stake: its own digits, as Fraction reads them
        return value.as_integer_ratio()
    if type(value) is not Fraction:
        value = Fraction(value)
    return value.numerator, value.denominator


#: the most decimal places money is rounded to (a stake has at most 6)
MAX_PLACES = 8


def _check_places(places: object) -> None:
    if isinstance(places, bool) or not isinstance(places, int) or not 0 <= places <= MAX_PLACES:
        raise InputError(f"precision must be 0..{MAX_PLACES} decimal places", field="precision",
                         value=places if isinstance(places, int) else type(places).__name__,
                             key="precision", args=(MAX_PLACES,))


def make_transfers(amounts: Mapping[str, N],
                   order: Sequence[str] | None = None) -> tuple[Transfer, ...]:
    """Payments that settle ``amounts``: the largest debtor pays the largest creditor.

    Every payment closes at least one account, so there are at most N - 1.

    :raises WhistscoreError: the amounts do not sum to zero (a bug, never a user's doing).
    """
    order = list(order or amounts)
    seat = {p: i for i, p in enumerate(order)}
    left = {p: amounts[p] for p in order if amounts[p] != 0}
    transfers: list[Transfer] = []
    # ``left`` is in seat order, so the first of equal amounts that min and max return is
    # the earlier seat: the tie rule, without a key tuple per name (a name given twice in
    # ``order`` breaks that order, and then the seats are compared)
    by_amount = left.__getitem__
    in_seat_order = len(seat) == len(order)
    while left:
        if in_seat_order:
            debtor = min(left, key=by_amount)
            creditor = max(left, key=by_amount)
        else:
            debtor = min(left, key=lambda p: (left[p], seat[p]))
            creditor = max(left, key=lambda p: (left[p], -seat[p]))
        if left[debtor] >= 0 or left[creditor] <= 0:  # only possible if not summing to zero
            raise WhistscoreError("amounts do not sum to zero; cannot make transfers")
        paid = min(-left[debtor], left[creditor])
        transfers.append(Transfer(debtor, creditor, paid))
        for p, change in ((debtor, paid), (creditor, -paid)):
            left[p] += change
            if left[p] == 0:
                del left[p]
    return tuple(transfers)


@attrs.frozen
class Settlement:
    """The end of the evening: sheet, exact balances, money and transfers.

    ``source`` is the replay settled; the ``sheet`` (the game's ``sheet_json``) is made
    from it only when asked: ``settle`` without ``--json`` never prints it, and a long
    Twist game's nota takes longer to list than the whole settlement.
    """

    game: str
    players: tuple[str, ...]
    deals: int
    finished: bool
    unit: str
    source: Replay[Any] = attrs.field(eq=False, repr=False)
    balance: Mapping[str, Amount]
    stake: Decimal | None = None
    currency: str | None = None
    money: Mapping[str, Decimal] | None = None
    transfers: tuple[Transfer, ...] = ()

    @functools.cached_property
    def sheet(self) -> dict[str, Any]:
        """The ``sheet`` object of ``settle --json``, as the game writes it."""
        game = self.source.game
        return game.kind.sheet_json(self.source.state, game.rules)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "players": list(self.players),
            "deals": self.deals,
            "finished": self.finished,
            "unit": self.unit,
            "sheet": self.sheet,
            "balance": {p: fraction_text(b) for p, b in self.balance.items()},
        }
        if self.money is not None:
            out["money"] = {p: str(m) for p, m in self.money.items()}
        out["transfers"] = [t.to_json() for t in self.transfers]
        return out


def _exact(value: Amount) -> Fraction:
    """A balance as a Fraction (a game's balance already is one: kept, not copied)."""
    return value if type(value) is Fraction else Fraction(value)


def _sums_to_zero(values: Iterable[Fraction]) -> bool:
    """Whether exact numbers sum to zero; whole ones (the common case) summed as ints,
    not Fractions."""
    values = list(values)
    if all(v.denominator == 1 for v in values):
        return sum(v.numerator for v in values) == 0
    return sum(values) == 0


def settle(replay: Replay[Any], stake: Decimal | str | None = None,
           places: int = 2) -> Settlement:
    """Settle a replayed game; ``stake`` overrides the file's (money per unit).

    The arguments are checked as a file's would be: a Game (not yet replayed)
    or a negative, NaN or enormous stake is an :class:`InputError`, never a
    settlement with flipped signs or an endless computation.

    :raises InputError: ``replay`` is not a Replay (a Game must be replayed first), or
        ``places`` is not a whole number 0..MAX_PLACES.
    :raises RuleError: the stake is not a decimal number 0..1,000,000 with at most six
        decimal places.
    :raises WhistscoreError: the balances do not sum to zero (a bug in a game's scoring).
    """
    from .game import Game
    from .replay import Replay
    from .rules import parse_stake

    if not isinstance(replay, Replay):
        hint = " (replay it first: settle(replay(game)))" if isinstance(replay, Game) else ""
        raise InputError(f"settle takes a Replay{hint}", field="replay",
                         value=type(replay).__name__, key="library_type")
    _check_places(places)
    game = replay.game
    if stake is None:
        stake = game.stake
    if stake is not None:
        stake = parse_stake(stake)
    given = replay.balance()
    balance = {p: _exact(given.get(p, 0)) for p in game.players}
    if not _sums_to_zero(balance.values()):
        raise WhistscoreError("balances do not sum to zero (a bug in the game's scoring)")
    money = round_money(balance, stake, places) if stake is not None else None
    transfers = (make_transfers(money, game.players) if money is not None
                 else make_transfers(balance, game.players))
    return Settlement(
        game=game.kind.name,
        players=game.players,
        deals=len(game.deals),
        finished=replay.finished,
        unit=game.kind.unit,
        source=replay,
        balance={p: plain_number(b) for p, b in balance.items()},
        stake=stake,
        currency=game.currency,
        money=money,
        transfers=transfers,
    )


def as_recorded(s: Settlement, result: Any) -> Settlement:
    """``s`` with the balances and money the game file's ``result`` keeps (journal.md: the
    past does not move), and the transfers that settle them.  ``result`` is a
    :class:`whistscore.game.Result` of the same players."""
    balance = {p: plain_number(Fraction(b)) for p, b in result.balance}
    money = None if result.money is None else {p: Decimal(m) for p, m in result.money}
    if money is None and s.money is not None:  # a stake set after: the new money stands
        money = dict(s.money)
    transfers = (make_transfers(money, s.players) if money is not None
                 else make_transfers({p: _exact(b) for p, b in balance.items()}, s.players))
    return attrs.evolve(s, balance=balance, money=money, transfers=transfers)
