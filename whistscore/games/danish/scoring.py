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
from operator import add
from typing import Any, Hashable, Mapping, NamedTuple

from ...errors import DealError
from ...game import DealContext, NextDeal, Outcome
from ...layout import Label
from ...ledger import FRACTIONS, Amount, Entries, plain_number, quotient
from ...rules import Rules
from .deals import LOW_BID, NEEDED, Deal
from .rules import NEGATIVES

__all__ = ["State", "initial_state", "score", "is_finished", "balance", "next_deal",
           "active_players", "contract_value"]


class State(NamedTuple):
    """Each player's running points, in seat order (a tuple: cheap to rebuild each deal)."""

    players: tuple[str, ...]
    points: tuple[Amount, ...]


#: what one deal pays: (declarer, partner (0 when alone), each other player), rule key, and
#: the detail: a label of the words in ``rules.LABELS`` (the "danish.d." block)
_Payment = tuple[tuple[Amount, Amount, Amount], str, Label]


def contract_value(bid: int, attachment: str | None, rules: Rules) -> int:
    """The points a bid is worth before overtricks, undertricks and alone."""
    return _value(bid, attachment, rules.values)


def _value(bid: int, attachment: str | None, values: Mapping[str, Any]) -> int:
    value: int = values["base"] << (bid - LOW_BID)
    if attachment is not None:
        value *= values["attachment_factor"]
    return value


def active_players(players: tuple[str, ...], dealer: str) -> tuple[str, ...]:
    """With five at the table the dealer deals and sits the deal out."""
    if len(players) == 5:
        seat = players.index(dealer)
        return players[:seat] + players[seat + 1:]
    return players


def initial_state(players: tuple[str, ...], rules: Rules) -> State:
    return State(players, (0,) * len(players))


#: the memo of :func:`score`: the rules of the game it last scored, and per distinct deal
#: by seats (see :func:`_paid`) what it paid each seat, whether all of it is whole, its rule
#: and detail
_memo: tuple[Rules | None, dict[Hashable, tuple[tuple[Amount, ...], bool, str, Label]]] = (
    None, {})
_MEMO_SIZE = 1 << 16


def score(state: State, deal: Deal, ctx: DealContext) -> Outcome[State]:
    """The points the deal pays and the running points after it.

    What a deal pays each seat depends on nothing but the deal, the rules, the seats and
    who sits out: an evening repeats the same few hundred deals, so each is worked out
    once per game (:func:`_paid`) and then only added; with the entries kept, the same
    detail label then serves every repeat (fewer objects for the collector).  When no
    entries are kept (``settle``) only the points move on.

    :raises DealError: the declarer or the partner deals this deal and sits out.
    """
    players = state.players
    pays, whole, rule, detail = _paid(deal, players, ctx)
    points = tuple(map(add, state.points, pays))
    if not whole:
        points = tuple(map(plain_number, points))
    # the state is made by tuple.__new__, without its Python-level __new__ (half the time)
    state = _new(State, (players, points))
    if not ctx.keep:
        return Outcome((), state)
    w = Entries(ctx.number)  # one entry per seat that plays (pairwise_settlement reads so)
    sitting = ctx.dealer if len(ctx.active) != len(players) else None
    for player, amount in zip(players, pays):
        if player != sitting:
            w.write(player, "points", amount, rule, detail)
    return Outcome(w.entries(), state)


_new = tuple.__new__


def _paid(deal: Deal, players: tuple[str, ...],
          ctx: DealContext) -> tuple[tuple[Amount, ...], bool, str, Label]:
    """:func:`_pay` once per distinct deal by seats under the same rules.

    What a deal pays each seat depends only on the rules and on the deal told by seats
    (declarer's, partner's, the sitting-out dealer's; the bid, tricks and attachment): no
    name is in an amount or a detail.  So the memo is keyed by seats and goes on from one
    game to the next under equal rules (compared once a game): a club's evenings repeat
    their deals whoever sits where.  A deal that names no player of the table is worked
    out each time (:func:`_pay` refuses it).  The memo is read whole, so a second game
    scored meanwhile in another thread under other rules replaces it and never mixes with
    it.
    """
    global _memo
    memo = _memo
    rules = ctx.rules
    if memo[0] is not rules:
        # equal rules pay the same: the memo goes on, now holding this game's rules
        memo = _memo = (rules, memo[1] if memo[0] == rules else {})
    declarer, partner = deal.declarer, deal.partner
    if declarer not in players or (partner is not None and partner not in players):
        return _worked(deal, players, ctx)
    key: Hashable = (deal.bid, deal.tricks, deal.attachment, len(players),
                     players.index(declarer),
                     -1 if partner is None else players.index(partner),
                     -1 if len(ctx.active) == len(players) else players.index(ctx.dealer))
    done = memo[1].get(key)
    if done is None:
        done = _worked(deal, players, ctx)
        if len(memo[1]) < _MEMO_SIZE:
            memo[1][key] = done
    return done


