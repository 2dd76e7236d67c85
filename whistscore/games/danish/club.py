"""What the club archive reads of a Danish whist deal (docs/club.md; :class:`ClubFacts`):
the bid and its attachment, alone or with a partner, its height by the bid."""

from __future__ import annotations

from ...game import ClubFacts, DealParts, JSONObject, declarer_of

__all__ = ["CLUB"]


def parts(deal: JSONObject) -> DealParts:
    declarer = declarer_of(deal)
    bid = deal.get("bid")
    contract = str(bid) + (f" {deal['attachment']}" if deal.get("attachment") else "")
    if isinstance(bid, int):
        return DealParts(declarer, contract, "contract" if deal.get("partner") else "alone",
                         bid * 10)
    return DealParts(declarer, contract, str(bid))


CLUB = ClubFacts(
    parts=parts,
    made=frozenset({"res.made", "res.made_over"}),
    failed=frozenset({"res.down", "res.caught", "res.lost_with", "res.lost"}),
    records=("highest_contract", "highest_alone"),
)
