"""What the club archive reads of a Twist deal and game (docs/club.md; :class:`ClubFacts`).

The parts come from the deal's file form (twist.md "Deals (JSON)"); whether a deal
was made is what this game's own words for it say (``sheet.describe_result``); the
nota symbols of a game are those its sheet shows.
"""

from __future__ import annotations

from ...game import ClubFacts, DealParts, JSONObject, bid_height, bid_text, declarer_of
from ...rules import Rules
from .scoring import State

__all__ = ["CLUB"]


def parts(deal: JSONObject) -> DealParts:
    declarer = declarer_of(deal)
    if deal.get("twist_round"):
        return DealParts(None, None, "twist_round")
    for solo in ("bomb", "dil"):
        if solo in deal:
            return DealParts(declarer, f"{solo} {deal[solo]} {deal.get('value')}", solo)
    return DealParts(declarer, deal.get("contract"), "contract", bid_height(deal.get("contract")))


def symbols(state: State, rules: Rules) -> int:
    """The nota symbols written in the game: the sheet's ``nota`` of every column, one a
    mark (``sheet.sheet_json``), counted without writing the sheet."""
    return sum(len(state.marks(i)) for i in range(len(state.players)))


CLUB = ClubFacts(
    parts=parts,
    made=frozenset({"res.made", "res.made_over"}),
    failed=frozenset({"res.down", "res.caught", "res.lost_with", "res.lost",
                      "twist.res.failed_over", "twist.res.failed_under"}),
    symbols=symbols,
    height_text=bid_text,
    records=("highest_contract", "most_symbols", "best_twist_round"),
)
