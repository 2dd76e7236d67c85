"""Danish scoring: each deal is paid on the spot in points (spec danish.md, Scoring).

* value = base x 2^(bid - 7), x attachment_factor with an attachment;
* made: A = value x (1 + overtricks) (``overtricks = none``: A = value);
  failed: A = -value x failed_factor x undertricks;
* with a partner: declarer +A, partner +A, each defender -A;
* alone: declarer +alone_factor x A, the three others share it equally
  (each -alone_factor x A / 3; the seed's "alone = x 3" gives each -A);
* negative contract worth V per opponent: made, each other -V and the
  soloist +3V; failed, each other +V x nolo_failed_factor and the soloist
  -3V x nolo_failed_factor.

With five players the dealer sits out and scores nothing that deal.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from ...errors import DealError
from ...game import DealContext, Outcome
from ...layout import Label
from ...ledger import Amount, Entry, plain_number, quotient
from ...rules import Rules
from .deals import LOW_BID, NEEDED, Deal
from .rules import NEGATIVES

__all__ = ["State", "initial_state", "score", "is_finished", "balance", "announce_next",
           "active_players", "contract_value"]


class State(NamedTuple):
    """Each player's running points, in seat order (a tuple: cheap to rebuild each deal)."""

    players: tuple[str, ...]
    points: tuple[Amount, ...]


#: what one deal pays: (declarer, partner (0 when alone), each other player), rule key, words
_Payment = tuple[tuple[Amount, Amount, Amount], str, str]


def contract_value(bid: int, attachment: str | None, rules: Rules) -> int:
    """The points a bid is worth before overtricks, undertricks and alone."""
    value: int = rules["base"] << (bid - LOW_BID)
    if attachment is not None:
        value *= rules["attachment_factor"]
    return value


def active_players(players: tuple[str, ...], dealer: str) -> tuple[str, ...]:
    """With five at the table the dealer deals and sits the deal out."""
    if len(players) == 5:
        seat = players.index(dealer)
        return players[:seat] + players[seat + 1:]
    return players


def initial_state(players: tuple[str, ...], rules: Rules) -> State:
    return State(players, (0,) * len(players))


def score(state: State, deal: Deal, ctx: DealContext) -> Outcome[State]:
    """The points the deal pays and the running points after it.

    :raises DealError: the declarer or the partner deals this deal and sits out.
    """
    active = ctx.active
    declarer, partner = deal.declarer, deal.partner
    if declarer not in active:
        raise DealError(f"{declarer} deals this deal and sits out (five players)",
                        field="declarer", value=declarer)
    if partner is not None and partner not in active:
        raise DealError(f"{partner} deals this deal and sits out (five players)",
                        field="partner", value=partner)
    rules = ctx.rules
    bid = deal.bid
    if isinstance(bid, str):
        (mine, partners, others), rule, detail = _negative(bid, deal.tricks, rules)
    else:
        (mine, partners, others), rule, detail = _positive(bid, deal, rules)
    number = ctx.number
    sitting = ctx.dealer if len(active) != len(ctx.players) else None
    entries = []
    points: list[Amount] = []
    keep = ctx.keep  # False: nobody reads the entries (settle), only the points
    for player, total in zip(state.players, state.points):
        if player == declarer:
            amount = mine
        elif player == partner:
            amount = partners
        elif player == sitting:
            points.append(total)
            continue
        else:
            amount = others
        if keep:
            entries.append(Entry(number, player, "points", amount, None, rule, detail))
        points.append(total + amount)
    if others.__class__ is not int:
        points = [plain_number(t) for t in points]
    return Outcome(tuple(entries), State(state.players, tuple(points)))


def _positive(bid: int, deal: Deal, rules: Rules) -> _Payment:
    value = contract_value(bid, deal.attachment, rules)
    name = f"{bid} {deal.attachment}" if deal.attachment else str(bid)
    diff = deal.tricks - bid
    made = diff >= 0
    a: int
    if made:
        times = 1 + diff if rules["overtricks"] == "per-bid" else 1
        a = value * times
        words = (f"{name} = {value}, made +{diff}: {value} x {times} = {a}" if diff
                 else f"{name} = {value}, made")
    else:
        factor = rules["failed_factor"]
        a = -value * factor * -diff
        words = f"{name} = {value}, down {-diff}: {value} x {factor} x {-diff} = {-a}"
    if deal.partner is not None:
        return (a, a, -a), ("made" if made else "failed"), words
    alone: int = rules["alone_factor"]
    total = a * alone
    each = quotient(total, 3)
    detail = f"{words}; alone x {alone} = {abs(total)}, {abs(each)} from each of 3"
    return (total, 0, -each), ("alone_made" if made else "alone_failed"), detail


def _negative(bid: str, tricks: int, rules: Rules) -> _Payment:
    v: int = rules["nolo_values"][NEGATIVES.index(bid)]
    if tricks == NEEDED[bid]:
        return (3 * v, 0, -v), "negative_made", f"{bid} made: {v} from each of 3"
    factor: int = rules["nolo_failed_factor"]
    each = v * factor
    return ((-3 * each, 0, each), "negative_failed",
            f"{bid} lost ({tricks} trick{'' if tricks == 1 else 's'}): "
            f"{v} x {factor} = {each} to each of 3")


def is_finished(state: State) -> bool:
    """Never: an evening of Danish ends when the table says so."""
    return False


def balance(state: State, rules: Rules) -> dict[str, Fraction]:
    return {p: Fraction(t) for p, t in zip(state.players, state.points)}


def announce_next(state: State, dealer: str, players: tuple[str, ...],
                  rules: Rules) -> Label | None:
    if len(players) == 5:  # the dealer of five sits the deal out
        return Label("next.sits_out", (dealer,))
    return None