def _worked(deal: Deal, players: tuple[str, ...],
            ctx: DealContext) -> tuple[tuple[Amount, ...], bool, str, Label]:
    amounts, whole, rule, detail = _pay(deal, players, ctx)
    return tuple(amounts), whole, rule, detail


def _pay(deal: Deal, players: tuple[str, ...],
         ctx: DealContext) -> tuple[list[Amount], bool, str, Label]:
    """What the deal pays each seat (0 to a dealer who sits out), whether all of it is
    whole, the rule and the arithmetic in words (``settle`` works each distinct deal
    out once, so the words cost it nothing that counts)."""
    active = ctx.active
    declarer, partner = deal.declarer, deal.partner
    if declarer not in active:
        raise DealError(f"{declarer} deals this deal and sits out (five players)",
                        field="declarer", value=declarer, key="danish.sits_out", args=(declarer,))
    if partner is not None and partner not in active:
        raise DealError(f"{partner} deals this deal and sits out (five players)",
                        field="partner", value=partner, key="danish.sits_out", args=(partner,))
    values = ctx.rules.values
    bid = deal.bid
    if isinstance(bid, str):
        (mine, partners, others), rule, detail = _negative(bid, deal.tricks, values)
    else:
        (mine, partners, others), rule, detail = _positive(bid, deal, values)
    amounts = [others] * len(players)
    amounts[players.index(declarer)] = mine
    if partner is not None:
        amounts[players.index(partner)] = partners
    if len(active) != len(players):
        amounts[players.index(ctx.dealer)] = 0
    return amounts, others.__class__ is int, rule, detail


def _positive(bid: int, deal: Deal, values: Mapping[str, Any]) -> _Payment:
    value = _value(bid, deal.attachment, values)
    name = (Label("danish.d.bid_with", (bid, Label(f"danish.d.att.{deal.attachment}")))
            if deal.attachment else Label("danish.d.bid", (bid,)))
    diff = deal.tricks - bid
    made = diff >= 0
    a: int
    if made:
        times = 1 + diff if values["overtricks"] == "per-bid" else 1
        a = value * times
        words = (Label("danish.d.made_over", (name, value, diff, times, a)) if diff
                 else Label("danish.d.made", (name, value)))
    else:
        factor = values["failed_factor"]
        a = -value * factor * -diff
        words = Label("danish.d.down", (name, value, -diff, factor, -a))
    if deal.partner is not None:
        return (a, a, -a), ("made" if made else "failed"), words
    alone: int = values["alone_factor"]
    total = a * alone
    each = quotient(total, 3)
    words = Label("danish.d.alone", (words, alone, abs(total), abs(each)))
    return (total, 0, -each), ("alone_made" if made else "alone_failed"), words


def _negative(bid: str, tricks: int, values: Mapping[str, Any]) -> _Payment:
    v: int = values["nolo_values"][NEGATIVES.index(bid)]
    if tricks == NEEDED[bid]:
        return ((3 * v, 0, -v), "negative_made",
                Label("danish.d.negative_made", (Label(f"danish.d.neg.{bid}"), v)))
    factor: int = values["nolo_failed_factor"]
    each = v * factor
    return ((-3 * each, 0, each), "negative_failed",
            Label("danish.d.negative_lost", (Label(f"danish.d.neg.{bid}"), tricks, v, factor,
                                             each)))


def is_finished(state: State) -> bool:
    """Never: an evening of Danish ends when the table says so."""
    return False


def balance(state: State, rules: Rules) -> dict[str, Fraction]:
    """Each player's running points, each value's Fraction made once (ledger.Shared)."""
    return dict(zip(state.players, map(FRACTIONS.__getitem__, state.points)))


def next_deal(state: State, dealer: str, players: tuple[str, ...],
              rules: Rules) -> NextDeal | None:
    """The dealer of five sits the deal out: said with who deals."""
    if len(players) == 5:
        return NextDeal(said=Label("next.sits_out", (dealer,)))
    return None
