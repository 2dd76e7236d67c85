"""What the club archive reads of a Danish whist deal (docs/club.md; :class:`ClubFacts`):
the bid and its attachment, alone or with a partner, its height by the bid."""

from __future__ import annotations

from typing import Any

from ...game import (ClubFacts, Counts, DealParts, JSONObject, StatDeal, count, declarer_of,
                     highest_made)
from ...ledger import Amount
from ...rules import Rules

__all__ = ["CLUB"]


def parts(deal: JSONObject) -> DealParts:
    declarer = declarer_of(deal)
    bid = deal.get("bid")
    contract = str(bid) + (f" {deal['attachment']}" if deal.get("attachment") else "")
    if isinstance(bid, int):
        return DealParts(declarer, contract, "contract" if deal.get("partner") else "alone",
                         bid * 10)
    return DealParts(declarer, contract, str(bid))


#: danish.md's negative contracts, in the order of their values
_NEGATIVE = ("solo", "nolo", "open_solo", "open_nolo")


def _made(key: tuple[object, ...], d: StatDeal, counts: Counts) -> None:
    count(counts, key + ("played",))
    if d.made == 1:
        count(counts, key + ("made",))


def stats(d: StatDeal, counts: Counts) -> None:
    """One deal's part of a player's statistics (docs/club.md "Statistics", Danish): his
    contracts with a partner and alone by bid, his negative contracts, the contracts he
    was called into as partner, and the attachments he bid."""
    deal, me = d.deal, d.me
    bid = deal.get("bid")
    if deal.get("declarer") == me:
        if isinstance(bid, int):
            _made(("contract" if d.kind == "contract" else "alone", bid), d, counts)
            if deal.get("attachment"):
                _made(("attachment", str(deal["attachment"])), d, counts)
        else:
            _made(("negative", str(bid)), d, counts)
    elif deal.get("partner") == me:
        _made(("partner",), d, counts)


def _by_bid(counts: Counts, key: str) -> list[JSONObject]:
    bids = sorted({k[1] for k in counts if k[0] == key})
    return [{"bid": b, "played": counts.get((key, b, "played"), 0),
             "made": counts.get((key, b, "made"), 0)} for b in bids]


def stats_json(counts: Counts, deals: int) -> JSONObject:
    negative = sorted({k[1] for k in counts if k[0] == "negative"},
                      key=lambda b: (_NEGATIVE.index(b) if b in _NEGATIVE else 9, b))
    return {
        "contracts": _by_bid(counts, "contract"),
        "alone": _by_bid(counts, "alone"),
        "negative": [{"bid": b, "played": counts.get(("negative", b, "played"), 0),
                      "made": counts.get(("negative", b, "made"), 0)} for b in negative],
        "attachments": _by_bid(counts, "attachment"),
        "partner": {k: counts.get(("partner", k), 0) for k in ("played", "made")},
    }


def balance_counts(state: Any, rules: Rules) -> tuple[tuple[Amount, ...], int]:
    """:func:`~.scoring.balance`: each player's running points, in seat order."""
    points: tuple[Amount, ...] = state.points  # a tuple already (scoring.State)
    return points, 1


CLUB = ClubFacts(
    parts=parts,
    made=frozenset({"res.made", "res.made_over"}),
    failed=frozenset({"res.down", "res.caught", "res.lost_with", "res.lost"}),
    records=(highest_made("highest_contract"),
             highest_made("highest_alone", kinds=("alone",), dated=False)),
    stats=stats,
    stats_json=stats_json,
    balance_counts=balance_counts,
)
