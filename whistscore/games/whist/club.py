"""What the club archive reads of a Whist deal (docs/club.md; :class:`ClubFacts`): no
declarer, a deal voided by a revoke, and the two sides that share a place."""

from __future__ import annotations

from typing import Any, Iterator, Sequence

from ...game import (ClubFacts, ClubRecord, Counts, DealParts, JSONObject, RecordDeal,
                     RecordFound, StatDeal, count, deal_date, rate)
from ...ledger import Amount
from ...rules import Rules

__all__ = ["CLUB"]


def parts(deal: JSONObject) -> DealParts:
    revoke = deal.get("revoke")
    void = isinstance(revoke, dict) and "tricks" not in deal
    return DealParts(None, None, "void" if void else "deal")


def sides(players: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """whist.md: players[0] and [2] are North-South, [1] and [3] East-West."""
    return (players[0], players[2]), (players[1], players[3])


def stats(d: StatDeal, counts: Counts) -> None:
    """One deal's part of a player's statistics (docs/club.md "Statistics", Whist): his
    side's deals, tricks and honours (whist.md: seats 1 and 3 are North-South)."""
    deal = d.deal
    seat = d.players.index(d.me) if d.me in d.players else -1
    side, other = ("NS", "EW") if seat % 2 == 0 else ("EW", "NS")
    revoke = deal.get("revoke")
    if isinstance(revoke, dict) and revoke.get("by") in (side, "both"):
        count(counts, ("revokes",))
    if d.kind == "void":
        count(counts, ("void",))
        return
    tricks = deal.get("tricks")
    if not isinstance(tricks, dict):
        return
    ours = tricks.get(side)
    if not isinstance(ours, int):
        theirs = tricks.get(other)
        ours = 13 - theirs if isinstance(theirs, int) else None
    if ours is None:
        return
    count(counts, ("deals",))
    count(counts, ("tricks",), ours)
    if ours >= 7:
        count(counts, ("won",))
    honours = deal.get("honours")
    if isinstance(honours, dict) and honours.get(side) in (3, 4):
        count(counts, ("honours", honours[side]))


def stats_json(counts: Counts, deals: int) -> JSONObject:
    played = counts.get(("deals",), 0)
    return {
        "deals_won": {"played": played, "won": counts.get(("won",), 0)},
        "tricks_per_deal": rate(counts.get(("tricks",), 0), played),
        "honours": {"three": counts.get(("honours", 3), 0),
                    "four": counts.get(("honours", 4), 0)},
        "revokes": counts.get(("revokes",), 0),
        "void": counts.get(("void",), 0),
    }


def balance_counts(state: Any, rules: Rules) -> tuple[tuple[Amount, ...], int]:
    """:func:`~.scoring.balance` in points, in seat order: North-South's net above the
    line for seats 1 and 3, its negation for East-West."""
    net = state.totals[0] - state.totals[1]
    if len(state.players) == 4:  # always, at whist: said at once
        return (net, -net, net, -net), 1
    return tuple([net if i % 2 == 0 else -net for i in range(len(state.players))]), 1


def _all_honours(deals: Sequence[RecordDeal], own: int | None) -> Iterator[RecordFound]:
    """The deals where one side held all four honours (counted over the period)."""
    for d in deals:
        if 4 in d.deal.get("honours", {}).values():
            yield RecordFound(1, 1, None, d.number, deal_date(d.at))


CLUB = ClubFacts(
    parts=parts,
    made=frozenset({"res.made", "res.made_over"}),
    failed=frozenset({"res.down", "res.caught", "res.lost_with", "res.lost"}),
    sides=sides,
    records=(ClubRecord("all_honours", _all_honours, tally=True),),
    stats=stats,
    stats_json=stats_json,
    balance_counts=balance_counts,
)
